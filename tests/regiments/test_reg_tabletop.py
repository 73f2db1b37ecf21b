"""A Tiled map as the regiments table (game.regiments.tabletop): its size in cm from the
map's own pixel size and scale, obstacles from its "obstacles" object layer, and errors
as one sentence; armies set up on such tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.layout import DEFAULT_LAYOUT
from game.maps import bundled_maps, load_map
from game.regiments.armies import ArmyError, deploy
from game.regiments.geometry import distance
from game.regiments.scenario import load
from game.regiments.table import Table
from game.regiments.tabletop import TabletopError, table_from_map

ROOT = Path(__file__).resolve().parents[2]

TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="{orientation}" renderorder="right-down" width="10" height="8"
 tilewidth="84" tileheight="72" hexsidelength="42" staggeraxis="x" staggerindex="odd">
 <properties>{props}</properties>
 <objectgroup id="2" name="obstacles">
  <object id="1" name="rock" x="100" y="100" width="50" height="40"/>
  <object id="2" name="wall" x="300" y="200"><polygon points="0,0 80,0 80,10 0,10"/></object>
  <object id="3" name="pond" x="400" y="300" width="60" height="60"><ellipse/></object>
 </objectgroup>
 <objectgroup id="3" name="deployment">
  <object id="4" x="0" y="0" width="10" height="10"/>
 </objectgroup>
</map>
"""


def write(tmp_path: Path, props: str = "", orientation: str = "hexagonal") -> Path:
    p = tmp_path / "table.tmx"
    p.write_text(TMX.format(props=props, orientation=orientation))
    return p


def test_the_bundled_maps_are_as_big_as_the_hex_renderer_draws_them() -> None:
    for path in bundled_maps():
        board = load_map(path)
        w, h = DEFAULT_LAYOUT.map_size(board.width, board.height)
        t = table_from_map(path)
        assert max(t.width, t.height) == pytest.approx(180)
        assert t.width / t.height == pytest.approx(w / h)


def test_a_scale_property_and_obstacle_objects(tmp_path: Path) -> None:
    t = table_from_map(write(tmp_path, '<property name="cm_per_pixel" type="float" value="0.1"/>'))
    assert t.width == pytest.approx((10 * 63 + 21) * 0.1) and t.height == pytest.approx(
        (8 * 72 + 36) * 0.1
    )
    names = [o.id for o in t.obstacles]
    assert names == ["rock", "wall", "pond"]  # the deployment layer is not an obstacle
    rock = t.obstacle("rock").polygon()
    assert rock.min(axis=0) == pytest.approx((10, 10)) and rock.max(axis=0) == pytest.approx(
        (15, 14)
    )
    assert len(t.obstacle("pond").points) >= 8


def test_a_bad_scale_or_map_is_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(TabletopError, match="cm_per_pixel must be a positive number"):
        table_from_map(write(tmp_path, '<property name="cm_per_pixel" value="-2"/>'))
    with pytest.raises(TabletopError, match="isometric map cannot be a table"):
        table_from_map(write(tmp_path, orientation="isometric"))
    with pytest.raises(TabletopError, match="no such map file"):
        table_from_map(tmp_path / "missing.tmx")


def test_a_scenario_may_take_a_map_as_its_table(tmp_path: Path) -> None:
    tmx = write(tmp_path, '<property name="cm_per_pixel" type="float" value="0.1"/>')
    sc = {
        "ruleset": "regiments",
        "table": {
            "file": str(tmx),
            "obstacles": [{"id": "cairn", "points": [[1, 1], [3, 1], [2, 3]]}],
        },
        "regiments": [],
    }
    f = tmp_path / "s.json"
    f.write_text(json.dumps(sc))
    got = load(f)
    assert got.table.width == pytest.approx(65.1)
    assert [o.id for o in got.table.obstacles] == ["rock", "wall", "pond", "cairn"]
    assert got.table.scenery == str(tmx)


def test_the_bundled_regiments_scenario_loads() -> None:
    sc = load(ROOT / "scenarios" / "regiments-grassland.json")
    assert {r.side for r in sc.regiments} == {"A", "B"} and len(sc.table.obstacles) >= 3


def test_armies_line_up_apart_or_say_they_do_not_fit() -> None:
    regs = deploy(Table(180, 120), {"A": "royal", "B": "horde"})
    for i, a in enumerate(regs):
        for b in regs[i + 1 :]:
            gap = distance(a.corners(), b.corners())
            assert gap >= (3 if a.side != b.side else 0.5)
    with pytest.raises(ArmyError, match="not fit on a 60 x 40 cm table"):
        deploy(Table(60, 40), {"A": "royal", "B": "horde"})
