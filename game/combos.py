"""The combination classifier and the beating order (000 §4-§14, RULES.md "Combinations").

`classify` returns every reading of a selection; `beats` compares two readings; `judge` decides a
play against the last one and, when it fails, says why in player-facing words.
"""

from __future__ import annotations

from typing import NamedTuple

from game.cards import ACE, BIG_JOKER, JOKERS, NUM_RANKS, RANK_NAMES, RANKS, SMALL_JOKER, TWO, WILD, Counts, parse
from game.kinds import READINGS, Kind
from game.memo import memo
from game.reasons import Rejection
from game.rulesets import STANDARD, Ruleset

RUN_UNITS = {Kind.STRAIGHT: 1, Kind.PAIR_RUN: 2, Kind.AIRPLANE: 3}
RUN_MIN = {Kind.STRAIGHT: 5, Kind.PAIR_RUN: 3, Kind.AIRPLANE: 2}
WING_UNITS = {Kind.AIRPLANE_SINGLES: 1, Kind.AIRPLANE_PAIRS: 2}


class Reading(NamedTuple):
    """One way to read a selection.

    `top` is the highest body rank (what is compared); `length` is the number of body units
    (cards in a straight, pairs in a pair run, triples in an airplane; the card count of a bomb;
    1 otherwise); `size` is the total card count. `grade` is 0 except at wild-card tables (`game.wild`): a bomb's
    class (1 pure-wild, 0 natural, -1 soft: holds a wild card standing for another rank) and 1 for the extra wild
    card played alone, a single just above the 2.
    """

    kind: Kind
    top: int
    length: int
    size: int
    grade: int = 0

    def describe(self) -> str:
        """Short player-facing name, e.g. 'pair of 9s', 'straight 3-7', 'triple of Ks with a pair'."""
        name = RANK_NAMES[self.top]
        if self.kind is Kind.SINGLE:
            return f"single {RANK_NAMES[WILD] if self.grade else name}"
        if self.kind is Kind.BOMB and self.grade:
            return f"{'pure-wild' if self.grade > 0 else 'soft'} bomb of {name}s"
        if self.kind is Kind.ROCKET:
            return "the rocket"
        run = self.kind in RUN_UNITS or self.kind in WING_UNITS
        return READINGS[self.kind].format(rank=name, low=RANK_NAMES[self.top - self.length + 1] if run else name)


def _consecutive_body(counts: Counts, present: list[int]) -> tuple[int, int] | None:
    """(unit, top) when every present rank has the same count and they form a gap-free run below 2."""
    unit = counts[present[0]]
    if present[-1] >= TWO or any(counts[r] != unit for r in present):
        return None
    if present[-1] - present[0] != len(present) - 1:
        return None
    return unit, present[-1]


def _airplane_wings(counts: Counts, total: int, rules: Ruleset) -> list[Reading]:
    readings = []
    for kind, wing in WING_UNITS.items():
        unit = 3 + wing
        if total % unit or total // unit < 2 or not rules.allows(kind):
            continue
        k = total // unit
        for top in range(k - 1, ACE + 1):
            body = range(top - k + 1, top + 1)
            if any(counts[b] != 3 for b in body):
                continue  # a body rank with a fourth card would make that card a wing of a body rank
            rest = [n if not top - k < r <= top else 0 for r, n in enumerate(counts)]
            jokers = rest[SMALL_JOKER] + rest[BIG_JOKER]
            if (wing == 1 and jokers < 2) or (wing == 2 and not jokers and all(n in (0, 2) for n in rest)):
                readings.append(Reading(kind, top, k, total))
    return readings


def _four_with_two(counts: Counts, total: int, present: list[int], rules: Ruleset) -> list[Reading]:
    readings = []
    for q in present:
        if counts[q] != 4 or q in JOKERS:
            continue
        rest = [(r, counts[r]) for r in present if r != q]
        jokers = counts[SMALL_JOKER] + counts[BIG_JOKER]
        if total == 6 and jokers < 2 and rules.allows(Kind.FOUR_TWO_SINGLES):
            readings.append(Reading(Kind.FOUR_TWO_SINGLES, q, 1, 6))
        if (
            total == 8
            and not jokers
            and len(rest) == 2
            and all(n == 2 for _, n in rest)
            and rules.allows(Kind.FOUR_TWO_PAIRS)
        ):
            readings.append(Reading(Kind.FOUR_TWO_PAIRS, q, 1, 8))
    return readings


def _same_rank(rank: int, count: int, rules: Ruleset) -> list[Reading]:
    joker = rank in JOKERS
    readings = []
    if count == 1:
        readings.append(Reading(Kind.SINGLE, rank, 1, 1))
    elif count == 2 and (not joker or rules.joker_pairs):
        readings.append(Reading(Kind.PAIR, rank, 1, 2))
    elif count == 3 and not joker:
        readings.append(Reading(Kind.TRIPLE, rank, 1, 3))
    low, high = rules.bomb_sizes
    if low <= count <= high and not joker:
        readings.append(Reading(Kind.BOMB, rank, count, count))
    return readings


