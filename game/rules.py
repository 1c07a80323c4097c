"""The public text API of the rules core (documented in the README and kept stable).

Ranks are ``3456789TJQKA2BR`` (T = ten, B = small joker, R = big joker); a move is its ranks sorted
ascending; a pass is ``"pass"``. Outside tools drive the engine through these functions.
"""

from __future__ import annotations

from game import combos, moves, rulesets
from game.cards import first_unknown, normalize, parse
from game.combos import Reading
from game.kinds import Kind
from game.reasons import Rejection

PASS = "pass"


def last_reading(last: str | None, ruleset: str | rulesets.Ruleset = "standard") -> Reading | None:
    """The reading of the play to beat (its default reading); None for a free lead or a pass."""
    if last is None or last == PASS:
        return None
    rules = rulesets.get(ruleset)
    reading = combos.reading_from_text(normalize(last), rules)
    if reading is None:
        raise ValueError(f"{last!r} is not a legal combination: {combos.diagnose(parse(last), rules)}")
    return reading


def legal_moves(hand: str, last: str | None = None, ruleset: str = "standard") -> list[str]:
    """Every distinct legal play from `hand` on `last` (None = free lead), with "pass" when following."""
    rules = rulesets.get(ruleset)
    reading = last_reading(last, rules)
    found = moves.legal(parse(hand), reading, rules)
    return found if reading is None else [*found, PASS]


def classify(move: str, ruleset: str = "standard") -> list[Reading]:
    """Every reading of a selection, the default first; empty when it is not a combination."""
    return list(combos.classify(parse(move), rulesets.get(ruleset)))


def beats(play: str, last: str, ruleset: str = "standard") -> bool:
    """Does `play` (any of its readings) beat the default reading of `last`?"""
    rules = rulesets.get(ruleset)
    return combos.answer(combos.classify(parse(play), rules), last_reading(last, rules)) is not None


def check(hand: str, move: str, last: str | None = None, ruleset: str = "standard") -> Rejection | None:
    """Why `move` cannot be played from `hand` on `last`, or None when it can."""
    rules = rulesets.get(ruleset)
    reading = last_reading(last, rules)
    if move == PASS:
        return Rejection("free_lead_pass") if reading is None else None
    unknown = first_unknown(move)
    if unknown is not None:
        return Rejection("unknown_rank", {"rank": unknown})
    counts = parse(move)
    if not any(counts):
        return Rejection("empty")
    if any(h < m for h, m in zip(parse(hand), counts, strict=True)):
        return Rejection("not_in_hand")
    verdict = combos.judge(counts, reading, rules)
    return verdict if isinstance(verdict, Rejection) else None


def explain(move: str, ruleset: str = "standard") -> str:
    """A player-facing name for a move's default reading, e.g. 'pair of 9s'."""
    reading = last_reading(move, ruleset)
    return "pass" if reading is None else reading.describe()


__all__ = ["PASS", "Kind", "Reading", "beats", "check", "classify", "explain", "last_reading", "legal_moves"]
