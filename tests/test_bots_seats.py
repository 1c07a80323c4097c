"""Bots at two, three and four seats: always legal, farmer teamwork with two partners, and the two-player
allowance (003 "Two Players · Handicap": the farmer wins at or below it)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.actions import Bid, Pass, Play
from game.bots import LEVELS, choose, decide, decide_bid, suggest
from game.bots.endgame import Solver
from game.bots.levels import level_of
from game.bots.policy import decide as policy_decide
from game.bots.table import observation_from_dict, table_of
from game.cards import TWO, parse
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import FOUR_PLAYER, TWO_PLAYER
from tests.kit.bots import obs

SEATED = ["two-player", "standard", "four-player"]


def four(seat: int, hand: str, history: list, sizes: list[int]) -> dict:
    return obs(seat, hand, history, sizes, ruleset="four-player")


def two(seat: int, hand: str, history: list, sizes: list[int], allowance: int | None) -> dict:
    return obs(seat, hand, history, sizes, ruleset="two-player", allowance=allowance)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ruleset", SEATED)
def test_bots_only_make_legal_moves_at_every_seat_count(ruleset: str, level: str) -> None:
    """Seeded deals played to the end by bots of one level; every bid and play is among the legal choices."""
    rng = random.Random(7)
    for deal in range(1 if level == "hard" else 2):  # hard differs from normal only in its 3-seat end-game search
        match = Match(ruleset, seed=deal, first_deal=1000 + deal)
        while match.phase in (Phase.BIDDING, Phase.PLAYING):
            seat = match.turn
            assert seat is not None
            view = observe(match, seat)
            if match.phase is Phase.BIDDING:
                value = decide_bid(view, level, rng)
                assert Bid(seat, value) in match.choices(seat)
                match.apply(Bid(seat, value))
                continue
            move = decide(view, level, rng)
            action = Pass(seat) if move == "pass" else Play(seat, move)
            assert action in match.choices(seat), (ruleset, level, view.hand, move)
            strongest, own = decide(view, "hard", random.Random(0)), decide(view, level, random.Random(0))
            assert suggest(view, level)[0].move == (own if strongest == "pass" != own else strongest)
            match.apply(action)
        assert match.hand.settlement is not None


# ----- four seats: the landlord against three farmers --------------------------------------------------------


def test_four_seats_farmer_leaves_a_partners_unbeatable_lead_alone() -> None:
    """Seat 1 leads a pair of aces; the landlord (seat 0) still answers after seats 2 and 3, but no unseen cards
    beat the aces: seat 2 keeps its 2s rather than overtake its partner. Where the landlord could beat the aces with
    2s, seat 2 still keeps its own until the landlord is on its last two cards: the round comes back to it."""
    view = observation_from_dict(four(2, "22JQK", [[0, "33"], [1, "AA"]], [20, 20, 5, 20]), Phase.PLAYING)
    t = replace(table_of(view), unseen=parse("5566789TJQKKK"))
    assert policy_decide(t, level_of("normal"), random.Random(0)).key == "partner_winning"
    beatable = replace(t, unseen=parse("22"))
    kept = policy_decide(beatable, level_of("normal"), random.Random(0))
    assert (kept.move, kept.key) == ("pass", "passes")  # not "let it run": the landlord may beat the aces
    assert policy_decide(replace(beatable, sizes=(2, 20, 5, 20)), level_of("normal"), random.Random(0)).move == "22"


def test_four_seats_farmer_passes_once_the_landlord_has_passed_a_partners_play() -> None:
    """Seat 3 beat the landlord's 3 and the landlord passed: seat 1 lets its partner's 9 run (seat 2 is a
    farmer too)."""
    history = [[0, "3"], [1, "pass"], [2, "pass"], [3, "9"], [0, "pass"]]
    assert choose(four(1, "TJQKA2678", history, [24, 9, 25, 24])) == "pass"


def test_four_seats_farmer_feeds_the_partner_about_to_go_out() -> None:
    """Seat 3 holds one card: seat 1, on a free lead, leads its lowest single for it."""
    history = [[0, "3"], [1, "5"], [2, "pass"], [3, "pass"], [0, "pass"]]
    o = four(1, "4789TJQQKK", history, [24, 10, 12, 1])
    tips = suggest(observation_from_dict(o, Phase.PLAYING), "normal")
    assert (tips[0].key, tips[0].move) == ("feeds_partner", "4")


def test_four_seats_bots_count_two_decks() -> None:
    """Eight of a rank and four jokers: the unseen pool of a two-deck table."""
    view = observation_from_dict(four(1, "2222BR", [[0, "3"]], [32, 6, 25, 25]), Phase.PLAYING)
    t = table_of(view)
    assert t.unseen[TWO] == 4 and t.unseen[-2:] == (1, 1) and t.unseen[0] == 7 and sum(t.unseen) == 108 - 6 - 1
    assert t.rules is FOUR_PLAYER and t.partners == (2, 3)


# ----- two seats: no partner, and the farmer's allowance ---------------------------------------------------------


@pytest.mark.parametrize("allowance", [3, None])
def test_two_seats_farmer_sheds_down_to_its_allowance(allowance: int | None) -> None:
    """003: "a farmer also wins with cards at or below the agreed allowance": with an allowance of 3 the farmer's
    eight cards win with one play of five (99TTT); a bot blind to the allowance would shed a part and play on."""
    history = [[0, "5"], [1, "6"], [0, "pass"]]
    move = choose(two(1, "5899TTTJ", history, [16, 8], allowance=allowance))
    assert (move == "99TTT") == (allowance is not None)


def test_two_seats_farmer_wins_with_any_play_that_reaches_its_allowance() -> None:
    """The farmer's plan keeps back 6, 9 and 2 (its allowance of 3), yet answering the landlord's 55 with 66 leaves
    three cards: a win, and the suggestion says so."""
    o = two(1, "6692R", [[0, "55"]], [16, 5], allowance=3)
    tip = suggest(observation_from_dict(o, Phase.PLAYING), "normal")[0]
    assert (tip.move, tip.key) == ("66", "within_allowance")


@pytest.mark.parametrize("allowance", [3, None])
def test_two_seats_landlord_treats_a_farmer_near_its_allowance_as_about_to_win(allowance: int | None) -> None:
    """The farmer holds five cards and may keep three: any pair it beats ends the hand, so the landlord does not
    lead its pair of 5s but its hardest card to beat."""
    history = [[0, "6"], [1, "pass"]]
    move = choose(two(0, "552", history, [3, 5], allowance=allowance))
    assert (move == "2") == (allowance is not None)
    assert (move == "55") == (allowance is None)


def test_two_seats_have_no_partner() -> None:
    view = observation_from_dict(two(1, "5899TTT", [[0, "5"]], [16, 7], allowance=1), Phase.PLAYING)
    t = table_of(view)
    assert t.partners == () and t.enemies == (0,) and t.left(1) == 6 and t.left(0) == 16


@pytest.mark.parametrize("allowance", [1, None])
def test_two_seats_end_game_search_knows_the_allowance(allowance: int | None) -> None:
    """The farmer on 9K to lead against the landlord's lone ace: with an allowance of 1 either single wins at once;
    with none, the ace answers either single and goes out."""
    solver = Solver(TWO_PLAYER, landlord=0, budget=1000, allowance=allowance)
    assert solver.wins((parse("A"), parse("9K")), 1, None, 1) == (allowance is not None)
