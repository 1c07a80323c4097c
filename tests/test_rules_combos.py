"""Combinations and the beating order, sentence by sentence from 000 §4-§14 (expectations from the rule text)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.kinds import Kind
from game.rules import beats, check, classify
from tests.kit.rules import kinds

ORDER = "3456789TJQKA2BR"
ORDINARY_EXAMPLES = {  # 000 §5, one example per ordinary shape
    Kind.SINGLE: "A",
    Kind.PAIR: "AA",
    Kind.TRIPLE: "AAA",
    Kind.TRIPLE_SINGLE: "3338",
    Kind.TRIPLE_PAIR: "33388",
    Kind.STRAIGHT: "34567",
    Kind.PAIR_RUN: "334455",
    Kind.AIRPLANE: "333444",
    Kind.AIRPLANE_SINGLES: "33344458",
    Kind.AIRPLANE_PAIRS: "3334445588",
    Kind.FOUR_TWO_SINGLES: "366669",
    Kind.FOUR_TWO_PAIRS: "33666699",
}


def default_kind(move: str) -> Kind | None:
    readings = classify(move)
    return readings[0].kind if readings else None


# ----- §4 card order, suits and the special role of 2 ------------------------------------------------------


@pytest.mark.parametrize("low, high", list(pairwise(ORDER)))
def test_s04_singles_rank_low_to_high(low, high):
    assert beats(high, low) and not beats(low, high)


def test_s04_equal_ranks_cannot_beat_each_other():
    assert not beats("A", "A")


@pytest.mark.parametrize("move, kind", [("2", Kind.SINGLE), ("22", Kind.PAIR), ("222", Kind.TRIPLE)])
def test_s04_two_plays_as_single_pair_triple(move, kind):
    assert default_kind(move) is kind


def test_s04_two_plays_as_attachment():
    assert Kind.TRIPLE_SINGLE in kinds("3332") and Kind.TRIPLE_PAIR in kinds("33322")


@pytest.mark.parametrize("move", ["TJQKA2", "QQKKAA22", "KKKAAA222"])
def test_s04_two_not_inside_consecutive_body(move):
    assert kinds(move) == set()


@pytest.mark.parametrize("move", ["JQKA2", "QKA23", "KA234", "A2345"])
def test_s04_ace_does_not_wrap_around(move):
    assert classify(move) == []


def test_s04_no_card_is_wild():
    assert classify("34568") == [] and classify("3345") == []


# ----- §5 all ordinary combinations at a glance ------------------------------------------------------------


@pytest.mark.parametrize("kind, move", list(ORDINARY_EXAMPLES.items()))
def test_s05_each_listed_example_is_its_shape(kind, move):
    assert default_kind(move) is kind


def test_s05_straight_cannot_beat_single():
    assert not beats("9TJQK", "3")


def test_s05_triple_with_pair_cannot_beat_straight_of_same_count():
    assert not beats("AAA22", "34567")


def test_s05_straight_cannot_beat_triple_with_pair_of_same_count():
    assert not beats("9TJQK", "33344")


@pytest.mark.parametrize("kind, move", list(ORDINARY_EXAMPLES.items()))
def test_s05_bombs_and_rocket_are_separate_from_every_ordinary_shape(kind, move):
    assert beats("3333", move) and beats("BR", move)
    assert not beats(move, "3333") and not beats(move, "BR")


# ----- §6 singles, pairs and triples ----------------------------------------------------------------------


def test_s06_single_is_one_card():
    assert [(r.kind, r.size) for r in classify("7")] == [(Kind.SINGLE, 1)]


def test_s06_pair_is_two_equal_ranks():
    assert default_kind("KK") is Kind.PAIR


def test_s06_triple_is_three_equal_ranks():
    assert default_kind("777") is Kind.TRIPLE


def test_s06_unequal_two_cards_are_no_pair():
    assert classify("KQ") == []


@pytest.mark.parametrize("play, last", [("A", "K"), ("KK", "QQ"), ("888", "777")])
def test_s06_compare_rank_only(play, last):
    assert beats(play, last) and not beats(last, play)


@pytest.mark.parametrize("move", ["K", "KK", "777"])
def test_s06_equal_is_not_higher(move):
    assert not beats(move, move)


def test_s06_two_jokers_are_the_rocket_not_a_pair():
    assert [r.kind for r in classify("BR")] == [Kind.ROCKET]


def test_s06_big_joker_beats_small_joker_as_singles():
    assert beats("R", "B") and not beats("B", "R")


def test_s06_triple_may_be_played_bare():
    assert check("777", "777") is None


# ----- §7 triple with single or pair ----------------------------------------------------------------------


def test_s07_triple_with_single_is_four_cards():
    reading = classify("777A")[0]
    assert (reading.kind, reading.size, reading.top) == (Kind.TRIPLE_SINGLE, 4, ORDER.index("7"))


def test_s07_triple_with_pair_is_five_cards():
    reading = classify("777AA")[0]
    assert (reading.kind, reading.size, reading.top) == (Kind.TRIPLE_PAIR, 5, ORDER.index("7"))


def test_s07_attachment_cannot_share_the_triple_rank():
    assert Kind.TRIPLE_SINGLE not in kinds("7777")


def test_s07_triple_with_two_different_singles_is_not_a_combination():
    assert classify("7773A") == []


@pytest.mark.parametrize("play, last", [("8883", "777A"), ("88833", "777AA")])
def test_s07_only_the_triple_decides(play, last):
    assert beats(play, last) and not beats(last, play)


def test_s07_four_card_shape_cannot_beat_five_card_shape():
    assert not beats("AAA3", "33344")


def test_s07_bare_triple_cannot_beat_attached_triple():
    assert not beats("AAA", "3334") and not beats("AAA", "33344")


def test_s07_a_two_may_be_attached():
    assert default_kind("7772") is Kind.TRIPLE_SINGLE and default_kind("77722") is Kind.TRIPLE_PAIR


@pytest.mark.parametrize("joker", ["B", "R"])
def test_s07_either_joker_may_be_the_single_attachment(joker):
    assert default_kind("777" + joker) is Kind.TRIPLE_SINGLE


def test_s07_jokers_cannot_be_the_pair_attachment():
    assert classify("777BR") == []


# ----- §8 straights -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("move", ["34567", "456789", "TJQKA", "3456789TJQKA"])
def test_s08_consecutive_singles_are_a_straight(move):
    reading = classify(move)[0]
    assert (reading.kind, reading.length, ORDER[reading.top]) == (Kind.STRAIGHT, len(move), move[-1])


def test_s08_four_consecutive_singles_are_not_a_straight():
    assert classify("3456") == []


@pytest.mark.parametrize("move", ["A2345", "JQKA2", "89TJK", "TJQKAB", "TJQKAR"])
def test_s08_invalid_straights_from_the_text(move):
    assert classify(move) == []


def test_s08_higher_top_of_same_length_beats():
    assert beats("45678", "34567") and not beats("34567", "45678")


def test_s08_six_card_straight_cannot_answer_five_card_straight():
    assert not beats("456789", "34567")


# ----- §9 pair runs ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("move", ["334455", "778899", "TTJJQQKKAA"])
def test_s09_three_or_more_consecutive_pairs_are_a_pair_run(move):
    reading = classify(move)[0]
    assert (reading.kind, reading.length) == (Kind.PAIR_RUN, len(move) // 2)


def test_s09_two_pairs_are_not_enough():
    assert classify("3344") == []


def test_s09_each_rank_exactly_twice():
    assert classify("3344555") == [] and classify("33445") == []


@pytest.mark.parametrize(
    ("move", "ruleset"), [("KKAA22", "standard"), ("QQKKAA22", "standard"), ("AA22BB", "four-player")]
)
def test_s09_no_two_or_joker_in_a_pair_run(move, ruleset):
    """Two small jokers exist only in a two-deck pack."""
    assert classify(move, ruleset) == []


def test_s09_higher_top_of_same_pair_count_beats():
    assert beats("445566", "334455") and not beats("334455", "445566")


def test_s09_four_pairs_cannot_beat_three_pairs():
    assert not beats("33445566", "334455")


def test_s09_runs_longer_than_three_pairs_are_allowed():
    assert default_kind("33445566778899") is Kind.PAIR_RUN


# ----- §10 airplanes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("move", ["333444", "777888999", "QQQKKKAAA"])
def test_s10_consecutive_triples_are_a_bare_airplane(move):
    reading = classify(move)[0]
    assert (reading.kind, reading.length) == (Kind.AIRPLANE, len(move) // 3)


def test_s10_airplane_body_excludes_two():
    assert classify("KKKAAA222") == []


def test_s10_bare_airplane_with_higher_top_beats():
    assert beats("444555", "333444") and not beats("333444", "444555")


def test_s10_bare_airplanes_must_have_the_same_number_of_triples():
    assert not beats("444555666", "333444")


def test_s10_a_gap_makes_it_invalid():
    assert classify("333555") == []


# ----- §11 airplane wings ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, kind", [("333444", Kind.AIRPLANE), ("33344458", Kind.AIRPLANE_SINGLES), ("3334445588", Kind.AIRPLANE_PAIRS)]
)
def test_s11_two_triple_body_is_six_eight_or_ten_cards(move, kind):
    assert default_kind(move) is kind


def test_s11_wing_styles_cannot_be_mixed():
    assert classify("333444588") == []


@pytest.mark.parametrize("move", ["333444555678", "333444555667788"])
def test_s11_three_triple_body_with_three_wings(move):
    assert classify(move)[0].length == 3


@pytest.mark.parametrize("move", ["3334445556", "33344455566", "3334445556677"])
def test_s11_three_triple_body_with_wrong_wing_count_is_invalid(move):
    assert classify(move) == []


def test_s11_a_pair_may_supply_two_single_wings():
    assert default_kind("33344455") is Kind.AIRPLANE_SINGLES


def test_s11_pair_wings_must_be_of_distinct_ranks():
    assert classify("3334445555") == []


def test_s11_wings_may_include_twos():
    assert default_kind("33344422") is Kind.AIRPLANE_SINGLES and default_kind("3334445522") is Kind.AIRPLANE_PAIRS


def test_s11_wings_may_not_reuse_a_body_rank():
    assert classify("33334445") == []


def test_s11_wings_may_not_be_both_jokers():
    assert classify("333444BR") == []


def test_s11_one_joker_may_be_a_single_wing():
    assert default_kind("3334445B") is Kind.AIRPLANE_SINGLES


def test_s11_answer_must_match_wing_style():
    assert not beats("4445556677", "33344458") and not beats("44455567", "3334445588")


def test_s11_answer_must_match_body_size():
    assert not beats("444555666789", "33344458")


def test_s11_only_the_body_decides_never_the_wings():
    assert beats("44455533", "333444A2") and not beats("333444KA", "33344456")


# ----- §12 four with two ----------------------------------------------------------------------------------------


def test_s12_four_with_two_singles_is_six_cards():
    reading = classify("366669")[0]
    assert (reading.kind, reading.size, ORDER[reading.top]) == (Kind.FOUR_TWO_SINGLES, 6, "6")


def test_s12_the_two_singles_may_form_a_pair():
    assert default_kind("666699") is Kind.FOUR_TWO_SINGLES


def test_s12_the_two_singles_cannot_be_both_jokers():
    assert classify("6666BR") == []


def test_s12_four_with_two_pairs_is_eight_cards():
    reading = classify("33666699")[0]
    assert (reading.kind, reading.size, ORDER[reading.top]) == (Kind.FOUR_TWO_PAIRS, 8, "6")


def test_s12_four_with_two_pairs_of_one_rank_is_invalid():
    assert classify("66667777") == []


def test_s12_answer_must_match_the_exact_four_with_two_shape():
    assert not beats("33777799", "366669") and not beats("377779", "33666699")


def test_s12_compare_only_the_four_card_body():
    assert beats("347777", "66662A") and not beats("66662A", "347777")


def test_s12_four_with_two_is_not_a_bomb():
    assert not beats("366669", "K") and not beats("366669", "345678") and beats("3333", "366669")


# ----- §13 bombs and the rocket ----------------------------------------------------------------------------------


@pytest.mark.parametrize("move", ["3333", "KKKK", "2222"])
def test_s13_four_equal_ranks_alone_are_a_bomb(move):
    assert [r.kind for r in classify(move)] == [Kind.BOMB]


@pytest.mark.parametrize("last", [*ORDINARY_EXAMPLES.values(), "3456789TJQKA", "33344455566677789TJQ"])
def test_s13_any_bomb_beats_any_ordinary_combination(last):
    assert beats("3333", last)


def test_s13_higher_bomb_wins():
    assert beats("KKKK", "QQQQ") and not beats("QQQQ", "KKKK")


@pytest.mark.parametrize("last", ["3333", "2222", "A", "3456789TJQKA"])
def test_s13_rocket_beats_every_bomb_and_ordinary_combination(last):
    assert beats("BR", last)


@pytest.mark.parametrize("play", ["2222", "R", "3456789TJQKA"])
def test_s13_nothing_beats_the_rocket(play):
    assert not beats(play, "BR")


def test_s13_three_of_a_bomb_is_not_a_bomb():
    assert [r.kind for r in classify("777")] == [Kind.TRIPLE]


def test_s13_four_with_attachments_is_not_a_bomb():
    assert Kind.BOMB not in kinds("377779")


def test_s13_separate_joker_singles_are_not_a_rocket():
    assert [r.kind for r in classify("B")] == [Kind.SINGLE] and not beats("R", "2222")


# ----- §14 the beating checklist -------------------------------------------------------------------------------


def test_s14_triple_with_pair_compares_the_triple_not_the_pair():
    assert beats("99933", "888AA")


def test_s14_straight_cannot_beat_triple_with_pair_of_five_cards():
    assert not beats("9TJQK", "33344")


def test_s14_pair_cannot_beat_a_single():
    assert not beats("AA", "K")


def test_s14_straights_compare_their_highest_rank():
    assert beats("56789", "45678") and not beats("45678", "56789")


@pytest.mark.parametrize("move", ["3377", "KK3", "3456799", "3334449"])
def test_s14_unrelated_combinations_cannot_be_bundled(move):
    assert classify(move) == []


def test_s14_a_combination_in_hand_may_be_split():
    assert check("345678", "4", last="3") is None


def test_s14_a_bomb_in_hand_may_be_split_into_a_pair():
    assert check("7777", "77", last="66") is None


def test_s14_a_tie_cannot_beat_a_play():
    assert not beats("33344", "33355")
