"""Pure Dou Dizhu rules core: cards, combinations, move generation, the hand state machine.

Nothing in this package imports pygame; all chance comes from an injected, seeded `random.Random`.
"""
