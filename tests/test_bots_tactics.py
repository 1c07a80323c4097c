"""Bot tactics (issue 4): farmer teamwork, blocking a landlord about to go out, bombs, bids, explained
suggestions, and end-game puzzles with a known winning line that `hard` finds."""

from __future__ import annotations

import random
import sys
from dataclasses import replace

import pytest

from game import solver as exact
from game.actions import Bid, Pass, Play
from game.bots import bid, choose, decide, decide_bid, rollout
from game.bots.endgame import Solver, answered_as, answers, candidate_moves, open_plays, sample_hands, search
from game.bots.levels import level_of
from game.bots.policy import decide as decide_move
from game.bots.proof import prove
from game.bots.reasons import Suggestion
from game.bots.suggest import alternatives
from game.bots.table import Table, observation_from_dict, table_of
from game.bots.think import think
from game.cards import RANK_INDEX, RANKS, parse, render, subtract
from game.combos import classify
from game.kinds import Kind
from game.match import Match, Phase, deal_cards
from game.observe import observe
from game.rulesets import STANDARD
from tests.kit.bots import (
    BOMB_INTO_A_LOST_HAND,
    FARMER_LEADS_A_SINGLE,
    FARMER_LEADS_ITS_STRAIGHT,
    LANDLORD_LEADS_LOW,
    PUZZLES,
    obs,
    proven_position,
    puzzle_table,
)


def suggestions(o: dict) -> list[Suggestion]:
    return alternatives(table_of(observation_from_dict(o, Phase.PLAYING)), level_of(o["level"]))


def rule_of_thumb(o: dict) -> str:
    """The level's rules of thumb alone, without the end-game search that `normal` and `hard` run on top of them
    (the search may find another line on its sampled deals)."""
    t = table_of(observation_from_dict(o, Phase.PLAYING))
    return decide_move(t, level_of(o["level"]), random.Random(0)).move


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_farmer_leaves_partners_play_alone_once_the_landlord_passed(level: str) -> None:
    history = [[0, "3"], [1, "pass"], [2, "9"], [0, "pass"]]
    assert choose(obs(1, "TJQKA2678", history, [16, 9, 16], level)) == "pass"


def test_s16_farmer_does_not_overtake_partner_with_a_card_the_landlord_can_beat() -> None:
    history = [[0, "3"], [1, "8"]]
    assert choose(obs(2, "39JQ556677", history, [16, 16, 10])) == "pass"


def test_s16_farmer_overtakes_partner_when_the_landlord_on_two_cards_could_beat_it() -> None:
    history = [[0, "3"], [1, "5"]]
    assert rule_of_thumb(obs(2, "4KR", history, [2, 10, 3])) == "R"


@pytest.mark.parametrize("hand", ["3477", "347799JJ", "34TTQQ", "3459TTT"])
def test_s16_never_leads_a_single_the_landlord_on_one_card_can_take(hand: str) -> None:
    move = rule_of_thumb(obs(1, hand, [[0, "3"], [1, "pass"], [2, "pass"]], [1, len(hand), 10]))
    assert classify(parse(move), STANDARD)[0].kind is not Kind.SINGLE


def test_s16_with_only_singles_left_leads_the_one_the_landlord_on_one_card_cannot_beat() -> None:
    assert choose(obs(1, "3R", [[0, "4"], [1, "pass"], [2, "pass"]], [1, 2, 10])) == "R"


def test_s16_feeds_the_partner_on_one_card_the_lowest_single() -> None:
    assert choose(obs(1, "38TTKKA", [[0, "4"], [1, "pass"], [2, "pass"]], [10, 7, 1])) == "3"


def test_s16_blocks_the_landlord_on_one_card_with_the_hardest_single() -> None:
    assert choose(obs(1, "TK2", [[0, "9"]], [1, 3, 10])) == "2"


def test_s13_bombs_when_the_landlord_is_about_to_go_out() -> None:
    assert choose(obs(1, "335555789", [[0, "QQ"]], [2, 9, 10])) == "5555"


def test_s13_keeps_the_bomb_on_an_early_single() -> None:
    assert choose(obs(1, "346895555", [[0, "K"]], [16, 9, 17])) == "pass"


def test_s3_bids_three_with_a_monster_hand() -> None:
    assert bid({"ruleset": "standard", "seat": 0, "hand": "BR2222AAKKQQJJ345", "bids": []}) == 3


def test_s3_declines_a_weak_hand() -> None:
    assert bid({"ruleset": "standard", "seat": 0, "hand": "3345678TJQK34679T", "bids": []}) == 0


def test_s3_a_long_straight_with_one_two_is_worth_a_graded_bid() -> None:
    # Favoured as landlord (value 0.36): `hard` pre-empts with 3, `normal` bids 2 or 3 as the mixed grade falls.
    obs = {"ruleset": "standard", "seat": 0, "hand": "33456789TJQKA2456", "bids": []}
    assert bid(obs | {"level": "hard"}) == 3
    assert bid(obs) in (2, 3)


def test_s3_easy_opens_with_the_lowest_bid_where_hard_bids_three() -> None:
    obs = {"ruleset": "standard", "seat": 0, "hand": "33456789TJQKA2456", "bids": []}
    assert (bid(obs | {"level": "easy"}), bid(obs | {"level": "hard"})) == (1, 3)


def test_s3_outbids_a_lower_bid_with_a_favoured_hand() -> None:
    obs = {"ruleset": "standard", "seat": 1, "hand": "33456789TJQKA2456", "bids": [[0, 2]], "level": "hard"}
    assert bid(obs) == 3


def test_s21_suggestion_explains_keeping_the_bomb() -> None:
    first = suggestions(obs(0, "3579999", [], [7, 17, 17]))[0]
    assert (first.move, first.text) == ("3", "Keeps your bomb and leaves three plays.")


def test_s21_suggestion_explains_blocking_the_landlord_on_one_card() -> None:
    """Seat 2 leads with the landlord next: a single would let it go out. (From seat 1 the partner could still
    cover a single before the landlord answers, and the search may find that line.)"""
    first = suggestions(obs(2, "3477", [[2, "5"], [0, "pass"], [1, "pass"]], [1, 10, 4]))[0]
    assert (first.move, first.key, first.params) == ("77", "blocks_single", {"enemy": 0, "cards": 1, "play": "77"})
    assert first.text == "Seat 1 has one card: play 77, never a single it can take."


def test_s21_suggest_cycles_through_distinct_alternatives() -> None:
    found = suggestions(obs(0, "3456789TJQKK22", [], [14, 17, 17]))
    assert len(found) > 1
    assert len({s.move for s in found}) == len(found)


# ----- end-game puzzles: seat 0 is the landlord, whose hand the farmer knows from the kitty ------------


