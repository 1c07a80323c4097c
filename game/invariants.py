"""Checks that hold in every reachable state; selfplay and the property tests run them after each action."""

from __future__ import annotations

from game.match import Match, Phase
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
        turn = hand.turn
        if not 0 <= turn < match.players:
            found.append(f"turn {turn} is not a seat")
        elif hand.last is None and not [m for m in match.legal_moves() if m != "pass"]:
            found.append("the player on a free lead has no legal play")
        if any(not cards for cards in hand.hands):
            found.append("a hand is empty but the hand goes on")
    if match.phase in (Phase.SWAPPING, Phase.BIDDING) and any(len(h) != match.rules.hand_size for h in hand.hands):
        found.append(f"a hand has the wrong size during {match.phase.value}")
    if match.phase is Phase.SWAPPING and not match.unswapped():
        found.append("every seat has picked its cards but the swap goes on")
    if match.phase in (Phase.DOUBLING, Phase.SHOWING):
        found += _before_play(match)
    allowance = match.allowance
    if match.phase is Phase.PLAYING and allowance is not None:
        farmers = [len(cards) for seat, cards in enumerate(hand.hands) if seat != hand.landlord]
        if min(farmers) <= allowance:
            found.append(f"a farmer is within the allowance of {allowance} cards but the hand goes on")
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
