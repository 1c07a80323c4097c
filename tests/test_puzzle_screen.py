"""The puzzle screen (issue 16): reached from the title, a puzzle played by synthetic key, pad and mouse events to a
solved star and to a failed attempt with where it went wrong, hint and solution, stars kept across a relaunch, and a
damaged stars file named rather than a crash."""

import json
from concurrent.futures import Future, wait

import pygame
import pytest

from game.history import deal_spans
from game.match import Match
from game.puzzles.data import ASSETS
from game.savefile import SaveStore
from game.solver import refute
from scenes.flow import open_session, show, to_title
from scenes.platform.my_puzzles import MyPuzzles
from scenes.screens.puzzles import PuzzleList, PuzzleMaker, PuzzleTable, puzzle_name
from scenes.screens.replay import ReplayScene
from scenes.screens.settlement import SettlementScene
from scenes.words.wording import describe
from tests.kit.app import pad, post, press, steps, title_app
from tests.kit.play import play_until, settled

pytestmark = [pytest.mark.app(saving=True), pytest.mark.usefixtures("english_after")]


def open_list(app) -> PuzzleList:
    """Title -> Puzzles by a click on its entry."""
    post(pygame.MOUSEBUTTONDOWN, pos=app.scene.row.get("puzzles").rect.center, button=1)
    steps(app, 2)
    assert isinstance(app.scene, PuzzleList)
    return app.scene


def open_first(app) -> PuzzleTable:
    open_list(app)
    press(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, PuzzleTable) and table.puzzle.id == "landlord-01"
    return table


def choose(app, table: PuzzleTable, move) -> None:
    """Step through your plays with the Right key until `move` is the chosen one (a pass needs no choosing)."""
    for _ in range(len(table.plays())):
        if move.is_pass or table.chosen() == move:
            return
        press(app, pygame.K_RIGHT)
    raise AssertionError(f"{move.text} is not among your plays")


def wait_for_you(app, table: PuzzleTable) -> None:
    """Let the defence (and a partner) move until it is your turn or the hand is over."""
    for _ in range(600):
        if table.outcome or table.your_turn():
            return
        steps(app, 6)
    raise AssertionError("the defence never finished")


def play_to_the_end(app, table: PuzzleTable, pick) -> None:
    while True:
        wait_for_you(app, table)
        if table.outcome:
            return
        move = pick(table)
        choose(app, table, move)
        press(app, pygame.K_p if move.is_pass else pygame.K_SPACE)


def test_the_title_opens_the_chapters_in_order_with_no_stars_yet(app):
    press(app, pygame.K_DOWN)  # from New match (nothing to continue) past Play with friends to Puzzles
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    screen = app.scene
    assert isinstance(screen, PuzzleList)
    assert [c.name for c in screen.chapters] == ["landlord", "farmers", "heads_up"]
    assert sum(len(c.puzzles) for c in screen.chapters) >= 60 and screen.stars.solved == set()
    press(app, pygame.K_ESCAPE)
    assert app.scene.name == "title"


def test_playing_the_winning_line_by_keys_solves_the_puzzle_and_stars_it(app):
    table = open_first(app)
    play_to_the_end(app, table, lambda t: t.solver.best(t.position))
    assert table.outcome == "solved" and table.explanation == ""
    assert table.message()[0] == "Solved!"
    stars = json.loads((app.store.directory / "puzzle_stars.json").read_text())
    assert stars == {"solved": ["landlord-01"]}


def test_a_wrong_first_move_loses_to_the_refutation_and_says_where_it_went_wrong(app):
    table = open_first(app)
    start = table.position
    wrong = next(m for m in table.plays() if not table.solver.wins_after(start, m))
    refutation = refute(table.solver, start, wrong)
    seat, control = refutation.line[refutation.control]
    choose(app, table, wrong)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    wait_for_you(app, table)
    assert table.outcome == "failed" and table.message()[0] == "Not this time"
    who = table.who(seat)
    assert (
        table.explanation
        == f"After your {describe(wrong.reading)}, {describe(control.reading)} from {who} takes control and wins."
    )
    assert "landlord-01" not in table.stars.solved
    press(app, pygame.K_x)  # Retry: the position as dealt, your move
    assert table.position == start and table.outcome is None and table.your_turn()


def test_the_explanation_is_said_in_chinese_too(app):
    app.change_prefs(language="zh")
    table = open_first(app)
    wrong = next(m for m in table.plays() if not table.solver.wins_after(table.position, m))
    table.act(wrong)
    assert (
        table.explanation.startswith(f"你出{describe(wrong.reading)}之后，") and "夺得牌权并获胜" in table.explanation
    )


def test_hint_chooses_the_next_winning_move_and_says_the_line(app):
    table = open_first(app)
    press(app, pygame.K_s)
    best = table.solver.best(table.position)
    assert table.chosen() == best and table.solver.wins_after(table.position, best)
    assert table.hint.startswith(f"Play {describe(best.reading)}. Why it wins: You: {describe(best.reading)} → ")


def test_the_solution_replays_the_whole_line_and_earns_no_star(app):
    table = open_first(app)
    press(app, pygame.K_a)
    assert table.solution and not table.your_turn()
    played = []
    for _ in range(600):
        if table.outcome:
            break
        before = table.position
        steps(app, 6)
        if table.position is not before:
            played.append(before.turn)
    assert table.outcome == "solved" and table.message()[0] == "Solution"
    assert played == [seat for seat, _, _ in table.puzzle.line]
    assert table.stars.solved == set()


