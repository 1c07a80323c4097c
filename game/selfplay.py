"""Headless self-play: `python -m game.selfplay --games N --seed S [--ruleset NAME]`.

Plays N full hands with simple placeholder policies, checks every invariant after every action and
prints the results and hands per second. Exits 1 if any invariant breaks.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable

from game.actions import Action, Bid, NextHand, Pass, Play
from game.cards import parse
from game.events import HandOver
from game.invariants import problems
from game.match import Match, Phase
from game.rulesets import RULESETS

Policy = Callable[[Match, random.Random], Action]


def placeholder_policy(match: Match, rng: random.Random) -> Action:
    """Bid on strong cards, lead the longest cheap play, follow with the lowest answer or pass."""
    seat = match.turn
    assert seat is not None
    if match.phase is Phase.BIDDING:
        counts = parse(match.ranks(seat))
        strength = counts[12] + 2 * (counts[13] + counts[14]) + sum(3 for n in counts if n == 4)
        wish = min(3, strength // 2)
        choices = match.bid_choices()
        return Bid(seat, wish if wish in choices else 0)
    moves = match.legal_moves()
    plays = [m for m in moves if m != "pass"]
    if not plays:
        return Pass(seat)
    if "pass" in moves and rng.random() < 0.25:
        return Pass(seat)
    if "pass" not in moves:
        return Play(seat, max(plays, key=len) if rng.random() < 0.5 else plays[0])
    return Play(seat, plays[0])


def run(games: int, seed: int, ruleset: str, policy: Policy = placeholder_policy) -> dict[str, float]:
    rng = random.Random(seed)
    match = Match(ruleset, seed=seed)
    stats: Counter[str] = Counter()
    started = time.perf_counter()
    while stats["hands"] < games:
        if match.phase is Phase.MATCH_OVER:
            stats["matches"] += 1
            match = Match(ruleset, seed=rng.randrange(2**32))
        action = NextHand() if match.phase is Phase.HAND_OVER else policy(match, rng)
        for event in match.apply(action):
            if isinstance(event, HandOver):
                settlement = event.settlement
                stats["hands"] += 1
                stats["landlord_wins" if settlement.landlord_won else "farmer_wins"] += 1
                stats["springs"] += sum(d in ("spring", "reverse_spring") for d in settlement.doublings)
                stats["bombs"] += sum(d in ("bomb", "rocket") for d in settlement.doublings)
                stats["points"] += settlement.points
        stats["actions"] += 1
        broken = problems(match)
        if broken:
            raise AssertionError(f"after {action}: {'; '.join(broken)}")
    elapsed = time.perf_counter() - started
    return {**stats, "seconds": elapsed, "hands_per_second": stats["hands"] / elapsed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="full hands to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="standard", choices=sorted(RULESETS))
    args = parser.parse_args(argv)
    try:
        result = run(args.games, args.seed, args.ruleset)
    except AssertionError as broken:
        print(f"invariant broken: {broken}", file=sys.stderr)
        return 1
    hands = int(result["hands"])
    print(
        f"{hands} hands ({args.ruleset}, seed {args.seed}), {int(result['actions'])} actions, "
        f"invariants checked after every action"
    )
    print(
        f"landlord won {int(result['landlord_wins'])}, farmers won {int(result['farmer_wins'])}, "
        f"springs {int(result['springs'])}, bombs and rockets {int(result['bombs'])}, "
        f"mean P {result['points'] / max(hands, 1):.2f}, matches finished {int(result['matches'])}"
    )
    print(f"{result['hands_per_second']:.1f} hands per second ({result['seconds']:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
