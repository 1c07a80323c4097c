"""The house's floors (DESIGN-SCENES.md): every import among game/, scenes/, main.py and benchmarks/ points down a
floor or along it and closes no loop; the rules core never imports the presentation, pygame or pytmx (STYLE.md §1).

Imports are read with `ast`, so the ones inside a function and under `if TYPE_CHECKING:` count as much as those at
the top of a module: a loop or an upward arrow hidden in a function is still a tangle for the reader.
"""

import ast
import graphlib
import pathlib
from typing import NamedTuple

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLOORS = {  # a module's floor is that of its longest prefix here; lower floors never import higher ones
    "game": (0, "the rules core"),
    "net": (1, "the rooms' network"),
    "scenes": (2, "the package itself"),
    "scenes.words": (2, "words"),
    "scenes.assets": (2, "words"),
    "scenes.platform": (3, "platform"),
    "scenes.art": (4, "art"),
    "scenes.table": (5, "table"),
    "scenes.scene": (6, "scene + flow"),
    "scenes.flow": (6, "scene + flow"),
    "scenes.screens": (7, "screens"),
    "scenes.app": (8, "app + demo"),
    "scenes.demo": (8, "app + demo"),
    "scenes.demo_kills": (8, "app + demo"),
    "scenes.random_input": (8, "app + demo"),
    "main": (9, "the command line and the benchmarks"),
    "benchmarks": (9, "the command line and the benchmarks"),
}
PRESENTATION_ONLY = ("pygame", "pytmx")  # third-party packages the core must never touch


class Arrow(NamedTuple):
    source: str  # the importing module
    target: str  # the imported module (or package)
    where: str  # path:line of the import

    def __str__(self) -> str:
        return f"{self.where}: {self.source} imports {self.target}"


