"""The `wildcard` preset (seed 003, "Wild-card Dou Dizhu"; RULES.md `wildcard` and "Variant details"): one random
wild rank after the auction, stand-ins, soft, natural and pure-wild bombs, x4 scoring. One test per sentence."""

from __future__ import annotations

from collections import Counter

import pytest

from game import rules as api
from game import wild
from game.actions import Pass, Play
from game.cards import RANKS
from game.combos import Reading, beats
from game.events import Doubled, LandlordChosen, Played, WildChosen
from game.kinds import Kind
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import CLASSIC, WILDCARD, get
from game.scoring import settle
from tests.kit.rules import bid_all, of_type, position, script

W = "wildcard"


def wild_table(hands: list[str], wild_rank: str, landlord: int = 0) -> Match:
    """A wildcard match in the playing phase with these hands and this wild rank."""
    match = position(hands, landlord=landlord, ruleset=W)
    match.hand.wild = wild_rank
    return match


# ----- "3 players; one deck. Each player starts with 17 cards. The landlord receives the bottom cards." -----------


def test_003_wildcard_three_players_one_deck_17_each_the_landlord_takes_the_bottom_cards():
    match = Match(W, seed=2)
    assert (match.players, len(match.deck)) == (3, 54)
    assert [len(h) for h in match.hand.hands] == [17, 17, 17] and len(match.hand.kitty) == 3
    kitty = set(match.hand.kitty)
    chosen = of_type(bid_all(match, [3]), LandlordChosen)[0]
    assert kitty <= set(match.hand.hands[chosen.seat]) and len(match.hand.hands[chosen.seat]) == 20


# ----- "Bid zero (pass), one, two or three, raising the current bid. Three ends the auction. If all pass, ..." -----


def test_003_wildcard_bids_as_classic_raising_three_ends_all_pass_first_bidder_at_one():
    match = Match(W, seed=5)
    assert match.bid_choices() == [0, 1, 2, 3]
    bid_all(match, [2])
    assert match.bid_choices() == [0, 3]
    match = Match(W, seed=5)
    first = match.hand.first_bidder
    chosen = of_type(bid_all(match, [0, 0, 0]), LandlordChosen)[0]
    assert (chosen.seat, chosen.bid, match.phase) == (first, 1, Phase.PLAYING)


# ----- "After bidding, a randomly selected rank becomes wild." -------------------------------------------------------


def test_003_wildcard_after_bidding_a_random_rank_becomes_wild_announced_and_observed():
    match = Match(W, seed=7)
    assert match.wild == "" and all(observe(match, s).wild == "" for s in range(3))  # hidden during the auction
    events = bid_all(match, [3])
    announced = of_type(events, WildChosen)
    assert len(announced) == 1 and announced[0].rank in RANKS[:13]
    assert events.index(announced[0]) == events.index(of_type(events, LandlordChosen)[0]) + 1
    assert match.wild == announced[0].rank and all(observe(match, s).wild == match.wild for s in range(3))
    assert observe(match, 1).to_bot_dict()["wild"] == match.wild


def test_003_wildcard_the_wild_rank_is_fixed_by_the_deal_and_spread_over_3_to_2():
    again = Match(W, seed=7)
    bid_all(again, [3])
    assert again.wild == wild.draw_rank(again.hand.deal_no)
    drawn = Counter(wild.draw_rank(deal) for deal in range(2600))
    assert set(drawn) == set(RANKS[:13])  # every rank 3..2, never a joker
    assert max(drawn.values()) < 260  # about 200 each


# ----- "A wild card played alone keeps its printed rank; it cannot become a joker." ---------------------------------


def test_003_wildcard_a_wild_card_alone_keeps_its_printed_rank():
    assert api.classify("7", W, wild="7") == [Reading(Kind.SINGLE, RANKS.index("7"), 1, 1)]
    assert api.check("7", "7=A", ruleset=W, wild="7").code == "wild_alone"
    assert "7=A" not in api.legal_moves("7", ruleset=W, wild="7")
    assert not api.beats("7", "8", W, wild="7")


def test_003_wildcard_a_wild_card_cannot_become_a_joker():
    assert api.check("B7", "B7=BB", ruleset=W, wild="7").code == "bad_reading"
    for move in api.legal_moves("BR7", ruleset=W, wild="7"):
        physical, _, ranks = move.partition("=")
        assert ranks.count("B") + ranks.count("R") in (0, physical.count("B") + physical.count("R"))
    assert api.classify("BR7=BRR", W, wild="7") == []