def _triple_with_one(counts: Counts, total: int, present: list[int]) -> list[Reading]:
    if len(present) != 2:
        return []
    a, b = present
    if counts[b] == 3:
        a, b = b, a
    if counts[a] != 3 or a in JOKERS:
        return []
    if total == 4:
        return [Reading(Kind.TRIPLE_SINGLE, a, 1, 4)]
    if total == 5 and b not in JOKERS:
        return [Reading(Kind.TRIPLE_PAIR, a, 1, 5)]
    return []


@memo(maxsize=1 << 17)
def classify(counts: Counts, rules: Ruleset) -> tuple[Reading, ...]:
    """Every reading of a selection under `rules`, the default reading first.

    The default is the longest body, then the highest (RULES.md: a selection such as 333444555666 is a
    bare four-triple airplane by default, or 333444555 with the single wings 666).
    """
    present = [r for r in range(NUM_RANKS) if counts[r]]
    if not present:
        return ()
    total = sum(counts)
    readings: list[Reading] = []
    if len(present) == 1:
        readings += _same_rank(present[0], counts[present[0]], rules)
    rocket = rules.rocket
    if counts[SMALL_JOKER] == rocket[0] and counts[BIG_JOKER] == rocket[1] and total == sum(rocket):
        readings.append(Reading(Kind.ROCKET, BIG_JOKER, total, total))
    body = _consecutive_body(counts, present)
    if body is not None:
        unit, top = body
        for kind, run_unit in RUN_UNITS.items():
            if unit == run_unit and len(present) >= RUN_MIN[kind]:
                readings.append(Reading(kind, top, len(present), total))
    if total in (4, 5):
        readings += _triple_with_one(counts, total, present)
    if total in (6, 8):
        readings += _four_with_two(counts, total, present, rules)
    if total >= 8:
        readings += _airplane_wings(counts, total, rules)
    readings = [r for r in readings if rules.allows(r.kind)]
    readings.sort(key=lambda r: (r.length if r.kind is not Kind.BOMB else 0, r.top), reverse=True)
    return tuple(readings)


def beats(play: Reading, last: Reading) -> bool:
    """Does `play` beat `last`? (000 §13-§14; bigger bombs first where a table allows them; at wild-card tables a
    bomb's class before its rank, and the extra wild card just above a 2)."""
    if last.kind is Kind.ROCKET:
        return False
    if play.kind is Kind.ROCKET:
        return True
    if play.kind is Kind.BOMB:
        return last.kind is not Kind.BOMB or (play.grade, play.length, play.top) > (last.grade, last.length, last.top)
    same = play.kind is last.kind and play.size == last.size and play.length == last.length
    return same and (play.top, play.grade) > (last.top, last.grade)


def answer(readings: tuple[Reading, ...], last: Reading | None) -> Reading | None:
    """The reading a play is taken as: the default when leading; when following, the highest that beats."""
    if last is None:
        return readings[0] if readings else None
    winning = [r for r in readings if beats(r, last)]
    return max(winning, key=lambda r: (r.kind.is_bomb_like, r.grade, r.length, r.top)) if winning else None


def judge(counts: Counts, last: Reading | None, rules: Ruleset, kind: Kind | None = None) -> Reading | Rejection:
    """The reading this selection is played as, or the player-facing reason it cannot be played.

    `kind` restricts the selection to readings of that kind (the player's choice among several readings).
    """
    readings = classify(counts, rules)
    if not readings:
        return diagnose(counts, rules)
    if kind is not None:
        readings = tuple(r for r in readings if r.kind is kind)
        if not readings:
            return Rejection("not_that_kind", {"shape": kind})
    chosen = answer(readings, last)
    if chosen is not None:
        return chosen
    assert last is not None
    return why_none_higher(readings, last)


def why_none_higher(readings: tuple[Reading, ...], last: Reading) -> Rejection:
    """Why no reading of a play beats `last`, said of the one shaped like it if any, else of the first."""
    alike = [r for r in readings if (r.kind, r.size, r.length) == (last.kind, last.size, last.length)]
    return why_not_higher(alike[0] if alike else readings[0], last)


def why_not_higher(play: Reading, last: Reading) -> Rejection:
    names = {"play": play, "last": last}
    if last.kind is Kind.ROCKET:
        return Rejection("rocket_unbeatable")
    if play.kind is Kind.BOMB:
        return Rejection("bomb_lower", names)
    if last.kind is not play.kind:
        return Rejection("different_shape", {"shape": play.kind, "last": last})
    if play.size != last.size or play.length != last.length:
        return Rejection(
            "wrong_count",
            {"count": play.size, "shape": play.kind, "last_count": last.size, "last_shape": last.kind},
        )
    return Rejection("equal_not_higher" if play.top == last.top else "not_higher", names)


