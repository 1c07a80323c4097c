"""Input checks at the core's edges: actions by type and range before `Match.apply` looks at them, and rank
strings against the ruleset's pack before the text and bot APIs answer for them.

A value that only compares equal to a legal one (True for seat 1, 1.0 for a bid of 1, "yes" for a double) is
refused here, so nothing that cannot be written to a save and read back is ever logged.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from game.actions import Abandon, Bid, DealExpired, Double, NextHand, Pass, Play, Show, Swap
from game.cards import CARD_CHARS, DeckSpec
from game.kinds import Kind
from game.reasons import IllegalAction, Rejection
from game.rulesets import Ruleset, get

ACTION_TYPES = (Bid, Double, Show, Play, Pass, Swap, NextHand, Abandon, DealExpired)


def check_action(action: object, players: int) -> None:
    """Raise IllegalAction when `action` is not an action, or one of its fields has the wrong type or range."""
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction(Rejection("not_an_action", {"value": shown(action)}))
    seat = getattr(action, "seat", None)
    if isinstance(action, (Bid, Double, Show, Play, Pass, Swap)) and not (whole(seat) and 0 <= seat < players):
        raise IllegalAction(Rejection("no_such_seat", {"seat": shown(seat)}))
    match action:
        case Bid(_, value) if not whole(value):
            raise IllegalAction(Rejection("bid_not_whole", {"value": shown(value)}))
        case Double(_, choice) | Show(_, choice) if not isinstance(choice, bool):
            raise IllegalAction(Rejection("choice_not_bool", {"value": shown(choice)}))
        case Swap(_, cards) if not card_ids(cards):
            raise IllegalAction(Rejection("cards_not_ids", {"value": shown(cards)}))
        case Play(_, move, kind, cards, stands):
            for text in (move, "" if stands is None else stands):
                if not isinstance(text, str):
                    raise IllegalAction(Rejection("move_not_text", {"value": shown(text)}))
            if kind is not None and not isinstance(kind, Kind):
                raise IllegalAction(Rejection("kind_unknown", {"value": shown(kind)}))
            if cards is not None and not card_ids(cards):
                raise IllegalAction(Rejection("cards_not_ids", {"value": shown(cards)}))


def card_ids(cards: object) -> bool:
    """A tuple or list of whole numbers (the core checks that the seat holds them)."""
    return isinstance(cards, (tuple, list)) and all(whole(c) for c in cards)


def whole(value: object) -> bool:
    """An int that is not a bool (bool is an int subclass in Python, but True is no seat and no bid)."""
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: object, limit: int = 40) -> str:
    """A bad value as a refusal quotes it: its repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@cache
def pack_counts(deck: DeckSpec) -> Counter[str]:
    """How many cards of each rank character the pack holds."""
    return Counter(card.char for card in deck.build())


def check_ranks(text: object, rules: Ruleset, what: str = "hand") -> str:
    """`text` when it is a rank string the ruleset's pack can hold; otherwise a ValueError naming the problem
    (not text, an unknown character, a lowercase rank, a rank this pack removed, more copies than the pack has)."""
    if not isinstance(text, str):
        raise ValueError(f"the {what} must be a rank string, not {shown(text)}")
    pack = pack_counts(rules.deck)
    for ch, count in Counter(text).items():
        if ch in pack and count > pack[ch]:
            raise ValueError(
                f"the {what} {shown(text)} holds {count} cards of rank {ch!r}; the {rules.name} pack has {pack[ch]}"
            )
        if ch in pack:
            continue
        if ch in CARD_CHARS:
            raise ValueError(f"the {what} {shown(text)} holds rank {ch!r}, which the {rules.name} pack does not have")
        if ch.upper() in pack:
            raise ValueError(f"the {what} {shown(text)} holds {ch!r}: ranks are upper case ({ch.upper()!r})")
        raise ValueError(f"the {what} {shown(text)} holds {ch!r}, which is not a rank; ranks are {''.join(pack)}")
    return text


def check_bot_dict(obs: object) -> None:
    """The bot dict API's rank strings (`hand`, `kitty`, `shown`, the moves in `history`) against the pack of
    `ruleset`; a ValueError names the first impossible one."""
    if not isinstance(obs, dict):
        raise ValueError(f"the observation must be a dict, not {shown(obs)}")
    rules = get(str(obs.get("ruleset", "standard")))
    check_ranks(obs.get("hand"), rules)
    for key in ("kitty", "shown"):
        if obs.get(key) is not None:
            check_ranks(obs[key], rules, key)
    for entry in obs.get("history", ()):
        move = entry[1] if isinstance(entry, (list, tuple)) and len(entry) == 2 else entry
        if move != "pass":  # at a wild-card table "PHYSICAL=READING": both parts
            for part in move.split("=") if rules.wilds and isinstance(move, str) else (move,):
                check_ranks(part, rules, "move in the history")


SEEDS = 2**64  # a match's seed is 0..2**64-1: every seed the game draws, and a deal number, fits


def out_of_range(seed: object, first_deal: object, deals: int) -> tuple[str, object] | None:
    """The first of a match's starting values that is not a whole number in its range, as (name, value)."""
    if not (whole(seed) and 0 <= seed < SEEDS):  # type: ignore[operator]
        return "seed", seed
    if first_deal is not None and not (whole(first_deal) and 0 <= first_deal < deals):  # type: ignore[operator]
        return "first_deal", first_deal
    return None
