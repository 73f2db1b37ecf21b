"""The README and docs/ stand on their own: every relative link resolves inside the
repository (to a file, and to a heading where it names one), and the worked examples of
docs/scenario-format.md are the referee's real answers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.referee.moves import answer

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def _prose(text: str) -> list[str]:
    """The lines outside fenced code blocks, with inline code spans blanked out."""
    out, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else re.sub(r"`[^`]*`", lambda m: " " * len(m.group()), line))
    return out


def _raw_prose_lines(text: str) -> list[str]:
    out, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out.append(line)
    return out


def slug(title: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    s = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", title).strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file (repeated titles get -1, -2, ... as on GitHub)."""
    seen: dict[str, int] = {}
    out = set()
    for line in _raw_prose_lines(path.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def broken_links(md: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of ``md`` that does not resolve inside ``root``, with the reason."""
    bad = []
    for n, line in enumerate(_prose(md.read_text(encoding="utf-8")), start=1):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # https:, mailto: ...: not a file of the repository
            path_part, _, anchor = target.partition("#")
            dest = (md.parent / path_part).resolve() if path_part else md.resolve()
            where = f"{md.name}:{n}: {target}"
            if not dest.is_relative_to(root):
                bad.append(f"{where} leaves the repository")
            elif not dest.exists():
                bad.append(f"{where} does not exist")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                bad.append(f"{where}: no heading '#{anchor}' in {dest.name}")
    return bad


def test_every_relative_link_in_the_readme_and_docs_resolves() -> None:
    assert len(DOCS) > 5
    assert [b for md in DOCS for b in broken_links(md)] == []


def test_a_broken_link_is_caught(tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text("# A title: with `code`\n\n## Second one\n", encoding="utf-8")
    md = tmp_path / "page.md"
    md.write_text(
        "[ok](good.md) [ok too](good.md#a-title-with-code) [web](https://example.org)\n"
        "[gone](missing.md) [bad anchor](good.md#nowhere) [self](#second-one)\n"
        "`[in code](nothing.md)`\n```\n[in a fence](nothing.md)\n```\n",
        encoding="utf-8",
    )
    found = broken_links(md, root=tmp_path)
    assert len(found) == 3, found
    assert "missing.md does not exist" in found[0]
    assert "no heading '#nowhere'" in found[1]
    assert "#second-one" in found[2]  # the page itself has no such heading
    assert broken_links(good, root=tmp_path) == []
    outside = tmp_path / "sub" / "up.md"
    outside.parent.mkdir()
    outside.write_text("[up](../good.md)\n", encoding="utf-8")
    assert broken_links(outside, root=tmp_path / "sub") == [
        "up.md:1: ../good.md leaves the repository"
    ]


# --- the worked examples of docs/scenario-format.md ----------------------------------------

FORMAT = ROOT / "docs" / "scenario-format.md"


def _json_blocks(section: str) -> list[str]:
    """The ```json blocks of one '##'/'###' section of scenario-format.md, in order."""
    text = FORMAT.read_text(encoding="utf-8")
    start = re.search(rf"^#+ {re.escape(section)}\s*$", text, re.M)
    assert start, f"no section '{section}' in {FORMAT.name}"
    rest = text[start.end() :]
    end = re.search(r"^#{2,3} ", rest, re.M)
    body = rest[: end.start()] if end else rest
    return re.findall(r"```json\n(.*?)```", body, re.S)


def test_the_base_example_answers_as_documented(tmp_path: Path) -> None:
    scenario = tmp_path / "example.json"
    scenario.write_text(_json_blocks("The file")[0], encoding="utf-8")
    documented = json.loads(_json_blocks("rules move")[0])
    assert answer(["move", str(scenario)]) == documented


@pytest.mark.parametrize(
    ("section", "argv"),
    [
        ("rules reach", ["reach", str(ROOT / "tests" / "scenarios" / "reach_minimum.json")]),
        ("rules order", ["order", "--initiative-winner", "A", "--units", "A=8,B=5"]),
    ],
)
def test_the_reach_and_order_examples_answer_as_documented(section: str, argv: list[str]) -> None:
    assert answer(argv) == json.loads(_json_blocks(section)[0])


def test_rules_coverage_has_one_row_per_rule_sorted_as_it_says() -> None:
    text = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    ids = [m.group(1) for m in re.finditer(r"^\| ((?:EX-)?[A-Z]+-\d+) \|", text, re.M)]

    def key(rid: str) -> tuple[str, bool, int]:
        m = re.fullmatch(r"(EX-)?([A-Z]+)-(\d+)", rid)
        assert m is not None
        return m.group(2), bool(m.group(1)), int(m.group(3))

    assert len(ids) > 50 and len(set(ids)) == len(ids)
    assert ids == sorted(ids, key=key)
