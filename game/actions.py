"""Player and table actions, and their JSON form used in the action log and saves."""

from __future__ import annotations

from dataclasses import dataclass

from game.kinds import Kind


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of `value` (0 = no bid); in call/rob auctions 1 calls or robs and 0 declines."""

    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Double:
    """004 doubling phase: whether `seat` doubles its stake. Seats decide in any order, unseen by the others."""

    seat: int
    double: bool


@dataclass(frozen=True, slots=True)
class Show:
    """004: whether the landlord shows the hand (x2) before the first play."""

    seat: int
    show: bool


@dataclass(frozen=True, slots=True)
class Swap:
    """003 swap-three: the cards `seat` passes to the next seat. Seats choose in any order, unseen by the others."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """Play `move` (a rank string). `kind` picks a reading when a lead has several; `cards` picks
    which physical cards (suits are cosmetic, so the core picks when the caller does not). At wild-card tables
    `move` may be "PHYSICAL=READING" (`game.wild`), and the logged play keeps the ranks its wild cards stood for
    in `stands`."""

    seat: int
    move: str
    kind: Kind | None = None
    cards: tuple[int, ...] | None = None
    stands: str | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int


@dataclass(frozen=True, slots=True)
class NextHand:
    """'Play again' after a settlement: a new hand, cumulative scores kept (000 §21, §23)."""


@dataclass(frozen=True, slots=True)
class Abandon:
    """'New game' mid-hand: the hand is abandoned without score and new cards are dealt (000 §21)."""


@dataclass(frozen=True, slots=True)
class DealExpired:
    """The deal's time limit ran out (003 timers): the hand ends with no winner and no score. The scene, which
    keeps the clock, applies it; the core keeps no wall-clock time."""


Action = Bid | Double | Show | Swap | Play | Pass | NextHand | Abandon | DealExpired


def to_json(action: Action) -> list[object]:
    match action:
        case Bid(seat, value):
            return ["bid", seat, value]
        case Double(seat, double):
            return ["double", seat, double]
        case Show(seat, show):
            return ["show", seat, show]
        case Swap(seat, cards):
            return ["swap", seat, list(cards)]
        case Play(seat, move, kind, cards, stands):
            played = ["play", seat, move, kind.value if kind else None, list(cards) if cards is not None else None]
            return played if stands is None else [*played, stands]
        case Pass(seat):
            return ["pass", seat]
        case NextHand():
            return ["next"]
        case Abandon():
            return ["abandon"]
        case DealExpired():
            return ["expired"]
    raise TypeError(f"not an action: {action!r}")


def from_json(data: object) -> Action:
    """Parse one logged action; raises ValueError with a readable message on anything malformed."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError(f"malformed action {_short(data)}")
    tag, args = data[0], data[1:]
    shapes: dict[str, int] = {
        "bid": 2,
        "double": 2,
        "show": 2,
        "swap": 2,
        "play": 4,
        "pass": 1,
        "next": 0,
        "abandon": 0,
        "expired": 0,
    }
    if shapes.get(tag) != len(args) and not (tag == "play" and len(args) == 5):
        raise ValueError(f"malformed action {_short(data)}")
    if tag in ("bid", "double", "show", "swap", "play", "pass") and not _is_int(args[0]):
        raise ValueError(f"malformed seat in {_short(data)}")
    if tag in ("double", "show"):
        if not isinstance(args[1], bool):
            raise ValueError(f"malformed choice in {_short(data)}: it should be true or false")
        return Double(args[0], args[1]) if tag == "double" else Show(args[0], args[1])
    if tag == "bid":
        if not _is_int(args[1]):
            raise ValueError(f"malformed bid in {_short(data)}")
        return Bid(args[0], args[1])
    if tag == "swap":
        if not (isinstance(args[1], list) and all(_is_int(c) for c in args[1])):
            raise ValueError(f"malformed cards in {_short(data)}")
        return Swap(args[0], tuple(args[1]))
    if tag == "play":
        seat, move, kind, cards, *rest = args
        stands = rest[0] if rest else None
        shapes_ok = isinstance(move, str) and isinstance(kind, str | None) and isinstance(stands, str | None)
        if not shapes_ok:
            raise ValueError(f"malformed play in {_short(data)}")
        if cards is not None and not (isinstance(cards, list) and all(_is_int(c) for c in cards)):
            raise ValueError(f"malformed cards in {_short(data)}")
        try:
            parsed_kind = Kind(kind) if kind is not None else None
        except ValueError:
            raise ValueError(f"unknown combination kind in {_short(data)}") from None
        return Play(seat, move, parsed_kind, tuple(cards) if cards is not None else None, stands)
    if tag == "pass":
        return Pass(args[0])
    return {"next": NextHand, "abandon": Abandon, "expired": DealExpired}[tag]()


def _short(data: object, limit: int = 60) -> str:
    """A bad value as a message shows it: its repr, cut to `limit` characters."""
    text = repr(data)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
