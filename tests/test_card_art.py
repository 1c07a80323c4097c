"""Card art: every face renders, jokers differ beyond colour, four-colour mode, caching, shadow and highlight."""

import hashlib

import numpy as np
import pygame
import pytest

from game.cards import BIG_JOKER, RANK_INDEX, SMALL_JOKER, Card, DeckSpec
from scenes.art.cards import CardArt, main

DECK = DeckSpec().build()
SIZES = ((42, 60), (126, 180), (210, 300))


@pytest.fixture
def screen():
    pygame.init()
    surface = pygame.display.set_mode((640, 480))
    yield surface
    pygame.quit()


def card(rank: str, suit: int | None) -> Card:
    return next(c for c in DECK if c.char == rank and c.suit == suit)


def ink(surface: pygame.Surface) -> np.ndarray:
    """Where the card is printed on (opaque, not near-white paper), as a boolean (x, y) mask; the grey edge is
    left out so that a blank card has no ink."""
    rgb = pygame.surfarray.array3d(surface).astype(int)
    alpha = pygame.surfarray.array_alpha(surface)
    mask = (alpha > 200) & (rgb.min(axis=2) < 190)
    edge = max(3, surface.get_width() // 20)
    mask[:edge, :] = mask[-edge:, :] = mask[:, :edge] = mask[:, -edge:] = False
    return mask


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


@pytest.mark.parametrize("size", SIZES)
def test_every_card_of_the_deck_renders_a_distinct_non_blank_face(screen, size):
    art = CardArt(*size)
    faces = [art.face(c) for c in DECK]
    assert all(f.get_size() == size for f in faces)
    for c, f in zip(DECK, faces, strict=True):
        assert ink(f).mean() > 0.03, f"{c.label} is nearly blank at {size}"
    assert len({digest(f) for f in faces}) == len(DECK)


def test_faces_are_cached_per_rank_and_suit(screen):
    art = CardArt(126, 180)
    two_decks = DeckSpec(decks=2).build()
    twins = [c for c in two_decks if c.rank == RANK_INDEX["7"] and c.suit == 1]
    assert len(twins) == 2 and twins[0].id != twins[1].id
    assert art.face(twins[0]) is art.face(twins[1])
    assert art.back() is art.back()


def test_cards_can_be_drawn_before_a_display_mode_is_set():
    pygame.init()
    try:
        assert ink(CardArt(70, 100).face(card("K", 0))).any()
    finally:
        pygame.quit()


def test_card_corners_are_rounded_and_transparent(screen):
    face = CardArt(126, 180).face(card("3", 0))
    assert face.get_at((0, 0)).a == 0 and face.get_at((125, 179)).a == 0
    assert face.get_at((63, 90)).a == 255


def test_rounded_corners_are_anti_aliased(screen):
    """Supersampled drawing leaves partly transparent pixels along the curve, not a jagged 0/255 edge."""
    face = CardArt(126, 180).face(card("8", 3))
    corner = pygame.surfarray.array_alpha(face)[:12, :12]
    assert ((corner > 0) & (corner < 255)).sum() >= 6


@pytest.mark.parametrize("size", SIZES)
def test_rank_index_is_printed_in_the_top_left_corner(screen, size):
    """A fanned hand shows only each card's left strip, so the index must be there and large."""
    w, h = size
    art = CardArt(w, h)
    for c in DECK:
        corner = ink(art.face(c))[: round(w * 0.3), : round(h * 0.25)]
        assert corner.any(axis=0).sum() >= h * 0.12, f"{c.label}: index shorter than 12% of the card height"


def test_jokers_differ_in_shape_not_only_colour(screen):
    art = CardArt(126, 180)
    small, big = ink(art.face(card("B", None))), ink(art.face(card("R", None)))
    overlap = (small & big).sum() / (small | big).sum()
    assert overlap < 0.5


def test_joker_corner_lettering_differs_beyond_colour(screen):
    """Colour-blind players read the corner: hollow JOKER for the small joker, solid for the big one."""
    art = CardArt(126, 180)
    corner = (slice(0, round(126 * 0.3)), slice(0, round(180 * 0.55)))  # the index column
    small = ink(art.face(Card(0, SMALL_JOKER, None)))[corner]
    big = ink(art.face(Card(0, BIG_JOKER, None)))[corner]
    assert small.any() and big.any()
    assert (small ^ big).sum() > 0.3 * big.sum()


def test_four_colour_mode_recolours_clubs_and_diamonds_only(screen):
    two, four = CardArt(126, 180), CardArt(126, 180, four_colour=True)
    for rank in "3TQA":
        assert digest(two.face(card(rank, 0))) == digest(four.face(card(rank, 0)))  # spades
        assert digest(two.face(card(rank, 1))) == digest(four.face(card(rank, 1)))  # hearts
        assert digest(two.face(card(rank, 2))) != digest(four.face(card(rank, 2)))  # clubs
        assert digest(two.face(card(rank, 3))) != digest(four.face(card(rank, 3)))  # diamonds


def main_ink(surface: pygame.Surface) -> tuple[int, ...]:
    """The commonest printed colour of a face."""
    pixels = pygame.surfarray.array3d(surface)[ink(surface)]
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    return tuple(colours[counts.argmax()])


def test_four_colour_suits_are_four_distinct_colours(screen):
    art = CardArt(126, 180, four_colour=True)
    assert len({main_ink(art.face(card("5", suit))) for suit in range(4)}) == 4


def test_back_is_patterned_and_unlike_any_face(screen):
    art = CardArt(126, 180)
    back = art.back()
    rgb = pygame.surfarray.array3d(back)[20:-20, 20:-20].reshape(-1, 3)
    assert len(np.unique(rgb, axis=0)) > 50  # a pattern, not a flat fill
    assert digest(back) not in {digest(art.face(c)) for c in DECK}


def test_shadow_is_soft_and_surrounds_the_card(screen):
    art = CardArt(126, 180)
    shadow, (dx, dy) = art.shadow(), art.shadow_offset
    w, h = shadow.get_size()
    assert w > 126 and h > 180 and dx < 0 and dy < 0
    centre, edge, corner = shadow.get_at((w // 2, h // 2)).a, shadow.get_at((w // 2, 2)).a, shadow.get_at((0, 0)).a
    assert centre > edge > corner


def test_highlight_is_a_translucent_card_shaped_overlay(screen):
    highlight = CardArt(126, 180).highlight()
    assert highlight.get_size() == (126, 180)
    assert 20 < highlight.get_at((63, 90)).a < 160
    assert highlight.get_at((0, 0)).a == 0


def test_every_face_is_drawn_once_and_then_reused(screen, monkeypatch):
    """No frame waits for card art: a face asked for again is the surface drawn the first time (its cost is printed
    by `python -m benchmarks.frames`)."""
    art = CardArt(126, 180)
    first, back = {c: art.face(c) for c in DECK}, art.back()
    monkeypatch.setattr(pygame.transform, "smoothscale", lambda *a, **k: pytest.fail("a card was drawn again"))
    assert all(art.face(c) is first[c] for c in DECK) and art.back() is back


def test_contact_sheet_command_writes_a_png_of_the_whole_deck(tmp_path):
    path = tmp_path / "sheet.png"
    main(["--sheet", str(path), "--heights", "60"])
    sheet = pygame.image.load(path)
    rows_of_cards = -(-len(DECK) // 14)
    assert sheet.get_height() > (rows_of_cards + 1) * 60  # every face row plus the fanned hand
    pygame.quit()
