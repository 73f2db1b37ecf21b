"""The rule IDs in docs/ stay in step with the digest and the code.

docs/rule-ids.md is the repository's own list of every rule ID (refresh it with
``python tools/rules_index.py --refresh``); docs/rules-index.md is generated from it and
from the citations in game/ and tests/ (``python tools/rules_index.py``). Everything here
runs on a clone alone, except the comparison of the list with the digest itself, which
needs the digest beside the repository (CI has it) and is skipped without it.
"""

import functools
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Attack, heat and end phases of the turn chapter: built with the combat chapters.
LATER_PHASES = ("TURN-10", "TURN-11", "TURN-12", "TURN-13", "TURN-14")


@functools.cache
def _tool():
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "tools" / "rules_index.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclass looks its module up there
    spec.loader.exec_module(mod)
    return mod


def test_rules_index_is_current() -> None:
    tool = _tool()
    assert (ROOT / "docs" / "rules-index.md").read_text(encoding="utf-8") == tool.render(), (
        "docs/rules-index.md is stale: run `python tools/rules_index.py`"
    )


def test_vendored_rule_ids_equal_the_digest() -> None:
    tool = _tool()
    if not tool.DIGEST.is_dir():
        pytest.skip("the rules digest is not beside this checkout; docs/rule-ids.md stands in")
    assert tool.vendored_ids() == tool.digest_ids(), (
        "docs/rule-ids.md differs from the digest: run `python tools/rules_index.py --refresh`"
    )
    assert tool.IDS.read_text(encoding="utf-8") == tool.render_ids(tool.digest_ids())


def test_rule_id_list_reads_back_what_it_writes() -> None:
    tool = _tool()
    entries = tool.vendored_ids()
    assert len(entries) > 200
    assert len({e.id for e in entries}) == len(entries), "an ID is listed twice"
    assert tool.parse_ids(tool.render_ids(entries)) == entries
    odd = [tool.RuleId("movement", "MOV-98", "A | B"), tool.RuleId("turn", "EX-TURN-98", "x")]
    assert tool.parse_ids(tool.render_ids(odd)) == odd


def test_rule_id_list_refuses_a_broken_row() -> None:
    tool = _tool()
    text = tool.render_ids(tool.vendored_ids()[:3]).replace("| ADV-02 |", "| ADV 02 |")
    with pytest.raises(ValueError, match="line"):
        tool.parse_ids(text)


def test_every_movement_and_piloting_rule_with_a_number_is_cited_by_a_test() -> None:
    tool = _tool()
    tests = sorted(p for p in (ROOT / "tests").rglob("*") if p.suffix in (".py", ".json"))
    # Known gaps of the built chapters are the "Gap" rows of docs/rules-coverage.md.
    coverage = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    gaps = {row.split("|")[1].strip() for row in coverage.splitlines() if "| Gap" in row}
    missing = [
        e.id
        for e in tool.vendored_ids()
        if e.chapter in ("movement", "piloting", "turn")
        and e.id not in gaps
        and e.id not in LATER_PHASES
        and not tool.citations(tests, e.id)
    ]
    assert missing == []


def _cited_files() -> list[Path]:
    """Code, tests, tools, benchmarks and the hand-written docs: where an ID may be cited."""
    files = [p for d in ("game", "benchmarks", "tools") for p in (ROOT / d).rglob("*.py")]
    files += [p for p in (ROOT / "tests").rglob("*") if p.suffix in (".py", ".json")]
    files += [p for p in (ROOT / "docs").glob("*.md") if p.name != "rules-index.md"]
    files.append(ROOT / "README.md")
    return sorted(p for p in files if p.name != "test_rules_index.py")


def test_every_rule_id_cited_in_the_project_is_in_the_list() -> None:
    tool = _tool()
    assert tool.unknown_citations(_cited_files(), tool.vendored_ids()) == [], (
        "an ID cited above is not in docs/rule-ids.md (a typo, or the digest gained it: "
        "run `python tools/rules_index.py --refresh`)"
    )


def test_an_id_missing_from_the_list_is_caught(tmp_path: Path) -> None:
    tool = _tool()
    known = tool.vendored_ids()
    f = tmp_path / "typo.py"
    f.write_text(
        "# MOV-20 minimum movement, MOV-99 a typo, EX-PSR-77 too\n"
        "def test_psr_98_unknown(): ...\ndef test_ex_mov_01_known(): ...\n"
        "def test_cmb_48a_1_a_letter_suffix_is_known(): ...\n"
        "ROSTER = 'GAL-100'  # a design code, not a rule\n",
        encoding="utf-8",
    )
    assert tool.unknown_citations([f], known) == [
        (str(f), "EX-PSR-77"),
        (str(f), "MOV-99"),
        (str(f), "PSR-98"),
    ]
