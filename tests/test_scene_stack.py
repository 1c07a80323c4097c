"""The screen stack's lifecycle, hook by hook: push pauses the screen beneath, pop resumes it, switch ends every
screen on the stack before the new one enters; only the top screen updates and takes input; an overlay is drawn
over the screen beneath it, and of stacked overlays only the top one (issue 14: no modal panel ghosts round another);
the demo's leave hook sees each screen as it hands over."""

import pygame
import pytest

from scenes.platform.input import Act, Input
from scenes.scene import Scene


class Logged(Scene):
    """A screen that writes each hook it gets into the shared log as 'name.hook'."""

    def __init__(self, app, name: str, log: list[str], overlay: bool = False, typing: bool = False) -> None:
        super().__init__(app)
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
def log(app) -> list[str]:
    """The hooks called from now on; the stack starts empty."""
    app.stack.clear()
    return []


def screens(app, log, *names: str, overlay: bool = False) -> list[Logged]:
    return [Logged(app, name, log, overlay) for name in names]


def test_the_first_push_only_enters(app, log):
    (table,) = screens(app, log, "table")
    app.push(table)
    assert (log, app.scene) == (["table.enter"], table)


def test_a_push_pauses_the_screen_beneath_before_the_new_one_enters(app, log):
    table, menu = screens(app, log, "table", "menu")
    app.push(table)
    app.push(menu)
    assert log == ["table.enter", "table.pause", "menu.enter"] and app.stack == [table, menu]


def test_a_pop_exits_the_top_then_resumes_the_screen_beneath(app, log):
    table, menu = screens(app, log, "table", "menu")
    app.push(table)
    app.push(menu)
    log.clear()
    app.pop()
    assert log == ["menu.exit", "table.resume"] and app.stack == [table]


def test_popping_the_last_screen_resumes_nothing(app, log):
    (table,) = screens(app, log, "table")
    app.push(table)
    app.pop()
    assert log == ["table.enter", "table.exit"] and app.stack == []


def test_a_switch_exits_every_screen_top_first_and_enters_the_new_one_alone(app, log):
    table, menu, settings, title = screens(app, log, "table", "menu", "settings", "title")
    for screen in (table, menu, settings):
        app.push(screen)
    log.clear()
    app.switch(title)
    assert log == ["settings.exit", "menu.exit", "table.exit", "title.enter"] and app.stack == [title]


def test_no_screen_is_resumed_or_paused_by_a_switch(app, log):
    table, menu, title = screens(app, log, "table", "menu", "title")
    app.push(table)
    app.push(menu)
    app.switch(title)
    assert not any(hook.endswith(".resume") for hook in log)
    assert log.count("table.pause") == 1  # by the push of the menu, not by the switch


def test_only_the_top_screen_updates_and_takes_input(app, log):
    table, menu = screens(app, log, "table", "menu")
    app.push(table)
    app.push(menu)
    log.clear()
    app.dispatch(Input(Act.CONFIRM))
    app.step(1 / 60)
    assert "menu.handle" in log and "menu.update" in log
    assert not any(hook in log for hook in ("table.handle", "table.update"))


def test_an_opaque_screen_hides_the_screens_beneath(app, log):
    table, stats = screens(app, log, "table", "stats")
    app.push(table)
    app.push(stats)
    log.clear()
    app.draw(app.screen)
    assert log == ["stats.draw"]


def test_only_the_top_overlay_is_drawn_over_the_screen_beneath(app, log):
    (table,) = screens(app, log, "table")
    menu, confirm = screens(app, log, "menu", "confirm", overlay=True)
    for screen in (table, menu):
        app.push(screen)
    log.clear()
    app.draw(app.screen)
    drawn = log[:]
    app.push(confirm)  # the menu steps back while its confirmation is open
    log.clear()
    app.draw(app.screen)
    assert (drawn, log) == (["table.draw", "menu.draw"], ["table.draw", "confirm.draw"])


def test_the_leave_hook_sees_each_screen_as_it_hands_over(app, log):
    left: list[str] = []
    app.on_leave = lambda scene: left.append(scene.name)
    table, menu, title = screens(app, log, "table", "menu", "title")
    app.push(table)
    app.push(menu)  # the table hands over to the menu
    app.pop()  # the menu leaves
    app.switch(title)  # the table leaves
    assert left == ["table", "menu", "table"]


def test_text_input_is_on_exactly_while_a_typing_screen_is_on_top(app, log):
    table = Logged(app, "table", log)
    entry = Logged(app, "entry", log, overlay=True, typing=True)
    app.push(table)
    assert not app.inputs.typing
    app.push(entry)
    assert app.inputs.typing
    app.pop()
    assert not app.inputs.typing
