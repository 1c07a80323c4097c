"""Making puzzles: prove a position into a Puzzle, judge whether it is a good one, and find positions in deals.

A good puzzle is a forced win that is not obvious: the naive first actions (the biggest single, the greedy
longest play, on a follow the cheapest answer) all lose, at most two first actions win, and your side needs at
least two plays. Difficulty comes from the proof itself: the positions a fresh solver searched, your side's plays
in the principal line, and how few of the first actions win.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from game.actions import Action, Pass, Play
from game.cards import BIG_JOKER, SMALL_JOKER, TWO, Counts, render
from game.history import DealSpan, deal_spans, rebuild
from game.kinds import Kind
from game.match import Match, Phase
from game.puzzles.data import YOU, Puzzle, Source, step
from game.selfplay import acting_seat, bot_action
from game.solver import PASS_MOVE, Move, Position, Solver, TooLong

MAX_WINNING = 2  # "unique or nearly so"
MIN_FIRST_MOVES = 3
MIN_YOUR_PLAYS = 2
LIMIT = 30_000  # positions searched: a puzzle must re-prove in a fraction of a second
GIVE_UP = 2  # a missed win is not looked for before this many positions in a row past the budget


def position_of(match: Match) -> Position:
    """The match's position with the seat to move as seat 0 (seats keep the order of play)."""
    you = match.turn
    assert match.phase is Phase.PLAYING and you is not None and match.hand.landlord is not None
    n = match.players
    hands = tuple(match.counts((you + k) % n) for k in range(n))
    last = match.hand.last
    return Position(
        match.rules,
        hands,
        (match.hand.landlord - you) % n,
        YOU,
        None if last is None else last.reading,
        YOU if last is None else (last.seat - you) % n,
        match.allowance,
    )


def naive_moves(position: Position) -> list[Move]:
    """What a hurried player tries first: the biggest single, the longest play, and on a follow the cheapest
    answer."""
    plays = [m for m in position.moves() if m.reading is not None]
    if not plays:
        return []
    out = [max(plays, key=lambda m: (len(m.text), -top(m)))]
    singles = [m for m in plays if m.kind is Kind.SINGLE]
    if singles:
        out.append(max(singles, key=top))
    if position.last is not None:
        out.append(min(plays, key=lambda m: (m.kind in (Kind.BOMB, Kind.ROCKET), len(m.text), top(m))))
    return out


def top(move: Move) -> int:
    assert move.reading is not None
    return move.reading.top


@dataclass(frozen=True, slots=True)
class Proven:
    """A position with its proof: every winning first action, the line, the figures."""

    position: Position
    last_text: str | None  # the rank text of the play to beat (the position keeps only its reading)
    winning: list[Move]
    line: list[tuple[int, Move]]
    first_moves: int
    nodes: int

    @property
    def your_plays(self) -> int:
        return sum(1 for seat, move in self.line if not move.is_pass and self.position.allied(YOU, seat))

    @property
    def difficulty(self) -> float:
        share = self.first_moves / len(self.winning)
        return round(math.log2(self.nodes + 1) + 2 * self.your_plays + math.log2(share), 1)

    def puzzle(self, source: Source, id: str, number: int) -> Puzzle:
        p = self.position
        return Puzzle(
            id=id,
            theme=theme(p),
            number=number,
            ruleset=p.rules.name,
            landlord=p.landlord,
            hands=tuple(render(h) for h in p.hands),
            last=None if self.last_text is None else step(p.last_seat, Move(self.last_text, p.last)),
            allowance=p.allowance,
            source=source,
            winning=tuple(step(YOU, m) for m in self.winning),
            line=tuple(step(seat, m) for seat, m in self.line),
            first_moves=self.first_moves,
            nodes=self.nodes,
            difficulty=self.difficulty,
        )


def prove(position: Position, last_text: str | None, limit: int | None = None) -> Proven | None:
    """The proof of a forced win for the side to move, or None when it has none (TooLong past `limit`)."""
    solver = Solver.of(position, limit)
    winning = solver.winning_moves(position)
    if not winning:
        return None
    nodes = solver.nodes
    return Proven(position, last_text, winning, solver.line(position), len(position.moves()), nodes)


def judge(position: Position, last_text: str | None, limit: int = LIMIT) -> Proven | None:
    """The proof when `position` makes a good puzzle (see the module docstring), else None; cheap tests first.
    A position whose proof searches more than `limit` positions is given up (too slow to re-prove)."""
    moves = position.moves()
    if len(moves) < MIN_FIRST_MOVES:
        return None
    solver = Solver.of(position, limit)
    try:
        if not solver.wins(position) or any(solver.wins_after(position, m) for m in naive_moves(position)):
            return None
        proven = prove(position, last_text, limit)
    except TooLong:
        return None
    if proven is None or len(proven.winning) > MAX_WINNING or proven.your_plays < MIN_YOUR_PLAYS:
        return None
    return proven