@pytest.mark.parametrize(("landlord", "me", "partner", "winning"), PUZZLES)
def test_puzzle_has_exactly_one_winning_lead(landlord: str, me: str, partner: str, winning: str) -> None:
    hands = (parse(landlord), parse(me), parse(partner))
    solver = Solver(STANDARD, 0, 10**6)
    wins = [m for m in candidate_moves(hands[1], None, STANDARD) if solver.after(hands, 1, None, 1, m)]
    assert wins == [winning]


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(("landlord", "me", "partner", "winning"), PUZZLES)
def test_the_searching_levels_find_the_winning_lead(
    landlord: str, me: str, partner: str, winning: str, level: str
) -> None:
    assert think(puzzle_table(landlord, me, partner), level_of(level), random.Random(0)).move == winning


def test_easy_plays_by_rules_of_thumb_alone() -> None:
    """Only `normal` and `hard` look ahead (docs/bots.md, Levels): easy leads its weakest card in the other two."""
    assert level_of("easy").search_nodes == 0
    for landlord, me, partner, winning in PUZZLES[1:]:
        assert think(puzzle_table(landlord, me, partner), level_of("easy"), random.Random(0)).move != winning


def test_out_of_budget_a_play_nobody_can_beat_costs_no_turn() -> None:
    """The landlord to lead 22, the rocket and a 3 against 45 and 67 wins (22 and the rocket keep the lead, the 3
    goes last), though its hand needs three plays to the farmers' two: the judgement of a position the search has
    no budget for counts only the plays an enemy can beat, and the last play."""
    hands = (parse("322BR"), parse("45"), parse("67"))
    assert open_plays(hands[0], hands[1:], STANDARD) == (3, 2)
    assert open_plays(hands[1], hands[:1], STANDARD) == (2, 0)
    assert Solver(STANDARD, 0, 0).wins(hands, 0, None, 0)
    assert Solver(STANDARD, 0, 10**5).wins(hands, 0, None, 0)


def test_search_is_deterministic_for_a_seed() -> None:
    table = puzzle_table("69TTA", "39JQ", "345")
    first = search(table, 2000, 6, random.Random(5), include="3")
    assert first == search(table, 2000, 6, random.Random(5), include="3")


def test_solver_stops_at_its_position_budget() -> None:
    """A full 20/17/17 deal is far too big to solve: the search must stop at 300 positions."""
    dealt, kitty, _, _ = deal_cards(STANDARD, 1)
    deck = STANDARD.deck.build()
    seats = (dealt[0] + kitty, dealt[1], dealt[2])
    hands = tuple(parse("".join(deck[c].char for c in ids)) for ids in seats)
    solver = Solver(STANDARD, 0, 300)
    solver.wins(hands, 0, None, 0)
    assert solver.nodes == 300


# ----- issue 12: blunders found at the table, rebuilt from their deal numbers (000 §2 deals the hands) -------------


def dealt(deal: int) -> tuple[list[str], str]:
    """The three 17-card hands and the kitty of standard deal `deal`, as rank strings."""
    hands, kitty, _, _ = deal_cards(STANDARD, deal)
    deck = STANDARD.deck.build()
    ranks = ["".join(sorted((deck[c].char for c in hand), key=RANKS.index)) for hand in hands]
    return ranks, "".join(deck[c].char for c in kitty)


def without(hand: str, cards: str) -> str:
    return render(subtract(parse(hand), parse(cards)))


# Deal #657407: seat 1 takes the kitty and holds 56789T, AA and 2; seat 2, a farmer, holds 4556688TJQKKKA2BR.
# Trick 1: the landlord's 33444, passed; trick 2: its 99, passed; trick 3: it leads a single 2.
ROCKET_DEAL = 657407
ROCKET_HISTORY = [[1, "33444"], [2, "pass"], [0, "pass"], [1, "99"], [2, "pass"], [0, "pass"], [1, "2"]]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s13_deal_657407_farmer_keeps_the_rocket_whole_on_a_single_2(level: str) -> None:
    """000 §13: the rocket is one play. Split on the landlord's early 2, the farmer had no answer to 56789T, AA, 2."""
    hands, kitty = dealt(ROCKET_DEAL)
    landlord = parse(hands[1] + kitty)
    assert all(landlord[RANK_INDEX[r]] for r in "56789TA2") and landlord[RANK_INDEX["A"]] == 2
    farmer = hands[2]
    assert farmer.endswith("A2BR")
    o = obs(2, farmer, ROCKET_HISTORY, [17, 20 - 8, 17], level) | {"landlord": 1, "kitty": kitty}
    move = choose(o)
    assert "B" not in move and "R" not in move


# Deal #50518194: seat 2 is the landlord (the kitty 6RK) and is down to TJQKA; seat 1, a farmer holding Q, 5, 7
# and 8 among its 14 cards, leads them one by one. Passing, the landlord never gets the lead back.
STRAIGHT_DEAL = 50518194


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(("single", "farmer_cards"), [("Q", 14), ("5", 13), ("7", 12), ("8", 11)])
def test_s15_deal_50518194_landlord_on_tjqka_fights_for_the_lead(level: str, single: str, farmer_cards: int) -> None:
    """000 §15: only the round's winner leads. A landlord whose last five cards are one straight that a bomb can
    beat cannot wait for a lead that never comes: it beats the farmer's single (with the ace, hardest to beat)."""
    hands, kitty = dealt(STRAIGHT_DEAL)
    assert sorted(kitty) == sorted("6KR") and all(r in hands[2] for r in "TJQKA") and all(r in hands[1] for r in "Q578")
    o = {
        "ruleset": "standard",
        "seat": 2,
        "landlord": 2,
        "hand": "TJQKA",
        "history": [[1, single]],
        "kitty": kitty,
        "hand_sizes": [17, farmer_cards - 1, 5],
        "level": level,
    }
    assert choose(o) == "A"
    first = suggestions(o)[0]
    assert (first.move, first.key) == ("A", "retakes_lead")


