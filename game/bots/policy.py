"""Leading and following by rules of thumb over the hand plan, card counting and farmer teamwork.

Each decision returns a Suggestion: the move plus the honest reason it was chosen.
"""

from __future__ import annotations

import random

from game.bots.evaluate import Part, plan, score, whole_plan
from game.bots.levels import Level
from game.bots.memory import can_beat
from game.bots.reasons import Suggestion
from game.bots.table import Table
from game.cards import ACE, BIG_JOKER, RANK_INDEX, SMALL_JOKER, TWO, Counts, add, parse, subtract
from game.combos import Reading, classify
from game.kinds import Kind
from game.moves import follow_moves, lead_moves, legal

PASS = "pass"
LONG_LEAD = 0.8  # on a free lead, each extra card shed counts like this many rank steps of weakness
URGENT_CARDS = 3  # an enemy that has just played and holds this many cards or fewer must be stopped
BOMB_THREAT = 4  # bomb an enemy play when that enemy then holds this many cards or fewer
BOMB_KINDS = (Kind.BOMB, Kind.ROCKET)
PUSH_LOW, PUSH_HIGH = RANK_INDEX["T"], ACE  # 顶牌: the singles a farmer pushes in front of the landlord ...
PUSH_ON = RANK_INDEX["8"]  # ... on a partner's single or pair below this (8s or higher already make the landlord pay)
PUSH_KINDS = (Kind.SINGLE, Kind.PAIR)


def reading_of(t: Table, move: str) -> Reading:
    return classify(parse(move), t.rules)[0]


def leaves(t: Table, counts: Counts) -> int:
    """How many plays the hand plan of `counts` needs."""
    return plan(counts, t.rules).plays


def after(t: Table, move: str) -> Counts:
    return subtract(t.hand, parse(move))


def goes_out(t: Table, moves: list[str]) -> str | None:
    """A play among `moves` that wins the hand now: every card still to shed. With cards kept back (a two-player
    farmer) any play of the whole hand at least that long wins, kept cards included."""
    if any(t.kept):
        moves = legal(add(t.hand, t.kept), t.last, t.rules)
    need = sum(t.hand)
    return next((m for m in moves if len(m) >= need), None)


def _wins(t: Table, move: str) -> Suggestion:
    return Suggestion(move, "within_allowance" if len(move) < sum(t.hand) + sum(t.kept) else "wins_now")


def runs_out(t: Table, counts: Counts, level: Level) -> bool:
    """Can this hand play out: at most one of its plays could be beaten by an enemy?"""
    parts = whole_plan(counts, t.rules).parts
    open_parts = [p for p in parts if can_beat(t, reading_of(t, p.text), t.enemies, level.counts_cards)]
    return len(open_parts) <= 1


def safe_parts(t: Table, parts: tuple[Part, ...], level: Level) -> list[Part]:
    return [p for p in parts if not can_beat(t, reading_of(t, p.text), t.enemies, level.counts_cards)]


# ----- leading ------------------------------------------------------------------------------------------


def lead(t: Table, level: Level, rng: random.Random) -> Suggestion:
    moves = lead_moves(t.hand, t.rules)
    whole = goes_out(t, moves)
    if whole is not None:
        return _wins(t, whole)
    parts = whole_plan(t.hand, t.rules).parts
    safe = safe_parts(t, parts, level)
    if len(parts) - len(safe) <= 1 and safe:
        first = min(safe, key=lambda p: (p.kind in BOMB_KINDS, p.value))
        return Suggestion(first.text, "runs_out", {"play": first.text})
    if level.cooperates and not t.is_landlord:
        fed = _feed_partner(t, moves)
        if fed is not None:
            return fed
    if t.min_enemy_left <= 2:
        return _lead_against_short(t, parts, level)
    return _lead_weakest(t, parts, level, rng)


