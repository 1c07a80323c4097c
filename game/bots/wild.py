"""Bots at the wild-card tables (003 `wildcard`, `swap-three`): the wild cards as flexible cards, and the swap.

A bot decides with its ordinary rules of thumb on a *virtual* hand: before each decision every wild card is given
the rank that makes the hand plan best (the bomb it completes, the straight it fills; a weak level keeps a wild
rank's own), then the move chosen on that hand is played with as few wild cards as it needs, written
PHYSICAL=READING (`game.wild`). The swap passes on the cards the hand plans best without, never a wild card or a
joker.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.bots.bidding import choose_bid
from game.bots.evaluate import plan, rank_value, score
from game.bots.levels import NORMAL, Level
from game.bots.reasons import Suggestion
from game.bots.suggest import alternatives
from game.bots.table import Table, table_of
from game.bots.think import think
from game.cards import RANK_INDEX, RANKS, TWO, WILD_CHAR, Counts, add, normalize, parse, render, subtract
from game.combos import Reading, answer, classify
from game.kinds import Kind
from game.match import LastPlay
from game.observe import Observation
from game.rulesets import CLASSIC, Ruleset, get
from game.wild import Stand, as_played, naturals, read

PASS = "pass"
GIFT_WEIGHT = 1.0  # a passed card's strength (`rank_value`) counts against giving it: the next seat may be an enemy
JOKER_CHARS = RANKS[TWO + 1 :]


PLAIN = CLASSIC  # the table as the ordinary bots know it: both wild-card presets are classic's seats and kinds


def assign(natural: Counts, wilds: int, wild: str, rules: Ruleset, level: Level) -> Counts:
    """The virtual hand: `natural` plus each wild card as the rank the hand then plans best with, one at a time; a
    level that does not count cards keeps a wild rank's own rank (or makes the extra wild card a 2 or an ace)."""
    counts = list(natural)
    own = RANK_INDEX.get(wild)
    for _ in range(wilds):
        open_ranks = [r for r in range(TWO + 1) if counts[r] < 4]
        if not level.counts_cards:
            rank = own if own is not None and counts[own] < 4 else max(open_ranks)
        else:
            rank = max(open_ranks, key=lambda r: (score(_plus(counts, r), rules), r == own))
        counts[rank] += 1
    return tuple(counts)


def _plus(counts: list[int], rank: int) -> Counts:
    return tuple(n + (r == rank) for r, n in enumerate(counts))


def _strip(moves: str) -> str:
    """A rank string without the extra wild card (which the ordinary bots' 15 ranks do not hold)."""
    return moves.replace(WILD_CHAR, "")


def plain_history(view: Observation) -> tuple[tuple[int, str], ...]:
    """The history as the ordinary bots read it: each play in the ranks it was read as ("34577=34567" as 34567),
    without the extra wild card. Two steps of a wild-card table are none of the plain rules' answers: the extra wild
    card alone (no plain card) and a bomb that beats a higher one by its class. Such a play opens a new plain round:
    the round before it is closed by passes in its last author's name (which the pass reading ignores), and the
    passes that answer the extra wild card alone are left out with it."""
    rules = get(view.ruleset)
    out: list[tuple[int, str]] = []
    real: Reading | None = None  # the play to beat as the table reads it
    plain: tuple[int, Reading] | None = None  # (author, reading) of the play to beat in the plain view
    real_passes = plain_passes = 0
    for seat, move in view.history:
        if move == PASS:
            real_passes += 1
            if plain is not None:
                out.append((seat, PASS))
                plain_passes += 1
            if real_passes == view.players - 1:
                real, plain, real_passes, plain_passes = None, None, 0, 0
            continue
        stand = as_played(move, real, view.wild, rules)
        assert stand is not None, f"{move!r} is no play of this table's history"
        real, real_passes = stand.reading, 0
        text = _strip(stand.ranks)
        reading = answer(classify(parse(text), PLAIN), plain[1] if plain else None) if text else None
        if plain is not None and reading is None:
            out += [(plain[0], PASS)] * (view.players - 1 - plain_passes)
        plain, plain_passes = None, 0
        if text:
            reading = reading or classify(parse(text), PLAIN)[0]
            out.append((seat, text))
            plain = seat, reading
    return tuple(out)


def plain_last(last: LastPlay | None) -> LastPlay | None:
    """The play to beat as the ordinary bots can read it: its bomb class dropped, a pure-wild bomb as the highest
    bomb (only the rocket beats it), the extra wild card alone as a 2 (only a joker beats it)."""
    if last is None:
        return None
    reading = last.reading
    top = TWO if reading.kind is Kind.BOMB and reading.grade > 0 else reading.top
    return LastPlay(last.seat, _strip(last.stands or last.move), reading._replace(top=top, grade=0))


