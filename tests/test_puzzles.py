"""Endgame puzzles (game.puzzles): the shipped set re-proven, wrong first moves refuted, the loader refusing a
damaged file with a message, the generator deterministic for a seed, and a puzzle made from a real deal."""

import json
import random
import shutil
from dataclasses import replace

import pytest

from game.actions import NextHand, Pass, Play
from game.history import deal_spans
from game.match import Match, Phase
from game.puzzles import __main__ as cli
from game.puzzles.data import ASSETS, YOU, Chapter, PuzzleError, digest, load_all, load_chapter, step
from game.puzzles.generate import FORMS, candidates, chapter
from game.puzzles.make import (
    LIMIT,
    THEMES,
    as_move,
    bot_deal,
    missed_win,
    naive_moves,
    position_of,
    positions,
    solvable,
)
from game.puzzles.verify import problems
from game.selfplay import acting_seat, bot_action
from game.solver import Solver, TooLong, refute


@pytest.fixture(scope="module")
def shipped() -> list[Chapter]:
    chapters, refused = load_all()
    assert refused == []
    return chapters


def all_puzzles(chapters):
    return [p for c in chapters for p in c.puzzles]


def test_verify_re_proves_every_shipped_puzzle(capsys):
    """Issue 16: `python -m game.puzzles verify` passes on the whole set (all defences, no budget)."""
    assert cli.main(["verify"]) == 0
    assert " 0 failed" in capsys.readouterr().out


def test_the_set_covers_every_form_from_short_to_long(shipped):
    puzzles = all_puzzles(shipped)
    assert len(puzzles) >= 60
    forms = {(p.ruleset, p.role) for p in puzzles}
    assert {("standard", "landlord"), ("standard", "farmer")} <= forms
    assert any(p.ruleset == "two-player" for p in puzzles)
    plays = [p.your_plays for p in puzzles]
    assert min(plays) <= 4 and max(plays) >= 6
    assert all(len(p.winning) <= 2 and p.first_moves >= 3 for p in puzzles), "first move unique or nearly so"


def test_chapters_are_ordered_by_difficulty(shipped):
    for loaded in shipped:
        difficulty = [p.difficulty for p in loaded.puzzles]
        assert difficulty == sorted(difficulty), loaded.name


def test_no_shipped_puzzle_is_won_by_the_naive_move(shipped):
    for puzzle in all_puzzles(shipped)[::5]:
        position = puzzle.position()
        solver = Solver.of(position)
        assert not any(solver.wins_after(position, m) for m in naive_moves(position)), puzzle.id


def test_a_wrong_first_move_loses_against_the_refutation(shipped):
    """For a sample of puzzles: after each wrong first move the defence's line wins, and a defence play takes
    control after your side's last play."""
    for puzzle in all_puzzles(shipped)[::11]:
        position = puzzle.position()
        solver = Solver.of(position)
        for move in [m for m in position.moves() if not solver.wins_after(position, m)][:3]:
            refutation = refute(solver, position, move)
            current = position.play(move)
            for _seat, answer in refutation.line:
                last, current = current, current.play(answer)
            assert current is None and not last.allied(YOU, last.turn), (puzzle.id, move.text)
            control = refutation.control
            assert control is not None and not position.allied(YOU, refutation.line[control][0])


def test_every_name_and_chapter_has_both_languages(shipped):
    """The names' catalogue (assets/i18n/<language>/puzzle_names.json, read as files: the core hands keys)."""
    wanted = {f"theme_{t}" for t in THEMES} | {f"chapter_{f.chapter}" for f in FORMS} | {"name"}
    for language in ("en", "zh"):
        catalogue = json.loads((ASSETS.parent / "i18n" / language / "puzzle_names.json").read_text(encoding="utf-8"))
        assert wanted <= set(catalogue), language
    assert {p.theme for p in all_puzzles(shipped)} <= set(THEMES)
    for loaded in shipped:
        names = [(p.theme, p.number) for p in loaded.puzzles]
        assert len(set(names)) == len(names), f"two puzzles of {loaded.name} share a name"
    assert {c.name for c in shipped} == {f.chapter for f in FORMS}


# ----- the loader ------------------------------------------------------------------------------------------


@pytest.fixture
def chapter_copy(tmp_path):
    path = tmp_path / "landlord.json"
    shutil.copy(ASSETS / "landlord.json", path)
    return path


