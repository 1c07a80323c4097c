"""Settlement of a finished hand (000 §17-§19): P = B x 2^N, the landlord against each farmer."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets import Ruleset

DOUBLING_NAMES = {"bomb": "Bomb", "rocket": "Rocket", "spring": "Spring", "reverse_spring": "Reverse spring"}


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a hand scored. `deltas` sums to zero; `points` is P, one farmer's share."""

    landlord: int
    landlord_won: bool
    bid: int
    doublings: tuple[str, ...]
    multiplier: int
    points: int
    deltas: tuple[int, ...]

    def lines(self) -> list[str]:
        """The computation spelled out for the settlement screen."""
        steps = [f"Bid {self.bid}"] + [f"{DOUBLING_NAMES[d]} x2" for d in self.doublings]
        if self.multiplier < 2 ** len(self.doublings):
            steps.append(f"capped at x{self.multiplier}")
        return [*steps, f"P = {self.bid} x {self.multiplier} = {self.points}"]

    def to_dict(self) -> dict[str, object]:
        return {
            "landlord": self.landlord,
            "landlord_won": self.landlord_won,
            "bid": self.bid,
            "doublings": list(self.doublings),
            "multiplier": self.multiplier,
            "points": self.points,
            "deltas": list(self.deltas),
        }


def settle(rules: Ruleset, landlord: int, landlord_won: bool, bid: int, doublings: tuple[str, ...]) -> Settlement:
    """Each farmer pays (or collects) P; the landlord collects (or pays) every farmer's share."""
    multiplier = 2 ** len(doublings)
    if rules.multiplier_cap is not None:
        multiplier = min(multiplier, rules.multiplier_cap)
    points = bid * multiplier
    farmer = -points if landlord_won else points
    deltas = tuple(-farmer * (rules.players - 1) if seat == landlord else farmer for seat in range(rules.players))
    return Settlement(landlord, landlord_won, bid, doublings, multiplier, points, deltas)
