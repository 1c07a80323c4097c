"""The app, the top floor of scenes/: the window, the screen stack, input dispatch and the frame loop.

`step(dt)` is one frame (events, update, draw, flip) and takes its time from the caller, so tests and the
headless demo run at a fixed dt; only `run()` reads the clock.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

import pygame
from pygame._sdl2 import controller

from game.atomic import WriteFailed
from game.match import Phase
from game.rulesets import STANDARD
from scenes.art import effects, felt, text, widgets
from scenes.art.cards import CardArt
from scenes.art.sound import Sounds
from scenes.platform.input import Act, Input, Inputs, Opener, open_controller
from scenes.platform.prefs import Prefs, PrefsStore
from scenes.platform.worker import warm_up
from scenes.scene import Scene
from scenes.screens.bidding import BiddingScene
from scenes.screens.doubling import DoublingScene
from scenes.screens.play import PlayScene
from scenes.screens.settlement import SettlementScene
from scenes.screens.table import TableScene
from scenes.screens.title import TitleScene
from scenes.table.layout import Layout, load_layout
from scenes.table.placing import card_size
from scenes.table.session import Session
from scenes.table.table_settings import TableSettings
from scenes.words import i18n, problems

WINDOWED = (1280, 720)
CARD_SIZES = ("hand", "table", "mini")
BOT_NICENESS = 10
SCREENS: dict[Phase, type[TableScene]] = {  # the one phase -> screen table; any other phase: the play screen
    Phase.BIDDING: BiddingScene,
    Phase.DOUBLING: DoublingScene,
    Phase.SHOWING: DoublingScene,
}
MAX_DT = 0.1  # a stalled frame (window dragged, machine busy) never jumps the table ahead by more


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool = True,
        store: Any = None,
        opener: Opener = open_controller,
        layout: Layout | None = None,
        seed: int | None = None,
        demo: bool = False,
        first_deal: int | None = None,
        ruleset: str = "standard",
    ) -> None:
        pygame.display.init()  # no pygame.init(): only the modules the game uses (Sounds opens the mixer)
        pygame.font.init()
        pygame.joystick.init()
        controller.init()
        self.fullscreen = fullscreen
        self.windowed = size or WINDOWED
        self.screen = self._open()
        self.sounds = Sounds()
        self.layout = layout or load_layout()
        self.deck = STANDARD.deck.build()  # every face the art may be asked for
        self.inputs = Inputs(opener)
        pygame.key.stop_text_input()  # SDL starts with text input on; only a scene that takes text turns it on
        # Bots think in another process: a thread would hold the GIL and stall the frames on a 2-core machine.
        # It runs at a lower priority, so the frames win the CPU when both want it.
        spawn = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(max_workers=1, mp_context=spawn, initializer=os.nice, initargs=(BOT_NICENESS,))
        self.pool.submit(warm_up)
        self.store = store
        self.seeds = random.Random(seed)  # new matches draw their seeds here: fixed for the demo and tests
        self.demo = demo  # bots in every seat, scenes move on by themselves
        self.first_deal = first_deal  # `--deal N`: the first new match starts from deal N
        self.ruleset = ruleset  # `--ruleset NAME`: the ruleset of the demo's match and of `--deal N`
        self.steady = False  # the headless demo: frames repeat byte for byte (a late bot is waited for)
        self.table_settings = TableSettings()
        self.prefs_store = PrefsStore(store.directory) if store is not None else None
        self.prefs = self.prefs_store.load() if self.prefs_store is not None else Prefs()
        # a save (or preferences) problem for the title screen
        self.problem: str | None = self.prefs_store.problem if self.prefs_store is not None else None
        self.apply_prefs()
        self.session: Session | None = None  # the match at the table, if any
        self.stack: list[Scene] = []
        self.running = True
        self.on_leave: Callable[[Scene], None] | None = None  # the demo's screenshot hook
        self.refit()

    # ----- display ------------------------------------------------------------------------------------

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed)

    def refit(self) -> None:
        """Fit the layout, card art and caches to the current window."""
        self.geo = self.layout.fit(self.screen.get_size())
        text.clear()
        widgets.clear()
        effects.clear()
        effects.warm(self.geo.scale)
        felt.clear()
        felt.felt(self.screen.get_size())
        self.restyle_cards()

    def restyle_cards(self) -> None:
        """Card art at the window's card sizes in the chosen style (four colours, large cards), drawn now, at load
        time, so no frame ever waits for one; the sprites at the table move to the new sizes."""
        s = self.table_settings
        self.art = {
            name: CardArt(*card_size(self.geo, name, s.large_cards), four_colour=s.four_colour) for name in CARD_SIZES
        }
        for art in self.art.values():
            for card in self.deck:
                art.face(card)
            art.back()
            art.shadow()
            art.highlight()
        if self.session is not None:
            self.session.relayout(self.geo)
        for scene in self.stack:
            scene.relayout()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open()
        self.refit()

    # ----- device preferences -------------------------------------------------------------------------

    def apply_prefs(self) -> None:
        """Make the language and the sound levels of `prefs` current."""
        i18n.set_language(self.prefs.language)
        pygame.display.set_caption(i18n.tr("title.caption"))
        self.sounds.set_levels(self.prefs.master, self.prefs.effects, self.prefs.muted)

    def change_prefs(self, **changes: Any) -> None:
        """Apply changed preferences at once (a new language lays every scene out again) and keep them. A refused
        write is said at the table or shown on the title screen; the change still holds for this run."""
        language = self.prefs.language
        self.prefs = replace(self.prefs, **changes)
        self.apply_prefs()
        if self.prefs.language != language:
            if self.session is not None:
                self.session.retell()  # the notes on the table in the new language
            self.refit()
        if self.prefs_store is None:
            return
        try:
            self.prefs_store.save(self.prefs)
        except WriteFailed as refused:
            if self.session is not None:
                self.session.say(problems.note(refused.problem), 6.0, "warn")
            else:
                self.problem = refused.problem

    def toggle_mute(self) -> None:
        """M anywhere: sound off or back on; the scene on top shows the new state (Settings' label, a table note)."""
        self.change_prefs(muted=not self.prefs.muted)
        if self.session is not None:
            self.session.say(i18n.tr("settings.muted" if self.prefs.muted else "settings.unmuted"), 1.5)
        if self.stack:
            self.scene.relayout()

    # ----- the stack ----------------------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        if self.stack:
            self._leaving(self.scene)
            self.scene.pause()
        self.stack.append(scene)
        scene.enter()
        self._text_input()

    def pop(self) -> None:
        leaving = self.stack.pop()
        self._leaving(leaving)
        leaving.exit()
        if self.stack:
            self.scene.resume()
        self._text_input()

    def switch(self, scene: Scene) -> None:
        """Replace the whole stack (title -> bidding -> play -> ...)."""
        while self.stack:
            leaving = self.stack.pop()
            self._leaving(leaving)
            leaving.exit()
        self.stack.append(scene)
        scene.enter()
        self._text_input()

    def show(self, session: Session, settle: bool = True) -> None:
        """The screen for the match's phase in place of the whole stack (a restored match opens where it was left);
        with `settle`, a finished hand's settlement at once over the play screen."""
        self.switch(SCREENS.get(session.match.phase, PlayScene)(self, session))
        if settle and session.match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            self.scene.settling = True
            self.push(SettlementScene(self, session))

    def show_title(self) -> None:
        self.switch(TitleScene(self))

    def _leaving(self, scene: Scene) -> None:
        if self.on_leave is not None:
            self.on_leave(scene)

    def _text_input(self) -> None:
        """SDL's text input is on exactly while the scene on top takes text (`typing`): an input method's window
        opens only then, and the keys type rather than act."""
        typing = bool(self.stack) and self.scene.typing
        if typing != self.inputs.typing:
            (pygame.key.start_text_input if typing else pygame.key.stop_text_input)()
            self.inputs.typing = typing

    # ----- frames -------------------------------------------------------------------------------------

    def step(self, dt: float) -> None:
        """One frame: input, update by `dt`, draw, flip."""
        for event in pygame.event.get():
            if event.type == pygame.WINDOWSIZECHANGED and pygame.display.get_surface().get_size() != self.geo.size:
                self.screen = pygame.display.get_surface()
                self.refit()
            for action in self.inputs.translate(event):
                self.dispatch(action)
        if not self.running:
            return
        self.scene.update(min(dt, MAX_DT))
        self.draw(self.screen)
        pygame.display.flip()

    def dispatch(self, action: Input) -> None:
        if action.act is Act.QUIT:
            self.quit()
        elif action.act is Act.FULLSCREEN:
            self.toggle_fullscreen()
        elif action.act is Act.MUTE:
            self.toggle_mute()
        elif self.stack:
            self.scene.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        bottom = len(self.stack) - 1
        while bottom > 0 and self.stack[bottom].overlay:
            bottom -= 1
        for scene in self.stack[bottom:]:
            scene.draw(surface)

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            self.step(clock.tick(60) / 1000)
        self.close()

    def quit(self) -> None:
        """Leave the game; the match in progress is saved first (closing the window saves, 000 §21)."""
        if self.session is not None:
            self.session.save()
        self.running = False

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        pygame.quit()
