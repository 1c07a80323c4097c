"""Player-facing reasons a play is refused (000 §21-§22): the code, a text that reads well, and no state change."""

from __future__ import annotations

import re

import pytest

from game.actions import Bid, Pass, Play
from game.kinds import Kind
from game.reasons import IllegalAction
from game.rules import check
from game.serialize import to_dict
from tests.kit.rules import position, script

ARTICLE_BEFORE_VOWEL = re.compile(r"\b[Aa] (?:[aeiouAEIOU]|8)")


def reads_well(text: str) -> bool:
    """One sentence or two, capitalised, ended, no unfilled field and no 'a' before a vowel sound."""
    return (
        text[:1].isupper()
        and text.endswith(".")
        and "{" not in text
        and not ARTICLE_BEFORE_VOWEL.search(text)
        and not re.search(r"\b1 cards\b", text)
    )


# ----- §22's common mistakes through game.rules.check ---------------------------------------------------------


@pytest.mark.parametrize("move", ["TJQKA2", "JQKA2", "A2345"])
def test_s22_a_two_inside_a_straight(move):
    rejection = check(move, move)
    assert rejection.code == "two_in_run" and "2" in rejection.text and "straight" in rejection.text


def test_s22_a_two_inside_a_pair_run():
    rejection = check("KKAA22", "KKAA22")
    assert rejection.code == "two_in_run" and "pair run" in rejection.text


def test_s22_only_two_pairs_in_a_pair_run():
    rejection = check("3344", "3344")
    assert rejection.code == "pair_run_short" and "three" in rejection.text and "2" in rejection.text


def test_s22_a_gap_in_a_straight_names_the_missing_rank():
    rejection = check("89TJK", "89TJK")
    assert rejection.code == "run_gap" and "Q" in rejection.text and "straight" in rejection.text


@pytest.mark.parametrize("move, triples", [("3334445", 2), ("3334445556", 3), ("333444556", 2)])
def test_s22_missing_airplane_wings(move, triples):
    rejection = check(move, move)
    assert rejection.code == "wings_count" and f"{triples} single wings" in rejection.text


def test_s22_missing_wings_text_reads_well():
    assert reads_well(check("3334445", "3334445").text)


def test_s22_an_extra_card_on_a_triple():
    rejection = check("77735", "77735")
    assert rejection.code == "triple_attachment" and "triple" in rejection.text


def test_s22_wings_reusing_the_body_rank():
    assert check("33334445", "33334445").code == "wings_reuse_body"


def test_s22_both_jokers_as_wings():
    assert check("333444BR", "333444BR").code == "wings_both_jokers"


def test_s22_two_unequal_cards_are_no_pair():
    rejection = check("34", "34")
    assert rejection.code == "not_a_pair" and "pair" in rejection.text


@pytest.mark.parametrize("play, last, count, last_count", [("456789", "34567", 6, 5), ("33445566", "334455", 8, 6)])
def test_s22_wrong_card_count(play, last, count, last_count):
    rejection = check(play, play, last)
    assert (
        rejection.code == "wrong_count" and f"{count}-card" in rejection.text and f"{last_count}-card" in rejection.text
    )


def test_s22_wrong_card_count_text_reads_well():
    assert reads_well(check("33445566", "33445566", "334455").text)


def test_s22_same_shape_but_not_higher():
    rejection = check("3", "3", "K")
    assert rejection.code == "not_higher" and "single 3" in rejection.text and "single K" in rejection.text


def test_s22_a_different_shape():
    rejection = check("33", "33", "K")
    assert rejection.code == "different_shape" and "pair" in rejection.text and "single K" in rejection.text


@pytest.mark.parametrize("play, last", [("3334445588", "33344456"), ("AAA", "3334"), ("9TJQK", "33344")])
def test_s22_a_different_shape_text_names_both_shapes_and_reads_well(play, last):
    rejection = check(play, play, last)
    assert rejection.code == "different_shape" and reads_well(rejection.text)


def test_s14_a_lower_reading_of_the_same_shape_is_reported_as_not_higher():
    # 333444555666 can be read as 444555666 with single wings 333: same shape as the last play, only lower.
    rejection = check("333444555666", "333444555666", "777888999TJQ")
    assert rejection.code == "not_higher" and "airplane 4-6 with single wings" in rejection.text


def test_s14_a_tie():
    rejection = check("34567", "34567", "34567")
    assert rejection.code == "equal_not_higher" and "tie" in rejection.text and "straight" in rejection.text


def test_s13_a_lower_bomb():
    rejection = check("3333", "3333", "4444")
    assert rejection.code == "bomb_lower" and "bomb" in rejection.text


def test_s13_nothing_beats_the_rocket_reason():
    assert check("2222", "2222", "BR").code == "rocket_unbeatable"


def test_s15_passing_on_a_free_lead():
    rejection = check("3", "pass")
    assert rejection.code == "free_lead_pass" and "free lead" in rejection.text


def test_s15_passing_when_following_is_allowed():
    assert check("3", "pass", "K") is None


