"""Legal move generation speed: move lists per second for seeded dealt hands and landlord hands (17 and 20 cards;
25 and 33 at the four-player table).

Run: `python -m benchmarks.moves [--hands N] [--seed S] [--repeat R] [--ruleset NAME]`. Every hand is a fresh
random deal, so the figures include no per-hand caching; the best of R passes is reported, in process time (the
machine is shared and noisy). At the wild-card tables (`wildcard`: a random wild rank per hand; `swap-three`: the
extra wild card) the lists are `game.wild.legal`'s (every physical=reading pair), the hands holding wild cards are
also timed apart, and each line gives its slowest single list.
Reference: established Python engines manage about 11,000 free-lead lists/s (17 cards) and 60,000 following.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from game import wild
from game.cards import RANKS, TWO, WILD_CHAR, Counts, normalize, parse
from game.combos import Reading, classify
from game.moves import legal
from game.rulesets import PRESETS, Ruleset, get

Position = tuple[Counts, Reading | None]


def random_counts(rng: random.Random, size: int, rules: Ruleset) -> tuple[Counts, Counts]:
    """A hand of `size` cards and another dealt hand from the rest of the same shuffled pack."""
    pack = [card.rank for card in rules.deck.build()]
    rng.shuffle(pack)
    return _counts(pack[:size]), _counts(pack[size : size + rules.hand_size])


def _counts(ranks: list[int]) -> Counts:
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


def positions(rng: random.Random, size: int, hands: int, follow: bool, rules: Ruleset) -> list[Position]:
    """Free-lead positions, or following positions whose last play is a random lead of another hand."""
    out: list[Position] = []
    for _ in range(hands):
        mine, other = random_counts(rng, size, rules)
        last = None
        if follow:
            lead = rng.choice(legal(other, None, rules))
            last = classify(parse(lead), rules)[0]
        out.append((mine, last))
    return out


def measure(batch: list, lister: Callable[..., list[str]], repeat: int, worst: bool = False) -> tuple[float, ...]:
    """(best lists per second, mean moves per list) for `lister(*position)` over the batch, timed in process time
    (this process's CPU time: the other jobs of a shared machine count less than in wall-clock time); with `worst`
    also the slowest single list of that pass, in seconds (timing each list costs a little of the rate)."""
    best: tuple[float, ...] = ()
    for _ in range(repeat):
        total, slowest = 0, 0.0
        started = time.process_time()
        for position in batch:
            before = time.process_time() if worst else 0.0
            total += len(lister(*position))
            if worst:
                slowest = max(slowest, time.process_time() - before)
        rate = len(batch) / max(time.process_time() - started, 1e-9)
        best = max(best, (rate, total / len(batch), *((slowest,) if worst else ())))
    return best


WildPosition = tuple[str, str, Reading | None]  # hand text, the wild card's character, the play to beat


def wild_positions(rng: random.Random, size: int, hands: int, follow: bool, rules: Ruleset) -> list[WildPosition]:
    """Positions at a wild-card table: a dealt hand of `size` cards and the wild card (a random rank, or `W`)."""
    out: list[WildPosition] = []
    pack = [card.char for card in rules.deck.build()]
    for _ in range(hands):
        rng.shuffle(pack)
        card = WILD_CHAR if rules.deck.extra_wild else RANKS[rng.randrange(TWO + 1)]
        mine, other = normalize("".join(pack[:size])), normalize("".join(pack[size : size + rules.hand_size]))
        last = None
        if follow:
            lead = rng.choice(wild.legal(other, None, card, rules))
            last = wild.stands_of(lead, card, rules)[0].reading
        out.append((mine, card, last))
    return out


def report(size: int, situation: str, figures: tuple[float, ...], width: int) -> None:
    """One line: lists/s, µs per list, moves per list, and the slowest list in ms when measured."""
    rate, mean_moves, *slowest = figures
    line = f"{size:>5} {situation:<{width}} {rate:>10,.0f} {1e6 / rate:>8.1f} {mean_moves:>10.1f}"
    print(line + "".join(f" {1e3 * s:>8.1f}" for s in slowest))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ruleset", default="standard", choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    rules = get(args.ruleset)
    width = 22 if rules.wilds else 10

    def plain(counts: Counts, last: Reading | None) -> list[str]:
        return legal(counts, last, rules)

    def listing(hand: str, card: str, last: Reading | None) -> list[str]:
        return wild.legal(hand, last, card, rules)

    header = f"{'hand':>5} {'situation':<{width}} {'lists/s':>10} {'us/list':>8} {'moves/list':>10}"
    print(header + (f" {'max ms':>8}" if rules.wilds else ""))
    for size in (rules.hand_size, rules.hand_size + rules.kitty_size):
        for follow in (False, True):
            situation = "following" if follow else "free lead"
            if not rules.wilds:
                batch = positions(random.Random(args.seed + size), size, args.hands, follow, rules)
                report(size, situation, measure(batch, plain, args.repeat), width)
                continue

            wild_batch = wild_positions(random.Random(args.seed + size), size, args.hands, follow, rules)
            report(size, situation, measure(wild_batch, listing, args.repeat, worst=True), width)
            for wilds in range(1, 5 if rules.wild_rank else 2):
                held = [p for p in wild_batch if p[0].count(p[1]) == wilds]
                if held:
                    label = f"{situation}, {wilds} wild ({len(held)})"
                    report(size, label, measure(held, listing, args.repeat, worst=True), width)


if __name__ == "__main__":
    main()
