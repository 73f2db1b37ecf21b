"""TW's tonnage limits for vessels: naval vessels and submarines up to 300 tons, hydrofoils
up to 100, in the scenario checker, the referee and the design files; other ground units
keep 200."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.files import ScenarioError
from game.designs import weapons_table
from game.designs.schema import DesignError, parse_design
from game.scenario.reader import parse_scenario

ROOT = Path(__file__).resolve().parents[1]


def _scenario(kind: str, tons: int) -> dict:
    hexes = {f"0{c}0{r}": {"water": 3} for c in range(1, 6) for r in range(1, 6)}
    return {"version": 1, "board": {"width": 6, "height": 6, "hexes": hexes},
            "units": [{"id": "v", "side": "A", "kind": kind, "tons": tons, "walk": 3,
                       "at": "0303", "facing": 0}],
            "move": {"unit": "v", "mode": "walk", "steps": ["F"]}}  # fmt: skip


@pytest.mark.parametrize("kind", ["naval", "submarine"])
def test_vessels_up_to_300_tons(kind: str) -> None:
    s = parse_scenario(_scenario(kind, 300), Path("v.json"))
    assert s.units[0].tons == 300 and s.units[0].hull is not None
    assert s.units[0].hull["FR"].structure == 30  # ceil(300 / 10)
    with pytest.raises(ScenarioError, match="tons"):
        parse_scenario(_scenario(kind, 301), Path("v.json"))


def test_other_units_keep_the_200_ton_limit() -> None:
    with pytest.raises(ScenarioError, match="tons"):
        parse_scenario(_scenario("tracked", 201), Path("v.json"))


def test_referee_moves_a_300_ton_naval_vessel(tmp_path: Path) -> None:
    f = tmp_path / "ship.json"
    f.write_text(json.dumps(_scenario("naval", 300)))
    p = subprocess.run([sys.executable, "main.py", "rules", "move", str(f)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["legal"] is True


def test_design_files_know_the_vessel_limit() -> None:
    base = {"format": "hexplate-design", "version": 1, "design": "Big", "chassis": "Ship",
            "kind": "naval", "tons": 300, "walk": 3}  # fmt: skip
    d = parse_design(base, Path("big.json"), weapons_table())
    assert d.tons == 300
    with pytest.raises(DesignError, match="tons"):
        parse_design(base | {"tons": 301}, Path("big.json"), weapons_table())
    with pytest.raises(DesignError, match="tons"):
        parse_design(base | {"kind": "tracked", "tons": 300}, Path("big.json"), weapons_table())
    with pytest.raises(DesignError, match="engine_type"):
        parse_design(base | {"engine_type": "steam"}, Path("big.json"), weapons_table())


def test_hydrofoils_up_to_100_tons_move_as_naval_surface_vessels(capsys, tmp_path) -> None:
    """Issue 27 Build 6: a hydrofoil is TW's naval hydrofoil motive type, up to 100 t
    (docs/advanced-movement.md: the reading built); it moves as a surface vessel (ADV-24:
    depth 1+ water, 1 MP a hex) and takes +3 on the motive table (CMB-48a.7)."""
    from game.cli import main
    from game.rules.move.costs import motive_costs
    from game.units.vehicle import MOTIVE_KIND

    s = parse_scenario(_scenario("hydrofoil", 100), Path("v.json"))
    assert s.units[0].tons == 100 and s.units[0].hull is not None
    with pytest.raises(ScenarioError, match="tons"):
        parse_scenario(_scenario("hydrofoil", 101), Path("v.json"))
    assert motive_costs("hydrofoil").dry == motive_costs("naval").dry  # no dry land
    assert MOTIVE_KIND["hydrofoil"] == 3
    f = tmp_path / "foil.json"
    south = _scenario("hydrofoil", 100)
    south["units"][0]["facing"] = 3
    f.write_text(json.dumps(south | {"move": {"unit": "v", "mode": "run",
                                              "steps": ["F", "F", "F"]}}))  # fmt: skip
    assert main(["rules", "move", str(f)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert not out["legal"] and out["failed_step"] == 2  # 0306: no water there (ADV-24)
    assert "water" in out["error"]
    base = {"format": "hexplate-design", "version": 1, "design": "Foil", "chassis": "Foil",
            "kind": "hydrofoil", "tons": 100, "walk": 6}  # fmt: skip
    assert parse_design(base, Path("foil.json"), weapons_table()).tons == 100
    with pytest.raises(DesignError, match="tons"):
        parse_design(base | {"tons": 101}, Path("foil.json"), weapons_table())
