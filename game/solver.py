"""The exact open-hand solver: who wins a position with every hand face up, and how.

Every legal play of every seat is searched (each reading of a lead that has several, every wing choice, every
pass), with no sampling and no budget: a result is a proof. Both forms are covered: one landlord against one or
two farmers (partners share a side and win together), and the two-player allowance (003), where a farmer wins
once it holds that many cards or fewer.

The search is a depth-first AND/OR search over (hands, seat to move, play to beat, who made it), with a
transposition table, move ordering (finishing plays, a pass on the partner's play, the play that last won from
the same hand, plays no opponent can answer, the most cards first) and one collapse: a play nobody can answer is
the same position as its player's free lead. The table's key is canonical in the ranks: positions that differ
only in ranks nobody holds are one entry (`Solver._canonical`), which about halves the positions searched.
On top of the proof: the winning actions, the principal line (the winners take their first winning action, the
losers the one leaving the winners fewest answers), the refutation of a wrong move and the play that took control.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from game.cards import ACE, NUM_RANKS, Counts, parse
from game.combos import RUN_MIN, RUN_UNITS, Reading, answer, classify
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


LOW_NIBBLES = 0x0F0F0F0F0F0F0F0F
BYTES = 0x0101010101010101


def size(hand: int) -> int:
    """The cards in a packed hand: its counts added pairwise into bytes, then the bytes summed into the top one."""
    pairs = (hand & LOW_NIBBLES) + ((hand >> BITS) & LOW_NIBBLES)
    return (pairs * BYTES >> 56) & 0xFF


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
Shape = int  # a reading's kind, length and size in one int: the plays one reading can be answered by
SHAPES: dict[int, tuple[Shape, int, int]] = {}  # a reading's shape, top and bomb strength (-1: not a bomb)
KIND_NUMBERS = {kind: number for number, kind in enumerate(Kind)}
ROCKET = 1 << 10  # the bomb strength of the rocket; a bomb's is 16 * length + top


def reading_id(reading: Reading | None) -> int:
    """A small int standing for a reading in the search's keys (hashing the reading itself is slow)."""
    found = READING_IDS.get(reading)
    if found is None:
        assert reading is not None
        found = READING_IDS[reading] = len(READINGS)
        READINGS.append(reading)
        shape = (KIND_NUMBERS[reading.kind] * 64 + reading.length) * 64 + reading.size
        SHAPES[found] = shape, reading.top, _strength(reading)
    return found


def _strength(reading: Reading) -> int:
    if reading.kind is Kind.ROCKET:
        return ROCKET
    return 16 * reading.length + reading.top if reading.kind is Kind.BOMB else -1


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


Threat = tuple[dict[Shape, int], int]  # what a hand could answer with: the highest top per shape, its best bomb


@dataclass(slots=True)
class Entry:
    """A hand's plays on a reading (`Solver._entry`): in the base order, the most cards in one, the hand's size, and
    the play that last won from there (tried first: the killer heuristic)."""

    plays: list[Option]
    most: int
    size: int
    killer: Option | None = None


class Seats(NamedTuple):
    """Per seat: the next seat, who is allied with whom, the cards it may keep when it wins, its opponents."""

    next: tuple[int, ...]
    allied: tuple[tuple[bool, ...], ...]
    spare: tuple[int, ...]
    foes: tuple[tuple[int, ...], ...]


def _runs(hand: int) -> bool:
    """Could this hand make a straight, a pair run or an airplane?"""
    x = hand & PLAIN
    held = {1: x | x >> 1 | x >> 2 | x >> 3, 2: x >> 1 | x >> 2 | x >> 3, 3: (x & x >> 1) | x >> 2 | x >> 3}
    for kind, unit in RUN_UNITS.items():
        chain = held[unit] & LOW  # the low bit of each rank held at least `unit` times
        for _ in range(RUN_MIN[kind] - 1):
            chain &= chain >> BITS
        if chain:
            return True
    return False


PLAIN = (1 << (BITS * (ACE + 1))) - 1  # the ranks 3..A of a packed hand
LOW = sum(1 << (BITS * r) for r in range(ACE + 1))  # the low bit of each of them
PACKED = {sum(1 << (BITS * r) for r in range(ACE + 1 - k, ACE + 1)) for k in range(ACE + 2)}  # held up to the ace


