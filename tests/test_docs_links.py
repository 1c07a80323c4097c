"""Every relative link in README.md and docs/ leads somewhere: the file exists, and an anchor (`file.md#part`, `#part`)
names a heading of that file as GitHub spells it, or an `<a id="...">` in it. Links inside code are not links."""

import pathlib
import re
from collections import Counter

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HTML_TARGET = re.compile(r"<(?:img|a)\s[^>]*?(?:src|href)=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
HTML_ID = re.compile(r"<a\s[^>]*?(?:id|name)=\"([^\"]+)\"")


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
