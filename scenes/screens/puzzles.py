"""The puzzle screens (残局, issue 16): the chapter list with stars, and the puzzle table where you play a proven
position face up against the solver's strongest defence, with hint, solution, retry and next.

The defence and your partner move by `Solver.best`: a partner takes a winning action, a defender the one leaving
you the fewest answers, so a wrong move loses. After one, the rest of the hand plays out and the screen says
which play took control (`game.solver.refute`).
"""

from __future__ import annotations

import math
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.cards import JOKERS, RANK_INDEX, Card, parse
from game.history import DealSpan
from game.match import Match
from game.puzzles.data import YOU, Chapter, Puzzle, Source, load_all
from game.puzzles.make import Proven, missed_win, solvable
from game.solver import Move, Position, Solver, refute
from scenes.art.felt import felt
from scenes.art.text import blit_text, text, wrap
from scenes.art.widgets import CREAM, GOLD, MUTED, RED, Button, Row, panel
from scenes.platform import my_puzzles as mine
from scenes.platform.input import Act, Input
from scenes.platform.puzzle_stars import Stars
from scenes.platform.worker import ask
from scenes.scene import Scene
from scenes.table.board import row_positions
from scenes.words import problems
from scenes.words.i18n import tr
from scenes.words.table_words import cards_text
from scenes.words.wording import describe

if TYPE_CHECKING:
    from scenes.scene import Host

STEP = 0.9  # seconds between automatic plays: the defence, your partner, the solution
SOLUTION_STEP = 1.3  # the solution plays at a pace a player can follow
SLIDE = 0.25  # seconds a new play slides in (not with reduced motion)
COLUMNS = 5
CHAPTERS = ("landlord", "farmers", "heads_up")  # the order of the tabs, the easiest role first


def chapter_title(chapter: Chapter) -> str:
    return tr("puzzles.chapter_mine") if chapter.name == mine.CHAPTER else tr(f"puzzle_names.chapter_{chapter.name}")


def puzzle_name(puzzle: Puzzle) -> str:
    return tr("puzzle_names.name", theme=tr(f"puzzle_names.theme_{puzzle.theme}"), number=puzzle.number)


TILE_INK = (118, 106, 88)  # a tile's number and empty star: the felt's muted grey is lost on a cream tile
Color = tuple[int, int, int]


