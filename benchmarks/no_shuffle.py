"""Bombs and rockets per deal at the no-shuffle table: collected deals against shuffled ones.

Run: `python -m benchmarks.no_shuffle [--deals N] [--level LEVEL]`. Bots play no-shuffle matches until N hands are
over; each hand's collected pack is dealt again as the game deals it (cut, then in packets of `packet` cards) and,
for comparison, in other packet sizes (1 is the card-by-card dealing before version 4), and N shuffled deals are
counted too. A bomb or rocket counts when one hand holds it as dealt (the kitty not included).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from game.actions import NextHand
from game.match import Match, Phase, deal_cards, deal_collected
from game.rulesets import NO_SHUFFLE, Ruleset
from game.selfplay import bot_policy

PACKETS = (1, 2, 3, 4, 5)


def bombs_held(rules: Ruleset, hands: list[list[int]]) -> int:
    deck = rules.deck.build()
    held = 0
    for hand in hands:
        ranks = [deck[c].rank for c in hand]
        held += sum(1 for r in set(ranks) if ranks.count(r) == 4)
        held += {13, 14} <= set(ranks)  # both jokers: the rocket
    return held


def collected_packs(deals: int, level: str, seed: int) -> list[tuple[int, list[int]]]:
    """(the next deal number, the collected pack) after each of `deals` hands of bots' play."""
    rng = random.Random(seed)
    policy = bot_policy(level)
    match = Match(NO_SHUFFLE, seed)
    packs: list[tuple[int, list[int]]] = []
    while len(packs) < deals:
        if match.phase is Phase.MATCH_OVER:
            match = Match(NO_SHUFFLE, rng.randrange(2**31))
        elif match.phase is Phase.HAND_OVER:
            packs.append((rng.randrange(10**8), match.hand.collect()))
            match.apply(NextHand())
        else:
            match.apply(policy(match, rng))
    return packs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    packs = collected_packs(args.deals, args.level, args.seed)
    shuffled = sum(bombs_held(NO_SHUFFLE, deal_cards(NO_SHUFFLE, n)[0]) for n in range(args.deals)) / args.deals
    print(f"{args.deals} deals, {args.level} bots: bombs and rockets held per deal")
    print(f"shuffled: {shuffled:.2f}")
    for packet in PACKETS:
        rules = replace(NO_SHUFFLE, packet=packet)
        held = sum(bombs_held(rules, deal_collected(rules, n, pack)[0]) for n, pack in packs) / len(packs)
        mark = " (the no-shuffle preset)" if packet == NO_SHUFFLE.packet else " (before version 4)" * (packet == 1)
        print(f"collected, in packets of {packet}: {held:.2f}{mark}")


if __name__ == "__main__":
    main()