def test_rules_md_wildcard_wild_cards_played_only_together_keep_their_printed_rank():
    assert api.classify("77", W, wild="7") == [Reading(Kind.PAIR, RANKS.index("7"), 1, 2)]
    assert api.classify("777", W, wild="7")[0].kind is Kind.TRIPLE
    assert api.classify("77=AA", W, wild="7") == []
    assert api.legal_moves("77", last="66", ruleset=W, wild="7") == ["77", "pass"]
    assert api.legal_moves("77", last="88", ruleset=W, wild="7") == ["pass"]


def test_rules_md_wildcard_otherwise_a_wild_stands_for_any_non_joker_rank_allowed_there():
    assert api.classify("57=55", W, wild="7") == [Reading(Kind.PAIR, RANKS.index("5"), 1, 2)]
    assert api.classify("27=22", W, wild="7")[0].kind is Kind.PAIR  # a 2 is fine outside a run
    assert api.beats("27=22", "AA", W, wild="7")
    assert "34577=34567" in api.legal_moves("34577", ruleset=W, wild="7")


def test_rules_md_wildcard_never_a_2_or_a_joker_inside_a_consecutive_body():
    assert api.classify("TJQK7=TJQKA", W, wild="7")[0].kind is Kind.STRAIGHT
    assert api.classify("7JQKA=JQKA2", W, wild="7") == []
    assert api.classify("7JQKA=JQKAB", W, wild="7") == []
    moves = api.legal_moves("7JQKA", ruleset=W, wild="7")
    assert "7JQKA=TJQKA" in moves and "7JQKA=JQKA2" not in moves


# ----- "Bomb order is rocket, four identical wild cards, natural bomb, soft bomb." ---------------------------------


SOFT = Reading(Kind.BOMB, RANKS.index("A"), 4, 4, grade=-1)
NATURAL = Reading(Kind.BOMB, RANKS.index("3"), 4, 4)
PURE = Reading(Kind.BOMB, RANKS.index("3"), 4, 4, grade=1)
ROCKET = Reading(Kind.ROCKET, RANKS.index("R"), 2, 2)


def test_003_wildcard_bomb_order_rocket_pure_wild_natural_soft():
    order = [SOFT, NATURAL, PURE, ROCKET]
    for i, low in enumerate(order):
        for high in order[i + 1 :]:
            assert beats(high, low) and not beats(low, high)


def test_003_wildcard_bomb_classes_as_the_table_reads_them():
    assert api.classify("3333", W, wild="7")[0].grade == 0
    assert api.classify("7777", W, wild="7")[0] == Reading(Kind.BOMB, RANKS.index("7"), 4, 4, grade=1)
    assert api.classify("AAA7=AAAA", W, wild="7")[0] == SOFT
    assert api.beats("3333", "AAA7=AAAA", W, wild="7") and not api.beats("AAA7=AAAA", "3333", W, wild="7")
    assert api.beats("7777", "2222", W, wild="3") is False  # 7s are not wild here: a natural 7 bomb is lower
    assert api.beats("3333", "2222", W, wild="3")  # the four wild 3s: pure-wild beats every natural bomb
    assert api.beats("BR", "3333", W, wild="3")


def test_003_wildcard_answers_to_a_bomb_follow_the_bomb_order():
    assert api.legal_moves("3333", last="AAA7=AAAA", ruleset=W, wild="7") == ["3333", "pass"]
    assert api.legal_moves("AAA7", last="3333", ruleset=W, wild="7") == ["pass"]
    assert api.legal_moves("7777", last="2222", ruleset=W, wild="7") == ["7777", "pass"]
    assert api.legal_moves("4447", last="3337=3333", ruleset=W, wild="7") == ["4447=4444", "pass"]


def test_rules_md_wildcard_within_a_bomb_class_rank_decides():
    assert api.beats("KKK7=KKKK", "QQ77=QQQQ", W, wild="7")
    assert not api.beats("QQ77=QQQQ", "KKK7=KKKK", W, wild="7")
    assert api.beats("4444", "3333", W, wild="7")


# ----- "The landlord leads. Play a stronger combination of the same type and length, a legal bomb, or pass." -------


