"""Earlier states from the action log (issue 7's replay and undo rest on these): exact, deterministic, per deal."""

import random
from itertools import pairwise

from game.actions import Bid, DealExpired, NextHand
from game.history import deal_spans, rebuild, replay, undo
from game.match import Match, Phase
from game.observe import observe
from game.serialize import to_dict
from tests.kit.rules import step


def played(seed: int, actions: int) -> tuple[Match, list[dict]]:
    """A match driven by random legal actions, with its snapshot after every action (index = actions applied)."""
    rng = random.Random(seed)
    match = Match("standard", seed=seed)
    snapshots = [to_dict(match)]
    while len(match.log) < actions and match.phase is not Phase.MATCH_OVER:
        step(match, rng)
        snapshots.append(to_dict(match))
    return match, snapshots


def state(match: Match) -> tuple:
    """Everything that decides the future: the snapshot, every seat's view and the dealer's random state."""
    return to_dict(match), [observe(match, s) for s in range(match.players)], match.rng.getstate()


def test_rebuild_gives_the_exact_state_after_any_number_of_actions():
    match, snapshots = played(seed=4, actions=300)
    for n in range(0, len(match.log) + 1, 7):
        assert to_dict(rebuild(match, n)) == snapshots[n]
    assert state(rebuild(match, len(match.log))) == state(match)


def test_deal_spans_cover_the_log_in_order_one_per_deal():
    match, _ = played(seed=11, actions=400)
    spans = deal_spans(match)
    assert spans[0].start == 0 and spans[-1].end == len(match.log)
    for a, b in pairwise(spans):  # deals follow each other; only 'Play again' stands between two
        assert b.start == a.end or (b.start == a.end + 1 and isinstance(match.log[a.end], NextHand))
    settled = [s for s in spans if s.settled]
    assert len(settled) == len(match.results)
    assert [s.hand_no for s in settled] == list(range(1, len(settled) + 1))


def test_a_redeal_is_a_deal_of_its_own_with_the_same_hand_number():
    match = Match("standard", seed=2)
    for _ in range(3):
        match.apply(Bid(match.turn, 0))  # all decline (000 §3): redeal
    first, second = deal_spans(match)
    assert (first.hand_no, first.settled, first.end) == (1, False, 3)
    assert second.hand_no == 1 and second.deal_no != first.deal_no and second.start == 3


def test_replay_steps_through_every_state_of_a_settled_hand():
    match, snapshots = played(seed=5, actions=250)
    span = next(s for s in deal_spans(match) if s.settled)
    states = replay(match, span)
    assert len(states) == span.end - span.start + 1
    assert [to_dict(s) for s in states] == snapshots[span.start : span.end + 1]
    assert states[-1].phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and states[-1].hand.settlement is not None


def test_replayed_states_are_independent_copies():
    match, _ = played(seed=5, actions=120)
    span = deal_spans(match)[0]
    states = replay(match, span)
    states[0].hand.hands[0].clear()
    assert states[1].hand.hands[0] and to_dict(rebuild(match, span.start)) == to_dict(replay(match, span)[0])


def test_undo_restores_the_state_before_the_seats_last_action_and_its_answers():
    match, snapshots = played(seed=8, actions=60)
    last_own = max(
        i for i, a in enumerate(match.log) if getattr(a, "seat", None) == 0 and i >= deal_spans(match)[-1].start
    )
    undone = undo(match, 0)
    assert undone is not None and to_dict(undone) == snapshots[last_own]
    assert undone.turn == 0


def test_undo_never_reaches_into_an_earlier_deal():
    match = Match("standard", seed=2)
    seat = match.turn
    match.apply(Bid(seat, 0))
    match.apply(Bid(match.turn, 0))
    match.apply(Bid(match.turn, 0))  # redeal: a fresh deal where nobody has acted yet
    assert undo(match, seat) is None


def test_a_deal_that_ran_out_of_time_ends_its_span_unsettled():
    match = Match("classic", seed=3)
    match.apply(Bid(match.turn, 3))
    match.apply(DealExpired())  # 003: the deal limit ends it without a winner
    match.apply(NextHand())
    expired, current = deal_spans(match)
    assert (expired.start, expired.end, expired.settled) == (0, 2, False)
    assert current.start == 3 and current.hand_no == 2
