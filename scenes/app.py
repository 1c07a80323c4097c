"""The app, the top floor of scenes/: the window, the screen stack, input dispatch and the frame loop.

`step(dt)` is one frame (events, update, draw, flip) and takes its time from the caller, so tests and the
headless demo run at a fixed dt; only `run()` reads the clock.
"""

from __future__ import annotations

import importlib
import os
import pathlib
import random
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
from pygame._sdl2 import controller

from game.atomic import WriteFailed
from game.folder_lock import FolderLock, Lock
from game.match import Phase
from game.rulesets import SWAP_THREE
from game.savefile import SaveStore
from scenes.art import cache as surfaces
from scenes.art import effects, felt, text, widgets
from scenes.art.cards import CardArt
from scenes.art.sound import Sounds, opening_bank, silence
from scenes.platform.input import Act, Input, Inputs, Opener, open_controller
from scenes.platform.prefs import TABLE_PREFS, Prefs, PrefsStore
from scenes.platform.worker import BotPool, lowered
from scenes.scene import Scene
from scenes.screens.title import TitleScene
from scenes.table.layout import Layout, load_layout
from scenes.table.placing import card_size
from scenes.table.table_settings import TableSettings
from scenes.words import i18n, problems

if TYPE_CHECKING:
    from scenes.screens.table import TableScene
    from scenes.table.remote_seat import RemoteSeat
    from scenes.table.session import Session

WINDOWED = (1280, 720)
CARD_SIZES = ("hand", "table", "mini")
BOT_NICENESS = 10
MAX_DT = 0.1  # a stalled frame (window dragged, machine busy) never jumps the table ahead by more
FRAME_BUDGET = 0.0045  # seconds of the game thread's CPU a frame may take, its background making included (p99 8 ms)
CHORE_GUESS = 0.003  # a chore's step's cost until one is timed (steps are cut to about this)
STARVED = 3  # frames a chore waits for room in a frame's budget; then a step runs anyway, so the making ends
TABLE_MODULES = (  # imported right after the title's first frame is shown (`App._load_table`), the heavy ones ahead
    # of the screens that import them
    "scenes.art.avatars",
    "scenes.table.session",
    "scenes.flow",
    "scenes.screens.rules",
    "scenes.screens.menus",
    "scenes.screens.new_match",
    "scenes.table.hud",
    "scenes.screens.bidding",
    "scenes.screens.doubling",
    "game.solver",
    "game.puzzles.data",
    "game.selfplay",
    "game.puzzles.make",
    "scenes.screens.puzzles",
    "scenes.screens.replay",
    "scenes.screens.settlement",
    "scenes.screens.play",
    "scenes.screens.swap",
)
FIRST_FRAME = "DOUDIZHU_FIRST_FRAME"  # set: print the clock and CPU time at the first frame, then leave (startup bench)


