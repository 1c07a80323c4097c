"""Dou Dizhu: parse the command line and start the game (or the headless demo).

Only the standard library is imported before `main` runs: its first step makes Ctrl+C quit quietly (`CtrlC`), and
the game's own modules load after that, in the functions that need them.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import textwrap
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.savefile import Loaded, SaveStore
    from scenes.app import App

HELP_WIDTH = 100  # the --help's list of tables wraps at this many characters
SMALLEST = (640, 360)  # the smallest window --size may ask for
DEFAULT_SIZE = "1280x720"


def tables() -> str:
    """The --help's list of tables: each ruleset's name, seats and summary, as --ruleset NAME starts it."""
    from game.rulesets import RULESETS

    lines = ["tables (--ruleset NAME starts a new match at that table; you sit with a bot in every other seat):"]
    for name, rules in RULESETS.items():
        said = f"  {name:<12} {rules.title}, {rules.players} players: {rules.summary}"
        lines.append(textwrap.fill(said, HELP_WIDTH, subsequent_indent=" " * 15))
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from game.rulesets import RULESETS

    parser = argparse.ArgumentParser(
        description="Dou Dizhu (Fight the Landlord) against bots: two at most tables, one or three at the others.",
        epilog=tables(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--windowed", action="store_true", help="open a window instead of full screen")
    parser.add_argument(
        "--size", default=DEFAULT_SIZE, help=f"window size with --windowed (default {DEFAULT_SIZE}; from 640x360)"
    )
    parser.add_argument("--saves", metavar="DIR", help="where the match is saved (default: $DOUDIZHU_SAVES or saves/)")
    parser.add_argument(
        "--continue", dest="resume", action="store_true", help="open straight into the saved match (no title)"
    )
    parser.add_argument("--seed", type=int, help="seed for the matches' deals (default: a fresh one)")
    parser.add_argument(
        "--ruleset",
        choices=list(RULESETS),
        metavar="NAME",
        help="start a new match at this table, listed below (the demo's and --deal N's too; default standard)",
    )
    parser.add_argument("--deal", type=int, metavar="N", help="start a new match from deal number N (0..99999999)")
    parser.add_argument("--headless", action="store_true", help="no window: the dummy video driver (with --autoplay)")
    parser.add_argument("--autoplay", action="store_true", help="bots in every seat, scenes move on by themselves")
    parser.add_argument("--hands", type=int, default=1, help="hands the demo plays (default 1)")
    parser.add_argument("--screenshots", metavar="DIR", help="with --headless: the demo saves one PNG per scene here")
    parser.add_argument("--serve", action="store_true", help="run a headless room server for friends (docs/network.md)")
    parser.add_argument("--port", type=int, help="with --serve: the port to listen on (default 47650)")
    parser.add_argument(
        "--host",
        metavar="ADDR",
        help="with --serve: the address to listen on (default every one; 127.0.0.1: this machine only)",
    )
    return parser.parse_args(argv)


def no_display() -> bool:
    """On Linux without X11 or Wayland, and without SDL's dummy driver, no window can open."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def size_of(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def size_problem(text: str, largest: tuple[int, int]) -> str | None:
    """Why `--size` cannot be the window, in one line: not WIDTHxHEIGHT, smaller than 640x360, or larger than
    `largest`, the largest window this display can show. None when it can."""
    try:
        width, height = size_of(text)
    except ValueError:
        return f"--size must look like {DEFAULT_SIZE}, not {text!r}"
    if width < SMALLEST[0] or height < SMALLEST[1]:
        return f"--size {text} is too small: the window needs at least {SMALLEST[0]}x{SMALLEST[1]}."
    if width > largest[0] or height > largest[1]:
        return f"--size {text} is larger than this display can show: at most {largest[0]}x{largest[1]}."
    return None


def largest_window() -> tuple[int, int]:
    """The largest window `--size` may ask for: this display's largest mode, and never less than the default
    window (a display driver without modes, like SDL's dummy one, reports its desktop only)."""
    import pygame

    pygame.display.init()
    modes = pygame.display.list_modes()
    sizes = [*(modes if isinstance(modes, list) else []), *pygame.display.get_desktop_sizes(), size_of(DEFAULT_SIZE)]
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def busy_line(directory: Path, args: argparse.Namespace) -> str:
    """One line when another game holds the saves folder: what this game does about it."""
    said = f"Another game is using the saves folder {directory}"
    if args.headless and args.resume:
        return f"{said}: its match cannot be continued here while that game runs."
    if args.headless:
        return f"{said}, so the demo plays without saving."
    return f"{said}, so this one does not save there: play without saving, or choose another folder on the title."


