"""Middle-game look-ahead for `hard`: deal the unseen cards as the end-game search does (reading the passes), play
each candidate move out to the end of the hand with the `normal` policy in every seat, and keep the move that wins
the most deals. The work is bounded by moves played (positions), never by the clock.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.bots.endgame import Hands, evidence, leader, read_as, sample_hands
from game.bots.evaluate import plan, whole_plan
from game.bots.levels import NORMAL, Level
from game.bots.policy import PASS, decide
from game.bots.table import Table
from game.cards import NUM_RANKS, Counts, parse, subtract
from game.combos import Reading
from game.moves import follow_moves
from game.solver import Position, Solver, TooLong

ALTERNATIVES = 1  # moves tried beside the policy's own choice (and passing, when following)
MIN_GAIN = 2  # deals more than the policy's choice a move must win to replace it: sampling is noisy (`think`)


def _view(t: Table, hands: Hands, seat: int, last: tuple[int, Reading] | None, history: list[tuple[int, str]]) -> Table:
    """Seat `seat`'s table in a rollout: its hand, everyone's sizes, and as unseen the cards the others hold."""
    others = subtract(tuple(map(sum, zip(*hands, strict=True))), hands[seat])
    return replace(
        t,
        seat=seat,
        hand=hands[seat],
        sizes=tuple(map(sum, hands)),
        last=last[1] if last else None,
        last_seat=last[0] if last else None,
        unseen=others,
        landlord_holds=(0,) * NUM_RANKS,
        history=tuple(history),
    )


class Tail:
    """The exact end of the play-outs: once the hands hold `cards` cards or fewer, the position is solved with every
    hand face up (`game.solver`) instead of played on by the rules of thumb, which search nothing. One solver serves
    a decision's play-outs; past its `nodes` the play-outs go on by the rules."""

    def __init__(self, t: Table, cards: int, nodes: int) -> None:
        self.cards = cards
        self.solver = Solver(t.rules, t.landlord, t.allowance, limit=nodes) if cards else None

    def wins(self, t: Table, live: list[Counts], seat: int, last: tuple[int, Reading] | None) -> bool | None:
        """Does `seat`'s side win from here, played perfectly? None when the tail does not reach this far."""
        if self.solver is None or sum(map(sum, live)) > self.cards:
            return None
        reading, last_seat = (last[1], last[0]) if last else (None, seat)
        try:
            return self.solver.wins(Position(t.rules, tuple(live), t.landlord, seat, reading, last_seat, t.allowance))
        except TooLong:
            self.solver = None
            return None


def play_out(t: Table, hands: Hands, move: str, rng: random.Random, cap: int, tail: Tail | None = None) -> bool:
    """Does t.seat's side win the hand when it plays `move` now and every seat then plays the `normal` policy (to the
    `tail`, solved exactly)? After `cap` moves the position is judged as the end-game search judges it
    (`endgame.leader`)."""
    live = list(hands)
    last = (t.last_seat, t.last) if t.last is not None and t.last_seat is not None else None
    history = list(t.history)
    seat, passes = t.seat, 0
    for _ in range(cap):
        history.append((seat, move))
        if move == PASS:
            passes += 1
            if last is not None and passes == t.players - 1:
                seat, last, passes = last[0], None, 0
                move = decide(_view(t, tuple(live), seat, last, history), NORMAL, rng).move
                continue
        else:
            live[seat] = subtract(live[seat], parse(move))
            if not sum(live[seat]):
                return t.allied(t.seat, seat)
            last, passes = (seat, read_as(move, last[1] if last else None, t.rules)), 0
        seat = t.next_seat(seat)
        solved = tail.wins(t, live, seat, last) if tail else None
        if solved is not None:
            return solved == t.allied(t.seat, seat)
        move = decide(_view(t, tuple(live), seat, last, history), NORMAL, rng).move
    return t.allied(t.seat, leader(tuple(live), seat, t.landlord, t.rules))


def candidates(t: Table, choice: str) -> list[str]:
    """The policy's choice first, then the plays of the hand plan (leading) or the answers keeping the best plan
    (following) and passing."""
    if t.last is None:
        others = [p.text for p in whole_plan(t.hand, t.rules).parts]
    else:
        answers = follow_moves(t.hand, t.last, t.rules)
        others = sorted(answers, key=lambda m: -plan(subtract(t.hand, parse(m)), t.rules).score)
    out = [choice, *[m for m in others if m != choice][:ALTERNATIVES]]
    if t.last is not None and PASS not in out:
        out.append(PASS)
    return out


def look_ahead(t: Table, level: Level, choice: str, rng: random.Random) -> dict[str, int] | None:
    """Deals won of `level.rollouts` sampled per candidate move, or None when there is nothing to choose between.
    Every candidate plays the same deals with the same seeds, so the comparison is between moves, not luck."""
    if t.allowance is not None:  # a two-player farmer's kept cards: the plain end-game search covers it
        return None
    moves = candidates(t, choice)
    if len(moves) < 2:
        return None
    seen = evidence(t)
    deals = [sample_hands(t, rng, seen) for _ in range(level.rollouts)]
    cap = max(1, level.rollout_moves // (len(moves) * len(deals)))
    wins = dict.fromkeys(moves, 0)
    tail = Tail(t, level.rollout_exact, level.rollout_exact_nodes)
    for k, hands in enumerate(deals):
        for move in moves:
            wins[move] += play_out(t, hands, move, random.Random(k), cap, tail)
    return wins
