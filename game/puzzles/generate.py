"""The shipped puzzle set: chapters generated from seeded bot-played deals, each ordered by difficulty.

Deterministic for a seed: the deals, the positions tried in each and the proofs all follow from it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from game.match import Phase
from game.puzzles.data import Chapter, Source
from game.puzzles.make import Proven, bot_deal, judge, position_of, positions, theme

TRIES_PER_DEAL = 4


@dataclass(frozen=True, slots=True)
class Form:
    """One chapter's table shape: the ruleset, whose side you are on ("landlord", "farmer", or None for either)
    and the range of cards on the table."""

    chapter: str
    ruleset: str
    role: str | None
    cards: tuple[int, int]


FORMS = (
    Form("landlord", "standard", "landlord", (8, 26)),
    Form("farmers", "standard", "farmer", (8, 26)),
    Form("heads_up", "two-player", None, (8, 26)),
)


def candidates(form: Form, seed: int, level: str, rng: random.Random) -> list[tuple[Proven, Source]]:
    """The good puzzles among a few positions of one bot-played deal (at most one per deal)."""
    match = bot_deal(form.ruleset, seed, level)
    eligible = []
    for state, index in positions(match, 0, len(match.log)):
        if state.phase is not Phase.PLAYING:
            continue
        cards = sum(len(h) for h in state.hand.hands)
        role = "landlord" if state.turn == state.hand.landlord else "farmer"
        if form.cards[0] <= cards <= form.cards[1] and form.role in (None, role):
            last = state.hand.last
            eligible.append((position_of(state), None if last is None else last.move, index, state.hand.deal_no))
    for position, last_text, index, deal in rng.sample(eligible, min(TRIES_PER_DEAL, len(eligible))):
        proven = judge(position, last_text)
        if proven is not None:
            return [(proven, Source(seed, deal, index))]
    return []


def chapter(form: Form, seed: int, count: int, level: str, report: Callable[[str], None] = print) -> Chapter:
    """`count` puzzles of one form from deals of seeds drawn from `seed`, easiest first."""
    rng = random.Random(f"{seed}:{form.chapter}")
    found: list[tuple[Proven, Source]] = []
    seen: set[tuple] = set()
    deals = 0
    while len(found) < count:
        deals += 1
        for proven, source in candidates(form, rng.randrange(2**31), level, rng):
            key = (proven.position.hands, proven.position.landlord, proven.position.last)
            if key not in seen:
                seen.add(key)
                found.append((proven, source))
                report(f"{form.chapter}: {len(found)}/{count} after {deals} deals")
    found.sort(key=lambda item: (item[0].difficulty, item[1].seed))
    numbers: Counter[str] = Counter()
    puzzles = []
    for k, (proven, source) in enumerate(found, start=1):
        numbers[theme(proven.position)] += 1
        puzzles.append(proven.puzzle(source, f"{form.chapter}-{k:02d}", numbers[theme(proven.position)]))
    return Chapter(form.chapter, tuple(puzzles))
