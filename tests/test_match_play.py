"""Playing a hand through `Match.apply`: suits, bombs on the table, rounds and the end of a hand (000 §4-§16)."""

from __future__ import annotations

import pytest

from game import events as ev
from game.actions import Pass, Play
from game.cards import RANKS
from game.kinds import Kind
from game.match import Phase
from game.reasons import IllegalAction
from tests.kit.rules import act, of_type, position, script

FARMER_1, FARMER_2 = 1, 2


def ace_ids(match) -> list[int]:
    return [c.id for c in match.deck if c.char == "A"]


def refusal(match, action) -> str:
    with pytest.raises(IllegalAction) as refused:
        match.apply(action)
    return refused.value.rejection.code


# ----- §4 and §6 suits never matter -----------------------------------------------------------------------------


def test_s04_an_ace_of_another_suit_cannot_beat_an_ace():
    match = position(["A3", "A4", "56"])
    first, second = sorted(match.hand.hands[0])[-1], sorted(match.hand.hands[1])[-1]
    match.apply(Play(0, "A", cards=(first,)))
    assert match.deck[first].suit != match.deck[second].suit
    assert refusal(match, Play(1, "A", cards=(second,))) == "equal_not_higher"


def test_s06_a_pair_needs_no_matching_suits():
    match = position(["AA3", "44", "56"])
    cards = tuple(match.hand.hands[0][-2:])
    assert len({match.deck[c].suit for c in cards}) == 2
    played = of_type(match.apply(Play(0, "AA", cards=cards)), ev.Played)
    assert played[0].reading.kind is Kind.PAIR


def test_s06_cards_must_spell_the_move():
    match = position(["A3", "44", "56"])
    three = match.hand.hands[0][0]
    assert refusal(match, Play(0, "A", cards=(three,))) == "not_in_hand"


# ----- §13 bombs and the rocket on the table ------------------------------------------------------------------


def test_s13_a_bomb_beats_a_long_straight_on_the_table():
    match = position(["3456789TJQKAA", "2222K", "QQ"])
    act(match, 0, "3456789TJQKA")
    events = act(match, 1, "2222")
    assert of_type(events, ev.Played)[0].reading.kind is Kind.BOMB


def test_s13_nothing_beats_the_rocket_so_only_pass_remains():
    match = position(["BR3", "2222K", "QQ"])
    act(match, 0, "BR")
    assert match.legal_moves() == ["pass"]


def test_s13_playing_three_cards_of_a_four_is_a_triple_and_does_not_double():
    match = position(["77773", "44", "56"])
    events = act(match, 0, "777")
    assert of_type(events, ev.Played)[0].reading.kind is Kind.TRIPLE and not of_type(events, ev.Doubled)


def test_s13_separate_jokers_do_not_double():
    match = position(["B3", "R4", "56"])
    events = act(match, 0, "B") + act(match, 1, "R")
    assert not of_type(events, ev.Doubled) and match.multiplier == 1


# ----- §15 leading, passing and fresh rounds --------------------------------------------------------------------


def test_s15_landlord_may_lead_without_the_three():
    match = position(["3K", "44", "56"])
    assert of_type(act(match, 0, "K"), ev.Played)


def test_s15_turns_follow_seat_order():
    match = position(["TJQ", "345", "678"], landlord=1)
    turns = []
    for move in ["3", "6", "T"]:
        turns.append(match.turn)
        act(match, match.turn, move)
    assert turns == [1, 2, 0] and match.turn == 1


def test_s15_playing_out_of_turn_is_refused():
    match = position(["345", "678", "9TJ"])
    assert refusal(match, Play(1, "6")) == "not_your_turn"


def test_s15_a_follower_may_play_a_stronger_answer():
    match = position(["3K", "4A", "56"])
    act(match, 0, "K")
    assert of_type(act(match, 1, "A"), ev.Played)


def test_s15_a_follower_cannot_play_a_weaker_answer():
    match = position(["3K", "4A", "56"])
    act(match, 0, "K")
    assert refusal(match, Play(1, "4")) == "not_higher"


def test_s15_a_follower_may_pass_even_when_able_to_beat():
    match = position(["3K", "4A", "56"])
    act(match, 0, "K")
    assert of_type(act(match, 1, "pass"), ev.Passed) and match.turn == 2


def test_s15_a_player_with_a_free_lead_cannot_pass():
    match = position(["3K", "4A", "56"])
    assert refusal(match, Pass(0)) == "free_lead_pass"


def test_s15_free_lead_offers_no_pass_move():
    match = position(["3K", "4A", "56"])
    assert "pass" not in match.legal_moves()


def test_s15_following_offers_pass():
    match = position(["3K", "4A", "56"])
    act(match, 0, "3")
    assert match.legal_moves()[-1] == "pass"


def test_s15_one_pass_does_not_end_the_round():
    match = position(["3K", "4A", "56"])
    script(match, ["K", "pass"])
    assert match.hand.last.move == "K" and match.turn == 2


def test_s15_two_passes_in_succession_end_the_round():
    match = position(["3K", "4A", "56"])
    events = script(match, ["K", "pass", "pass"])
    assert of_type(events, ev.RoundWon) == [ev.RoundWon(0)]


def test_s15_the_last_player_to_play_leads_freely_after_two_passes():
    match = position(["33", "4A", "56K"])
    script(match, ["3", "A", "pass", "pass"])
    assert match.turn == 1 and match.hand.last is None


def test_s15_after_kk_and_two_passes_a_single_three_may_lead():
    match = position(["KK3", "44", "56"])
    script(match, ["KK", "pass", "pass"])
    assert of_type(act(match, 0, "3"), ev.Played)


