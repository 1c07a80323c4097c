"""Bot arena: `python -m benchmarks.bots [--deals N] [--pairs hard:normal,...] [--seed S] [--auction fixed|own]
[--ruleset NAME]`; the match arena `--matches N`; each level's winning bids in self-play `--bids N`; and the
bidding calibration `--calibrate N`.

`--auction fixed` (the default) plays duplicate deals: each deal is played twice with the sides swapped, first A
holds the landlord seat against B's farmers, then B is landlord against A's. The auction is run once per deal
by a fixed reference bidder (the `normal` level for every seat), so both plays of a deal have the same landlord,
kitty and bid: this measures play alone. Each side's WP (games won, either seat) and ADP (average difference in
points per game: +multiplier for a win, -multiplier for a loss, the bid left out) are printed beside.

`--auction own` measures bidding and play together: each deal is played twice per seat, A in each seat against B
in the others and B in each seat against A, every seat bidding with its own player's bidder. Summed over those
plays a deal is worth nothing to equal players, so A's points per deal compare the two.

`--auction model` runs the auctions of `--auction own` without playing them: each is scored by the landlord's
expected points fitted on the dealt hands' values (`OUTCOME`, from `--calibrate`), so bidders compare in seconds.

`--matches N` plays N duplicate match sets to the ruleset's target (six matches from one seed: A alone in each
seat, then B alone in each seat): A's share of the match wins (50% between equal players) and points per deal.

A player is a level (`easy`, `normal`, `hard`), `random` (a uniformly random legal move, bidding as `normal`),
`rlcard` (RLCard's public rule agent, benchmarks/rlcard_agent.py: `pip install -r requirements-bench.txt`), or a
level with another bidder: `@top` the bidder before graded bids (the top bid or nothing), `@timid` issue 4's,
`@flat` the three-seat hand model at every table, `@LEVEL` that level's bidder (`normal@hard`); `LEVEL#COMMIT`
plays as that level's bots did at an earlier commit (`hard#f3e94a8`, game/bots/earlier.py). Prints win rates
with 95% confidence intervals, A's points per deal and decision times. This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.actions import NextHand
from game.bots import LEVELS, arena, decide_bid
from game.bots.arena import Player, Side, auction, fixed_deal, forced_bidder, model_deal, own_deal, play_out, swap
from game.bots.bidding import Features, features, landlord_value
from game.bots.match_sim import MATCH_HANDS
from game.bots.wild import bid_hand
from game.cards import parse
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import PRESETS, Auction, Ruleset, get

DEFAULT_PAIRS = "hard:normal,normal:easy,hard:random,normal:random,easy:random"


def player(name: str) -> Player:
    """An arena player by name (`game.bots.arena.player`), or `rlcard`, the outside agent."""
    if name == "rlcard":
        from benchmarks.rlcard_agent import rlcard_move  # a benchmark dependency, loaded only when named

        return Player(name, rlcard_move, lambda view: decide_bid(view, "normal"), "normal")
    return arena.player(name)


def rate(wins: list[int]) -> str:
    n = len(wins)
    if not n:
        return "   n/a      "
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


def run_model(a_name: str, b_name: str, deals: int, seed: int, rules: Ruleset) -> None:
    a_side, b_side = Side(), Side()
    a, b = player(a_name), player(b_name)
    for k in range(deals):
        model_deal(seed * 1_000_003 + k, a, b, a_side, b_side, rules)
    mean, half = mean_ci(a_side.points)
    plays = 2 * rules.players
    print(f"\n{a_name} vs {b_name} ({rules.name}): {deals} model auctions ({plays * deals} auctions scored by the fit)")
    print(f"  {a_name} expected points per deal (all {plays} plays): {mean:+.2f} ± {half:.2f}")
    print(f"  {a_name} expected points per play: {mean / plays:+.3f}")
    for side, name in ((a_side, a_name), (b_side, b_name)):
        print(f"  {name:>12} landlord {len(side.bids)} times, winning bids {bid_distribution(side.bids, rules)}")


def run_pair(
    a_name: str, b_name: str, deals: int, seed: int, own: bool, rules: Ruleset, first: int = 0, log: Path | None = None
) -> None:
    """Play the pairing and print its results; `log` gets one JSON line per duplicate deal (A's game as landlord
    and as the farmers, +multiplier won, -multiplier lost, and A's points), for `benchmarks.paired`."""
    a_side, b_side = Side(), Side()
    a, b = player(a_name), player(b_name)
    play = own_deal if own else fixed_deal
    started = time.perf_counter()
    lines = []
    for k in range(first, first + deals):
        play(seed * 1_000_003 + k, a, b, a_side, b_side, rules)
        if log and not own:
            landlord, farmers = a_side.games[-2:]
            deal = {"deal": seed * 1_000_003 + k, "landlord": landlord, "farmers": farmers, "points": a_side.points[-1]}
            lines.append(json.dumps(deal))
    if log:
        log.write_text("".join(f"{line}\n" for line in lines))
    mean, half = mean_ci(a_side.points)
    verdict = "significant" if abs(mean) > half else "not significant"
    plays = 2 * rules.players if own else 2
    mode = "own auctions" if own else "duplicate deals"
    elapsed = time.perf_counter() - started
    print(f"\n{a_name} vs {b_name} ({rules.name}): {deals} {mode} ({plays * deals} plays, {elapsed:.0f} s)")
    for side, name in ((a_side, a_name), (b_side, b_name)):
        line = f"  {name:>12}: landlord wins {rate(side.landlord_wins)}   farmer wins {rate(side.farmer_wins)}"
        adp, adp_half = mean_ci(side.games)
        line += f"   WP {rate([int(g > 0) for g in side.games])}   ADP {adp:+.2f} ± {adp_half:.2f}"
        if own:
            line += f"   landlord {len(side.landlord_wins)} times, mean bid {statistics.fmean(side.bids or [0]):.2f}"
        print(line)
    print(f"  {a_name} points per deal (all {plays} plays): {mean:+.2f} ± {half:.2f} ({verdict})")
    print(f"  {a_name} points per play: {mean / plays:+.3f}")
    for side, name in ((a_side, a_name), (b_side, b_name)):
        if not name.startswith("random"):
            print(f"  {name:>12} decision time: {timing(side.times)}; in process time {timing(side.cpu)}")


@dataclass
class MatchResult:
    """One match to the ruleset's target: the winning seats, the hands played and the winning bid of each."""

    winners: tuple[int, ...]
    points: list[int]  # per seat, the final scores
    hands: int
    bids: list[int]


def play_match(seed: int, seats: list[Player], rules: Ruleset) -> MatchResult:
    """A whole match with `seats` bidding and playing; the deals follow from `seed` alone, so every match of a
    duplicate set sees the same cards as long as their auctions redeal alike."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    sides = [Side() for _ in seats]
    bids: list[int] = []
    for _ in range(MATCH_HANDS):
        auction(match, [p.bid for p in seats])
        bids.append(match.hand.bid)
        play_out(match, seats, sides, rng)
        if match.phase is Phase.MATCH_OVER:
            return MatchResult(match.winners, list(match.scores), len(bids), bids)
        match.apply(NextHand())
    best = max(match.scores)
    return MatchResult(tuple(s for s, v in enumerate(match.scores) if v == best), list(match.scores), len(bids), bids)


def run_matches(a_name: str, b_name: str, sets: int, seed: int, rules: Ruleset) -> None:
    """Duplicate match sets: A alone in each seat against B, then B alone in each seat against A, all six from the
    same seed; A holds half the seats over a set, so equal players share the match wins evenly. Prints A's share
    of the match wins and of the points per deal, with 95% intervals over sets, and the winning bids."""
    a, b = player(a_name), player(b_name)
    n = rules.players
    shares, points, hands = [], [], 0
    bids: dict[str, list[int]] = {a_name: [], b_name: []}
    started = time.perf_counter()
    for k in range(sets):
        won = total = deal_points = 0.0
        for alone, other in ((a, b), (b, a)):
            for seat_alone in range(n):
                seats = [alone if seat == seat_alone else other for seat in range(n)]
                result = play_match(seed * 1_000_003 + k, seats, rules)
                won += sum(seats[w] is a for w in result.winners) / len(result.winners)
                total += 1
                deal_points += sum(p for p, s in zip(result.points, seats, strict=True) if s is a) / result.hands
                hands += result.hands
                bids[alone.name] += result.bids
        shares.append(won / total)
        points.append(deal_points / total)
    share, half = mean_ci(shares)
    mean, p_half = mean_ci(points)
    elapsed = time.perf_counter() - started
    print(
        f"\n{a_name} vs {b_name} ({rules.name}): {sets} duplicate match sets ({2 * n * sets} matches to "
        f"{rules.match_target}, {hands} hands, {elapsed:.0f} s)"
    )
    print(f"  {a_name} match wins: {100 * share:.1f}% ± {100 * half:.1f} (equal players: 50%)")
    print(f"  {a_name} points per deal: {mean:+.2f} ± {p_half:.2f}")
    for name in (a_name, b_name):
        print(f"  winning bids with {name} alone: {bid_distribution(bids[name], rules)}")


def bid_distribution(bids: list[int], rules: Ruleset) -> str:
    n = max(1, len(bids))
    return ", ".join(f"{v}: {100 * bids.count(v) / n:.0f}%" for v in sorted(set(bids) | set(rules.bid_values)))


def self_play_bids(deals: int, seed: int, rules: Ruleset) -> None:
    """Each level bidding against itself on the same deals: how often each bid wins the auction (in call/rob
    auctions: how many robs it took); in points auctions also over self-play matches (one per 50 deals), where
    the bids read the scores and the table's bids so far."""
    robbing = rules.auction is not Auction.POINTS
    for level in LEVELS:
        won = []
        for k in range(deals):
            match = Match(rules, seed=seed * 1_000_003 + k, first_deal=seed * 1_000_003 + k)
            auction(match, [lambda view, level=level: decide_bid(view, level)] * rules.players)
            won.append(match.hand.robs if robbing else match.hand.bid)
        n = len(won)
        shown = (
            ", ".join(f"{r}: {100 * won.count(r) / n:.0f}%" for r in sorted(set(won)))
            if robbing
            else bid_distribution(won, rules)
        )
        what = "robs" if robbing else "winning bid"
        print(f"{level:>6} self-play ({rules.name}, {deals} auctions), {what}: {shown}")
        if not robbing:
            matches = max(1, deals // 50)
            seats = [player(level)] * rules.players
            won = [b for k in range(matches) for b in play_match(seed * 1_000_003 + k, seats, rules).bids]
            print(f"{'':>6} in {matches} self-play matches ({len(won)} auctions): {bid_distribution(won, rules)}")


def logistic_fit(x: np.ndarray, y: np.ndarray, steps: int = 25) -> np.ndarray:
    """Coefficients of P(y = 1) = 1 / (1 + exp(-x @ coef)) by Newton's method (iteratively reweighted least squares)."""
    coef = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ coef))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-9 * np.eye(x.shape[1])
        coef += np.linalg.solve(hessian, x.T @ (y - p))
    return coef