@memo(1 << 13)
def _squeeze(key: int) -> tuple[int, ...] | None:
    """The order-keeping map of ranks for `Solver._canonical` (key: the held ranks 3..A as the low bits of packed
    counts, times two, plus one to squeeze out every empty rank rather than keep one in each gap), or None when it
    moves no held rank. A rank nobody holds goes where the next held rank below it goes (or just under the lowest),
    so every held rank stays above or below it as before: a play to beat keeps its answers."""
    held, full = key >> 1, key & 1
    phi = list(range(NUM_RANKS))
    slot, gap = ACE, False
    for r in range(ACE, -1, -1):
        if (held >> (BITS * r)) & 1:
            phi[r], slot, gap = slot, slot - 1, True
        elif gap and not full and held & ((1 << (BITS * r)) - 1):  # a gap with held ranks on both sides
            slot, gap = slot - 1, False
    if all(phi[r] == r for r in range(ACE + 1) if (held >> (BITS * r)) & 1):
        return None
    under = min(phi[r] for r in range(ACE + 1) if (held >> (BITS * r)) & 1) - 1
    for r in range(ACE + 1):
        if (held >> (BITS * r)) & 1:
            under = phi[r]
        else:
            phi[r] = under
    return tuple(phi)


Segments = tuple[tuple[int, int], ...]  # (mask, shift): the counts under a mask move up by a shift


@memo(1 << 13)
def _segments(key: int) -> Segments | None:
    """`_squeeze(key)`'s map as blocks of neighbouring held ranks that move up together (or None: it moves none).
    A hand holds no other ranks (the key's held ranks are every hand's), so moving these blocks moves it."""
    phi = _squeeze(key)
    if phi is None:
        return None
    held, blocks = key >> 1, {}
    for r in range(NUM_RANKS):
        if r > ACE or (held >> (BITS * r)) & 1:
            up = phi[r] - r
            blocks[up] = blocks.get(up, 0) | MASK << (BITS * r)
    return tuple((mask, BITS * up) for up, mask in blocks.items())


def _move_ranks(hand: int, segments: Segments) -> int:
    out = 0
    for mask, shift in segments:
        out |= (hand & mask) << shift
    return out


class TooLong(Exception):
    """A search passed its `limit`: it proved nothing (the puzzle generator gives such a position up)."""