def _feed_partner(t: Table, moves: list[str]) -> Suggestion | None:
    """The partner closest to going out, with one or two cards, gets the lowest single (or pair) it may beat."""
    if not t.partners:
        return None
    cards = min(t.sizes[s] for s in t.partners)
    if cards > 2:
        return None
    shape = [m for m in moves if len(m) == cards and len(set(m)) == 1]
    if not shape:
        return None
    play = min(shape, key=lambda m: reading_of(t, m).top)
    return Suggestion(play, "feeds_partner", {"cards": cards, "play": play})


def _lead_against_short(t: Table, parts: tuple[Part, ...], level: Level) -> Suggestion:
    """An enemy one or two cards from winning: never lead a shape it can finish on (000 §16), or lead the hardest
    to beat. A two-player farmer with its allowance finishes on any play it beats that brings it down far enough,
    so every ordinary lead is such a shape."""
    short = min(t.enemies, key=t.left)
    cards = t.sizes[short]
    spare = t.sizes[short] - t.left(short)
    fits = [p for p in parts if (spare or len(p.text) <= cards) and p.kind not in BOMB_KINDS]
    other = [p for p in parts if p not in fits]
    if other and not (spare and fits):  # against the allowance the only other parts are bombs: keep them
        play = min(other, key=lambda p: (p.kind in BOMB_KINDS, p.value - len(p.text)))
        key = "blocks_single" if cards == 1 else "avoids_short"
    else:
        # on two cards it beats a pair only with a higher pair, a single with any higher card
        play = max(
            fits,
            key=lambda p: (
                not can_beat(t, reading_of(t, p.text), [short], level.counts_cards),
                cards == 2 and p.kind is Kind.PAIR,
                p.value,
            ),
        )
        if can_beat(t, reading_of(t, play.text), [short], level.counts_cards):  # said plainly: it may be beaten
            return Suggestion(play.text, "leads", {"play": play.text, "plays": leaves(t, after(t, play.text))})
        key = "blocks_low"  # the hardest to beat: nothing it may hold beats it
    return Suggestion(
        play.text,
        key,
        {
            "enemy": short,
            "cards": cards,
            "play": play.text,
        },
    )


def _lead_weakest(t: Table, parts: tuple[Part, ...], level: Level, rng: random.Random) -> Suggestion:
    """Shed the weakest part first, favouring plays that shed many cards; keep controls for later."""
    plain = [p for p in parts if p.kind not in BOMB_KINDS and p.top < TWO] or [
        p for p in parts if p.kind not in BOMB_KINDS
    ]
    pool = sorted(plain or list(parts), key=lambda p: p.value - LONG_LEAD * (len(p.text) - 1))
    pick = pool[1] if len(pool) > 1 and level.slip and rng.random() < level.slip else pool[0]
    rest = after(t, pick.text)
    has_bomb = any(p.kind in BOMB_KINDS for p in whole_plan(rest, t.rules).parts)
    key = "keeps_bomb" if has_bomb else "sheds_weakest" if pick is pool[0] else "leads"
    return Suggestion(pick.text, key, {"play": pick.text, "plays": leaves(t, rest)})


# ----- following ----------------------------------------------------------------------------------------


def follow(t: Table, level: Level) -> Suggestion:
    assert t.last is not None and t.last_seat is not None
    answers = follow_moves(t.hand, t.last, t.rules)
    whole = goes_out(t, answers)
    if whole is not None:
        return _wins(t, whole)
    if not answers:
        return Suggestion(PASS, "nothing_beats", {"last": next(m for _, m in reversed(t.history) if m != PASS)})
    ordinary = [m for m in answers if reading_of(t, m).kind not in BOMB_KINDS or t.last.kind in BOMB_KINDS]
    bombs = [m for m in answers if m not in ordinary]
    urgent = t.min_enemy_left <= 2 or (not t.allied(t.seat, t.last_seat) and t.left(t.last_seat) <= URGENT_CARDS)
    if not urgent:  # a bomb or the rocket is kept whole unless playing it out follows (000 §13)
        ordinary = [m for m in ordinary if not breaks_bomb(t, m) or runs_out(t, after(t, m), level)]
    if t.allied(t.seat, t.last_seat):
        return _follow_partner(t, ordinary, level)
    return _follow_enemy(t, ordinary, bombs, level)