class CtrlC:
    """Ctrl+C (SIGINT) quits as the window's close button does: a QUIT event, so the match is saved and the game
    ends with exit status 0, no traceback (Python would raise KeyboardInterrupt wherever the game happened to be).
    Before the window exists there is nothing to save: the press is kept, and the game ends quietly once its modules
    are loaded (never in the middle of an import), or its window quits at the first frame."""

    def __init__(self) -> None:
        self.pressed = False
        self._before: object = None

    def __enter__(self) -> CtrlC:
        self._before = signal.signal(signal.SIGINT, self._press)
        return self

    def __exit__(self, *_: object) -> None:
        signal.signal(signal.SIGINT, self._before)  # type: ignore[arg-type]

    def _press(self, signum: int, frame: FrameType | None) -> None:
        self.pressed = True
        self.post()

    def post(self) -> None:
        """After a press, the window's close event, once pygame's display is up (before that, the press is kept)."""
        pygame = sys.modules.get("pygame")
        try:
            shown = pygame is not None and pygame.display.get_init()
        except AttributeError:  # pygame is still being imported
            shown = False
        if self.pressed and shown:
            pygame.event.post(pygame.event.Event(pygame.QUIT))


def read_save(store: SaveStore) -> Loaded | None:
    """`--continue`: the saved match, after one line about a save problem; None (and the line the title screen
    would show) when nothing can be continued."""
    loaded = store.load()
    if loaded.problem:
        print(" ".join(loaded.problem.split()))
    if loaded.match is not None:
        return loaded
    if not loaded.problem:
        print(f"There is no saved match to continue in {store.directory}.")
    return None


def demo_store(args: argparse.Namespace, store: SaveStore) -> SaveStore | None:
    """The demo (--autoplay) saves only where it was told to (--saves, $DOUDIZHU_SAVES) or when it continues a match:
    an attract-mode run starts a new match, and must never replace the player's own saved match with it."""
    from game.savefile import ENV_VAR

    return store if args.resume or args.saves or os.environ.get(ENV_VAR) else None


