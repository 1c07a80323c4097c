"""Every relative link in README.md and docs/ leads somewhere: the file exists, and an anchor (`file.md#part`, `#part`)
names a heading of that file as GitHub spells it, or an `<a id="...">` in it. Links inside code are not links.

The code's references to the rule texts resolve too: every chapter it cites ("000 §7", "§15-§19", "003 wildcard",
"003 timers") has a heading of that name in docs/rules.md."""

import pathlib
import re
from collections import Counter

import pytest

from game.rulesets import RULESETS

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HTML_TARGET = re.compile(r"<(?:img|a)\s[^>]*?(?:src|href)=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
HTML_ID = re.compile(r"<a\s[^>]*?(?:id|name)=\"([^\"]+)\"")
SOURCES = [ROOT / "main.py", *(p for d in ("game", "scenes", "tests", "benchmarks") for p in (ROOT / d).rglob("*.py"))]
CHAPTER = re.compile(r"(?<!\.md )§ ?(\d+)(?:-§ ?(\d+))?")  # 000's chapters; "STYLE.md §1" is another text
PARTS_003 = ["timers", "table scoring", *(r.name for r in RULESETS.values() if r.source == "003")]
PART_003 = re.compile(rf"\b003 `?({'|'.join(PARTS_003)})\b")


def prose(text: str) -> str:
    """The text without fenced blocks and inline code."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, markup and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading keeps its words
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def anchors(page: pathlib.Path) -> set[str]:
    """Every anchor a page offers: its headings' slugs (a repeated one gets -1, -2, ...) and its explicit ids."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    seen: Counter[str] = Counter()
    found = set(HTML_ID.findall(text))
    for heading in HEADING.findall(text):
        base = slug(heading)
        found.add(base if seen[base] == 0 else f"{base}-{seen[base]}")
        seen[base] += 1
    return found


def broken(page: pathlib.Path) -> list[str]:
    """The relative links of `page` that lead nowhere, each with why."""
    text = prose(page.read_text(encoding="utf-8"))
    problems = []
    for target in LINK.findall(text) + HTML_TARGET.findall(text):
        if re.match(r"[a-z][a-z+.-]*:", target):  # http:, https:, mailto: are not this test's business
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            problems.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"{target}: {dest.name} has no heading or id '{anchor}'")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: pathlib.Path) -> None:
    assert broken(page) == []


def test_slugs_follow_github() -> None:
    assert slug("000 §7: triple with a single or a pair") == "000-7-triple-with-a-single-or-a-pair"
    assert slug("Issue 12: `hard` plays out from 36 cards") == "issue-12-hard-plays-out-from-36-cards"
    assert slug("Issue 12: the landlord's 下家 keeps its 2") == "issue-12-the-landlords-下家-keeps-its-2"


def test_a_broken_link_is_found(tmp_path: pathlib.Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "there.md").write_text("# A part\n", encoding="utf-8")
    page.write_text(
        "[ok](there.md#a-part) [gone](missing.md) [no part](there.md#b-part) `[code](nowhere.md)` [self](#top)\n",
        encoding="utf-8",
    )
    assert broken(page) == [
        "missing.md: no such file",
        "there.md#b-part: there.md has no heading or id 'b-part'",
        "#top: page.md has no heading or id 'top'",
    ]


def cited(pattern: re.Pattern[str]) -> dict[str, str]:
    """What the sources cite by `pattern`: each chapter or part, with one file that cites it."""
    found: dict[str, str] = {}
    for source in SOURCES:
        for match in pattern.finditer(source.read_text(encoding="utf-8")):
            first, last = match.group(1), match.group(match.lastindex or 1)
            parts = range(int(first), int(last) + 1) if first.isdigit() else [first]
            found.update((str(part), source.name) for part in parts)
    return found


def test_every_chapter_the_code_cites_has_a_heading_in_the_rules() -> None:
    headings = HEADING.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    chapters = {m.group(1) for h in headings if (m := re.match(r"000 §(\d+):", h))}
    parts = {m.group(1) for h in headings if (m := re.match(r"003 (.+)", h))}
    missing = {f"000 §{n}": where for n, where in cited(CHAPTER).items() if n not in chapters}
    missing |= {f"003 {name}": where for name, where in cited(PART_003).items() if name not in parts}
    assert missing == {}
