"""A move at a wild-card table is played as written (issue 33; 003 "Wild-card Dou Dizhu": "A wild card played alone
keeps its printed rank"; RULES.md `wildcard`: "When a selection has several readings the player chooses"; README,
Wild cards: "a move without a stand-in is written as everywhere else"). "5557" with 7s wild is the triple 5s with a
single 7 and "5557=5555" the soft bomb, in `legal_moves`, `check`, `beats`, `Match.apply` and the bot dict API
alike: a move written without "=" never has a wild card standing for another rank."""

from __future__ import annotations

import copy
import random
from itertools import combinations_with_replacement

import pytest

from game import bots, wild
from game import rules as api
from game.actions import Play
from game.cards import normalize
from game.events import Doubled, Played
from game.kinds import Kind
from game.match import Match
from game.observe import observe
from game.reasons import IllegalAction
from game.rulesets import WILDCARD
from tests.kit.rules import of_type, position

W = "wildcard"


def wild_table(hands: list[str], wild_rank: str = "7", turn: int = 0) -> Match:
    """A wildcard match in the playing phase with these hands and wild rank, `turn` to lead."""
    match = position(hands, landlord=turn, ruleset=W)
    match.hand.wild = wild_rank
    return match


# ----- the outside referee's case ---------------------------------------------------------------------------------


def test_003_wild_card_a_move_without_equals_is_played_as_written_the_triple_with_a_single():
    assert {"5557", "5557=5555"} <= set(api.legal_moves("5557", ruleset=W, wild="7"))
    match = wild_table(["5557K", "3", "4"])
    events = match.apply(Play(0, "5557"))
    assert of_type(events, Played)[0].reading.kind is Kind.TRIPLE_SINGLE
    assert not of_type(events, Doubled) and match.multiplier == 1  # no soft bomb: the stake is not doubled
    assert match.hand.history == [(0, "5557")]
    assert match.hand.last.stands == "5557"  # the 7 played as a 7


def test_003_wild_card_the_soft_bomb_is_played_only_when_written_physical_equals_reading():
    match = wild_table(["5557K", "3", "4"])
    events = match.apply(Play(0, "5557=5555"))
    assert of_type(events, Played)[0].reading == api.classify("5557=5555", W, wild="7")[0]
    assert [e.reason for e in of_type(events, Doubled)] == ["soft_bomb"]
    assert match.hand.history == [(0, "5557=5555")]


def test_003_wild_card_following_a_bare_move_is_not_promoted_to_a_bomb_to_answer():
    match = wild_table(["39", "5557K", "4"], turn=0)
    match.apply(Play(0, "3"))
    refused = match.check(Play(1, "5557"))  # as written a triple with a single: no answer to a single
    assert refused is not None and refused.code == "different_shape"
    with pytest.raises(IllegalAction):
        match.apply(Play(1, "5557"))
    assert match.hand.history == [(0, "3")] and match.turn == 1  # untouched
    match.apply(Play(1, "5557=5555"))
    assert match.hand.last.reading.kind is Kind.BOMB


# ----- the text API -------------------------------------------------------------------------------------------------


def test_003_wild_card_check_and_beats_take_the_move_as_written():
    assert api.check("5557K", "5557", last="3", ruleset=W, wild="7").code == "different_shape"
    assert api.check("5557K", "5557=5555", last="3", ruleset=W, wild="7") is None
    assert api.check("5557K", "5557", last="4443", ruleset=W, wild="7") is None
    assert not api.beats("5557", "3", W, wild="7") and api.beats("5557=5555", "3", W, wild="7")
    assert api.beats("5557", "4443", W, wild="7")


def test_003_wild_card_a_play_to_beat_without_equals_is_read_as_written():
    assert api.last_reading("5557", W, wild="7").kind is Kind.TRIPLE_SINGLE
    assert api.last_reading("5557=5555", W, wild="7").kind is Kind.BOMB
    assert "3666" in api.legal_moves("3666", last="5557", ruleset=W, wild="7")  # a higher triple answers it
    assert api.legal_moves("3666", last="5557=5555", ruleset=W, wild="7") == ["pass"]  # a bomb it does not


def test_003_wild_card_cards_that_combine_only_with_a_stand_in_name_the_move_to_write():
    refused = api.check("34577", "34577", ruleset=W, wild="7")
    assert refused.code == "wild_unwritten" and refused.params == {"move": "34577=34567"}
    assert "34577=34567" in refused.text
    assert api.check("34577", "34577=34567", ruleset=W, wild="7") is None
    assert "34577" not in api.legal_moves("34577", ruleset=W, wild="7")
    with pytest.raises(ValueError, match="not a legal combination"):
        api.last_reading("5577", W, wild="7")
    match = wild_table(["5577", "3", "4"])
    with pytest.raises(IllegalAction, match="5577=5555"):
        match.apply(Play(0, "5577"))
    assert api.check("3468", "3468", ruleset=W, wild="7").code == "no_combination"  # no wild card: as before


