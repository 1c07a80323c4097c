"""Player-facing reasons a selection or an action is refused (000 §21-§22).

A rejection is a message key with parameters that are data, never words: a `Kind` (`shape`, `last_shape`; `run`
names a family of runs, the airplanes by `Kind.AIRPLANE`), a `Reading` (`play`, `last`), a rank character
(`missing`), the typed character (`rank`), auction answers (`yes`, `no`: "call", "no_call", ...), the bids allowed
(`choices`), and counts and seats. `text` says it in the core's English for the text API; the presentation says the
same data in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.cards import RANK_INDEX, RANK_NAMES
from game.kinds import Kind

MESSAGES: dict[str, str] = {
    "empty": "Select the cards you want to play first.",
    "not_in_hand": "You do not hold those cards.",
    "not_your_turn": "It is not your turn.",
    "wrong_phase": "That action is not available now.",
    "free_lead_pass": "You have a free lead and cannot pass: play any legal combination.",
    "bid_not_higher": "A bid must be higher than the current bid of {current}.",
    "bid_invalid": "Choose No bid or a bid of {choices}.",
    "answer_invalid": "Answer {yes} (1) or {no} (0).",
    "no_such_seat": "There is no seat {seat} at this table.",
    "already_doubled": "That seat has already chosen whether to double.",
    "not_landlord": "Only the landlord may show the hand.",
    "two_in_run": "A 2 cannot be part of {run:a}.",
    "joker_in_run": "Jokers cannot be part of {run:a}.",
    "run_gap": "{run:A} cannot skip a rank: {missing} is missing.",
    "not_an_action": "{value} is not an action.",
    "bid_not_whole": "A bid is a whole number, not {value}.",
    "choice_not_bool": "The answer is yes or no (true or false), not {value}.",
    "move_not_text": "A play is a string of ranks, not {value}.",
    "kind_unknown": "{value} is not a kind of combination.",
    "cards_not_ids": "The cards of a play are a list of card numbers, not {value}.",
    "straight_short": "A straight needs at least five consecutive cards; you selected {count}.",
    "pair_run_short": "A pair run needs at least three consecutive pairs; you selected only {pairs}.",
    "not_a_pair": "A pair needs two cards of the same rank.",
    "jokers_not_pair": "The two jokers together are the rocket and are played on their own.",
    "rocket_alone": "The two jokers form the rocket only when played alone.",
    "rocket_all_jokers": "Jokers are played alone, as a pair of equal jokers, or all of them together as the rocket.",
    "triple_attachment": "A triple takes one single (4 cards) or one pair (5 cards), not {extra} extra cards.",
    "pair_attachment_joker": "Jokers cannot form a pair attachment.",
    "four_attachment": "Four of a kind takes exactly two singles (6 cards) or two pairs (8 cards).",
    "four_pairs_distinct": "Four with two pairs needs two pairs of different ranks.",
    "wings_count": (
        "An airplane of {triples} triples needs {triples} single wings or {triples} pair wings; "
        "you added {extra_cards}."
    ),
    "wings_reuse_body": "Airplane wings cannot reuse a rank of the airplane's body.",
    "wings_both_jokers": "Both jokers cannot be wings together.",
    "wings_mixed": "Airplane wings must be all singles or all pairs, of different ranks, without jokers.",
    "not_that_kind": "These cards cannot be played as {shape}.",
    "unknown_rank": "Unknown card {rank!r}: the ranks are 3456789TJQKA2BR.",
    "no_combination": "These cards do not form a legal combination.",
    "not_allowed": "{shape:A} is not allowed at this table.",
    "different_shape": "{shape:A} cannot answer {last:a}: answer with the same shape, or a bomb.",
    "wrong_count": "{count:A}-card {shape} cannot answer {last_count:a}-card {last_shape}: the card count must match.",
    "not_higher": "Not high enough: {play} does not beat {last}.",
    "equal_not_higher": "A tie cannot beat a play: {play} is only equal to {last}.",
    "bomb_lower": "Your bomb is lower: {play} does not beat {last}.",
    "rocket_unbeatable": "Nothing beats the rocket.",
    "match_over": "The match is over; start a new match.",
    "already_swapped": "That seat has already picked the cards it passes on.",
    "swap_count": "Pick exactly {count} cards to pass to the next player.",
    "bad_reading": "These cards cannot be read as {ranks}: only wild cards stand for another rank, never a joker.",
    "wild_alone": "Wild cards played alone, or only together, keep their printed rank.",
    "wild_no_reading": "These cards do not form a legal combination, whatever the wild cards stand for.",
    "wild_unwritten": "As written, every wild card is its printed rank and these cards are no combination: write the"
    " ranks the wild cards stand for, as in {move}.",
}


class Phrase(str):
    """English words that take an article from a template: ``{shape:a}`` is "an airplane", ``{count:A}`` is "An 8".
    The article follows the sound the words begin with (a vowel, or eight, eleven, eighteen: counts stay below 100).
    """

    def __format__(self, spec: str) -> str:
        return with_article(self, spec) if spec in ("a", "A") else super().__format__(spec)


def with_article(words: str, spec: str) -> str:
    """`words` after "a" or "an" ("A"/"An" when `spec` is "A")."""
    digits = words[: len(words) - len(words.lstrip("0123456789"))]
    vowel = words[:1].lower() in "aeiou" if not digits else digits[0] == "8" or digits in ("11", "18")
    article = "an" if vowel else "a"
    return f"{article.capitalize() if spec == 'A' else article} {words}"


ANSWERS = {"call": "Call", "no_call": "No call", "rob": "Rob", "no_rob": "No rob"}

# How the core's English says each kind of param; any other param (a count, a seat) is said as it is.
ENGLISH: dict[str, Callable[[Any], object]] = {
    "shape": lambda kind: Phrase(kind.title),
    "last_shape": lambda kind: Phrase(kind.title),
    "run": lambda kind: Phrase("airplane" if kind is Kind.AIRPLANE else kind.title),
    "play": lambda reading: Phrase(reading.describe()),
    "last": lambda reading: Phrase(reading.describe()),
    "missing": lambda rank: RANK_NAMES[RANK_INDEX[rank]],
    "choices": lambda values: " or ".join(map(str, values)),
    "yes": ANSWERS.__getitem__,
    "no": ANSWERS.__getitem__,
    "count": lambda n: Phrase(n),
    "last_count": lambda n: Phrase(n),
    "extra_cards": lambda n: f"{n} card" if n == 1 else f"{n} cards",
}


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why an action was refused. Nothing changes in the state when an action is rejected."""

    code: str
    params: dict[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        said = {name: ENGLISH.get(name, lambda value: value)(value) for name, value in self.params.items()}
        return MESSAGES[self.code].format(**said)

    def __str__(self) -> str:
        return self.text


class IllegalAction(ValueError):
    """Raised by the state machine for a refused action; carries the player-facing reason."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.text)
        self.rejection = rejection
