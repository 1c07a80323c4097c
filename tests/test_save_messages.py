"""Save, statistics and preferences problems in the player's language: the core's English keeps its words and also
comes apart into coded parts (game.atomic.Problem); scenes/words/problems.py says every part from the `saves`
catalogue, in English as the core does and in natural Chinese, on the title, the Statistics screen and the table."""

from __future__ import annotations

import ast
import errno
import json
import pathlib
import re
from collections.abc import Callable

import pygame
import pytest

from game import atomic
from game.atomic import VALUE_WORDS, GuardedFile, Problem, WriteFailed
from game.match import Match
from game.savefile import SHAPES, WANTED_WORDS, SaveStore
from game.stats import StatsStore
from scenes.app import App
from scenes.flow import open_session
from scenes.platform.my_puzzles import MyPuzzles
from scenes.platform.prefs import PrefsStore
from scenes.platform.puzzle_stars import Stars
from scenes.screens import stats as stats_screen
from scenes.screens import title
from scenes.screens.stats import StatsScreen
from scenes.words import problems as problem_wording
from scenes.words.i18n import keys, lookup, resay, set_language
from tests.kit.app import press, title_app
from tests.kit.saves import HOSTILE, STAND_INS, mid_trick, refuse

pytestmark = pytest.mark.usefixtures("english_after")  # each test ends in English

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAKERS = (
    "game/atomic.py",
    "game/savefile.py",
    "game/stats.py",
    "game/serialize.py",
    "scenes/platform/prefs.py",
    "scenes/platform/puzzle_stars.py",
    "scenes/platform/my_puzzles.py",
)

FIXED = {"then", "with_detail", "list", "heading_read", "heading_write"}
# What a Chinese sentence may keep in Latin letters: file names, the format's name, JSON's null, quoted field names.
KEPT_AS_IS = re.compile(r"[\w.\-]+\.json|JSON|null|'[^']*'")