# ----- issue 12: teamwork (000 §16 farmers share the win) and control -----------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_feeds_a_partner_on_one_card(level: str) -> None:
    """The partner (seat 2) holds one card: lead the lowest single so it can go out over it."""
    move = choose(obs(1, "38TTKKA", [[0, "4"], [1, "pass"], [2, "pass"]], [10, 7, 1], level))
    assert move == "3"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_does_not_top_a_partners_winning_play(level: str) -> None:
    """The partner's 9 stands after the landlord passed: topping it with the ten or the ace only wastes a card."""
    move = choose(obs(1, "TJQKA2678", [[0, "3"], [1, "pass"], [2, "9"], [0, "pass"]], [16, 9, 16], level))
    assert move == "pass"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_pushes_a_high_single_in_front_of_the_landlord(level: str) -> None:
    """顶牌: the partner (seat 1) leads a 4 and the landlord (seat 0) answers after us: pass, and the landlord
    takes the round with a 5; push a ten to an ace instead, so it must spend a 2 or a joker."""
    history = [[0, "55"], [1, "77"], [2, "pass"], [0, "pass"], [1, "4"]]
    o = obs(2, "356899JQKA2", history, [18, 13, 11], level)
    move = choose(o)
    assert move in ("T", "J", "Q", "K", "A")
    first = suggestions(o)[0]
    assert first.key == "pushes_high" and first.move == move


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_pushes_a_high_pair_in_front_of_the_landlord(level: str) -> None:
    """顶牌 with pairs: the partner (seat 1) leads 44 and the landlord answers after us: push QQ (not KK or AA, which
    the hand misses more), so the landlord must spend AA or 22 to win the round instead of any pair above 4s."""
    history = [[0, "55"], [1, "77"], [2, "pass"], [0, "pass"], [1, "44"]]
    o = obs(2, "3568QQKA2", history, [18, 12, 9], level)
    assert choose(o) == "QQ"
    assert suggestions(o)[0].key == "pushes_high"


def test_s16_teamwork_no_push_when_the_landlord_already_answered() -> None:
    """With the landlord between the partner and us (it passed the partner's 4), the 4 holds: no push."""
    history = [[0, "55"], [1, "pass"], [2, "77"], [0, "pass"], [1, "pass"], [2, "4"], [0, "pass"]]
    assert choose(obs(1, "356899JQKA2", history, [18, 11, 13])) == "pass"


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("hand", ["3336778899TJQQAA2", "3344556779TJQQKA2"])
def test_s16_teamwork_the_landlords_next_seat_keeps_its_2_for_the_partner_to_answer(level: str, hand: str) -> None:
    """The landlord (seat 0) leads a K; the farmer after it (seat 1) could top it with its 2, or with an ace it
    keeps in a pair or a run. It passes: the partner behind answers too, and the 2 stays to top the landlord."""
    o = obs(1, hand, [[0, "K"]], [19, 17, 17], level)
    assert choose(o) == "pass"
    assert suggestions(o)[0].key == "saves_strength"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_the_last_farmer_to_answer_spends_its_2(level: str) -> None:
    """The same hand as the last farmer to answer the landlord's K (its partner passed): nobody behind it can."""
    assert choose(obs(2, "3336778899TJQQAA2", [[0, "K"], [1, "pass"]], [19, 17, 17], level)) == "2"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_a_2_that_is_the_cheapest_answer_is_played(level: str) -> None:
    """With no lower single above the K the 2 is the cheapest answer, and the farmer after the landlord plays it."""
    assert choose(obs(1, "44466778899TJQKK2", [[0, "K"]], [19, 17, 17], level)) == "2"


# Every rank has been seen, so no bomb is left and the big joker is the one card the landlord cannot beat.
NO_BOMB_LEFT = [[0, "3"], [1, "T"], [2, "K"], [0, "A"], [1, "2"], [2, "pass"], [0, "pass"]]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_keeps_the_big_joker_for_the_landlords_answer(level: str) -> None:
    """The partner's 9 could be topped by the landlord (seat 0), who answers after us. Overtaking it with the big
    joker wins the round but spends the top card; passed, the round comes back to us after the landlord's answer,
    and the joker then tops whatever 2 or small joker the landlord spent."""
    o = obs(2, "344556677889JQQR", [*NO_BOMB_LEFT, [1, "9"]], [18, 14, 16], level)
    assert choose(o) == "pass"
    assert suggestions(o)[0].key == "passes"  # not "let it run": the landlord, answering next, may beat the 9


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_teamwork_pushes_rather_than_overtakes_with_the_big_joker(level: str) -> None:
    """On the partner's 4 a push (顶牌) makes the landlord spend a 2 or a joker; the big joker would spend ours."""
    o = obs(2, "5566789TJQQKKAAR", [*NO_BOMB_LEFT, [1, "4"]], [18, 14, 16], level)
    assert choose(o) in ("T", "J", "Q", "K", "A")
    assert suggestions(o)[0].key == "pushes_high"


def test_s16_teamwork_overtakes_with_the_big_joker_when_the_landlord_is_about_to_go_out() -> None:
    o = obs(2, "344556677889JQQR", [*NO_BOMB_LEFT, [1, "9"]], [2, 14, 16])
    assert rule_of_thumb(o) == "R"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s13_control_keeps_a_bomb_whole_for_a_single(level: str) -> None:
    """A farmer with 5555 and no other five answers the landlord's 4 with anything but a card of its bomb."""
    move = choose(obs(1, "35555789JQ", [[0, "4"]], [16, 10, 17], level))
    assert "5" not in move or move == "5555"
    assert move != "5555"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s13_control_splits_nothing_when_the_rest_does_not_run_out(level: str) -> None:
    """Nothing but the jokers beats the landlord's 2: keeping the rocket whole means passing."""
    assert choose(obs(1, "3579JQKBR", [[0, "2"]], [16, 9, 17], level)) == "pass"


def read_as_bid(t: Table, seat: int, reading: bool) -> int:
    """Of 300 deals sampled reading the auction (or not), how many give `seat` a hand that, as dealt, would have
    answered it as the seat did."""
    rng = random.Random(3)
    answer = next(a for a in answers(t) if a.seat == seat)
    sampled = t if reading else replace(t, auction=())
    return sum(answered_as(answer, sample_hands(sampled, rng, ())[seat], t.rules) == 1 for _ in range(300))


def test_s3_sampled_deals_read_the_landlords_bid_of_three() -> None:
    """A bid of 3 says the landlord's hand as dealt was strong: the deals a farmer samples give it a hand that would
    have bid 3 more often than deals that ignore the auction, here after it has played 33 and 44."""
    history = [[0, "33"], [1, "pass"], [2, "pass"], [0, "44"], [1, "pass"], [2, "pass"]]
    o = obs(1, "356789TJQKA2", history, [16, 12, 17], kitty="5TQ", bids=[[0, 3]])
    t = table_of(observation_from_dict(o, Phase.PLAYING))
    assert [(a.seat, a.bid, a.played, a.kitty) for a in answers(t)] == [(0, 3, parse("3344"), parse("5TQ"))]
    assert read_as_bid(t, 0, reading=True) > 2 * read_as_bid(t, 0, reading=False)


