"""The rules core is pure: no pygame, deterministic for a seed (STYLE.md §1)."""

import ast
import pathlib

GAME = pathlib.Path(__file__).resolve().parent.parent / "game"


def test_game_package_never_imports_pygame():
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n == "pygame" or n.startswith("pygame.") for n in names), f"{path} imports pygame"
            assert not any(n.startswith(("pytmx", "scenes")) for n in names), f"{path} imports presentation code"
