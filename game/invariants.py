"""Checks that hold in every reachable state; selfplay and the property tests run them after each action.

They are cheap enough to run after every action of a long soak: the seat to act is shown to have one legal action
through the core's own validation (`Match.check`), never by listing every move; `refusals` feeds illegal actions
and checks that each is refused and leaves the state untouched.
"""

from __future__ import annotations

import random

from game.actions import Abandon, Action, Bid, DealExpired, Double, NextHand, Pass, Play, Show, Swap
from game.match import Match, Phase
from game.reasons import IllegalAction
from game.scoring import Settlement


def problems(match: Match) -> list[str]:
    """Every broken invariant, as readable sentences (empty when the state is sound)."""
    found: list[str] = []
    hand = match.hand
    kitty_taken = hand.kitty_taken
    held = [c for cards in hand.hands for c in cards]
    everywhere = held + hand.played + hand.unused + ([] if kitty_taken else hand.kitty)
    if sorted(everywhere) != list(range(len(match.deck))):
        found.append("cards are not conserved: some card is missing or duplicated")
    if sum(match.scores) != 0:
        found.append(f"scores do not sum to zero: {match.scores}")
    found += [f"settlement {i} does not sum to zero" for i, s in enumerate(match.results) if sum(s.deltas)]
    if match.phase is Phase.PLAYING:
        found += _playing(match)
    if match.phase in (Phase.SWAPPING, Phase.BIDDING) and any(len(h) != match.rules.hand_size for h in hand.hands):
        found.append(f"a hand has the wrong size during {match.phase.value}")
    if match.phase is Phase.SWAPPING and not match.unswapped():
        found.append("every seat has picked its cards but the swap goes on")
    if match.phase in (Phase.DOUBLING, Phase.SHOWING):
        found += _before_play(match)
    cap = match.rules.multiplier_cap
    if cap is not None and match.multiplier > cap:
        found.append(f"the multiplier {match.multiplier} is above the cap {cap}")
    share_cap = match.rules.share_cap
    if share_cap is not None:
        top = share_cap * match.rules.base
        found += [f"settlement {i} has a share above {top}" for i, s in enumerate(match.results) if _over(s, top)]
    if match.phase is Phase.MATCH_OVER and not match.winners:
        found.append("the match is over without a winner")
    return found


def _playing(match: Match) -> list[str]:
    """During play: the turn is a seat with a legal action, no hand is empty, no farmer is within its allowance."""
    hand = match.hand
    turn = hand.turn
    if not 0 <= turn < match.players:
        return [f"turn {turn} is not a seat"]
    found = []
    if hand.last is None and not any(match.check(Play(turn, match.deck[c].char)) is None for c in hand.hands[turn]):
        found.append("the player on a free lead has no legal play")  # 000 §15: any single card leads
    if hand.last is not None and match.check(Pass(turn)) is not None:
        found.append("the player following may not pass")  # 000 §15: passing is always allowed when following
    if any(not cards for cards in hand.hands):
        found.append("a hand is empty but the hand goes on")
    allowance = match.allowance
    if allowance is not None:
        farmers = [len(cards) for seat, cards in enumerate(hand.hands) if seat != hand.landlord]
        if min(farmers) <= allowance:
            found.append(f"a farmer is within the allowance of {allowance} cards but the hand goes on")
    return found


def _before_play(match: Match) -> list[str]:
    """Between the auction and the first play: the landlord holds the kitty and nobody has played."""
    hand = match.hand
    rules = match.rules
    found = []
    if hand.landlord is None or not hand.kitty_taken:
        found.append(f"{match.phase.value} without a landlord holding the kitty")
    elif len(hand.hands[hand.landlord]) != rules.hand_size + rules.kitty_size:
        found.append("the landlord does not hold its hand and the kitty")
    if hand.history:
        found.append(f"a play was made during {match.phase.value}")
    if match.phase is Phase.DOUBLING and not match.undecided_doubles():
        found.append("every seat has decided on doubling but the doubling goes on")
    return found


def _over(settlement: Settlement, top: int) -> bool:
    return any(share.amount > top for share in settlement.shares)


# ----- nothing illegal is accepted ----------------------------------------------------------------------------------


def refusals(match: Match, rng: random.Random, tries: int = 3) -> list[str]:
    """Apply `tries` random illegal actions: each must raise IllegalAction, and together leave the match as it was."""
    found = []
    before = _state(match)
    candidates = illegal_actions(match)
    for action in rng.sample(candidates, min(tries, len(candidates))):
        try:
            match.apply(action)
        except IllegalAction:
            continue
        except Exception as failed:  # a bare internal error is no refusal (issue 15)
            found.append(f"{action!r} raised {type(failed).__name__} instead of being refused")
        else:
            found.append(f"the illegal {action!r} was accepted")
    if _state(match) != before:
        found.append("refusing illegal actions changed the match")
    return found


# Values that only compare equal to legal ones, or are not actions at all (issue 15): refused in every state.
WRONG_TYPES = (None, "pass", Bid(True, 0), Bid(0, True), Bid(0, 1.0), Double(0, "yes"), Show(1, 1), Play(True, "3"))
WRONG_TYPES += (Play(0, 3), Play(1.0, "3"), Pass(1.0), Pass(-1), Swap(0, ("a",)), Play(0, "3", cards=(0.5,)))


def illegal_actions(match: Match) -> list[object]:
    """Actions that are illegal now whatever the state: wrong types and ranges, seats that are not waited for,
    actions of another phase, cards not held."""
    players = match.players
    out: list[object] = [*WRONG_TYPES, Bid(players, 0), Pass(players)]
    waiting = match.waiting
    idle = [seat for seat in range(players) if seat not in waiting]
    phase = match.phase
    if phase is not Phase.HAND_OVER:
        out.append(NextHand())
    if phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        out += [Abandon(), DealExpired(), Pass(0), Bid(0, 0)]
    if phase is not Phase.BIDDING:
        out.append(Bid(0, 1))
    else:
        out += [Bid(waiting[0], 99), *(Bid(seat, 0) for seat in idle)]
    if phase is not Phase.PLAYING:
        out.append(Play(0, "3"))
    else:
        out += _illegal_plays(match, waiting[0], idle)
    if phase is Phase.DOUBLING:
        out += [Double(seat, True) for seat in idle]
    if phase is Phase.SWAPPING:
        out += [Swap(seat, ()) for seat in idle] + [Swap(waiting[0], ())]
    return out


def _illegal_plays(match: Match, turn: int, idle: list[int]) -> list[Action]:
    hand = match.hand
    other = idle[0]
    out: list[Action] = [Pass(seat) for seat in idle] + [Play(other, match.ranks(other)[:1])]
    out += [Play(turn, "3" * 9), Play(turn, ""), Play(turn, "x"), Play(turn, "pass")]
    out.append(Play(turn, match.deck[hand.hands[other][0]].char, cards=(hand.hands[other][0],)))
    if hand.last is None:
        out.append(Pass(turn))
    return out


def _state(match: Match) -> tuple[object, ...]:
    """What an action could change, compared before and after refusals. The hand's fields hold lists (the hands: of
    lists), copied as tuples, which later changes to the originals cannot reach."""
    hand = tuple(_frozen(value) if isinstance(value, list) else value for value in vars(match.hand).values())
    return match.phase, tuple(match.scores), len(match.log), len(match.results), match.winners, hand


def _frozen(items: list) -> tuple:
    return tuple(tuple(item) if isinstance(item, list) else item for item in items)
