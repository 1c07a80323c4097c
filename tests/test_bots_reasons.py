"""Suggest's reasons are true or absent (000 §21, issue 12): each reason key is said in a position built for it and
its claim is checked there, and over random positions no reason claims what the full deal contradicts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import bots
from game.bots.endgame import PASS_EVIDENCE, _held_answer, evidence, sample_hands
from game.bots.evaluate import plan
from game.bots.levels import level_of
from game.bots.memory import can_beat
from game.bots.policy import breaks_bomb, decide, reading_of
from game.bots.reasons import MESSAGES, Suggestion
from game.bots.suggest import alternatives
from game.bots.table import Table, observation_from_dict, table_of
from game.cards import BIG_JOKER, RANK_INDEX, SMALL_JOKER, parse, subtract
from game.match import Match, Phase
from game.moves import follow_moves, legal
from game.observe import observe
from tests.kit.bots import BOMB_INTO_A_LOST_HAND, PUZZLES, proven_position, puzzle_table
from tests.kit.rules import step


def position(seat: int, hand: str, history: list[list[object]], sizes: list[int], **extra: object) -> Table:
    """A playing-phase table for `seat`, seat 0 the landlord unless `extra` says otherwise."""
    o = {"ruleset": "standard", "seat": seat, "landlord": 0, "hand": hand, "history": history, "kitty": ""}
    return table_of(observation_from_dict(o | {"hand_sizes": sizes} | extra, Phase.PLAYING))


def said(t: Table, level: str = "normal") -> Suggestion:
    return alternatives(t, level_of(level))[0]


def same_shape_tops(t: Table, move: str) -> list[int]:
    """The tops of the legal answers of the shape of `move` (a bomb's only beside other bombs)."""
    assert t.last is not None
    reading = reading_of(t, move)
    answers = (reading_of(t, m) for m in follow_moves(t.hand, t.last, t.rules))
    return [r.top for r in answers if (r.kind, r.length) == (reading.kind, reading.length)]


def cheaper_exists(t: Table, move: str) -> bool:
    """A legal answer of the same shape with a lower top."""
    return min(same_shape_tops(t, move)) < reading_of(t, move).top


def harder_answer(t: Table, move: str) -> bool:
    """A legal answer of the same shape with a higher top."""
    return max(same_shape_tops(t, move)) > reading_of(t, move).top


def test_every_reason_key_has_a_test_here() -> None:
    tested = {
        "wins_now",
        "within_allowance",
        "runs_out",
        "feeds_partner",
        "blocks_single",
        "avoids_short",
        "blocks_low",
        "sheds_weakest",
        "keeps_bomb",
        "cheapest",
        "takes_control",
        "retakes_lead",
        "pushes_high",
        "partner_winning",
        "saves_strength",
        "bomb_wins",
        "bomb_saves",
        "leads",
        "answers",
        "passes",
        "nothing_beats",
        "looks_ahead",
        "spares_bomb",
    }
    assert tested == set(MESSAGES)


def test_wins_now_plays_every_card_left() -> None:
    t = position(1, "55", [[0, "44"]], [15, 2, 17])
    s = said(t)
    assert (s.key, s.move) == ("wins_now", "55") and len(s.move) == sum(t.hand)


def test_within_allowance_leaves_no_more_than_the_allowance() -> None:
    """003 two-player: the farmer wins at or below its allowance of one card."""
    o = {"ruleset": "two-player", "seat": 1, "landlord": 0, "hand": "59", "history": [[0, "7"], [1, "8"], [0, "pass"]]}
    t = table_of(observation_from_dict(o | {"hand_sizes": [10, 2], "allowance": 1, "kitty": ""}, Phase.PLAYING))
    s = said(t)
    assert s.key == "within_allowance" and 2 - len(s.move) <= 1


def test_runs_out_nobody_can_beat_the_play_and_one_play_is_left() -> None:
    t = position(0, "3BR", [], [3, 17, 17])
    s = said(t)
    assert s.key == "runs_out" and s.params == {"play": "BR"}
    assert not can_beat(t, reading_of(t, s.move), t.enemies)
    assert plan(subtract(t.hand, parse(s.move))).plays == 1


def test_feeds_partner_names_the_partners_card_count() -> None:
    t = position(1, "38TTKKA", [[0, "4"], [1, "pass"], [2, "pass"]], [10, 7, 1])
    s = said(t)
    assert s.key == "feeds_partner" and s.params == {"cards": 1, "play": "3"} and t.sizes[2] == 1


def test_blocks_single_leads_no_single_against_one_card() -> None:
    t = position(2, "3477", [[2, "5"], [0, "pass"], [1, "pass"]], [1, 10, 4])  # the landlord answers next
    s = said(t)
    assert s.key == "blocks_single" and s.params["enemy"] == 0 and t.sizes[0] == 1 and len(s.move) > 1


def test_avoids_short_leads_a_shape_longer_than_the_enemy_holds() -> None:
    t = position(1, "34777", [[0, "5"], [1, "pass"], [2, "pass"]], [2, 5, 10])
    s = said(t)
    assert s.key == "avoids_short" and s.params["cards"] == t.sizes[0] == 2 and len(s.move) > 2


def test_blocks_low_plays_the_hardest_answer() -> None:
    t = position(1, "TK2", [[0, "9"]], [1, 3, 10])
    s = said(t)
    assert s.key == "blocks_low" and s.params["cards"] == 1
    assert reading_of(t, s.move).top == max(reading_of(t, m).top for m in follow_moves(t.hand, t.last, t.rules))


def test_sheds_weakest_leads_a_part_of_the_plan_with_no_weaker_one_of_its_shape() -> None:
    t = position(0, "3456789JJQQ22", [], [13, 17, 17])
    s = said(t)
    parts = plan(t.hand).parts
    assert s.key == "sheds_weakest" and s.move in {p.text for p in parts}
    picked = next(p for p in parts if p.text == s.move)
    assert not any(p.kind is picked.kind and p.length == picked.length and p.top < picked.top for p in parts)
    assert s.params["plays"] == plan(subtract(t.hand, parse(s.move))).plays


def test_keeps_bomb_the_rest_holds_the_bomb() -> None:
    t = position(0, "3579999", [], [7, 17, 17])
    s = said(t)
    assert s.key == "keeps_bomb" and subtract(t.hand, parse(s.move))[RANK_INDEX["9"]] == 4


def test_cheapest_is_said_only_when_no_lower_answer_of_the_shape_exists() -> None:
    t = position(1, "6JQKA", [[0, "5"]], [16, 5, 17])
    s = said(t)
    assert s.key == "cheapest" and not cheaper_exists(t, s.move)


def test_the_small_joker_on_a_7_is_not_called_the_cheapest_with_8_to_q_in_hand() -> None:
    """The issue's false reason: "the cheapest answer" for the small joker on a 7 while 8-9-10-J-Q are in hand."""
    t = position(1, "89TJQB", [[0, "7"]], [16, 6, 17])
    for s in alternatives(t, level_of("hard")):
        if s.key == "cheapest":
            assert not cheaper_exists(t, s.move)


def test_takes_control_nobody_can_beat_the_play() -> None:
    t = position(2, "4KR", [[0, "3"], [1, "5"]], [2, 10, 3])
    s = decide(t, level_of("normal"), random.Random(0))  # the rules of thumb: the search overrules them here
    assert s.key == "takes_control" and not can_beat(t, reading_of(t, s.move), t.enemies)


def test_retakes_lead_nothing_in_the_hand_is_safe() -> None:
    t = position(2, "TJQKA", [[1, "5"]], [17, 12, 5], landlord=2)
    s = said(t)
    assert s.key == "retakes_lead"
    assert all(can_beat(t, reading_of(t, p.text), t.enemies) for p in plan(t.hand).parts)


def test_pushes_high_the_landlord_answers_next() -> None:
    t = position(2, "356899JQKA2", [[0, "55"], [1, "77"], [2, "pass"], [0, "pass"], [1, "4"]], [18, 13, 11])
    s = said(t)
    assert s.key == "pushes_high" and t.next_seat(t.seat) == t.landlord and t.last_seat == 1


def test_partner_winning_the_last_play_is_the_partners() -> None:
    t = position(1, "TJQKA2678", [[0, "3"], [1, "pass"], [2, "9"], [0, "pass"]], [16, 9, 16])
    s = said(t)
    assert s.key == "partner_winning" and t.last_seat == 2 and t.allied(1, 2)


def test_saves_strength_passes_although_an_answer_exists() -> None:
    t = position(1, "346895555", [[0, "K"]], [16, 9, 17])
    s = said(t)
    assert (s.key, s.move) == ("saves_strength", "pass") and follow_moves(t.hand, t.last, t.rules)


def test_bomb_wins_the_rest_then_plays_out() -> None:
    t = position(1, "5555K", [[0, "QQ"]], [15, 5, 17])
    s = said(t)
    assert (s.key, s.move) == ("bomb_wins", "5555") and plan(subtract(t.hand, parse("5555"))).plays == 1


def test_bomb_saves_the_enemy_is_close_to_going_out() -> None:
    t = position(1, "335555789", [[0, "QQ"]], [2, 9, 10])
    s = said(t)
    assert s.key == "bomb_saves" and s.params["enemy"] == 0 and s.params["cards"] == t.sizes[0] == 2


@pytest.mark.parametrize(("history", "key"), [([], "leads"), ([[0, "5"]], "answers")])
def test_leads_and_answers_count_the_plays_left(history: list[list[object]], key: str) -> None:
    t = position(1 if history else 0, "3456789TJQKK22", history, [14, 14, 17])
    others = [s for s in alternatives(t, level_of("normal"))[1:] if s.key == key]
    assert others
    for s in others:
        assert s.params["plays"] == plan(subtract(t.hand, parse(s.move))).plays


def test_passes_is_offered_when_following() -> None:
    t = position(1, "346", [[0, "5"]], [14, 3, 17])
    assert any(s.key == "passes" and s.move == "pass" for s in alternatives(t, level_of("normal")))


def test_let_it_run_is_not_said_when_the_landlord_still_to_answer_can_beat_the_partner() -> None:
    """Issue 34: "let it run" was said of a partner's play the landlord, answering next, could beat. Holding 34K on
    the partner's 9 (no push above 8s, the K no sure winner) the farmer passes, and says only that it passes."""
    t = position(2, "34K", [[0, "3"], [1, "9"]], [16, 12, 3])
    s = decide(t, level_of("normal"), random.Random(0))
    assert (s.move, s.key) == ("pass", "passes") and can_beat(t, t.last, [t.landlord])


def test_a_beatable_lead_against_two_cards_is_not_called_the_hardest_to_beat() -> None:
    """Issue 34: "the hardest to beat" was said of a pair of 4s with the landlord on two cards. The rule still leads
    the pair (on two cards the landlord beats it only with a higher pair), but says it plainly."""
    t = position(
        1, "44789", [[0, "3"], [1, "pass"], [2, "pass"], [0, "5"], [1, "6"], [2, "pass"], [0, "pass"]], [2, 5, 9]
    )
    s = decide(t, level_of("normal"), random.Random(0))
    assert (s.move, s.key) == ("44", "leads") and can_beat(t, reading_of(t, "44"), [0])


def test_suggest_is_never_more_passive_than_the_tables_bot() -> None:
    """Issue 34: Suggest showed a pass where the bot in the player's seat would play. Deal 3008 of `normal` self-play,
    the landlord on four cards leading an 8: `hard`'s look-ahead passes, `normal` plays, so at a `normal` table the
    first suggestion is `normal`'s play; at a `hard` table it is `hard`'s pass."""
    history = [[2, "3"], [0, "4"], [1, "T"], [2, "J"], [0, "B"], [1, "pass"], [2, "R"], [0, "pass"], [1, "pass"]]
    history += [[2, "4666"], [0, "pass"], [1, "pass"], [2, "778899TT"], [0, "pass"], [1, "pass"], [2, "8"]]
    o = {"ruleset": "standard", "seat": 0, "landlord": 2, "hand": "336899TJQQQKKAA", "history": history}
    view = observation_from_dict(o | {"kitty": "37T", "hand_sizes": [15, 16, 4], "bids": [[2, 3]]}, Phase.PLAYING)
    own = bots.decide(view, "normal", random.Random(0))
    assert bots.decide(view, "hard", random.Random(0)) == "pass" != own
    assert bots.suggest(view, "normal")[0].move == own
    assert bots.suggest(view, "hard")[0].move == "pass"


def test_nothing_beats_there_is_no_legal_answer() -> None:
    t = position(1, "34", [[0, "2"]], [15, 2, 17])
    s = said(t)
    assert (s.key, s.move, s.params) == ("nothing_beats", "pass", {"last": "2"})
    assert not follow_moves(t.hand, t.last, t.rules)


def test_looks_ahead_reports_a_sampled_estimate_for_the_searched_move() -> None:
    """A hard end-game puzzle overruled by the search: the reason gives won and of as counts of sampled deals."""
    found = []
    for landlord, me, partner, winning in PUZZLES:
        s = said(puzzle_table(landlord, me, partner), "hard")
        if s.key == "looks_ahead":
            found.append(s)
            assert s.move == winning and s.params["play"] == winning
            assert 0 < s.params["won"] <= s.params["of"]
            assert s.params["of"] == level_of("hard").samples or s.params["won"] == s.params["of"]  # or a proof
            assert "about" in s.text and f"in {s.params['of']} sampled deals" in s.text
    assert found


def test_spares_bomb_keeps_a_bomb_that_won_fewer_than_half_the_sampled_deals() -> None:
    """`hard` passes where its bomb would lose as surely as passing: it keeps the bomb whole and says how few of the
    sampled deals the bomb won."""
    t = table_of(observation_from_dict(proven_position(*BOMB_INTO_A_LOST_HAND), Phase.PLAYING))
    s = said(t, "hard")
    assert s.key == "spares_bomb" and s.move == "pass"
    assert not contradictions_of_spares_bomb(t, s)
    assert s.text.startswith("Keeps the bomb: looking ahead, it won only about 0 in 10 sampled deals")


def test_sampled_deals_read_the_passes() -> None:
    """A farmer that passed the landlord's single K is dealt a card above it less often than chance would."""
    history = [[0, "K"], [1, "pass"], [2, "pass"], [0, "3"]]
    t = position(2, "33445566778", history, [12, 4, 11])
    seen = evidence(t)
    assert [(p.seat, p.top) for p in seen] == [(1, RANK_INDEX["K"])]
    rng = random.Random(1)
    read = sum(_held_answer(sample_hands(t, rng)[1], seen[0]) for _ in range(200))
    blind = sum(_held_answer(sample_hands(t, rng, ())[1], seen[0]) for _ in range(200))
    assert PASS_EVIDENCE < 1 and read < blind


# ----- property: no reason claims what the deal contradicts ------------------------------------------------------


def contradictions_of_spares_bomb(t: Table, s: Suggestion) -> list[str]:
    """A suggestion that keeps the bomb plays no bomb, breaks none, leaves one in the hand, and the bomb it keeps won
    fewer than half the sampled deals."""
    kept = s.move == "pass" or not (breaks_bomb(t, s.move) or reading_of(t, s.move).kind.is_bomb_like)
    rest = t.hand if s.move == "pass" else subtract(t.hand, parse(s.move))
    small, big = t.rules.rocket
    holds = any(n >= t.rules.bomb_sizes[0] for n in rest[:SMALL_JOKER]) or (
        rest[SMALL_JOKER] >= small and rest[BIG_JOKER] >= big
    )
    return [] if kept and holds and 0 <= 2 * s.params["won"] < s.params["of"] else ["spares_bomb"]


def contradictions(match: Match, s: Suggestion) -> list[str]:
    """What the full deal (every hand known) says against the suggestion's claim."""
    seat = match.turn
    assert seat is not None
    t = table_of(observe(match, seat))
    hands = [match.counts(x) for x in range(match.players)]
    wrong = []
    p = s.params
    if "enemy" in p and (t.allied(seat, p["enemy"]) or ("cards" in p and p["cards"] != t.sizes[p["enemy"]])):
        wrong.append("enemy")
    if s.key == "feeds_partner" and p["cards"] not in {t.sizes[x] for x in t.partners}:
        wrong.append("partner's cards")
    if s.key == "wins_now" and len(s.move) != sum(hands[seat]):
        wrong.append("wins_now")
    if s.key == "nothing_beats" and follow_moves(t.hand, t.last, t.rules):
        wrong.append("nothing_beats")
    if s.key == "partner_winning" and not (
        t.last_seat is not None and t.last_seat != seat and t.allied(seat, t.last_seat)
    ):
        wrong.append("partner_winning")
    still = t.last_seat is not None and t.landlord in t.between(seat, t.last_seat)  # the landlord answers after us
    if s.key == "partner_winning" and still and legal(hands[t.landlord], t.last, t.rules):
        wrong.append("partner_winning: the landlord, still to answer, beats the partner's play")
    if s.key == "blocks_low" and t.last is None and legal(hands[p["enemy"]], reading_of(t, s.move), t.rules):
        wrong.append("blocks_low: the enemy beats the lead called the hardest to beat")
    if s.key == "blocks_low" and t.last is not None and harder_answer(t, s.move):
        wrong.append("blocks_low: another answer is harder to beat")
    if s.key == "cheapest" and cheaper_exists(t, s.move):
        wrong.append("cheapest")
    if s.key in ("runs_out", "takes_control"):
        reading = reading_of(t, s.move)
        if any(m for x in t.enemies for m in legal(hands[x], reading, t.rules)):
            wrong.append(s.key)
    if s.key == "pushes_high" and t.next_seat(seat) != t.landlord:
        wrong.append("pushes_high")
    if "plays" in p and p["plays"] != plan(subtract(t.hand, parse(s.move)), t.rules).plays:
        wrong.append("plays")
    if s.key == "looks_ahead" and not 0 < p["won"] <= p["of"]:
        wrong.append("looks_ahead")
    if s.key == "spares_bomb":
        wrong += contradictions_of_spares_bomb(t, s)
    return wrong


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_property_no_reason_claims_what_the_deal_contradicts(deal: int, moves: int) -> None:
    match = Match("standard", seed=deal, first_deal=deal)
    rng = random.Random(deal)
    for _ in range(moves):
        if match.phase not in (Phase.BIDDING, Phase.PLAYING):
            break
        step(match, rng)
    if match.phase is not Phase.PLAYING:
        return
    for level in ("normal", "hard"):
        for s in alternatives(table_of(observe(match, match.turn)), level_of(level)):
            assert not contradictions(match, s), (s, s.text)
