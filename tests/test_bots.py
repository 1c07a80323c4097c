"""The bot API (issue 4): every move and bid is legal, the dict API agrees with the Observation API,
decisions are deterministic and never depend on hidden cards, suggestions are never empty."""

from __future__ import annotations

import gc
import importlib
import random
from collections.abc import Iterator
from typing import NamedTuple

import pytest

from game import rules
from game.actions import Bid, Pass, Play
from game.bots import DEFAULT_LEVEL, LEVELS, bid, choose, decide, decide_bid, suggest
from game.match import Match, Phase
from game.observe import Observation, observe


class Position(NamedTuple):
    match: Match
    view: Observation
    level: str
    move: str  # what the level decides here with random.Random(seed), the move then played
    seed: int


def positions(seed: int, hands: int, levels: tuple[str, ...] = LEVELS) -> Iterator[Position]:
    """Every playing position of `hands` bot-played hands, with the level that acts there and its move."""
    for n in range(hands):
        match = Match("standard", seed=seed + n)
        while match.phase is Phase.BIDDING:
            seat = match.turn
            assert seat is not None
            match.apply(Bid(seat, decide_bid(observe(match, seat))))
        while match.phase is Phase.PLAYING:
            seat = match.turn
            assert seat is not None
            level = levels[(seat + n) % len(levels)]
            view = observe(match, seat)
            move = decide(view, level, random.Random(n))
            yield Position(match, view, level, move, n)
            match.apply(Pass(seat) if move == "pass" else Play(seat, move))


def action(seat: int, move: str) -> Pass | Play:
    return Pass(seat) if move == "pass" else Play(seat, move)


@pytest.mark.slow
def test_every_bot_move_is_legal_in_thousands_of_positions() -> None:
    checked = 0
    for match, view, level, move, _ in positions(seed=100, hands=120):
        assert match.check(action(view.seat, move)) is None, (view.hand, view.last, move, level)
        checked += 1
    assert checked >= 2000


def test_every_bot_bid_is_legal_in_random_auctions() -> None:
    for seed in range(300):
        match = Match("standard", seed=seed)
        while match.phase is Phase.BIDDING:
            seat = match.turn
            assert seat is not None
            value = decide_bid(observe(match, seat), LEVELS[seed % 3])
            assert value in match.bid_choices()
            match.apply(Bid(seat, value))


@pytest.mark.slow
def test_dict_choose_agrees_with_decide_and_passes_rules_check() -> None:
    for n, (_, view, level, _, _) in enumerate(positions(seed=200, hands=12)):
        move = choose(view.to_bot_dict(level))
        assert move == decide(view, level)
        last = view.last.move if view.last else None
        assert rules.check(view.hand, move, last) is None, (view.hand, last, move)
        if n > 400:
            break


def test_dict_bid_agrees_with_decide_bid() -> None:
    for seed in range(100):
        match = Match("standard", seed=seed)
        view = observe(match, match.first_bidder if match.turn is None else match.turn)
        obs = {"ruleset": "standard", "seat": view.seat, "hand": view.hand, "bids": []}
        assert bid(obs) == decide_bid(view)


def test_dict_bid_never_repeats_the_current_bid() -> None:
    monster = "3456789TJQKA22BRA"
    assert bid({"ruleset": "standard", "seat": 1, "hand": monster, "bids": [[0, 3]]}) == 0


def test_dict_choose_reads_the_round_from_history() -> None:
    """Two passes after a play end the round (000 §15): the seat then leads freely, so it never passes."""
    obs = {
        "ruleset": "standard",
        "seat": 0,
        "landlord": 0,
        "hand": "34",
        "history": [[0, "KK"], [1, "pass"], [2, "pass"]],
        "kitty": "KQ3",
        "hand_sizes": [2, 17, 17],
    }
    assert choose(obs) in ("3", "4")


def scrambled(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match with the other seats' cards dealt among them again (same sizes)."""
    other = [s for s in range(3) if s != seat]
    pool = [c for s in other for c in match.hand.hands[s]]
    rng.shuffle(pool)
    sizes = [len(match.hand.hands[s]) for s in other]
    match.hand.hands[other[0]] = match._sorted(pool[: sizes[0]])
    match.hand.hands[other[1]] = match._sorted(pool[sizes[0] :])
    return match


def test_decisions_ignore_the_hidden_hands() -> None:
    rng = random.Random(7)
    compared = 0
    for match, view, level, before, seed in positions(seed=300, hands=14):
        seat = view.seat
        saved = [list(h) for h in match.hand.hands]
        after = decide(observe(scrambled(match, seat, rng), seat), level, random.Random(seed))
        match.hand.hands = saved
        assert before == after
        compared += 1
    assert compared > 300


def test_same_seed_same_decision() -> None:
    for _, view, level, move, seed in positions(seed=400, hands=5):
        assert decide(view, level, random.Random(seed)) == move


@pytest.mark.slow
def test_suggest_is_never_empty_on_the_seat_s_turn_and_every_suggestion_is_legal() -> None:
    for match, view, *_ in positions(seed=500, hands=6):
        found = suggest(view)
        assert found
        assert len({s.move for s in found}) == len(found)
        for suggestion in found:
            assert match.check(action(view.seat, suggestion.move)) is None
            assert suggestion.text.endswith(".")


@pytest.mark.slow
def test_suggest_first_is_the_bot_s_own_choice() -> None:
    for _, view, *_ in positions(seed=600, hands=4):
        assert suggest(view, "hard")[0].move == decide(view, "hard", random.Random(0))


def test_levels_and_default() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert DEFAULT_LEVEL == "normal"


def test_unknown_level_is_refused() -> None:
    view = next(positions(seed=1, hands=1)).view
    with pytest.raises(ValueError, match="unknown bot level"):
        decide(view, "grandmaster")


def test_a_decision_pauses_the_cycle_collector_and_restores_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searches' tuples set the collector off hundreds of times in a deep decision (a fifth of its time): it is
    paused while the bot thinks, and left as it was found."""
    think = importlib.import_module("game.bots.think")
    seen: list[bool] = []
    rule = think.decide
    monkeypatch.setattr(think, "decide", lambda *a: seen.append(gc.isenabled()) or rule(*a))
    view = next(positions(3, 1)).view
    assert gc.isenabled()
    decide(view, "hard", random.Random(0))
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()
    try:
        decide(view, "hard", random.Random(0))
        assert not gc.isenabled()  # a caller's own pause is not ended
    finally:
        gc.enable()
