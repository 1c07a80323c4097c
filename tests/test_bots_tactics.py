"""Bot tactics (issue 4): farmer teamwork, blocking a landlord about to go out, bombs, bids, explained
suggestions, and end-game puzzles with a known winning line that `hard` finds."""

from __future__ import annotations

import random

import pytest

from game.bots import bid, choose
from game.bots.endgame import Solver, candidate_moves, search
from game.bots.levels import level_of
from game.bots.reasons import Suggestion
from game.bots.suggest import alternatives
from game.bots.table import Table, observation_from_dict, pack_counts, table_of
from game.bots.think import think
from game.cards import parse, subtract
from game.combos import classify
from game.kinds import Kind
from game.match import Phase, deal_cards
from game.rulesets import STANDARD


def obs(
    seat: int,
    hand: str,
    history: list[list[object]],
    sizes: list[int],
    level: str = "normal",
    ruleset: str = "standard",
    **extra: object,
) -> dict:
    """A playing-phase observation with seat 0 as the landlord; `extra` adds keys such as the allowance."""
    return {
        "ruleset": ruleset,
        "seat": seat,
        "landlord": 0,
        "hand": hand,
        "history": history,
        "kitty": "",
        "hand_sizes": sizes,
        "level": level,
        **extra,
    }


def suggestions(o: dict) -> list[Suggestion]:
    return alternatives(table_of(observation_from_dict(o, Phase.PLAYING)), level_of(o["level"]))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_s16_farmer_leaves_partners_play_alone_once_the_landlord_passed(level: str) -> None:
    history = [[0, "3"], [1, "pass"], [2, "9"], [0, "pass"]]
    assert choose(obs(1, "TJQKA2678", history, [16, 9, 16], level)) == "pass"


def test_s16_farmer_does_not_overtake_partner_with_a_card_the_landlord_can_beat() -> None:
    history = [[0, "3"], [1, "8"]]
    assert choose(obs(2, "39JQ556677", history, [16, 16, 10])) == "pass"


def test_s16_farmer_overtakes_partner_when_the_landlord_on_two_cards_could_beat_it() -> None:
    history = [[0, "3"], [1, "5"]]
    assert choose(obs(2, "4KR", history, [2, 10, 3])) == "R"


@pytest.mark.parametrize("hand", ["3477", "347799JJ", "34TTQQ", "3459TTT"])
def test_s16_never_leads_a_single_the_landlord_on_one_card_can_take(hand: str) -> None:
    move = choose(obs(1, hand, [[0, "3"], [1, "pass"], [2, "pass"]], [1, len(hand), 10]))
    assert classify(parse(move), STANDARD)[0].kind is not Kind.SINGLE


def test_s16_with_only_singles_left_leads_the_one_the_landlord_on_one_card_cannot_beat() -> None:
    assert choose(obs(1, "3R", [[0, "4"], [1, "pass"], [2, "pass"]], [1, 2, 10])) == "R"


def test_s16_feeds_the_partner_on_one_card_the_lowest_single() -> None:
    assert choose(obs(1, "38TTKKA", [[0, "4"], [1, "pass"], [2, "pass"]], [10, 7, 1])) == "3"


def test_s16_blocks_the_landlord_on_one_card_with_the_hardest_single() -> None:
    assert choose(obs(1, "TK2", [[0, "9"]], [1, 3, 10])) == "2"


def test_s13_bombs_when_the_landlord_is_about_to_go_out() -> None:
    assert choose(obs(1, "335555789", [[0, "QQ"]], [2, 9, 10])) == "5555"


def test_s13_keeps_the_bomb_on_an_early_single() -> None:
    assert choose(obs(1, "346895555", [[0, "K"]], [16, 9, 17])) == "pass"


def test_s3_bids_three_with_a_monster_hand() -> None:
    assert bid({"ruleset": "standard", "seat": 0, "hand": "BR2222AAKKQQJJ345", "bids": []}) == 3


def test_s3_declines_a_weak_hand() -> None:
    assert bid({"ruleset": "standard", "seat": 0, "hand": "3345678TJQK34679T", "bids": []}) == 0