def made_codes() -> tuple[set[str], set[str]]:
    """Every part code and every file subject (GuardedFile name) the core and the prefs store can make."""
    codes, subjects = set(), set()
    for path in MAKERS:
        for node in ast.walk(ast.parse((ROOT / path).read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            at = {"Part": 0, "Unusable": 1, "SaveError": 1, "_part": 0, "__init__": 1, "GuardedFile": 1}.get(func)
            if at is None or len(node.args) <= at or not isinstance(node.args[at], ast.Constant):
                continue
            (subjects if func == "GuardedFile" else codes).add(node.args[at].value)
    return codes, subjects


def saves_keys() -> set[str]:
    return {key.split(".", 1)[1] for key in keys("en") if key.startswith("saves.")}


def test_every_problem_code_the_core_makes_has_text_in_both_languages():
    codes, subjects = made_codes()
    assert len(codes) > 40 and subjects == {"match", "stats", "prefs", "puzzle_stars", "my_puzzles"}
    wanted = {f"saves.{code}" for code in codes}
    wanted |= {f"saves.subject_{s}" for s in subjects} | {f"saves.value_{v}" for v in VALUE_WORDS}
    wanted |= {f"saves.wanted_{w}" for w in WANTED_WORDS}
    assert sorted(wanted - keys("en")) == [] and sorted(wanted - keys("zh")) == []


def test_the_saves_catalogue_holds_nothing_the_code_cannot_ask_for():
    codes, subjects = made_codes()
    asked = codes | FIXED | {f"subject_{s}" for s in subjects} | {f"value_{v}" for v in VALUE_WORDS}
    assert saves_keys() == asked | {f"wanted_{w}" for w in WANTED_WORDS}
    assert {wanted for _, wanted in SHAPES.values()} == set(WANTED_WORDS)


def test_catalogue_kinds_of_value_and_of_field_read_as_the_core_english_names_them():
    assert {code: lookup(f"saves.value_{code}", "en") for code in VALUE_WORDS} == VALUE_WORDS
    assert {code: lookup(f"saves.wanted_{code}", "en") for code in WANTED_WORDS} == WANTED_WORDS


# ----- every problem, made for real ---------------------------------------------------------------------------

Case = Callable[[pathlib.Path, pytest.MonkeyPatch], Problem | None]


def match_save(directory: pathlib.Path) -> SaveStore:
    """A store with a good match.json and a good backup one action behind."""
    store, match = SaveStore(directory), mid_trick()
    previous = Match("standard", match.seed)
    for action in match.log[:-1]:
        previous.apply(action)
    store.save(previous, {})
    store.save(match, {})
    return store


def hostile(name: str) -> Case:
    def make(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
        store = match_save(directory)
        store.path.write_bytes(HOSTILE[name][0](store))
        return store.load().problem

    return make


def edited_save(change: Callable[[dict], None], both: bool = False) -> Case:
    """match.json (and its backup too, when `both`) edited by `change`."""

    def make(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
        store = match_save(directory)
        for path in (store.path, directory / "match.bak.json") if both else (store.path,):
            data = json.loads(path.read_text())
            change(data)
            path.write_text(json.dumps(data))
        return store.load().problem

    return make


def file_of(store: Callable[[pathlib.Path], object], name: str, text: str | bytes) -> Case:
    """`name` alone (no backup) holding `text`, read by the store `store` makes."""

    def make(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / name).write_bytes(text if isinstance(text, bytes) else text.encode())
        made = store(directory)
        if isinstance(made, SaveStore):
            return made.load().problem
        made.load()
        return made.problem

    return make


def no_space(*_args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def write_refused(directory: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Problem:
    monkeypatch.setattr(atomic, "write_atomic", refuse)
    with pytest.raises(WriteFailed) as refused:
        SaveStore(directory).save(Match("standard", 1), {})
    return refused.value.problem


def removal_refused(directory: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Problem:
    store = match_save(directory)
    monkeypatch.setattr(pathlib.Path, "unlink", refuse)
    with pytest.raises(WriteFailed) as refused:
        store.clear()
    return refused.value.problem


def changed_elsewhere(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem:
    """Another game saved over this store's match.json since this store last wrote it."""
    store = match_save(directory)
    SaveStore(directory).save(Match("standard", 2), {})
    with pytest.raises(WriteFailed) as refused:
        store.save(mid_trick(), {})
    return refused.value.problem


def backup_is_a_folder(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
    store = match_save(directory)
    (directory / "match.bak.json").unlink()
    (directory / "match.bak.json").mkdir()
    return store.save(mid_trick(), {})


def loaded_while(owner: object, name: str, value: object, torn: bytes | None = None) -> Case:
    """A good save (match.json replaced by `torn`, if given) loaded while `owner.name` is `value`."""

    def make(directory: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Problem | None:
        store = match_save(directory)
        if torn is not None:
            store.path.write_bytes(torn)
        monkeypatch.setattr(owner, name, value)
        return store.load().problem

    return make


def not_understood(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
    directory.mkdir(parents=True)
    (directory / "match.json").write_text("{}")
    return GuardedFile(directory, "match", "saved match", lambda text: 1 / 0).read().problem


def backup_only(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
    store = match_save(directory)
    store.path.unlink()
    return store.load().problem


def opened_on(store: Callable[[pathlib.Path], object], name: str, text: str) -> Case:
    """`name` holding `text`, read as the puzzle stores read theirs: on opening, the problem kept on the store."""

    def make(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / name).write_text(text)
        return store(directory).problem

    return make


def swap_hand_cards(data: dict) -> None:
    data["hands"][0] = data["hands"][0][1:] + "B"  # its lowest card out, a joker nobody was dealt in


def stand_in(name: str) -> Case:
    def make(directory: pathlib.Path, _: pytest.MonkeyPatch) -> Problem | None:
        store = match_save(directory)
        store.path.unlink()
        STAND_INS[name][0](store.path)
        return store.load().problem

    return make


CASES: dict[str, Case] = {
    **{name: hostile(name) for name in HOSTILE},
    **{name: stand_in(name) for name in STAND_INS if name != "too_large"},
    "both_bad": edited_save(lambda d: d.update(scores="x"), both=True),
    "cards_differ": edited_save(swap_hand_cards),
    "wrong_seed": edited_save(lambda d: d.update(seed=True)),
    "bad_action": edited_save(lambda d: d["actions"].append(["fly", 0])),
    "no_log": edited_save(lambda d: d.pop("actions")),
    "deep": file_of(SaveStore, "match.json", "[" * 100_000),
    "no_backup": file_of(SaveStore, "match.json", ""),
    "backup_only": backup_only,
    "stats_list": file_of(StatsStore, "stats.json", "[]"),
    "stats_format": file_of(StatsStore, "stats.json", '{"version": null}'),
    "stats_field": file_of(StatsStore, "stats.json", '{"version": 1, "cheat": 1}'),
    "stats_count": file_of(StatsStore, "stats.json", '{"version": 1, "hands": -4}'),
    "stats_contradict": file_of(
        StatsStore,
        "stats.json",
        '{"version": 1, "hands": 1, "landlord_hands": 0, "landlord_wins": 0, "farmer_wins": 2, "springs": 0,'
        ' "best_score": 0, "matches": 0, "matches_won": 0}',
    ),
    "prefs_list": file_of(PrefsStore, "prefs.json", "[1, 2]"),
    "stars_list": opened_on(Stars, "puzzle_stars.json", '{"solved": "all"}'),
    "my_puzzles_edited": opened_on(MyPuzzles, "my_puzzles.json", '{"format": 1, "chapter": "mine", "puzzles": [{}]}'),
    "write_refused": write_refused,
    "removal_refused": removal_refused,
    "changed_elsewhere": changed_elsewhere,
    "backup_is_a_folder": backup_is_a_folder,
    "unmovable": loaded_while(atomic, "move_aside", refuse, torn=b"{"),
    "directory_unreadable": loaded_while(pathlib.Path, "is_file", refuse),
    "too_large": loaded_while(atomic, "MAX_BYTES", 10),
    "file_unreadable": loaded_while(pathlib.Path, "read_bytes", refuse),
    "not_understood": not_understood,
}


@pytest.fixture(scope="module")
def problems(tmp_path_factory) -> dict[str, Problem]:
    """Each case's problem, made once for the module."""
    made = {}
    for name, case in CASES.items():
        with pytest.MonkeyPatch.context() as patched:
            made[name] = case(tmp_path_factory.mktemp(name) / "saves", patched)
    return made


def test_every_code_the_core_makes_is_made_by_a_case_here(problems):
    """So the tests below see every sentence, in both languages (a mismatch is never reached: it is explained)."""
    assert all(isinstance(problem, Problem) for problem in problems.values()), problems
    seen = {part.code for problem in problems.values() for part in problem.parts}
    assert made_codes()[0] - seen == {"snapshot_mismatch"}


def test_in_english_the_translated_problem_is_the_core_s_own_text_less_its_technical_detail(problems):
    for name, problem in problems.items():
        said = problem_wording.sentence(problem)
        assert [part.text for part in problem.parts if part.detail is None and part.text not in said] == [], name
        for part in problem.parts:
            assert part.detail is None or part.detail in problem, name  # the English keeps it inline
        assert said == problem or problem_wording.details(problem), name


def test_in_chinese_the_main_sentence_is_fully_translated(problems):
    set_language("zh")
    for name, problem in problems.items():
        said = problem_wording.sentence(problem)
        rest = KEPT_AS_IS.sub("", said.replace(str(problem.parts[0].params.get("directory", "")), ""))
        assert re.findall(r"[A-Za-z]{2,}", rest) == [], (name, said)
        assert re.search(r"[\u4e00-\u9fff]", said), (name, said)


def test_chinese_wording_of_a_corrupt_save_used_from_its_backup(problems):
    set_language("zh")
    said = problem_wording.sentence(problems["truncated"])
    aside = problems["truncated"].parts[2].params["name"]
    assert said == (
        f"对局存档（match.json）无法使用。文件不完整：保存的数据在中途断掉了。该文件已移至“{aside}”。"
        "已改用上一次的存档（match.bak.json）。"
    )


def test_chinese_names_cards_values_and_the_refused_action_in_chinese(problems):
    set_language("zh")
    assert "存档的手牌与发出的牌不符：多了小王，少了3。" in problem_wording.sentence(problems["cards_differ"])
    assert "应为整数，实际内容为：真/假值。" in problem_wording.sentence(problems["wrong_seed"])
    illegal = problem_wording.sentence(problems["illegal_action"])
    assert re.search(r"存档中的第\d+步操作不合规：", illegal) and "not your turn" not in illegal


def test_technical_detail_stays_verbatim_and_apart(problems):
    set_language("zh")
    assert problem_wording.details(problems["write_refused"]) == ["Permission denied"]
    assert problem_wording.sentence(problems["write_refused"]).startswith("无法把对局存档写入“")
    note = problem_wording.note(problems["not_json"])
    assert note.endswith("（Expecting value）") and "第1行，第1列" in note
    assert problem_wording.heading(problems["write_refused"]) == "有文件无法保存"
    assert problem_wording.heading(problems["not_json"]) == "有文件无法使用"


@pytest.mark.parametrize("case", ["unmovable", "cards_differ", "stats_format"])
def test_a_note_said_in_english_is_said_again_in_chinese_after_a_switch(problems, case):
    note = problem_wording.note(problems[case])
    set_language("zh")
    assert resay(note) == problem_wording.note(problems[case])
    assert re.match("(对局存档|战绩文件)（", resay(note))


def test_a_huge_quoted_field_name_is_cut_but_a_long_path_is_not(tmp_path):
    deep = tmp_path / ("d" * 80)
    hostile_field = file_of(StatsStore, "stats.json", json.dumps({"version": 1, "x" * 500: 1}))
    said = problem_wording.sentence(hostile_field(deep, pytest.MonkeyPatch()))
    assert "'" + "x" * 58 + "…" in said and "x" * 60 not in said
    with pytest.MonkeyPatch.context() as patched:
        assert str(deep) in problem_wording.sentence(write_refused(deep, patched))


def test_text_not_made_as_a_problem_is_said_as_it_is():
    assert (problem_wording.sentence("x y"), problem_wording.details("x y"), problem_wording.note("x y")) == (
        "x y",
        [],
        "x y",
    )


# ----- on the screen ------------------------------------------------------------------------------------------


def chinese_title(tmp_path: pathlib.Path) -> App:
    """A game whose preferences say Chinese, started over a cut-short save with no backup."""
    store = SaveStore(tmp_path / "saves")
    store.directory.mkdir(parents=True)
    (store.directory / "prefs.json").write_text('{"language": "zh"}')
    store.path.write_text('{"version": 3, "seed": ')
    return title_app(store)


def drawn_by(module: object, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text `module` draws from now on (its `blit_text`), in order."""
    drawn: list[str] = []

    def blit_text(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        drawn.append(text)
        return pygame.Rect(0, 0, 1, 1)

    monkeypatch.setattr(module, "blit_text", blit_text)
    return drawn


def test_a_corrupt_save_in_chinese_is_named_in_chinese_on_the_title(tmp_path, monkeypatch):
    app = chinese_title(tmp_path)
    try:
        press(app, pygame.K_RETURN)  # Continue: nothing can be restored, the problem stays on the title
        drawn = drawn_by(title, monkeypatch)
        app.scene.draw(app.screen)
        shown = "".join(drawn).replace(" ", "")  # a line may break at a space
        assert (app.scene.name, "有文件无法使用" in drawn) == ("title", True)
        assert "对局存档（match.json）无法使用。文件不完整：保存的数据在中途断掉了。该文件已移至“corrupt-" in shown
        assert "没有可以恢复的备份。" in shown and "cut short" in app.problem  # the English stays for logs
    finally:
        app.close()


def test_a_bad_statistics_file_is_named_in_chinese_on_the_statistics_screen(tmp_path, monkeypatch):
    app = chinese_title(tmp_path)
    try:
        (app.store.directory / "stats.json").write_text("[]")
        app.push(StatsScreen(app))
        drawn = drawn_by(stats_screen, monkeypatch)
        app.scene.draw(app.screen)
        assert "战绩文件（stats.json）无法使用。文件里没有战绩数据。" in "".join(drawn)
    finally:
        app.close()


def test_a_refused_save_at_the_table_is_said_in_chinese_with_the_system_s_reason(tmp_path, monkeypatch):
    app = chinese_title(tmp_path)
    try:
        session = open_session(app, Match("standard", 4))
        monkeypatch.setattr(atomic, "write_atomic", no_space)
        session.save()
        said = r"无法把对局存档写入“.+”。（No space left on device）牌局继续进行；.+。"
        assert re.fullmatch(said, session.notices.message.text)
    finally:
        app.close()
