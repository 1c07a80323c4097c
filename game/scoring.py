"""Settlement of a finished hand: the landlord against each farmer's share.

000 §17-§19: P = B x 2^N per farmer. 003 table scoring: the same share, the multiplier capped. 004: each share is
the multiplier x the landlord's double x the farmer's own double, capped at `share_cap` x base.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from game.rulesets import Auction, Ruleset

DOUBLING_NAMES = {
    "rob": "Rob",
    "show": "Show",
    "bomb": "Bomb",
    "soft_bomb": "Soft bomb",
    "wild_bomb": "Pure-wild bomb",
    "rocket": "Rocket",
    "spring": "Spring",
    "reverse_spring": "Anti-spring",
}
WILD_DOUBLINGS = frozenset({"soft_bomb", "wild_bomb"})  # only at the wild-card tables (003 wildcard, swap-three)


@dataclass(frozen=True, slots=True)
class Share:
    """What one farmer pays the landlord (landlord won) or collects from it, and why."""

    seat: int
    factors: tuple[tuple[str, int], ...]  # e.g. (("multiplier", 2), ("own double", 2)), multiplied in order
    uncapped: int  # the product of the factors, in base units
    amount: int  # points: min(uncapped, share cap) x base
    capped: bool

    def line(self, name: str, base: int) -> str:
        """The computation in words, e.g. "Lin: 2 x own double 2 = 4 x base 100 = 400"."""
        terms = [str(value) if label == "multiplier" else f"{label} {value}" for label, value in self.factors]
        text = " x ".join(terms)
        if len(terms) > 1:
            text += f" = {self.uncapped:,}"
        if self.capped:
            cap = self.amount // base
            return f"{name}: {text}, capped at {cap} x base = {self.amount:,}"
        return f"{name}: {text}" + (f" x base {base:,} = {self.amount:,}" if base != 1 else "")


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a hand scored. `deltas` sums to zero; `points` is P = bid x multiplier x base, the common share
    before any double or share cap; `shares` has one entry per farmer."""

    landlord: int
    landlord_won: bool
    bid: int
    doublings: tuple[str, ...]
    multiplier: int
    points: int
    deltas: tuple[int, ...]
    shares: tuple[Share, ...] = ()
    base: int = 1
    factors: tuple[int, ...] = ()  # what each doubling multiplied by, in order; empty = x2 each

    def steps(self) -> list[tuple[str, int]]:
        """The doublings as data: (reason, factor) in order, e.g. [("soft_bomb", 2), ("bomb", 4)]."""
        factors = self.factors or (2,) * len(self.doublings)
        return list(zip(self.doublings, factors, strict=True))

    @property
    def uncapped(self) -> int:
        """The multiplier before the cap: the product of every doubling's factor."""
        return prod(factor for _, factor in self.steps())

    def lines(self) -> list[str]:
        """The computation spelled out for the settlement screen."""
        steps = [f"Bid {self.bid}"] + [f"{DOUBLING_NAMES[d]} x{factor}" for d, factor in self.steps()]
        if self.multiplier < self.uncapped:
            steps.append(f"capped at x{self.multiplier}")
        return [*steps, f"P = {self.bid} x {self.multiplier} = {self.points}"]

    def share_lines(self, names: dict[int, str] | None = None) -> list[str]:
        """One line per farmer's share, e.g. "Lin: 2 x own double 2 = 4 x base 100 = 400"; `names` maps seats to
        the names the table uses (default "Seat n", counting from 1)."""
        names = names or {}
        return [share.line(names.get(share.seat, f"Seat {share.seat + 1}"), self.base) for share in self.shares]

    def to_dict(self) -> dict[str, object]:
        return {
            "landlord": self.landlord,
            "landlord_won": self.landlord_won,
            "bid": self.bid,
            "doublings": list(self.doublings),
            "multiplier": self.multiplier,
            "points": self.points,
            "deltas": list(self.deltas),
            "shares": [
                {"seat": s.seat, "factors": [list(f) for f in s.factors], "amount": s.amount, "capped": s.capped}
                for s in self.shares
            ],
            "base": self.base,
            "factors": [factor for _, factor in self.steps()],
        }


def multiply(rules: Ruleset, doublings: tuple[str, ...]) -> int:
    """The uncapped multiplier of these doublings: each x2, or what the table's `factors` say (003 wildcard x4)."""
    return prod(rules.factor(d) for d in doublings)


def share(rules: Ruleset, seat: int, multiplier: int, bid: int, landlord_doubled: bool, doubled: bool) -> Share:
    """One farmer's share: multiplier, the points bid (points auctions), the landlord's and its own double."""
    factors = [("multiplier", multiplier)]
    if rules.auction is Auction.POINTS:
        factors.append(("bid", bid))
    if landlord_doubled:
        factors.append(("landlord double", 2))
    if doubled:
        factors.append(("own double", 2))
    uncapped = prod(value for _, value in factors)
    cap = rules.share_cap
    capped = cap is not None and uncapped > cap
    units = min(uncapped, cap) if cap is not None else uncapped
    return Share(seat, tuple(factors), uncapped, units * rules.base, capped)


def settle(
    rules: Ruleset,
    landlord: int,
    landlord_won: bool,
    bid: int,
    doublings: tuple[str, ...],
    doubles: tuple[bool, ...] = (),
) -> Settlement:
    """Each farmer pays (or collects) its share; the landlord collects (or pays) every farmer's share. `doubles`
    says per seat who doubled (004); empty when nobody could."""
    multiplier = multiply(rules, doublings)
    if rules.multiplier_cap is not None:
        multiplier = min(multiplier, rules.multiplier_cap)
    doubled = doubles or (False,) * rules.players
    shares = tuple(
        share(rules, seat, multiplier, bid, doubled[landlord], doubled[seat])
        for seat in range(rules.players)
        if seat != landlord
    )
    sign = -1 if landlord_won else 1  # a farmer's side of each share
    deltas = [sign * s.amount for s in shares]
    deltas.insert(landlord, -sum(deltas))
    points = bid * multiplier * rules.base
    factors = tuple(rules.factor(d) for d in doublings)
    return Settlement(
        landlord, landlord_won, bid, doublings, multiplier, points, tuple(deltas), shares, rules.base, factors
    )
