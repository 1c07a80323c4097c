"""Match simulator for bidders: whole matches scored in seconds on pooled, played-out deals.

`python -m benchmarks.match_model [--deals N] [--pool FILE] [--matches N] [--pairs A:B,...] [--search N]
[--ruleset NAME]`.

Points per hand are linear in the bid, match wins are not, so bidders are judged on whole matches. Playing
matches with real bots takes minutes per hundred; here every deal of a pool is played out once per seat as
landlord by `normal` bots (the play does not read the bid or the scores), and a simulated match draws its hands
from the pool: the bidders answer on the dealt hands' values (`bidding.landlord_value`) and the auction's
landlord scores that deal's played result at the winning bid. So a bidder's match win rate against another
comes out in seconds, on outcomes real play produced, and a family of match-aware bidders can be searched
before the best is validated in the real match arena (`python -m benchmarks.bots --matches N`).
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import replace
from pathlib import Path

from benchmarks.bots import mean_ci
from game.bots.arena import Side, auction, forced_bidder, play_out, player
from game.bots.bidding import landlord_value
from game.bots.levels import Level, level_of
from game.bots.match_sim import Deal, SimBidder, level_bidder, sim_auction, sim_match, top_bidder
from game.cards import parse
from game.match import Match
from game.observe import observe
from game.rulesets import Ruleset, get


def pool(deals: int, seed: int, rules: Ruleset) -> list[Deal]:
    """Every deal played out with each seat as landlord in turn by `normal` bots."""
    normal = player("normal")
    n = rules.players
    out = []
    for k in range(deals):
        deal = seed * 1_000_003 + k
        values, results, first = [], [], 0
        for landlord in range(n):
            match = Match(rules, seed=deal, first_deal=deal)
            first = match.hand.first_bidder
            if landlord == 0:
                values = [landlord_value(parse(observe(match, seat).hand), rules=rules) for seat in range(n)]
            auction(match, [forced_bidder(seat == landlord, rules) for seat in range(n)])
            play_out(match, [normal] * n, [Side()] * n, random.Random(deal * n + landlord))
            settlement = match.hand.settlement
            assert settlement is not None
            results.append(settlement.multiplier if settlement.landlord_won else -settlement.multiplier)
        out.append(Deal(first, tuple(values), tuple(results)))
    return out


def load_pool(path: Path | None, deals: int, seed: int, rules: Ruleset) -> list[Deal]:
    """The pool from `path` if it holds one for these settings, else built (and saved there)."""
    key = {"deals": deals, "seed": seed, "ruleset": rules.name}
    if path and path.exists():
        saved = json.loads(path.read_text())
        if saved["key"] == key:
            return [Deal(d[0], tuple(d[1]), tuple(d[2])) for d in saved["deals"]]
    built = pool(deals, seed, rules)
    if path:
        path.write_text(json.dumps({"key": key, "deals": [[d.first, d.values, d.results] for d in built]}))
    return built


def duel(a: SimBidder, b: SimBidder, deals: list[Deal], sets: int, seed: int, rules: Ruleset) -> tuple[float, float]:
    """Duplicate match sets (A alone in each seat, then B alone, on the same deals): A's share of the match wins
    and its 95% interval over sets."""
    n = rules.players
    rng = random.Random(seed)
    shares = []
    for k in range(sets):
        start = rng.randrange(len(deals))
        won = 0.0
        for alone, other in ((a, b), (b, a)):
            for seat_alone in range(n):
                seats = [alone if seat == seat_alone else other for seat in range(n)]
                winners, _, _ = sim_match(deals, start, seats, rules, random.Random(k * 7 + seat_alone))
                won += sum(seats[w] is a for w in winners) / len(winners)
        shares.append(won / (2 * n))
    return mean_ci(shares)


def self_bids(bidder: SimBidder, deals: list[Deal], matches: int, seed: int, rules: Ruleset) -> dict[int, float]:
    """The winning-bid shares over `matches` self-play matches."""
    rng = random.Random(seed)
    bids: list[int] = []
    for _ in range(matches):
        bids += sim_match(deals, rng.randrange(len(deals)), [bidder] * rules.players, rules, rng)[2]
    return {v: bids.count(v) / len(bids) for v in rules.bid_values}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals in the pool")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--pool", type=Path, help="a file to keep the pool in between runs")
    parser.add_argument("--matches", type=int, default=2000, help="duplicate match sets per pairing")
    parser.add_argument("--pairs", default="normal:top,hard:top", help="A:B bidders: a level or top")
    parser.add_argument("--search", type=int, metavar="N", help="search N random bidders of the family instead")
    args = parser.parse_args(argv)
    rules = get(args.ruleset)
    deals = load_pool(args.pool, args.deals, args.seed, rules)
    if args.search:
        search(args.search, deals, args.matches, args.seed, rules)
        return
    print(f"{len(deals)} deals pooled ({args.ruleset}), {args.matches} duplicate match sets per pairing")
    for pair in args.pairs.split(","):
        a, b = (sim_bidder(name) for name in pair.split(":"))
        share, half = duel(a, b, deals, args.matches, args.seed, rules)
        shown = ", ".join(f"{v}: {100 * p:.0f}%" for v, p in self_bids(a, deals, 1000, args.seed, rules).items())
        fresh = ", ".join(f"{v}: {100 * p:.0f}%" for v, p in fresh_bids(a, deals, rules, args.seed).items())
        print(f"  {pair}: A's match wins {100 * share:.1f}% ± {100 * half:.1f}")
        print(f"    A's winning bids in self-play matches {shown}; at 0-0 {fresh}")


def fresh_bids(bidder: SimBidder, deals: list[Deal], rules: Ruleset, seed: int) -> dict[int, float]:
    """The winning-bid shares of the pool's auctions at the match's start (every score 0), redeals dropped: what
    `benchmarks.bots --bids` counts."""
    rng = random.Random(seed)
    zero = [0] * rules.players
    won = [r[1] for d in deals if (r := sim_auction(d, [bidder] * rules.players, zero, rules, rng, []))]
    return {v: won.count(v) / len(won) for v in rules.bid_values}


def candidate(rng: random.Random, base: Level) -> Level:
    """A random point of the searched family: grades while later seats may outbid, as the last seat and in front
    of a pre-emptor, the trailing seat's risk and the noise."""

    def grades(pre_empt: float) -> tuple[float, float, float]:
        if rng.random() < pre_empt:
            return (0.0, 0.0, 0.0)
        two = rng.uniform(0.0, 0.6)
        return (round(rng.uniform(-0.3, 0.0), 2), round(two, 2), round(two + rng.uniform(0.0, 0.9), 2))

    return replace(
        base,
        early_grades=grades(0.3),
        last_grades=grades(0.1),
        blocking_grades=grades(0.7),
        risk=round(rng.uniform(0.0, 0.6), 2),
        bid_mix=round(rng.uniform(0.0, 0.2), 2),
    )


