"""The rules in the game: a paged summary of the standard rules (000) with examples drawn with the real cards, led
in a match by a page on how its ruleset differs (all-pass rule, cap, timers, the no-shuffle pack)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.cards import JOKERS, RANK_INDEX, Card
from game.rulesets import AllDecline, Ruleset
from scenes.input import Act, Input
from scenes.scene import Scene
from scenes.text import blit_text, text, wrap
from scenes.widgets import CREAM, GOLD, MUTED, Row, dim, panel

if TYPE_CHECKING:
    from scenes.game import Game


@dataclass(frozen=True)
class Page:
    title: str
    lines: tuple[str, ...]
    examples: tuple[tuple[str, str], ...] = ()  # (caption, rank string)


PAGES = (
    Page(
        "One landlord against two farmers",
        (
            "Three players race to empty their hands. The landlord plays alone; the two farmers win together "
            "when either of them goes out first (§1, §16).",
            "Each player gets 17 cards; 3 stay face down as the kitty. Bid No bid, 1, 2 or 3, each higher than "
            "the last; 3 ends the bidding. The highest bidder is the landlord and takes the kitty. If all decline, "
            "the cards are dealt again (§2-§3).",
            "Card order: 3 4 5 6 7 8 9 10 J Q K A 2, small joker, big joker. Suits never matter (§4).",
        ),
        (("The kitty goes to the landlord", "3QR"), ("Highest singles", "2BR")),
    ),
    Page(
        "Combinations",
        (
            "Single, pair, triple; a triple with one single or one pair; a straight of 5+ cards; a pair run of 3+ "
            "pairs; an airplane of 2+ consecutive triples, bare or with one single or one pair per triple; four "
            "with two singles or two pairs. No 2 or joker inside a straight, pair run or airplane (§5-§12).",
        ),
        (
            ("Triple with pair", "77799"),
            ("Straight", "34567"),
            ("Pair run", "334455"),
            ("Airplane with singles", "33344458"),
            ("Four with two", "666639"),
        ),
    ),
    Page(
        "Beating a play",
        (
            "Answer with the same shape and the same number of cards, and a higher main part: 888+3 beats "
            "777+A. A tie does not beat (§14).",
            "A bomb (four of a kind alone) beats any ordinary play; a higher bomb beats a lower one. The rocket "
            "(both jokers) beats everything (§13).",
            "You may always pass when following. When both others pass, the last player leads anything (§15).",
        ),
        (("Bomb", "KKKK"), ("Rocket", "BR"), ("888 + 3 …", "8883"), ("… beats 777 + A", "777A")),
    ),
    Page(
        "Scoring and the match",
        (
            "P = bid × 2 for every bomb or rocket played, and once more for a spring (the farmers never played) "
            "or a reverse spring (the landlord played only once) (§17-§19).",
            "The landlord wins 2P and each farmer pays P, or the other way round. Scores add up hand after hand; "
            "the first player to reach 30 points wins the match (§23).",
        ),
    ),
    Page(
        "Controls",
        (
            "Mouse: click a card to raise or lower it, drag across cards to pick a run, right-click to clear; "
            "then Play, Pass or Suggest.",
            "Keyboard: Space or Enter plays, P or Backspace passes, S or Tab suggests, R sorts, A toggles Auto, "
            "C the card counter, X clears; Left/Right move the cursor, Up/Down raise or lower; Esc opens the menu; "
            "F11 toggles full screen.",
            "Gamepad: A plays, B passes, X suggests, Y sorts, the D-pad moves and raises, Start opens the menu, "
            "Back toggles Auto, LB the counter, RB clears.",
        ),
    ),
)


def differences(rules: Ruleset) -> Page:
    """The page for one table's ruleset, spelled out from its options (so a new preset gets its page for free)."""
    lines = [f"{rules.title}: {rules.summary}"]
    if rules.all_decline is AllDecline.FIRST_BIDDER:
        lines.append("If everyone passes, the first bidder becomes the landlord at 1 point: no redeal.")
    else:
        lines.append("If everyone declines to bid, the cards are dealt again.")
    if rules.multiplier_cap:
        lines.append(f"The multiplier is capped at ×{rules.multiplier_cap}: bombs and springs past it add nothing.")
    else:
        lines.append("The multiplier has no cap.")
    if rules.turn_seconds and rules.deal_seconds:
        lines.append(
            f"Each turn has {rules.turn_seconds:g} s (the bar on the seat to act) and each deal "
            f"{rules.deal_seconds / 60:g} minutes (the clock under the score bar). When your time runs out, the "
            "Auto bot plays your turn; a deal unfinished at its limit ends with no winner and no score."
        )
    else:
        lines.append("No timers: take your time (Settings → Turn timers switches them on).")
    if rules.collect_pack:
        lines.append(
            "The first deal is shuffled. Play again collects the played cards in the order they were played, then "
            "the cards left in each hand, cuts the pack and deals it unshuffled: the last hand's shapes come back. "
            "A new match shuffles."
        )
    return Page(f"This table: {rules.title}", tuple(lines))