def _run_problem(counts: Counts, present: list[int], run: Kind) -> Rejection | None:
    if any(r in JOKERS for r in present):
        return Rejection("joker_in_run", {"run": run})
    if TWO in present:
        return Rejection("two_in_run", {"run": run})
    missing = [r for r in range(present[0], present[-1] + 1) if not counts[r]]
    if missing:
        return Rejection("run_gap", {"run": run, "missing": RANKS[missing[0]]})
    return None


def diagnose(counts: Counts, rules: Ruleset) -> Rejection:
    """Best guess at what the player tried, for a selection with no reading (000 §22's common mistakes)."""
    present = [r for r in range(NUM_RANKS) if counts[r]]
    total = sum(counts)
    if not total:
        return Rejection("empty")
    shape_counts = sorted((counts[r] for r in present), reverse=True)
    most = shape_counts[0]
    if present[0] >= SMALL_JOKER and sum(rules.rocket) > 2:
        return Rejection("rocket_all_jokers")
    allowed = _allowed_reading(counts, rules)
    if allowed is not None:
        return allowed
    if counts[SMALL_JOKER] and counts[BIG_JOKER] and total == 2:
        return Rejection("jokers_not_pair")
    if most == 1:
        if total == 2:
            return Rejection("not_a_pair")
        if total >= 5 or _is_gapless(present):
            problem = _run_problem(counts, present, Kind.STRAIGHT)
            if problem:
                return problem
            return Rejection("straight_short", {"count": total})
        return Rejection("no_combination")
    if most == 2 and all(n == 2 for n in shape_counts):
        problem = _run_problem(counts, present, Kind.PAIR_RUN)
        if problem:
            return problem
        return Rejection("pair_run_short", {"pairs": len(present)})
    if most >= 4:
        return _four_problem(counts, present, total)
    return _triple_problem(counts, present, total)


def _allowed_reading(counts: Counts, rules: Ruleset) -> Rejection | None:
    """A selection that would be legal with every kind allowed, at a table that forbids its kind."""
    if rules.kinds == STANDARD.kinds:
        return None
    others = classify(counts, STANDARD)
    return Rejection("not_allowed", {"shape": others[0].kind}) if others else None


def _is_gapless(present: list[int]) -> bool:
    return present[-1] - present[0] == len(present) - 1


def _four_problem(counts: Counts, present: list[int], total: int) -> Rejection:
    if counts[SMALL_JOKER] and counts[BIG_JOKER]:
        return Rejection("rocket_alone")
    if total == 8 and sum(1 for r in present if counts[r] == 4) == 2:
        return Rejection("four_pairs_distinct")
    if total == 8 and any(r in JOKERS for r in present):
        return Rejection("pair_attachment_joker")
    triples = [r for r in present if counts[r] >= 3 and r < TWO]
    if len(triples) >= 2 and _is_gapless(triples):
        return _wing_problem(counts, triples, total)
    return Rejection("four_attachment")


def _triple_problem(counts: Counts, present: list[int], total: int) -> Rejection:
    triples = [r for r in present if counts[r] == 3]
    if not triples:
        if counts[SMALL_JOKER] and counts[BIG_JOKER]:
            return Rejection("rocket_alone")
        return Rejection("no_combination")
    if len(triples) == 1:
        if total == 5 and any(counts[j] for j in JOKERS):
            return Rejection("pair_attachment_joker")
        return Rejection("triple_attachment", {"extra": total - 3})
    run = _longest_run(triples)
    if len(run) < 2:
        problem = _run_problem(counts, triples, Kind.AIRPLANE)
        return problem or Rejection("no_combination")
    return _wing_problem(counts, run, total)


def _longest_run(ranks: list[int]) -> list[int]:
    best: list[int] = []
    current: list[int] = []
    for r in ranks:
        if r >= TWO:
            break
        current = [*current, r] if current and current[-1] == r - 1 else [r]
        if len(current) > len(best):
            best = current
    return best


def _wing_problem(counts: Counts, body: list[int], total: int) -> Rejection:
    k = len(body)
    extra = total - 3 * k
    if extra in (k, 2 * k):
        if any(counts[b] > 3 for b in body):
            return Rejection("wings_reuse_body")
        if extra == k and counts[SMALL_JOKER] and counts[BIG_JOKER]:
            return Rejection("wings_both_jokers")
        return Rejection("wings_mixed")
    if TWO in body or any(r in JOKERS for r in body):
        return Rejection("two_in_run", {"run": Kind.AIRPLANE})
    return Rejection("wings_count", {"triples": k, "extra_cards": extra})


def reading_from_text(move: str, rules: Ruleset, kind: Kind | None = None) -> Reading | None:
    """The reading of a move string: the default one, or the highest of `kind` when given."""
    readings = classify(parse(move), rules)
    if kind is not None:
        readings = tuple(r for r in readings if r.kind is kind)
    return readings[0] if readings else None


__all__ = ["RANKS", "Reading", "answer", "beats", "classify", "diagnose", "judge", "reading_from_text"]