@dataclass
class Solver:
    """Proves positions of one table shape (rules, landlord, allowance); its tables are reused across positions.

    `nodes` counts the positions the proof search expanded (transposition hits and collapsed ones not counted).
    `limit`, when set, stops a search past that many nodes with TooLong; a proof never sets it. `squeeze` False
    keys the table by the hands as they are (the tests check the canonical key against it).
    """

    rules: Ruleset
    landlord: int
    allowance: int | None = None
    limit: int | None = None
    nodes: int = 0
    squeeze: bool = True
    table: dict[Key, bool] = field(default_factory=dict)
    _plays: dict[tuple[int, int], Entry] = field(default_factory=dict)
    _threats: dict[int, Threat] = field(default_factory=dict)
    _canon: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = field(default_factory=dict)  # `_canonical`
    _lasts: dict[tuple[int, int], int] = field(default_factory=dict)  # a play to beat under a map of ranks
    _can_run: dict[int, bool] = field(default_factory=dict)
    _relabelled: dict[int, int] = field(default_factory=dict)  # a hand under a map of ranks (`_moved`'s key)
    _maps: dict[int, Segments | None] = field(default_factory=dict)  # `_segments`' maps
    _by_players: dict[int, Seats] = field(default_factory=dict)

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
        self._seats(position.players)  # worked out before the search reads them
        return self._wins(*self._key(position))

    def _allied(self, a: int, b: int) -> bool:
        return a == b or (a != self.landlord and b != self.landlord)

    def _spare(self, seat: int) -> int:
        return self.allowance if self.allowance is not None and seat != self.landlord else 0

    def _options(self, hand: int, last: int) -> list[Option]:
        return (self._plays.get((hand, last)) or self._entry(hand, last)).plays

    def _entry(self, hand: int, last: int) -> Entry:
        """A hand's plays on `last` in the base order (most cards first, lowest first), with what the search asks of
        them (`Entry`)."""
        if last and not self.rules.wild_rank:
            plays = self._beating(self._options(hand, 0), last)
        else:
            plays = sorted(options(hand, READINGS[last], self.rules), key=lambda o: (-o[2], o[0]))
        found = self._plays[hand, last] = Entry(plays, plays[0][2] if plays else 0, size(hand))
        return found

    @staticmethod
    def _beating(leads: list[Option], last: int) -> list[Option]:
        """The plays among a hand's leads that beat `last`, as `options` finds them (each lead is the highest
        reading of its kind, the one a follow takes), in the same order: without wild cards a play beats by its
        shape and top, or as a bigger bomb."""
        shape, top, bomb = SHAPES[last]
        out = []
        for option in leads:
            their_shape, their_top, their_bomb = SHAPES[option[1]]
            if (their_bomb > bomb) if their_bomb >= 0 else (their_shape == shape and their_top > top):
                out.append(option)
        return out

    def _seats(self, players: int) -> Seats:
        """The per-seat facts the search reads at every position, worked out once for the table's size."""
        found = self._by_players.get(players)
        if found is None:
            found = self._by_players[players] = Seats(
                tuple((s + 1) % players for s in range(players)),
                tuple(tuple(self._allied(a, b) for b in range(players)) for a in range(players)),
                tuple(self._spare(s) for s in range(players)),
                tuple(tuple(f for f in range(players) if not self._allied(s, f)) for s in range(players)),
            )
        return found

    def _wins(self, hands: tuple[int, ...], turn: int, last: int, ls: int) -> bool:
        if self.squeeze:
            hands, squeeze = self._canon.get(hands) or self._canonical(hands)
            if squeeze and last:
                last = self._lasts.get((squeeze, last)) or self._relabel_last(squeeze, last)
        key = (hands, turn, last, ls)
        known = self.table.get(key)
        if known is not None:
            return known
        hand = hands[turn]
        entry = self._plays.get((hand, last)) or self._entry(hand, last)
        if last and not entry.plays and self._unanswered(hands, last, ls):
            # nobody can answer: every seat passes and the player of `last` leads again
            result = self._wins(hands, ls, 0, ls) == self._by_players[len(hands)].allied[turn][ls]
        else:
            self.nodes += 1
            if self.limit is not None and self.nodes > self.limit:
                raise TooLong
            result = self._search(hands, turn, last, ls, entry)
        self.table[key] = result
        return result

    def _unanswered(self, hands: tuple[int, ...], last: int, ls: int) -> bool:
        plays = self._plays
        for seat, hand in enumerate(hands):
            if seat != ls and (plays.get((hand, last)) or self._entry(hand, last)).plays:
                return False
        return True

    def _canonical(self, hands: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """The hands with the ranks 3..A moved up to the ace, keeping their order: the ranks nobody holds are
        squeezed out when no hand can make a run (so only the order of ranks matters), and otherwise each gap
        between held ranks shrinks to one empty rank (a rank nobody holds breaks every run). Returns the hands and
        the map's key for `_squeeze` (held ranks times two, plus one for the full squeeze), or the hands as they
        are and 0 when the map would change nothing."""
        union = 0
        for hand in hands:
            union |= hand
        union &= PLAIN
        held = (union | union >> 1 | union >> 2 | union >> 3) & LOW
        found = self._canon[hands] = hands, 0
        if held in PACKED:
            return found
        full = not self._runs(hands)
        squeeze = 2 * held + full
        moved = self._moved(hands, squeeze)
        if full and moved is not hands and self._runs(moved):
            squeeze -= 1
            moved = self._moved(hands, squeeze)
        if moved is not hands:
            found = self._canon[hands] = moved, squeeze
        return found

    def _moved(self, hands: tuple[int, ...], squeeze: int) -> tuple[int, ...]:
        """The hands under the map `_squeeze(squeeze)` (`hands` itself when it moves nothing)."""
        segments = self._maps.get(squeeze, False)
        if segments is False:
            segments = self._maps[squeeze] = _segments(squeeze)
        if segments is None:
            return hands
        known = self._relabelled
        shift = squeeze << (BITS * NUM_RANKS)  # a hand and the map in one int key
        out = []
        for hand in hands:
            found = known.get(shift | hand)
            if found is None:
                found = known[shift | hand] = _move_ranks(hand, segments)
            out.append(found)
        return tuple(out)

    def _runs(self, hands: tuple[int, ...]) -> bool:
        """Could one of the hands make a straight, a pair run or an airplane?"""
        known = self._can_run
        for hand in hands:
            found = known.get(hand)
            if found is None:
                found = known[hand] = _runs(hand)
            if found:
                return True
        return False

    def _relabel_last(self, squeeze: int, last: int) -> int:
        """The play to beat with its top moved by the map of `_canonical`."""
        reading, phi = READINGS[last], _squeeze(squeeze)
        assert reading is not None and phi is not None
        found = self._lasts[squeeze, last] = reading_id(reading._replace(top=phi[reading.top]))
        return found

    def _search(self, hands: tuple[int, ...], turn: int, last: int, ls: int, entry: Entry) -> bool:
        seats = self._by_players[len(hands)]
        if entry.most >= entry.size - seats.spare[turn]:
            return True
        nxt = seats.next[turn]
        mine = seats.allied[turn][nxt]
        passing = last != 0
        if passing and seats.allied[turn][ls]:
            if self._after_pass(hands, last, ls, nxt) == mine:
                return True
            passing = False
        wins = self._wins
        hand = hands[turn]
        head, tail = hands[:turn], hands[turn + 1 :]
        killer = entry.killer
        if killer is not None and wins((*head, hand - killer[0], *tail), nxt, killer[1], turn) == mine:
            return True
        for option in self._ordered(entry.plays, hands, seats.foes[turn]):
            if option is killer:
                continue
            if wins((*head, hand - option[0], *tail), nxt, option[1], turn) == mine:
                entry.killer = option
                return True
        return passing and self._after_pass(hands, last, ls, nxt) == mine

    def _after_pass(self, hands: tuple[int, ...], last: int, ls: int, nxt: int) -> bool:
        """Does the side of `nxt` win after the seat to move passes?"""
        if nxt == ls:
            return self._wins(hands, nxt, 0, nxt)
        return self._wins(hands, nxt, last, ls)

    def _ordered(self, plays: list[Option], hands: tuple[int, ...], foes: tuple[int, ...]) -> list[Option]:
        """`plays` (in the base order) with the ones no opponent (`foes`) can answer first. Only the order of the
        search depends on this, never its result."""
        if len(plays) < 2:
            return plays
        threats = [self._threats.get(hands[s]) or self._threat(hands[s]) for s in foes]
        safe, answered = [], []
        for option in plays:
            shape, top, bomb = SHAPES[option[1]]
            for tops, strongest in threats:
                if strongest > bomb if bomb >= 0 else strongest >= 0 or tops.get(shape, -1) > top:
                    answered.append(option)
                    break
            else:
                safe.append(option)
        return safe + answered

    def _threat(self, hand: int) -> Threat:
        """What a hand could answer with: its highest top per shape and its strongest bomb (or rocket)."""
        found = self._threats.get(hand)
        if found is None:
            tops: dict[Shape, int] = {}
            strongest = -1
            for _, rid, _, _ in self._options(hand, 0):
                shape, top, bomb = SHAPES[rid]
                strongest = max(strongest, bomb)
                tops[shape] = max(tops.get(shape, -1), top)
            found = self._threats[hand] = (tops, strongest)
        return found

    # ----- moves, lines and refutations ----------------------------------------------------------------------

    def ordered_moves(self, position: Position) -> list[Move]:
        """The actions of the seat to move in the search's order: finishing plays, a pass on the partner's play,
        plays no opponent can answer, the most cards first; a pass on an opponent's play last."""
        self._check(position)
        hands, turn, last, ls = self._key(position)
        entry = self._plays.get((hands[turn], last)) or self._entry(hands[turn], last)
        need = entry.size - self._spare(turn)
        finishing = [o for o in entry.plays if o[2] >= need]
        foes = self._seats(len(hands)).foes[turn]
        ordered = finishing + [o for o in self._ordered(entry.plays, hands, foes) if o[2] < need]
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
