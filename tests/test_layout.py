"""The table layout: assets/table.tmx provides every anchor, scales to the window and moves with the map."""

from pathlib import Path

import pygame
import pytest

from scenes.table.layout import DEFAULT_MAP, REQUIRED, LayoutError, load_layout


def test_map_provides_every_required_anchor():
    layout = load_layout()
    assert set(REQUIRED) <= set(layout.anchors)


@pytest.mark.parametrize(
    ("name", "renamed", "named"),
    [("kitty", "kitty_gone", "kitty"), ("kitty@4", "kitten@4", "kitten@4 replace nothing")],
    ids=["missing anchor", "override of nothing"],
)
def test_a_broken_anchor_is_named(tmp_path: Path, name: str, renamed: str, named: str):
    text = DEFAULT_MAP.read_text().replace(f'name="{name}"', f'name="{renamed}"')
    broken = tmp_path / "table.tmx"
    broken.write_text(text)
    with pytest.raises(LayoutError, match=named):
        load_layout(broken)


def test_reference_size_is_unscaled():
    fitted = load_layout().fit((1920, 1080))
    assert fitted["card_hand"].size == (150, 210)


def test_cards_scale_with_720p():
    fitted = load_layout().fit((1280, 720))
    assert fitted["card_hand"].size == (100, 140)


def test_right_anchor_keeps_its_distance_from_the_right_edge_at_4_3():
    wide, square = load_layout().fit((1920, 1080)), load_layout().fit((1440, 1080))
    scale = square.scale
    assert square["menu_button"].right == 1440 - round((1920 - wide["menu_button"].right) * scale)


def test_stretched_hand_zone_spans_both_margins_at_16_10():
    fitted = load_layout().fit((1920, 1200))
    hand = fitted["hand_south"]
    assert (hand.left, 1920 - hand.right) == (250, 250)
    assert hand.bottom == 1200 - (1080 - 1062)


def test_moving_an_object_in_the_map_moves_it_on_screen(tmp_path: Path):
    text = DEFAULT_MAP.read_text().replace('name="deck" type="point" x="960"', 'name="deck" type="point" x="1000"')
    moved = tmp_path / "table.tmx"
    moved.write_text(text)
    before = load_layout().fit((1920, 1080))["deck"].x
    after = load_layout(moved).fit((1920, 1080))["deck"].x
    assert after - before == 40


def test_unknown_anchor_edge_is_refused(tmp_path: Path):
    text = DEFAULT_MAP.read_text().replace('<property name="h" value="left"/>', '<property name="h" value="west"/>', 1)
    broken = tmp_path / "table.tmx"
    broken.write_text(text)
    with pytest.raises(LayoutError, match="west"):
        load_layout(broken)


SIZES = [(1280, 720), (1024, 768), (1440, 1080), (1920, 1200), (2560, 1080), (3840, 2160)]
APART = [  # pairs of table objects that must never overlap, whatever the window
    ("stake", "counter"),
    ("stake", "chip"),
    ("counter", "chip"),
    ("stake", "menu_button"),
    ("counter", "menu_button"),
    ("seat_south", "hand_south"),
    ("hand_south", "tools"),
    ("seat_west", "pile_west"),
    ("seat_east", "pile_east"),
    ("play_west", "play_east"),
    ("action_bar", "hand_south"),
]


@pytest.mark.parametrize("size", SIZES)
def test_every_anchor_stays_inside_the_window(size):
    fitted = load_layout().fit(size)
    window = pygame.Rect((0, 0), size)
    outside = [name for name in REQUIRED if not window.contains(fitted[name])]
    assert outside == []


@pytest.mark.parametrize("size", SIZES)
def test_table_objects_do_not_overlap(size):
    fitted = load_layout().fit(size)
    overlapping = [(a, b) for a, b in APART if fitted[a].colliderect(fitted[b])]
    assert overlapping == []