def test_s3_sampled_deals_read_a_partners_pass() -> None:
    """A farmer whose partner passed at the opening samples weak hands for it: hands that, as dealt, would have
    passed there, more often than deals that ignore the auction."""
    o = obs(1, "3456789TJQKA2BR", [[0, "5"]], [19, 15, 17], kitty="5TQ", bids=[[2, 0], [0, 1], [1, 0]])
    t = table_of(observation_from_dict(o, Phase.PLAYING))
    assert [(a.seat, a.bid) for a in answers(t)] == [(2, 0), (0, 1)]
    assert read_as_bid(t, 2, reading=True) > 1.5 * read_as_bid(t, 2, reading=False)


def test_s3_no_auction_is_read_for_a_shown_hand_or_a_call() -> None:
    """A shown landlord's hand is known (004), and a call or rob says less than a graded bid: neither is read."""
    shown = obs(1, "356789TJQKA2", [], [20, 12, 17], kitty="5TQ", bids=[[0, 3]], shown="33445566778899TTJQKK")
    assert [a.seat for a in answers(table_of(observation_from_dict(shown, Phase.PLAYING)))] == []
    robbed = obs(1, "356789TJQKA2", [], [20, 12, 17], ruleset="rob", kitty="5TQ", bids=[[2, 1], [0, 1]])
    assert answers(table_of(observation_from_dict(robbed, Phase.PLAYING))) == ()


# ----- issue 12: hard's middle-game play-outs ------------------------------------------------------------------


def middle_game(deal: int, cards: int) -> Table:
    """The first position, from standard deal `deal` on, played by `normal` bots, where the three hands hold
    `cards` cards or fewer (a deal that ends sooner gives way to the next)."""
    match = Match("standard", seed=deal, first_deal=deal)
    rng = random.Random(deal)
    while match.phase in (Phase.BIDDING, Phase.PLAYING):
        seat = match.turn
        assert seat is not None
        view = observe(match, seat)
        if match.phase is Phase.BIDDING:
            match.apply(Bid(seat, decide_bid(view, "normal", rng)))
            continue
        if sum(view.hand_sizes) <= cards:
            return table_of(view)
        move = decide(view, "normal", rng)
        match.apply(Pass(seat) if move == "pass" else Play(seat, move))
    return middle_game(deal + 1, cards)


def test_no_look_ahead_when_the_unseen_cards_cannot_fill_the_other_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """At swap-three the plain rules the bots read leave out the extra wild card another seat holds, so no deal of
    the unseen cards fills the hands (a seat dealt none then led in a play-out): the rules of thumb decide alone."""
    hard = level_of("hard")
    t = middle_game(11, hard.rollout_cards)
    short = replace(t, unseen=subtract(t.unseen, parse(render(t.unseen)[0])))
    assert t.dealable and not short.dealable
    module = sys.modules[think.__module__]
    monkeypatch.setattr(module, "look_ahead", lambda *a: pytest.fail("looked ahead"))
    monkeypatch.setattr(module, "search", lambda *a, **k: pytest.fail("searched"))
    assert think(short, hard, random.Random(0)) == decide_move(short, hard, random.Random(0))


def test_hard_play_outs_are_deterministic_and_bounded_by_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The look-ahead plays at most `rollout_moves` moves per decision (positions, never the clock), and the same
    seed gives the same answer."""
    hard = level_of("hard")
    deal = 11
    t = middle_game(deal, hard.rollout_cards)
    while len(rollout.candidates(t, decide_move(t, hard, random.Random(0)).move)) < 3:
        deal += 1
        t = middle_game(deal, hard.rollout_cards)
    calls = []
    real = rollout.decide
    monkeypatch.setattr(rollout, "decide", lambda *a: calls.append(1) or real(*a))
    choice = decide_move(t, hard, random.Random(0)).move
    first = rollout.look_ahead(t, hard, choice, random.Random(4))
    assert 0 < len(calls) <= hard.rollout_moves
    assert first == rollout.look_ahead(t, hard, choice, random.Random(4))


def test_hard_farmers_search_from_24_cards_the_landlord_from_20(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between 24 and 21 cards a `hard` farmer solves sampled deals exactly while the landlord still plays them out
    (docs/bots.md, "a farmer searches from 24 cards": the farmers gain, the landlord loses)."""
    hard = level_of("hard")
    module = sys.modules[think.__module__]
    used: list[str] = []
    monkeypatch.setattr(module, "look_ahead", lambda *a: used.append("play-outs"))
    monkeypatch.setattr(module, "search", lambda t, *a, include: used.append("search") or {include: 1})
    seen: dict[bool, set[str]] = {True: set(), False: set()}
    for deal in range(11, 111):
        t = middle_game(deal, 24)
        if sum(t.sizes) > 20:
            used.clear()
            think(t, hard, random.Random(0))
            seen[t.is_landlord].update(used)
    assert seen == {True: {"play-outs"}, False: {"search"}}


# ----- issue 34: no needless bomb break ----------------------------------------------------------------------------


def keeps(rank: str, move: str) -> bool:
    """Does `move` leave every card of `rank` in the hand (the bomb stays whole, or is the move itself)?"""
    return move == rank * 4 or parse(move)[RANK_INDEX[rank]] == 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_s13_the_opening_lead_keeps_a_bomb_the_hand_plays_out_as_well_with(level: str) -> None:
    """677789999TTTJJKKKA22 plans 9, 6789T, 99TTJJ, 77KKK, A, 22 (six plays, the 9s broken); 6777, 8TTT, JJKKK, A,
    22 and the bomb 9999 are six plays too, so the landlord leads from that plan (issue 34's 777+Q from 7777)."""
    o = obs(0, "677789999TTTJJKKKA22", [], [20, 17, 17], level)
    assert keeps("9", choose(o))


MID_HAND = [[0, "3"], [1, "4"], [2, "5"], [0, "6"], [1, "pass"], [2, "pass"]]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_s13_a_lead_in_mid_hand_keeps_the_bomb(level: str) -> None:
    """345678888999K plans 345678, 888999 and K, the 8s broken; 34567, 999K and 8888 are as many plays."""
    o = obs(0, "345678888999K", MID_HAND, [13, 16, 16], level)
    assert keeps("8", rule_of_thumb(o))
    assert keeps("8", choose(o))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_s13_an_end_game_lead_keeps_the_bomb(level: str) -> None:
    """7778888999TT plans 8, TT and the airplane 777888999 (three plays, the 8s broken); 777TT, 999 and 8888 are
    three plays too. With 20 cards left the searching levels look ahead: a lead keeping the bomb wins as often."""
    history = [[0, "3"], [1, "4"], [2, "5"], [0, "6"], [1, "7"], [2, "pass"], [0, "pass"]]
    o = obs(1, "7778888999TT", history, [4, 12, 4], level)
    assert keeps("8", rule_of_thumb(o))
    assert keeps("8", choose(o))


