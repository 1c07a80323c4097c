"""The network package's floor (DESIGN-NET.md): `net` imports the rules core and itself, never pygame, pytmx or the
scenes, and its imports close no loop; the core never imports it."""

from tests.test_floors import PRESENTATION_ONLY, arrows, imported, loop, modules


def test_net_imports_only_the_core_and_itself() -> None:
    said = [
        f"{path.name}:{line}: {name} imports {target}"
        for name, path in modules("net").items()
        for target, line in imported(name, path)
        if target.split(".")[0] in (*PRESENTATION_ONLY, "scenes", "main", "benchmarks")
    ]
    assert said == [], "\n".join(said)


def test_the_core_never_imports_net() -> None:
    said = [f"{path.name}:{line}" for name, path in modules("game").items() for target, line in imported(name, path)
            if target.split(".")[0] == "net"]  # fmt: skip
    assert said == []


def test_net_imports_close_no_loop() -> None:
    assert loop(arrows(modules("game", "net"))) is None
