"""The core's types on the wire (net.wire, net.seen): every view and event of random play at every ruleset goes
through JSON text and comes back equal, matching its JSON Schema; refusals come back as the same Rejection; a value of
the wrong shape is refused; the deal number is hidden while a hand is played."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import fastjsonschema
import pytest

from game import events as ev
from game.actions import Bid, Double, NextHand, Pass, Play, Show, Swap
from game.match import Match, Phase
from game.observe import Observation, observe
from game.rulesets import RULESETS
from net import wire
from net.seen import events_for, view_for


def through_json(value: object) -> object:
    return json.loads(json.dumps(value))


def random_play(name: str, seed: int, steps: int) -> Iterator[tuple[Match, list[ev.Event]]]:
    """(the match, the events of the step) after each random step (the one match object, played on after each)."""
    match = Match(name, seed)
    rng = random.Random(seed)
    yield match, list(match.opening)
    for _ in range(steps):
        if match.phase is Phase.MATCH_OVER:
            break
        if match.phase is Phase.HAND_OVER:
            events = match.apply(NextHand())
        else:
            seat = rng.choice(match.waiting)
            events = match.apply(rng.choice(match.choices(seat)))
        yield match, events


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_views_and_events_of_random_play_come_back_equal_through_json(name: str) -> None:
    """Every seat's view and every event (as each seat sees it) at every step of 300 random steps round-trips and
    matches its JSON Schema."""
    views = fastjsonschema.compile(wire.view_schema())
    events = fastjsonschema.compile(wire.event_schema())
    match = Match(name, 11)
    rng = random.Random(11)
    happened = list(match.opening)
    for _ in range(300):
        for seat in range(match.players):
            view = observe(match, seat)
            data = through_json(wire.encode_view(view))
            assert wire.decode_view(data) == view
            for event in events_for(happened, seat, match.players):
                sent = through_json(wire.encode_event(event))
                assert wire.decode_event(sent) == event
                events(sent)
            views(data)
        if match.phase is Phase.MATCH_OVER:
            break
        if match.phase is Phase.HAND_OVER:
            happened = match.apply(NextHand())
            continue
        happened = match.apply(rng.choice(match.choices(rng.choice(match.waiting))))


def wrong_actions(match: Match, rng: random.Random) -> list[object]:
    """Actions likely to be refused: other seats, random cards, bids and choices out of turn."""
    seat = rng.randrange(match.players)
    cards = list(range(match.rules.deck_size))
    hand = match.ranks(seat)
    picked = "".join(rng.sample(hand, min(len(hand), rng.randint(1, 6)))) if hand else "3"
    return [
        Bid(seat, rng.choice((0, 1, 2, 3, 4))),
        Double(seat, rng.random() < 0.5),
        Show(seat, True),
        Swap(seat, tuple(rng.sample(cards, 3))),
        Play(seat, picked),
        Play(seat, picked, cards=tuple(rng.sample(cards, len(picked)))),
        Pass(seat),
    ]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_refusal_comes_back_as_the_same_rejection(name: str) -> None:
    """The core's rejections met in random play (their params: kinds, readings, bid choices, counts) travel as data
    and come back equal, saying the same words."""
    rng = random.Random(3)
    codes = set()
    for match, _ in random_play(name, 3, 120):
        for action in wrong_actions(match, rng):
            rejection = match.check(action)
            if rejection is None:
                continue
            codes.add(rejection.code)
            sent = through_json({"code": rejection.code, "params": wire.encode_params(rejection.params)})
            back = wire.rejection_of(sent["code"], sent["params"])
            assert back == rejection and back.text == rejection.text
    assert {"not_your_turn", "not_in_hand"} <= codes or {"wrong_phase"} <= codes, codes


def test_a_refusal_with_kinds_and_readings_in_its_params_keeps_them_as_core_values() -> None:
    """`different_shape` carries a Kind and a Reading: both come back as themselves, not as their JSON."""
    match = Match("standard", 2)
    while match.phase is Phase.BIDDING:
        match.apply(Bid(match.turn, 3 if match.turn == 0 else 0))
    landlord = match.turn
    hand = match.ranks(landlord)
    match.apply(Play(landlord, hand[0]))
    follower = match.turn
    pair = next(ch for ch in set(match.ranks(follower)) if match.ranks(follower).count(ch) >= 2)
    rejection = match.check(Play(follower, pair * 2))
    assert rejection is not None and rejection.code == "different_shape"
    back = wire.rejection_of(rejection.code, through_json(wire.encode_params(rejection.params)))
    assert back == rejection


def test_a_value_of_the_wrong_shape_is_refused_naming_where() -> None:
    data = wire.encode_view(observe(Match("standard", 1), 0))
    for change, said in (
        ({"extra": 1}, "extra"),
        ({"hand": 5}, "view.hand"),
        ({"phase": "dancing"}, "view.phase"),
        ({"hand_sizes": [17, "17", 17]}, "view.hand_sizes"),
        ({"seat": True}, "view.seat"),
        ({"last": {"seat": 1}}, "view.last"),
    ):
        with pytest.raises(wire.WireError, match=said.replace(".", r"\.")):
            wire.decode_view({**data, **change})
    missing = dict(data)
    del missing["cards"]
    with pytest.raises(wire.WireError, match="cards"):
        wire.decode_view(missing)
    for bad in ([], {"type": "exploded"}, {"type": "passed"}, {"type": "passed", "seat": "1"}):
        with pytest.raises(wire.WireError):
            wire.decode_event(bad)


def test_the_deal_number_is_hidden_until_the_hand_is_over_and_travels_as_null() -> None:
    match = Match("standard", 4)
    dealt = events_for(list(match.opening), 0, 3)[0]
    assert isinstance(dealt, ev.Dealt) and dealt.deal_no is None
    assert wire.decode_event(through_json(wire.encode_event(dealt))) == dealt
    view = view_for(match, 1)
    assert view.deal_no is None and observe(match, 1).deal_no == match.hand.deal_no
    assert wire.decode_view(through_json(wire.encode_view(view))) == view
    for match, _ in random_play("standard", 4, 200):
        if match.phase is Phase.HAND_OVER:
            assert view_for(match, 2).deal_no == match.hand.deal_no
            break
    else:
        pytest.fail("no hand ended")


def test_the_swap_is_sent_to_each_seat_as_it_sees_it() -> None:
    """swap-three's Swapped event: a seat is sent only the cards it gave and the ones it received."""
    for match, events in random_play("swap-three", 6, 10):
        for event in events:
            if isinstance(event, ev.Swapped):
                mine = events_for([event], 1, match.players)[0]
                assert isinstance(mine, ev.Swapped)
                assert mine.given[1] == event.given[1] and mine.given[0] == event.given[0] and mine.given[2] == ()
                return
    pytest.fail("no swap happened")


