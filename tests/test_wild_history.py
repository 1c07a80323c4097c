"""Issue 13: a hand's history keeps the reading of every play whose wild cards stood for other ranks (RULES.md
`wildcard`, `swap-three`; the text API's PHYSICAL=READING), and the observation, the bot dict API, saves and replays
read it as it was played."""

from __future__ import annotations

import random

from game import bots, selfplay
from game.actions import Pass, Play
from game.bots.levels import HARD
from game.bots.table import current_last
from game.bots.wild import plain_history, plain_last, virtual_view
from game.history import deal_spans, replay
from game.kinds import Kind
from game.match import Match
from game.observe import observe
from game.rulesets import SWAP_THREE, WILDCARD
from game.serialize import from_dict, to_dict
from tests.kit.rules import position


def wild_table(hands: list[str], wild: str = "7") -> Match:
    match = position(hands, ruleset="wildcard")
    match.hand.wild = wild
    return match


def test_rules_md_wildcard_the_history_keeps_a_stand_in_play_as_physical_equals_reading():
    match = wild_table(["45677", "45678", "3"])
    match.apply(Play(0, "45677=34567"))  # the lower of the two straights the cards can be
    assert match.hand.history == [(0, "45677=34567")]
    view = observe(match, 1)
    assert view.history == ((0, "45677=34567"),)
    assert view.played == "45677"  # the cards, not the ranks they stood for
    assert view.to_bot_dict()["history"] == [[0, "45677=34567"]]


def test_rules_md_wildcard_a_play_without_a_stand_in_is_written_as_its_cards():
    match = wild_table(["5557", "888J", "3"])
    match.apply(Play(0, "5557", Kind.TRIPLE_SINGLE))  # not its default, the soft bomb 5557=5555
    assert match.hand.history == [(0, "5557")]
    assert match.hand.last.reading.kind is Kind.TRIPLE_SINGLE


def test_a_bot_following_a_straight_reads_it_as_played_not_by_its_default_reading():
    match = wild_table(["45677", "45678", "3"])
    match.apply(Play(0, "45677=34567"))
    view = observe(match, 1)
    assert plain_history(view) == ((0, "34567"),)  # the default reading would be 45678, which 45678 cannot beat
    assert bots.decide(view, "normal") == "45678"
    assert bots.choose(view.to_bot_dict("normal")) == "45678"


def test_a_bot_following_a_triple_reads_it_as_played_not_as_the_soft_bomb_its_cards_default_to():
    match = wild_table(["5557", "888J", "3"])
    match.apply(Play(0, "5557", Kind.TRIPLE_SINGLE))
    obs = observe(match, 1).to_bot_dict("normal")
    assert current_last(((0, "5557"),), 3, WILDCARD, "7").reading.kind is Kind.TRIPLE_SINGLE
    assert bots.choose(obs) == "888J"


def test_a_bot_following_a_soft_bomb_reads_it_as_played():
    match = wild_table(["5557", "JJJ7", "3"])
    match.apply(Play(0, "5557=5555"))
    view = observe(match, 1)
    assert plain_history(view) == ((0, "5555"),)
    assert current_last(view.history, 3, WILDCARD, "7").reading.grade == -1
    assert bots.decide(view, "normal") == "7JJJ=JJJJ"  # a higher soft bomb beats it


def test_a_bomb_beating_a_higher_one_by_its_class_opens_a_new_round_for_the_ordinary_bots():
    match = wild_table(["9997K", "8888Q", "34"])
    match.apply(Play(0, "9997=9999"))  # soft
    match.apply(Play(1, "8888"))  # natural: higher by its class, lower by its rank
    view = observe(match, 2)
    assert plain_history(view) == ((0, "9999"), (0, "pass"), (0, "pass"), (1, "8888"))
    assert virtual_view(view, HARD).last.reading.top == 5  # the bomb of 8s, as the plain rules read it
    assert bots.decide(view, "hard") == "pass"  # the search reads the history without a fallback reading


def test_the_extra_wild_card_alone_is_a_2_for_the_ordinary_bots_and_left_out_of_their_history():
    match = position(["2W5", "3B6", "TT"], ruleset="swap-three")
    match.apply(Play(0, "2"))
    match.apply(Pass(1))
    match.apply(Pass(2))
    match.apply(Play(0, "W"))
    view = observe(match, 1)
    assert plain_history(view) == ((0, "2"), (1, "pass"), (2, "pass"))
    assert plain_last(view.last).reading.top == 12 and plain_last(view.last).reading.grade == 0
    assert bots.decide(view, "hard") == "B"
    assert current_last(view.history, 3, SWAP_THREE, "W").reading.grade == 1


def test_saves_and_replays_carry_the_readings_of_the_history():
    rng = random.Random(4)
    for ruleset, seed in (("wildcard", 8), ("swap-three", 3)):
        match = Match(ruleset, seed=seed)
        while not match.results:
            seat = match.waiting[0]
            match.apply(selfplay.bot_action(match, seat, "normal", rng))
        written = [m for _, m in match.hand.history if "=" in m]
        assert written, f"seed {seed} plays no stand-in: pick another"
        assert from_dict(to_dict(match)).hand.history == match.hand.history
        states = replay(match, deal_spans(match)[0])
        assert states[-1].hand.history == match.hand.history