def _cheaper(t: Table, move: str) -> bool:
    """Is there a legal answer of the same shape with a lower top than `move` (one that breaks a bomb included)?"""
    assert t.last is not None
    reading = reading_of(t, move)
    answers = follow_moves(t.hand, t.last, t.rules)
    return any(
        (r.kind, r.length) == (reading.kind, reading.length) and r.top < reading.top
        for r in (reading_of(t, m) for m in answers)
    )


def breaks_bomb(t: Table, move: str) -> bool:
    """Does `move` spend part of a bomb or of the rocket the hand holds, without being that bomb or rocket?"""
    played = parse(move)
    reading = reading_of(t, move)
    small, big = t.rules.rocket
    rocket = t.hand[SMALL_JOKER] >= small and t.hand[BIG_JOKER] >= big and reading.kind is not Kind.ROCKET
    if rocket and (played[SMALL_JOKER] or played[BIG_JOKER]):
        return True
    low = t.rules.bomb_sizes[0]
    return reading.kind is not Kind.BOMB and any(n and t.hand[r] >= low for r, n in enumerate(played[:SMALL_JOKER]))


def _delta(t: Table, move: str) -> float:
    return score(after(t, move), t.rules) - score(t.hand, t.rules)


def _follow_partner(t: Table, ordinary: list[str], level: Level) -> Suggestion:
    """Leave a partner's play alone unless the landlord, still to answer it before the round comes back, could
    beat it and we can take it safely."""
    assert t.last is not None and t.last_seat is not None
    landlord_answers = t.landlord in t.between(t.seat, t.last_seat)
    # "let it run" only where the round is the partner's: the landlord has passed it or cannot beat it (issue 34)
    holds = not landlord_answers or not can_beat(t, t.last, [t.landlord], level.counts_cards)
    leave = Suggestion(PASS, "partner_winning" if holds else "passes")
    if not level.cooperates or holds:
        return leave
    urgent = t.left(t.landlord) <= 2
    keep = [m for m in ordinary if not can_beat(t, reading_of(t, m), [t.landlord], level.counts_cards)]
    keep = [m for m in keep if urgent or runs_out(t, after(t, m), level) or _overtakes(t, m, level)]
    if keep:
        play = max(keep, key=lambda m: _delta(t, m))
        return Suggestion(play, "takes_control", {"play": play})
    if urgent and ordinary:
        return _block(t, max(ordinary, key=lambda m: reading_of(t, m).top), t.landlord)
    return _push(t, ordinary, level) or leave


def _overtakes(t: Table, move: str, level: Level) -> bool:
    """Is `move` cheap enough to take the partner's round from it? Never a 2 or a joker while the landlord is not
    about to go out: should the landlord top the partner, the round comes back to us and the same card tops the
    landlord's answer (unless that is of the same rank), so the landlord pays a control first (farmers +1.9 points
    of WP against RLCard's landlord; docs/bots.md, "Issue 12: a farmer keeps its 2s and jokers for the landlord")."""
    return reading_of(t, move).top < TWO and _delta(t, move) >= level.margin


def _push(t: Table, ordinary: list[str], level: Level) -> Suggestion | None:
    """顶牌: on a partner's single or pair below 8s with the landlord next, push the same shape from a ten to an
    ace, the one the hand misses least, so the landlord must spend 2s or a joker to win the round (or lets the push
    hold)."""
    assert t.last is not None
    if t.next_seat(t.seat) != t.landlord or t.last.kind not in PUSH_KINDS or t.last.top >= PUSH_ON:
        return None
    readings = {m: reading_of(t, m) for m in ordinary}
    pushes = [m for m, r in readings.items() if r.kind is t.last.kind and PUSH_LOW <= r.top <= PUSH_HIGH]
    pushes = [m for m in pushes if _delta(t, m) >= level.farmer_margin]
    if not pushes:
        return None
    play = max(pushes, key=lambda m: (_delta(t, m), -reading_of(t, m).top))
    return Suggestion(play, "pushes_high", {"play": play})