def test_s21_cards_not_in_hand():
    rejection = check("3", "4")
    assert rejection.code == "not_in_hand" and "hold" in rejection.text


def test_s21_more_copies_than_held():
    assert check("3", "33").code == "not_in_hand"


def test_s21_a_legal_play_has_no_rejection():
    assert check("333444589", "33344458") is None


@pytest.mark.parametrize(
    "hand, move, last",
    [
        ("TJQKA2", "TJQKA2", None),
        ("3344", "3344", None),
        ("3334445", "3334445", None),
        ("456789", "456789", "34567"),
        ("3", "3", "K"),
        ("33", "33", "K"),
        ("34567", "34567", "34567"),
        ("3", "pass", None),
        ("3", "4", None),
        ("3333", "3333", "4444"),
        ("66663", "66663", None),
        ("6666BR", "6666BR", None),
        ("66667777", "66667777", None),
        ("333BR", "333BR", None),
        ("BR3", "BR3", None),
        ("3", "", None),
    ],
)
def test_s21_every_rejection_text_reads_well(hand, move, last):
    assert reads_well(check(hand, move, last).text)


# ----- the same reasons through the match, and nothing changes ---------------------------------------------------


def following(last: str, hand: str):
    """Seat 1 to answer the landlord's `last` with `hand`."""
    match = position([last + "3", hand, "JJ"])
    script(match, [last])
    return match


@pytest.mark.parametrize(
    "make, action, code",
    [
        (lambda: position(["TJQKA2", "3", "4"]), Play(0, "TJQKA2"), "two_in_run"),
        (lambda: position(["3344", "5", "6"]), Play(0, "3344"), "pair_run_short"),
        (lambda: position(["3334445", "5", "6"]), Play(0, "3334445"), "wings_count"),
        (lambda: following("34567", "456789"), Play(1, "456789"), "wrong_count"),
        (lambda: following("K", "Q"), Play(1, "Q"), "not_higher"),
        (lambda: following("K", "AA"), Play(1, "AA"), "different_shape"),
        (lambda: following("K", "K"), Play(1, "K"), "equal_not_higher"),
        (lambda: position(["3", "4", "5"]), Pass(0), "free_lead_pass"),
        (lambda: position(["3", "4", "5"]), Play(0, "4"), "not_in_hand"),
        (lambda: position(["3", "4", "5"]), Play(1, "4"), "not_your_turn"),
        (lambda: position(["3", "4", "5"]), Bid(0, 1), "wrong_phase"),
        (lambda: position(["3", "4", "5"]), Play(0, "pass"), "empty"),
        (lambda: position(["3", "4", "5"]), Play(0, "3X"), "unknown_rank"),
    ],
)
def test_s21_rejected_action_leaves_the_match_exactly_unchanged(make, action, code):
    match = make()
    before = (to_dict(match), [list(h) for h in match.hand.hands], match.turn, match.hand.last, match.log[:])
    assert match.check(action).code == code
    with pytest.raises(IllegalAction) as refused:
        match.apply(action)
    after = (to_dict(match), [list(h) for h in match.hand.hands], match.turn, match.hand.last, match.log[:])
    assert refused.value.rejection.code == code and after == before


def test_s21_the_match_gives_the_same_reason_as_the_text_api():
    match = following("34567", "456789")
    assert match.check(Play(1, "456789")) == check("456789", "456789", "34567")


def test_s21_a_play_naming_cards_not_held_is_refused():
    match = position(["3", "4", "5"])
    foreign = match.hand.hands[1][0]
    assert match.check(Play(0, "4", cards=(foreign,))).code == "not_in_hand"


def test_s21_a_play_naming_one_card_twice_is_refused():
    match = position(["33", "4", "5"])
    card = match.hand.hands[0][0]
    assert match.check(Play(0, "33", cards=(card, card))).code == "not_in_hand"


def test_s21_check_accepts_a_legal_play_without_applying_it():
    match = position(["3", "4", "5"])
    before = to_dict(match)
    assert match.check(Play(0, "3")) is None and to_dict(match) == before


def test_s21_the_text_api_names_an_unknown_rank_instead_of_raising():
    rejection = check("345", "3X")
    assert rejection.code == "unknown_rank" and "'X'" in rejection.text and reads_well(rejection.text)


def test_s21_a_chosen_reading_that_does_not_beat_says_not_high_enough():
    match = following("777888999TJQ", "333444555666")
    rejection = match.check(Play(1, "333444555666", kind=Kind.AIRPLANE_SINGLES))
    assert rejection.code == "not_higher" and "with single wings" in rejection.text


def test_s21_a_reading_the_cards_do_not_have_is_refused_by_name():
    match = position(["33344455", "6", "7"])
    rejection = match.check(Play(0, "33344455", kind=Kind.AIRPLANE_PAIRS))
    assert rejection.code == "not_that_kind" and "airplane with pair wings" in rejection.text
    assert reads_well(rejection.text)