# The wire form of the core's types as protocol version 1 has it. A change to the core that changes it fails here:
# then raise net.protocol.VERSION, describe the change in docs/network.md and write the new form below.
OBSERVATION_FIELDS = (
    "ruleset seat players phase hand_no deal_no hand cards hand_sizes first_bidder bids bid landlord kitty turn "
    "history last multiplier doublings scores auction_word robs allowance shown doubles wild swapped gave received "
    "match_bids waiting played_cards kitty_cards shown_cards remaining winner settlement collected redeals "
    "hands_played winners"
)
EVENT_TAGS = (
    "dealt bid_made swapping_started swap_chosen swapped wild_chosen all_declined landlord_chosen doubling_started "
    "double_chosen doubles_revealed showing_started hand_shown played passed doubled round_won hand_over match_over "
    "hand_abandoned deal_expired"
)


def test_the_wire_form_is_the_one_protocol_version_1_describes() -> None:
    assert " ".join(wire.schema_of(Observation)["properties"]) == OBSERVATION_FIELDS
    assert " ".join(wire.EVENTS) == EVENT_TAGS


def test_a_rejection_param_without_a_wire_form_is_said_as_text() -> None:
    assert wire.encode_params({"value": {3}, "count": 2}) == {"value": "{3}", "count": 2}