def test_003_wildcard_the_landlord_leads_and_answers_are_the_same_type_length_a_bomb_or_pass():
    match = wild_table(["34577QQ", "5678TKK", "JJJA"], "7")
    assert match.turn == 0
    events = script(match, ["34577=34567"])
    assert of_type(events, Played)[0].stands == "34567" and match.turn == 1
    follow = match.legal_moves()
    assert "5678T" not in follow and "pass" in follow  # 5-T is no straight; 6-T would be
    assert match.check(Play(1, "5678T")) is not None
    assert match.check(Pass(1)) is None


def test_003_wildcard_everyone_else_passing_gives_a_free_lead():
    match = wild_table(["377", "45", "69"], "7")
    script(match, ["37=33", "pass", "pass"])
    assert match.turn == 0 and match.hand.last is None


# ----- "Straights run from three to ace, with at least five cards. Pair runs ... triple runs ..." -----------------


def test_003_wildcard_runs_with_stand_ins_keep_their_lengths():
    assert api.classify("3457=34567", W, wild="7") == []  # four cards are no straight
    assert api.classify("334477=334455", W, wild="7")[0].kind is Kind.PAIR_RUN
    assert api.classify("33447=33444", W, wild="7")[0].kind is Kind.TRIPLE_PAIR
    assert api.classify("333447=333444", W, wild="7")[0].kind is Kind.AIRPLANE
    assert api.classify("3344=3344", W, wild="7") == []  # two pairs are no pair run


# ----- "Triple-plus-single, ... Pair wings have distinct ranks. Both jokers ... ; a four-with-attachments ..." -------


def test_003_wildcard_attachments_with_wild_cards_and_four_with_two_is_no_bomb():
    four = api.classify("5557BR", W, wild="7")
    assert [r.kind for r in four] == []  # both jokers cannot be the two singles
    four = api.classify("55573B", W, wild="7")
    assert [r.kind for r in four] == [Kind.FOUR_TWO_SINGLES]
    match = wild_table(["55573B9", "4", "6"], "7")
    events = script(match, ["35557B=35555B"])
    assert not of_type(events, Doubled)  # soft four-with-two is not a bomb
    assert api.classify("333444777=333444556", W, wild="7") == []  # wings of one pair and two singles


# ----- "The landlord wins by emptying their hand; the farmers win when any farmer empties theirs." ----------------


def test_003_wildcard_emptying_a_hand_with_a_stand_in_wins():
    match = wild_table(["5557", "34", "68"], "7", landlord=1)
    match.hand.turn = 0
    script(match, ["5557=5555"])
    assert match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert match.hand.winner == 0 and not match.hand.settlement.landlord_won


# ----- "In the wild-rank version, natural/pure-wild bombs and rockets multiply it by four. A spring doubles it; ..." --


@pytest.mark.parametrize(
    ("doublings", "multiplier"),
    [
        (("bomb",), 4),
        (("wild_bomb",), 4),
        (("rocket",), 4),
        (("soft_bomb",), 2),
        (("spring",), 2),
        (("reverse_spring",), 2),
        (("soft_bomb", "bomb", "rocket", "spring"), 64),
        (("wild_bomb",) * 5, 1024),
        (("bomb",) * 5 + ("soft_bomb",), 1024),  # 2048 capped
    ],
)
def test_003_wildcard_scoring_factors_with_exact_numbers(doublings, multiplier):
    settlement = settle(WILDCARD, 0, True, 3, doublings)
    assert settlement.multiplier == multiplier
    assert settlement.deltas == (2 * 3 * multiplier, -3 * multiplier, -3 * multiplier)
    assert sum(settlement.deltas) == 0


def test_003_wildcard_settlement_names_each_doubling_as_data():
    settlement = settle(WILDCARD, 1, False, 2, ("soft_bomb", "wild_bomb", "bomb", "rocket", "spring"))
    assert settlement.steps() == [("soft_bomb", 2), ("wild_bomb", 4), ("bomb", 4), ("rocket", 4), ("spring", 2)]
    assert settlement.uncapped == 256 and settlement.multiplier == 256
    assert settlement.lines()[1:6] == ["Soft bomb x2", "Pure-wild bomb x4", "Bomb x4", "Rocket x4", "Spring x2"]
    assert settlement.to_dict()["factors"] == [2, 4, 4, 4, 2]
    assert settle(CLASSIC, 0, True, 1, ("bomb", "rocket")).multiplier == 4  # classic keeps x2


def test_003_wildcard_multiplier_capped_at_1024():
    settlement = settle(WILDCARD, 0, True, 3, ("bomb",) * 6)
    assert (settlement.uncapped, settlement.multiplier) == (4096, 1024)
    assert "capped at x1024" in settlement.lines()