def theme(position: Position) -> str:
    """The name's theme, from the position (never from the solution, which it must not give away)."""
    yours = [h for seat, h in enumerate(position.hands) if position.allied(YOU, seat)]
    theirs = [h for seat, h in enumerate(position.hands) if not position.allied(YOU, seat)]
    if any(_rocket(h) for h in theirs):
        return "rocket_against"
    if any(_rocket(h) for h in yours):
        return "rocket_in_hand"
    if any(_bomb(h) for h in theirs):
        return "bomb_against"
    if any(_bomb(h) for h in yours):
        return "bomb_in_hand"
    if position.allowance is not None and position.landlord != YOU:
        return "within_reach"
    if min(sum(h) for h in theirs) == 1:
        return "one_card_left"
    if position.last is not None:
        return "answer"
    if position.landlord != YOU:
        return "together"
    kinds = {m.kind for m in position.moves()}
    for kind, name in ((Kind.AIRPLANE, "take_off"), (Kind.STRAIGHT, "long_road"), (Kind.PAIR_RUN, "pairs")):
        if kind in kinds:
            return name
    return "endgame"


THEMES = (
    "rocket_against",
    "rocket_in_hand",
    "bomb_against",
    "bomb_in_hand",
    "within_reach",
    "one_card_left",
    "answer",
    "together",
    "take_off",
    "long_road",
    "pairs",
    "endgame",
)


def _rocket(hand: Counts) -> bool:
    return bool(hand[SMALL_JOKER] and hand[BIG_JOKER])


def _bomb(hand: Counts) -> bool:
    return any(n >= 4 for n in hand[: TWO + 1])


# ----- positions from played deals ------------------------------------------------------------------------------


def positions(match: Match, start: int, end: int) -> Iterator[tuple[Match, int]]:
    """The match before each logged action in [start, end) (one state, advanced in place), with the index."""
    state = rebuild(match, start)
    for index in range(start, end):
        yield state, index
        state.apply(match.log[index])


def as_move(position: Position, action: Action) -> Move:
    if isinstance(action, Pass):
        return PASS_MOVE
    assert isinstance(action, Play)
    found = position.find(action.move, action.kind)
    if found is None:
        raise ValueError(f"{action.move} is not legal in this position")
    return found


def solvable(match: Match) -> bool:
    """Can the solver hold this table's hands? Its hands are counts of the ranks 3..big joker, so the extra wild
    card of 003 swap-three (rank W) has no place in them."""
    return match.rules.deck.extra_wild == 0


def missed_win(
    match: Match, seat: int, span: DealSpan | None = None, budget: int = LIMIT, max_cards: int | None = None
) -> tuple[Proven, Source] | None:
    """The moment of a deal (`span`, by default the latest) where `seat` had a forced win and played an action
    that threw it away, proven as a puzzle position: the last such moment, after which the hand was lost for good.

    The deal is searched from its end back, so the answer is the first one found; each position may search at most
    `budget` positions and is skipped past it (nothing is claimed about it, so what is reported is always proven);
    so may the proof of every first action, as for a shipped puzzle: the puzzle screen re-proves it in the frame.
    Earlier positions hold more cards: after `GIVE_UP` skipped in a row the search stops, which bounds its time
    with no limit on the cards (`max_cards`, when set, skips bigger positions outright).
    """
    if not solvable(match):
        return None
    span = deal_spans(match)[-1] if span is None else span
    moments = [
        (position_of(state), _last_text(state), Source(match.seed, state.hand.deal_no, index), match.log[index])
        for state, index in positions(match, span.start, span.end)
        if state.phase is Phase.PLAYING and state.turn == seat and (max_cards is None or _cards(state) <= max_cards)
    ]
    solver: Solver | None = None  # one for the deal: earlier positions reach later ones, already in its table
    skipped = 0
    for position, last_text, source, action in reversed(moments):
        solver = solver or Solver.of(position)
        solver.limit = solver.nodes + budget
        try:
            if not solver.wins(position) or solver.wins_after(position, as_move(position, action)):
                skipped = 0
                continue
            proven = prove(position, last_text, budget)  # no harder to re-prove than a shipped puzzle
        except TooLong:
            skipped += 1
            if skipped >= GIVE_UP:
                return None
            continue
        assert proven is not None
        return proven, source
    return None


def _cards(match: Match) -> int:
    return sum(len(h) for h in match.hand.hands)


def _last_text(match: Match) -> str | None:
    return None if match.hand.last is None else match.hand.last.move


def bot_deal(ruleset: str, seed: int, level: str) -> Match:
    """One hand of `ruleset` played out by the bots of `level` from a match of `seed`."""
    rng = random.Random(seed)
    match = Match(ruleset, seed=seed)
    while match.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        match.apply(bot_action(match, acting_seat(match), level, rng))
    return match