def search(count: int, deals: list[Deal], sets: int, seed: int, rules: Ruleset) -> None:
    """`count` random bidders of the family against `top`: match wins, and the share of 1s and 2s won in self-play
    matches and at 0-0; then the ones no other beats on both counts, again on four times the sets."""
    rng = random.Random(seed)
    rows = []
    for k in range(count):
        level = candidate(rng, level_of("normal"))
        bidder = level_bidder(level)
        share, half = duel(bidder, top_bidder, deals, sets, seed + k, rules)
        low = 1 - self_bids(bidder, deals, 300, seed, rules)[rules.max_bid]
        rows.append((share, low, level))
    front = [r for r in rows if not any(o[0] > r[0] and o[1] > r[1] for o in rows)]
    print(f"{count} bidders searched, {len(front)} on the front (match wins vs top, share of 1s and 2s):")
    for share, low, level in sorted(front, key=lambda r: -r[0]):
        share, half = duel(level_bidder(level), top_bidder, deals, 4 * sets, seed + 99, rules)
        fresh = 1 - fresh_bids(level_bidder(level), deals, rules, seed)[rules.max_bid]
        print(
            f"  {100 * share:5.1f}% ± {100 * half:.1f}  1/2 in matches {100 * low:4.1f}%, at 0-0 {100 * fresh:4.1f}%  "
            f"early {level.early_grades} last {level.last_grades} blocking {level.blocking_grades} "
            f"risk {level.risk} mix {level.bid_mix}"
        )


def sim_bidder(name: str) -> SimBidder:
    return top_bidder if name == "top" else level_bidder(level_of(name))


if __name__ == "__main__":
    main()