def star(surface: pygame.Surface, centre: tuple[int, int], radius: int, lit: bool, dim: Color = MUTED) -> None:
    """A five-pointed star: gold when the puzzle is solved, an outline in `dim` when not."""
    points = [
        (
            centre[0] + (radius if k % 2 == 0 else radius * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
            centre[1] + (radius if k % 2 == 0 else radius * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5),
        )
        for k in range(10)
    ]
    if lit:
        pygame.draw.polygon(surface, GOLD, points)
    pygame.draw.polygon(surface, GOLD if lit else dim, points, max(1, radius // 6))


def stars_of(host: Host) -> Stars:
    return Stars(host.store.directory if host.store is not None else None)


class PuzzleList(Scene):
    """The chapters as tabs, each chapter's puzzles as tiles with a star once solved. Keys move the focus over the
    tabs and the tiles, Confirm opens, Pass or Menu goes back."""

    name = "puzzles"

    def __init__(self, host: Host, chapters: list[Chapter] | None = None) -> None:
        super().__init__(host)
        self.refused: list[str] = []
        if chapters is None:
            chapters, self.refused = load_all()
        known = {name: k for k, name in enumerate(CHAPTERS)}
        self.chapters = sorted(chapters, key=lambda c: known.get(c.name, len(known)))
        own = mine.MyPuzzles(host.store.directory if host.store is not None else None)
        if own.problem:  # the reason in the player's language, then the loader's own words for it
            self.refused += [problems.sentence(own.problem), *problems.details(own.problem)]
        chapter = own.chapter()
        if chapter is not None:
            self.chapters.append(chapter)
        self.stars = stars_of(host)
        self.chapter = 0
        self.focus = 0  # tile index in the chapter; -1 is the tab row
        self.tabs = Row()
        self.tiles: list[Button] = []
        self.back = Button("back", "", pygame.Rect(0, 0, 0, 0))

    def enter(self) -> None:
        self.relayout()

    def resume(self) -> None:
        self.stars = stars_of(self.host)
        self.relayout()

    def relayout(self) -> None:
        geo = self.canvas.geo
        w, h = self.canvas.screen.get_size()
        specs = [(str(i), chapter_title(c), "plain") for i, c in enumerate(self.chapters)]
        tab_w = min(geo.px(440), (w - geo.px(80)) // max(1, len(specs)) - geo.px(20))
        self.tabs = Row.centered(pygame.Rect(0, geo.px(130), w, geo.px(64)), specs, tab_w, geo.px(20))
        for i, b in enumerate(self.tabs.buttons):
            b.style = "play" if i == self.chapter else "plain"
            b.focus = self.focus < 0 and i == self.chapter
        self.tiles = []
        if self.chapters:
            tile_w, tile_h, gap = geo.px(330), geo.px(96), geo.px(16)
            left = (w - COLUMNS * tile_w - (COLUMNS - 1) * gap) // 2
            for k, puzzle in enumerate(self.chapters[self.chapter].puzzles):
                x = left + (k % COLUMNS) * (tile_w + gap)
                y = geo.px(240) + (k // COLUMNS) * (tile_h + gap)
                tile = Button(str(k), puzzle_name(puzzle), pygame.Rect(x, y, tile_w, tile_h))
                tile.focus = k == self.focus
                self.tiles.append(tile)
        back = pygame.Rect(geo.px(40), h - geo.px(100), geo.px(220), geo.px(64))
        self.back = Button("back", tr("puzzles.back"), back)

    def update(self, dt: float) -> None:
        self.back.hint = self.canvas.inputs.label(Act.MENU)
        for tile in self.tiles:  # the focused tile opens with Confirm's key
            tile.hint = self.canvas.inputs.label(Act.CONFIRM) if tile.focus else ""

    def open(self, index: int) -> None:
        self.host.push(PuzzleTable(self.host, self.chapters[self.chapter], index))

    def pick_chapter(self, index: int) -> None:
        self.chapter, self.focus = index, min(self.focus, len(self.chapters[index].puzzles) - 1)
        self.relayout()

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):
            self.host.pop()
            return
        if act is Act.POINTER_MOVE and event.pos is not None:
            for b in [*self.tabs.buttons, *self.tiles, self.back]:
                b.hover = b.hit(event.pos)
            return
        if act is Act.POINTER_DOWN and event.pos is not None:
            tab = self.tabs.at(event.pos)
            tile = next((t for t in self.tiles if t.hit(event.pos)), None)
            if tab is not None:
                self.pick_chapter(int(tab.key))
            elif tile is not None:
                self.open(int(tile.key))
            elif self.back.hit(event.pos):
                self.host.pop()
            return
        if not self.chapters:
            return
        count = len(self.tiles)
        if self.focus < 0:  # on the tabs: left and right change the chapter, down enters the tiles
            if act in (Act.LEFT, Act.RIGHT):
                self.pick_chapter((self.chapter + (1 if act is Act.RIGHT else -1)) % len(self.chapters))
            elif act in (Act.DOWN, Act.CONFIRM):
                self.focus = 0
                self.relayout()
            return
        moves = {Act.LEFT: -1, Act.RIGHT: 1, Act.UP: -COLUMNS, Act.DOWN: COLUMNS}
        if act in moves:
            target = self.focus + moves[act]
            self.focus = -1 if target < 0 and act is Act.UP else max(0, min(count - 1, target))
            self.relayout()
        elif act is Act.CONFIRM:
            self.open(self.focus)

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.canvas.geo
        w, h = surface.get_size()
        surface.blit(felt(surface.get_size()), (0, 0))
        blit_text(surface, tr("puzzles.title"), geo.px(64), GOLD, (w // 2, geo.px(30)), "midtop", True, (60, 20, 0))
        if not self.chapters:
            blit_text(surface, tr("puzzles.no_puzzles"), geo.px(30), CREAM, (w // 2, h // 2), "center")
        self.tabs.draw(surface, geo.px(28))
        solved = self.stars.solved
        for tile, puzzle in zip(self.tiles, self.chapters[self.chapter].puzzles if self.chapters else (), strict=False):
            (label, tile.label), (hint, tile.hint) = (tile.label, ""), (tile.hint, "")
            tile.draw(surface, geo.px(22))  # the card; its words (two lines) and its key are laid out here
            tile.label, tile.hint = label, hint
            r = tile.rect
            if hint:  # by the star, clear of the name's two lines
                blit_text(surface, hint, geo.px(16), TILE_INK, (r.right - geo.px(50), r.y + geo.px(12)), "topright")
            blit_text(surface, str(int(tile.key) + 1), geo.px(20), TILE_INK, (r.x + geo.px(14), r.y + geo.px(10)))
            star(surface, (r.right - geo.px(26), r.y + geo.px(26)), geo.px(16), puzzle.id in solved, TILE_INK)
            for k, line in enumerate(wrap(label, geo.px(22), r.width - geo.px(28), True)[:2]):
                at = (r.centerx, r.y + geo.px(40) + k * geo.px(26))
                blit_text(surface, line, geo.px(22), (32, 28, 24), at, "midtop", True)
        if self.chapters:
            done = sum(p.id in solved for p in self.chapters[self.chapter].puzzles)
            count = tr("puzzles.solved_count", solved=done, total=len(self.chapters[self.chapter].puzzles))
            blit_text(surface, count, geo.px(26), CREAM, (w - geo.px(40), h - geo.px(68)), "midright")
        notes = [*self.refused, *([problems.sentence(self.stars.problem)] if self.stars.problem else [])]
        for k, note in enumerate(notes):
            blit_text(surface, note, geo.px(20), RED, (w // 2, h - geo.px(130) + k * geo.px(26)), "midtop")
        self.back.draw(surface, geo.px(26))


def dealt(hands: tuple[str, ...]) -> list[list[Card]]:
    """Each hand as cards to draw: suits are given out in turn per rank, so no two cards of the table look alike."""
    given = dict.fromkeys(range(len(RANK_INDEX)), 0)
    out = []
    for hand in hands:
        cards = []
        for ch in hand:
            rank = RANK_INDEX[ch]
            suit = None if rank in JOKERS else given[rank] % 4
            given[rank] += 1
            cards.append(Card(len(cards), rank, suit))
        out.append(cards)
    return out


class PuzzleTable(Scene):
    """One puzzle at the table: every hand face up, you to move, the defence by the solver."""

    name = "puzzle"

    def __init__(self, host: Host, chapter: Chapter, index: int) -> None:
        super().__init__(host)
        self.chapter = chapter
        self.stars = stars_of(host)
        self.row = Row()
        self.index = index
        self.start(index)

    # ----- state ---------------------------------------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        return self.chapter.puzzles[self.index]

    def start(self, index: int) -> None:
        """The puzzle's position as it was dealt: nothing played yet."""
        self.index = index
        puzzle = self.puzzle
        self.position: Position | None = puzzle.position()
        self.solver = Solver.of(self.position)
        beaten = () if puzzle.last is None else (puzzle.last[1],)
        self.cards = dealt((*puzzle.hands, *beaten))  # the play to beat is dealt too, so no card shows twice
        self.shown: dict[int, tuple[Move, list[Card], float]] = {}  # each seat's action of this round, its age
        if puzzle.last is not None:
            assert self.position.last is not None
            self.shown[puzzle.last[0]] = Move(puzzle.last[1], self.position.last), self.cards.pop(), SLIDE
        self.outcome: str | None = None  # "solved" or "failed"
        self.explanation = ""
        self.hint = ""
        self.solution = False
        self.wait = 0.0
        self.choice = 0
        self.relayout()

    def plays(self) -> list[Move]:
        """Your legal plays (not the pass), fewest cards first: the order ← → steps through."""
        if self.position is None or self.position.turn != YOU:
            return []
        found = [m for m in self.position.moves() if not m.is_pass]
        return sorted(found, key=lambda m: (len(m.text), m.reading.top if m.reading else 0, m.text))

    def chosen(self) -> Move | None:
        plays = self.plays()
        return plays[self.choice % len(plays)] if plays else None

    def your_turn(self) -> bool:
        """Is it for you to act? Not while the solution plays, nor once a wrong move has lost the hand."""
        position = self.position
        return position is not None and position.turn == YOU and not (self.solution or self.outcome or self.explanation)

    def act(self, move: Move) -> None:
        """Make `move` for the seat to move, with everything it says: a wrong move of yours is explained and the
        rest of the hand plays itself out; the end of the hand is solved or failed."""
        position = self.position
        assert position is not None
        seat = position.turn
        fresh = seat == YOU and not self.solution and self.outcome is None and not self.explanation
        if fresh and not self.solver.wins_after(position, move):
            self.explanation = self.wrong(position, move)
        if position.last is None:
            self.shown.clear()
        left = list(parse(move.text)) if not move.is_pass else [0] * len(RANK_INDEX)
        played: list[Card] = []
        kept: list[Card] = []
        for card in self.cards[seat]:
            if left[card.rank]:
                left[card.rank] -= 1
                played.append(card)
            else:
                kept.append(card)
        self.cards[seat] = kept
        self.shown[seat] = move, played, 0.0
        after = position.play(move)
        self.position = after
        self.hint = ""
        self.choice = 0
        self.wait = SOLUTION_STEP if self.solution else STEP
        if after is None:
            won = position.allied(YOU, seat)
            self.outcome = "solved" if won and not self.explanation else "failed"
            if self.outcome == "solved" and not self.solution:
                self.stars.add(self.puzzle.id)
        elif after.last is None:
            self.shown.clear()  # everybody passed: the round is over and its player leads again
        self.relayout()

    def wrong(self, position: Position, move: Move) -> str:
        """Where it went wrong: the play of the defence that took control after `move`."""
        refutation = refute(self.solver, position, move)
        said = self.said(move)
        if refutation.control is None:
            return tr("puzzles.wrong_no_control", move=said)
        seat, play = refutation.line[refutation.control]
        return tr("puzzles.wrong", move=said, who=self.who(seat), play=self.said(play))

    def said(self, move: Move) -> str:
        return tr("puzzles.a_pass") if move.reading is None else describe(move.reading)

    def role(self, seat: int) -> str:
        """A seat of this puzzle as the words name it: you, landlord, partner, farmer (two seats), after or before
        (the farmers of a three-seat landlord puzzle)."""
        puzzle = self.puzzle
        if seat == YOU:
            return "you"
        if seat == puzzle.landlord:
            return "landlord"
        if puzzle.landlord != YOU:
            return "partner"
        if len(puzzle.hands) == 2:
            return "farmer"
        return "after" if seat == 1 else "before"

    def who(self, seat: int) -> str:
        """'the landlord', 'the farmer after you', 'your partner': a seat in a sentence."""
        return tr(f"puzzles.who_{self.role(seat)}")

    def label(self, seat: int) -> str:
        """'Landlord', 'Farmer after you', 'Partner': a seat's badge."""
        return tr(f"puzzles.label_{self.role(seat)}")

    def goal(self) -> str:
        puzzle = self.puzzle
        if puzzle.allowance is not None:
            key = "puzzles.goal_heads_up" if puzzle.landlord == YOU else "puzzles.goal_allowance"
            return tr(key, allowance=puzzle.allowance)
        return tr("puzzles.goal_landlord" if puzzle.landlord == YOU else "puzzles.goal_farmer")

    def show_hint(self) -> None:
        if not self.your_turn():
            return
        assert self.position is not None
        found = self.solver.hint(self.position)
        if found is None:
            return
        move, line = found
        steps = [tr("puzzles.line_step", who=self.label(seat), play=self.said(m)) for seat, m in line]
        self.hint = tr("puzzles.hint_text", move=self.said(move), line=tr("puzzles.line_then").join(steps))
        plays = self.plays()
        if move in plays:
            self.choice = plays.index(move)
        self.relayout()

    def show_solution(self) -> None:
        self.start(self.index)
        self.solution = True
        self.wait = SOLUTION_STEP
        self.relayout()

    # ----- time and input ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for seat, (move, cards, age) in list(self.shown.items()):
            self.shown[seat] = move, cards, age + dt
        for b in self.row.buttons:
            b.hint = self.canvas.inputs.label(ACTS[b.key])
        if self.position is None or self.your_turn():
            return
        self.wait -= dt
        if self.wait <= 0:
            self.act(self.solver.best(self.position))

    def press(self, key: str) -> None:
        if key == "play":
            move = self.chosen()
            if move is not None and self.your_turn():
                self.act(move)
        elif key == "pass":
            if self.your_turn() and self.position is not None and self.position.last is not None:
                self.act(next(m for m in self.position.moves() if m.is_pass))
        elif key == "hint":
            self.show_hint()
        elif key == "solution":
            self.show_solution()
        elif key == "retry":
            self.start(self.index)
        elif key == "next":
            self.start((self.index + 1) % len(self.chapter.puzzles))
        elif key == "back":
            self.host.pop()

    def handle(self, event: Input) -> None:
        act = event.act
        if act is Act.MENU:
            self.host.pop()
            return
        if act is Act.POINTER_DOWN and event.pos is not None and self.your_turn():
            rank = self.card_at(event.pos)
            if rank is not None:
                self.pick_with(rank)
                return
        picked = self.row.react(event, {Act.UP: -1, Act.DOWN: 1})
        if picked:
            self.press(picked)
            return
        if picked == "":
            return
        if act in (Act.LEFT, Act.RIGHT) and self.your_turn():
            self.choice += 1 if act is Act.RIGHT else -1
            self.relayout()
            return
        keys = {a: k for k, a in ACTS.items()}
        if act is Act.CONFIRM:
            self.press("play" if self.your_turn() else "next" if self.outcome == "solved" else "retry")
        elif act in keys:
            self.press(keys[act])

    def pick_with(self, rank: int) -> None:
        """The next of your plays (after the one chosen) that holds a card of `rank`: clicking a card again steps
        through the plays it can be part of."""
        plays = self.plays()
        for k in range(1, len(plays) + 1):
            index = (self.choice + k) % len(plays)
            if parse(plays[index].text)[rank]:
                self.choice = index
                break
        self.relayout()

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for card, rect in reversed(self.hand_rects(YOU)):
            if rect.collidepoint(pos):
                return card.rank
        return None

    # ----- layout and drawing --------------------------------------------------------------------------------

    def relayout(self) -> None:
        geo = self.canvas.geo
        w = self.canvas.screen.get_width()
        specs = [
            ("play", tr("puzzles.play"), "play"),
            ("pass", tr("puzzles.pass"), "plain"),
            ("hint", tr("puzzles.hint"), "plain"),
            ("solution", tr("puzzles.solution"), "plain"),
            ("retry", tr("puzzles.retry"), "plain"),
            ("next", tr("puzzles.next"), "plain"),
            ("back", tr("puzzles.back"), "dark"),
        ]
        focused = self.row.focused()
        area = pygame.Rect(w - geo.px(250), geo.px(330), geo.px(220), 0)
        self.row = Row.stacked(area, specs, geo.px(64), geo.px(12))
        yours = self.your_turn()
        self.row.get("play").enabled = yours and self.chosen() is not None
        can_pass = yours and self.position is not None and self.position.last is not None
        self.row.get("pass").enabled = can_pass
        self.row.get("hint").enabled = yours
        if focused is not None and focused.key in {b.key for b in self.row.buttons if b.enabled}:
            self.row.get(focused.key).focus = True

    def art(self, seat: int) -> str:
        return "hand" if seat == YOU else "table"

    def zone(self, seat: int) -> tuple[pygame.Rect, str, float]:
        """A seat's hand zone, how its cards align in it and their step: yours along the bottom, the others' along
        the top (the seat before you on the left)."""
        geo = self.canvas.geo
        w, h = self.canvas.screen.get_size()
        size = self.canvas.art[self.art(seat)].size
        players = len(self.cards)
        if seat == YOU:
            zone = pygame.Rect(geo.px(60), h - size[1] - geo.px(40), w - geo.px(400), size[1])
            return zone, "center", size[0] * 0.55
        if players == 2:
            return pygame.Rect(geo.px(300), geo.px(150), w - geo.px(900), size[1]), "center", size[0] * 0.45
        half = (w - geo.px(400)) // 2
        x = geo.px(60) if seat == players - 1 else geo.px(60) + half + geo.px(40)
        zone = pygame.Rect(x, geo.px(150), half - geo.px(40), size[1])
        return zone, "left" if seat == players - 1 else "right", size[0] * 0.4

    def hand_rects(self, seat: int) -> list[tuple[Card, pygame.Rect]]:
        """Where each card of a seat's hand lies; the cards of your chosen play are raised."""
        geo = self.canvas.geo
        size = self.canvas.art[self.art(seat)].size
        cards = self.cards[seat]
        zone, align, step = self.zone(seat)
        places = row_positions(len(cards), zone, size, align, step)
        chosen = self.chosen()
        raise_by = [0] * len(cards)
        if seat == YOU and chosen is not None and self.your_turn():
            left = list(parse(chosen.text))
            for k, card in enumerate(cards):
                if left[card.rank]:
                    left[card.rank] -= 1
                    raise_by[k] = geo.px(30)
        return [
            (card, pygame.Rect(round(x), round(y) - lift, *size))
            for card, (x, y), lift in zip(cards, places, raise_by, strict=True)
        ]

    def play_spot(self, seat: int) -> tuple[int, int]:
        """The centre of where a seat's play of this round lies: yours above your hand, the seat before you on the
        left, the one after you on the right, with the message panel between them."""
        geo = self.canvas.geo
        w, h = self.canvas.screen.get_size()
        table_w = w - geo.px(300)
        if seat == YOU:
            return table_w // 2, h - geo.px(420)
        x = geo.px(320) if seat == len(self.cards) - 1 else table_w - geo.px(320)
        return x, geo.px(470)

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.canvas.geo
        w = surface.get_width()
        surface.blit(felt(surface.get_size()), (0, 0))
        title = f"{chapter_title(self.chapter)} · {puzzle_name(self.puzzle)}"
        blit_text(surface, title, geo.px(36), GOLD, (geo.px(60), geo.px(24)), bold=True, shadow=(40, 16, 0))
        star(surface, (w - geo.px(60), geo.px(46)), geo.px(24), self.puzzle.id in self.stars.solved)
        for k, line in enumerate(wrap(self.goal(), geo.px(22), w - geo.px(400))[:2]):
            blit_text(surface, line, geo.px(22), CREAM, (geo.px(60), geo.px(74) + k * geo.px(28)))
        for seat in range(len(self.cards)):
            self.draw_hand(surface, seat)
        for seat, (move, cards, age) in self.shown.items():
            self.draw_play(surface, seat, move, cards, age)
        self.draw_message(surface)
        self.row.draw(surface, geo.px(26))

    def draw_hand(self, surface: pygame.Surface, seat: int) -> None:
        geo = self.canvas.geo
        art = self.canvas.art[self.art(seat)]
        rects = self.hand_rects(seat)
        for card, rect in rects:
            surface.blit(art.shadow(), rect.move(geo.px(3), geo.px(4)))
            surface.blit(art.face(card), rect)
        zone, align, _ = self.zone(seat)
        badge = f"{self.label(seat)} · {cards_text(len(self.cards[seat]))}"
        color = GOLD if seat == self.puzzle.landlord else CREAM
        # The badge's panel holds its words and the turn dot: 250 px, wider when the words need it
        width = max(geo.px(250), text(badge, geo.px(22), color, bold=True).get_width() + geo.px(44))
        x = {"left": zone.x, "right": zone.right + geo.px(16) - width, "center": zone.centerx + geo.px(8) - width // 2}
        at = (x[align], zone.y - geo.px(70 if seat == YOU else 34))
        surface.blit(panel((width, geo.px(32)), 170, geo.px(12)), (at[0] - geo.px(8), at[1] - geo.px(2)))
        blit_text(surface, badge, geo.px(22), color, at, bold=True)
        if self.position is not None and self.position.turn == seat and not self.outcome:
            pygame.draw.circle(surface, GOLD, (at[0] + width - geo.px(18), at[1] + geo.px(14)), geo.px(8))

    def draw_play(self, surface: pygame.Surface, seat: int, move: Move, cards: list[Card], age: float) -> None:
        geo = self.canvas.geo
        cx, cy = self.play_spot(seat)
        rise = self.rise(seat, age)
        if move.is_pass:
            blit_text(surface, tr("puzzles.passed"), geo.px(34), MUTED, (cx, cy + rise), "center", True, (0, 0, 0))
            return
        art = self.canvas.art["table"]
        step = art.size[0] * 0.4
        total = art.size[0] + step * (len(cards) - 1)
        for k, card in enumerate(cards):
            at = (round(cx - total / 2 + k * step), cy - art.size[1] // 2 + rise)
            surface.blit(art.face(card), at)
        under = (cx, cy + art.size[1] // 2 + geo.px(6))
        blit_text(surface, describe(move.reading), geo.px(20), CREAM, under, "midtop", shadow=(0, 0, 0))

    def rise(self, seat: int, age: float) -> int:
        """How far a play `age` seconds old still has to slide in from its seat's side; none with reduced motion."""
        if self.host.table_settings.reduced_motion or age >= SLIDE:
            return 0
        return round((1 - age / SLIDE) * self.canvas.geo.px(40)) * (1 if seat == YOU else -1)

    def message(self) -> tuple[str, str, tuple[int, int, int]]:
        """The heading and the text of the panel in the middle, and the heading's colour."""
        if self.outcome == "solved" and not self.solution:
            done = sum(p.id in self.stars.solved for p in self.chapter.puzzles)
            return tr("puzzles.solved"), tr("puzzles.solved_body", solved=done, total=len(self.chapter.puzzles)), GOLD
        if self.outcome == "failed":
            return tr("puzzles.failed"), self.explanation, RED
        if self.solution:
            key = "puzzles.solution_done" if self.outcome else "puzzles.solution_playing"
            return tr("puzzles.solution"), tr(key), GOLD
        if self.explanation:
            return "", tr("puzzles.thinking"), CREAM
        if self.hint:
            return tr("puzzles.hint"), self.hint, GOLD
        if self.your_turn():
            position = self.position
            assert position is not None
            beat = ""
            if position.last is not None and position.last_seat in self.shown:
                play = self.said(self.shown[position.last_seat][0])
                beat = tr("puzzles.to_beat", play=play, who=self.who(position.last_seat)) + " "
            return "", beat + tr("puzzles.your_move"), CREAM
        return "", tr("puzzles.thinking"), CREAM

    def draw_message(self, surface: pygame.Surface) -> None:
        heading, text, color = self.message()
        if not heading and not text:
            return
        geo = self.canvas.geo
        w = surface.get_width()
        width = geo.px(660)
        lines = wrap(text, geo.px(24), width - geo.px(48))[:6]
        height = geo.px(32) + (geo.px(48) if heading else 0) + len(lines) * geo.px(32)
        box = pygame.Rect(0, 0, width, height)
        box.midtop = ((w - geo.px(300)) // 2, geo.px(320))
        surface.blit(panel(box.size, 190, geo.px(18)), box.topleft)
        y = box.y + geo.px(16)
        if heading:
            blit_text(surface, heading, geo.px(36), color, (box.centerx, y), "midtop", True, (0, 0, 0))
            y += geo.px(48)
        for line in lines:
            blit_text(surface, line, geo.px(24), CREAM, (box.centerx, y), "midtop")
            y += geo.px(32)


ACTS = {
    "play": Act.CONFIRM,
    "pass": Act.PASS,
    "hint": Act.SUGGEST,
    "solution": Act.AUTO,
    "retry": Act.CLEAR,
    "next": Act.SORT,
    "back": Act.MENU,
}


class PuzzleMaker:
    """ "Make a puzzle of this position" for a deal of the match (`span`, by default the latest): the search for a
    forced win the player missed runs in the bot pool (the screen never waits for it), the button shows once one is
    found, and pressing it adds the position to My puzzles."""

    def __init__(self, host: Host, match: Match | None, seat: int, span: DealSpan | None = None) -> None:
        self.host = host
        self.found: tuple[Proven, Source] | None = None
        self.note = ""
        self.made = False
        self.search: Future[tuple[Proven, Source] | None] | None = None
        if match is not None and not host.demo and solvable(match):  # a room's match is not held here: no search
            self.search = ask(host.pool, missed_win, match, seat, span)  # no worker: no button, nothing else lost

    def cancel(self) -> bool:
        """Withdraw a search the pool has not started (the bots need it more); True when one was withdrawn."""
        return self.search is not None and self.search.cancel()

    def update(self) -> bool:
        """True when the search has just found a missed win."""
        if self.search is None or not self.search.done():
            return False
        search, self.search = self.search, None
        try:
            self.found = search.result()
        except Exception:  # a search that failed in the worker (or was withdrawn) only means no button
            self.found = None
        return self.found is not None

    def button(self, rect: pygame.Rect) -> Button:
        made = Button("make", tr("puzzles.make"), rect, "hint")
        made.enabled = not self.made
        return made

    def make(self) -> None:
        if self.found is None or self.made:
            return
        own = mine.MyPuzzles(self.host.store.directory if self.host.store is not None else None)
        puzzle = own.add(*self.found)
        self.note = tr("puzzles.made", name=puzzle_name(puzzle)) if puzzle else tr("puzzles.made_before")
        if own.problem:
            self.note = problems.sentence(own.problem)
        self.made = True

    def draw(self, surface: pygame.Surface, at: tuple[int, int], size: int) -> None:
        if self.note:
            blit_text(surface, self.note, size, GOLD, at, "midbottom", shadow=(0, 0, 0))
