"""Proof screen (issue 34): replay bot decisions and prove each end-game one against every consistent deal.

`python -m benchmarks.proof_screen [--level hard] [--hands 2000] [--rlcard 500] [--seed 1] [--cards 20]
[--max-deals 3000] [--jobs 1] [--out FILE]`

Plays `--hands` self-play hands (the level in every seat, bidding as itself) and `--rlcard` duplicate deals
against RLCard's rule agent (two games a deal under the reference auction: the level as landlord against RLCard's
farmers, then RLCard's landlord against the level's farmers; `requirements-bench.txt`). Every decision of the level
with a choice, once the three hands hold `--cards` cards or fewer, is proved (`game.bots.proof.prove`): every deal of
the unseen cards that agrees with what the seat saw is solved exactly. A decision is a proven blunder when another
move wins on every such deal and the move made does not. Decisions with more than `--max-deals` consistent deals
are counted, not proved. Prints the counts per source and each blunder; `--out` writes them as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from game.bots import decide, decide_bid
from game.bots.arena import Player, Side, auction, play_out
from game.bots.proof import deal_count, prove
from game.bots.table import table_of
from game.cards import render
from game.match import Match
from game.moves import legal
from game.observe import Observation
from game.rulesets import STANDARD

CHUNKS = 10  # batches per worker and source: each prints as it ends, so a long screen reports as it goes


@dataclass
class Tally:
    """What one batch of games found."""

    decisions: int = 0  # the level's decisions with a choice within the card limit
    proved: int = 0
    too_many: int = 0  # more consistent deals than the limit
    blunders: list[dict] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.decisions += other.decisions
        self.proved += other.proved
        self.too_many += other.too_many
        self.blunders += other.blunders
        self.seconds += other.seconds


@dataclass(frozen=True)
class Job:
    level: str
    source: str  # "self-play" or "rlcard"
    deals: tuple[int, ...]
    cards: int
    max_deals: int


def screened(level: str, job: Job, tally: Tally, match_of: Callable[[], Match]) -> Callable:
    """The level's mover, proving each of its decisions within the limits before it is played."""

    def move(view: Observation, rng: random.Random) -> str:
        made = decide(view, level, rng)
        t = table_of(view)
        if sum(t.sizes) > job.cards:
            return made
        options = legal(t.hand, t.last, t.rules)
        if len(options) + (t.last is not None) < 2:
            return made
        tally.decisions += 1
        if deal_count(t) > job.max_deals:
            tally.too_many += 1
            return made
        match = match_of()
        true = tuple(match.counts(s) for s in range(match.players))
        verdict = prove(t, made, true)
        tally.proved += 1
        if verdict.blunder:
            tally.blunders.append(
                {
                    "source": job.source,
                    "level": level,
                    "deal": view.deal_no,
                    "seat": view.seat,
                    "landlord": view.landlord,
                    "hand": view.hand,
                    "sizes": list(view.hand_sizes),
                    "history": [list(h) for h in view.history],
                    "kitty": view.kitty,
                    "move": made,
                    "sure": list(verdict.sure),
                    "hands": [render(h) for h in true],
                }
            )
        return made

    return move


def run(job: Job) -> Tally:
    tally = Tally()
    started = time.process_time()
    current: list[Match] = []
    screen = Player(job.level, screened(job.level, job, tally, lambda: current[0]), lambda v: 0, job.level)
    if job.source == "rlcard":
        from benchmarks.bots import player  # the outside agent is a benchmark dependency

        other = player("rlcard")
    for deal in job.deals:
        if job.source == "self-play":
            match = Match(STANDARD, seed=deal, first_deal=deal)
            current[:] = [match]
            auction(match, [lambda view: decide_bid(view, job.level)] * 3)
            play_out(match, [screen] * 3, [Side()] * 3, random.Random(deal))
            continue
        for ours_landlord in (True, False):
            match = Match(STANDARD, seed=deal, first_deal=deal)
            current[:] = [match]
            auction(match, [lambda view: decide_bid(view, "normal")] * 3)
            landlord = match.hand.landlord
            seats = [screen if (seat == landlord) == ours_landlord else other for seat in range(3)]
            play_out(match, seats, [Side()] * 3, random.Random(deal * 2 + ours_landlord))
    tally.seconds = time.process_time() - started
    return tally


def describe(b: dict) -> str:
    role = "landlord" if b["seat"] == b["landlord"] else "farmer"
    tail = " ".join(f"{s}:{m}" for s, m in b["history"][-6:])
    return (
        f"  {b['source']} deal {b['deal']} seat {b['seat']} ({role}), hands {b['hands']} sizes {b['sizes']}"
        f" ... {tail}\n    played {b['move']}; wins on every deal: {', '.join(b['sure'])}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--hands", type=int, default=2000, help="self-play hands")
    parser.add_argument("--rlcard", type=int, default=500, help="duplicate deals against RLCard (two games each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", type=int, default=20, help="prove decisions with at most this many cards in hands")
    parser.add_argument("--max-deals", type=int, default=3000, help="consistent deals at most per proved decision")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", type=Path, help="write the blunders here as JSON lines")
    args = parser.parse_args(argv)
    base = args.seed * 1_000_003
    chunks = max(1, args.jobs * CHUNKS)
    jobs = [
        Job(args.level, source, tuple(range(base + k, base + count, chunks)), args.cards, args.max_deals)
        for source, count in (("self-play", args.hands), ("rlcard", args.rlcard))
        for k in range(min(chunks, count))
    ]
    totals: dict[str, Tally] = {"self-play": Tally(), "rlcard": Tally()}
    if args.out:
        args.out.write_text("")
    print(f"proof screen, level {args.level}, seed {args.seed}, decisions with {args.cards} cards or fewer in hands")
    with ProcessPoolExecutor(args.jobs) as pool:
        running = {pool.submit(run, job): job for job in jobs}
        for done, future in enumerate(as_completed(running), 1):
            job, tally = running[future], future.result()
            totals[job.source].add(tally)
            print(f"  {done}/{len(jobs)} batches: {job.source} {len(job.deals)} deals, {len(tally.blunders)} blunders")
            for b in tally.blunders:
                print(describe(b))
            if args.out:
                with args.out.open("a") as out:
                    out.writelines(f"{json.dumps(b)}\n" for b in tally.blunders)
    games = {"self-play": f"{args.hands} hands", "rlcard": f"{2 * args.rlcard} games ({args.rlcard} deals)"}
    for source, tally in totals.items():
        kinds = Counter("landlord" if b["seat"] == b["landlord"] else "farmer" for b in tally.blunders)
        print(
            f"  {source}, {games[source]}: {tally.decisions} decisions, {tally.proved} proved, {tally.too_many} with"
            f" more than {args.max_deals} deals; proven blunders {len(tally.blunders)}"
            f" ({kinds['landlord']} landlord, {kinds['farmer']} farmer); {tally.seconds:.0f} s of process time"
        )


if __name__ == "__main__":
    main()
