"""The Suggest button (000 §21): the bot's own choice first, then other good moves, each with its reason."""

from __future__ import annotations

import random

from game.bots.evaluate import plan, score
from game.bots.levels import Level
from game.bots.policy import PASS, after, leaves
from game.bots.reasons import Suggestion
from game.bots.table import Table
from game.bots.think import think
from game.combos import Reading
from game.moves import follow_moves

MAX_SUGGESTIONS = 4


def _others(t: Table, last: Reading | None) -> list[Suggestion]:
    if last is None:
        moves = [p.text for p in plan(t.hand, t.rules).parts]
        key = "leads"
    else:
        moves = sorted(follow_moves(t.hand, last, t.rules), key=lambda m: -score(after(t, m), t.rules))
        key = "answers"
    out = [Suggestion(m, key, {"play": m, "plays": leaves(t, after(t, m))}) for m in moves]
    if last is not None:
        out.append(Suggestion(PASS, "passes"))
    return out


def alternatives(t: Table, level: Level) -> list[Suggestion]:
    """Distinct moves, best first; the first is what the bot itself would play (deterministic)."""
    best = think(t, level, random.Random(0))
    out = [best]
    for other in _others(t, t.last):
        if len(out) >= MAX_SUGGESTIONS:
            break
        if all(other.move != s.move for s in out):
            out.append(other)
    return out
