"""A save, statistics or preferences problem (`game.atomic.Problem`) in the player's language.

The core says a problem in English and keeps it as parts: one sentence each, a code (the key `saves.<code>`) and its
params. Here every part is said again from the catalogue. Params that are the core's own codes (which file, the kind
of value found, the kind wanted, ranks, a refused action's reason) are translated too; file names, paths, field
names and numbers stay as they are. A part's technical detail (the system's reason, the JSON parser's message) is
never translated: the title shows it in a smaller line below, a note at the table in brackets.
"""

from __future__ import annotations

from game.atomic import VALUE_WORDS, Part, Problem
from game.view import Rejection
from scenes.words.i18n import tr
from scenes.words.wording import joined, rank_name, reason

MAX_QUOTED = 60  # characters: a field name or ruleset quoted from a hostile file is cut, so the sentence still fits
QUOTED = ("field", "ruleset")
RANK_PARAMS = ("extra", "gone")
WRITES = ("write_failed", "remove_failed", "changed_elsewhere")
KEPT = "changed_elsewhere"  # another game's file was kept: this game does not save there again


def sentence(problem: str) -> str:
    """The problem's sentences in the current language, without their technical detail (text the core did not
    make as a Problem is said as it is). One `tr` text, so a note on the table follows a language switch."""
    if not isinstance(problem, Problem):
        return problem
    said = [
        tr(f"saves.{part.code}", **{name: _param(name, value) for name, value in part.params.items()})
        for part in problem.parts
    ]
    return joined("saves.then", said)


def details(problem: str) -> list[str]:
    """The technical detail of the parts that have one, each said once (verbatim, never translated)."""
    return list(dict.fromkeys(part.detail for part in _parts(problem) if part.detail))


def note(problem: str) -> str:
    """The problem as one line for the table's message line: the sentence, its detail in brackets."""
    detail = "; ".join(details(problem))
    return tr("saves.with_detail", text=sentence(problem), detail=detail) if detail else sentence(problem)


def unsaved(problem: str) -> str:
    """A refused save on the table's message line: what happened, and that play goes on unsaved (until the disk
    takes it again, or for good when another game's file was kept)."""
    kept = any(part.code == KEPT for part in _parts(problem))
    return tr("table.kept_theirs" if kept else "table.unsaved", problem=note(problem))


def heading(problem: str) -> str:
    """The title of the panel that shows the problem: a file that could not be used, or one not saved."""
    writes = any(part.code in WRITES for part in _parts(problem))
    return tr("saves.heading_write" if writes else "saves.heading_read")


def _parts(problem: str) -> tuple[Part, ...]:
    return problem.parts if isinstance(problem, Problem) else ()


def _param(name: str, value: object) -> object:
    if name == "subject":
        return tr(f"saves.subject_{value}")
    if name == "wanted":
        return tr(f"saves.wanted_{value}")
    if name == "held" and value in VALUE_WORDS:
        return tr(f"saves.value_{value}")
    if name in RANK_PARAMS and isinstance(value, tuple):
        return joined("saves.list", [rank_name(rank) if isinstance(rank, int) else rank for rank in value])
    if isinstance(value, Rejection):
        return reason(value)
    if name in QUOTED and isinstance(value, str) and len(value) > MAX_QUOTED:
        return value[: MAX_QUOTED - 1] + "…"
    return value