# ----- issue 34: no proven end-game blunder ------------------------------------------------------------------------

# Positions benchmarks/proof_screen.py found (seed 2: 200 self-play hands and 100 duplicate deals against RLCard's
# agent, each level; seed 4: normal's first 1,600 self-play hands): another move won on every deal of the unseen
# cards that agrees with what the seat saw, and the level's move did not. Each is (seat, landlord, hand, hand sizes,
# kitty, history as "SEATMOVE", "-" a pass).
LANDLORD_KEEPS_ITS_2 = (
    2,
    2,
    "57777TA2B",
    (6, 5, 9),
    "5JK",
    "233 055 166 299 0QQ 122 2- 0- 144 2JJ 0AA 1- 2- 033 1TT 2KK 0- 1- 244 066 1QQ 2- 0- 15 28 09 1T",
)
PROVEN = [
    # normal, self-play deal 2000162: played R, a farmer tops its partner's low single with the big joker where the
    # push, a 2 or a pass wins
    (
        2,
        1,
        "J2R",
        (8, 3, 3),
        "QKK",
        "13 25 0T 1Q 2- 02 1- 2- 034567 1- 2- 066 177 299 0- 1TT 2QQ 0- 1KK 2AA 0- 122 2- 0- 144 2KK 0- 1- "
        "234567 0- 18888 2- 0- 15",
    ),
    # normal, self-play deal 2000015: played QQ, a farmer feeds its partner on two cards a pair it does not hold
    (
        0,
        1,
        "78JQQQQ",
        (7, 6, 2),
        "6AA",
        "16 27 0T 1J 2K 0- 1A 2- 02 1- 2- 0345678 1- 2- 06 1T 2J 0- 1A 2- 0- 13999 24222 0- 1- 233555 0- "
        "144KKK 2BR 0- 1- 28 0A 1- 2-",
    ),
    # normal, self-play deal 2000019: played 5, a farmer feeds its partner on one card a single the landlord tops
    (
        0,
        1,
        "5788899AA2",
        (10, 4, 1),
        "47R",
        "134567 289TJQ 0- 1- 234567 0- 1- 25 0J 1Q 2A 0- 12 2KKKK 0- 1BR 2- 0- 144TTT 2- 0- 1JJ 2- 0QQ 1- 2- "
        "066 1- 2- 033 1- 2-",
    ),
    # normal, self-play deal 2000067: played 66, a farmer feeds its partner on two cards a pair it does not hold
    (
        2,
        0,
        "466KKA2",
        (4, 2, 7),
        "5JA",
        "033444 155577 2- 0- 16 2Q 0K 1A 2- 02 1B 2- 0- 1TTJJQQ 2- 0- 1Q 2- 02 1- 2R 0- 1- 233 0AA 1- 2- "
        "0778899 1- 28899TT 0- 1-",
    ),
    # normal, self-play deal 2000088: played QQ, a farmer blocks the landlord on one card with a pair where a low
    # single lets the partner take the lead
    (
        0,
        2,
        "7TQQ",
        (4, 9, 1),
        "9AA",
        "24445 06KKK 1- 2- 033 1TT 2AA 0- 1- 234567 056789 1- 29TJQK 0- 1- 27 02 1- 2B 0- 1R 2- 0- 13888 2- "
        "0- 16 29 0A 1- 2-",
    ),
    # normal, self-play deal 2000100: played 99, a farmer leads a pair against the landlord's two singles
    (
        1,
        0,
        "4499TK",
        (2, 6, 9),
        "JK2",
        "03456789T 16789TJQK 2- 0- 13 2K 0B 1- 2R 0- 1- 233555 0JJJAA 1- 2- 04 1Q 2A 02 1- 2- 02 1- 2- 06 1A 2- 0-",
    ),
    # normal, self-play deal 2000181: played pass, the landlord's next seat keeps its 2 on the landlord's single
    # where the 2 wins
    (
        0,
        2,
        "AA2",
        (3, 8, 8),
        "TKA",
        "24 05 1T 2Q 0K 1- 2A 02 1- 2- 036667778 1- 2- 09 1- 2K 0- 1A 22 0- 1- 255 0QQ 1- 2JJJJ 0- 1BR 2- 0- "
        "13444 2- 0- 18 29",
    ),
    # normal, rlcard deal 2000074: played pass, a farmer lets its partner's play run with the landlord on one card
    # where topping it wins
    (
        1,
        0,
        "TKK",
        (1, 3, 4),
        "357",
        "0333 1- 2- 045678 189TJQ 2- 0TJQKA 1- 2- 04 19 2- 0A 12 2- 0B 1- 2- 05 12 2- 0R 1- 2- 07 1A 2- 0- "
        "166 2- 0- 1QQ 2- 0- 13 2K 0- 1- 2456789TJ 0- 1- 222 0- 1- 2A 0- 1- 2J 0-",
    ),
    # normal, rlcard deal 2000019: played JJ, the landlord leads a pair where a single wins
    (
        1,
        1,
        "JJQABR",
        (9, 6, 4),
        "47R",
        "134567 245678 056789 1- 29TJQK 0- 1- 23 06 17 2K 0A 12 2- 0- 144TTT 2- 0- 19 2K 0A 12 2- 0-",
    ),
    # normal and hard, rlcard deal 2000023: played 2, a farmer spends its last 2 on a free lead where a low single
    # first wins
    (
        2,
        1,
        "33772",
        (5, 2, 5),
        "42R",
        "1444 2555 0- 1666 2- 0KKK 1- 2- 033 177 2TT 0- 1AA 2- 022 1- 2- 04 16 29 0- 1T 2A 0- 12 2B 0- 1R 2- "
        "0- 188 2JJ 0QQ 1- 2- 088 199 2QQ 0- 1-",
    ),
    # normal and hard, rlcard deal 2000051: played TTJJQQ, a farmer leads a pair run against the landlord on one
    # card where a pair of it wins
    (
        1,
        0,
        "8TTJJQQK",
        (1, 8, 8),
        "8J2",
        "03456789TJ 1- 2- 03 15 2T 0J 1B 2- 02222 1- 2- 05 16 2A 0- 1- 233444 0- 1- 277 0AA 1- 2- 06 1A 2- 0- "
        "156789 2- 0-",
    ),
    # normal, rlcard deal 2000072: played A, a farmer takes control with an ace where a jack wins
    (
        0,
        1,
        "677899JAA",
        (9, 3, 6),
        "35Q",
        "1333 2- 0TTT 1BR 2- 0- 1456789 289TJQK 0- 1- 23 0K 1A 22 0- 1- 24 0J 1Q 2K 0- 1A 2- 02 1- 2- 044 122 "
        "2- 0- 15 28",
    ),
    # normal, rlcard deal 2000053: played 4, a farmer feeds its partner on one card a single the partner cannot use
    (
        0,
        1,
        "4467889TTJAAAR",
        (14, 2, 1),
        "3TK",
        "133 255 0KK 122 2- 0- 144 299 0- 1TT 2- 0- 155 2- 0- 1666 2777 0- 1- 233 0- 1JJ 2- 0- 18 2J 0- 1K 22 "
        "0- 1B 2QQQQ 0- 1- 2K 02 1- 2-",
    ),
    # hard, self-play deal 2000166: played 5TTT, the landlord leads a triple with a single where a single wins
    (
        2,
        2,
        "5TTTAB",
        (6, 7, 6),
        "6Q2",
        "233 099 1- 2JJ 0- 1QQ 2- 0- 1456789T 2- 0- 18 2Q 0A 1- 22 0- 1- 26 0Q 1- 2K 0R 1- 2- 0334455 1- 2667788 0- 1-",
    ),
    # hard, self-play deal 2000088: played pass, a farmer blocks the landlord on one card with a pair where a low
    # single lets the partner take the lead
    (
        0,
        2,
        "T2",
        (2, 4, 1),
        "9AA",
        "24445 06KKK 1- 2- 033 1TT 2AA 0- 1- 234567 056789 1- 29TJQK 0- 1- 27 0- 19 2J 0A 1- 2- 0QQ 1- 2- 07 "
        "1Q 2B 0- 1R 2- 0- 188 2- 0- 1JJ 2- 0- 122 2- 0- 12 2- 0- 1A 2-",
    ),
    # hard, rlcard deal 2000074: played 456789TJ, a farmer lets its partner's play run with the landlord on one card
    # where topping it wins
    (
        2,
        0,
        "4455677899TJJK22",
        (1, 3, 16),
        "357",
        "0333 1- 2- 045678 189TJQ 2- 0TJQKA 1- 2- 04 19 2- 0A 12 2- 0B 1- 2- 05 1T 2- 0R 1- 2- 07 12 2- 0- "
        "166 2- 0- 1QQ 2- 0- 13 2A 0- 1-",
    ),
    # hard, rlcard deal 2000074: played pass, a farmer lets its partner's play run with the landlord on one card
    # where topping it wins
    (
        1,
        0,
        "KKA",
        (1, 3, 5),
        "357",
        "0333 1- 2- 045678 189TJQ 2- 0TJQKA 1- 2- 04 19 2- 0A 12 2- 0B 1- 2- 05 1T 2- 0R 1- 2- 07 12 2- 0- "
        "166 2- 0- 1QQ 2- 0- 13 2A 0- 1- 2456789TJ 0- 1- 222 0- 1- 2K 0-",
    ),
    # hard, rlcard deal 2000059: played 88, the landlord leads a low pair where a queen wins
    (
        1,
        1,
        "88QR",
        (9, 4, 4),
        "8TR",
        "133 277 088 1TT 2AA 0- 1- 233 044 177 299 0JJ 1KK 222 0- 16666 2- 0- 14 25 09 1J 2Q 0K 1A 22 0- 1B 2- 0-",
    ),
    # hard, rlcard deal 2000048: played pass, a farmer passes its partner's triple where a triple with its 2 wins
    (
        0,
        2,
        "33556688JJJ2",
        (12, 4, 2),
        "6KB",
        "24 09 1- 2T 0K 1- 2A 02 1- 2B 0- 1- 26789TJQ 0- 1- 26 0T 1- 2Q 0A 1- 22 0- 1- 28 0- 1T 2K 0- 1- 2KK "
        "0- 1AA 2- 0- 1334455 2- 0- 14777 2-",
    ),
    # hard, rlcard deal 2000084: played pass, a farmer passes the landlord's straight where a higher straight wins
    (
        1,
        2,
        "789TTJ",
        (6, 6, 5),
        "3JK",
        "2333 0- 1- 266 0JJ 1- 2QQ 0AA 1- 222 0- 1- 299 0- 1AA 2- 0- 14 2T 0Q 1- 2K 02 1- 2B 0- 1R 2- 0- 15 "
        "2T 0- 12 2- 0- 145678 2- 056789",
    ),
    # hard, rlcard deal 2000053: played 4, a farmer feeds its partner on one card a single the partner cannot use
    (
        0,
        1,
        "4467889TTJAAAR",
        (14, 2, 1),
        "3TK",
        "133 255 0KK 122 2- 0- 144 299 0- 1TT 2- 0- 155 2- 0- 1666 2777 0- 1- 233 0- 1JJ 2- 0- 18 2J 0- 1K 22 "
        "0- 1B 2QQQQ 0- 1- 28 02 1- 2-",
    ),
    # hard, rlcard deal 2000101: played 44, a farmer leads a low pair where the lowest single wins
    (
        0,
        1,
        "344557799JJB",
        (12, 2, 2),
        "345",
        "1333 2- 0- 1456789T 289TJQKA 0- 1- 24 0K 1A 22 0- 1- 266 0TT 1KK 2- 0- 15 28 0Q 1A 22 0- 1- 2J 0- 12 "
        "2- 0- 16 2A 0- 12 2- 0R 1- 2-",
    ),
    # normal, self-play deal 4001115 (seed 4): played pass, the landlord keeps its 22 on a farmer's JJ, the other
    # farmer on two cards, where the 22 wins
    (
        0,
        0,
        "4A22",
        (4, 2, 13),
        "346",
        "0345678 1456789 2- 06789TJ 189TJQK 2- 0- 13 2T 0A 12 2- 0R 1- 2- 0T 1K 2- 02 1- 2B 0- 1- 2JJ",
    ),
    # normal, self-play deal 4000606 (seed 4): played pass, a farmer lets its partner's low play run (the landlord
    # passed) where taking the lead wins
    (
        2,
        1,
        "JJQAA",
        (9, 5, 5),
        "592",
        "14445 23222 0- 1- 234567 0- 1- 25 0Q 12 2R 0- 1- 26 0J 1B 2- 0- 1778899 2- 0- 1TTT 2- 0KKK 1- 2-"
        " 0Q 1- 2- 033 1-",
    ),
    # normal, self-play deal 4000606 (seed 4): played pass, a farmer lets its partner's low play run (the landlord
    # passed) where taking the lead wins
    (
        2,
        1,
        "JJQAA",
        (8, 5, 5),
        "592",
        "14445 23222 0- 1- 234567 0- 1- 25 0Q 12 2R 0- 1- 26 0J 1B 2- 0- 1778899 2- 0- 1TTT 2- 0KKK 1- 2-"
        " 0Q 1- 2- 033 1- 2- 06 1-",
    ),
    # normal, self-play deal 4000986 (seed 4): played pass, the landlord's next seat passes the landlord's 7 holding
    # KK2 where the 2 wins
    (
        2,
        1,
        "KK2",
        (7, 5, 3),
        "57Q",
        "13 25 0J 1K 2A 0- 12 2- 0- 15 26 0Q 1A 22 0- 1- 234567 0- 1- 2TTTJJ 0- 1BR 2- 0- 13456789 2- "
        "06789TJQ 1- 2- 03 17",
    ),
    # normal, self-play deal 4001697 (seed 4): played pass, a farmer lets its partner's 44 run (the landlord passed)
    # where AA wins
    (
        2,
        1,
        "AA2",
        (7, 8, 3),
        "48T",
        "14 2J 0- 1Q 2- 0A 12 2B 0- 1- 233 0- 188 2KK 0- 1- 255 0- 1- 256789 0- 19TJQK 2- 0TJQKA 1- 2- 03"
        " 16 2Q 0- 12 2- 0R 1- 2- 044 1-",
    ),
    # normal, self-play deal 4000328 (seed 4): played pass, a farmer lets its partner's 55 run (the landlord passed)
    # where AA wins
    (
        2,
        1,
        "QQAA2",
        (8, 6, 5),
        "47J",
        "13 26 0K 12 2B 0- 1R 2- 0- 144 299 0- 1QQ 2KK 0- 1- 245678 0- 1789TJ 2- 0- 15 27 0T 1K 2- 02 1- "
        "2- 03334 1- 2- 055 1-",
    ),
    # normal, self-play deal 4000669 (seed 4): played pass, a farmer lets its partner's straight run (the landlord
    # passed) where its own higher straight wins
    (
        2,
        1,
        "89TJJQK",
        (7, 5, 7),
        "45B",
        "133555 233AAA 0- 1TT222 2- 0- 14 26 0J 1Q 2K 0- 1B 2R 0- 1- 24 0A 1- 2- 04 17 29 0- 1K 2- 02 1- 2- 0456789 1-",
    ),
    # normal, self-play deal 4001165 (seed 4, b2b9441): played B, the landlord tops a farmer's K with its small
    # joker where the A wins on every deal (the search misjudged the A past its budget: 7 of 10 sampled deals)
    (
        0,
        0,
        "38TAAAB",
        (7, 5, 4),
        "TKA",
        "07 1J 2- 0Q 1A 2- 02 1- 2R 0- 1- 233666 055KKK 1- 2- 06789T 1789TJ 2- 0- 144 2JJ 0- 1- 244 0- 1-"
        " 299 0- 122 2- 0- 15 2K",
    ),
    # normal, RLCard deal 4000438 (seed 4, f9dc39d): played 2, the landlord answers a farmer's T with its 2 where the A
    # wins on every one of 113 deals (the search's 10 sampled deals, past its budget, had the A at 1 to 3 wins and the
    # 2 at 2: proving the A on all 113 takes 43,533 positions, more than the 30,000 the proofs had)
    LANDLORD_KEEPS_ITS_2,
    # hard, self-play deal 7000771 (seed 7, f560f9e): played 99, the landlord leads a pair a farmer tops where each of
    # 7, J, K and 2 wins on all 143 deals (the 99 on 106; proving a single on them all takes 39,000-57,000 positions)
    (
        2,
        2,
        "799JK222",
        (8, 4, 8),
        "379",
        "234567 0TJQKA 1- 2- 04 1J 2Q 0- 1K 2A 02 1- 2B 0R 1- 2- 05 1A 2- 0- 1334455 2- 0- 16667 23888 0- 1-",
    ),
    # hard, self-play deal 7000515 (seed 7): played KK where a low single or a straight wins on every deal
    FARMER_LEADS_ITS_STRAIGHT,
    # hard, self-play deal 7000519 (seed 7, f560f9e): played pass, a farmer lets its partner's J run with the
    # landlord on 9 cards where its 2 wins on all 1,380 deals (the pass on 1,352)
    (
        0,
        1,
        "562B",
        (4, 9, 7),
        "567",
        "1445566 2778899 0QQKKAA 1- 2- 033 1TT 2- 0JJ 1- 2- 04 15 26 0T 12 2R 0- 1- 24 08 19 2J",
    ),
    # normal, self-play deal 9000676 (seed 9, abad862): played 77 where the single 7 or 9 wins on all 70 deals (the
    # singles' proofs took turns until a deal that refutes the others was tried first by every proof)
    FARMER_LEADS_A_SINGLE,
    # normal, RLCard deal 9000455 (seed 9, abad862): played 2 where the 6, 9 or Q wins on all 83 deals (proving one
    # costs 67,000-90,000 positions: the proofs at 20 cards or fewer may search 120,000)
    LANDLORD_LEADS_LOW,
]


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(("seat", "landlord", "hand", "sizes", "kitty", "history"), PROVEN, ids=[p[2] for p in PROVEN])
def test_no_proven_blunder_in_the_screens_positions(
    level: str, seat: int, landlord: int, hand: str, sizes: tuple[int, ...], kitty: str, history: str
) -> None:
    """The move played wins on every consistent deal, as another one does (the end-game search proves the moves
    that won every sampled deal, and with few deals every legal move, before it plays; game/bots/proof.py)."""
    assert_no_proven_blunder(level, proven_position(seat, landlord, hand, sizes, kitty, history), seed=0)


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("position", [LANDLORD_KEEPS_ITS_2, LANDLORD_LEADS_LOW], ids=lambda p: p[2])
def test_no_proven_blunder_whatever_the_sampled_deals(level: str, seed: int, position: tuple) -> None:
    """The landlord plays a move that wins on every deal whatever the seed: the search's sampled deals vary with it,
    the proofs do not. Deal 4000438's landlord keeps its 2 for the A (before, `normal` played the 2 on seeds 1, 3
    and 4, `hard` on 5); deal 9000455's leads a single below its 2 (with 60,000 positions for the proofs, the 2 on
    seeds 1, 2 and 5 at both levels; with 120,000, `hard` on seed 8, where they ran out before the 2 was refuted,
    the 6 proved on 70 of the 83 deals against the 8 of 10 sampled ones the search gave the 2: `first_sure`'s
    `bar`)."""
    assert_no_proven_blunder(level, proven_position(*position), seed)


