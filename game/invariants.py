"""Checks that hold in every reachable state; selfplay and the property tests run them after each action."""

from __future__ import annotations

from game.match import Match, Phase


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
        elif not [m for m in match.legal_moves() if m != "pass"] and hand.last is None:
            found.append("the player on a free lead has no legal play")
        if any(not cards for cards in hand.hands):
            found.append("a hand is empty but the hand goes on")
    if match.phase is Phase.BIDDING and any(len(h) != match.rules.hand_size for h in hand.hands):
        found.append("a hand has the wrong size during bidding")
    if match.phase is Phase.MATCH_OVER and not match.winners:
        found.append("the match is over without a winner")
    return found
