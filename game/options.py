"""A table's ruleset as a save holds it: the preset's name and every option that differs from that preset.

A match may start from a preset with options changed (004's worked examples use `base=100`); the save keeps exactly
those options, so Continue plays the same table. Options read back are checked by type and range: a tampered one is
a ValueError naming it, never a table the core cannot deal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields, replace
from enum import Enum
from typing import Any

from game.cards import RANK_INDEX, RANKS, TWO, DeckSpec
from game.kinds import Kind
from game.rulesets import PRESETS, AllDecline, Auction, Ruleset
from game.validate import shown, whole

IDENTITY = ("name", "title", "summary", "source")  # what names the preset, never an option
MAX_PLAYERS, MAX_DECKS = 4, 2  # the tables the scenes can seat and the packs they can draw


def options_of(rules: Ruleset) -> dict[str, Any]:
    """The options in which `rules` differs from the preset of its name, as JSON values (empty for a preset)."""
    preset = PRESETS.get(rules.name)
    if preset is None or preset == rules:
        return {}
    return {f.name: _to_json(getattr(rules, f.name)) for f in fields(Ruleset) if _differs(rules, preset, f.name)}


def with_options(name: str, options: object) -> Ruleset:
    """The preset `name` with `options` (as `options_of` wrote them) applied; ValueError names a bad one."""
    if not isinstance(options, dict):
        raise ValueError(f"the options should be a table of options, not {shown(options)}")
    changes = {}
    for key, value in options.items():
        read = READERS.get(key)
        if read is None:
            raise ValueError(f"there is no ruleset option {shown(key)}")
        try:
            changes[key] = read(value)
        except (TypeError, ValueError, KeyError):
            raise ValueError(f"the option {key!r} cannot be {shown(value)}") from None
    if not changes:
        return PRESETS[name]  # the preset itself: a save of a preset table restores it as it is
    rules = replace(PRESETS[name], **changes)
    _check_table(rules)
    return rules


def _differs(rules: Ruleset, preset: Ruleset, name: str) -> bool:
    return name not in IDENTITY and getattr(rules, name) != getattr(preset, name)


def _to_json(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, DeckSpec):
        return {"decks": value.decks, "removed_ranks": value.removed_ranks, "extra_wild": value.extra_wild}
    if isinstance(value, frozenset):
        return sorted(kind.value for kind in value)
    return list(value) if isinstance(value, tuple) else value


def _count(low: int, high: int = 10**6) -> Callable[[object], int]:
    def read(value: object) -> int:
        if not whole(value) or not low <= value <= high:  # type: ignore[operator]
            raise ValueError
        return value  # type: ignore[return-value]

    return read


def _maybe(read: Callable[[object], Any]) -> Callable[[object], Any]:
    return lambda value: None if value is None else read(value)


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not (math.isfinite(value) and value > 0):
        raise ValueError
    return float(value)


def _wholes(low: int, size: int | None = None) -> Callable[[object], tuple[int, ...]]:
    def read(value: object) -> tuple[int, ...]:
        if not isinstance(value, list) or not value or (size is not None and len(value) != size):
            raise ValueError
        return tuple(_count(low)(v) for v in value)

    return read


def _factors(value: object) -> tuple[tuple[str, int], ...]:
    """Doublings worth more than x2 (003 wildcard): pairs of a doubling's name and its factor."""
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
        raise ValueError
    return tuple((_name(name), _count(2, 64)(factor)) for name, factor in value)


def _name(value: object) -> str:
    if not isinstance(value, str) or not value.isidentifier():
        raise ValueError
    return value


def _deck(value: object) -> DeckSpec:
    if not isinstance(value, dict) or set(value) != {"decks", "removed_ranks", "extra_wild"}:
        raise ValueError
    removed = value["removed_ranks"]
    if not isinstance(removed, str) or any(RANK_INDEX.get(ch, TWO + 1) > TWO for ch in removed):
        raise ValueError
    ranks = "".join(ch for ch in RANKS if ch in removed)
    return DeckSpec(_count(1, MAX_DECKS)(value["decks"]), ranks, _count(0, 4)(value["extra_wild"]))


CORE_KINDS = frozenset({Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.BOMB, Kind.ROCKET})  # every table plays these


def _kinds(value: object) -> frozenset[Kind]:
    """A table may leave out kinds, but not those the move generator offers at every table."""
    if not isinstance(value, list):
        raise ValueError
    kinds = frozenset(Kind(v) for v in value)
    if not kinds >= CORE_KINDS:
        raise ValueError
    return kinds


READERS: dict[str, Callable[[object], Any]] = {
    "players": _count(2, MAX_PLAYERS),
    "deck": _deck,
    "hand_size": _count(1),
    "kitty_size": _count(0),
    "kinds": _kinds,
    "joker_pairs": _flag,
    "bomb_sizes": _wholes(4, 2),
    "bid_values": _wholes(1),
    "all_decline": AllDecline,
    "multiplier_cap": _maybe(_count(1)),
    "match_target": _count(1),
    "collect_pack": _flag,
    "packet": _count(1, 54),
    "turn_seconds": _maybe(_seconds),
    "deal_seconds": _maybe(_seconds),
    "auction": Auction,
    "max_robs": _maybe(_count(0)),
    "redeal_limit": _maybe(_count(1)),
    "double_phase": _flag,
    "show_hand": _flag,
    "share_cap": _maybe(_count(1)),
    "base": _count(1),
    "allowance": _flag,
    "wild_rank": _flag,
    "swap_cards": _count(0, 6),
    "factors": _factors,
}


def _check_table(rules: Ruleset) -> None:
    """Options that each make sense but together deal no table: refuse them rather than crash on the deal."""
    low, high = rules.bomb_sizes
    if rules.players * rules.hand_size + rules.kitty_size > rules.deck_size:
        raise ValueError(
            f"{rules.players} hands of {rules.hand_size} and a kitty of {rules.kitty_size} need more cards"
        )
    if low > high or list(rules.bid_values) != sorted(set(rules.bid_values)):
        raise ValueError("the bomb sizes or the bid values are out of order")