def module_name(path: pathlib.Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def modules(*packages: str) -> dict[str, pathlib.Path]:
    """Every module of the packages (a name ending in .py is one module)."""
    paths = [path for p in packages for path in ([ROOT / p] if p.endswith(".py") else sorted((ROOT / p).rglob("*.py")))]
    return {module_name(path): path for path in paths}


def imported(name: str, path: pathlib.Path, source: str | None = None) -> list[tuple[str, int]]:
    """Every module `name` imports anywhere in its text, with its line: relative imports resolved, `from package
    import module` read as the module."""
    tree = ast.parse(path.read_text() if source is None else source, str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found += [(f"{base}.{alias.name}", node.lineno) for alias in node.names]
    return found


def arrows(known: dict[str, pathlib.Path], sources: dict[str, str] | None = None) -> list[Arrow]:
    """The imports among `known` modules (an imported name that is no module is read as its module)."""
    sources = sources or {}
    found = []
    for name, path in known.items():
        for target, line in imported(name, path, sources.get(name)):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                found.append(Arrow(name, target, f"{path.relative_to(ROOT)}:{line}"))
    return found


def floor(name: str) -> tuple[int, str]:
    prefix = max((p for p in FLOORS if name == p or name.startswith(p + ".")), key=len)
    return FLOORS[prefix]


def upward(found: list[Arrow]) -> list[str]:
    """Each import that runs up a floor, said with both floors."""
    said = []
    for arrow in found:
        (low, low_name), (high, high_name) = floor(arrow.source), floor(arrow.target)
        if high > low:
            said.append(f"{arrow} (up from floor {low}, {low_name}, to floor {high}, {high_name})")
    return said


def loop(found: list[Arrow]) -> str | None:
    """One import loop, as the chain of modules that closes it (each imports the next), or None."""
    graph: dict[str, set[str]] = {}
    for arrow in found:
        graph.setdefault(arrow.source, set()).add(arrow.target)
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as circle:
        return " -> ".join(reversed(circle.args[1]))  # graphlib lists predecessors first: the imported module
    return None


def house(sources: dict[str, str] | None = None) -> list[Arrow]:
    return arrows(modules("game", "net", "scenes", "benchmarks", "main.py"), sources)


def test_every_module_has_a_floor():
    assert all(floor(name) for name in modules("game", "net", "scenes", "benchmarks", "main.py"))


def test_no_import_runs_up_a_floor():
    said = upward(house())
    assert not said, "imports that run up a floor:\n" + "\n".join(said)


def test_no_imports_close_a_loop():
    chain = loop(house())
    assert chain is None, f"an import loop: {chain}"


def test_the_core_and_the_network_never_import_pygame_pytmx_or_the_scenes():
    core = modules("game", "net")
    said = [
        f"{path.relative_to(ROOT)}:{line}: {name} imports {target}"
        for name, path in core.items()
        for target, line in imported(name, path)
        if target.split(".")[0] in (*PRESENTATION_ONLY, "scenes")
    ]
    assert said == [], "\n".join(said)


def test_a_planted_upward_import_is_named_with_its_floors():
    """The check itself: a function-local import of a screen from the table floor is caught and said plainly."""
    path = ROOT / "scenes" / "table" / "board.py"
    planted = path.read_text() + "\n\ndef planted():\n    from scenes.screens.title import TitleScene\n"
    said = upward(house({"scenes.table.board": planted}))
    assert len(said) == 1 and "scenes.table.board imports scenes.screens.title" in said[0], said
    assert "up from floor 5, table, to floor 7, screens" in said[0]


def test_a_planted_loop_is_named_as_its_chain():
    """The check itself: a TYPE_CHECKING import that closes a loop along one floor is caught."""
    path = ROOT / "scenes" / "art" / "text.py"
    planted = path.read_text() + "\n\nif TYPE_CHECKING:\n    from scenes.art.widgets import Button\n"
    chain = loop(house({"scenes.art.text": planted}))
    assert chain is not None and "scenes.art.text" in chain and "scenes.art.widgets" in chain, chain


# ----- the tests' own floors: shared helpers live in tests/kit/, never in a test module -----------------------------


def leaning_imports(sources: dict[str, str] | None = None) -> list[str]:
    """Each import that makes a test module lean on another test module (or conftest) or on a benchmark."""
    found = arrows(modules("tests", "benchmarks"), sources)
    return [
        str(arrow)
        for arrow in found
        if arrow.source.startswith("tests")
        and (arrow.target.startswith(("tests.test_", "tests.conftest")) or arrow.target.startswith("benchmarks"))
    ]


def test_tests_take_their_helpers_from_the_kit_never_from_another_test_module_or_a_benchmark():
    said = leaning_imports()
    assert said == [], "helpers to move into tests/kit/ (or into the code they exercise):\n" + "\n".join(said)


def test_a_planted_import_of_one_test_module_by_another_is_named():
    """The check itself: a function-local import of another test module's helper, and one of a benchmark's."""
    planted = (ROOT / "tests" / "test_cards.py").read_text()
    planted += "\n\ndef planted():\n    from tests.test_match_play import code\n    from benchmarks.soak import main\n"
    said = [line for line in leaning_imports({"tests.test_cards": planted}) if line.startswith("tests/test_cards.py")]
    assert len(said) == 2 and "tests.test_cards imports tests.test_match_play" in said[0], said
    assert "tests.test_cards imports benchmarks.soak" in said[1], said


# ----- the table's seam (issue 31): screens ask the seat, never a bot; the session is composed, not mixed in -----


def test_no_screen_imports_the_bots():
    """The seat drives the bots (`game.bots.seat` behind `LocalSeat`) and gives the advice (`scenes/table/advice.py`);
    a screen only draws and asks."""
    screens = modules("scenes/screens")
    said = [
        f"{path.relative_to(ROOT)}:{line}: {name} imports {target}"
        for name, path in screens.items()
        for target, line in imported(name, path)
        if target == "game.bots" or target.startswith("game.bots.")
    ]
    assert said == [], "\n".join(said)


def test_the_session_is_composed_of_parts_not_mixins():
    """`Session` owns its parts (cards, notices, wild events, effects, moods) and its seat; it inherits nothing."""
    tree = ast.parse((ROOT / "scenes" / "table" / "session.py").read_text())
    session = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Session")
    assert session.bases == []
