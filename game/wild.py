"""Wild cards (RULES.md `wildcard`, `swap-three`): what a selection holding wild cards can be read as, every move
a hand with wild cards can make, and the PHYSICAL=READING text of a move whose wild cards stand in for other ranks.

A wild card is a card of the table's wild rank (`wildcard`, drawn after the auction) or the pack's extra wild
card `W` (`swap-three`); `wild` below is that card's character, "" while nothing is wild. A wild card played alone,
or wild cards played only together, keep their printed rank (four wild 7s are a pure-wild bomb; the extra wild
card alone is a single just above the 2); otherwise each wild card stands for any non-joker rank the
combination allows (never a 2 or a joker inside a run: the classifier refuses those bodies). A bomb holding a wild
card that stands for another rank is soft: rocket > pure-wild bomb > natural bomb > soft bomb (`Reading.grade`).
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import NamedTuple

from game import moves
from game.cards import JOKERS, NUM_RANKS, RANK_INDEX, RANKS, TWO, Counts, normalize, parse, render
from game.combos import Reading, answer, beats, classify, diagnose, why_none_higher
from game.kinds import Kind
from game.memo import memo
from game.reasons import Rejection
from game.rulesets import Ruleset

SEP = "="  # between the physical cards and the ranks they are read as: "34577=34567"
STAND_RANKS = range(TWO + 1)  # a wild card stands for any non-joker rank
EXTRA_WILD_SINGLE = Reading(Kind.SINGLE, TWO, 1, 1, grade=1)  # the extra wild card alone: above a 2, below jokers
EVERY_BOMB = Reading(Kind.BOMB, -1, 0, 0)  # a probe below every bomb: which bombs beat is the grades' business
USED = [[chr(65 + r) * k for r in range(NUM_RANKS)] for k in range(5)]  # rank r stood for k times, as letters


class Stand(NamedTuple):
    """One way to play a selection: its physical cards, the ranks they are read as (equal to `physical` when no wild
    card stands in for another rank) and the reading that gives."""

    physical: str
    ranks: str
    reading: Reading

    @property
    def text(self) -> str:
        """The move as the text API writes it (`written`)."""
        return written(self.physical, self.ranks)


def written(physical: str, ranks: str | None) -> str:
    """A play as the text API, the history and the bot dict API write it: "PHYSICAL=READING", or the physical cards
    alone when no wild card stands for another rank."""
    return physical if ranks in (None, physical) else f"{physical}{SEP}{ranks}"


def draw_rank(deal_no: int) -> str:
    """The wild rank of a `wildcard` deal (3..2), fixed by the deal number like the cards, so a deal replays."""
    return RANKS[random.Random(f"wild {deal_no}").randrange(TWO + 1)]


def split_move(text: str) -> tuple[str, str | None]:
    """ "34577=34567" -> ("34577", "34567"); a move without "=" -> (move, None)."""
    physical, sep, ranks = text.partition(SEP)
    return physical, (ranks if sep else None)


def naturals(cards: str, wild: str) -> tuple[Counts, int]:
    """The counts of the cards that are not wild, and how many wild cards there are."""
    if not wild:
        return parse(cards), 0
    return parse(cards.replace(wild, "")), cards.count(wild)


def _own(wild: str) -> int | None:
    """The rank a wild card prints, when it is a playing rank (`wildcard`); None for the extra wild card."""
    return RANK_INDEX.get(wild) if wild else None


def maps(physical: str, ranks: str, wild: str) -> bool:
    """Can the sorted selection `physical` be read as the ranks `ranks` at all: the same cards, only its wild cards
    changed, each into a rank 3..2 (whether that is a combination is `read`'s question)?"""
    natural, wilds = naturals(physical, wild)
    if not wilds or not any(natural):
        return ranks == physical
    if len(ranks) != len(physical) or any(ch not in RANK_INDEX for ch in ranks):
        return False
    stand = [t - n for t, n in zip(parse(ranks), natural, strict=True)]
    return min(stand) >= 0 and not any(stand[TWO + 1 :])


@memo(maxsize=1 << 16)
def read(physical: str, ranks: str, wild: str, rules: Ruleset) -> tuple[Reading, ...]:
    """The readings of the sorted selection `physical` played as `ranks`; empty when `ranks` is no way to read it
    (only wild cards may change rank, never into a joker; wild cards alone or only together keep their own)."""
    if not maps(physical, ranks, wild):
        return ()
    natural, wilds = naturals(physical, wild)
    if not wilds:
        return classify(natural, rules)
    if not any(natural):
        if _own(wild) is None:
            return (EXTRA_WILD_SINGLE,) if wilds == 1 else ()
        return _grade(classify(parse(physical), rules), 1)
    return _grade(classify(parse(ranks), rules), -1)


def why_unread(physical: str, ranks: str, wild: str, rules: Ruleset) -> Rejection:
    """Why "physical=ranks" has no reading: wild cards alone read as another rank, ranks that only a wild card's
    change cannot give, or the combination's own fault (a 2 in a straight, ...)."""
    ranks = normalize(ranks)
    if not any(naturals(physical, wild)[0]):
        return Rejection("wild_alone")
    if not maps(physical, ranks, wild):
        return Rejection("bad_reading", {"ranks": ranks})
    return diagnose(parse(ranks), rules)


def _strength(reading: Reading) -> tuple[bool, int, int, int]:
    """The default among a wild selection's readings is the strongest: a bomb (by class), then the longest body,
    then the highest."""
    return reading.kind.is_bomb_like, reading.grade, 0 if reading.kind is Kind.BOMB else reading.length, reading.top


def _grade(readings: tuple[Reading, ...], grade: int) -> tuple[Reading, ...]:
    """The readings with every bomb of the given class."""
    return tuple(r._replace(grade=grade) if r.kind is Kind.BOMB else r for r in readings)


def _stand_ranks(natural: Counts, wilds: int, own: int | None) -> list[int]:
    """The ranks worth trying for a selection's wild cards: around its natural ranks (a run can grow by one rank per
    wild card), its own rank, and the lowest ranks (where an attachment's stand-in is written)."""
    present = [r for r in range(NUM_RANKS) if natural[r]]
    playing = [r for r in present if r <= TWO] or [0]
    near = range(max(0, playing[0] - wilds), min(TWO, playing[-1] + wilds) + 1)
    low = range(min(TWO, len(present) + wilds) + 1)
    return sorted({*near, *low, *([] if own is None else [own])})


@memo(maxsize=1 << 16)
def stands(physical: str, wild: str, rules: Ruleset) -> tuple[Stand, ...]:
    """Every reading of the sorted selection `physical` that demands a different answer, the default first; each
    with its canonical ranks: the fewest wild cards standing for another rank, then the lowest ranks stood for."""
    natural, wilds = naturals(physical, wild)
    if not wilds or not any(natural):
        return tuple(Stand(physical, physical, r) for r in read(physical, physical, wild, rules))
    own = _own(wild)
    most = 4 * rules.deck.decks
    best: dict[Reading, tuple[int, str]] = {}
    for choice in combinations_with_replacement(_stand_ranks(natural, wilds, own), wilds):
        target = list(natural)
        for r in choice:
            target[r] += 1
        if max(target) > most:
            continue
        moved = sum(r != own for r in choice)
        found = classify(tuple(target), rules)
        for reading in _grade(found, -1):
            if reading not in best or moved < best[reading][0]:
                best[reading] = (moved, render(target))
    ordered = sorted(best, key=_strength, reverse=True)
    return tuple(Stand(physical, best[r][1], r) for r in ordered)


def stand_ins(physical: str, ranks: str, wild: str) -> list[str]:
    """What each wild card of `physical` stands for, in order, for a table's rank tags: "34577", "34567", "7" ->
    ["7", "6"] (the first 7 is a 7, the second a 6)."""
    left = list(ranks)
    for ch in physical:
        if ch != wild:
            left.remove(ch)
    own = [ch for ch in left if ch == wild]
    return own + [ch for ch in left if ch != wild]


def stands_of(text: str, wild: str, rules: Ruleset) -> tuple[Stand, ...]:
    """Every reading of a selection: "P=R" its own (validated), "P" every way its wild cards may stand (what
    `classify` lists; a move text is played only as written, `as_written`). Raises ValueError on a character that
    is no card."""
    physical, ranks = split_move(text)
    physical = normalize(physical)
    if ranks is None:
        return stands(physical, wild, rules)
    ranks = normalize(ranks)
    return tuple(Stand(physical, ranks, r) for r in read(physical, ranks, wild, rules))


def as_written(text: str, wild: str, rules: Ruleset) -> tuple[Stand, ...]:
    """The readings of a move text played as written: "P=R" as R; "P" without "=" as its own ranks, every wild card
    its printed rank (no wild card stands for another rank unless the move says so). Raises ValueError on a
    character that is no card."""
    physical, ranks = split_move(text)
    physical = normalize(physical)
    ranks = physical if ranks is None else normalize(ranks)
    return tuple(Stand(physical, ranks, r) for r in read(physical, ranks, wild, rules))


def as_played(text: str, last: Reading | None, wild: str, rules: Ruleset) -> Stand | None:
    """How a play of a hand's history was read: as written (`as_written`), the highest reading that answers `last`
    (the default on a free lead); None when it has no such reading. Raises ValueError on a character that is no
    card."""
    return _answering(as_written(text, wild, rules), last)


def _answering(found: tuple[Stand, ...], last: Reading | None) -> Stand | None:
    """The one of `found` a play is taken as on `last` (`combos.answer`), or None."""
    chosen = answer(tuple(s.reading for s in found), last)
    return next(s for s in found if s.reading == chosen) if chosen is not None else None


def judge(text: str, last: Reading | None, wild: str, rules: Ruleset, kind: Kind | None = None) -> Stand | Rejection:
    """How the move text `text` is played on `last` (None = free lead): as written (`as_written`), its highest
    reading of `kind` (any kind when None) that answers `last`; or the reason it cannot be played. A move without
    "=" whose cards make a combination only with a wild card standing for another rank is refused, naming the move
    to write instead. Raises ValueError on a character that is no card."""
    found = as_written(text, wild, rules)
    if not found:
        physical, ranks = split_move(text)
        physical = normalize(physical)
        if ranks is not None or not (wild and wild in physical):
            return why_unread(physical, ranks or physical, wild, rules)
        options = stands(physical, wild, rules)
        return Rejection("wild_unwritten", {"move": options[0].text}) if options else Rejection("wild_no_reading")
    if kind is not None:
        found = tuple(s for s in found if s.reading.kind is kind)
        if not found:
            return Rejection("not_that_kind", {"shape": kind})
    chosen = _answering(found, last)
    if chosen is not None:
        return chosen
    assert last is not None
    return why_none_higher(tuple(s.reading for s in found), last)


def _plays(target: Counts, natural: Counts, wilds: int) -> list[tuple[str, str]]:
    """Every way to play the ranks `target` from (natural, wilds) with at least one natural card, as (the natural
    cards kept, sorted; the ranks the wild cards stand for, as `USED` letters that sort as the ranks do): for each
    rank at least as many wild cards as the natural cards fall short, never a joker."""
    ways = [("", "")]
    for r in range(NUM_RANKS):
        t = target[r]
        if not t:
            continue
        least = max(0, t - natural[r])
        if r > TWO:
            if least:
                return []
            ways = [(kept + moves.REP[t][r], used) for kept, used in ways]
            continue
        options = [(moves.REP[t - u][r], USED[u][r], wilds - u) for u in range(least, min(t, wilds) + 1)]
        ways = [(kept + k, used + stood) for kept, used in ways for k, stood, room in options if len(used) <= room]
    return [way for way in ways if way[0]]


def _priced_picks(
    items: list[tuple[str, tuple[int, ...]]], size: int, budget: int, start: int = 0
) -> list[tuple[str, int]]:
    """`moves._picks` in its order, less the picks that need more stand-ins than `budget`: every way to take `size`
    units from (unit text, the stand-ins taking 0, 1, 2... units needs) items, as (sorted text, stand-ins)."""
    if size == 0:
        return [("", 0)]
    out: list[tuple[str, int]] = []
    for i in range(start, len(items)):
        text, price = items[i]
        for take in range(min(len(price) - 1, size), 0, -1):
            if price[take] <= budget:
                rests = _priced_picks(items, size - take, budget - price[take], i + 1)
                out += [(text * take + rest, price[take] + more) for rest, more in rests]
    return out


class Priced(NamedTuple):
    """`moves`' generators of the kinds with wings, in their order, on the virtual hand of `legal` but only the
    plays whose stand-ins the wild cards held can make: that hand holds four of nearly every rank, and unpruned
    its wings run to tens of thousands."""

    natural: Counts
    wilds: int
    own: int | None

    def hosts(self, s: moves.Stock, low: int, high: int, pairs: bool) -> list[int]:
        """The wing ranks outside low..high worth trying. A wing of a rank held by no natural card is all stand-ins,
        and its text is the same wherever it stands: `legal` keeps the wild rank's own (no card moved), else the
        lowest. So of those ranks only the own and the lowest (one per wild pair for pair wings) can be written."""
        held = [r for r in s.ge2 if r not in JOKERS] if pairs else s.ge1
        outside = [r for r in held if not low <= r <= high]
        empty = [r for r in outside if not self.natural[r] and r != self.own]
        keep = {self.own, *empty[: self.wilds // 2 if pairs else 1]}
        return [r for r in outside if self.natural[r] or r in keep]

    def wings(self, s: moves.Stock, low: int, high: int, body: str, count: int, pairs: bool) -> list[str]:
        """`moves._wings` for a body of the ranks low..high (the stand-ins it needs come out of the budget)."""
        natural = self.natural
        unit = len(body) // (high - low + 1)
        budget = self.wilds - sum(max(0, unit - natural[r]) for r in range(low, high + 1))
        if budget < 0:
            return []
        if pairs:
            held = [(moves.REP[2][r], (0, max(0, 2 - natural[r])), r) for r in self.hosts(s, low, high, pairs)]
        else:
            held = [
                (RANKS[r], tuple(max(0, k - natural[r]) for k in range(s.counts[r] + 1)), r)
                for r in self.hosts(s, low, high, pairs)
            ]
        lower = [(text, price) for text, price, r in held if r < low]
        upper = [(text, price) for text, price, r in held if r > high]
        out: list[str] = []
        for below in range(count + 1):
            heads = _priced_picks(lower, below, budget)
            if not heads:
                continue
            tails = _priced_picks(upper, count - below, budget)
            if not pairs:
                tails = [t for t in tails if not (moves.JOKER_CHARS[0] in t[0] and moves.JOKER_CHARS[1] in t[0])]
            out += [h + body + t for h, hc in heads for t, tc in tails if hc + tc <= budget]
        return out

    def airplanes(self, pairs: bool) -> moves.Generator:
        def generate(s: moves.Stock, rules: Ruleset, length: int, above: int) -> list[str]:
            if len(s.ge3) < 2:
                return []
            out: list[str] = []
            for top, run in moves.run_ends(s.ge3, 2, above):
                for n in (length,) if length else range(2, run + 1):
                    if n <= run:
                        out += self.wings(s, top - n + 1, top, moves.RUN_TEXT[3][top][n], n, pairs)
            return out

        return generate

    def fours(self, pairs: bool) -> moves.Generator:
        def generate(s: moves.Stock, rules: Ruleset, length: int, above: int) -> list[str]:
            return [m for q in s.ge4 if above < q <= TWO for m in self.wings(s, q, q, moves.REP[4][q], 2, pairs)]

        return generate

    def kinds(self) -> dict[Kind, moves.Generator]:
        return {
            **moves.ORDINARY,
            Kind.AIRPLANE_SINGLES: self.airplanes(pairs=False),
            Kind.AIRPLANE_PAIRS: self.airplanes(pairs=True),
            Kind.FOUR_TWO_SINGLES: self.fours(pairs=False),
            Kind.FOUR_TWO_PAIRS: self.fours(pairs=True),
        }


def legal(hand: str, last: Reading | None, wild: str, rules: Ruleset) -> list[str]:
    """Every distinct (physical, reading) play from `hand` on `last` (None = free lead), as move texts, each with the
    canonical ranks of `stands`; passing not included. Without wild cards in hand (and a `last` of no wild class),
    exactly `game.moves.legal`."""
    natural, wilds = naturals(hand, wild)
    probe = EVERY_BOMB if last is not None and last.kind is Kind.BOMB else last
    if not wilds:
        if last is None or not last.grade:
            return moves.legal(natural, last, rules)
        return [m for m in moves.legal(natural, probe, rules) if any(beats(r, last) for r in classify(parse(m), rules))]
    top = 4 * rules.deck.decks
    virtual = tuple(min(top, n + wilds) if r <= TWO else n for r, n in enumerate(natural))
    own = _own(wild)
    own_letter = "-" if own is None else USED[1][own]  # a wild card standing for its own rank moves nothing
    ids: dict[Reading, int] = {}  # each reading once, so the table below hashes plain values
    best: dict[tuple[str, int], tuple[int, str, str]] = {}  # (natural cards, reading id) -> (moved, used, ranks)
    for n in range(1, wilds + 1):  # wild cards alone or only together: their own rank
        for stand in stands(wild * n, wild, rules):
            best["", ids.setdefault(stand.reading, len(ids))] = (0, "", stand.ranks)
    for text in moves.legal(virtual, probe, rules, Priced(natural, wilds, own).kinds()):
        target = parse(text)
        if sum(t - n for t, n in zip(target, natural, strict=True) if t > n) > wilds:
            continue
        readings = classify(target, rules)
        plain = [ids.setdefault(r, len(ids)) for r in readings]
        graded = [ids.setdefault(r, len(ids)) for r in _grade(readings, -1)]
        for kept, used in _plays(target, natural, wilds):
            key = (len(used) - used.count(own_letter), used, text)  # the fewest moved, the lowest ranks stood for
            for i in graded if used else plain:
                old = best.get((kept, i))
                if old is None or key < old:
                    best[kept, i] = key
    cut = TWO + 1 if own is None else own  # where the wild cards sort among the natural ones
    read_as = list(ids)
    out = []
    for (kept, i), (_, _, ranks) in best.items():
        reading = read_as[i]
        if last is None or beats(reading, last):
            at = len(kept) - len(kept.lstrip(RANKS[:cut]))
            out.append(written(kept[:at] + wild * (reading.size - len(kept)) + kept[at:], ranks))
    return list(dict.fromkeys(out))


def doubling(reading: Reading) -> str:
    """The doubling a bomb or rocket of this reading makes: "bomb", "soft_bomb", "wild_bomb" or "rocket"."""
    if reading.kind is Kind.BOMB and reading.grade:
        return "wild_bomb" if reading.grade > 0 else "soft_bomb"
    return reading.kind.value
