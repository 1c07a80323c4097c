"""The rules screen: a paged summary of the standard rules (000) with examples drawn with the real cards, led
in a match by the pages of its ruleset (deal, auction, combinations, doubling and scoring, cap, timers, the pack) and
followed, from the title, by those of every preset."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.cards import JOKERS, RANK_INDEX, RANKS, Card, DeckSpec
from game.kinds import ALL_KINDS, Kind
from game.rulesets import RULESETS, AllDecline, Auction, Ruleset
from scenes.art.text import blit_text, text, wrap
from scenes.art.widgets import CREAM, GOLD, MODAL, MUTED, Row, dim, panel
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.words.i18n import tr
from scenes.words.wording import doubling_step, kind_name, rank_name, ruleset_summary, ruleset_title

if TYPE_CHECKING:
    from scenes.scene import Host


@dataclass(frozen=True)
class Page:
    title: str
    lines: tuple[str, ...]
    examples: tuple[tuple[str, str], ...] = ()  # (caption, rank string)


def standard_pages() -> tuple[Page, ...]:
    """The standard rules (000) and the controls, in the current language."""
    return (
        Page(
            tr("rulebook.roles_title"),
            (tr("rulebook.roles_race"), tr("rulebook.roles_bid"), tr("rulebook.roles_order")),
            ((tr("rulebook.kitty"), "3QR"), (tr("rulebook.highest"), "2BR")),
        ),
        Page(
            tr("rulebook.combos_title"),
            (tr("rulebook.combos"),),
            (
                (tr("rulebook.ex_triple_pair"), "77799"),
                (tr("rulebook.ex_straight"), "34567"),
                (tr("rulebook.ex_pair_run"), "334455"),
                (tr("rulebook.ex_airplane"), "33344458"),
                (tr("rulebook.ex_four_two"), "666639"),
            ),
        ),
        Page(
            tr("rulebook.beating_title"),
            (tr("rulebook.beating_same"), tr("rulebook.beating_bomb"), tr("rulebook.beating_pass")),
            (
                (tr("rulebook.ex_bomb"), "KKKK"),
                (tr("rulebook.ex_rocket"), "BR"),
                (tr("rulebook.ex_888"), "8883"),
                (tr("rulebook.ex_beats_777"), "777A"),
            ),
        ),
        Page(tr("rulebook.scoring_title"), (tr("rulebook.scoring_p"), tr("rulebook.scoring_match"))),
        Page(
            tr("rulebook.controls_title"),
            (tr("rulebook.controls_mouse"), tr("rulebook.controls_keys"), tr("rulebook.controls_pad")),
        ),
    )


def table_pages(rules: Ruleset, here: bool = True) -> tuple[Page, ...]:
    """The pages for one ruleset, spelled out from its options (so a new preset gets its pages for free): the deal
    and the auction, then play and scoring; one page when it all fits. `here`: the ruleset of the table being
    played, so its first page says "This table"; from the title every preset is named as it is."""
    title = ruleset_title(rules)
    heading = tr("rulepages.this_table", title=title) if here else title
    deal = [tr("rulepages.intro", title=title, summary=ruleset_summary(rules)), *_deal(rules), *_auction(rules)]
    play = [*_play(rules), *_wild(rules), *_scoring(rules)]
    examples = _examples(rules)
    if sum(len(line) for line in deal + play) < ONE_PAGE:
        return (Page(heading, (*deal, *play), examples),)
    return (
        Page(heading, tuple(deal)),
        Page(tr("rulepages.play_and_scoring", title=title), tuple(play), examples),
    )


ONE_PAGE = 900  # characters of text that leave room for a row of examples on one page
TEXT_SIZES = (26, 24, 22, 20)  # the page text's size at the reference window, largest first: a long page steps down


def _deal(rules: Ruleset) -> list[str]:
    """Players, decks, hands, kitty and unused cards, when the table is not the standard three with one deck."""
    if rules.players == 3 and rules.deck == DeckSpec():
        return []
    spec = rules.deck
    counts = {"players": rules.players, "cards": rules.deck_size, "hand": rules.hand_size, "kitty": rules.kitty_size}
    lines = [
        tr("rulepages.deal_decks", decks=spec.decks, **counts) if spec.decks > 1 else tr("rulepages.deal", **counts)
    ]
    if spec.removed_ranks:
        *most, last = [rank_name(RANK_INDEX[ch]) for ch in spec.removed_ranks]
        removed = f"{', '.join(most)}{tr('rulepages.and')}{last}" if most else last
        low = min(c.rank for c in spec.build())
        lines.append(tr("rulepages.removed", ranks=removed, low=rank_name(low)))
    if rules.unused_cards:
        lines.append(tr("rulepages.unused", unused=rules.unused_cards))
    farmers = rules.players - 1
    lines.append(tr("rulepages.one_farmer") if farmers == 1 else tr("rulepages.farmers", farmers=farmers))
    return lines


def _auction(rules: Ruleset) -> list[str]:
    if rules.auction is Auction.ROB:
        lines = [tr("rulepages.rob_order"), tr("rulepages.rob_back")]
        if rules.redeal_limit:
            lines.append(tr("rulepages.rob_redeal", limit=rules.redeal_limit))
        return lines
    if rules.auction is Auction.HANDICAP:
        lines = [tr("rulepages.handicap", robs=rules.max_robs)]
        if rules.allowance:
            lines.append(tr("rulepages.allowance", most=1 + (rules.max_robs or 0)))
        return lines
    if rules.all_decline is AllDecline.FIRST_BIDDER:
        return [tr("rulepages.first_bidder")]
    return [tr("rulepages.redeal")]


def _play(rules: Ruleset) -> list[str]:
    """Combinations and bombs that differ from the standard game."""
    lines = []
    if rules.kinds != ALL_KINDS:
        allowed = ", ".join(kind_name(k) for k in Kind if k in rules.kinds)
        banned = ", ".join(kind_name(k) for k in Kind if k not in rules.kinds)
        lines.append(tr("rulepages.kinds", allowed=allowed, banned=banned))
    low, high = rules.bomb_sizes
    if high > low:
        lines.append(tr("rulepages.big_bombs", low=low, high=high))
    if rules.deck.decks > 1:
        jokers = 2 * rules.deck.decks
        key = "rulepages.rocket_joker_pairs" if rules.joker_pairs else "rulepages.rocket_all"
        lines.append(tr(key, jokers=jokers))
    return lines


def _wild(rules: Ruleset) -> list[str]:
    """The swap and the wild cards (003 swap-three, wildcard), and the doublings worth more than ×2."""
    lines = [tr("rulepages.swap", count=rules.swap_cards)] if rules.swap_cards else []
    if rules.wild_rank:
        lines.append(tr("rulepages.wild_rank"))
    if rules.deck.extra_wild:
        lines.append(tr("rulepages.extra_wild"))
    if rules.wilds:
        lines += [tr("rulepages.wild_stands"), tr("rulepages.wild_bombs"), tr("rulepages.wild_choose")]
    if rules.factors:  # as the settlement lists them: the bigger factors first
        made = [*dict(rules.factors), *(d for d in WILD_TABLE_DOUBLINGS if d not in dict(rules.factors))]
        steps = [doubling_step(d, rules.factor(d)) for d in made]
        lines.append(tr("rulepages.factors", steps=" · ".join(steps)))
    return lines


WILD_TABLE_DOUBLINGS = ("bomb", "wild_bomb", "rocket", "soft_bomb", "spring", "reverse_spring")


def _scoring(rules: Ruleset) -> list[str]:
    lines = []
    if rules.double_phase:
        lines.append(tr("rulepages.double"))
    if rules.show_hand:
        lines.append(tr("rulepages.show"))
    if rules.share_cap:
        lines += [tr("rulepages.springs"), tr("rulepages.share", base=rules.base, cap=rules.share_cap)]
        lines.append(tr("rulepages.share_example"))
    elif rules.players != 3:
        farmers = rules.players - 1
        lines.append(tr("rulepages.one_share") if farmers == 1 else tr("rulepages.shares", farmers=farmers))
    if rules.multiplier_cap:
        lines.append(tr("rulepages.cap", cap=rules.multiplier_cap))
    else:
        lines.append(tr("rulepages.no_cap"))
    if rules.turn_seconds and rules.deal_seconds:
        lines.append(tr("rulepages.timers", turn=f"{rules.turn_seconds:g}", deal=f"{rules.deal_seconds / 60:g}"))
    else:
        lines.append(tr("rulepages.no_timers"))
    if rules.collect_pack:
        lines.append(tr("rulepages.pack"))
    return lines


def _examples(rules: Ruleset) -> tuple[tuple[str, str], ...]:
    """Cards that show what this table changes: the lowest runs without the removed ranks, big bombs, the rocket."""
    out: list[tuple[str, str]] = []
    if rules.deck.removed_ranks:
        ranks = sorted({c.rank for c in rules.deck.build() if c.rank < RANK_INDEX["2"]})
        chars = "".join(RANKS[r] for r in ranks)
        pairs = "".join(2 * ch for ch in chars[:3])
        out += [(tr("rulepages.ex_lowest_straight"), chars[:5]), (tr("rulepages.ex_lowest_pair_run"), pairs)]
    low, high = rules.bomb_sizes
    if high > low:
        out += [(tr("rulepages.ex_bigger_bomb", n=low + 2), "5" * (low + 2))]
        out += [(tr("rulepages.ex_smaller_bomb", n=low + 1), "2" * (low + 1))]
    if rules.deck.decks > 1:
        out.append(
            (tr("rulepages.ex_rocket", jokers=2 * rules.deck.decks), "B" * rules.deck.decks + "R" * rules.deck.decks)
        )
    return tuple(out)


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

    def __init__(self, host: Host, rules: Ruleset | None = None) -> None:
        """`rules`: the table's ruleset (timers as the table has them), whose pages lead; None from the title, which
        follows the standard rules with the pages of every other preset."""
        super().__init__(host)
        self.rules = rules
        self.pages = self.written()
        self.page = 0
        self.row = Row()
        self.bottom = 0  # where the page drawn last ends: it must stay above the buttons

    def written(self) -> tuple[Page, ...]:
        """The pages in the current language: the table's ruleset first, or from the title the standard rules and
        then every other preset."""
        if self.rules is None:
            others = [page for r in RULESETS.values() if r.name != "standard" for page in table_pages(r, here=False)]
            return (*standard_pages(), *others)
        return (*table_pages(self.rules), *standard_pages())

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        geo = self.canvas.geo
        self.pages = self.written()  # a new language lays every scene out again
        box = geo["panel"]
        bar = pygame.Rect(box.x, box.bottom - geo.px(100), box.width, geo.px(70))
        specs = [
            ("prev", tr("rulebook.prev"), "plain"),
            ("close", tr("rulebook.close"), "dark"),
            ("next", tr("rulebook.next"), "play"),
        ]
        self.row = Row.centered(bar, specs, geo.px(220), geo.px(30))

    def update(self, dt: float) -> None:
        self.row.get("prev").enabled = self.page > 0
        self.row.get("next").enabled = self.page < len(self.pages) - 1
        labels = self.canvas.inputs
        for key, act in (("prev", Act.LEFT), ("close", Act.MENU), ("next", Act.RIGHT)):
            self.row.get(key).hint = labels.label(act)

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):
            self.host.pop()
        elif act in (Act.LEFT, Act.RIGHT):
            self.turn(-1 if act is Act.LEFT else 1)
        elif act is Act.CONFIRM:
            if self.page == len(self.pages) - 1:
                self.host.pop()
            else:
                self.turn(1)
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
        elif act is Act.POINTER_DOWN and (hit := self.row.at(event.pos)) is not None:
            if hit.key == "close":
                self.host.pop()
            else:
                self.turn(-1 if hit.key == "prev" else 1)

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.canvas.geo
        dim(surface)
        box = geo["panel"]
        surface.blit(panel(box.size, MODAL, geo.px(28)), box.topleft)
        page = self.pages[self.page]
        counter = f"{self.page + 1} / {len(self.pages)}"
        counter_at = blit_text(
            surface, counter, geo.px(20), MUTED, (box.right - geo.px(30), box.y + geo.px(30)), "topright"
        )
        room = 2 * (counter_at.left - geo.px(16) - box.centerx)  # centred and clear of the page counter
        size = geo.px(46)
        while size > geo.px(28) and text(page.title, size, GOLD, True).get_width() > room:
            size -= max(1, geo.px(2))
        blit_text(surface, page.title, size, GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True)
        y = box.y + geo.px(110)
        size, lines = self._fitted(page, box)
        for line in lines:
            if line is None:  # between paragraphs
                y += geo.px(14)
                continue
            y = blit_text(surface, line, size, CREAM, (box.x + geo.px(50), y)).bottom + geo.px(2)
        self.bottom = self._examples(surface, box, y + geo.px(10), page) if page.examples else y
        self.row.draw(surface, geo.px(26))

    def _fitted(self, page: Page, box: pygame.Rect) -> tuple[int, list[str | None]]:
        """The text size and wrapped lines (None between paragraphs) of a page: 26 px at the reference size, smaller
        for a long page (or a language that wraps longer) so the text and its examples end above the buttons."""
        geo = self.canvas.geo
        width = box.width - geo.px(100)
        room = self.row.buttons[0].rect.top - box.y - geo.px(130) if self.row.buttons else box.height
        if page.examples:
            room -= geo.px(10) + self._examples_height(page, box)
        for reference in TEXT_SIZES:
            size = geo.px(reference)
            lines: list[str | None] = []
            for paragraph in page.lines:
                lines += [*wrap(paragraph, size, width), None]
            height = sum(text(line, size, CREAM).get_height() + geo.px(2) for line in lines if line is not None)
            if height + geo.px(14) * len(page.lines) <= room:
                break
        return size, lines

    def _example_spots(self, page: Page, box: pygame.Rect) -> list[tuple[int, int]]:
        """(left edge, row) of each example: side by side, a new row when the next would pass the panel's edge."""
        geo, (w, _) = self.canvas.geo, self.canvas.art["table"].size
        spots, row, x = [], 0, box.x + geo.px(50)
        for caption, ranks in page.examples:
            span = max(w + round(w * 0.32) * (len(ranks) - 1), text(caption, geo.px(20), GOLD, True).get_width())
            if x + span > box.right - geo.px(40) and x > box.x + geo.px(50):
                row, x = row + 1, box.x + geo.px(50)
            spots.append((x, row))
            x += span + geo.px(50)
        return spots

    def _examples_height(self, page: Page, box: pygame.Rect) -> int:
        rows = 1 + max(row for _, row in self._example_spots(page, box))
        h = self.canvas.art["table"].size[1]
        return rows * (self.canvas.geo.px(30) + h) + (rows - 1) * self.canvas.geo.px(30)

    def _examples(self, surface: pygame.Surface, box: pygame.Rect, y: int, page: Page) -> int:
        """Draw the page's example plays; returns where the last row ends."""
        geo, art = self.canvas.geo, self.canvas.art["table"]
        w, h = art.size
        spots = self._example_spots(page, box)
        for (caption, ranks), (x, row) in zip(page.examples, spots, strict=True):
            top = y + row * (h + geo.px(60))
            surface.blit(text(caption, geo.px(20), GOLD, True), (x, top))
            for k, card in enumerate(example_cards(ranks)):
                surface.blit(art.face(card), (x + k * round(w * 0.32), top + geo.px(30)))
        return y + self._examples_height(page, box)
