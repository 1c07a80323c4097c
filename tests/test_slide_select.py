"""Slide-select (scenes/table/slide.py): a drag over the sorted hand raises the longest legal chain in the range,
one card of each rank it needs (000's straight, pair run and airplane), and a plain range otherwise."""

import pygame
import pytest

from game.cards import RANK_INDEX, normalize
from game.rulesets import STANDARD
from scenes.table.slide import slide_pick
from tests.kit.app import steps
from tests.kit.play import play_until

DECK = STANDARD.deck.build()


def cards(ranks: str) -> list:
    """Cards of these ranks, the copies of a rank in different suits, in the order given."""
    used: set[int] = set()
    out = []
    for ch in ranks:
        card = next(c for c in DECK if c.rank == RANK_INDEX[ch] and c.id not in used)
        used.add(card.id)
        out.append(card)
    return out


def picked(ranks: str) -> str:
    return normalize("".join(c.char for c in slide_pick(cards(ranks), STANDARD)))


@pytest.mark.parametrize(
    ("dragged", "raised"),
    [
        ("34456778899TJ", "3456789TJ"),  # a straight: the duplicates stay down
        ("345566778", "345678"),
        ("33445566", "33445566"),  # a pair run beats the shorter straight 3456
        ("3344556789", "3456789"),  # ...but a longer straight beats it
        ("333444555", "333444555"),  # an airplane
        ("34567", "34567"),
        ("3455", "3455"),  # no chain: the plain range
        ("TJQKA22", "TJQKA"),  # 2 never joins a straight
        ("JQKA2BR", "JQKA2BR"),  # no legal chain of five: the plain range
        ("5556677", "556677"),
    ],
)
def test_000_drag_raises_the_longest_legal_chain(dragged, raised):
    assert picked(dragged) == raised


def test_the_duplicates_left_down_are_the_later_copies():
    dragged = cards("344567")
    assert [c.id for c in slide_pick(dragged, STANDARD)] == [dragged[i].id for i in (0, 1, 3, 4, 5)]


def test_a_drag_at_the_table_raises_the_straight_not_the_range(app):
    from game.match import Match, Phase
    from scenes.flow import open_session, show

    match = play_until(Match("standard", 1), lambda m: m.phase is Phase.PLAYING)
    session = open_session(app, match)
    show(app, session)
    steps(app, 60)
    scene = app.scene
    hand = session.cards.board.hand
    scene.drag = (0, len(hand) - 1)
    scene._release_drag()
    chosen = [c for c in hand if c in session.cards.selected]
    expected = slide_pick([match.deck[c] for c in hand], match.rules)
    assert sorted(chosen) == sorted(c.id for c in expected) and 5 <= len(chosen) < len(hand)
    pygame.event.clear()


def test_a_drag_released_after_the_hand_shrank_under_it_raises_nothing(app):
    """Found by the issue 15 soak: a drag begun on the last cards of a hand that then got shorter ended the game
    with an IndexError when released."""
    from game.match import Match, Phase
    from scenes.flow import open_session, show

    session = open_session(app, play_until(Match("standard", 1), lambda m: m.phase is Phase.PLAYING))
    show(app, session)
    steps(app, 60)
    hand = session.cards.board.hand
    app.scene.drag = (len(hand) - 2, len(hand))
    app.scene._release_drag()
    assert app.scene.drag is None and not session.cards.selected
    pygame.event.clear()
