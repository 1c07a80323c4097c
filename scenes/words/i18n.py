"""Every user-facing string comes from a catalogue: English (``en``) and Simplified Chinese (``zh``).

Catalogues live in ``assets/i18n/<language>/<area>.json``, one flat JSON object per area (roughly one per scene
module: ``title.json``, ``play.json``, ...). The full key of a string is ``"<area>.<key>"``: ``tr("title.quit")`` reads
``"quit"`` from ``title.json`` of the current language. Texts are ``str.format`` templates with named fields only:
``"won_of": "{won} won of {played} · {rate}"`` in ``stats.json`` is used as
``tr("stats.won_of", won=3, played=5, rate="60%")``.

Adding a string: put the key in BOTH ``assets/i18n/en/<your area>.json`` and ``assets/i18n/zh/<your area>.json``, with
the same ``{fields}`` in both, and call ``tr`` with a literal key where you can. ``tests/test_i18n.py`` checks that
both languages have the same keys and fields, that every literal ``tr("...")`` key in the sources exists, and that the
Chinese font draws every Chinese character. A key built at run time (``tr(f"kinds.{kind.value}")``) must be covered by
a test of its own that walks the values.

A missing key warns with ``MissingTranslation`` (an error under pytest, see pyproject.toml) and falls back to English,
then to the key itself, so a player never sees a crash for a forgotten string. ``App.change_prefs(language=...)``
switches live: every scene lays itself out again, and notes made by ``tr`` are said again (``resay``).
"""

from __future__ import annotations

import json
import warnings
from functools import cache

from game.reasons import Phrase
from scenes.assets import ASSETS

CATALOGUES = ASSETS / "i18n"
LANGUAGES: dict[str, str] = {"en": "English", "zh": "简体中文"}  # code -> the language's own name, for Settings
DEFAULT = "en"

_current = DEFAULT


class MissingTranslation(UserWarning):
    """A key without a text in the current language (or in any)."""


def set_language(code: str) -> None:
    """Make `code` (a key of LANGUAGES) the language of every later `tr`."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    _current = code


def language() -> str:
    return _current


class Said(Phrase):
    """A text `tr` made, remembering its key and params so that `resay` can say it again in another language. As a
    `Phrase` it takes an article where an English template asks for one (``{shape:a}``: "an airplane"); a count as
    the spec repeats it, as Chinese writes a triple's rank (``{rank:3}带一对``: "KKK带一对", "10 10 10带一对")."""

    key: str
    params: dict[str, object]

    def __format__(self, spec: str) -> str:
        if not spec.isdigit():
            return super().__format__(spec)
        return ("" if len(self) == 1 else " ").join([str(self)] * int(spec))


def tr(key: str, **params: object) -> Said:
    """The text for `key` ("area.key") in the current language, formatted with `params`."""
    template = lookup(key, _current)
    if template is None:
        warnings.warn(f"no {_current!r} text for {key!r}", MissingTranslation, stacklevel=2)
        template = lookup(key, DEFAULT) if _current != DEFAULT else None
    said = Said(key if template is None else template.format(**params) if params else template)
    said.key, said.params = key, params
    return said


def resay(text: str) -> str:
    """`text` in the current language if `tr` made it (params made by `tr` too), else as it is: a note already on
    the table follows a language switch."""
    if not isinstance(text, Said):
        return text
    return tr(
        text.key, **{name: resay(value) if isinstance(value, str) else value for name, value in text.params.items()}
    )


def lookup(key: str, code: str) -> str | None:
    """The raw template for `key` in language `code`, or None."""
    area, _, name = key.partition(".")
    return catalogue(code).get(area, {}).get(name)


@cache
def catalogue(code: str) -> dict[str, dict[str, str]]:
    """Every area of language `code`: area -> key -> template. Read once; a broken file is a bug, so it raises."""
    areas: dict[str, dict[str, str]] = {}
    for path in sorted((CATALOGUES / code).glob("*.json")):
        texts = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(texts, dict) or not all(isinstance(v, str) for v in texts.values()):
            raise ValueError(f"{path}: expected one JSON object of key -> text")
        areas[path.stem] = texts
    return areas


def known(key: str) -> bool:
    """Has the catalogue a text for `key` (in English, which every key has)?"""
    return lookup(key, DEFAULT) is not None


def keys(code: str) -> set[str]:
    """Every full key ("area.key") of language `code`."""
    return {f"{area}.{name}" for area, texts in catalogue(code).items() for name in texts}
