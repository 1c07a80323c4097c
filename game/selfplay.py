"""Headless self-play: `python -m game.selfplay --games N --seed S [--ruleset NAME] [--level LEVEL]`.

Plays N full hands with the bots in every seat, checks every invariant after every action (and that illegal actions
are refused, after every tenth) and prints the results and hands per second. Exits 1 if any invariant breaks.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from game import bots
from game.actions import Action, Bid, Double, NextHand, Pass, Play, Show, Swap
from game.events import DoublesRevealed, HandOver
from game.invariants import problems, refusals
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import PRESETS

Policy = Callable[[Match, random.Random], Action]
PROBE_EVERY = 10  # actions between two feeds of illegal actions (`refusals`, 3 each): they cost more than a check

COUNTED = (
    "hands",
    "actions",
    "matches",
    "landlord_wins",
    "farmer_wins",
    "springs",
    "bombs",
    "points",
    "robs",
    "doubles",
    "shows",
    "capped",
    "first_bidder_landlord",
    "probes",
)


def acting_seat(match: Match) -> int:
    """The seat the match waits for: in the doubling phase (004) and the swap (003), where every seat decides at
    once, the first seat still undecided."""
    return match.waiting[0]


def bot_action(match: Match, seat: int, level: str, rng: random.Random) -> Action:
    """The bot of `level`'s bid, double, show or move for `seat`, seeing only that seat's observation."""
    view = observe(match, seat)
    if match.phase is Phase.SWAPPING:
        return Swap(seat, bots.decide_swap(view, level, rng))
    if match.phase is Phase.BIDDING:
        return Bid(seat, bots.decide_bid(view, level, rng))
    if match.phase is Phase.DOUBLING:
        return Double(seat, bots.decide_double(view, level, rng))
    if match.phase is Phase.SHOWING:
        return Show(seat, bots.decide_show(view, level, rng))
    move = bots.decide(view, level, rng)
    return Pass(seat) if move == "pass" else Play(seat, move)


def bot_policy(level: str) -> Policy:
    """Every seat played by the bot of `level`."""
    return lambda match, rng: bot_action(match, acting_seat(match), level, rng)


def run(
    games: int, seed: int, ruleset: str, policy: Policy, probe_every: int = PROBE_EVERY, seconds: float | None = None
) -> dict[str, float]:
    """Play `games` hands (or as many as end within `seconds`) checking every invariant after every action; after
    every `probe_every`-th action (0: never) feed illegal actions too (`refusals`), drawn from their own random
    stream so that the hands played stay the same."""
    rng, probes = random.Random(seed), random.Random(f"probes {seed}")
    match = Match(ruleset, seed=seed)
    stats: Counter[str] = Counter(dict.fromkeys(COUNTED, 0))
    started, cpu = time.perf_counter(), time.process_time()
    while stats["hands"] < games and (seconds is None or time.perf_counter() - started < seconds):
        if match.phase is Phase.MATCH_OVER:
            stats["matches"] += 1
            match = Match(ruleset, seed=rng.randrange(2**32))
        action = NextHand() if match.phase is Phase.HAND_OVER else policy(match, rng)
        for event in match.apply(action):
            if isinstance(event, DoublesRevealed):
                stats["doubles"] += sum(event.doubles)
            if isinstance(event, HandOver):
                settlement = event.settlement
                stats["hands"] += 1
                stats["landlord_wins" if settlement.landlord_won else "farmer_wins"] += 1
                stats["springs"] += sum(d in ("spring", "reverse_spring") for d in settlement.doublings)
                stats["bombs"] += sum(d in ("bomb", "soft_bomb", "wild_bomb", "rocket") for d in settlement.doublings)
                stats["points"] += settlement.points
                stats["robs"] += settlement.doublings.count("rob")
                stats["shows"] += settlement.doublings.count("show")
                stats["capped"] += sum(share.capped for share in settlement.shares)
                stats[f"bid {settlement.bid}"] += 1
                stats["first_bidder_landlord"] += settlement.landlord == match.hand.first_bidder
        stats["actions"] += 1
        broken = problems(match)
        if probe_every and stats["actions"] % probe_every == 0:
            broken += refusals(match, probes)
            stats["probes"] += 1
        if broken:
            raise AssertionError(f"after {action}: {'; '.join(broken)}")
    elapsed = time.perf_counter() - started
    return {
        **stats,
        "seconds": elapsed,
        "cpu_seconds": time.process_time() - cpu,
        "hands_per_second": stats["hands"] / elapsed,
    }


def selfplay_part(hands: int, seed: int, ruleset: str, level: str, seconds: float | None) -> dict[str, float]:
    """One process's share of a ruleset's bot-only hands (module level, so a worker process can run it)."""
    return run(hands, seed, ruleset, bot_policy(level), seconds=seconds)


def soak_selfplay(
    hands: int, seed: int, level: str, rulesets: list[str], jobs: int = 1, seconds: float | None = None
) -> None:
    """Per ruleset `hands` hands, or as many as end within `seconds`, split over `jobs` processes (job i plays
    seed + i); the counts are summed and the rates given per second of the clock and of CPU time."""
    print(
        f"bot-only hands ({level} bots, {jobs} process{'es' * (jobs > 1)}), every invariant checked after every "
        f"action, illegal actions fed and refused after every {PROBE_EVERY}th:"
    )
    for name in rulesets:
        shares = [hands // jobs + (job < hands % jobs) for job in range(jobs)]
        started = time.perf_counter()
        try:
            if jobs == 1:
                parts = [selfplay_part(hands, seed, name, level, seconds)]
            else:
                with ProcessPoolExecutor(jobs) as pool:
                    runs = [
                        pool.submit(selfplay_part, n, seed + job, name, level, seconds) for job, n in enumerate(shares)
                    ]
                    parts = [done.result() for done in runs]
        except AssertionError as broken:
            print(f"  {name:<12} VIOLATION: {broken}")
            continue
        total = {key: sum(part[key] for part in parts) for key in ("hands", "actions", "probes", "cpu_seconds")}
        elapsed = time.perf_counter() - started
        print(
            f"  {name:<12} {int(total['hands']):>8} hands {int(total['actions']):>10} actions "
            f"{int(total['probes']):>8} probes  0 violations  {total['hands'] / elapsed:7.1f} hands/s "
            f"({total['hands'] / total['cpu_seconds']:.1f} per CPU second, {elapsed:.0f} s)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="full hands to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--level", default=bots.DEFAULT_LEVEL, choices=bots.LEVELS)
    args = parser.parse_args(argv)
    try:
        result = run(args.games, args.seed, args.ruleset, bot_policy(args.level))
    except AssertionError as broken:
        print(f"invariant broken: {broken}", file=sys.stderr)
        return 1
    hands = int(result["hands"])
    print(
        f"{hands} hands ({args.ruleset}, {args.level} bots, seed {args.seed}), {int(result['actions'])} actions, "
        f"invariants checked after every action, illegal actions fed and refused after {int(result['probes'])}"
    )
    print(
        f"landlord won {int(result['landlord_wins'])}, farmers won {int(result['farmer_wins'])}, "
        f"springs {int(result['springs'])}, bombs and rockets {int(result['bombs'])}, "
        f"mean P {result['points'] / max(hands, 1):.2f}, matches finished {int(result['matches'])}"
    )
    extras = {key: int(result[key]) for key in ("robs", "doubles", "shows", "capped")}
    if any(extras.values()):
        print(
            f"robs {extras['robs']}, doubles {extras['doubles']}, hands shown {extras['shows']}, "
            f"shares capped {extras['capped']}"
        )
    bids = sorted((key, int(n)) for key, n in result.items() if key.startswith("bid "))
    print(
        f"landlord's bid: {', '.join(f'{key[4:]} in {n}' for key, n in bids)}; "
        f"the first bidder became landlord {int(result['first_bidder_landlord'])} times"
    )
    print(f"{result['hands_per_second']:.1f} hands per second ({result['seconds']:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
