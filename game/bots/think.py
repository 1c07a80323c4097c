"""One decision for the seat to act: the rules of thumb, overruled by the play-outs or the end-game search when the
level looks ahead and few enough cards are left, and the search's move by one proved to win on every consistent deal
where it does not."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager

from game.bots.endgame import search
from game.bots.levels import Level
from game.bots.policy import PASS, breaks_bomb, decide
from game.bots.proof import (
    Hands,
    deal_count,
    drawn,
    first_sure,
    legal_moves,
    prover,
    sure_move,
    whole,
)
from game.bots.reasons import Suggestion
from game.bots.rollout import MIN_GAIN, look_ahead
from game.bots.table import Table
from game.cards import parse
from game.combos import classify
from game.solver import Solver

# Nothing to search: the hand ends, or passing is the only move.
SETTLED = ("wins_now", "within_allowance", "nothing_beats")
# The play-outs weigh plans, not a hand's last plays: a seat two plays from going out that cannot win a lead later
# fights for it as the rule says (deal #50518194's TJQKA), unless the end-game search finds better.
CLOSING = ("retakes_lead",)


@contextmanager
def unswept() -> Iterator[None]:
    """The cycle collector paused for one decision. The searches make millions of short-lived tuples and keep their
    tables in dicts, none of them in cycles; the collector, set off by the allocations, spent a fifth of a deep
    decision's time (100-140 ms of 600) scanning them. Cycles made meanwhile wait for its next pass."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def think(t: Table, level: Level, rng: random.Random) -> Suggestion:
    with unswept():
        return _think(t, level, rng)


def _within(t: Table, cards: int) -> bool:
    """Do the hands together hold at most `cards`, counted as at three seats (pro rata at two or four)?"""
    return 3 * sum(t.sizes) <= cards * t.players


def _bomb_like(t: Table, move: str) -> bool:
    return move != "pass" and any(r.kind.is_bomb_like for r in classify(parse(move), t.rules))


def _keeps_bombs(t: Table, move: str) -> bool:
    """Does `move` keep every bomb and the rocket whole: neither plays one nor breaks one?"""
    return move == PASS or not (_bomb_like(t, move) or breaks_bomb(t, move))


def _cashed(t: Table, bombs: list[str], deals: list[Hands], proofs: Solver) -> str | None:
    """A bomb or rocket of `bombs` proved to win on every one of `deals` (all the consistent deals), or None. Played
    in a hand that is won, each one doubles what it pays (000 §18); kept to the end, it doubles nothing."""
    found = first_sure(t, bombs, deals, proofs) if bombs else None
    return None if found is None else found[0]


def _think(t: Table, level: Level, rng: random.Random) -> Suggestion:
    choice = decide(t, level, rng)
    if choice.key in SETTLED or not level.search_nodes or not t.dealable:
        return choice
    if not _within(t, level.search_cards if t.is_landlord else level.farmer_search_cards):
        if not level.rollouts or choice.key in CLOSING or not _within(t, level.rollout_cards):
            return choice
        ahead = look_ahead(t, level, choice.move, rng)
        return choice if ahead is None else _weighed(t, level, choice, ahead, level.rollouts, MIN_GAIN)
    provable = level.proof_deals and whole(t)
    exact = provable and deal_count(t) <= level.exact_deals
    # one budget for the decision's proofs, before and after the search
    proofs = prover(t, level.late_proof_nodes if _within(t, level.late_cards) else level.proof_nodes)
    if exact:  # few deals: a move proved to win on every one of them is played (issue 34)
        deals = drawn(t, level.exact_deals, rng)
        moves = legal_moves(t, deals[0])
        whole_budget, proofs.limit = proofs.limit, min(proofs.limit, level.exact_nodes or proofs.limit)
        sure = first_sure(t, [choice.move, *moves], deals, proofs)
        proofs.limit = whole_budget
        if sure is not None:
            move = sure[0]
            if level.cashes_bombs and not _bomb_like(t, move):
                move = _cashed(t, [m for m in moves if _bomb_like(t, m)], deals, proofs) or move
            if move == choice.move:
                return choice
            return Suggestion(move, "looks_ahead", {"play": move, "won": len(deals), "of": len(deals)})
    wins = search(t, level.search_nodes, level.samples, rng, include=choice.move)
    found = _weighed(t, level, choice, wins, level.samples, 1)
    if not provable or exact:
        return found
    played = _proved(t, level, choice, found, wins, proofs, rng)
    if not level.cashes_bombs or _bomb_like(t, played.move) or deal_count(t) > level.every_deals:
        return played
    # a bomb that won every sampled deal, proved on all the consistent deals (few enough)
    bombs = [m for m, n in wins.items() if n == level.samples and _bomb_like(t, m)]
    if not bombs:
        return played
    deals = drawn(t, level.every_deals, rng)
    bomb = _cashed(t, bombs, deals, proofs)
    if bomb is None:
        return played
    return Suggestion(bomb, "looks_ahead", {"play": bomb, "won": len(deals), "of": len(deals)})


def _weighed(t: Table, level: Level, choice: Suggestion, wins: dict[str, int], of: int, gain: int) -> Suggestion:
    """The move that won the most of `of` sampled deals if it won at least `gain` more than the rule's, else the
    rule's. With `level.weighs_stakes`, a bomb or rocket that won fewer than half of them gives way to the best move
    keeping it whole if that loses less of the stake: the bomb doubles what the hand pays, lost as well as won (000
    §18)."""
    best = max(wins, key=lambda m: (wins[m], m == choice.move))
    found = choice
    if wins[best] >= wins[choice.move] + gain:
        found = Suggestion(best, "looks_ahead", {"play": best, "won": wins[best], "of": of})
    if not level.weighs_stakes or not _bomb_like(t, found.move):
        return found
    others = [m for m in wins if _keeps_bombs(t, m)]
    if not others:
        return found
    stake = 2 * (2 * wins[found.move] - of)  # won minus lost, doubled
    other = max(others, key=lambda m: (wins[m], m == choice.move, m == PASS))
    if 2 * wins[other] - of <= stake:
        return found
    return Suggestion(other, "spares_bomb", {"play": other, "won": wins[found.move], "of": of})


def _proved(
    t: Table,
    level: Level,
    choice: Suggestion,
    found: Suggestion,
    wins: dict[str, int],
    proofs: Solver,
    rng: random.Random,
) -> Suggestion:
    """The search's move, or one proved to win on every consistent deal in its place where it does not."""
    # A move that wins on every deal won every sampled one, unless the search's budget misjudged it: only such moves,
    # the rule's own and, with few enough deals to prove them on all, those close behind the search's are worth a
    # proof (most decisions have none beside the search's own).
    close = level.samples
    if level.close_wins and deal_count(t) <= level.every_deals:
        close = wins[found.move] - level.close_wins
    full = [m for m, n in wins.items() if (n >= close or m == choice.move) and m != found.move]
    if not full:
        return found
    bar = wins[found.move] / level.samples  # what the search judges its move to win
    sure = sure_move(t, found.move, full, level.proof_deals, proofs, rng, level.every_deals, bar)
    if sure is None:
        return found
    move, deals = sure
    return Suggestion(move, "looks_ahead", {"play": move, "won": deals, "of": deals})
