"""Move generation (`game.moves.legal` through `game.rules.legal_moves`): exact, complete, without duplicates."""

from __future__ import annotations

import pytest

from game.cards import normalize
from game.rules import PASS, legal_moves
from tests.kit.rules import brute_force_moves

TRICKY_HANDS = [
    "333444555666",  # several airplane readings of one selection
    "3334445555BR",  # a four beside a body, both jokers as candidate wings
    "33344455669BR",
    "666677779933",  # two fours: four with two pairs must use distinct pairs
    "6666BR39",
    "TTTJJJQQQKKKA",
    "QQQKKKAAA222",  # 2s may be wings, never body
    "3456789TJQKA2",
    "33445566778899",
    "2222BR",
]
LASTS = [
    "3", "99", "TTT", "3334", "33344", "34567", "3456789", "334455", "333444", "33344456", "3334445566",
    "366669", "33666699", "3333", "BR",
]  # fmt: skip


def plays(hand: str, last: str | None = None) -> list[str]:
    return [m for m in legal_moves(hand, last) if m != PASS]


@pytest.mark.parametrize("hand", TRICKY_HANDS)
def test_lead_moves_equal_the_brute_force_set(hand):
    assert set(plays(hand)) == brute_force_moves(hand)


@pytest.mark.parametrize("last", LASTS)
@pytest.mark.parametrize("hand", TRICKY_HANDS)
def test_follow_moves_equal_the_brute_force_set(hand, last):
    assert set(plays(hand, last)) == brute_force_moves(hand, last)


@pytest.mark.parametrize("hand", TRICKY_HANDS)
def test_lead_moves_have_no_duplicates(hand):
    found = plays(hand)
    assert len(found) == len(set(found))


@pytest.mark.parametrize("last", LASTS)
def test_follow_moves_have_no_duplicates(last):
    found = plays("333444555666777888BR", last)
    assert len(found) == len(set(found))


@pytest.mark.parametrize("hand", TRICKY_HANDS)
def test_moves_are_sorted_rank_strings(hand):
    assert all(move == normalize(move) for move in plays(hand))


def test_s07_lead_moves_of_a_small_hand_listed_from_the_rules():
    assert sorted(plays("33344")) == sorted(["3", "4", "33", "44", "333", "3334", "33344"])


def test_s08_answers_to_a_straight_are_exactly_the_higher_straights_of_that_length():
    assert plays("3456789TJQ", "34567") == ["45678", "56789", "6789T", "789TJ", "89TJQ"]


def test_s13_bombs_answer_anything_ordinary():
    assert plays("4444", "34567") == ["4444"]


def test_s13_only_higher_bombs_and_the_rocket_answer_a_bomb():
    assert set(plays("33334444BR", "3333")) == {"4444", "BR"}


def test_s13_nothing_answers_the_rocket():
    assert plays("2222", "BR") == []


def test_s12_four_with_two_pairs_never_pairs_its_own_rank():
    assert "66667777" not in plays("66667777")


def test_s11_airplane_wings_from_a_twenty_card_hand_match_brute_force():
    hand = "33344455566677788899"
    assert set(plays(hand, "33344456")) == brute_force_moves(hand, "33344456")
