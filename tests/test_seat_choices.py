"""A seat's choices and readings from what it sees (`game.choices`), and events as a seat sees them
(`game.observe.seen_by`): what a table fed by a remote seat relies on."""

from __future__ import annotations

import random

import pytest

from game import events as ev
from game.actions import NextHand, Play
from game.cards import normalize
from game.choices import choices, readings
from game.kinds import Kind
from game.match import Match, Phase
from game.observe import observe, seen_by
from game.rulesets import RULESETS


def random_step(match: Match, rng: random.Random) -> list[ev.Event]:
    """One action of a random seat the match waits for (Play again between hands)."""
    if match.phase is Phase.HAND_OVER:
        return match.apply(NextHand())
    seat = rng.choice(match.waiting)
    return match.apply(rng.choice(match.choices(seat)))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_seat_works_out_from_its_view_exactly_the_choices_the_match_offers(name: str) -> None:
    """Seeded random play over two hands of every ruleset: at every state, every seat's `choices(observe(...))`
    equals `Match.choices`, and its view says whom the match waits for."""
    match = Match(name, seed=5)
    rng = random.Random(5)
    while len(match.results) < 2 and match.phase is not Phase.MATCH_OVER:
        for seat in range(match.players):
            view = observe(match, seat)
            assert view.waiting == match.waiting
            assert choices(view) == match.choices(seat), (match.phase, seat)
        random_step(match, rng)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_view_shows_the_table_and_no_hidden_card(name: str) -> None:
    """A seat sees its own cards, the cards played, the kitty once the landlord is known (000 §2), a shown hand
    (004), and every hand once the hand is over; never another seat's cards before then."""
    match = Match(name, seed=9)
    rng = random.Random(9)
    while len(match.results) < 1:
        over = match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
        for seat in range(match.players):
            view = observe(match, seat)
            assert view.cards == tuple(match.hand.hands[seat])
            assert view.played_cards == tuple(match.hand.played)
            assert (view.remaining is not None) == over
            assert (view.kitty_cards is not None) == (view.kitty is not None)
            if view.shown_cards is not None:
                assert view.shown_cards == tuple(match.hand.hands[match.hand.landlord])
        random_step(match, rng)
    assert observe(match, 0).settlement == match.hand.settlement
    assert observe(match, 0).hands_played == 1


def test_003_the_swap_shows_a_seat_only_what_it_gave_and_what_it_received() -> None:
    """003 swap-three: the cards change hands in secret; each seat sees its own three and the three it gets."""
    match = Match("swap-three", seed=3)
    rng = random.Random(3)
    events: list[ev.Event] = []
    while not any(isinstance(e, ev.Swapped) for e in events):
        events = random_step(match, rng)
    swapped = next(e for e in events if isinstance(e, ev.Swapped))
    for seat in range(match.players):
        seen = seen_by(swapped, seat, match.players)
        assert isinstance(seen, ev.Swapped)
        before = (seat - 1) % match.players
        for giver, cards in enumerate(seen.given):
            assert cards == (swapped.given[giver] if giver in (seat, before) else ())
    played = ev.Passed(1)
    assert seen_by(played, 0, 3) is played


def lead(name: str, seed: int) -> Match:
    """A match of `name` at its landlord's opening lead (with the wild rank drawn, where there is one)."""
    match = Match(name, seed=seed)
    rng = random.Random(seed)
    while match.phase is not Phase.PLAYING:
        random_step(match, rng)
    return match


def test_rules_md_a_plain_selection_that_reads_as_two_kinds_is_offered_both_on_a_lead() -> None:
    """RULES.md: a leader is offered each kind a selection reads as — 333444555666 is an airplane of four triples or
    three triples with three single wings; a selection of one kind is one play."""
    match = lead("standard", 1)
    view = observe(match, match.turn)
    deck = view.deck
    ids = {ch: [c.id for c in deck if c.char == ch] for ch in "345678"}
    airplane = (*ids["3"][:3], *ids["4"][:3], *ids["5"][:3], *ids["6"][:3])  # 333444555666: airplane or 3 triples+
    offered = [offer.play for offer in readings(view, airplane)]
    assert [p.kind for p in offered] == [Kind.AIRPLANE, Kind.AIRPLANE_SINGLES]
    assert {p.move for p in offered} == {"333444555666"}
    single = readings(view, ids["7"][:1])
    assert single == [(Play(view.seat, "7", None, tuple(ids["7"][:1])), None)]


def test_003_wild_cards_are_offered_every_reading_that_answers_and_one_reading_as_written() -> None:
    """003 wild cards: three of a rank and a wild card lead as a triple with a single or as a soft bomb (5557 with 7
    wild) — both offered, the bomb first; a lone stand-in reading is offered written with its ranks (57=55), never
    as the bare cards."""
    match = lead("wildcard", 2)
    view = observe(match, match.turn)
    wild = view.wild
    assert wild
    deck = view.deck
    plain = next(ch for ch in "3456" if ch != wild)
    pick = [*[c.id for c in deck if c.char == plain][:3], next(c.id for c in deck if c.char == wild)]
    offered = [offer.play for offer in readings(view, pick)]
    assert offered[0].kind is Kind.BOMB and "=" in offered[0].move
    assert any(p.kind is Kind.TRIPLE_SINGLE and "=" not in p.move for p in offered)
    pair = [pick[0], pick[3]]
    assert [o.play.move for o in readings(view, pair)] == [f"{normalize(plain + wild)}={plain * 2}"]