def screen_for(phase: Phase) -> type[TableScene]:
    """The one phase -> screen table; any other phase: the play screen. The table's modules load when a table is
    first shown (or in the background meanwhile): the title's first frame does not wait for them."""
    from scenes.screens.bidding import BiddingScene
    from scenes.screens.doubling import DoublingScene
    from scenes.screens.play import PlayScene
    from scenes.screens.swap import SwapScene

    screens: dict[Phase, type[TableScene]] = {
        Phase.BIDDING: BiddingScene,
        Phase.DOUBLING: DoublingScene,
        Phase.SHOWING: DoublingScene,
        Phase.SWAPPING: SwapScene,
    }
    return screens.get(phase, PlayScene)


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
        busy: pathlib.Path | None = None,
    ) -> None:
        pygame.display.init()  # no pygame.init(): only the modules the game uses (Sounds opens the mixer)
        pygame.font.init()
        pygame.joystick.init()
        controller.init()
        self.fullscreen = fullscreen
        self.windowed = size or WINDOWED
        self.screen = self._open()
        # What the title does not show is made after its first frame, in the time a frame leaves: name -> steps
        self.costs: dict[str, float] = {}  # a chore's last step's CPU seconds: what its next one is expected to cost
        self.starved = 0  # frames since a chore last made a step
        self.chores: dict[str, Iterator[None]] = {
            "sounds": self._open_sounds(),
            "seats": self._warm_seats(),
        }
        self.sounds = Sounds({})
        self.layout = layout or load_layout()
        self.deck = SWAP_THREE.deck.build()  # every face the art may be asked for: the 54 and the extra wild card
        self.inputs = Inputs(opener)
        pygame.key.stop_text_input()  # SDL starts with text input on; only a scene that takes text turns it on
        self._pool: BotPool | None = None  # the bots' worker, started when first needed (`pool`)
        self._starting = threading.Lock()
        self._loaded = False  # the table's modules and the bots' process, loaded after the first frame (`_load_table`)
        self.store = store
        self.seeds = random.Random(seed)  # new matches draw their seeds here: fixed for the demo and tests
        self.demo = demo  # bots in every seat, scenes move on by themselves
        self.first_deal = first_deal  # `--deal N`: the first new match starts from deal N
        self.ruleset = ruleset  # `--ruleset NAME`: the ruleset of the demo's match and of `--deal N`
        self.steady = False  # the headless demo: frames repeat byte for byte (a late bot is waited for)
        self._table_settings = TableSettings()
        # a saves folder another game holds (`game.folder_lock`): nothing is written there, the title says so
        self.busy = busy
        self.folder_lock: FolderLock | None = None  # the lock on a folder chosen in the game (`use_folder`)
        self.prefs_store = PrefsStore(store.directory) if store is not None else None
        if self.prefs_store is not None:
            self.prefs = self.prefs_store.load()
        else:  # the busy folder's preferences, only read (the language the player chose there)
            self.prefs = PrefsStore(busy).peek() if busy is not None else Prefs()
        # a save (or preferences) problem for the title screen
        self.problem: str | None = self.prefs_store.problem if self.prefs_store is not None else None
        self.apply_prefs()
        self.session: Session | None = None  # the match at the table, if any
        self.room: RemoteSeat | None = None  # the room with friends you are in, if any (its lobby or its table)
        self.stack: list[Scene] = []
        self.running = True
        self.on_leave: Callable[[Scene], None] | None = None  # the demo's screenshot hook
        self.refit()

    @property
    def canvas(self) -> App:
        """What the screens draw with (`Canvas`): the window, its layout, the card art, input and sound are the app's
        own."""
        return self

    @property
    def pool(self) -> BotPool:
        """The bots' worker process: bots think in another process, as a thread would hold the GIL and stall the
        frames on a 2-core machine; it runs at a lower priority, so the frames win the CPU when both want it.
        Started on first use, after the title's first frame."""
        with self._starting:  # the table's modules start it on their thread, or a table asks for it first
            if self._pool is None:
                self._pool = BotPool(BOT_NICENESS)
        return self._pool

    # ----- display ------------------------------------------------------------------------------------

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed)

    def refit(self) -> None:
        """Fit the layout, card art and caches to the current window."""
        self.geo = self.layout.fit(self.screen.get_size())
        self.relabel()
        felt.clear()
        felt.felt(self.screen.get_size())
        self.chores["seats"] = self._warm_seats()
        self.restyle_cards()

    def relabel(self) -> None:
        """Forget every made text (a new language, a new size); what is needed again is made when first drawn, the
        effects' big images between the frames."""
        surfaces.fit(self.geo.scale)
        text.clear()
        widgets.clear()
        effects.clear()
        self.chores["effects"] = effects.warm(self.geo.scale)

    def restyle_cards(self) -> None:
        """Card art at the window's card sizes in the chosen style (four colours, large cards); the sprites at the
        table move to the new sizes. A face is drawn when first shown, and every other one between the frames."""
        s = self.table_settings
        self.art = {
            name: CardArt(*card_size(self.geo, name, s.large_cards), four_colour=s.four_colour) for name in CARD_SIZES
        }
        self.chores["cards"] = self._draw_cards()
        self.relayout()

    def relayout(self) -> None:
        """The table and every open scene laid out again (new sizes, styles or words)."""
        if self.session is not None:
            self.session.relayout(self.geo)
        for scene in self.stack:
            scene.relayout()

    def _draw_cards(self) -> Iterator[None]:
        for art in self.art.values():
            for make in (art.blank, art.back, art.shadow, art.highlight):
                make()
                yield
            for card in self.deck:
                art.face(card)
                yield

    def _open_sounds(self) -> Generator[None, None, None]:
        yield  # not before the first frame
        self.sounds.bank = yield from opening_bank()  # the speech a few harmonics a frame

    def _load_table(self) -> None:
        """The table's modules and the bots' process, loaded once the title's first frame is on screen (the title
        imports them only when asked for a table), so that New match does not wait for them. At once, in that first
        frame: the title stands still meanwhile (nothing on it moves), where an import cut into the later frames
        (5-20 ms each for the heavy ones, none of which can be cut into steps) or run on a thread beside them (which
        holds the GIL through an import's C code) made frames of 15-18 ms; likewise the bots' process is started, on
        a thread of its own at the bots' priority (`_start_bots`) that this one waits for."""
        self._loaded = True
        starting = threading.Thread(target=self._start_bots, name="bots-start", daemon=True)
        starting.start()
        starting.join()
        for module in TABLE_MODULES:
            importlib.import_module(module)

    def _start_bots(self) -> None:
        """The bots' process started while the title is up (it imports the bots meanwhile), from a thread of its own
        at the bots' lower priority (on Linux a thread's own), which a new process is born with: its interpreter's
        start and imports (about a second of CPU) yield to the frames from the first (in a probe, title frames over
        8 ms of wall clock fell from 36-54 to 14-20)."""
        if sys.platform.startswith("linux"):
            me = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, me, lowered(me, BOT_NICENESS))
        self.pool  # noqa: B018 - started now

    def _warm_seats(self) -> Iterator[None]:
        """The table's first frame made ahead, after the table's modules: its felt, the seats' portraits."""
        yield None
        from scenes.table.seat_look import warm  # loaded after the first frame (`_load_table`)

        yield None
        yield from warm(self.geo)
        yield from self._warm_words()

    def _warm_words(self) -> Iterator[None]:
        """The words of a new table's first frame (the card counter's strip, the stake plate), made off screen on a
        table dealt for nobody: the frame that opens a match then renders none of them (4 ms of its 9); and the
        settlement's panel, the largest surface its opening makes."""
        from game.match import Match
        from scenes.screens.settlement import settlement_box, settlement_panel
        from scenes.table.hud import draw_counter, draw_hud
        from scenes.table.local_seat import LocalSeat
        from scenes.table.session import Session

        settings = TableSettings()
        seat = LocalSeat(Match(self.ruleset, 0), settings)
        sample = Session(seat, settings)
        sample.relayout(self.geo)
        seat.deal_opening()
        sample.take()
        yield None
        nowhere = pygame.Surface((1, 1))  # what is drawn is of no use: the words are made and kept on the way
        for draw in (draw_counter, draw_hud):
            draw(nowhere, self.geo, sample)
            yield None
        settlement_panel(self.geo, settlement_box(self.geo, sample.view.rules.double_phase))

    @property
    def making(self) -> bool:
        return bool(self.chores)

    def do_chores(self, end: float) -> None:
        """Background making in the rest of a frame, oldest chore first: its next step, while the step's expected
        cost (its last step's) fits before `end` on the game thread's CPU clock (`time.thread_time`, which a busy
        machine does not run ahead). A chore that found no room for `STARVED` frames makes a step anyway."""
        self.starved += 1
        while self.chores:
            name = next(iter(self.chores))
            if time.thread_time() + self.costs.get(name, CHORE_GUESS) > end and self.starved <= STARVED:
                return
            self.chore_step(name)
            self.starved = 0

    def chore_step(self, name: str) -> None:
        """One step of the chore `name`, its cost kept as the next one's expected cost."""
        start = time.thread_time()
        if next(self.chores[name], StopIteration) is StopIteration:
            del self.chores[name]
        else:
            self.costs[name] = time.thread_time() - start

    def finish_chores(self) -> None:
        """Everything made now (the demo, benchmarks)."""
        while self.chores:
            self.chore_step(next(iter(self.chores)))

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open()
        self.refit()

    # ----- device preferences -------------------------------------------------------------------------

    @property
    def table_settings(self) -> TableSettings:
        return self._table_settings

    @table_settings.setter
    def table_settings(self, settings: TableSettings) -> None:
        """New table settings (a continued match's): the device's own ones (`TABLE_PREFS`) stay as this device
        chose them, whatever the save says."""
        self._table_settings = settings
        for name in TABLE_PREFS:
            setattr(settings, name, getattr(self.prefs, name))

    def apply_prefs(self) -> None:
        """Make the language, the sound levels and the table's device settings of `prefs` current."""
        self.table_settings = self._table_settings
        i18n.set_language(self.prefs.language)
        pygame.display.set_caption(i18n.tr("title.caption"))
        self.sounds.set_levels(self.prefs.master, self.prefs.effects, self.prefs.muted)

    def change_prefs(self, **changes: Any) -> None:
        """Apply changed preferences at once (a new language lays every scene out again) and keep them. A refused
        write, or a file moved out of its way, is said at the table or shown on the title screen; the change still
        holds for this run."""
        language = self.prefs.language
        self.prefs = replace(self.prefs, **changes)
        self.apply_prefs()
        if self.prefs.language != language:
            if self.session is not None:
                self.session.retell()  # the notes on the table in the new language
            self.relabel()
            self.relayout()
        if self.prefs_store is None:
            return
        try:
            said = self.prefs_store.save(self.prefs)  # what was moved out of the way, if anything
        except WriteFailed as refused:
            said = refused.problem
        if said is None:
            return
        if self.session is not None:
            self.session.notices.say(problems.note(said), 6.0, "warn")
        else:
            self.problem = said

    def use_folder(self, directory: pathlib.Path) -> tuple[Lock, str | None]:
        """Save in `directory` from now on, once this game holds it (`game.folder_lock`); the preferences of this
        run are kept there. Returns how the lock went and, when no lock could be taken, the system's reason;
        nothing changes unless it is HELD."""
        lock = FolderLock(directory)
        taken = lock.take()
        if taken is not Lock.HELD:
            return taken, lock.reason
        if self.folder_lock is not None:
            self.folder_lock.release()
        self.folder_lock, self.busy, self.problem = lock, None, None
        self.store = SaveStore(lock.directory)
        self.prefs_store = PrefsStore(lock.directory)
        self.change_prefs()  # written there: the language and the rest this player chose
        return taken, None

    def toggle_mute(self) -> None:
        """M anywhere: sound off or back on; the scene on top shows the new state (Settings' label, a table note)."""
        self.change_prefs(muted=not self.prefs.muted)
        if self.session is not None:
            self.session.notices.say(i18n.tr("settings.muted" if self.prefs.muted else "settings.unmuted"), 1.5)
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
        self.switch(screen_for(session.view.phase)(self, session))
        if settle and session.view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            self.scene.settling = True
            from scenes.screens.settlement import SettlementScene

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
        """One frame: input, update by `dt`, draw, flip; then background making in what is left of its budget."""
        start = time.thread_time()
        for event in pygame.event.get():
            if event.type == pygame.WINDOWSIZECHANGED and pygame.display.get_surface().get_size() != self.geo.size:
                self.screen = pygame.display.get_surface()
                self.refit()
            for action in self.inputs.translate(event):
                self.dispatch(action)
        for action in self.inputs.tick(min(dt, MAX_DT)):  # held directions repeating
            self.dispatch(action)
        if not self.running:
            return
        self.scene.update(min(dt, MAX_DT))
        self.draw(self.screen)
        pygame.display.flip()
        if not self._loaded:
            if os.environ.get(FIRST_FRAME):  # the start-up benchmark's instant: the first frame is on screen
                print(f"first frame {time.monotonic():.6f} {time.process_time():.6f}", flush=True)
                self.running = False
                return
            self._load_table()
        self.do_chores(start + FRAME_BUDGET)

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
        """The screen under the overlays, then the top overlay only: one modal panel shows at a time, so none
        ghosts through or around another (the pause menu under its confirmation)."""
        bottom = len(self.stack) - 1
        while bottom > 0 and self.stack[bottom].overlay:
            bottom -= 1
        self.stack[bottom].draw(surface)
        if bottom < len(self.stack) - 1:
            self.scene.draw(surface)

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
        if self.room is not None:
            self.room.close()  # your seat stays yours for its token; a room this game hosts stops
        if self.folder_lock is not None:
            self.folder_lock.release()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        silence()
        pygame.quit()
