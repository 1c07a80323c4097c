"""Cards and deck options (000 §2, §4; RULES.md presets): the pack a ruleset's DeckSpec builds."""

from collections import Counter

import pytest

from game.cards import CARD_CHARS, RANKS, SUITS, WILD, DeckSpec, normalize, parse, render


def test_s02_one_deck_is_54_cards_with_both_jokers():
    deck = DeckSpec().build()
    assert len(deck) == 54
    assert Counter(c.char for c in deck) == {**{ch: 4 for ch in RANKS[:13]}, "B": 1, "R": 1}


def test_s04_suits_are_display_only_and_jokers_have_none():
    deck = DeckSpec().build()
    assert {c.suit for c in deck if c.char in "BR"} == {None}
    assert Counter(c.suit for c in deck if c.suit is not None) == {s: 13 for s in range(len(SUITS))}


def test_card_ids_are_positions_in_the_pack():
    deck = DeckSpec(decks=2).build()
    assert [c.id for c in deck] == list(range(108))


def test_two_decks_double_every_card_including_the_jokers():
    deck = DeckSpec(decks=2).build()
    assert Counter(c.char for c in deck) == {**{ch: 8 for ch in RANKS[:13]}, "B": 2, "R": 2}


def test_removed_ranks_leave_46_cards_for_the_two_player_pack():
    deck = DeckSpec(removed_ranks="34").build()
    assert len(deck) == 46 and not {"3", "4"} & {c.char for c in deck}


def test_an_extra_wild_card_is_a_card_of_its_own_outside_the_playing_ranks():
    deck = DeckSpec(extra_wild=1).build()
    assert len(deck) == 55
    wild = deck[-1]
    assert wild.rank == WILD and wild.suit is None and wild.char == CARD_CHARS[WILD] == "W"
    assert wild.label == "wild card"


def test_rank_strings_round_trip_through_counts_in_canonical_order():
    assert render(parse("R2AKQJT98765433B")) == "33456789TJQKA2BR"
    assert normalize("BR3") == "3BR"


def test_unknown_rank_characters_are_refused():
    with pytest.raises(ValueError, match="unknown rank"):
        parse("3X")
