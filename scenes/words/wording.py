"""The rules core's English-only words in the player's language: combination kinds, readings ("pair of 9s"),
refusal reasons (`Rejection` code + params), rank names, rulesets and bot levels.

The core stays pure and English: a scene translates by code, by `Kind` value, by rank index or by ruleset name.
A reason's params that the core fills with its own English words (a kind's title, a reading's description, a
rank name) are turned back into what they name and said again in the current language.
"""

from __future__ import annotations

import re

from game.bots.reasons import NUMBER_WORDS, Suggestion
from game.cards import RANK_NAMES, WILD
from game.combos import Reading
from game.kinds import KIND_TITLES, Kind
from game.match import Hand
from game.reasons import AN_BEFORE, Rejection
from game.rulesets import Ruleset
from game.scoring import Settlement
from scenes.words.i18n import language, tr

RUNS = (Kind.STRAIGHT, Kind.PAIR_RUN, Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS)
KIND_BY_TITLE = {title: kind for kind, title in KIND_TITLES.items()}
RANK_BY_NAME = {name: rank for rank, name in enumerate(RANK_NAMES)}
DESCRIBED = re.compile(
    r"(?:single (?P<single>.+)|(?P<rocket>the rocket)|(?P<run>.+) (?P<low>\S+)-(?P<high>\S+)|"
    r"(?P<of>.+) of (?P<rank>.+)s)"
)


BOMB_CLASSES = {"soft bomb": "kinds.soft_bomb_of", "pure-wild bomb": "kinds.wild_bomb_of"}  # Reading.describe's words


def kind_name(kind: Kind) -> str:
    """'pair run' / '连对'."""
    return tr(f"kinds.{kind.value}")


def rank_name(rank: int) -> str:
    """'10', 'K', 'small joker' / '小王'."""
    return tr(f"kinds.rank_{rank}")


def describe(reading: Reading) -> str:
    """A reading as the player reads it: 'pair of 9s', 'straight 3-7', 'the rocket' / '对9', '顺子 3-7', '王炸'; at the
    wild-card tables a bomb says its class ('soft bomb of 7s') and the extra wild card alone says so."""
    if reading.grade and reading.kind is Kind.SINGLE:
        return tr("kinds.single_of", rank=rank_name(WILD))
    if reading.grade and reading.kind is Kind.BOMB:
        key = BOMB_CLASSES["pure-wild bomb" if reading.grade > 0 else "soft bomb"]
        return tr(key, rank=rank_name(reading.top))
    return _described(reading.kind, reading.top - reading.length + 1, reading.top)


def _described(kind: Kind, low: int, high: int) -> str:
    if kind is Kind.ROCKET:
        return tr("kinds.the_rocket")
    if kind is Kind.SINGLE:
        return tr("kinds.single_of", rank=rank_name(high))
    if kind in RUNS:
        return tr("kinds.run_of", kind=kind_name(kind), low=rank_name(low), high=rank_name(high))
    return tr("kinds.set_of", kind=kind_name(kind), rank=rank_name(high))


def reason(rejection: Rejection) -> str:
    """Why a play or an action was refused, in the current language."""
    params = {name: _param(value) for name, value in rejection.params.items()}
    said = tr(f"reasons.{rejection.code}", **params)
    return AN_BEFORE.sub(r"\1n ", said) if language() == "en" else said


def _param(value: object) -> object:
    """A param said again in the current language when it is one of the core's English words."""
    if not isinstance(value, str) or language() == "en":
        return value
    if value in KIND_BY_TITLE:
        return kind_name(KIND_BY_TITLE[value])
    if value in RANK_BY_NAME:
        return rank_name(RANK_BY_NAME[value])
    found = DESCRIBED.fullmatch(value)
    if found is None:
        return value
    if found["rocket"]:
        return tr("kinds.the_rocket")
    if found["single"] in RANK_BY_NAME:
        return _described(Kind.SINGLE, 0, RANK_BY_NAME[found["single"]])
    if found["run"] in KIND_BY_TITLE and found["low"] in RANK_BY_NAME and found["high"] in RANK_BY_NAME:
        return _described(KIND_BY_TITLE[found["run"]], RANK_BY_NAME[found["low"]], RANK_BY_NAME[found["high"]])
    if found["of"] in KIND_BY_TITLE and found["rank"] in RANK_BY_NAME:
        return _described(KIND_BY_TITLE[found["of"]], 0, RANK_BY_NAME[found["rank"]])
    if found["of"] in BOMB_CLASSES and found["rank"] in RANK_BY_NAME:  # the wild-card tables' bombs
        return tr(BOMB_CLASSES[found["of"]], rank=rank_name(RANK_BY_NAME[found["rank"]]))
    return value


def ruleset_title(rules: Ruleset) -> str:
    return tr(f"rulesets.{rules.name}_title")


def ruleset_summary(rules: Ruleset) -> str:
    return tr(f"rulesets.{rules.name}_summary")


def level_name(level: str) -> str:
    return tr(f"settings.level_{level}")


def deal_label(hand: Hand) -> str:
    """'Deal #12' / '牌局 #12'; a collected (no-shuffle) deal says so, as its number alone cannot replay it."""
    return tr("table.deal_collected" if hand.collected else "table.deal", number=hand.deal_no)


COUNTED = re.compile(r"(?P<n>\w+) (?P<thing>card|play)s?")
ENEMIES = {"The landlord": "hints.the_landlord", "A farmer": "hints.a_farmer"}
SAMPLES = re.compile(r"(?P<won>\d+) of (?P<of>\d+)")


def hint(suggestion: Suggestion) -> str:
    """Why Suggest picked its move, in the current language."""
    return tr(f"hints.{suggestion.key}", **{name: _hint_param(value) for name, value in suggestion.params.items()})


def _hint_param(value: object) -> object:
    """English keeps the core's own words ("two plays"); another language says them again."""
    if language() == "en":
        return value
    if isinstance(value, str) and value in ENEMIES:
        return tr(ENEMIES[value])
    counted = COUNTED.fullmatch(value) if isinstance(value, str) else None
    if counted is not None and counted["n"] in NUMBER_WORDS + tuple(map(str, range(100))):
        n = NUMBER_WORDS.index(counted["n"]) if counted["n"] in NUMBER_WORDS else int(counted["n"])
        return tr(f"hints.{counted['thing']}s", count=n)
    samples = SAMPLES.fullmatch(value) if isinstance(value, str) else None
    if samples is not None:
        return tr("hints.samples", won=samples["won"], of=samples["of"])
    return _param(value)


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