def test_s3_bids_three_on_a_long_straight_with_one_two() -> None:
    # Expected points per bid point are positive for this hand, so the top bid pays most.
    assert bid({"ruleset": "standard", "seat": 0, "hand": "33456789TJQKA2456", "bids": []}) == 3


def test_s3_easy_opens_with_the_lowest_bid_where_normal_bids_three() -> None:
    obs = {"ruleset": "standard", "seat": 0, "hand": "33456789TJQKA2456", "bids": []}
    assert (bid(obs | {"level": "easy"}), bid(obs | {"level": "normal"})) == (1, 3)


def test_s3_outbids_a_lower_bid_with_a_favoured_hand() -> None:
    assert bid({"ruleset": "standard", "seat": 1, "hand": "33456789TJQKA2456", "bids": [[0, 2]]}) == 3


def test_s21_suggestion_explains_keeping_the_bomb() -> None:
    first = suggestions(obs(0, "3579999", [], [7, 17, 17]))[0]
    assert (first.move, first.text) == ("3", "Keeps your bomb and leaves three plays.")


def test_s21_suggestion_explains_blocking_the_landlord_on_one_card() -> None:
    first = suggestions(obs(1, "3477", [[0, "5"], [1, "pass"], [2, "pass"]], [1, 4, 10]))[0]
    assert (first.move, first.key, first.params) == ("77", "blocks_single", {"enemy": 0, "cards": 1, "play": "77"})
    assert first.text == "Seat 1 has one card: play 77, never a single it can take."


def test_s21_suggest_cycles_through_distinct_alternatives() -> None:
    found = suggestions(obs(0, "3456789TJQKK22", [], [14, 17, 17]))
    assert len(found) > 1
    assert len({s.move for s in found}) == len(found)


# ----- end-game puzzles: seat 0 is the landlord, whose hand the farmer knows from the kitty ------------

PUZZLES = [
    # (landlord, me: farmer seat 1 to lead, partner seat 2, the only winning lead)
    ("Q2", "336", "57799", "33"),  # the pair lets the partner's 99 take over; a single is topped by Q or 2
    ("69TTA", "39JQ", "345", "9"),
    ("4622", "4558TJ", "5JKK", "55"),
]


def puzzle_table(landlord: str, me: str, partner: str) -> Table:
    hands = (parse(landlord), parse(me), parse(partner))
    played = subtract(subtract(subtract(pack_counts(STANDARD), hands[0]), hands[1]), hands[2])
    unseen = subtract(subtract(pack_counts(STANDARD), hands[1]), played)
    sizes = tuple(sum(h) for h in hands)
    return Table(STANDARD, 1, 0, hands[1], sizes, None, None, unseen, hands[0], ())


@pytest.mark.parametrize(("landlord", "me", "partner", "winning"), PUZZLES)
def test_puzzle_has_exactly_one_winning_lead(landlord: str, me: str, partner: str, winning: str) -> None:
    hands = (parse(landlord), parse(me), parse(partner))
    solver = Solver(STANDARD, 0, 10**6)
    wins = [m for m in candidate_moves(hands[1], None, STANDARD) if solver.after(hands, 1, None, 1, m)]
    assert wins == [winning]


@pytest.mark.parametrize(("landlord", "me", "partner", "winning"), PUZZLES)
def test_hard_finds_the_winning_lead(landlord: str, me: str, partner: str, winning: str) -> None:
    assert think(puzzle_table(landlord, me, partner), level_of("hard"), random.Random(0)).move == winning


def test_search_is_deterministic_for_a_seed() -> None:
    table = puzzle_table("69TTA", "39JQ", "345")
    first = search(table, 2000, 6, random.Random(5), include="3")
    assert first == search(table, 2000, 6, random.Random(5), include="3")


def test_solver_stops_at_its_position_budget() -> None:
    """A full 20/17/17 deal is far too big to solve: the search must stop at 300 positions."""
    dealt, kitty, _, _ = deal_cards(STANDARD, 1)
    deck = STANDARD.deck.build()
    seats = (dealt[0] + kitty, dealt[1], dealt[2])
    hands = tuple(parse("".join(deck[c].char for c in ids)) for ids in seats)
    solver = Solver(STANDARD, 0, 300)
    solver.wins(hands, 0, None, 0)
    assert solver.nodes == 300
