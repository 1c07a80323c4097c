"""Endgame puzzles (残局): open-hand positions with a forced win for you, each proven by the exact solver.

`data` holds the format and the loader, `make` proves and judges positions (and finds a missed win in a real
deal), `generate` builds the shipped chapters from bot-played deals, `verify` re-proves them; the command line
is `python -m game.puzzles generate|verify`.
"""
