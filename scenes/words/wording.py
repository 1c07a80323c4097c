"""The rules core's data in the player's words: combination kinds, readings ("pair of 9s"), refusal reasons
(`Rejection` code + params), suggestion reasons (`Suggestion` key + params), rank names, rulesets and bot levels.

The core hands data, never words: a reason's params are kinds, readings, rank characters, moves, seats and counts
(`game.reasons`, `game.bots.reasons`), each said here from the catalogue by what its name says it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import reduce
from typing import Any, Protocol

from game.bots.reasons import Suggestion
from game.cards import RANK_INDEX, WILD
from game.combos import reading_from_text
from game.kinds import Kind
from game.reasons import Phrase
from game.rulesets import Ruleset
from game.view import Reading, Rejection, Settlement
from scenes.words.i18n import tr

RUNS = (Kind.STRAIGHT, Kind.PAIR_RUN, Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS)
COUNT_WORDS = 10  # counts up to ten are said in words where the language has them ("two plays"), higher in digits


def kind_name(kind: Kind) -> str:
    """'pair run' / '连对'."""
    return tr(f"kinds.{kind.value}")


def run_name(kind: Kind) -> str:
    """A family of runs: 'straight', 'pair run', 'airplane' (any airplane, with wings or without)."""
    return tr("kinds.any_airplane") if kind is Kind.AIRPLANE else kind_name(kind)


def rank_name(rank: int) -> str:
    """'10', 'K', 'small joker' / '小王'."""
    return tr(f"kinds.rank_{rank}")


def describe(reading: Reading) -> str:
    """A reading as the player says it: 'pair of 9s', 'straight 3-7', 'triple of Ks with a pair', 'the rocket' /
    '对9', '顺子 3-7', 'KKK带一对', '王炸'; at the wild-card tables a bomb says its class ('soft bomb of 7s') and the
    extra wild card alone says so."""
    high = reading.top
    if reading.grade and reading.kind is Kind.SINGLE:
        return tr("kinds.single_of", rank=rank_name(WILD))
    if reading.grade and reading.kind is Kind.BOMB:
        return tr("kinds.wild_bomb_of" if reading.grade > 0 else "kinds.soft_bomb_of", rank=rank_name(high))
    if reading.kind is Kind.ROCKET:
        return tr("kinds.the_rocket")
    if reading.kind is Kind.SINGLE:
        return tr("kinds.single_of", rank=rank_name(high))
    low = high - reading.length + 1 if reading.kind in RUNS else high
    return tr(f"kinds.{reading.kind.value}_of", rank=rank_name(high), low=rank_name(low))


def joined(key: str, texts: Sequence[str]) -> str:
    """`texts` joined pairwise by the template `key` ("{first} {then}"): a `tr` text all through, for `resay`."""
    return reduce(lambda first, then: tr(key, first=first, then=then), texts)


def _answer(answer: str) -> str:
    return tr(f"auction.{answer}")


# How each param of a refusal is said; any other param (a count, a seat, the typed character) is said as it is.
REASON_PARAMS: dict[str, Callable[[Any], object]] = {
    "shape": kind_name,
    "last_shape": kind_name,
    "run": run_name,
    "play": describe,
    "last": describe,
    "missing": lambda rank: rank_name(RANK_INDEX[rank]),
    "choices": lambda values: joined("reasons.or", [str(value) for value in values]),
    "yes": _answer,
    "no": _answer,
    "count": Phrase,  # takes an article in English: "an 8-card straight"
    "last_count": Phrase,
    "extra_cards": lambda n: tr("reasons.cards_one" if n == 1 else "reasons.cards", count=n),
}


def reason(rejection: Rejection) -> str:
    """Why a play or an action was refused, in the current language."""
    params = rejection.params.items()
    return tr(f"reasons.{rejection.code}", **{name: REASON_PARAMS.get(name, _same)(value) for name, value in params})


def _same(value: object) -> object:
    return value


def counted(thing: str, n: int) -> str:
    """'two plays', 'one card' / '2 手', '1 张牌': `thing` is "plays" or "cards"."""
    count = tr(f"hints.count_{n}") if n <= COUNT_WORDS else str(n)
    return tr(f"hints.{thing}_one" if n == 1 else f"hints.{thing}", count=count)


def hint(suggestion: Suggestion, rules: Ruleset, landlord: int | None) -> str:
    """Why Suggest picked its move, in the current language: a move by its reading at this table, an enemy by its
    side (the landlord, or a farmer)."""

    def move(text: str) -> str:
        reading = None if text == "pass" else reading_from_text(text, rules)
        return tr("hints.passing") if reading is None else describe(reading)

    says: dict[str, Callable[[Any], object]] = {
        "play": move,
        "last": move,
        "plays": lambda n: counted("plays", n),
        "cards": lambda n: counted("cards", n),
        "enemy": lambda seat: tr("hints.the_landlord" if seat == landlord else "hints.a_farmer"),
    }
    params = suggestion.params.items()
    return tr(f"hints.{suggestion.key}", **{name: says.get(name, _same)(value) for name, value in params})


def ruleset_title(rules: Ruleset) -> str:
    return tr(f"rulesets.{rules.name}_title")


def ruleset_summary(rules: Ruleset) -> str:
    return tr(f"rulesets.{rules.name}_summary")


def level_name(level: str) -> str:
    return tr(f"settings.level_{level}")


class Dealing(Protocol):
    """A deal as a label names it: a hand of the match, or a seat's view of it."""

    deal_no: int | None  # None at a room while the hand is played: the number would tell every hand's cards
    collected: bool


def deal_label(deal: Dealing) -> str:
    """'Deal #12' / '牌局 #12'; a collected (no-shuffle) deal says so, as its number alone cannot replay it; a room
    tells the number once the hand is over."""
    if deal.deal_no is None:
        return tr("table.deal_hidden")
    return tr("table.deal_collected" if deal.collected else "table.deal", number=deal.deal_no)


def doubling_step(doubling: str, factor: int) -> str:
    """'Soft bomb ×2', 'Bomb ×4' / '软炸弹 ×2'."""
    return tr("settlement.step_double", name=tr(f"settlement.doubling_{doubling}"), factor=factor)


def score_steps(settlement: Settlement) -> list[str]:
    """The steps of the score before its formula, as `Settlement.lines` spells them, in the current language."""
    steps = [tr("settlement.step_bid", bid=settlement.bid)]
    steps += [doubling_step(doubling, factor) for doubling, factor in settlement.steps()]
    if settlement.multiplier < settlement.uncapped:
        steps.append(tr("settlement.step_capped", multiplier=settlement.multiplier))
    return steps


def listed(names: list[str]) -> str:
    """'Bao', 'Bao and Lin', 'You, Bao and Lin' / '你、Bao和Lin'."""
    *others, last = names
    return tr("settlement.names_and", others=tr("settlement.names_sep").join(others), last=last) if others else last
