"""EX-REG-01 (wheel) and EX-REG-02 (3 cm checks), row by row, and REG-18's open points
(every option documented)."""

from __future__ import annotations

import math
from dataclasses import fields
from pathlib import Path

import pytest
from regkit import F, W, judge, order, reg, world

from game.regiments.options import Options

ROOT = Path(__file__).resolve().parents[2]


def test_ex_reg_01_seed_wheel_of_4_leaves_5() -> None:
    a = reg("a", "A", 2, 3, at=(50, 100), move=9)  # frontage 8
    deg = math.degrees(4 / 8)  # Diagram 8: the outer corner B travels 4 cm
    assert judge(world(a), order("a", "move", W(deg), F(5))).legal
    assert not judge(world(a), order("a", "move", W(deg), F(5.01))).legal


def test_ex_reg_01_frontage_8_wheel_30_uses_4_19() -> None:
    a = reg("a", "A", 2, 3, at=(50, 100))
    v = judge(world(a), order("a", "move", W(30)))
    assert v.used == pytest.approx(8 * math.pi / 6) and round(v.used, 2) == 4.19


def test_ex_reg_01_a_90_degree_wheel_needs_a_march() -> None:
    a = reg("a", "A", 5, 2, at=(50, 100), move=9, stand=(2, 4))  # frontage 10
    move = judge(world(a), order("a", "move", W(90)))
    assert not move.legal and "15.71" in move.error
    march = judge(world(a), order("a", "march", W(90)))
    assert march.legal and march.used == pytest.approx(5 * math.pi)


def test_ex_reg_02_three_cm_rows() -> None:
    a = reg("a", "A", 2, 2, at=(50, 100), move=20)
    e = reg("e", "B", 2, 2, at=(58, 80), facing=180)  # front at y = 80
    assert judge(world(a, e), order("a", "move", F(17))).legal  # ends 3.0 cm away
    side = reg("e", "B", 2, 2, at=(68.5, 95), facing=180)  # passes 2.5 cm beside
    assert not judge(world(a, side), order("a", "move", F(9))).legal
    big = reg("a", "A", 2, 2, at=(50, 100), move=20, size=3)
    v = judge(world(big, e), order("a", "march", F(18)))  # 2 size classes larger, ends 2 cm
    assert not v.legal and "within 3 cm" in v.error
    wide = reg("w", "A", 4, 3, at=(50, 100))
    near = reg("n", "B", 2, 2, at=(84.9, 108), facing=180)  # 2.9 cm off the widened corner
    v = judge(world(wide, near), order("w", "widen", files=2, side="right"))
    assert not v.legal and "2.90 cm" in v.error


def test_reg_18_every_open_point_is_an_option_and_documented() -> None:
    doc = (ROOT / "docs" / "regiments.md").read_text(encoding="utf-8")
    for f in fields(Options):
        assert f"`{f.name}`" in doc, f.name
    for gap in ("REG-18", "G35", "K22"):
        assert gap in doc


def test_every_reg_rule_and_example_has_a_test_named_for_it() -> None:
    import re

    ids = re.findall(r"^\| ((?:EX-)?REG-\d+) \|", (ROOT / "docs" / "rule-ids.md").read_text(), re.M)
    assert len(ids) == 25
    names = " ".join(p.read_text() for p in (ROOT / "tests" / "regiments").glob("test_*.py"))
    missing = [i for i in ids if f"def test_{i.lower().replace('-', '_')}_" not in names]
    assert missing == []
