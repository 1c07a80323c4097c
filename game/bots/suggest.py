"""The Suggest button (000 §21): the strongest level's choice first, then other good moves, each with its reason."""

from __future__ import annotations

import random

from game.bots.evaluate import score, whole_plan
from game.bots.levels import HARD, Level
from game.bots.policy import PASS, after, leaves
from game.bots.reasons import Suggestion
from game.bots.table import Table
from game.bots.think import think
from game.combos import Reading
from game.moves import follow_moves

MAX_SUGGESTIONS = 4


def _others(t: Table, last: Reading | None) -> list[Suggestion]:
    if last is None:
        moves = [p.text for p in whole_plan(t.hand, t.rules).parts]
        key = "leads"
    else:
        moves = sorted(follow_moves(t.hand, last, t.rules), key=lambda m: -score(after(t, m), t.rules))
        key = "answers"
    out = [Suggestion(m, key, {"play": m, "plays": leaves(t, after(t, m))}) for m in moves]
    if last is not None:
        out.append(Suggestion(PASS, "passes"))
    return out


def first_choice(t: Table, level: Level) -> Suggestion:
    """What Suggest shows first: `hard`'s choice (the strongest level, at least the table's), unless it passes where
    the table's own bot, in this seat, would play: a suggestion is never more passive than the bot (issue 34: a pass
    on QQ suggested to a landlord holding KK). Deterministic: both think with the same seed."""
    best = think(t, HARD, random.Random(0))
    if best.move != PASS or level is HARD:
        return best
    own = think(t, level, random.Random(0))
    return own if own.move != PASS else best


def alternatives(t: Table, level: Level) -> list[Suggestion]:
    """Distinct moves, best first (`first_choice` at the table's `level`), then the plan's other plays (leading) or
    the other answers and passing (following)."""
    out = [first_choice(t, level)]
    for other in _others(t, t.last):
        if len(out) >= MAX_SUGGESTIONS:
            break
        if all(other.move != s.move for s in out):
            out.append(other)
    return out
