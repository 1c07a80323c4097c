"""Why a bot chose a move: a message key with parameters, rendered as one honest sentence (000 §21).

The params are data: `play` and `last` a move's rank string ("pass" for passing), `plays` and `cards` counts,
`enemy` a seat, `won` and `of` a sampled estimate. `text` says it in the core's English; the presentation says the
same data in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

MESSAGES: dict[str, str] = {
    "wins_now": "Plays out your last cards: you win the hand.",
    "within_allowance": "Brings you down to your allowance: you win the hand.",
    "runs_out": "Nobody can beat {play}, and then you can play out the rest.",
    "feeds_partner": "Your partner has {cards} left: lead {play} so they can go out.",
    "blocks_single": "{enemy} has one card: play {play}, never a single it can take.",
    "avoids_short": "{enemy} has {cards} left: play {play}, a shape it cannot go out on.",
    "blocks_low": "{enemy} has {cards} left: play {play}, the hardest to beat.",
    "sheds_weakest": "Leads your weakest play, {play}, and leaves {plays}.",
    "keeps_bomb": "Keeps your bomb and leaves {plays}.",
    "cheapest": "Answers with {play}, the cheapest answer, and leaves {plays}.",
    "takes_control": "Takes the lead with {play}, which nobody can beat.",
    "retakes_lead": "Plays {play} to win the lead back: passing, your last plays would never get it.",
    "pushes_high": "Plays {play} in front of the landlord, so it must spend a high card to win the round.",
    "partner_winning": "Your partner is winning this round: let it run.",
    "saves_strength": "Passing keeps your strong cards for later.",
    "bomb_wins": "{play} takes the lead and you can play out the rest.",
    "bomb_saves": "{enemy} has {cards} left: {play} to stop them.",
    "leads": "Leads {play} and leaves {plays}.",
    "answers": "Answers with {play} and leaves {plays}.",
    "passes": "Passes and keeps your cards.",
    "nothing_beats": "Nothing in your hand beats {last}.",
    "looks_ahead": "Looking ahead, {play} won about {won} in {of} sampled deals of the unseen cards.",
    "spares_bomb": "Keeps the bomb: looking ahead, it won only about {won} in {of} sampled deals, and a lost bomb "
    "doubles what you pay.",
}


def count_words(n: int, thing: str) -> str:
    """'two plays', 'one card'."""
    word = NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
    return f"{word} {thing}{'' if n == 1 else 's'}"


# How the core's English says each param; `won` and `of` are said as they are.
ENGLISH: dict[str, Callable[[Any], str]] = {
    "play": lambda move: "passing" if move == "pass" else move,
    "last": str,
    "plays": lambda n: count_words(n, "play"),
    "cards": lambda n: count_words(n, "card"),
    "enemy": lambda seat: f"Seat {seat + 1}",
}


@dataclass(frozen=True)
class Suggestion:
    """A move and the reason for it, as a message key with parameters (never a sentence glued in a scene)."""

    move: str  # rank string or "pass"
    key: str
    params: dict[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        said = {name: ENGLISH.get(name, str)(value) for name, value in self.params.items()}
        return MESSAGES[self.key].format(**said)
