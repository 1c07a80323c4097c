"""The exact endgame solver (game.solver): it agrees with a plain minimax over every legal action, in both table
forms, and its lines and refutations are sound."""

import random

import pytest

from game.cards import parse
from game.kinds import Kind
from game.rulesets import STANDARD, TWO_PLAYER, Ruleset
from game.solver import PASS_MOVE, Position, Solver, TooLong, options, pack, refute, taking_control


def plain_wins(position: Position) -> bool:
    """Minimax with nothing clever: no table, no ordering, no collapse; every action of Position.moves()."""
    return any(plain_wins_after(position, move) for move in position.moves())


def plain_wins_after(position: Position, move) -> bool:
    after = position.play(move)
    return after is None or plain_wins(after) == position.allied(position.turn, after.turn)


def deal(rng: random.Random, rules: Ruleset, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    pack_ranks = [card.rank for card in rules.deck.build()]
    rng.shuffle(pack_ranks)
    hands, start = [], 0
    for size in sizes:
        counts = [0] * 15
        for rank in pack_ranks[start : start + size]:
            counts[rank] += 1
        hands.append(tuple(counts))
        start += size
    return tuple(hands)


def random_position(rng: random.Random, rules: Ruleset, sizes: tuple[int, ...], allowance: int | None) -> Position:
    """A random small position: a random landlord and seat to move, sometimes a play of another seat to beat."""
    hands = deal(rng, rules, sizes)
    players = len(sizes)
    turn = rng.randrange(players)
    landlord = rng.randrange(players)
    position = Position(rules, hands, landlord, turn, allowance=allowance)
    if rng.random() < 0.5:  # the seat before has just led
        before = Position(rules, hands, landlord, (turn - 1) % players, allowance=allowance)
        position = before.play(rng.choice(before.moves())) or position
    return position


@pytest.mark.parametrize(
    ("rules", "sizes", "allowance"),
    [(STANDARD, (3, 3, 3), None), (STANDARD, (4, 3, 2), None), (TWO_PLAYER, (4, 4), 1), (TWO_PLAYER, (5, 4), 2)],
    ids=["three-seat", "three-seat-uneven", "two-seat", "two-seat-allowance-2"],
)
def test_the_solver_agrees_with_plain_minimax(rules, sizes, allowance):
    rng = random.Random(f"{rules.name}{sizes}")
    for _ in range(60):
        position = random_position(rng, rules, sizes, allowance)
        solver = Solver.of(position)
        assert solver.wins(position) == plain_wins(position), position
        winning = {m for m in position.moves() if plain_wins_after(position, m)}
        assert set(solver.winning_moves(position)) == winning


def test_every_reading_of_a_lead_is_searched():
    """333444555666 leads as a bare airplane or an airplane with single wings (RULES.md): both are options."""
    kinds = [o for o in options(pack(parse("333444555666")), None, STANDARD) if o[3] == "333444555666"]
    position = Position(STANDARD, (parse("333444555666"), parse("7")), 0, 0)
    assert {m.kind for m in position.moves() if m.text == "333444555666"} == {Kind.AIRPLANE, Kind.AIRPLANE_SINGLES}
    assert len(kinds) == 2


def test_the_two_player_farmer_wins_at_its_allowance():
    """003: the farmer wins once it holds `allowance` cards or fewer; the landlord must empty its hand."""
    farmer = Position(TWO_PLAYER, (parse("569"), parse("AA22")), landlord=1, turn=0, allowance=2)
    assert farmer.play(farmer.find("5")) is None
    landlord = Position(TWO_PLAYER, (parse("569"), parse("AA22")), landlord=0, turn=0, allowance=2)
    assert landlord.play(landlord.find("5")) is not None


def test_the_line_of_a_won_position_is_won_by_the_mover_side():
    rng = random.Random(5)
    for _ in range(20):
        position = random_position(rng, STANDARD, (5, 4, 4), None)
        solver = Solver.of(position)
        line = solver.line(position)
        current = position
        for seat, move in line:
            assert seat == current.turn
            last, current = current, current.play(move)
        assert current is None
        assert last.allied(position.turn, last.turn) == solver.wins(position)


def test_a_wrong_move_loses_against_the_refutation():
    rng = random.Random(7)
    checked = 0
    while checked < 15:
        position = random_position(rng, STANDARD, (5, 4, 4), None)
        solver = Solver.of(position)
        wrong = [m for m in position.moves() if not solver.wins_after(position, m)]
        if not solver.wins(position) or not wrong:
            continue
        checked += 1
        refutation = refute(solver, position, wrong[0])
        current = position.play(wrong[0])
        for seat, move in refutation.line:
            if not position.allied(position.turn, seat):
                assert solver.wins_after(current, move), "the defence left its win"
            last, current = current, current.play(move)
        assert not last.allied(position.turn, last.turn), "the defence did not finish"
        control = refutation.control
        assert control is not None and not position.allied(position.turn, refutation.line[control][0])
        assert all(m.is_pass or not position.allied(position.turn, s) for s, m in refutation.line[control:])


def test_taking_control_is_the_first_defence_play_after_your_last():
    position = Position(STANDARD, (parse("3"), parse("4"), parse("5")), landlord=0, turn=0)
    one, two, three = position.moves()[0], PASS_MOVE, PASS_MOVE
    line = [(1, one), (2, two), (0, three), (1, one), (2, one), (0, one), (1, one), (2, two)]
    assert taking_control(position, line) == 6


def test_a_winning_move_has_no_refutation():
    position = Position(STANDARD, (parse("3"), parse("4"), parse("5")), landlord=0, turn=0)
    with pytest.raises(ValueError, match="wins"):
        refute(Solver.of(position), position, position.moves()[0])


def test_a_limited_search_stops_instead_of_guessing():
    rng = random.Random(3)
    position = Position(STANDARD, deal(rng, STANDARD, (10, 8, 8)), 0, 0)
    with pytest.raises(TooLong):
        Solver.of(position, limit=10).wins(position)


def test_a_solver_refuses_a_position_of_another_table():
    position = Position(STANDARD, (parse("3"), parse("4"), parse("5")), landlord=0, turn=0)
    with pytest.raises(ValueError, match="another table"):
        Solver(STANDARD, landlord=1).wins(position)


def test_a_hint_is_a_winning_action_and_none_when_lost():
    rng = random.Random(11)
    seen = set()
    while len(seen) < 2:
        position = random_position(rng, STANDARD, (4, 3, 3), None)
        solver = Solver.of(position)
        found = solver.hint(position)
        seen.add(found is None)
        if found is None:
            assert not plain_wins(position)
        else:
            move, line = found
            assert plain_wins_after(position, move) and line[0] == (position.turn, move)


@pytest.mark.parametrize(
    ("rules", "sizes", "allowance"),
    [(STANDARD, (6, 5, 5), None), (STANDARD, (7, 3, 5), None), (TWO_PLAYER, (7, 7), 1), (TWO_PLAYER, (8, 6), 2)],
    ids=["three-seat", "three-seat-uneven", "two-seat", "two-seat-allowance-2"],
)
def test_the_canonical_rank_key_changes_no_result_and_searches_less(rules, sizes, allowance):
    """Positions that differ only in ranks nobody holds share a table entry: every result is the one the table
    keyed by the hands as they are gives, with fewer positions searched."""
    rng = random.Random(f"squeeze{sizes}")
    searched = {True: 0, False: 0}
    for _ in range(15):
        position = random_position(rng, rules, sizes, allowance)
        found = {}
        for squeeze in (True, False):
            solver = Solver.of(position)
            solver.squeeze = squeeze
            found[squeeze] = solver.wins(position), set(solver.winning_moves(position))
            searched[squeeze] += solver.nodes
        assert found[True] == found[False], position
    assert searched[True] < searched[False]


def test_a_follow_answers_as_the_move_generator_says():
    """The search takes a follow's answers from the hand's leads: they are exactly the legal answers."""
    rng = random.Random(4)
    for rules in (STANDARD, TWO_PLAYER):
        for _ in range(150):
            hand, other = deal(rng, rules, (rng.randrange(1, 18), rng.randrange(1, 18)))
            lead = rng.choice(Position(rules, (other, hand), 1, 0).moves())
            position = Position(rules, (hand, other), 1, 0, lead.reading, 1)
            assert sorted(map(str, Solver.of(position).ordered_moves(position))) == sorted(map(str, position.moves()))
