"""Bot arena on duplicate deals: `python -m benchmarks.bots [--deals N] [--pairs hard:normal,...] [--seed S]`.

Each deal is played twice with the sides swapped: first A holds the landlord seat against B's two farmers,
then B is landlord against A. The auction is run once per deal by a fixed reference bidder (the `normal`
level for every seat), so both plays of a deal have the same landlord, kitty and bid. Prints win rates as
landlord and as farmers with 95% confidence intervals, A's average points per play, and decision times.
This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.actions import Bid, Pass, Play
from game.bots import LEVELS, decide, decide_bid
from game.bots.table import table_of
from game.match import Match, Phase
from game.moves import legal
from game.observe import Observation, observe

DEFAULT_PAIRS = "hard:normal,normal:easy,hard:random,normal:random,easy:random"
Player = Callable[[Observation, random.Random], str]


def player(name: str) -> Player:
    if name == "random":
        return random_move
    if name not in LEVELS:
        raise SystemExit(f"unknown player {name!r}: use one of {', '.join(LEVELS)} or random")
    return lambda view, rng: decide(view, name, rng)


def random_move(view: Observation, rng: random.Random) -> str:
    """Uniform over the legal moves (passing included when following)."""
    t = table_of(view)
    moves = legal(t.hand, t.last, t.rules)
    return rng.choice(moves if t.last is None else [*moves, "pass"])


@dataclass
class Side:
    """One player's results in a pairing."""

    landlord_wins: list[int] = field(default_factory=list)
    farmer_wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # per deal, both plays summed
    times: list[float] = field(default_factory=list)


def play_deal(deal: int, a: Player, b: Player, a_side: Side, b_side: Side) -> None:
    """Both plays of one deal; records A's and B's results."""
    deal_points = 0
    for a_is_landlord in (True, False):
        match = Match("standard", seed=deal, first_deal=deal)
        while match.phase is Phase.BIDDING:
            seat = match.turn
            assert seat is not None
            match.apply(Bid(seat, decide_bid(observe(match, seat), "normal")))
        landlord = match.hand.landlord
        rng = random.Random(deal * 2 + a_is_landlord)
        while match.phase is Phase.PLAYING:
            seat = match.turn
            assert seat is not None
            a_turn = (seat == landlord) == a_is_landlord
            mover, side = (a, a_side) if a_turn else (b, b_side)
            started = time.perf_counter()
            move = mover(observe(match, seat), rng)
            side.times.append(time.perf_counter() - started)
            match.apply(Pass(seat) if move == "pass" else Play(seat, move))
        settlement = match.hand.settlement
        assert settlement is not None
        landlord_points = settlement.deltas[settlement.landlord]
        a_points = landlord_points if a_is_landlord else -landlord_points
        deal_points += a_points
        won = settlement.landlord_won
        if a_is_landlord:
            a_side.landlord_wins.append(won)
            b_side.farmer_wins.append(not won)
        else:
            b_side.landlord_wins.append(won)
            a_side.farmer_wins.append(not won)
    a_side.points.append(deal_points)
    b_side.points.append(-deal_points)


def rate(wins: list[int]) -> str:
    n = len(wins)
    p = sum(wins) / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return f"{100 * p:5.1f}% ± {100 * half:4.1f}"


def mean_ci(values: list[int] | list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    return mean, half


def timing(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {1e3 * ordered[len(ordered) // 2]:.2f} ms, p99 {1e3 * p99:.1f} ms, max {1e3 * ordered[-1]:.0f} ms"


def run_pair(a_name: str, b_name: str, deals: int, seed: int) -> None:
    a_side, b_side = Side(), Side()
    a, b = player(a_name), player(b_name)
    started = time.perf_counter()
    for k in range(deals):
        play_deal(seed * 1_000_003 + k, a, b, a_side, b_side)
    mean, half = mean_ci(a_side.points)
    verdict = "significant" if abs(mean) > half else "not significant"
    print(f"\n{a_name} vs {b_name}: {deals} duplicate deals ({2 * deals} plays, {time.perf_counter() - started:.0f} s)")
    for name, side in ((a_name, a_side), (b_name, b_side)):
        print(f"  {name:>7}: landlord wins {rate(side.landlord_wins)}   farmer wins {rate(side.farmer_wins)}")
    print(f"  {a_name} points per deal (both plays): {mean:+.2f} ± {half:.2f} ({verdict})")
    print(f"  {a_name} points per play: {mean / 2:+.2f}")
    for name, side in ((a_name, a_side), (b_name, b_side)):
        if name != "random":
            print(f"  {name:>7} decision time: {timing(side.times)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per pairing")
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="comma-separated A:B pairings")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for pair in args.pairs.split(","):
        a_name, b_name = pair.split(":")
        run_pair(a_name, b_name, args.deals, args.seed)


if __name__ == "__main__":
    main()
