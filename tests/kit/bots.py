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


def proven_position(seat: int, landlord: int, hand: str, sizes: tuple[int, ...], kitty: str, history: str) -> dict:
    """A proof screen's position (tests/test_bots_tactics.py, `PROVEN`): the history as "SEATMOVE" steps, "-" a
    pass."""
    moves = [[int(step[0]), "pass" if step[1:] == "-" else step[1:]] for step in history.split()]
    return obs(seat, hand, moves, list(sizes), kitty=kitty) | {"landlord": landlord}


# A proof screen's position: hard, self-play deal 7000515 (seed 7, f560f9e), played KK; a farmer leads a pair with
# its partner on JB where a low single or a straight wins on all 18 consistent deals (proving the single 3 on them
# costs 97,000 positions, the straight 56789T 759: the proofs go cheapest first).
FARMER_LEADS_ITS_STRAIGHT = (
    0,
    2,
    "356789TKK2",
    (10, 2, 8),
    "45A",
    "233444 0- 166999 2- 0- 15 27 0- 1T 2J 0- 12 2- 0- 1345678 2- 0- 17 22 0R 1- 2- 0JJ 1- 2AA 0- 1- 2KK 0AA 1- 2- 0QQ"
    " 1- 2-",
)

# normal, self-play deal 9000676 (seed 9, abad862): played 77; a farmer leads a pair where the single 7 or 9 wins on
# all 70 consistent deals (77, 99 and K lose on one, the same deal, 2 on two; the singles' proofs cost 26,000
# positions each).
FARMER_LEADS_A_SINGLE = (
    2,
    0,
    "7799KK22",
    (6, 5, 8),
    "4TQ",
    "04 16 2J 0A 1- 2B 0R 1- 2- 03456789T 1456789TJ 2- 0- 133 2TT 022 1- 2- 08 1Q 2A 0- 1- 255 0- 1- 26 0- 1- 23 0- 1-",
)

# normal, RLCard deal 9000455 (seed 9, abad862): played 2; the landlord (the farmers on 6 and 4 cards) leads its 2
# where the 6, the 9 or the Q wins on all 83 consistent deals (the 2 on 72; proving the 6 costs 88,000 positions).
LANDLORD_LEADS_LOW = (
    0,
    0,
    "69QKKAA2BR",
    (10, 6, 4),
    "7A2",
    "044556677 1- 2TTJJQQKK 0- 1- 2333 0- 1999 2- 0- 1345678 2- 0- 15 27 08 1T 2A 02 1- 2-",
)

# 000 §18: a bomb doubles the hand, lost as well as won. A farmer on 6666 answers the landlord's 22, the landlord
# left with the rocket it took in the kitty: bombed or passed, the rocket wins, and bombed the hand pays four times.
BOMB_INTO_A_LOST_HAND = (
    1,
    0,
    "3446666KA2",
    (2, 10, 8),
    "BR2",
    "0789TJQ 1- 2- 0AAA4 1- 2- 05 19 2- 0- 1789TJ 2- 0- 13 2Q 0- 1- 2TTJJQQ 0- 1- 255 088 1- 2- 0KKK 1- 2- 022",
)

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