def edit(path, change, resign=False):
    data = json.loads(path.read_text())
    change(data["puzzles"][0])
    if resign:
        body = {k: v for k, v in data["puzzles"][0].items() if k != "digest"}
        data["puzzles"][0]["digest"] = digest(body)
    path.write_text(json.dumps(data))


def test_a_shipped_chapter_round_trips(chapter_copy):
    loaded = load_chapter(chapter_copy)
    assert json.loads(chapter_copy.read_text()) == json.loads(json.dumps(loaded.to_dict()))


def test_a_tampered_puzzle_is_refused_by_its_digest(chapter_copy):
    edit(chapter_copy, lambda p: p["hands"].__setitem__(0, p["hands"][0][1:]))
    with pytest.raises(PuzzleError, match=r"landlord\.json: puzzle landlord-01: .*digest"):
        load_chapter(chapter_copy)


def test_a_flipped_result_is_refused_even_with_a_new_digest(chapter_copy):
    edit(chapter_copy, lambda p: p["proof"].__setitem__("result", "loss"), resign=True)
    with pytest.raises(PuzzleError, match="not a forced win"):
        load_chapter(chapter_copy)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p["hands"].__setitem__(0, "AAAAA"), "more A cards"),
        (lambda p: p["hands"].__setitem__(0, "3X"), "unknown rank 'X'"),
        (lambda p: p["hands"].__setitem__(0, "43"), "not in rank order"),
        (lambda p: p.__setitem__("ruleset", "poker"), "unknown ruleset"),
        (lambda p: p.pop("line"), "malformed"),
        (lambda p: p.__setitem__("landlord", 7), "not at the table"),
        (lambda p: p.__setitem__("hands", ["3"]), "needs 3 hands"),
        (lambda p: p.__setitem__("allowance", 2), "has no allowance"),
        (lambda p: p["line"].__setitem__(0, [0, "pass", "pair"]), "does not fit"),
        (lambda p: p["proof"]["winning"][0].__setitem__(0, 1), "not yours"),
        (lambda p: p["proof"].__setitem__("length", 99), "length is wrong"),
    ],
    ids=[
        "five-aces",
        "unknown-rank",
        "order",
        "ruleset",
        "missing",
        "landlord",
        "hands",
        "allowance",
        "kind",
        "winner",
        "length",
    ],
)
def test_a_corrupt_puzzle_is_refused_with_a_reason(chapter_copy, change, message):
    edit(chapter_copy, change, resign=True)
    with pytest.raises(PuzzleError, match=message):
        load_chapter(chapter_copy)


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b"[]", b'{"format": 9}', b""])
def test_an_unreadable_file_is_refused_not_crashed_on(tmp_path, content):
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(PuzzleError, match=r"^broken\.json: "):
        load_chapter(path)


def test_load_all_keeps_the_good_chapters_and_names_the_bad(tmp_path, chapter_copy):
    shutil.copy(chapter_copy, tmp_path / "good.json")
    (tmp_path / "bad.json").write_text("{")
    chapters, refused = load_all(tmp_path)
    assert [c.name for c in chapters] == ["landlord", "landlord"]
    assert len(refused) == 1 and refused[0].startswith("bad.json: ")


