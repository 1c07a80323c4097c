"""Endgame puzzles as data: the Puzzle record, its JSON form, and a loader that refuses a damaged chapter file.

A puzzle is a fully known position with you (seat 0) to move and a forced win for your side, and the proof's
figures. Seats follow the order of play from you: in a three-seat puzzle seat 1 plays after you, seat 2 before.
Each puzzle carries a digest of its contents, so a file edited by hand (a card moved, a result flipped) is
refused as tampered instead of being trusted; `python -m game.puzzles verify` re-proves the set itself.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
from dataclasses import dataclass
from typing import Any

from game.cards import CARD_CHARS, RANKS, first_unknown, normalize, parse
from game.combos import Reading, classify
from game.kinds import Kind
from game.rulesets import RULESETS, Ruleset
from game.solver import Move, Position

FORMAT = 1
ASSETS = pathlib.Path(__file__).resolve().parent.parent.parent / "assets" / "puzzles"
YOU = 0
Step = tuple[int, str, str | None]  # (seat, rank text or "pass", kind value of a play)


@dataclass(frozen=True, slots=True)
class Source:
    """Where the position came from: a seeded bot-played match (or a real one), its deal and the action index."""

    seed: int
    deal: int
    action: int


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    theme: str  # the name's key (puzzles.theme_<theme>); `number` tells apart puzzles of one theme
    number: int
    ruleset: str
    landlord: int
    hands: tuple[str, ...]
    last: Step | None  # the play you must beat, or None on your free lead
    allowance: int | None
    source: Source
    winning: tuple[Step, ...]  # every winning first action (seat 0)
    line: tuple[Step, ...]  # the principal line to the end of the hand
    first_moves: int  # legal first actions
    nodes: int  # positions the proof searched, from a fresh solver
    difficulty: float

    @property
    def rules(self) -> Ruleset:
        return RULESETS[self.ruleset]

    @property
    def role(self) -> str:
        """ "landlord" or "farmer": your side."""
        return "landlord" if self.landlord == YOU else "farmer"

    @property
    def cards(self) -> int:
        return sum(len(h) for h in self.hands)

    @property
    def your_plays(self) -> int:
        """Plays (not passes) of your side in the principal line."""
        position = self.position()
        return sum(1 for seat, move, _ in self.line if move != "pass" and position.allied(YOU, seat))

    def position(self) -> Position:
        last = None
        last_seat = YOU
        if self.last is not None:
            last_seat, text, kind = self.last
            last = _reading(self.rules, text, kind)
        hands = tuple(parse(h) for h in self.hands)
        return Position(self.rules, hands, self.landlord, YOU, last, last_seat, self.allowance)

    def to_dict(self) -> dict[str, Any]:
        body = self._body()
        return {**body, "digest": digest(body)}

    def _body(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": {"theme": self.theme, "number": self.number},
            "ruleset": self.ruleset,
            "landlord": self.landlord,
            "hands": list(self.hands),
            "last": None if self.last is None else list(self.last),
            "allowance": self.allowance,
            "source": {"seed": self.source.seed, "deal": self.source.deal, "action": self.source.action},
            "proof": {
                "result": "win",
                "winning": [list(step) for step in self.winning],
                "length": len(self.line),
                "first_moves": self.first_moves,
                "nodes": self.nodes,
                "difficulty": self.difficulty,
            },
            "line": [list(step) for step in self.line],
        }


def step(seat: int, move: Move) -> Step:
    return seat, move.text, None if move.kind is None else move.kind.value


def digest(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _reading(rules: Ruleset, text: str, kind: str | None) -> Reading:
    readings = [r for r in classify(parse(text), rules) if kind is None or r.kind.value == kind]
    if not readings:
        raise PuzzleError(f"{text!r} is not a {kind or 'play'} under {rules.name}")
    return readings[0]


class PuzzleError(ValueError):
    """A chapter file that cannot be trusted: why, in one sentence naming the file and the puzzle."""


@dataclass(frozen=True, slots=True)
class Chapter:
    name: str  # the chapter's key (puzzles.chapter_<name>)
    puzzles: tuple[Puzzle, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "chapter": self.name, "puzzles": [p.to_dict() for p in self.puzzles]}


def save_chapter(chapter: Chapter, folder: pathlib.Path = ASSETS) -> pathlib.Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{chapter.name}.json"
    path.write_text(json.dumps(chapter.to_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def load_chapter(path: pathlib.Path) -> Chapter:
    """The chapter in `path`, or PuzzleError saying what is wrong with it (never another exception)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise PuzzleError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PuzzleError(f"{path.name}: not a JSON puzzle file ({error})") from None
    try:
        return _chapter(data)
    except PuzzleError as error:
        raise PuzzleError(f"{path.name}: {error}") from None


def load_all(folder: pathlib.Path = ASSETS) -> tuple[list[Chapter], list[str]]:
    """Every chapter that loads, in file-name order, and one message per file refused."""
    chapters: list[Chapter] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")):
        try:
            chapters.append(load_chapter(path))
        except PuzzleError as error:
            problems.append(str(error))
    return chapters, problems


def read_chapter(data: Any) -> Chapter:
    """A chapter from its parsed JSON (a device's own file, say), or PuzzleError saying what is wrong with it."""
    return _chapter(data)


