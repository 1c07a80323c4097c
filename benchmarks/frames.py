"""Frame time at the table's busiest moments, at 1920x1080: the deal animation, a bomb, a hand in play; and the
card art's cost at load time.

Run: `python -m benchmarks.frames [--repeat R] [--size 1920x1080]`. Each moment is set up R times and every frame's
work (events, update, draw, flip) is timed with a fixed dt, by the wall clock and by the game thread's CPU time
(which other processes on a busy machine do not inflate); the bots think in their worker process meanwhile, as in
the game, and no frame waits for them. Uses SDL's dummy driver unless SDL_VIDEODRIVER is set (e.g. to x11 under Xvfb).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.actions import Bid, Play
from game.match import Match
from scenes.app import App
from scenes.demo import DT, report
from scenes.flow import open_session, show
from scenes.table.session import Session

BOMB_RANKS = "3456789TJQKA2"


@dataclass
class Samples:
    """A moment's frame times in ms: wall clock and the game thread's CPU time (which other processes do not
    inflate on a busy machine)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def timed(game: App, frames: int, samples: Samples) -> None:
    for _ in range(frames):
        start, thread = time.perf_counter(), time.thread_time()
        game.step(DT)
        samples.wall.append((time.perf_counter() - start) * 1000)
        samples.cpu.append((time.thread_time() - thread) * 1000)


def deal(game: App, seed: int) -> Session:
    """A new match with its deal animation running."""
    match = Match("standard", seed)
    session = open_session(game, match)
    session.seat.deal_opening()
    session.take()
    show(game, session)
    return session


def to_play(game: App, seed: int) -> tuple[Session, Match]:
    """A match bid out at once (the first bidder bids 3), in the play scene with the kitty taken."""
    session = deal(game, seed)
    match = session.seat.match
    timed(game, 150, Samples())
    session.act(Bid(match.turn, 3))
    timed(game, 150, Samples())
    return session, match


def bomb(game: App, seed: int, samples: Samples) -> None:
    """The landlord (a bot or you) opens with a bomb if it holds one: flight, banner and shake."""
    session, match = to_play(game, seed)
    held = match.ranks(match.hand.landlord)
    four = next((r * 4 for r in BOMB_RANKS if r * 4 in held), None)
    move = four or ("BR" if "BR" in held else held[-1])
    session.seat.stop_thinking()
    session.act(Play(match.hand.landlord, move))
    timed(game, 120, samples)


def dealing(game: App, seed: int, samples: Samples) -> None:
    deal(game, seed)
    timed(game, 150, samples)


def playing(game: App, seed: int, samples: Samples) -> None:
    """Bots in every seat play on: cards fly, bubbles pop, the counter and HUD change every turn."""
    game.table_settings.auto = True
    session, _ = to_play(game, seed)
    session.seat.pace = 0.3
    timed(game, 600, samples)
    game.table_settings.auto = False


MOMENTS: dict[str, Callable[[App, int, Samples], None]] = {"deal": dealing, "bomb": bomb, "play": playing}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=4)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    game = App((width, height), fullscreen=False, seed=1)
    times: dict[str, Samples] = {}
    try:
        game.show_title()
        game.step(DT)  # the app's first frame, which loads the table's modules and starts the bots' process
        start = time.perf_counter()
        game.restyle_cards()
        game.finish_chores()  # the faces are drawn between the title's frames; all of them here, timed
        art = (time.perf_counter() - start) * 1000
        for name, moment in MOMENTS.items():
            samples = times[name] = Samples()
            for k in range(args.repeat):
                moment(game, 100 + k, samples)
    finally:
        game.close()
    print(f"{width}x{height}, {os.environ['SDL_VIDEODRIVER']} driver")
    print(f"card art: {art:.0f} ms to draw every face, back, shadow and highlight at the three card sizes")
    print("\n".join(report({k: v.wall for k, v in times.items()}, {k: v.cpu for k, v in times.items()})))


if __name__ == "__main__":
    main()
