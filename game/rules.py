"""The public text API of the rules core (documented in the README and kept stable).

Ranks are ``3456789TJQKA2BR`` (T = ten, B = small joker, R = big joker); a move is its ranks sorted
ascending; a pass is ``"pass"``. Outside tools drive the engine through these functions. A hand or a move no
pack of the ruleset can hold (an unknown or lowercase character, a rank the ruleset removed, more copies of a rank
than its pack has) raises ValueError naming the problem; `check` alone answers a bad move with a Rejection.

At the wild-card tables (`wildcard` with `wild="7"`, the wild rank; `swap-three`, whose extra wild card is ``W``)
a move whose wild cards stand for other ranks is ``PHYSICAL=READING``, both sorted and of the same length:
``"34577=34567"`` is 3, 4, 5, 7, 7 played as the straight 3-7, the second 7 standing for the 6 (`game.wild`). A
move is played as written: without "=" every wild card is its printed rank (``"5557"`` is the triple 5s with a single
7, ``"5557=5555"`` the soft bomb).
"""

from __future__ import annotations

from game import combos, moves, rulesets
from game import wild as wildcards
from game.cards import RANK_INDEX, WILD_CHAR, first_unknown, normalize, parse
from game.combos import Reading
from game.kinds import Kind
from game.reasons import Rejection
from game.validate import check_ranks

PASS = "pass"


def wild_card(rules: rulesets.Ruleset, given: str | None) -> str:
    """The wild card's character for a call: "W" with the extra wild card, the `wild=` rank at `wildcard` ("" when
    not given: nothing is wild before the auction). Raises ValueError for a `wild=` the table cannot have."""
    if rules.deck.extra_wild and given in (None, WILD_CHAR):
        return WILD_CHAR
    if rules.wild_rank and (given is None or (given in RANK_INDEX and RANK_INDEX[given] < RANK_INDEX["B"])):
        return given or ""
    raise ValueError(f"the {rules.name} table cannot have the wild card {given!r}")


def _physical(move: str, rules: rulesets.Ruleset, what: str) -> str:
    """`move` once its cards (the part before "=" of "PHYSICAL=READING") are ones the ruleset's pack can hold."""
    check_ranks(move.partition(wildcards.SEP)[0], rules, what)
    return move


def _valid(move: str, wild_char: str) -> str:
    """`move` once every character is a rank, "=" or the wild card; else ValueError."""
    bad = next((ch for ch in move if ch not in RANK_INDEX and ch not in (wildcards.SEP, wild_char)), None)
    if bad is not None:
        raise ValueError(f"unknown rank {bad!r} in {move!r}; ranks are {combos.RANKS}")
    return move


def last_reading(
    last: str | None, ruleset: str | rulesets.Ruleset = "standard", wild: str | None = None
) -> Reading | None:
    """The reading of the play to beat, as written (its default reading; at a wild-card table the one
    "PHYSICAL=READING" names, and a move without "=" with every wild card its printed rank); None for a free lead
    or a pass."""
    rules = rulesets.get(ruleset)
    if wild is not None:
        wild_card(rules, wild)
    if last is None or last == PASS:
        return None
    if rules.wilds:
        card = wild_card(rules, wild)
        played = wildcards.judge(_valid(_physical(last, rules, "last play"), card), None, card, rules)
        if isinstance(played, Rejection):
            raise ValueError(f"{last!r} is not a legal combination: {played}")
        return played.reading
    reading = combos.reading_from_text(normalize(check_ranks(last, rules, "last play")), rules)
    if reading is None:
        raise ValueError(f"{last!r} is not a legal combination: {combos.diagnose(parse(last), rules)}")
    return reading


def legal_moves(hand: str, last: str | None = None, ruleset: str = "standard", wild: str | None = None) -> list[str]:
    """Every distinct legal play from `hand` on `last` (None = free lead), with "pass" when following. With wild
    cards each (physical, reading) pair once, "PHYSICAL=READING" where a wild card stands for another rank."""
    rules = rulesets.get(ruleset)
    reading = last_reading(last, rules, wild)
    check_ranks(hand, rules)
    if rules.wilds:
        found = wildcards.legal(normalize(hand), reading, wild_card(rules, wild), rules)
    else:
        found = moves.legal(parse(hand), reading, rules)
    return found if reading is None else [*found, PASS]


def classify(move: str, ruleset: str = "standard", wild: str | None = None) -> list[Reading]:
    """Every reading of a selection, the default first; empty when it is not a combination. At a wild-card table a
    selection without "=" lists the reading of every way its wild cards may stand, the strongest first; each is
    played by its own move text, as `legal_moves` writes it."""
    rules = rulesets.get(ruleset)
    return _readings(_physical(move, rules, "move"), rules, wild)


def _readings(move: str, rules: rulesets.Ruleset, wild: str | None) -> list[Reading]:
    if rules.wilds:
        card = wild_card(rules, wild)
        return [stand.reading for stand in wildcards.stands_of(_valid(move, card), card, rules)]
    return list(combos.classify(parse(move), rules))


def beats(play: str, last: str, ruleset: str = "standard", wild: str | None = None) -> bool:
    """Does the move `play`, as written (see `check`), beat the play `last`?"""
    rules = rulesets.get(ruleset)
    move = _physical(play, rules, "play")
    if rules.wilds:
        card = wild_card(rules, wild)
        readings = tuple(stand.reading for stand in wildcards.as_written(_valid(move, card), card, rules))
    else:
        readings = combos.classify(parse(move), rules)
    return combos.answer(readings, last_reading(last, rules, wild)) is not None


def check(
    hand: str, move: str, last: str | None = None, ruleset: str = "standard", wild: str | None = None
) -> Rejection | None:
    """Why `move` cannot be played from `hand` on `last`, or None when it can."""
    rules = rulesets.get(ruleset)
    reading = last_reading(last, rules, wild)
    check_ranks(hand, rules)
    if move == PASS:
        return Rejection("free_lead_pass") if reading is None else None
    if rules.wilds:
        return _check_wild(hand, move, reading, rules, wild_card(rules, wild))
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


def _check_wild(hand: str, move: str, last: Reading | None, rules: rulesets.Ruleset, card: str) -> Rejection | None:
    """A move is played as written (`game.wild.judge`): "PHYSICAL=READING" as that reading, a move without "=" with
    every wild card its printed rank."""
    physical = wildcards.split_move(move)[0]
    bad = next((ch for ch in move if ch not in RANK_INDEX and ch not in (wildcards.SEP, card)), None)
    if bad is not None:
        return Rejection("unknown_rank", {"rank": repr(bad)})
    if not physical:
        return Rejection("empty")
    if any(hand.count(ch) < physical.count(ch) for ch in set(physical)):
        return Rejection("not_in_hand")
    played = wildcards.judge(move, last, card, rules)
    return played if isinstance(played, Rejection) else None


def explain(move: str, ruleset: str = "standard") -> str:
    """A player-facing name for a move's default reading, e.g. 'pair of 9s'."""
    reading = last_reading(move, ruleset)
    return "pass" if reading is None else reading.describe()


__all__ = ["PASS", "Kind", "Reading", "beats", "check", "classify", "explain", "last_reading", "legal_moves"]