def example_cards(ranks: str) -> list[Card]:
    """Cards to draw for a rank string, suits varied as in a real hand."""
    seen: dict[str, int] = {}
    cards = []
    for ch in ranks:
        rank = RANK_INDEX[ch]
        k = seen[ch] = seen.get(ch, -1) + 1
        cards.append(Card(0, rank, None if rank in JOKERS else k % 4))
    return cards


class RulesHelp(Scene):
    name = "rules"
    overlay = True

    def __init__(self, game: Game, rules: Ruleset | None = None) -> None:
        """`rules`: the table's ruleset (timers as the table has them), whose differences lead; None from the title."""
        super().__init__(game)
        self.pages = PAGES if rules is None else (differences(rules), *PAGES)
        self.page = 0
        self.row = Row()

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        geo = self.game.geo
        box = geo["panel"]
        bar = pygame.Rect(box.x, box.bottom - geo.px(100), box.width, geo.px(70))
        specs = [("prev", "◀ Back", "plain"), ("close", "Close", "dark"), ("next", "Next ▶", "play")]
        self.row = Row.centered(bar, specs, geo.px(220), geo.px(30))

    def update(self, dt: float) -> None:
        self.row.get("prev").enabled = self.page > 0
        self.row.get("next").enabled = self.page < len(self.pages) - 1
        self.row.get("close").hint = self.game.inputs.label(Act.MENU)

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):
            self.game.pop()
        elif act in (Act.LEFT, Act.RIGHT):
            self.turn(-1 if act is Act.LEFT else 1)
        elif act is Act.CONFIRM:
            if self.page == len(self.pages) - 1:
                self.game.pop()
            else:
                self.turn(1)
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
        elif act is Act.POINTER_DOWN and (hit := self.row.at(event.pos)) is not None:
            if hit.key == "close":
                self.game.pop()
            else:
                self.turn(-1 if hit.key == "prev" else 1)

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.game.geo
        dim(surface)
        box = geo["panel"]
        surface.blit(panel(box.size, 252, geo.px(28)), box.topleft)
        page = self.pages[self.page]
        blit_text(surface, page.title, geo.px(46), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True)
        counter = f"{self.page + 1} / {len(self.pages)}"
        blit_text(surface, counter, geo.px(20), MUTED, (box.right - geo.px(30), box.y + geo.px(30)), "topright")
        y = box.y + geo.px(110)
        width = box.width - geo.px(100)
        for paragraph in page.lines:
            for line in wrap(paragraph, geo.px(26), width):
                y = blit_text(surface, line, geo.px(26), CREAM, (box.x + geo.px(50), y)).bottom + geo.px(2)
            y += geo.px(14)
        self._examples(surface, box, y + geo.px(10), page)
        self.row.draw(surface, geo.px(26))

    def _examples(self, surface: pygame.Surface, box: pygame.Rect, y: int, page: Page) -> None:
        geo, art = self.game.geo, self.game.art["table"]
        w, h = art.size
        step = round(w * 0.32)
        x = box.x + geo.px(50)
        for caption, ranks in page.examples:
            cards = example_cards(ranks)
            label = text(caption, geo.px(20), GOLD, True)
            span = max(w + step * (len(cards) - 1), label.get_width())
            if x + span > box.right - geo.px(40):
                x = box.x + geo.px(50)
                y += h + geo.px(60)
            surface.blit(label, (x, y))
            for k, card in enumerate(cards):
                surface.blit(art.face(card), (x + k * step, y + geo.px(30)))
            x += span + geo.px(50)