def _chapter(data: Any) -> Chapter:
    if not isinstance(data, dict):
        raise PuzzleError("the file holds no chapter object")
    if data.get("format") != FORMAT:
        raise PuzzleError(f"format {data.get('format')!r} is not {FORMAT}")
    name, puzzles = data.get("chapter"), data.get("puzzles")
    if not isinstance(name, str) or not name.isidentifier():
        raise PuzzleError("the chapter has no valid name")
    if not isinstance(puzzles, list) or not puzzles:
        raise PuzzleError("the chapter has no puzzles")
    loaded = []
    for index, item in enumerate(puzzles):
        label = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) else f"#{index + 1}"
        try:
            loaded.append(_puzzle(item))
        except PuzzleError as error:
            raise PuzzleError(f"puzzle {label}: {error}") from None
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise PuzzleError(f"puzzle {label}: malformed ({type(error).__name__}: {error})") from None
    ids = [p.id for p in loaded]
    if len(set(ids)) != len(ids):
        raise PuzzleError("two puzzles share an id")
    return Chapter(name, tuple(loaded))


def _int(value: Any, what: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise PuzzleError(f"{what} must be a whole number of at least {low}")
    return value


def _text(value: Any, what: str, allow_pass: bool = False) -> str:
    if not isinstance(value, str) or not value:
        raise PuzzleError(f"{what} must be a rank string")
    if allow_pass and value == "pass":
        return value
    unknown = first_unknown(value)
    if unknown is not None:
        raise PuzzleError(f"{what} has the unknown rank {unknown!r} (ranks are {RANKS})")
    if value != normalize(value):
        raise PuzzleError(f"{what} {value!r} is not in rank order")
    return value


def _step(value: Any, players: int, what: str) -> Step:
    if not isinstance(value, list) or len(value) != 3:
        raise PuzzleError(f"{what} must be [seat, move, kind]")
    seat = _int(value[0], f"{what}'s seat")
    if seat >= players:
        raise PuzzleError(f"{what}'s seat {seat} is not at the table")
    move = _text(value[1], f"{what}'s move", allow_pass=True)
    kind = value[2]
    if (move == "pass") != (kind is None) or (kind is not None and kind not in {k.value for k in Kind}):
        raise PuzzleError(f"{what}'s kind {kind!r} does not fit {move!r}")
    return seat, move, kind


def _puzzle(item: Any) -> Puzzle:
    if not isinstance(item, dict):
        raise PuzzleError("not a puzzle object")
    body = {k: v for k, v in item.items() if k != "digest"}
    if item.get("digest") != digest(body):
        raise PuzzleError("its contents do not match its digest: the file was changed after the proof")
    ruleset = item["ruleset"]
    if ruleset not in RULESETS:
        raise PuzzleError(f"unknown ruleset {ruleset!r}")
    rules = RULESETS[ruleset]
    hands = item["hands"]
    if not isinstance(hands, list) or len(hands) != rules.players:
        raise PuzzleError(f"{rules.name} needs {rules.players} hands")
    hands = tuple(_text(h, f"hand {seat}") for seat, h in enumerate(hands))
    _check_pack(rules, hands)
    landlord = _int(item["landlord"], "the landlord")
    if landlord >= rules.players:
        raise PuzzleError(f"the landlord {landlord} is not at the table")
    allowance = item["allowance"]
    if rules.allowance != (allowance is not None):
        raise PuzzleError(f"{rules.name} {'needs' if rules.allowance else 'has no'} allowance")
    if allowance is not None:
        _int(allowance, "the allowance", 1)
    last = None if item["last"] is None else _step(item["last"], rules.players, "the play to beat")
    if last is not None and (last[0] == YOU or last[1] == "pass"):
        raise PuzzleError("the play to beat must be another seat's play")
    source, proof, name = item["source"], item["proof"], item["name"]
    if proof["result"] != "win":
        raise PuzzleError(f"the recorded result is {proof['result']!r}, not a forced win")
    winning = tuple(_step(s, rules.players, "a winning move") for s in proof["winning"])
    line = tuple(_step(s, rules.players, "a step of the line") for s in item["line"])
    if any(seat != YOU for seat, _, _ in winning):
        raise PuzzleError("a winning first move is not yours")
    if not winning or not line or proof["length"] != len(line):
        raise PuzzleError("the solution is missing or its length is wrong")
    puzzle = Puzzle(
        id=_text_id(item["id"]),
        theme=_text_id(name["theme"]),
        number=_int(name["number"], "the name's number", 1),
        ruleset=ruleset,
        landlord=landlord,
        hands=hands,
        last=last,
        allowance=allowance,
        source=Source(*(_int(source[part], f"the source's {part}") for part in ("seed", "deal", "action"))),
        winning=winning,
        line=line,
        first_moves=_int(proof["first_moves"], "the first moves", 1),
        nodes=_int(proof["nodes"], "the proof's positions", 1),
        difficulty=float(proof["difficulty"]),
    )
    puzzle.position()  # the play to beat must read as its kind
    return puzzle


def _text_id(value: Any) -> str:
    if not isinstance(value, str) or not value.replace("-", "_").isidentifier():
        raise PuzzleError(f"{value!r} is not a valid id")
    return value


def _check_pack(rules: Ruleset, hands: tuple[str, ...]) -> None:
    """Every card must exist in the pack, and every hand must hold one or more."""
    pack = [0] * len(CARD_CHARS)
    for card in rules.deck.build():
        pack[card.rank] += 1
    held = [sum(h.count(ch) for h in hands) for ch in CARD_CHARS]
    over = [ch for ch, n, most in zip(CARD_CHARS, held, pack, strict=True) if n > most]
    if over:
        raise PuzzleError(f"more {over[0]} cards than the {rules.name} pack holds")
    if any(not h for h in hands):
        raise PuzzleError("every seat must hold a card")
