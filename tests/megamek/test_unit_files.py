"""MegaMek unit files (issue 22): a Mech, a quad, a vehicle and a fighter written for
these tests (tests/megamek/files, fictional designs in the formats), read into our
designs; what we do not play refused in one sentence; import into the player's folder;
the imported designs in the roster and the referee's ``model`` key."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.designs import catalog, design, reload, weapons_table
from game.designs.mass import mass
from game.designs.roster import make_unit
from game.designs.unit_files import read_unit_file, show_json

from .test_board_reader import FILES, run

MECH, QUAD = FILES / "Sentinel STN-3X.mtf", FILES / "Strider STR-Q.mtf"
TANK, FIGHTER = FILES / "Harrow Light Tank HRW-2.blk", FILES / "Kite KT-20.blk"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty design folder of the player's own for one test."""
    mine = tmp_path / "designs"
    monkeypatch.setenv("HEXPLATE_DESIGN_DIR", str(mine))
    reload()
    yield mine
    monkeypatch.undo()
    reload()


def read(path: Path):
    return read_unit_file(path, weapons_table())


def test_a_mech_file_gives_its_record_sheet() -> None:
    got = read(MECH)
    d = got.design
    assert (d.chassis, d.code, d.name, got.model) == ("Sentinel", "STN-3X", "Sentinel STN-3X",
                                                       "STN-3X")  # fmt: skip
    assert (d.kind, d.tons, d.engine, d.walk, d.run, d.jump, d.heat_sinks) == (
        "biped",
        45,
        270,
        6,
        9,
        6,
        10,
    )  # jump MP from its six jump jets
    assert d.armor["CTR"] == 6 and d.armor["LTR"] == 4 and d.armor["HD"] == 9
    assert d.armor_total == 128
    weapons = sorted((m.weapon, m.location, m.rear) for m in d.weapons)
    assert weapons == [("Large Laser", "RA", False), ("Machine Gun", "LT", False),
                       ("Machine Gun", "RT", False), ("Medium Laser", "CT", True),
                       ("Medium Laser", "LA", False)]  # fmt: skip
    assert [(b.weapon, b.location, b.shots) for b in d.ammo] == [("Machine Gun", "LT", 200)]
    assert d.slots["RA"][:6] == ("Shoulder", "Upper Arm", "Lower Arm", "Hand", "Large Laser",
                                 "Large Laser")  # fmt: skip
    assert d.slots["CT"][-1] == "Medium Laser (R)" and len(d.slots["HD"]) == 6
    assert d.era == 3025 and mass(d, weapons_table()) == 45


def test_a_quad_file_in_the_old_layout() -> None:
    d = read(QUAD).design
    assert (d.chassis, d.code, d.kind, d.tons, d.walk, d.heat_sinks) == (
        "Strider",
        "STR-Q",
        "quad",
        60,
        4,
        12,
    )
    assert d.armor["FLL"] == 16 and d.armor["RRL"] == 17
    assert d.heat_sinks_in(("FLL", "FRL", "RLL", "RRL")) == 3
    assert sorted(m.weapon for m in d.weapons) == ["AC/10", "Medium Laser", "Medium Laser",
                                                   "PPC", "SRM-6"]  # fmt: skip
    assert [(b.weapon, b.shots) for b in d.ammo] == [("AC/10", 10), ("SRM-6", 15)]


def test_a_vehicle_file() -> None:
    d = read(TANK).design
    assert (d.chassis, d.code, d.kind, d.tons, d.walk, d.turret, d.engine_type) == (
        "Harrow Light Tank",
        "HRW-2",
        "tracked",
        30,
        5,
        True,
        "fusion",
    )
    assert dict(d.armor) == {"FR": 24, "RS": 18, "LS": 18, "RR": 14, "TU": 22}
    assert [(m.weapon, m.location) for m in d.weapons] == [("Medium Laser", "FR"),
                                                          ("AC/5", "TU")]  # fmt: skip
    assert [(b.weapon, b.location, b.shots) for b in d.ammo] == [("AC/5", "BD", 20)]


def test_a_fighter_file_gives_what_our_aerospace_units_use() -> None:
    got = read(FIGHTER)
    d = got.design
    assert (d.kind, d.tons, d.safe_thrust, d.heat_sinks, d.large_craft) == ("aero", 40, 7, 12,
                                                                           False)  # fmt: skip
    assert "not played" in got.note


