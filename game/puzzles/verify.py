"""Re-proving shipped puzzles with the exact solver: the result, every winning first action, and the line."""

from __future__ import annotations

from game.kinds import Kind
from game.puzzles.data import YOU, Puzzle
from game.solver import Position, Solver


def problems(puzzle: Puzzle) -> tuple[list[str], int]:
    """What is wrong with a puzzle's recorded proof (nothing for a sound one), and the positions searched."""
    position = puzzle.position()
    solver = Solver.of(position)
    if not solver.wins(position):
        return ["not a forced win for your side"], solver.nodes
    found = [(YOU, m.text, None if m.kind is None else m.kind.value) for m in solver.winning_moves(position)]
    out = []
    if sorted(found, key=str) != sorted(puzzle.winning, key=str):
        out.append(f"the winning first moves are {found}, not {list(puzzle.winning)}")
    out += _line_problems(solver, position, puzzle)
    return out, solver.nodes


def _line_problems(solver: Solver, position: Position, puzzle: Puzzle) -> list[str]:
    """The line must be legal, every action of your side must keep the win, and your side must finish it."""
    current: Position | None = position
    for number, (seat, text, kind) in enumerate(puzzle.line, start=1):
        if current is None:
            return [f"the line goes on after the hand ended (step {number})"]
        move = current.find(text, None if kind is None else Kind(kind))
        if seat != current.turn or move is None:
            return [f"step {number} ({seat}: {text}) is not a legal action there"]
        if current.allied(YOU, seat) and not solver.wins_after(current, move):
            return [f"step {number} ({text}) throws the win away"]
        last = current
        current = current.play(move)
    if current is not None:
        return ["the line stops before the hand ends"]
    if not last.allied(YOU, last.turn):
        return ["the line ends with the other side winning"]
    return []
