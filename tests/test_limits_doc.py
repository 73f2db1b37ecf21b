"""docs/limits.md lists every size limit of game.core.limits with its value, and the
README links it (issue 26)."""

from __future__ import annotations

from pathlib import Path

from game.core import limits

ROOT = Path(__file__).resolve().parents[1]
SHOWN = {
    "MAX_FILE_BYTES": "16 MiB",
    "MAX_BOARD": "999 x 999",
    "MAX_HEXES": "40,000",
    "MAX_UNITS": "| 200 |",
    "MAX_STEPS": "| 100 |",
    "MAX_LIST": "| 200 |",
    "MAX_ACTIONS": "100,000",
    "MAX_DICE": "10,000",
    "MAX_REGIMENTS": "| 100 |",
    "MAX_OBSTACLES": "| 100 |",
    "MAX_OBSTACLE_POINTS": "| 64 |",
    "MAX_TABLE_CM": "100,000 cm",
}
VALUES = {"MAX_FILE_BYTES": 16 * 2**20, "MAX_BOARD": 999, "MAX_HEXES": 40_000, "MAX_UNITS": 200,
          "MAX_STEPS": 100,
          "MAX_LIST": 200, "MAX_ACTIONS": 100_000, "MAX_DICE": 10_000, "MAX_REGIMENTS": 100,
          "MAX_OBSTACLES": 100, "MAX_OBSTACLE_POINTS": 64, "MAX_TABLE_CM": 100_000}  # fmt: skip


def test_every_limit_is_in_the_doc_with_its_value() -> None:
    names = {n for n in dir(limits) if n.startswith("MAX_")}
    assert names == set(SHOWN) == set(VALUES)
    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for name, shown in SHOWN.items():
        assert getattr(limits, name) == VALUES[name], name
        assert shown in text, f"docs/limits.md does not show {name} as {shown}"


def test_the_readme_links_the_limits() -> None:
    assert "(docs/limits.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