# Found in `hard` against `normal` on the arena's deals 100-199 (`arena.fixed_deal`): a farmer on 12 cards, the
# landlord on 6 having led 55, its partner on 4. The hand is won on all 22 consistent deals by 88 and by the rocket:
# every legal move is proved first (`Level.exact_deals`).
WON_WITH_A_ROCKET = (
    2,
    0,
    "5578889TJKBR",
    (6, 4, 12),
    "6TQ",
    "0444J 14QQQ 2- 07222 1- 2- 07 1J 2- 0K 1- 22 06666 1AAAA 2- 0- 133 2TT 0- 1- 233 0- 155",
)
# Deal 2009 of the same: a farmer on 8 cards leads, the landlord on 11, its partner on 5. Its 280 consistent deals
# are too many to prove every move on: the rocket won all the sampled deals and is then proved on all 280.
SEARCHED_TO_A_ROCKET = (
    1,
    0,
    "5999Q2BR",
    (11, 8, 5),
    "7K2",
    "06 17 2A 0- 1- 24445556677 0- 1- 28 0T 1J 2- 0Q 1A 2- 0- 13334 2- 03222 1- 2- 088 1KK 2- 0-",
)


@pytest.mark.parametrize(
    ("position", "rule", "deals"),
    [(WON_WITH_A_ROCKET, "88", 22), (SEARCHED_TO_A_ROCKET, "5999", 280)],
    ids=["every-move-proved", "searched"],
)
def test_hard_cashes_its_rocket_once_the_hand_is_won(position: tuple, rule: str, deals: int) -> None:
    """000 §18: each bomb or rocket played doubles the hand; one kept to the end doubles nothing. Once the hand is
    proved won on every consistent deal, `hard` plays a rocket or bomb that wins on all of them too; `normal` plays
    the rule's move, which wins as surely and pays half."""
    view = observation_from_dict(proven_position(*position), Phase.PLAYING)
    t = table_of(view)
    for seed in range(3):
        assert decide(view, "normal", random.Random(seed)) == rule
        assert decide(view, "hard", random.Random(seed)) == "BR"
    rocket, played = prove(t, "BR"), prove(t, rule)
    assert rocket.move_sure and played.move_sure and rocket.deals == played.deals == deals


