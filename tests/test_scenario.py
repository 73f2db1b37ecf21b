"""Scenario files: parsing, one-sentence errors, stacking (MOV-30) and round-trip writing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import ARRAY_FIELDS
from game.core.errors import UserFacingError
from game.core.files import ScenarioError
from game.hexgrid import Hex
from game.scenario.reader import MoveSpec, load_scenario, parse_scenario
from game.scenario.writer import scenario_to_json
from game.units.unit import Damage

HERE = Path(__file__).parent
SAMPLE = HERE / "scenarios" / "spec_sample.json"


def base() -> dict[str, Any]:
    return json.loads(SAMPLE.read_text())


def write(tmp_path: Path, data: Any, name: str = "s.json") -> Path:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def test_spec_sample_parses_to_board_units_dice_and_move() -> None:
    s = load_scenario(SAMPLE)
    b = s.board
    assert (b.width, b.height) == (16, 17)
    assert b.level[3, 4] == 2 and b.woods[3, 4] == 2  # 0504
    assert b.water[4, 5] == 1 and b.level[4, 5] == 0  # 0605: depth 1, surface level 0
    assert b.pavement[5, 6] and b.road[5, 6]  # 0706
    assert b.rough[6, 7] and b.rubble[7, 7]
    assert (b.building_class[8, 8], b.building_cf[8, 8], b.building_height[8, 8]) == (2, 40, 2)
    assert (b.bridge_class[9, 9], b.bridge_cf[9, 9], b.bridge_level[9, 9]) == (2, 40, 1)
    assert b.water[0, 0] == -1 and b.level[0, 0] == 0  # unlisted hex: clear level 0
    (u,) = s.units
    assert (u.id, u.side, u.kind, u.tons, u.walk, u.jump) == ("hbk", "A", "biped", 50, 4, 0)
    assert (u.at, u.facing, u.piloting, u.gunnery) == (Hex(4, 4), 0, 5, 4)
    assert (u.prone, u.heat) == (False, 0)
    assert u.damage == Damage() and not u.moved
    assert s.dice == (3, 4, 6, 6)
    assert s.move == MoveSpec("hbk", "walk", ("F", "R", "F"))
    assert s.version == 1 and s.board_file is None


def test_optional_unit_fields_and_damage() -> None:
    d = base()
    d["units"][0].update(
        jump=3, piloting=4, gunnery=3, prone=True, heat=7, moved=True, name="Hunchback"
    )
    d["units"][0]["damage"] = {"gyro": 1, "hips": 1, "jump_jets": 1, "unconscious": True}
    (u,) = parse_scenario(d, Path("x.json")).units
    assert (u.jump, u.piloting, u.gunnery, u.prone, u.heat, u.moved) == (3, 4, 3, True, 7, True)
    assert u.damage == Damage(unconscious=True)  # the pilot's record; the rest is the body's
    assert (u.crits.gyro, u.crits.hips, u.crits.jump_jets) == (1, 1, 1)
    assert u.name == "Hunchback"


def test_no_dice_and_no_move_are_none() -> None:
    d = base()
    del d["dice"], d["move"]
    s = parse_scenario(d, Path("x.json"))
    assert s.dice is None and s.move is None


def test_explicit_road_exits_override_joining() -> None:
    d = base()
    d["board"]["hexes"]["0707"] = {"road": True}  # touches 0706 (S of it)
    d["board"]["hexes"]["0201"] = {"road_exits": [2, 5]}
    b = parse_scenario(d, Path("x.json")).board
    assert b.road_exits[5, 6] == 1 << 3 and b.road_exits[6, 6] == 1 << 0  # joined N-S
    assert b.road[0, 1] and b.road_exits[0, 1] == (1 << 2) | (1 << 5)


def _set(d: dict[str, Any], path: str, value: Any) -> None:
    keys = path.split("/")
    for k in keys[:-1]:
        d = d[int(k)] if isinstance(d, list) else d[k]
    if value is _DEL:
        del d[keys[-1]]
    elif isinstance(d, list):
        d[int(keys[-1])] = value
    else:
        d[keys[-1]] = value


_DEL = object()

BROKEN = [
    # (where, value, words the one sentence must contain)
    ("colour", "red", "unknown key 'colour' in the scenario"),
    ("version", 2, "version is 2"),
    ("board/hexes/0A05", {"level": 1}, "hex '0A05' in board.hexes is not a hex name"),
    ("board/hexes/2001", {"level": 1}, "hex '2001' in board.hexes is off the 16x17 board"),
    ("board/hexes/0504/lava", True, "unknown key 'lava' in hex '0504'"),
    ("board/hexes/0504/woods", 4, "hex '0504' in board.hexes: woods is 4"),
    ("board/hexes/0504/rough", 1, "hex '0504' in board.hexes: rough must be true or false"),
    ("board/hexes/0605/woods", 1, "woods cannot grow in water"),
    ("board/hexes/0909/building/class", "stone", 'building class "stone" is not light'),
    ("board/width", "16", "board.width must be a whole number"),
    ("board/width", _DEL, "board has no 'width'"),
    ("board", _DEL, "the scenario has no 'board'"),
    ("units/0/kind", "mech", 'kind "mech" is not one of'),
    ("units/0/walk", -1, "unit 'hbk': walk is -1"),
    ("units/0/facing", 6, "unit 'hbk': facing is 6"),
    ("units/0/at", "0518", "unit 'hbk': at '0518' is off the 16x17 board"),
    ("units/0/at", "55", "unit 'hbk': at '55' is not a hex name"),
    ("units/0/tons", _DEL, "unit 'hbk' has no 'tons'"),
    ("units/0/speed", 3, "unknown key 'speed' in unit 'hbk'"),
    ("units/0/damage", {"gyro": 3}, "damage gyro is 3"),
    ("units/0/damage", {"wings": 1}, "unknown key 'wings' in unit 'hbk': damage"),
    ("units/0/damage", {"jump_jets": 1}, "more than its jump 0"),
    ("units/0/prone", "yes", "prone must be true or false"),
    ("units", {"hbk": 1}, "units must be a list"),
    ("dice/1", 7, "dice[1] is 7, outside 1..6"),
    ("dice", "3,4", "dice must be a list"),
    ("move/unit", "atlas", "move.unit 'atlas' is not one of the units"),
    ("move/mode", "fly", 'move.mode "fly" is not one of'),
    ("move/steps", "F R", "move.steps must be a list"),
    ("move/steps/1", 3, "move.steps[1] must be a step token string"),
    ("move/speed", 1, "unknown key 'speed' in move"),
]


@pytest.mark.parametrize(("path", "value", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_scenario_is_one_sentence_naming_file_and_problem(
    tmp_path: Path, path: str, value: Any, words: str
) -> None:
    d = copy.deepcopy(base())
    _set(d, path, value)
    p = write(tmp_path, d, "broken.json")
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    msg = str(e.value)
    assert isinstance(e.value, UserFacingError)
    assert msg.startswith(f"{p}: "), msg
    assert words in msg, msg
    assert "\n" not in msg


def test_bad_step_token_is_an_error(tmp_path: Path) -> None:
    d = base()
    d["move"]["steps"] = ["F", "X", "F"]
    with pytest.raises(ScenarioError, match=r"move.steps\[1\]: step 'X' is not one of"):
        load_scenario(write(tmp_path, d))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"board": ', "is not valid JSON"),
        ("[1, 2]", "the scenario must be a JSON object"),
        ('{"version": 1, "version": 1}', "duplicate key 'version'"),
        (b"\xff\xfe{}", "is not UTF-8 text"),
    ],
)
def test_unreadable_json(tmp_path: Path, text: str | bytes, words: str) -> None:
    p = tmp_path / "bad.json"
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(ScenarioError, match=words):
        load_scenario(p)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="nope.json: no such file"):
        load_scenario(tmp_path / "nope.json")
    with pytest.raises(ScenarioError, match="is a directory"):
        load_scenario(tmp_path)


def test_mov_34_two_mechs_may_not_share_a_hex() -> None:
    d = base()
    d["units"].append(dict(d["units"][0], id="wvr"))
    with pytest.raises(ScenarioError, match="'wvr' cannot stand in hex 0505, which already "
                                            "holds Mech hbk; one Mech per hex"):  # fmt: skip
        parse_scenario(d, Path("x.json"))
    d["options"] = ["classic"]
    with pytest.raises(ScenarioError, match="'hbk' and 'wvr' share hex 0505"):
        parse_scenario(d, Path("x.json"))


@pytest.mark.parametrize(("kind", "side"), [("infantry", "A"), ("infantry", "B"), ("hover", "A")])
def test_mov_34_a_mech_shares_with_one_other_unit_classic_never(kind: str, side: str) -> None:
    # TW (MOV-34): a Mech and a platoon or a vehicle of either side fit in one hex; the
    # classic variant (MOV-30 as the engine reads it, GAP G09) allows one unit per hex.
    d = base()
    d["units"].append(dict(d["units"][0], id="other", kind=kind, side=side, tons=3))
    assert len(parse_scenario(d, Path("x.json")).units) == 2
    d["options"] = ["classic"]
    with pytest.raises(ScenarioError, match="'hbk' and 'other' share hex 0505"):
        parse_scenario(d, Path("x.json"))


@pytest.mark.parametrize("side", ["A", "B"])
def test_mov_34_a_platoon_may_share_a_hex_with_one_mech_of_either_side(side: str) -> None:
    # Extension 4: an infantry platoon in a hex with one Mech or vehicle (MOV-34 limits).
    d = base()
    d["units"].append({"id": "inf", "side": side, "kind": "infantry", "at": "0505"})
    s = parse_scenario(d, Path("x.json"))
    assert s.unit("inf").at == s.unit("hbk").at
    d["units"].append({"id": "inf2", "side": side, "kind": "infantry", "at": "0505"})
    if side == "A":  # a third unit of side A
        with pytest.raises(ScenarioError, match="'inf2' cannot stand in hex 0505, which already "
                                                "holds 2 units of side A"):  # fmt: skip
            parse_scenario(d, Path("x.json"))
    else:  # two platoons of B beside A's Mech: two a side, three in all (EX-MOV-13)
        assert len(parse_scenario(d, Path("x.json")).units) == 3


def test_duplicate_unit_id() -> None:
    d = base()
    d["units"].append(dict(d["units"][0], at="0101"))
    with pytest.raises(ScenarioError, match="unit id 'hbk' is used twice"):
        parse_scenario(d, Path("x.json"))


def test_only_mechs_can_be_prone() -> None:
    d = base()
    d["units"][0].update(kind="tracked", prone=True)
    with pytest.raises(ScenarioError, match="only Mechs"):
        parse_scenario(d, Path("x.json"))


def test_missing_board_file_names_it(tmp_path: Path) -> None:
    d = base()
    d["board"] = {"file": "maps/no_such_map.tmx"}
    with pytest.raises(ScenarioError, match="board file 'maps/no_such_map.tmx' was found neither"):
        load_scenario(write(tmp_path, d))


def test_board_file_takes_only_file(tmp_path: Path) -> None:
    d = base()
    d["board"] = {"file": "maps/grassland.tmx", "width": 3}
    with pytest.raises(ScenarioError, match="unknown key 'width' in board"):
        load_scenario(write(tmp_path, d))


def _same(a, b) -> None:
    assert a.units == b.units and a.dice == b.dice and a.move == b.move
    for f in ARRAY_FIELDS:
        assert np.array_equal(getattr(a.board, f), getattr(b.board, f)), f


def test_round_trip_of_spec_sample(tmp_path: Path) -> None:
    s = load_scenario(SAMPLE)
    again = load_scenario(write(tmp_path, scenario_to_json(s)))
    _same(s, again)
    assert scenario_to_json(again) == scenario_to_json(s)


hex_specs = st.fixed_dictionaries(
    {},
    optional={
        "level": st.integers(-3, 6),
        "woods": st.integers(0, 3),
        "rough": st.booleans(),
        "rubble": st.booleans(),
        "pavement": st.booleans(),
        "road": st.booleans(),
        "road_exits": st.lists(st.integers(0, 5), max_size=6, unique=True),
        "building": st.fixed_dictionaries(
            {"class": st.sampled_from(["light", "medium", "heavy", "hardened"])},
            optional={"cf": st.integers(0, 150), "height": st.integers(1, 5)},
        ),
    },
)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.dictionaries(st.tuples(st.integers(1, 12), st.integers(1, 12)), hex_specs, max_size=15),
)
def test_round_trip_property(width: int, height: int, raw: dict) -> None:
    hexes = {f"{c:02d}{r:02d}": v for (c, r), v in raw.items() if c <= width and r <= height}
    d = {"board": {"width": width, "height": height, "hexes": hexes}, "units": []}
    s = parse_scenario(d, Path("p.json"))
    again = parse_scenario(json.loads(json.dumps(scenario_to_json(s))), Path("p.json"))
    _same(s, again)


def test_tmx_board_falls_back_to_the_repository_root() -> None:
    s = load_scenario(HERE / "scenarios" / "tmx_grassland.json")
    assert (s.board.width, s.board.height) == (16, 17)
    assert s.board_file == "maps/grassland.tmx"
    assert scenario_to_json(s)["board"] == {"file": "maps/grassland.tmx"}


def test_tmx_board_next_to_the_scenario_wins(tmp_path: Path) -> None:
    import shutil

    root = HERE.parent / "maps"
    (tmp_path / "maps").mkdir()
    for f in ("river.tmx", "terrain.tsx", "terrain.png"):
        shutil.copy(root / f, tmp_path / "maps" / f)
    # Named grassland.tmx but holding the river map: the local file must be the one read.
    shutil.move(tmp_path / "maps" / "river.tmx", tmp_path / "maps" / "grassland.tmx")
    d = {"board": {"file": "maps/grassland.tmx"}, "units": []}
    local = load_scenario(write(tmp_path, d))
    bundled = load_scenario(HERE / "scenarios" / "tmx_grassland.json")
    assert not np.array_equal(local.board.water, bundled.board.water)
