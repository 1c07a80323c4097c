"""The bots' tests: a playing-phase observation as the dict API takes it, and end-game puzzles with one winning
lead."""

from __future__ import annotations

from game.bots.table import Table, pack_counts
from game.cards import parse, subtract
from game.rulesets import STANDARD


def obs(
    seat: int,
    hand: str,
    history: list[list[object]],
    sizes: list[int],
    level: str = "normal",
    ruleset: str = "standard",
    **extra: object,
) -> dict:
    """A playing-phase observation with seat 0 as the landlord; `extra` adds keys such as the allowance."""
    return {
        "ruleset": ruleset,
        "seat": seat,
        "landlord": 0,
        "hand": hand,
        "history": history,
        "kitty": "",
        "hand_sizes": sizes,
        "level": level,
        **extra,
    }


PUZZLES = [
    # (landlord, me: farmer seat 1 to lead, partner seat 2, the only winning lead)
    ("Q2", "336", "57799", "33"),  # the pair lets the partner's 99 take over; a single is topped by Q or 2
    ("69TTA", "39JQ", "345", "9"),
    ("4622", "4558TJ", "5JKK", "55"),
]


def puzzle_table(landlord: str, me: str, partner: str) -> Table:
    hands = (parse(landlord), parse(me), parse(partner))
    played = subtract(subtract(subtract(pack_counts(STANDARD), hands[0]), hands[1]), hands[2])
    unseen = subtract(subtract(pack_counts(STANDARD), hands[1]), played)
    sizes = tuple(sum(h) for h in hands)
    return Table(STANDARD, 1, 0, hands[1], sizes, None, None, unseen, hands[0], ())
