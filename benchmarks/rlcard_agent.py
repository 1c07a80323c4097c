"""RLCard's public Dou Dizhu rule agent (`rlcard.models.doudizhu_rule_models.DouDizhuRuleAgentV1`) as an arena
player: an outside, published opponent to measure the bots against (docs/bots.md, "Against RLCard").

Only the benchmarks import this, and only when a pairing names `rlcard`: the package is a benchmark dependency
(requirements-bench.txt, `make bench-bots`), never the game's. The agent reads RLCard's raw state; our rank
strings ("3456789TJQKA2BR", sorted low to high) are already RLCard's card strings, so the adapter only builds that
state from the seat's Observation. The agent's one random choice (a landlord with no same-type answer) draws from
numpy's global generator, which the adapter seeds from the arena's per-play `random.Random`.
"""

from __future__ import annotations

import random

import numpy as np

from game.bots.table import table_of
from game.cards import RANKS
from game.moves import legal
from game.observe import Observation

try:
    from rlcard.games.doudizhu.utils import CARD_TYPE
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
except ImportError as missing:  # pragma: no cover - depends on the bench environment
    raise SystemExit(
        f"the rlcard pairing needs the benchmark requirements: pip install -r requirements-bench.txt ({missing})"
    ) from None

AGENT = DouDizhuRuleAgentV1()
KNOWN = CARD_TYPE[0]  # every play RLCard's standard game knows, keyed by its sorted card string


def rlcard_state(view: Observation) -> dict:
    """The raw state the rule agent reads: the hand, the trace since the first play, the legal actions."""
    t = table_of(view)
    actions = [m for m in legal(t.hand, t.last, t.rules) if m in KNOWN]
    if t.last is not None:
        actions.append("pass")
    return {
        "raw_obs": {
            "current_hand": "".join(sorted(view.hand, key=RANKS.index)),
            "trace": [(seat, move) for seat, move in view.history],
            "actions": actions,
            "landlord": view.landlord,
            "self": view.seat,
        }
    }


def rlcard_move(view: Observation, rng: random.Random) -> str:
    """The rule agent's move for the seat to act."""
    np.random.seed(rng.randrange(2**32))
    return str(AGENT.step(rlcard_state(view)))