def test_a_small_dropship(tmp_path: Path) -> None:
    text = FIGHTER.read_text().replace("Aero\n</UnitType>", "Dropship\n</UnitType>")
    text += "<designtype>\n1\n</designtype>\n"
    path = tmp_path / "Lander.blk"
    path.write_text(text.replace("40.0", "1800.0"))
    d = read(path).design
    assert (d.large_craft, d.shape, d.tons) == (True, "spheroid", 1800)


def test_show_json_is_the_spec_schema_and_survives_the_round_trip(folder: Path) -> None:
    code, out, err = run("designs", "show", str(MECH), "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert list(doc) == ["chassis", "model", "kind", "tons", "walk", "run", "jump",
                         "engine", "heat_sinks", "armor", "structure", "weapons", "ammo",
                         "slots"]  # fmt: skip
    assert doc["engine"] == {"rating": 270, "type": "fusion"}
    assert doc["heat_sinks"] == {"count": 10, "type": "single"}
    assert list(doc["armor"])[-3:] == ["CTR", "LTR", "RTR"]
    assert doc["structure"]["CT"] == 14 and doc["structure"]["HD"] == 3
    assert {"name": "Medium Laser", "location": "CT", "rear": True} in doc["weapons"]
    assert doc["ammo"] == [{"weapon": "Machine Gun", "location": "LT", "shots": 200}]
    assert len(doc["slots"]["LA"]) == 12 and len(doc["slots"]["LL"]) == 6
    assert run("designs", "import", str(MECH))[0] == 0
    code, again, _ = run("designs", "show", "Sentinel STN-3X", "--json")
    assert code == 0 and json.loads(again) == doc  # file -> our design -> show, the same
    tank = json.loads(run("designs", "show", str(TANK), "--json")[1])
    assert list(tank["armor"]) == ["FR", "LS", "RS", "RR", "TU"] and tank["walk"] == 5
    assert tank["slots"] == {} and tank["structure"]["TU"] == 3


def test_import_a_folder_reports_each_file_and_the_roster_takes_them(
    folder: Path, tmp_path: Path
) -> None:
    units = tmp_path / "units"
    units.mkdir()
    for p in (MECH, QUAD, TANK, FIGHTER):
        (units / p.name).write_bytes(p.read_bytes())
    (units / "Clan.mtf").write_text(MECH.read_text().replace("ISMediumLaser", "CLERMediumLaser"))
    code, out, _ = run("designs", "import", str(units))
    assert code == 0
    lines = out.strip().splitlines()
    assert sum(line.startswith("read ") for line in lines) == 4
    refused = [line for line in lines if line.startswith("refused ")]
    assert len(refused) == 1 and "'CLERMediumLaser' in LA" in refused[0]
    assert lines[-1].startswith("4 read, 1 refused")
    assert {"STN-3X", "STR-Q", "HRW-2", "KT-20"} <= set(catalog())
    assert design("Strider STR-Q").kind == "quad"
    unit = make_unit("STN-3X", "u", "A")
    assert unit.body is not None and unit.body.total_armour() == 128
    code, out, _ = run("designs", "list", "--search", "strider")
    assert code == 0 and out.count("\n") == 1 and "STR-Q" in out and "(imported)" in out


def test_the_referee_takes_an_imported_model_by_name(folder: Path, tmp_path: Path) -> None:
    run("designs", "import", str(MECH))
    scn = {"version": 1, "board": {"width": 6, "height": 6},
           "units": [{"id": "s", "side": "A", "model": "Sentinel STN-3X", "kind": "biped",
                      "tons": 45, "walk": 6, "jump": 6, "at": "0303", "facing": 0}],
           "move": {"unit": "s", "mode": "jump", "steps": ["J:0301"]}}  # fmt: skip
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scn))
    code, out, err = run("rules", "move", str(path))
    assert code == 0, err
    assert json.loads(out)["legal"] is True


def test_a_big_folder_gets_a_progress_bar(folder: Path, tmp_path: Path, capsys) -> None:
    from game.referee.designs import import_files

    units = tmp_path / "many"
    units.mkdir()
    for i in range(21):
        (units / f"u{i:02}.mtf").write_text(MECH.read_text().replace("STN-3X", f"STN-{i}"))
    assert import_files(units) == 0
    err = capsys.readouterr().err
    assert "21/21" in err and "[" in err
    assert len(list(folder.glob("*.json"))) == 21