def test_swap_three_the_extra_wild_card_stands_in_only_when_written():
    assert api.check("3W", "3W", ruleset="swap-three").params == {"move": "3W=33"}
    assert api.check("3W", "3W=33", ruleset="swap-three") is None
    assert api.check("W", "W", last="2", ruleset="swap-three") is None  # alone it is itself


# ----- every shape where a move without "=" and a stand-in reading share the same cards ----------------------------


def shared_shapes(naturals: str, wild_rank: str, most: int) -> dict[tuple[Kind, Kind], str]:
    """For every selection of up to `most` cards from `naturals` and the wild rank that holds both, whose cards read
    one way as written and another with a stand-in: (the kind as written, the stand-in's kind) -> one selection."""
    found: dict[tuple[Kind, Kind], str] = {}
    for size in range(2, most + 1):
        for cards in combinations_with_replacement(naturals + wild_rank, size):
            physical = normalize("".join(cards))
            if (
                max(physical.count(ch) for ch in physical) > 4
                or wild_rank not in physical
                or physical == wild_rank * size
            ):
                continue
            written = {s.reading for s in wild.as_written(physical, wild_rank, WILDCARD)}
            for stand in wild.stands(physical, wild_rank, WILDCARD):
                if written and stand.reading not in written:
                    found.setdefault((next(iter(written)).kind, stand.reading.kind), physical)
    return found


def test_003_wild_card_every_shape_shared_by_a_bare_move_and_a_stand_in_plays_each_move_as_written():
    shapes = {**shared_shapes("3456", "7", 8), **shared_shapes("89TJ", "7", 6)}  # runs up to 8 cards; 7-J or 8-Q
    known = {
        (Kind.TRIPLE_SINGLE, Kind.BOMB),  # 3337: triple 3s with a 7, or a soft bomb of 3s
        (Kind.TRIPLE_SINGLE, Kind.TRIPLE_SINGLE),  # 3777: triple 7s with a 3, or triple 3s with a 7
        (Kind.TRIPLE_PAIR, Kind.TRIPLE_PAIR),  # 33777
        (Kind.STRAIGHT, Kind.STRAIGHT),  # 789TJ: 7-J, or 8-Q with the 7 for a Q
        (Kind.PAIR_RUN, Kind.PAIR_RUN),  # 556677: 5-7, or 4-6
        (Kind.AIRPLANE, Kind.FOUR_TWO_SINGLES),  # 666777
        (Kind.FOUR_TWO_SINGLES, Kind.STRAIGHT),  # 347777
    }
    assert known <= set(shapes), sorted(shapes)
    for physical in shapes.values():
        match = wild_table([physical + "2", "B", "R"])
        moves = [m for m in match.legal_moves() if wild.split_move(m)[0] == physical]
        assert physical in moves and len(moves) > 1  # the move without "=" and at least one with a stand-in
        for move in moves:
            played = copy.deepcopy(match)
            reading = of_type(played.apply(Play(0, move)), Played)[0].reading
            assert played.hand.history == [(0, move)]
            assert reading in {s.reading for s in wild.as_written(move, "7", WILDCARD)}
            assert played.hand.last.stands == (wild.split_move(move)[1] or physical)
            assert api.check(physical + "2", move, ruleset=W, wild="7") is None


@pytest.mark.parametrize("seed", range(6))
def test_003_wild_card_every_listed_move_leading_and_following_is_played_as_its_text(seed):
    rng = random.Random(seed)
    pack = [ch for ch in "3456789TJQKA2" for _ in range(4) if ch != "7"]
    rng.shuffle(pack)
    hands = ["".join(pack[:5]) + "77", "".join(pack[5:11]) + "7", "".join(pack[11:17]) + "7"]
    match = wild_table(hands)
    for seat in range(2):
        moves = [m for m in match.legal_moves() if m != "pass"]
        for move in moves:
            played = copy.deepcopy(match)
            played.apply(Play(seat, move))
            assert played.hand.history[-1] == (seat, move)
        match.apply(Play(seat, rng.choice(moves)) if seat == 0 else match.choices(seat)[-1])


# ----- the bot dict API ---------------------------------------------------------------------------------------------


def test_003_wild_card_the_bot_dict_api_reads_a_bare_history_play_as_written():
    match = wild_table(["5557K", "888J3", "4"])
    match.apply(Play(0, "5557"))
    obs = observe(match, 1).to_bot_dict("normal")
    assert obs["history"] == [[0, "5557"]]
    move = bots.choose(obs)
    assert api.last_reading(move, W, wild="7").kind is Kind.TRIPLE_SINGLE  # a higher one: 5557 was no bomb
    assert api.check(obs["hand"], move, last="5557", ruleset=W, wild="7") is None
    match = wild_table(["5557K", "888J3", "4"])
    match.apply(Play(0, "5557=5555"))
    assert bots.choose(observe(match, 1).to_bot_dict("normal")) == "pass"  # nothing beats the soft bomb
