"""The public text API behaves exactly as the README's "Rules core API" documents it."""

from __future__ import annotations

import pytest

from game.kinds import Kind
from game.reasons import Rejection
from game.rules import PASS, beats, check, classify, explain, legal_moves


def test_api_legal_moves_on_a_free_lead_has_no_pass():
    assert PASS not in legal_moves("33344455566678BR2")


def test_api_legal_moves_when_following_ends_with_pass():
    found = legal_moves("3456789TJQ", last="34567")
    assert found[-1] == PASS and found.count(PASS) == 1


def test_api_legal_moves_when_following_with_nothing_higher_is_only_pass():
    assert legal_moves("3", last="2") == [PASS]


def test_api_legal_moves_are_sorted_rank_strings_without_repeats():
    found = legal_moves("33344455566678BR2")
    assert all(m == "".join(sorted(m, key="3456789TJQKA2BR".index)) for m in found) and len(found) == len(set(found))


def test_api_legal_moves_accepts_an_unsorted_hand():
    assert legal_moves("R3B") == legal_moves("3BR")


def test_api_legal_moves_takes_last_in_its_default_reading():
    # 333444555666 defaults to a bare four-triple airplane: only another four-triple airplane answers it.
    assert legal_moves("444555666777", last="333444555666") == ["444555666777", PASS]


def test_api_legal_moves_treats_pass_as_a_free_lead():
    assert legal_moves("3", last=PASS) == ["3"]


def test_api_legal_moves_rejects_an_illegal_last():
    with pytest.raises(ValueError):
        legal_moves("3", last="34")


def test_api_classify_default_reading_first_longest_body():
    readings = classify("333444555666")
    assert (readings[0].kind, readings[0].length) == (Kind.AIRPLANE, 4)
    assert {(r.kind, r.length) for r in readings[1:]} == {(Kind.AIRPLANE_SINGLES, 3)}


def test_api_classify_returns_every_reading():
    assert {r.top for r in classify("333444555666") if r.kind is Kind.AIRPLANE_SINGLES} == {2, 3}


def test_api_classify_of_a_non_combination_is_empty():
    assert classify("34") == []


def test_api_reading_fields_are_kind_top_length_size():
    reading = classify("3334445588")[0]
    assert (reading.kind, reading.top, reading.length, reading.size) == (Kind.AIRPLANE_PAIRS, 1, 2, 10)


def test_api_beats_two_over_ace():
    assert beats("2", "A") is True


def test_api_beats_uses_any_reading_of_the_play():
    # 444555666777 read as 555666777 + single wings 4 4 4 answers a three-triple airplane with single wings.
    assert beats("444555666777", "333444555678")


def test_api_check_returns_a_rejection_with_code_and_text():
    rejection = check("334455", "3344", last=None)
    assert isinstance(rejection, Rejection) and rejection.code == "pair_run_short"
    assert rejection.text.startswith("A pair run needs at least three consecutive pairs")


def test_api_check_returns_none_for_a_legal_play():
    assert check("334455", "334455") is None


def test_api_check_accepts_an_unsorted_move():
    assert check("33344", "43433") is None


def test_api_explain_names_the_default_reading():
    assert explain("99") == "pair of 9s" and explain("34567") == "straight 3-7"


def test_api_unknown_ruleset_is_refused():
    with pytest.raises(ValueError):
        legal_moves("3", ruleset="nonesuch")