def test_verify_fails_on_a_puzzle_that_is_not_a_forced_win(tmp_path, shipped, capsys):
    """A landlord's puzzle re-signed after its hands became a lost position (3 and 4 against each joker)."""
    data = next(c for c in shipped if c.name == "landlord").puzzles[0].to_dict()
    data["hands"] = ["34", "R", "B"]
    data["digest"] = digest({k: v for k, v in data.items() if k != "digest"})
    (tmp_path / "bad.json").write_text(json.dumps({"format": 1, "chapter": "bad", "puzzles": [data]}))
    assert cli.main(["verify", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "not a forced win for your side" in out and "1 failed" in out


def test_problems_name_a_wrong_winning_move(shipped):
    puzzle = shipped[0].puzzles[0]
    wrong = replace(puzzle, winning=((0, "pass", None),))
    found, nodes = problems(wrong)
    assert nodes > 0 and any("winning first moves" in p for p in found)


# ----- making puzzles --------------------------------------------------------------------------------------


def test_the_generator_is_deterministic_for_a_seed():
    form = FORMS[2]
    first = chapter(form, seed=3, count=1, level="easy", report=lambda _: None)
    again = chapter(form, seed=3, count=1, level="easy", report=lambda _: None)
    assert first.to_dict() == again.to_dict()
    assert candidates(form, 11, "easy", random.Random(1)) == candidates(form, 11, "easy", random.Random(1))


def throw_away(seed: int, cards: tuple[int, int] = (0, 14)) -> tuple[Match, int, int] | None:
    """A bot-played deal in which, at the first position of `cards` cards (fewest, most) where the seat to move has
    a forced win (proven within the budget) and a losing action, that seat plays the losing action; (match, seat,
    action index)."""
    rng = random.Random(seed)
    match = Match("standard", seed=seed)
    thrown = None
    while match.phase is not Phase.HAND_OVER:
        seat = acting_seat(match)
        action = bot_action(match, seat, "easy", rng)
        if thrown is None and match.phase is Phase.PLAYING and cards[0] <= sum(map(len, match.hand.hands)) <= cards[1]:
            position = position_of(match)
            solver = Solver.of(position, LIMIT)
            try:
                losing = [m for m in position.moves() if not solver.wins_after(position, m)]
                if solver.wins(position) and losing:
                    thrown = seat, len(match.log)
                    action = Pass(seat) if losing[0].is_pass else Play(seat, losing[0].text, losing[0].kind)
            except TooLong:
                pass
        match.apply(action)
    return None if thrown is None else (match, *thrown)


def test_a_missed_win_in_a_real_deal_becomes_a_puzzle():
    """The moment a seat threw a forced win away is found in the match history and proven as a puzzle: that seat
    to move with a forced win, the action played there losing it."""
    made = next(found for seed in range(20) if (found := throw_away(seed)) is not None)
    match, seat, thrown_at = made
    found = missed_win(match, seat)
    assert found is not None
    proven, source = found
    assert source.seed == match.seed and source.action >= thrown_at and proven.winning
    state = next(s for s, index in positions(match, 0, source.action + 1) if index == source.action)
    assert state.turn == seat
    position = position_of(state)
    solver = Solver.of(position)
    assert solver.wins(position) and not solver.wins_after(position, as_move(position, match.log[source.action]))
    assert problems(proven.puzzle(source, "mine-01", 1))[0] == []
    assert missed_win(match, seat, budget=0) is None, "a position past the budget is skipped, not guessed"


def test_a_missed_win_is_found_in_any_deal_and_at_any_size():
    """Issue 16, a puzzle from any real hand: a win thrown away at 34 cards (past the old 26-card limit) in the
    first deal of a match is found once a second deal has been played, by asking for that deal."""
    match, seat, thrown_at = throw_away(31, cards=(27, 34))
    match.apply(NextHand())
    rng = random.Random(1)
    while match.phase is not Phase.HAND_OVER:
        match.apply(bot_action(match, acting_seat(match), "easy", rng))
    first, latest = deal_spans(match)[0], deal_spans(match)[-1]
    assert first.start <= thrown_at < first.end <= latest.start
    found = missed_win(match, seat, first)
    assert found is not None
    proven, source = found
    assert source.action >= thrown_at and source.action < first.end
    assert sum(map(sum, proven.position.hands)) > 26
    latest_found = missed_win(match, seat)
    assert latest_found is None or latest_found[1].action >= latest.start


def test_no_missed_win_is_found_where_nothing_was_searched():
    match = bot_deal("standard", 1, "easy")
    assert match.phase is not Phase.PLAYING
    assert missed_win(match, 0, max_cards=0) is None


def test_problems_name_a_broken_line(shipped):
    puzzle = shipped[0].puzzles[-1]
    assert problems(replace(puzzle, line=puzzle.line[:-1]))[0] == ["the line stops before the hand ends"]
    wrong = next(step(YOU, m) for m in puzzle.position().moves() if step(YOU, m) not in puzzle.winning)
    found = problems(replace(puzzle, line=(wrong, *puzzle.line[1:])))[0]
    assert found == [f"step 1 ({wrong[1]}) throws the win away"]


def test_a_swap_three_deal_is_not_searched_for_a_puzzle():
    """The extra wild card (003 swap-three, rank W) has no place in the solver's hands: no search, no error (the
    settlement's search at that table once raised ValueError in the bots' worker)."""
    match = bot_deal("swap-three", 0, "easy")
    assert not solvable(match)
    assert all(missed_win(match, seat) is None for seat in range(match.players))
    assert solvable(bot_deal("wildcard", 0, "easy"))
