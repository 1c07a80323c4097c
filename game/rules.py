"""The public text API of the rules core (documented in the README and kept stable).

Ranks are ``3456789TJQKA2BR`` (T = ten, B = small joker, R = big joker); a move is its ranks sorted
ascending; a pass is ``"pass"``. Outside tools drive the engine through these functions. A hand or a move no
pack of the ruleset can hold (an unknown or lowercase character, a rank the ruleset removed, more copies of a rank
than its pack has) raises ValueError naming the problem; `check` alone answers a bad move with a Rejection.
"""

from __future__ import annotations

from game import combos, moves, rulesets
from game.cards import first_unknown, normalize, parse
from game.combos import Reading
from game.kinds import Kind
from game.reasons import Rejection
from game.validate import check_ranks

PASS = "pass"


def last_reading(last: str | None, ruleset: str | rulesets.Ruleset = "standard") -> Reading | None:
    """The reading of the play to beat (its default reading); None for a free lead or a pass."""
    if last is None or last == PASS:
        return None
    rules = rulesets.get(ruleset)
    reading = combos.reading_from_text(normalize(check_ranks(last, rules, "last play")), rules)
    if reading is None:
        raise ValueError(f"{last!r} is not a legal combination: {combos.diagnose(parse(last), rules)}")
    return reading


def legal_moves(hand: str, last: str | None = None, ruleset: str = "standard") -> list[str]:
    """Every distinct legal play from `hand` on `last` (None = free lead), with "pass" when following."""
    rules = rulesets.get(ruleset)
    reading = last_reading(last, rules)
    found = moves.legal(parse(check_ranks(hand, rules)), reading, rules)
    return found if reading is None else [*found, PASS]


def classify(move: str, ruleset: str = "standard") -> list[Reading]:
    """Every reading of a selection, the default first; empty when it is not a combination."""
    rules = rulesets.get(ruleset)
    return list(combos.classify(parse(check_ranks(move, rules, "move")), rules))


def beats(play: str, last: str, ruleset: str = "standard") -> bool:
    """Does `play` (any of its readings) beat the default reading of `last`?"""
    rules = rulesets.get(ruleset)
    reading = last_reading(last, rules)
    return combos.answer(combos.classify(parse(check_ranks(play, rules, "play")), rules), reading) is not None


def check(hand: str, move: str, last: str | None = None, ruleset: str = "standard") -> Rejection | None:
    """Why `move` cannot be played from `hand` on `last`, or None when it can."""
    rules = rulesets.get(ruleset)
    reading = last_reading(last, rules)
    held = parse(check_ranks(hand, rules))
    if move == PASS:
        return Rejection("free_lead_pass") if reading is None else None
    unknown = first_unknown(move)
    if unknown is not None:
        return Rejection("unknown_rank", {"rank": repr(unknown)})
    counts = parse(move)
    if not any(counts):
        return Rejection("empty")
    if any(h < m for h, m in zip(held, counts, strict=True)):
        return Rejection("not_in_hand")
    verdict = combos.judge(counts, reading, rules)
    return verdict if isinstance(verdict, Rejection) else None


def explain(move: str, ruleset: str = "standard") -> str:
    """A player-facing name for a move's default reading, e.g. 'pair of 9s'."""
    reading = last_reading(move, ruleset)
    return "pass" if reading is None else reading.describe()


__all__ = ["PASS", "Kind", "Reading", "beats", "check", "classify", "explain", "last_reading", "legal_moves"]
