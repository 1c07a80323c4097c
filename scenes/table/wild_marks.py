"""Wild-card marks drawn at the table (RULESETS `wildcard`, `swap-three`): the wild rank under the stake plate for the
whole hand, the gold mark on every wild card's face with the rank a played one stood for, and the seats that have picked
their swap. What to mark comes from `stand_ins`, read from the table's view."""

from __future__ import annotations

import pygame

from game.view import Observation, Phase
from scenes.art.cache import cache
from scenes.art.cards import CardArt
from scenes.art.text import text
from scenes.art.widgets import CREAM, GOLD, panel, zoomed
from scenes.art.wild import stand_tag, wild_mark
from scenes.table.layout import Fitted
from scenes.table.marks import badge
from scenes.table.stand_ins import is_wild, wild_face
from scenes.words.i18n import language, tr

TILES = cache("wild tiles", mib=1)  # the wild card tile beside the kitty, per rank, size and language


def mark_card(
    surface: pygame.Surface,
    view: Observation,
    card: int,
    at: tuple[int, int],
    size: tuple[int, int],
    tags: dict[int, str],
) -> None:
    """A face-up card's wild marks at `at`: the gold rim and star of a wild card, and its stand-in tag (`tags`, from
    `stood_for`) once played as another rank."""
    if not is_wild(view, view.deck[card]):
        return
    surface.blit(wild_mark(size), at)
    if card in tags:
        surface.blit(stand_tag(size, tags[card]), at)


def draw_wild_hud(surface: pygame.Surface, geo: Fitted, view: Observation, art: CardArt, pop: float) -> None:
    """The wild rank for the whole hand, under the stake plate's base: "Wild" beside a small marked card of that
    rank; as it is drawn it pops (`pop` from 1 down to 0; always 0 with reduced motion)."""
    card = wild_face(view)
    if card is None:
        return
    w, h = art.size
    pad = geo.px(8)
    label = text(tr("wild.hud"), geo.px(22), GOLD, True)
    size = (label.get_width() + w + 3 * pad, h + 2 * pad)

    def make() -> pygame.Surface:
        tile = panel(size, 190, geo.px(12)).copy()
        tile.blit(label, label.get_rect(midleft=(pad, size[1] // 2)))
        at = (label.get_width() + 2 * pad, pad)
        tile.blit(art.face(card), at)
        tile.blit(wild_mark(art.size), at)
        return tile

    tile = TILES.get((card.rank, size, language(), id(art)), make)
    image = zoomed(tile, 1 + 0.5 * pop)
    plate, kitty = geo["stake"], geo["kitty"]
    centre = ((plate.left + kitty.left) // 2, plate.bottom + geo.px(8) + size[1] // 2)
    surface.blit(image, image.get_rect(center=centre))
    if pop > 0:
        pygame.draw.rect(surface, CREAM, image.get_rect(center=centre), geo.px(3), geo.px(12))


def draw_swap_tag(surface: pygame.Surface, geo: Fitted, view: Observation, seat: int, box: pygame.Rect) -> None:
    """While seats pick their swap (003 swap-three): a tick in the box's corner once this seat has picked; what it
    picked stays secret."""
    if view.phase is not Phase.SWAPPING or seat in view.waiting:
        return
    image = badge("decided", geo.px(25))
    surface.blit(image, image.get_rect(center=(box.right - geo.px(8), box.top + geo.px(8))))
