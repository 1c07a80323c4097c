"""The three bot levels as data: what each one is allowed to think about (documented in docs/bots.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    counts_cards: bool  # remembers every card played and knows which plays can still be beaten
    cooperates: bool  # farmer tactics: feed the partner, block the landlord, leave the partner's plays alone
    margin: float  # answer an enemy play if the hand's score (evaluate.score) drops by less than this
    farmer_margin: float  # the same for a farmer answering the landlord
    slip: float  # chance of taking the second-best choice on a free lead (a human-like mistake)
    bid_bias: float  # added to the hand score before bidding: negative bids more cautiously
    grades: bool  # bids what the hand is worth, reading the auction and the match, rather than the lowest it may
    early_grades: tuple[float, float, float]  # least value above the floor for a 1, 2, 3 while later seats may outbid
    last_grades: tuple[float, float, float]  # the same for the last seat to answer
    blocking_grades: tuple[float, float, float]  # the same in front of a pre-emptor (bidding.pre_emptors)
    risk: float  # added to the value by a seat trailing a leader within one hand of the target
    bid_mix: float  # half-width of the noise on the hand's value when bidding: mixes the bids near a grade
    # looking ahead: nothing unless set
    search_nodes: int = 0  # end-game search budget in positions per decision (0: no search)
    samples: int = 0  # deals of the unseen cards the end-game search plays out
    search_cards: int = 0  # search once three hands together hold at most this many cards (pro rata at 2 or 4 seats)
    farmer_search_cards: int = 0  # the same for a farmer
    proof_deals: int = 0  # then: consistent deals the moves are proved on (all of them when no more, or when cheap)
    proof_nodes: int = 0  # positions those proofs may search, per decision (game.solver, exact)
    late_proof_nodes: int = 0  # the same once three hands together hold at most `late_cards` (pro rata)
    late_cards: int = 0
    exact_deals: int = 0  # with no more consistent deals than this, every legal move is proved on all of them first
    exact_nodes: int = 0  # positions those first proofs may search (0: the decision's whole proof budget)
    cashes_bombs: bool = False  # then, the hand proved won, plays a bomb or rocket that wins as well: it doubles
    weighs_stakes: bool = False  # the look-ahead weighs what a deal pays, not only who wins it: a bomb doubles both
    every_deals: int = 0  # with no more than this, the moves that won every sampled deal are proved on all of them
    close_wins: int = 0  # and the moves that won this many sampled deals fewer than the search's (its budget misjudges)
    rollouts: int = 0  # before that: deals of the unseen cards on which a few candidate moves are played out
    rollout_moves: int = 0  # moves those play-outs may make in all, per decision (then the hand plans judge)
    rollout_cards: int = 0  # play out once three hands together hold at most this many cards (pro rata)
    rollout_exact: int = 0  # a play-out reaching this many cards in all is solved exactly from there
    rollout_exact_nodes: int = 0  # positions those solutions may search in all, per decision


# Cleanly shedding one part of the plan changes the score by PLAY_COST minus the part's strength; breaking a
# shape costs more. The margins below were measured in the arena (benchmarks/bots.py, docs/bots.md).
EASY = Level(
    "easy",
    counts_cards=False,
    cooperates=False,
    margin=1.0,
    farmer_margin=1.0,
    slip=0.25,
    bid_bias=-4.0,
    grades=False,
    early_grades=(0.0, 0.0, 0.0),
    last_grades=(0.0, 0.0, 0.0),
    blocking_grades=(0.0, 0.0, 0.0),
    risk=0.0,
    bid_mix=0.15,
)
NORMAL = Level(
    "normal",
    counts_cards=True,
    cooperates=True,
    margin=-5.0,
    farmer_margin=-10.0,
    slip=0.0,
    bid_bias=0.0,
    grades=True,
    early_grades=(-0.25, 0.15, 0.5),  # graded: a 1 from the top 90% of dealt hands, a 2 from 60%, a 3 from 30%
    last_grades=(-0.25, 0.45, 1.05),  # the last seat keeps the hand whatever it bids: it raises just enough
    blocking_grades=(0.0, 0.0, 0.0),  # in front of a pre-emptor a low bid is outbid: 3 on any hand worth a bid
    risk=0.25,
    bid_mix=0.1,
    search_nodes=10_000,  # the last 23 cards played out on 10 sampled deals (docs/bots.md, "normal searches")
    samples=10,
    search_cards=23,
    farmer_search_cards=23,
    proof_deals=100,  # issue 34: no proven blunder (docs/bots.md, "Proofs")
    proof_nodes=60_000,
    late_proof_nodes=120_000,  # a position costs 4-6 µs there, up to 13 at 24 cards: about the same time at most
    late_cards=20,  # (deal 9000455: proving the landlord's 6 on its 83 deals costs 67,000-90,000 positions)
    exact_deals=24,
    every_deals=3000,  # the proof screen's own limit
    close_wins=3,
)
HARD = replace(  # normal with a larger end-game search and, before it, play-outs of the middle game
    NORMAL,
    name="hard",
    search_nodes=20_000,
    samples=10,
    search_cards=20,
    farmer_search_cards=24,  # a farmer gains from 24, a landlord loses (docs/bots.md, "a farmer searches from 24")
    proof_deals=100,  # 200 until deal 7000519: a 2 proved on 200 deals cost 74,000 positions, more than the budget
    proof_nodes=60_000,
    exact_deals=40,
    exact_nodes=60_000,  # deal 1000885 (seed 1): 120,000 proving moves none of which wins everywhere, 1.25 s
    cashes_bombs=True,
    weighs_stakes=True,
    every_deals=3000,
    close_wins=3,
    rollouts=16,  # 4, 8 and 24 were measured too: more deals make the choice between moves less noisy, to 16
    rollout_moves=1440,
    rollout_cards=36,  # 30 before; 40, 42 and 54 were no better (docs/bots.md, "hard plays out from 36 cards")
    rollout_exact=12,
    rollout_exact_nodes=30_000,
    early_grades=(0.0, 0.0, 0.0),  # pre-empts: any hand worth a bid bids 3 while a later seat could take the hand
    last_grades=(0.0, 0.15, 0.15),  # the last seat bids 1 on a hand worth less than nothing, else 3
)
BY_NAME = {level.name: level for level in (EASY, NORMAL, HARD)}


def level_of(name: str) -> Level:
    try:
        return BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r}; levels are {', '.join(BY_NAME)}") from None