def virtual_view(view: Observation, level: Level) -> Observation:
    """The seat's view with the wild cards assigned (`assign`), the history and the play to beat as the plain rules
    read them, and the extra wild card left out of what was shown: what the ordinary bots read."""
    natural, wilds = naturals(view.hand, view.wild)
    hand = render(assign(natural, wilds, view.wild, PLAIN, level))
    shown = None if view.shown is None else _strip(view.shown)
    kitty = None if view.kitty is None else _strip(view.kitty)
    history, last = plain_history(view), plain_last(view.last)
    return replace(view, ruleset=PLAIN.name, hand=hand, history=history, last=last, shown=shown, kitty=kitty)


def physical_of(view: Observation, ranks: str) -> Stand | None:
    """The virtual move `ranks` played from the real hand with as few wild cards as it needs, if that is legal."""
    natural, wilds = naturals(view.hand, view.wild)
    target = parse(ranks)
    used = subtract(target, tuple(min(t, n) for t, n in zip(target, natural, strict=True)))
    if sum(used) > wilds:
        return None
    physical = normalize(render(subtract(target, used)) + view.wild * sum(used))
    last = view.last.reading if view.last else None
    rules = get(view.ruleset)
    for written in (ranks, physical):  # wild cards alone keep their own rank: try the move as printed
        reading = answer(read(physical, normalize(written), view.wild, rules), last)
        if reading is not None:
            return Stand(physical, normalize(written), reading)
    return None


def _fallback(view: Observation, level: Level) -> str:
    """A legal move when the virtual choice cannot be played as it is (it spent wild cards alone as another rank):
    pass when following; when leading, the first part of the virtual plan that can be played, else the lowest card
    alone (a wild card alone is its own rank)."""
    if view.last is not None:
        return PASS
    for part in plan(parse(virtual_view(view, level).hand), PLAIN).parts:
        stand = physical_of(view, part.text)
        if stand is not None:
            return stand.text
    return view.hand[0]


def decide(view: Observation, level: Level, rng: random.Random) -> str:
    """The move for the seat to act at a wild-card table: a legal move text or "pass"."""
    virtual = virtual_view(view, level)
    choice = think(table_of(virtual), level, rng).move
    if choice == PASS:
        return PASS
    stand = physical_of(view, choice)
    return stand.text if stand is not None else _fallback(view, level)


def suggest(view: Observation, level: Level) -> list[Suggestion]:
    """The Suggest button's alternatives at a wild-card table, each move written as the table plays it."""
    table: Table = table_of(virtual_view(view, level))
    out = []
    for suggestion in alternatives(table, level):
        stand = None if suggestion.move == PASS else physical_of(view, suggestion.move)
        if suggestion.move == PASS or stand is not None:
            out.append(replace(suggestion, move=PASS if stand is None else stand.text))
    return out or [Suggestion(_fallback(view, level), "leads" if view.last is None else "passes")]


def bid_hand(hand: str, rules: Ruleset, level: Level = NORMAL) -> str:
    """The hand a wild-card table's bidder weighs: its extra wild card as the rank it plans best as (a wild rank is
    drawn only after the auction: there the hand is weighed as dealt)."""
    natural, wilds = naturals(hand, WILD_CHAR if rules.deck.extra_wild else "")
    return render(assign(natural, wilds, "", PLAIN, level))


def decide_bid(view: Observation, level: Level, rng: random.Random | None = None) -> int:
    """The bid at a wild-card table: the ordinary bidder on `bid_hand`, with the table's own hand model and target."""
    return choose_bid(replace(view, hand=bid_hand(view.hand, get(view.ruleset), level)), level, rng)


def decide_swap(view: Observation, level: Level, rng: random.Random) -> tuple[int, ...]:
    """The cards to pass to the next seat (003 swap-three): never a wild card or a joker. A level that counts cards
    gives, one at a time, the card whose rank the rest plans best without, less what the card is worth to the seat
    that gets it (which may be an enemy); the easy bot gives random ones."""
    rules = get(view.ruleset)
    deck = rules.deck.build()
    count = rules.swap_cards
    offered = [c for c in view.cards if deck[c].char not in (WILD_CHAR, *JOKER_CHARS)]
    if not level.counts_cards:
        return tuple(sorted(rng.sample(offered, count)))
    natural, wilds = naturals(view.hand, WILD_CHAR)
    extra = subtract(assign(natural, wilds, "", PLAIN, level), natural)
    given: list[int] = []
    for _ in range(count):
        left = [c for c in offered if c not in given]
        held = parse("".join(deck[c].char for c in view.cards if c not in given and deck[c].char != WILD_CHAR))

        def without(card: int, held: Counts = held) -> float:
            kept = score(add(subtract(held, parse(deck[card].char)), extra), PLAIN)
            return kept - GIFT_WEIGHT * rank_value(deck[card].rank)  # what the next seat gains counts too

        given.append(max(left, key=lambda c: (without(c), -deck[c].rank, -c)))
    return tuple(sorted(given))