def test_003_wildcard_bombs_played_multiply_by_their_class():
    match = wild_table(["AAA7K", "33339", "7R"], "7")
    events = script(match, ["AAA7=AAAA"])
    assert [(e.reason, e.factor, e.multiplier) for e in of_type(events, Doubled)] == [("soft_bomb", 2, 2)]
    events = script(match, ["3333"])
    assert next((e.reason, e.factor, e.multiplier) for e in of_type(events, Doubled)) == ("bomb", 4, 8)


def test_003_wildcard_pure_wild_bomb_played_multiplies_by_four():
    match = wild_table(["7777K", "3", "4"], "7")
    events = script(match, ["7777"])
    assert next((e.reason, e.factor) for e in of_type(events, Doubled)) == ("wild_bomb", 4)


# ----- "The room starts with a five-minute deal limit and 40 seconds per turn." -----------------------------------


def test_003_wildcard_room_timers_and_the_rest_is_classic():
    rules = get(W)
    assert (rules.turn_seconds, rules.deal_seconds, rules.multiplier_cap) == (40.0, 300.0, 1024)
    assert (rules.kitty_size, rules.deck.extra_wild, rules.wild_rank, rules.swap_cards) == (3, 0, True, 0)


# ----- RULES.md: "When a selection has several readings the player chooses." -------------------------------------


def test_rules_md_wildcard_several_readings_each_offered_the_strongest_first_each_played_as_written():
    moves = api.legal_moves("5557", ruleset=W, wild="7")
    assert "5557=5555" in moves and "5557" in moves  # soft bomb, or triple 5 with a single 7
    assert [r.kind for r in api.classify("5557", W, wild="7")] == [Kind.BOMB, Kind.TRIPLE_SINGLE]
    straight = [r.top for r in api.classify("56787", W, wild="7")]  # 5-9 (7 for 9) or 4-8 (7 for 4)
    assert straight == sorted(straight, reverse=True) and len(straight) == 2
    match = wild_table(["5557K", "3", "4"], "7")
    events = script(match, ["5557=5555"])
    assert of_type(events, Played)[0].reading.kind is Kind.BOMB
    match = wild_table(["5557K", "3", "4"], "7")
    events = script(match, ["5557"])  # without "=": as written, the 7 a 7 (tests/test_wild_as_written.py)
    assert of_type(events, Played)[0].reading.kind is Kind.TRIPLE_SINGLE
    match = wild_table(["5557K", "3", "4"], "7")
    events = match.apply(Play(0, "5557", Kind.TRIPLE_SINGLE))
    assert of_type(events, Played)[0].stands == "5557" and not of_type(events, Doubled)


def test_rules_md_wildcard_following_with_a_bare_selection_takes_the_reading_that_answers():
    match = wild_table(["3", "5567", "89"], "7", landlord=1)
    match.hand.turn = 1
    assert match.check(Play(1, "5567=5555")).code == "bad_reading"  # the 6 is natural: only the 7 may change
    assert match.check(Play(1, "5567=5566")).code == "pair_run_short"  # a reading, but no combination
    match.apply(Play(1, "57=55"))
    assert match.hand.last.stands == "55" and match.hand.last.reading.kind is Kind.PAIR


def test_text_api_each_distinct_physical_reading_pair_once_and_no_stand_in_written_plain():
    moves = api.legal_moves("334577", ruleset=W, wild="7")
    assert len(moves) == len(set(moves))
    assert all(len(p) == len(r) for p, _, r in (m.partition("=") for m in moves if "=" in m))
    assert "34577=34567" in moves and "3457" not in moves and "77" in moves
    assert api.legal_moves("34567", ruleset=W) == api.legal_moves("34567", ruleset="classic")  # nothing wild yet


def test_text_api_bad_wild_arguments_are_refused_clearly():
    with pytest.raises(ValueError, match="cannot have the wild card"):
        api.legal_moves("345", ruleset=W, wild="B")
    with pytest.raises(ValueError, match="cannot have the wild card"):
        api.legal_moves("345", ruleset="classic", wild="7")
    assert api.check("34567", "34567=345Z7", ruleset=W, wild="7").code == "unknown_rank"


def test_each_wild_card_s_rank_for_the_table_s_tags():
    assert wild.stand_ins("34577", "34567", "7") == ["7", "6"]
    assert wild.stand_ins("555W", "5555", "W") == ["5"]
    assert wild.stand_ins("7777", "7777", "7") == ["7", "7", "7", "7"]
