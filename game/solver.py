"""The exact open-hand solver: who wins a position with every hand face up, and how.

Every legal play of every seat is searched (each reading of a lead that has several, every wing choice, every
pass), with no sampling and no budget: a result is a proof. Both forms are covered: one landlord against one or
two farmers (partners share a side and win together), and the two-player allowance (003), where a farmer wins
once it holds that many cards or fewer.

The search is a depth-first AND/OR search over (hands, seat to move, play to beat, who made it), with a
transposition table, move ordering (finishing plays, a pass on the partner's play, the play that last won from
the same hand, plays no opponent can answer, the most cards first) and one collapse: a play nobody can answer is
the same position as its player's free lead.
On top of the proof: the winning actions, the principal line (the winners take their first winning action, the
losers the one leaving the winners fewest answers), the refutation of a wrong move and the play that took control.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.cards import NUM_RANKS, Counts, parse
from game.combos import Reading, answer, classify
from game.kinds import Kind
from game.memo import memo
from game.moves import follow_moves, lead_moves
from game.rulesets import Ruleset

PASS = "pass"
BITS = 4  # bits per rank in a packed hand: up to 15 cards of one rank
MASK = (1 << BITS) - 1


def pack(counts: Sequence[int]) -> int:
    return sum(n << (BITS * r) for r, n in enumerate(counts))


def unpack(hand: int) -> Counts:
    return tuple((hand >> (BITS * r)) & MASK for r in range(NUM_RANKS))


@dataclass(frozen=True, slots=True)
class Move:
    """One action: a play (its rank text and the reading it is made as) or a pass (`text` "pass", no reading)."""

    text: str
    reading: Reading | None = None

    @property
    def is_pass(self) -> bool:
        return self.reading is None

    @property
    def kind(self) -> Kind | None:
        return None if self.reading is None else self.reading.kind


PASS_MOVE = Move(PASS)


@dataclass(frozen=True, slots=True)
class Position:
    """A fully known position: each seat's hand, the landlord, the seat to move and the play it must beat.

    `last_seat` is the seat of the play to beat, or the seat to move on a free lead (`last` None). `allowance`
    is the two-player farmer's (003), None elsewhere.
    """

    rules: Ruleset
    hands: tuple[Counts, ...]
    landlord: int
    turn: int
    last: Reading | None = None
    last_seat: int = -1
    allowance: int | None = None

    def __post_init__(self) -> None:
        if self.last is None:
            object.__setattr__(self, "last_seat", self.turn)

    @property
    def players(self) -> int:
        return len(self.hands)

    def allied(self, a: int, b: int) -> bool:
        return a == b or (a != self.landlord and b != self.landlord)

    def spare(self, seat: int) -> int:
        """Cards `seat` may still hold when it wins: the allowance for a two-player farmer, else none."""
        return self.allowance if self.allowance is not None and seat != self.landlord else 0

    def moves(self) -> list[Move]:
        """Every legal action of the seat to move, passing last (and only when following)."""
        hand = self.hands[self.turn]
        found = [Move(text, READINGS[rid]) for _, rid, _, text in options(pack(hand), self.last, self.rules)]
        return found if self.last is None else [*found, PASS_MOVE]

    def play(self, move: Move) -> Position | None:
        """The position after `move` (one of `moves()`), or None when it ends the hand (the mover's side wins)."""
        nxt = (self.turn + 1) % self.players
        if move.is_pass:
            if self.last is None:
                raise ValueError("a free lead cannot pass")
            if nxt == self.last_seat:
                return replace(self, turn=nxt, last=None, last_seat=nxt)
            return replace(self, turn=nxt)
        rest = tuple(h - p for h, p in zip(self.hands[self.turn], parse(move.text), strict=True))
        if min(rest) < 0:
            raise ValueError(f"{move.text} is not in the hand of seat {self.turn}")
        if sum(rest) <= self.spare(self.turn):
            return None
        hands = tuple(rest if seat == self.turn else h for seat, h in enumerate(self.hands))
        return replace(self, hands=hands, turn=nxt, last=move.reading, last_seat=self.turn)

    def find(self, text: str, kind: Kind | None = None) -> Move | None:
        """The legal action with this rank text (and kind, when a lead has several readings), or None."""
        for move in self.moves():
            if move.text == text and (kind is None or move.kind is kind):
                return move
        return None


Option = tuple[int, int, int, str]  # (packed play, reading id, cards, text)
READINGS: list[Reading | None] = [None]  # reading ids: 0 is the free lead
READING_IDS: dict[Reading | None, int] = {None: 0}
SHAPES: dict[int, tuple[Reading, tuple[Kind, int, int]]] = {}  # a play's reading and (kind, length, size)


def reading_id(reading: Reading | None) -> int:
    """A small int standing for a reading in the search's keys (hashing the reading itself is slow)."""
    found = READING_IDS.get(reading)
    if found is None:
        assert reading is not None
        found = READING_IDS[reading] = len(READINGS)
        READINGS.append(reading)
        SHAPES[found] = reading, (reading.kind, reading.length, reading.size)
    return found


def options(hand: int, last: Reading | None, rules: Ruleset) -> list[Option]:
    """Every play of a packed hand on `last`. A lead with several readings is one option per kind, in the highest
    reading of that kind, as a player picks it (docs/rules-decisions.md); a follow takes the strongest reading."""
    counts = unpack(hand)
    if last is None:
        return [option for text in lead_moves(counts, rules) for option in _lead_options(text, rules)]
    return [_follow_option(text, last, rules) for text in follow_moves(counts, last, rules)]


@memo(1 << 16)
def _lead_options(text: str, rules: Ruleset) -> tuple[Option, ...]:
    play = parse(text)
    kinds = {reading.kind: reading for reading in reversed(classify(play, rules))}  # the highest of each kind
    return tuple((pack(play), reading_id(reading), len(text), text) for reading in reversed(kinds.values()))


@memo(1 << 16)
def _follow_option(text: str, last: Reading, rules: Ruleset) -> Option:
    play = parse(text)
    reading = answer(classify(play, rules), last)
    assert reading is not None
    return pack(play), reading_id(reading), len(text), text


Key = tuple[tuple[int, ...], int, int, int]


Threat = tuple[dict[tuple[Kind, int, int], int], tuple[int, int]]  # (highest top per shape, strongest bomb)


def beats_any(reading: Reading, shape: tuple[Kind, int, int], threat: Threat) -> bool:
    """Could a hand with this threat answer `reading`?"""
    tops, bomb = threat
    if reading.kind is Kind.BOMB:
        return bomb > (reading.length, reading.top)
    if reading.kind is Kind.ROCKET:
        return False
    return bomb[0] >= 0 or tops.get(shape, -1) > reading.top


class TooLong(Exception):
    """A search passed its `limit`: it proved nothing (the puzzle generator gives such a position up)."""


@dataclass
class Solver:
    """Proves positions of one table shape (rules, landlord, allowance); its tables are reused across positions.

    `nodes` counts the positions the proof search expanded (transposition hits and collapsed ones not counted).
    `limit`, when set, stops a search past that many nodes with TooLong; a proof never sets it.
    """

    rules: Ruleset
    landlord: int
    allowance: int | None = None
    limit: int | None = None
    nodes: int = 0
    table: dict[Key, bool] = field(default_factory=dict)
    _plays: dict[tuple[int, int], list[Option]] = field(default_factory=dict)
    _sizes: dict[int, int] = field(default_factory=dict)
    _threats: dict[int, Threat] = field(default_factory=dict)
    _killers: dict[tuple[int, int], Option] = field(default_factory=dict)  # the play that last won from a hand

    @classmethod
    def of(cls, position: Position, limit: int | None = None) -> Solver:
        return cls(position.rules, position.landlord, position.allowance, limit)

    def _check(self, position: Position) -> None:
        if (position.rules, position.landlord, position.allowance) != (self.rules, self.landlord, self.allowance):
            raise ValueError("this solver proves positions of another table shape")

    def _key(self, position: Position) -> Key:
        return tuple(pack(h) for h in position.hands), position.turn, reading_id(position.last), position.last_seat

    # ----- the proof -----------------------------------------------------------------------------------------

    def wins(self, position: Position) -> bool:
        """Does the side of the seat to move win against any defence?"""
        self._check(position)
        return self._wins(*self._key(position))

    def _allied(self, a: int, b: int) -> bool:
        return a == b or (a != self.landlord and b != self.landlord)

    def _spare(self, seat: int) -> int:
        return self.allowance if self.allowance is not None and seat != self.landlord else 0

    def _options(self, hand: int, last: int) -> list[Option]:
        key = (hand, last)
        found = self._plays.get(key)
        if found is None:
            found = self._plays[key] = options(hand, READINGS[last], self.rules)
        return found

    def _size(self, hand: int) -> int:
        found = self._sizes.get(hand)
        if found is None:
            found = self._sizes[hand] = sum(unpack(hand))
        return found

    def _wins(self, hands: tuple[int, ...], turn: int, last: int, ls: int) -> bool:
        key = (hands, turn, last, ls)
        known = self.table.get(key)
        if known is not None:
            return known
        if last and not any(self._options(h, last) for seat, h in enumerate(hands) if seat != ls):
            # nobody can answer: every seat passes and the player of `last` leads again
            result = self._wins(hands, ls, 0, ls) == self._allied(turn, ls)
        else:
            self.nodes += 1
            if self.limit is not None and self.nodes > self.limit:
                raise TooLong
            result = self._search(hands, turn, last, ls)
        self.table[key] = result
        return result

    def _search(self, hands: tuple[int, ...], turn: int, last: int, ls: int) -> bool:
        plays = self._options(hands[turn], last)
        need = self._size(hands[turn]) - self._spare(turn)
        for option in plays:
            if option[2] >= need:
                return True
        nxt = (turn + 1) % len(hands)
        mine = self._allied(turn, nxt)
        passing = last != 0
        if passing and self._allied(turn, ls):
            if self._after_pass(hands, turn, last, ls, nxt) == mine:
                return True
            passing = False
        ordered = self._ordered(plays, hands, turn, last)
        killer = self._killers.get((hands[turn], last))
        if killer is not None:
            ordered = [killer, *(o for o in ordered if o is not killer)]
        for option in ordered:
            moved = (*hands[:turn], hands[turn] - option[0], *hands[turn + 1 :])
            if self._wins(moved, nxt, option[1], turn) == mine:
                self._killers[hands[turn], last] = option
                return True
        return passing and self._after_pass(hands, turn, last, ls, nxt) == mine

    def _after_pass(self, hands: tuple[int, ...], turn: int, last: int, ls: int, nxt: int) -> bool:
        """Does the side of `nxt` win after the seat to move passes?"""
        if nxt == ls:
            return self._wins(hands, nxt, 0, nxt)
        return self._wins(hands, nxt, last, ls)

    def _ordered(self, plays: list[Option], hands: tuple[int, ...], turn: int, last: int) -> list[Option]:
        """Plays no opponent can answer first, then the ones shedding most cards, lowest first. Only the order
        of the search depends on this, never its result."""
        threats = [self._threat(hands[s]) for s in range(len(hands)) if not self._allied(turn, s)]

        def rank(option: Option) -> tuple[bool, int, int]:
            reading, shape = SHAPES[option[1]]
            for threat in threats:
                if beats_any(reading, shape, threat):
                    return True, -option[2], option[0]
            return False, -option[2], option[0]

        return sorted(plays, key=rank)

    def _threat(self, hand: int) -> Threat:
        """What a hand could answer with: its highest top per shape and its strongest bomb (or rocket)."""
        found = self._threats.get(hand)
        if found is None:
            tops: dict[tuple[Kind, int, int], int] = {}
            bomb = (-1, -1)
            for _, rid, _, _ in self._options(hand, 0):
                reading = READINGS[rid]
                assert reading is not None
                if reading.kind.is_bomb_like:
                    bomb = max(bomb, (99, 99) if reading.kind is Kind.ROCKET else (reading.length, reading.top))
                shape = (reading.kind, reading.length, reading.size)
                tops[shape] = max(tops.get(shape, -1), reading.top)
            found = self._threats[hand] = (tops, bomb)
        return found

    # ----- moves, lines and refutations ----------------------------------------------------------------------

    def ordered_moves(self, position: Position) -> list[Move]:
        """The actions of the seat to move in the search's order: finishing plays, a pass on the partner's play,
        plays no opponent can answer, the most cards first; a pass on an opponent's play last."""
        self._check(position)
        hands, turn, last, ls = self._key(position)
        plays = self._options(hands[turn], last)
        need = self._size(hands[turn]) - self._spare(turn)
        finishing = [o for o in plays if o[2] >= need]
        ordered = finishing + [o for o in self._ordered(plays, hands, turn, last) if o[2] < need]
        moves = [Move(text, READINGS[rid]) for _, rid, _, text in ordered]
        if not last:
            return moves
        return [PASS_MOVE, *moves] if self._allied(turn, ls) else [*moves, PASS_MOVE]

    def winning_moves(self, position: Position) -> list[Move]:
        """Every action of the seat to move after which its side still wins, in the search's order."""
        return [move for move in self.ordered_moves(position) if self.wins_after(position, move)]

    def wins_after(self, position: Position, move: Move) -> bool:
        """Does the mover's side win after `move`?"""
        after = position.play(move)
        if after is None:
            return True
        return self.wins(after) == position.allied(position.turn, after.turn)

    def best(self, position: Position) -> Move:
        """The solver's action: when the mover's side wins, its first winning action in the search's order;
        when it loses, the action that leaves the winners the fewest winning answers (the hardest defence)."""
        moves = self.ordered_moves(position)
        if self.wins(position):
            return next(move for move in moves if self.wins_after(position, move))
        return min(moves, key=lambda move: self._answers(position, move))

    def _answers(self, position: Position, move: Move) -> int:
        """How many winning actions the other side has when it is next to act after `move`."""
        after = position.play(move)
        if after is None:
            return 0
        if position.allied(position.turn, after.turn):  # the partner answers first: count after its best action
            return self._answers(after, self.best(after))
        return len(self.winning_moves(after))

    def hint(self, position: Position) -> tuple[Move, list[tuple[int, Move]]] | None:
        """The next winning action and the line it starts (why it wins), or None when the position is lost."""
        if not self.wins(position):
            return None
        line = self.line(position)
        return line[0][1], line

    def line(self, position: Position) -> list[tuple[int, Move]]:
        """The principal line from `position`: (seat, action) pairs to the end of the hand, both sides best."""
        out: list[tuple[int, Move]] = []
        current: Position | None = position
        while current is not None:
            move = self.best(current)
            out.append((current.turn, move))
            current = current.play(move)
        return out


@dataclass(frozen=True, slots=True)
class Refutation:
    """How the defence beats a wrong first move: the line after it and the play that takes control.

    `control` indexes `line`: the defence's first play that the mover's side can no longer answer before the
    defence finishes (it wins the round, or ends the hand); None when the defence never plays.
    """

    move: Move
    line: tuple[tuple[int, Move], ...]
    control: int | None


def refute(solver: Solver, position: Position, move: Move) -> Refutation:
    """The defence's strongest answer to a losing `move` of the seat to move."""
    after = position.play(move)
    if after is None or solver.wins_after(position, move):
        raise ValueError(f"{move.text} wins: nothing to refute")
    line = tuple(solver.line(after))
    return Refutation(move, line, taking_control(position, line))


def taking_control(position: Position, line: Sequence[tuple[int, Move]]) -> int | None:
    """The index in `line` of the defence's first play after the mover's side last played: from there on only
    the defence plays (the mover's side passes or has lost), so that play took control and won."""
    mover = position.turn
    control = None
    for index, (seat, move) in enumerate(line):
        if move.is_pass:
            continue
        if position.allied(mover, seat):
            control = None
        elif control is None:
            control = index
    return control