def test_hard_proves_every_move_within_its_share_of_the_proof_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With few consistent deals, `hard` first proves every move on all of them; where none wins everywhere those
    proofs once took the whole late budget (120,000 positions, 1.25 s on a slow machine) before the search. They may
    search `exact_nodes`; the proofs after the search have the rest of the decision's budget again."""
    hard = level_of("hard")
    module = sys.modules[think.__module__]
    limits: list[int | None] = []
    real = module.first_sure
    monkeypatch.setattr(
        module, "first_sure", lambda t, m, d, proofs, *a: limits.append(proofs.limit) or real(t, m, d, proofs, *a)
    )
    view = observation_from_dict(proven_position(*FARMER_LEADS_ITS_STRAIGHT), Phase.PLAYING)  # 20 cards, 18 deals
    decide(view, "hard", random.Random(0))
    assert limits[0] == hard.exact_nodes < hard.late_proof_nodes
    assert all(limit == hard.late_proof_nodes for limit in limits[1:])


def test_s18_hard_keeps_its_bomb_where_every_line_loses() -> None:
    """000 §18: a bomb doubles what the hand pays, lost as well as won. Where bombing and passing both lose on every
    consistent deal, `normal` still bombs the landlord on two cards (its rule); `hard` keeps the bomb and says so."""
    view = observation_from_dict(proven_position(*BOMB_INTO_A_LOST_HAND), Phase.PLAYING)
    t = table_of(view)
    bombed = prove(t, "6666")
    assert bombed.sure == () and not bombed.move_sure  # no move wins on any deal
    for seed in range(3):
        assert decide(view, "normal", random.Random(seed)) == "6666"
        assert decide(view, "hard", random.Random(seed)) == "pass"
    said = suggestions(proven_position(*BOMB_INTO_A_LOST_HAND) | {"level": "hard"})[0]
    assert (said.key, said.params["won"], said.params["of"]) == ("spares_bomb", 0, level_of("hard").samples)


