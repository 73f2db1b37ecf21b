"""docs/rules-index.md stays in step with the code: regenerate it with tools/rules_index.py."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "tools" / "rules_index.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_rules_index_is_current() -> None:
    tool = _tool()
    if not tool.RULES.is_dir():
        pytest.skip("the rules digest (../shared/rules) is not beside this checkout")
    expected = tool.render()
    assert (ROOT / "docs" / "rules-index.md").read_text(encoding="utf-8") == expected, (
        "docs/rules-index.md is stale: run `python tools/rules_index.py`"
    )


def test_every_movement_and_piloting_rule_with_a_number_is_cited_by_a_test() -> None:
    tool = _tool()
    if not tool.RULES.is_dir():
        pytest.skip("the rules digest (../shared/rules) is not beside this checkout")
    tests = sorted(p for p in (ROOT / "tests").rglob("*") if p.suffix in (".py", ".json"))
    # Known gaps of the built chapters are the "Gap" rows of docs/rules-coverage.md.
    coverage = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    gaps = {row.split("|")[1].strip() for row in coverage.splitlines() if "| Gap" in row}
    missing = [
        rid
        for stem, rid, _ in tool.digest_ids()
        if stem in ("movement", "piloting", "turn")
        and rid not in gaps
        and not rid.startswith(("TURN-1",))  # attack/heat/end phases: later chapters
        and not tool.citations(tests, rid)
    ]
    assert missing == []