def calibrate(deals: int, seed: int, rules: Ruleset) -> None:
    """Every seat of every deal made landlord in turn and played out by `normal` bots: fit the landlord's chance to
    win on the dealt hand's features (logistic), the mean multipliers of a win and of a loss, and the least-squares
    line of the landlord's points per bid point and share (+multiplier for a win, -multiplier for a loss) on the
    plan score and controls, the three-seat model's form; and those points on the landlord's hand value and the
    other hands' (what reading a pass or a bid is worth, `Bidding.pass_read`)."""
    rows = []
    n = rules.players
    normal = player("normal")
    for k in range(deals):
        deal = seed * 1_000_003 + k
        for landlord in range(n):
            match = Match(rules, seed=deal, first_deal=deal)
            swap(match)
            dealt = [parse(bid_hand(observe(match, seat).hand, rules)) for seat in range(n)]
            hand = features(dealt[landlord], rules)
            values = [landlord_value(counts, rules=rules) for counts in dealt]
            against = sum(v for seat, v in enumerate(values) if seat != landlord)
            auction(match, [forced_bidder(seat == landlord, rules) for seat in range(n)])
            play_out(match, [normal] * n, [Side()] * n, random.Random(deal * n + landlord))
            settlement = match.hand.settlement
            assert settlement is not None
            sign = 1 if settlement.landlord_won else -1
            rows.append((1.0, *hand, values[landlord], against, sign * settlement.multiplier))
    data = np.array(rows)
    x, points = data[:, :-3], data[:, -1]
    won = points > 0
    logit = logistic_fit(x, won.astype(float))
    line, *_ = np.linalg.lstsq(x[:, :3], points, rcond=None)
    weights = ", ".join(f"{name} {w:+.4f}" for name, w in zip(Features._fields, logit[1:], strict=True))
    print(f"{len(rows)} hands as landlord ({rules.name}): landlord wins {won.mean():.1%}")
    print(f"P(win) = logistic({logit[0]:+.3f}, {weights})")
    print(f"mean multiplier: win {points[won].mean():.2f}, loss {-points[~won].mean():.2f}")
    print(f"points per bid point per share = {line[0]:.3f} + score / {1 / line[1]:.1f} + {line[2]:.3f} x controls")
    read, *_ = np.linalg.lstsq(data[:, [0, -3, -2]], points, rcond=None)
    print(f"the same points = {read[0]:.3f} + {read[1]:.3f} x landlord's value {read[2]:+.3f} x the others' values")
    chance = 1 / (1 + np.exp(-x @ logit))
    for low, high in ((0.0, 0.4), (0.4, 0.45), (0.45, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 1.0)):
        chosen = (chance >= low) & (chance < high)
        if chosen.any():
            print(
                f"  P(win) {low:.2f}-{high:.2f}: {chosen.mean():5.1%} of hands, "
                f"landlord wins {won[chosen].mean():.1%}, "
                f"points per bid point per share {points[chosen].mean():+.2f}"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per pairing")
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="comma-separated A:B pairings")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="start at this deal of the seed (to split a run)")
    parser.add_argument("--log", type=Path, help="write A's result per duplicate deal here (JSON lines)")
    parser.add_argument(
        "--auction", choices=("fixed", "own", "model"), default="fixed", help="reference, own or modelled bidding"
    )
    parser.add_argument("--calibrate", type=int, metavar="N", help="fit the bidding model on N deals instead")
    parser.add_argument("--ruleset", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--matches", type=int, metavar="N", help="play N duplicate match sets per pairing instead")
    parser.add_argument("--bids", type=int, metavar="N", help="print each level's winning bids over N auctions")
    args = parser.parse_args(argv)
    rules = get(args.ruleset)
    if args.bids:
        self_play_bids(args.bids, args.seed, rules)
        return
    if args.matches:
        for pair in args.pairs.split(","):
            run_matches(*pair.split(":"), args.matches, args.seed, rules)
        return
    if args.calibrate:
        calibrate(args.calibrate, args.seed, rules)
        return
    for pair in args.pairs.split(","):
        a_name, b_name = pair.split(":")
        if args.auction == "model":
            run_model(a_name, b_name, args.deals, args.seed, rules)
        else:
            run_pair(a_name, b_name, args.deals, args.seed, args.auction == "own", rules, args.first, args.log)


if __name__ == "__main__":
    main()
