"""Bad input at the core's edges (issue 15): actions of the wrong type or range are refused with a reason and never
logged (so every save loads again), and the text and bot APIs refuse hands no pack of the ruleset can hold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import bots
from game.actions import Abandon, Bid, DealExpired, Double, NextHand, Pass, Play, Show, Swap
from game.kinds import Kind
from game.match import Match, Phase
from game.reasons import IllegalAction
from game.rules import beats, check, classify, legal_moves
from game.rulesets import PRESETS
from game.serialize import from_dict, to_dict
from tests.kit.rules import random_action
from tests.kit.saves import state


def refusal(match: Match, action: object) -> str:
    """The code `apply` refuses `action` with; the match and its save must be exactly as before."""
    before, saved = state(match), to_dict(match)
    with pytest.raises(IllegalAction) as refused:
        match.apply(action)  # type: ignore[arg-type]
    assert state(match) == before and to_dict(match) == saved
    return refused.value.rejection.code


def in_phase(ruleset: str, phase: Phase, seed: int = 3) -> Match:
    """A match of `ruleset` driven by random legal actions until it reaches `phase`."""
    match, rng = Match(ruleset, seed), random.Random(seed)
    while match.phase is not phase:
        match.apply(random_action(match, rng))
    return match


# ----- 000 §21: an action compares equal to a legal one but is not one --------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Bid(0, True), "bid_not_whole"),
        (Bid(0, 1.0), "bid_not_whole"),
        (Bid(0, "1"), "bid_not_whole"),
        (Bid(True, 1), "no_such_seat"),
        (Bid(0.0, 1), "no_such_seat"),
        (Bid(-1, 1), "no_such_seat"),
        (Bid(3, 1), "no_such_seat"),
        (Bid(10**30, 1), "no_such_seat"),
        ("bid 1", "not_an_action"),
        (None, "not_an_action"),
        (("bid", 0, 1), "not_an_action"),
    ],
)
def test_s21_a_bid_of_the_wrong_type_is_refused_and_not_logged(action, code):
    match = Match("standard", 0, first_deal=1)
    assert match.turn == 0
    assert refusal(match, action) == code
    assert match.log == []


@pytest.mark.parametrize("choice", ["yes", 1, 0, None, 1.0])
def test_004_a_double_or_show_that_is_not_a_bool_is_refused(choice):
    doubling = in_phase("rob", Phase.DOUBLING)
    seat = doubling.undecided_doubles()[0]
    assert refusal(doubling, Double(seat, choice)) == "choice_not_bool"
    showing = in_phase("rob", Phase.SHOWING)
    assert refusal(showing, Show(showing.turn, choice)) == "choice_not_bool"


def test_s21_a_play_with_a_wrong_typed_field_is_refused_with_its_reason():
    match = in_phase("standard", Phase.PLAYING)
    seat, move = match.turn, match.legal_moves()[0]
    card = match.hand.hands[seat][0]
    single = match.ranks(seat)[0]
    assert refusal(match, Play(True if seat == 1 else bool(seat), move)) == "no_such_seat"
    assert refusal(match, Play(float(seat), move)) == "no_such_seat"
    assert refusal(match, Play(seat, 3)) == "move_not_text"
    assert refusal(match, Play(seat, b"3")) == "move_not_text"
    assert refusal(match, Play(seat, single, "single")) == "kind_unknown"
    assert refusal(match, Play(seat, single, None, (float(card),))) == "cards_not_ids"
    assert refusal(match, Play(seat, single, None, (True,))) == "cards_not_ids"
    assert refusal(match, Play(seat, single, None, card)) == "cards_not_ids"
    assert refusal(match, Pass(1.0)) == "no_such_seat"


def test_s21_the_reason_quotes_the_bad_value():
    match = Match("standard", 0, first_deal=1)
    with pytest.raises(IllegalAction, match=r"A bid is a whole number, not 1\.0\."):
        match.apply(Bid(0, 1.0))


def test_s21_a_well_typed_action_is_still_logged_as_it_was_and_the_save_loads():
    match = Match("standard", 0, first_deal=1)
    match.apply(Bid(0, 1))
    assert to_dict(from_dict(to_dict(match))) == to_dict(match)


NOT_WHOLE = [True, False, 1.0, 0.0, "0", None, b"1", [], float("nan")]
BAD = {
    "seat": st.sampled_from([*NOT_WHOLE, -1, 4, 10**30]),
    "whole": st.sampled_from(NOT_WHOLE),
    "bool": st.sampled_from([1, 0, "yes", "true", None, 1.0]),
    "move": st.sampled_from([3, 3.0, b"3", None, ["3"]]),
    "kind": st.sampled_from(["single", 1, True]),
    "cards": st.sampled_from([1, (1.0,), (True,), "12", ((1,),)]),
    "not_action": st.sampled_from([None, "bid", ("bid", 0, 1), NextHand, Bid, 3, {}]),
}


def wrong_actions(turn: int) -> st.SearchStrategy[object]:
    """Actions with one field of a type or range the core never logs (or no action at all), for seat `turn`."""
    return st.one_of(
        BAD["seat"].map(lambda v: Bid(v, 1)),
        BAD["whole"].map(lambda v: Bid(turn, v)),
        BAD["bool"].map(lambda v: Double(turn, v)),
        BAD["seat"].map(lambda v: Double(v, True)),
        BAD["bool"].map(lambda v: Show(turn, v)),
        BAD["seat"].map(lambda v: Play(v, "3")),
        BAD["move"].map(lambda v: Play(turn, v)),
        BAD["kind"].map(lambda v: Play(turn, "3", v)),
        BAD["cards"].map(lambda v: Play(turn, "3", None, v)),
        BAD["seat"].map(Pass),
        BAD["seat"].map(lambda v: Swap(v, (0, 1, 2))),
        BAD["cards"].map(lambda v: Swap(turn, v)),
        BAD["move"].filter(lambda v: v is not None).map(lambda v: Play(turn, "3", None, None, v)),
        BAD["not_action"],
    )


@settings(max_examples=80, deadline=None)
@given(data=st.data(), ruleset=st.sampled_from(sorted(PRESETS)), steps=st.integers(0, 150), seed=st.integers(0, 50))
def test_s21_wrong_typed_actions_in_every_phase_leave_the_state_and_its_save_untouched(data, ruleset, steps, seed):
    match, rng = Match(ruleset, seed), random.Random(seed)
    for _ in range(steps):
        if match.phase is Phase.MATCH_OVER:
            break
        match.apply(random_action(match, rng))
    turn = match.turn if match.turn is not None and match.turn >= 0 else 0
    refusal(match, data.draw(wrong_actions(turn)))
    assert to_dict(from_dict(to_dict(match))) == to_dict(match)


def test_s21_an_action_class_is_not_an_action():
    match = in_phase("standard", Phase.PLAYING)
    assert refusal(match, DealExpired) == "not_an_action"
    assert refusal(match, Abandon) == "not_an_action"


# ----- the text API and the bot dict API refuse impossible hands --------------------------------------------------


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: legal_moves("3" * 60), "60 cards of rank '3'; the standard pack has 4"),
        (lambda: classify("RRR"), "3 cards of rank 'R'; the standard pack has 1"),
        (lambda: legal_moves("34567", ruleset="two-player"), "rank '3', which the two-player pack does not have"),
        (lambda: legal_moves("3456t"), "ranks are upper case ('T')"),
        (lambda: legal_moves("345x"), "'x', which is not a rank"),
        (lambda: beats("RR", "3"), "2 cards of rank 'R'"),
        (lambda: beats("4", "33333"), "5 cards of rank '3'"),
        (lambda: check("33333", "3"), "5 cards of rank '3'"),
        (lambda: check("3b", "3"), "ranks are upper case ('B')"),
        (lambda: legal_moves("RRR", ruleset="four-player"), "3 cards of rank 'R'; the four-player pack has 2"),
        (lambda: legal_moves(345), "must be a rank string, not 345"),
    ],
)
def test_text_api_names_an_impossible_hand(call, named):
    with pytest.raises(ValueError, match=named.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_text_api_still_answers_every_hand_the_pack_can_hold():
    assert legal_moves("RRBB", ruleset="four-player")[:3] == ["B", "R", "BB"]
    assert "3333" in legal_moves("3333")
    assert check("3B", "B") is None
    assert classify("5555", "two-player")


def obs(hand: str, **extra: object) -> dict:
    return {"seat": 0, "hand": hand, "landlord": 0, "history": [], "hand_sizes": [len(hand), 17, 17], **extra}


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: bots.choose(obs("33333")), "5 cards of rank '3'"),
        (lambda: bots.bid(obs("3b", bids=[])), "upper case"),
        (lambda: bots.double(obs("34", ruleset="two-player")), "two-player pack does not have"),
        (lambda: bots.show(obs("3", shown="RR")), "the shown 'RR'"),
        (lambda: bots.choose(obs("3", history=[[0, "RRR"]])), "move in the history 'RRR'"),
        (lambda: bots.choose(obs("3", kitty="x")), "the kitty 'x'"),
    ],
)
def test_bot_dict_api_names_an_impossible_hand(call, named):
    with pytest.raises(ValueError, match=named):
        call()


def test_kind_values_are_still_accepted_as_kinds():
    match = in_phase("standard", Phase.PLAYING)
    seat = match.turn
    single = match.ranks(seat)[0]
    if match.hand.last is None:
        match.apply(Play(seat, single, Kind.SINGLE))
        assert match.log[-1].kind is Kind.SINGLE
