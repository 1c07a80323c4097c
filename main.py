"""Dou Dizhu: parse the command line and start the game (or the headless demo)."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from game.match import DEAL_NUMBERS
from game.rulesets import RULESETS
from game.savefile import ENV_VAR, Loaded, SaveStore, default_directory

if TYPE_CHECKING:
    from scenes.app import App

HELP_WIDTH = 100  # the --help's list of tables wraps at this many characters


def tables() -> str:
    """The --help's list of tables: each ruleset's name, seats and summary, as --ruleset NAME starts it."""
    lines = ["tables (--ruleset NAME starts a new match at that table; you sit with a bot in every other seat):"]
    for name, rules in RULESETS.items():
        said = f"  {name:<12} {rules.title}, {rules.players} players: {rules.summary}"
        lines.append(textwrap.fill(said, HELP_WIDTH, subsequent_indent=" " * 15))
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Dou Dizhu (Fight the Landlord) against bots: two at most tables, one or three at the others.",
        epilog=tables(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--windowed", action="store_true", help="open a window instead of full screen")
    parser.add_argument("--size", default="1280x720", help="window size with --windowed (default 1280x720)")
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
    return parser.parse_args(argv)


def no_display() -> bool:
    """On Linux without X11 or Wayland, and without SDL's dummy driver, no window can open."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_VIDEODRIVER"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def size_of(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


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
    game's ruleset started over it: at once, or after a confirmation when it would replace an unfinished match."""
    if resume is not None:
        from scenes.flow import continue_match

        continue_match(game, resume)
        return
    game.show_title()
    if new:
        from scenes.screens.menus import start_new_match

        start_new_match(game, game.ruleset, deal)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.port is not None and not args.serve:
        print("--port is for the room server: run `python main.py --serve --port N`.")
        return 2
    if args.serve:  # the rooms are saved beside the saved match: --saves DIR/rooms
        from net.serve import run

        return run(args.port, default_directory(args.saves) / "rooms")
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
    ruleset = args.ruleset or "standard"
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
    saves = SaveStore(default_directory(args.saves))
    resume = read_save(saves) if args.resume else None
    if args.resume and resume is None:
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from scenes.app import App

    try:
        size = size_of(args.size)
    except ValueError:
        print(f"--size must look like 1280x720, not {args.size!r}")
        return 2
    store = demo_store(args, saves) if args.autoplay else saves
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
        )
        game.steady = True
        try:
            times = Demo(game, args.hands, shots).run(resume)
        finally:
            game.close()
        print("\n".join(report(times)))
        if (unsaved := unsaved_line(store)) is not None:
            print(unsaved)
        return 0
    try:
        game = App(size, fullscreen=not args.windowed, store=store, seed=args.seed, ruleset=ruleset)
    except pygame.error as failed:
        print(f"Could not open a window ({failed}): try `python main.py --headless --autoplay`.")
        return 2
    game.demo = args.autoplay
    game.table_settings.auto = args.autoplay
    open_first_scene(game, resume, args.deal is not None or args.ruleset is not None, args.deal)
    game.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
