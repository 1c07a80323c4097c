"""Where the game's files are: the one place that knows the path of `assets/` (fonts, catalogues, the table map)."""

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