def _block(t: Table, play: str, enemy: int) -> Suggestion:
    """Play the answer hardest to beat because `enemy` is about to go out."""
    return Suggestion(
        play,
        "blocks_low",
        {
            "enemy": enemy,
            "cards": t.sizes[enemy],
            "play": play,
        },
    )


CLOSING_PLAYS = 2  # a seat this many plays from going out that cannot win a lead later fights for it now


def _no_way_back(t: Table, level: Level) -> bool:
    """A hand close to going out with nothing the enemies cannot beat: passing only hands them the next lead,
    and the lead never comes back (a landlord's TJQKA against a farmer's singles)."""
    parts = whole_plan(t.hand, t.rules).parts
    return len(parts) <= CLOSING_PLAYS and not safe_parts(t, parts, level)


def _leaves_to_partner(t: Table, best: str) -> bool:
    """A farmer right after the landlord whose best answer to its single is a 2, though a lower single would
    beat it (from a pair or a run the plan keeps), passes: the partner behind answers too, and the 2 stays to top
    the landlord later (farmers +0.7 points of WP against RLCard's landlord; docs/bots.md, "Issue 12: the
    landlord's 下家 keeps its 2")."""
    assert t.last is not None
    return (
        bool(t.partners)
        and t.last_seat == t.landlord
        and t.next_seat(t.landlord) == t.seat
        and t.last.kind is Kind.SINGLE
        and reading_of(t, best).top == TWO
        and _cheaper(t, best)
    )


def _follow_enemy(t: Table, ordinary: list[str], bombs: list[str], level: Level) -> Suggestion:
    assert t.last is not None and t.last_seat is not None
    threat = t.left(t.last_seat)
    urgent = t.min_enemy_left <= 2 or threat <= URGENT_CARDS
    if ordinary:
        if urgent:
            play = max(
                ordinary,
                key=lambda m: (
                    not can_beat(t, reading_of(t, m), t.enemies, level.counts_cards),
                    reading_of(t, m).top,
                    _delta(t, m),
                ),
            )
            return _block(t, play, min(t.enemies, key=t.left))
        best = max(ordinary, key=lambda m: _delta(t, m))
        if level.cooperates and _leaves_to_partner(t, best):
            return Suggestion(PASS, "saves_strength")
        rest = after(t, best)
        margin = level.margin if t.is_landlord else level.farmer_margin
        if _delta(t, best) >= margin or (level.counts_cards and runs_out(t, rest, level)):
            key = "answers" if _cheaper(t, best) else "cheapest"
            return Suggestion(best, key, {"play": best, "plays": leaves(t, rest)})
        if level.counts_cards and not t.partners and _no_way_back(t, level):
            play = max(ordinary, key=lambda m: (not can_beat(t, reading_of(t, m), t.enemies), reading_of(t, m).top))
            return Suggestion(play, "retakes_lead", {"play": play})
    if bombs:
        bomb = min(bombs, key=lambda m: (len(m), reading_of(t, m).top))
        rest = after(t, bomb)
        if runs_out(t, rest, level):
            return Suggestion(bomb, "bomb_wins", {"play": bomb})
        if threat <= BOMB_THREAT or t.min_enemy_left <= 2:
            return Suggestion(
                bomb,
                "bomb_saves",
                {
                    "enemy": t.last_seat,
                    "cards": t.sizes[t.last_seat],
                    "play": bomb,
                },
            )
    return Suggestion(PASS, "saves_strength")


def decide(t: Table, level: Level, rng: random.Random) -> Suggestion:
    return lead(t, level, rng) if t.last is None else follow(t, level)
