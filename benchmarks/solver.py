"""Exact solver speed: time per proof and positions searched per second, by cards on the table.

Run: `python -m benchmarks.solver [--positions N] [--seed S] [--sizes 12,16,20,24]`. Each position is a fresh
random deal of that many cards (the landlord holding a third more than each farmer, or half in the two-player
form), the landlord to lead; each proof starts from an empty transposition table. "proof" is the win or loss of
the side to move; "all first moves" proves every first action, as `verify` and the puzzle screen need. Times are
this process's CPU time (on a machine other jobs load, wall time also counts their turns); "most positions" is the
largest proof's search, which no load changes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.rulesets import STANDARD, TWO_PLAYER, Ruleset
from game.solver import Position, Solver


def split(cards: int, players: int) -> tuple[int, ...]:
    """The landlord's share first: 3-seat 8/6/6 of 20 cards, two-seat 10/10."""
    if players == 2:
        return cards - cards // 2, cards // 2
    farmer = (cards * 3) // 10
    return cards - 2 * farmer, farmer, farmer


def random_position(rng: random.Random, rules: Ruleset, cards: int, allowance: int | None) -> Position:
    pack = [card.rank for card in rules.deck.build()]
    rng.shuffle(pack)
    hands, start = [], 0
    for size in split(cards, rules.players):
        counts = [0] * 15
        for rank in pack[start : start + size]:
            counts[rank] += 1
        hands.append(tuple(counts))
        start += size
    return Position(rules, tuple(hands), landlord=0, turn=0, allowance=allowance)


def measure(positions: list[Position], every_first_move: bool) -> tuple[list[float], list[int]]:
    """(CPU seconds per proof, positions searched per proof)."""
    times, nodes = [], []
    for position in positions:
        solver = Solver.of(position)
        started = time.process_time()
        if every_first_move:
            solver.winning_moves(position)
        else:
            solver.wins(position)
        times.append(time.process_time() - started)
        nodes.append(solver.nodes)
    return times, nodes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="random positions per size and form")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sizes", default="12,16,20,24")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    head = (
        f"{'form':<10} {'cards':>5} {'what':<16} {'median ms':>9} {'mean ms':>8} {'max ms':>8} {'most positions':>14}"
    )
    print(f"{head} {'positions/s':>11}")
    for form, rules, allowance in (("3-seat", STANDARD, None), ("two-seat", TWO_PLAYER, 1)):
        for cards in sizes:
            rng = random.Random(f"{args.seed}:{form}:{cards}")
            batch = [random_position(rng, rules, cards, allowance) for _ in range(args.positions)]
            for every in (False, True):
                times, nodes = measure(batch, every)
                what = "all first moves" if every else "proof"
                print(
                    f"{form:<10} {cards:>5} {what:<16} {statistics.median(times) * 1e3:>9.1f} "
                    f"{statistics.mean(times) * 1e3:>8.1f} {max(times) * 1e3:>8.1f} {max(nodes):>14,} "
                    f"{sum(nodes) / max(sum(times), 1e-9):>11,.0f}"
                )


if __name__ == "__main__":
    main()