def _variant(src: Path, old: str, new: str) -> str:
    text = src.read_text()
    assert old in text, old
    return text.replace(old, new)


REFUSED = {
    "clan weapon": (MECH, "ISLargeLaser", "CLERLargeLaser", "'CLERLargeLaser' in RA"),
    "double heat sinks": (MECH, "10 Single", "10 Double", "heat sinks '10 Double'"),
    "xl engine": (MECH, "270 Fusion Engine", "270 XL Engine", "engine '270 XL Engine'"),
    "endo steel": (MECH, "structure:IS Standard", "structure:IS Endo Steel", "structure"),
    "ferro armour": (MECH, "Standard(Inner Sphere)", "Ferro-Fibrous(Inner Sphere)", "armor"),
    "case": (MECH, "IS Ammo MG - Full", "ISCASE", "'ISCASE' in LT"),
    "does not add up": (MECH, "LA armor:12", "LA armor:4",
                        "44.5 tons by the construction rules, 0.5 less than its 45"),
    "bad mass": (MECH, "mass:45", "mass:forty", "mass forty"),
    "wrong walk": (MECH, "walk mp:6", "walk mp:5", "walk MP 5"),
    "lam": (MECH, "Config:Biped", "Config:LAM", "config 'LAM'"),
    "split weapon": (MECH, "Hand Actuator\nISLargeLaser", "Hand Actuator\n-Empty-",
                     "RA holds 1 slots of Large Laser"),
    "no chassis": (MECH, "chassis:Sentinel\n", "", "no chassis"),
    "tank rear gun": (TANK, "<Rear Equipment>\n", "<Rear Equipment>\nMedium Laser (R)\n",
                      "'Medium Laser (R)' in rear"),
    "tank armour count": (TANK, "24\n18\n18\n14\n22", "24\n18\n18", "has 3 values"),
    "tank motion": (TANK, "Tracked", "Rail", "motion type 'Rail'"),
    "tank cut short": (TANK, "</tonnage>", "", "not closed"),
    "tank bad tonnage": (TANK, "30.0", "heavy", "is not a number"),
    "tank pulse laser": (TANK, "Medium Laser\n</Front", "ISMediumPulseLaser\n</Front",
                         "'ISMediumPulseLaser' in front"),
    "infantry": (TANK, "Tank\n</UnitType>", "Infantry\n</UnitType>", "unit type 'Infantry'"),
    "ice tank": (TANK, "<engine_type>\n1", "<engine_type>\n0",
                 "36 tons by the construction rules, 6 more than its 30"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_what_we_do_not_play_is_refused_in_one_sentence(case: str, tmp_path: Path) -> None:
    src, old, new, says = REFUSED[case]
    path = tmp_path / f"{case.replace(' ', '_')}{src.suffix}"
    path.write_text(_variant(src, old, new))
    code, out, err = run("designs", "show", str(path), "--json")
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "Traceback" not in err, err
    assert says in lines[0], lines[0]


def test_hostile_unit_files_are_one_sentence(tmp_path: Path) -> None:
    cases = {"latin.mtf": b"chassis:Gr\xe4s\n", "empty.blk": b"", "x.txt": b"hello",
             "deep.blk": b"<a>\n" * 5000, "huge.mtf": b"#" * (2 * 1024 * 1024),
             "binary.mtf": bytes(range(256))}  # fmt: skip
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        code, _, err = run("designs", "show", str(path))
        lines = err.strip().splitlines()
        assert code == 2 and len(lines) == 1 and str(path) in lines[0], (name, err)
    code, _, err = run("designs", "show", "NO-SUCH-1")
    assert code == 2 and "unknown design 'NO-SUCH-1'" in err


def test_the_bundled_designs_show_in_the_same_schema() -> None:
    doc = show_json(design("Scorpion"))
    assert doc["engine"] == {"rating": 100, "type": "ice"}
    assert doc["armor"] == {"FR": 16, "LS": 11, "RS": 11, "RR": 10, "TU": 16}
    gol = show_json(design("GOL-1H"))
    assert gol["kind"] == "quad" and gol["armor"]["RRL"] == 30 and len(gol["slots"]["FLL"]) == 6