@pytest.mark.parametrize(
    ("bomb", "passing", "gain", "played"),
    [
        (3, 2, 1, "pass"),  # the bomb loses 7 of 10 deals at twice the stake (-8), passing 8 (-6)
        (4, 1, 1, "6666"),  # the bomb -4, passing -8
        (5, 5, 1, "6666"),  # half won: the bomb doubles nothing lost on balance
        (6, 3, 2, "6666"),  # the play-outs' switch: won clearly more, and more than half
        (0, 0, 2, "pass"),  # every deal lost: the bomb only doubles the loss
    ],
)
def test_s18_hard_weighs_the_stake_of_a_bomb(bomb: int, passing: int, gain: int, played: str) -> None:
    """000 §18: a bomb doubles the hand, lost as well as won. A bomb that won fewer than half of the sampled deals
    gives way to passing where passing loses less of the stake (won minus lost, the bomb's doubled); `normal` goes by
    the deals won alone."""
    t = table_of(observation_from_dict(proven_position(*BOMB_INTO_A_LOST_HAND), Phase.PLAYING))
    rule = Suggestion("6666", "bomb_saves")
    wins = {"6666": bomb, "pass": passing}
    weighed = sys.modules[think.__module__]._weighed
    assert weighed(t, level_of("hard"), rule, wins, 10, gain).move == played
    assert weighed(t, level_of("normal"), rule, wins, 10, gain).move == "6666"


def assert_no_proven_blunder(level: str, position: dict, seed: int) -> None:
    view = observation_from_dict(position, Phase.PLAYING)
    t = table_of(view)
    assert sum(t.unseen) == sum(t.sizes) - len(position["hand"])  # the whole hand: the deals are every consistent one
    verdict = prove(t, decide(view, level, random.Random(seed)))
    assert not verdict.blunder, verdict


def test_hard_play_outs_end_exactly_once_few_cards_are_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-out that reaches `rollout_exact` cards is solved with every hand face up (game/solver.py) rather than
    played on by the rules of thumb: its result is the solver's for the position after the move."""
    hard = level_of("hard")
    t = middle_game(21, hard.rollout_exact)
    rng = random.Random(2)
    hands = sample_hands(t, rng)
    moves = rollout.candidates(t, decide_move(t, hard, rng).move)
    monkeypatch.setattr(rollout, "decide", lambda *a: pytest.fail("played on by the rules of thumb"))
    tail = rollout.Tail(t, hard.rollout_exact, hard.rollout_exact_nodes)
    solver = exact.Solver(t.rules, t.landlord, t.allowance)
    assert len(moves) > 1
    for move in moves:
        p = exact.Position(t.rules, hands, t.landlord, t.seat, t.last, t.last_seat if t.last else t.seat)
        after = p.find(move) if move == "pass" else p.find(move, classify(parse(move), t.rules)[0].kind)
        assert after is not None
        assert rollout.play_out(t, hands, move, rng, 100, tail) == solver.wins_after(p, after)