def test_clicking_a_card_chooses_a_play_holding_it(app):
    table = open_first(app)
    card, rect = table.hand_rects(0)[-1]
    post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    steps(app, 2)
    chosen = table.chosen()
    assert chosen is not None and card.char in chosen.text


def test_next_opens_the_following_puzzle(app):
    table = open_first(app)
    press(app, pygame.K_r)
    assert table.puzzle.id == table.chapter.puzzles[1].id and table.your_turn()


def test_stars_survive_a_relaunch(tmp_path):
    store = SaveStore(tmp_path / "saves")
    first = title_app(store)
    table = open_first(first)
    play_to_the_end(first, table, lambda t: t.solver.best(t.position))
    first.close()
    again = title_app(SaveStore(tmp_path / "saves"))
    try:
        assert open_list(again).stars.solved == {"landlord-01"}
    finally:
        again.close()


def test_a_damaged_stars_file_is_named_on_the_screen_not_a_crash(app):
    app.store.directory.mkdir(parents=True)
    (app.store.directory / "puzzle_stars.json").write_text('{"solved": "everything"}')
    screen = open_list(app)
    assert screen.stars.solved == set() and "where a list of solved puzzles belongs" in screen.stars.problem
    app.draw(app.screen)


def settle_seed_0(app):
    """Seed 0's first hand played to its settlement by the easy bots: seat 0 (you) threw a forced win away."""
    session = open_session(app, Match("standard", 0))
    show(app, session)
    play_until(session.seat.match, settled, session.act)
    show(app, session)
    screen = app.scene
    assert isinstance(screen, SettlementScene)
    searched(app, screen.maker)
    return screen


def searched(app, maker) -> None:
    """Wait for the bot pool to answer the search for a missed win (it may first finish the searches asked before
    it), then let a frame take the answer."""
    if maker.search is not None:
        wait([maker.search], timeout=600)
    steps(app, 2)
    assert maker.search is None, "the search for a missed win never answered"


def test_a_missed_win_on_the_settlement_becomes_one_of_my_puzzles(app):
    screen = settle_seed_0(app)
    button = screen.row.get("make")
    post(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    steps(app, 2)
    assert screen.maker.note == "Added to My Puzzles: " + puzzle_name(MyPuzzles(app.store.directory).puzzles[0]) + "."
    assert not screen.row.get("make").enabled
    to_title(app)
    listed = open_list(app)
    assert listed.chapters[-1].name == "mine" and listed.chapters[-1].puzzles[0].id == "mine-01"
    source = screen.maker.found[1]
    assert listed.chapters[-1].puzzles[0].source == source and source.seed == 0


def test_a_tampered_my_puzzles_file_is_refused_with_a_message(app):
    shipped = json.loads((ASSETS / "landlord.json").read_text())
    shipped["chapter"] = "mine"
    shipped["puzzles"][0]["hands"][0] = "2222" + shipped["puzzles"][0]["hands"][0][4:]  # a card moved by hand
    app.store.directory.mkdir(parents=True)
    (app.store.directory / "my_puzzles.json").write_text(json.dumps(shipped))
    screen = open_list(app)
    assert [c.name for c in screen.chapters] == ["landlord", "farmers", "heads_up"]
    assert screen.refused[0].startswith("The my puzzles file (my_puzzles.json) cannot be used. Its puzzles cannot be t")
    assert any("digest" in note for note in screen.refused[1:]), screen.refused
    app.draw(app.screen)


def test_a_new_play_slides_in_unless_motion_is_reduced(app):
    table = open_first(app)
    assert table.rise(1, 0.0) < 0 < table.rise(0, 0.0) and table.rise(0, 1.0) == 0
    app.table_settings.reduced_motion = True
    assert table.rise(0, 0.0) == table.rise(1, 0.0) == 0


def test_the_replay_offers_the_same_missed_win_as_a_puzzle(app):
    screen = settle_seed_0(app)
    screen.choose("replay")
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert replay.maker is screen.maker, "the settlement's search serves the replay's last deal, not a second one"
    searched(app, replay.maker)
    assert replay.tools.get("make").enabled
    press(app, pygame.K_a)
    assert not replay.tools.get("make").enabled
    assert [p.id for p in MyPuzzles(app.store.directory).puzzles] == ["mine-01"]


def test_the_replay_offers_a_missed_win_of_an_earlier_deal(app):
    """Issue 16: "Make a puzzle" for any deal the replay shows, not only the last one."""
    session = open_session(app, Match("standard", 0))
    show(app, session)
    play_until(session.seat.match, lambda m: settled(m) and sum(s.settled for s in deal_spans(m)) >= 2, session.act)
    show(app, session)
    app.scene.choose("replay")
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.deal > 0
    while replay.deal > 0:
        press(app, pygame.K_UP)
        steps(app, 2)
    searched(app, replay.maker)
    steps(app, 2)
    source = replay.maker.found[1]
    assert replay.deals[0].start <= source.action < replay.deals[0].end and source.seed == 0
    press(app, pygame.K_a)
    assert [p.source for p in MyPuzzles(app.store.directory).puzzles] == [source]


def test_a_search_that_fails_in_the_worker_only_means_no_button(app, monkeypatch):
    """A failing worker never ends the game (issue 15): the search's error leaves the settlement without the offer."""
    failed: Future = Future()
    failed.set_exception(ValueError("unknown rank 'W'"))
    monkeypatch.setattr(app.pool, "submit", lambda *args: failed)
    maker = PuzzleMaker(app, Match("standard", 0, first_deal=1), 0)
    assert maker.search is failed
    assert not maker.update() and maker.found is None and maker.search is None