def test_s15_the_winner_of_a_round_cannot_pass_its_free_lead():
    match = position(["KK3", "44", "56"])
    script(match, ["KK", "pass", "pass"])
    assert refusal(match, Pass(0)) == "free_lead_pass"


def test_s15_passing_once_does_not_exclude_a_player_from_the_round():
    match = position(["5T3", "KQ", "8J"])
    script(match, ["5", "pass", "8", "T"])
    assert of_type(act(match, 1, "K"), ev.Played)


def test_s15_a_play_between_passes_restarts_the_count():
    match = position(["5T3", "KQ", "8J"])
    events = script(match, ["5", "pass", "8", "pass"])
    assert not of_type(events, ev.RoundWon) and match.turn == 1 and match.hand.last.seat == 2


# ----- §16 farmer cooperation and the exact end of a hand -------------------------------------------------------


def test_s16_a_farmer_may_beat_the_partner():
    match = position(["3Q", "5K", "9A"])
    script(match, ["3", "5"])
    assert of_type(act(match, 2, "9"), ev.Played)


def test_s16_the_hand_ends_the_instant_a_hand_is_empty():
    match = position(["3Q", "5K", "A"])
    events = script(match, ["Q", "K", "A"])
    assert isinstance(events[-1], ev.HandOver)
    assert match.phase is Phase.HAND_OVER and match.hand.winner == 2


def test_s16_nobody_may_answer_the_final_play():
    match = position(["3", "5K", "9A"])
    act(match, 0, "3")
    assert refusal(match, Play(1, "5")) == "wrong_phase" and match.turn is None


def test_s16_no_moves_remain_after_the_hand_ends():
    match = position(["3", "5K", "9A"])
    act(match, 0, "3")
    assert match.legal_moves() == []


def test_s16_a_landlord_finish_wins_alone():
    match = position(["3", "5K", "9A"], landlord=0)
    settlement = of_type(act(match, 0, "3"), ev.HandOver)[0].settlement
    assert settlement.landlord_won and settlement.deltas[0] > 0 > max(settlement.deltas[1:])


def test_s16_either_farmer_finishing_wins_for_both():
    match = position(["3Q", "5", "9A2222"], landlord=0)
    settlement = of_type(script(match, ["3", "5"]), ev.HandOver)[0].settlement
    assert not settlement.landlord_won and settlement.deltas[2] == settlement.deltas[1] > 0


def test_s16_the_partner_wins_however_many_cards_it_still_holds():
    match = position(["3Q", "K789TJQ", "A"], landlord=0)
    settlement = of_type(script(match, ["Q", "pass", "A"]), ev.HandOver)[0].settlement
    assert settlement.deltas[1] > 0 and len(match.hand.hands[1]) == 7


# ----- §5, §8 and RULES.md: one play per turn, suits in straights, choosing a reading -----------------------------


def suited(match, ranks: str, suit: int) -> list[int]:
    return [next(c.id for c in match.deck if c.char == ch and c.suit == suit) for ch in ranks]


def test_s05_combination_cards_are_submitted_together_not_on_separate_turns():
    match = position(["3338", "44", "56"])
    act(match, 0, "333")
    assert refusal(match, Play(0, "8")) == "not_your_turn"


def test_s08_a_straight_may_mix_suits():
    match = position(["K", "Q", "J"])
    mixed = suited(match, "35", 1) + suited(match, "4", 2) + suited(match, "67", 3)
    match.hand.hands[0] += mixed
    played = of_type(match.apply(Play(0, "34567", cards=tuple(mixed))), ev.Played)
    assert played[0].reading.kind is Kind.STRAIGHT


def test_s08_a_same_suit_straight_has_no_extra_strength():
    match = position(["K", "Q", "J"])
    mixed = suited(match, "35", 1) + suited(match, "4", 2) + suited(match, "67", 3)
    flush = suited(match, "34567", 0)
    match.hand.hands[0] += mixed
    match.hand.hands[1] += flush
    match.apply(Play(0, "34567", cards=tuple(mixed)))
    assert refusal(match, Play(1, "34567", cards=tuple(flush))) == "equal_not_higher"


def test_rules_md_a_lead_with_several_readings_defaults_to_the_longest_body():
    match = position(["333444555666K", "Q", "J"])
    reading = of_type(act(match, 0, "333444555666"), ev.Played)[0].reading
    assert (reading.kind, reading.length) == (Kind.AIRPLANE, 4)


def test_rules_md_the_leader_may_choose_another_reading():
    match = position(["333444555666K", "Q", "J"])
    played = of_type(match.apply(Play(0, "333444555666", kind=Kind.AIRPLANE_SINGLES)), ev.Played)
    assert (played[0].reading.kind, played[0].reading.length) == (Kind.AIRPLANE_SINGLES, 3)


def test_rules_md_the_chosen_reading_is_what_the_next_player_must_answer():
    match = position(["333444555666K", "777888999TJQ", "J"])
    match.apply(Play(0, "333444555666", kind=Kind.AIRPLANE_SINGLES))
    assert match.legal_moves() == ["777888999TJQ", "pass"]


def test_rules_md_following_uses_the_reading_that_answers():
    match = position(["333444555TJQK", "666777888999", "J"])
    act(match, 0, "333444555TJQ")
    reading = of_type(act(match, 1, "666777888999"), ev.Played)[0].reading
    assert (reading.kind, reading.length, reading.top) == (Kind.AIRPLANE_SINGLES, 3, RANKS.index("9"))
