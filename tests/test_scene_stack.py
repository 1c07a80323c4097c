"""The screen stack's lifecycle, hook by hook: push pauses the screen beneath, pop resumes it, switch ends every
screen on the stack before the new one enters; only the top screen updates and takes input; an overlay is drawn
over the screen beneath it, and of stacked overlays only the top one (issue 14: no modal panel ghosts round another);
the demo's leave hook sees each screen as it hands over."""

import pygame
import pytest

from scenes.platform.input import Act, Input
from scenes.scene import Scene
from tests.kit.app import headless_app


class Logged(Scene):
    """A screen that writes each hook it gets into the shared log as 'name.hook'."""

    def __init__(self, game, name: str, log: list[str], overlay: bool = False, typing: bool = False) -> None:
        super().__init__(game)
        self.name, self.log, self.overlay, self.typing = name, log, overlay, typing

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def update(self, dt: float) -> None:
        self.log.append(f"{self.name}.update")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")

    def handle(self, event: Input) -> None:
        self.log.append(f"{self.name}.handle")


@pytest.fixture
def game():
    yield from headless_app()


@pytest.fixture
def log(game) -> list[str]:
    """The hooks called from now on; the stack starts empty."""
    game.stack.clear()
    return []


def screens(game, log, *names: str, overlay: bool = False) -> list[Logged]:
    return [Logged(game, name, log, overlay) for name in names]


def test_the_first_push_only_enters(game, log):
    (table,) = screens(game, log, "table")
    game.push(table)
    assert (log, game.scene) == (["table.enter"], table)


def test_a_push_pauses_the_screen_beneath_before_the_new_one_enters(game, log):
    table, menu = screens(game, log, "table", "menu")
    game.push(table)
    game.push(menu)
    assert log == ["table.enter", "table.pause", "menu.enter"] and game.stack == [table, menu]


def test_a_pop_exits_the_top_then_resumes_the_screen_beneath(game, log):
    table, menu = screens(game, log, "table", "menu")
    game.push(table)
    game.push(menu)
    log.clear()
    game.pop()
    assert log == ["menu.exit", "table.resume"] and game.stack == [table]


def test_popping_the_last_screen_resumes_nothing(game, log):
    (table,) = screens(game, log, "table")
    game.push(table)
    game.pop()
    assert log == ["table.enter", "table.exit"] and game.stack == []


def test_a_switch_exits_every_screen_top_first_and_enters_the_new_one_alone(game, log):
    table, menu, settings, title = screens(game, log, "table", "menu", "settings", "title")
    for screen in (table, menu, settings):
        game.push(screen)
    log.clear()
    game.switch(title)
    assert log == ["settings.exit", "menu.exit", "table.exit", "title.enter"] and game.stack == [title]


def test_no_screen_is_resumed_or_paused_by_a_switch(game, log):
    table, menu, title = screens(game, log, "table", "menu", "title")
    game.push(table)
    game.push(menu)
    game.switch(title)
    assert not any(hook.endswith(".resume") for hook in log)
    assert log.count("table.pause") == 1  # by the push of the menu, not by the switch


def test_only_the_top_screen_updates_and_takes_input(game, log):
    table, menu = screens(game, log, "table", "menu")
    game.push(table)
    game.push(menu)
    log.clear()
    game.dispatch(Input(Act.CONFIRM))
    game.step(1 / 60)
    assert "menu.handle" in log and "menu.update" in log
    assert not any(hook in log for hook in ("table.handle", "table.update"))


def test_an_opaque_screen_hides_the_screens_beneath(game, log):
    table, stats = screens(game, log, "table", "stats")
    game.push(table)
    game.push(stats)
    log.clear()
    game.draw(game.screen)
    assert log == ["stats.draw"]


def test_only_the_top_overlay_is_drawn_over_the_screen_beneath(game, log):
    (table,) = screens(game, log, "table")
    menu, confirm = screens(game, log, "menu", "confirm", overlay=True)
    for screen in (table, menu):
        game.push(screen)
    log.clear()
    game.draw(game.screen)
    drawn = log[:]
    game.push(confirm)  # the menu steps back while its confirmation is open
    log.clear()
    game.draw(game.screen)
    assert (drawn, log) == (["table.draw", "menu.draw"], ["table.draw", "confirm.draw"])


def test_the_leave_hook_sees_each_screen_as_it_hands_over(game, log):
    left: list[str] = []
    game.on_leave = lambda scene: left.append(scene.name)
    table, menu, title = screens(game, log, "table", "menu", "title")
    game.push(table)
    game.push(menu)  # the table hands over to the menu
    game.pop()  # the menu leaves
    game.switch(title)  # the table leaves
    assert left == ["table", "menu", "table"]


def test_text_input_is_on_exactly_while_a_typing_screen_is_on_top(game, log):
    table = Logged(game, "table", log)
    entry = Logged(game, "entry", log, overlay=True, typing=True)
    game.push(table)
    assert not game.inputs.typing
    game.push(entry)
    assert game.inputs.typing
    game.pop()
    assert not game.inputs.typing