def screenshots_problem(directory: Path) -> str | None:
    """Why the demo could not save its pictures in `directory` (made if missing), as one line; None when it can."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"--screenshots names {directory}, which is a file, not a folder: name a folder for the pictures."
    except OSError as err:
        return f"--screenshots: the folder {directory} cannot be made ({err.strerror or err})."
    if not os.access(directory, os.W_OK | os.X_OK):
        return f"--screenshots: the folder {directory} cannot be written to."
    return None


def unsaved_line(store: SaveStore | None) -> str | None:
    """After the demo: one line when its saves failed (it played on unsaved), else None."""
    if store is None or store.failing is None:
        return None
    said = " ".join(str(store.failing).split())
    return f"{said}{'' if said.endswith('.') else '.'} The match went on unsaved."


def open_first_scene(game: App, resume: Loaded | None, new: bool, deal: int | None = None) -> None:
    """The saved match (--continue), or the title with, when asked for (--deal, --ruleset), a new match of the
    game's ruleset started over it: at once, or after a confirmation when it would replace an unfinished match.
    When another game holds the saves folder, the title with the choice of playing unsaved or another folder."""
    if resume is not None:
        from scenes.flow import continue_match

        continue_match(game, resume)
        return
    game.show_title()
    if game.busy is not None:  # another game holds the saves folder: the player chooses first
        from scenes.screens.folders import FolderInUse

        game.push(FolderInUse(game))
    elif new:
        from scenes.screens.menus import start_new_match

        start_new_match(game, game.ruleset, deal)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    for option, value, example in (("--port", args.port, "--port N"), ("--host", args.host, "--host ADDR")):
        if value is not None and not args.serve:
            print(f"{option} is for the room server: run `python main.py --serve {example}`.")
            return 2
    if args.serve:  # the rooms are saved beside the saved match: --saves DIR/rooms; it stops on Ctrl+C itself
        from game.savefile import default_directory
        from net.serve import run

        return run(args.port, default_directory(args.saves) / "rooms", args.host)
    with CtrlC() as ctrl_c:
        return play(args, ctrl_c)


def play(args: argparse.Namespace, ctrl_c: CtrlC) -> int:
    from game.folder_lock import FolderLock, Lock
    from game.match import DEAL_NUMBERS
    from game.savefile import SaveStore, default_directory

    if args.headless and not args.autoplay:
        print("--headless only runs the demo: add --autoplay (and --hands N).")
        return 2
    if args.deal is not None and not 0 <= args.deal < DEAL_NUMBERS:
        print(f"--deal must be a deal number from 0 to {DEAL_NUMBERS - 1}, not {args.deal}.")
        return 2
    for flag, given in (("--deal", args.deal is not None), ("--ruleset", args.ruleset is not None)):
        if given and args.resume:
            print(f"{flag} starts a new match and --continue goes on with the saved one: choose one.")
            return 2
    shots = Path(args.screenshots) if args.screenshots else None
    if shots is not None and not args.headless:
        print("--screenshots is for the headless demo: run `python main.py --headless --autoplay --screenshots DIR`.")
        return 2
    if shots is not None and (refused := screenshots_problem(shots)) is not None:
        print(refused)
        return 2
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    elif no_display():
        print("No display found: run `python main.py --headless --autoplay` to watch a demo without a screen.")
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if not args.headless and (refused := size_problem(args.size, largest_window())) is not None:
        print(refused)
        return 2
    saves = SaveStore(default_directory(args.saves))
    store = demo_store(args, saves) if args.autoplay else saves
    lock = FolderLock(saves.directory)
    try:
        busy = saves.directory if store is not None and lock.take() is Lock.BUSY else None
        if busy is not None:
            print(busy_line(busy, args), file=sys.stderr)
            if args.headless and args.resume:
                return 2
            store = None
        return run(args, store, None if store is None or not args.resume else read_save(store), ctrl_c, busy)
    finally:
        lock.release()


def run(
    args: argparse.Namespace, store: SaveStore | None, resume: Loaded | None, ctrl_c: CtrlC, busy: Path | None
) -> int:
    """The game (or the demo) on `store`, which this game holds (None: nothing is saved; `busy` when that is
    because another game holds the saves folder): after the checks."""
    if args.resume and store is not None and resume is None:
        return 2
    import pygame

    from scenes.app import App

    if ctrl_c.pressed:  # while the game loaded: nothing to save yet
        return 0
    ruleset = args.ruleset or "standard"
    if args.headless:
        from scenes.demo import Demo, report

        game = App(
            (1920, 1080),
            fullscreen=False,
            store=store,
            seed=args.seed,
            demo=True,
            first_deal=args.deal,
            ruleset=ruleset,
            busy=busy,
        )
        game.steady = True
        ctrl_c.post()  # a press while the app was being made
        try:
            demo = Demo(game, args.hands, Path(args.screenshots) if args.screenshots else None)
            demo.run(resume)
        finally:
            game.close()
        unsaved = unsaved_line(store)
        if ctrl_c.pressed:  # one line at most
            print(unsaved or ("Stopped (Ctrl+C); the match is saved." if store is not None else "Stopped (Ctrl+C)."))
            return 0
        print("\n".join(report(demo.times, demo.cpu)))
        if demo.first is not None:
            print(f"first frame: {demo.first[0]:.2f} ms, CPU {demo.first[1]:.2f} ms (the app's, held to no budget)")
        if unsaved is not None:
            print(unsaved)
        return 0
    try:
        size = size_of(args.size)
        game = App(size, fullscreen=not args.windowed, store=store, seed=args.seed, ruleset=ruleset, busy=busy)
    except pygame.error as failed:
        print(f"Could not open a window ({failed}): try `python main.py --headless --autoplay`.")
        return 2
    ctrl_c.post()
    game.demo = args.autoplay
    game.table_settings.auto = args.autoplay
    open_first_scene(game, resume, args.deal is not None or args.ruleset is not None, args.deal)
    game.run()
    if (unsaved := unsaved_line(game.store)) is not None:  # said at the table; said again once the window is gone
        print(unsaved, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
