"""Designs as data (game/designs): every bundled file loads, the roster reads them, and a
broken file is one sentence naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.designs import DesignError, catalog, design, load_design_file, weapons_table
from game.designs.roster import make_unit
from game.designs.schema import parse_design
from game.units.mech import max_structure

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "game" / "designs" / "data"
FACT_SHEET = ROOT.parent / "shared" / "data" / "designs-3025.json"  # CI has it beside us
CLASSIC = ("LCT-1V", "COM-2D", "JR7-D", "PNT-9R", "HBK-4G", "GRF-1N", "WVR-6R", "SHD-2H",
           "CPLT-C1", "TDR-5S", "MAD-3R", "WHM-6R", "AWS-8Q", "AS7-D")  # fmt: skip


def test_every_bundled_design_loads_and_lives_in_its_own_file() -> None:
    files = sorted(p.stem for p in DATA.glob("*.json") if p.name != "weapons.json")
    assert sorted(catalog()) == files
    assert set(CLASSIC) <= set(files)


@pytest.mark.parametrize("code", CLASSIC)
def test_classic_designs_carry_their_record_sheet(code: str) -> None:
    d = design(code)
    assert d.has_loadout and d.armor and d.slots
    assert sum(len(r) for r in d.slots.values()) == 3 * 6 + 5 * 12  # head, legs; torsos, arms
    u = make_unit(code, "u", "A")
    assert u.design == code and u.body is not None
    assert u.body.total_armour() == d.armor_total


def test_weapons_table_has_the_contract_names() -> None:
    names = {"Small Laser", "Medium Laser", "Large Laser", "PPC", "AC/2", "AC/5", "AC/10",
             "AC/20", "Machine Gun", "Flamer", "SRM-2", "SRM-4", "SRM-6", "LRM-5", "LRM-10",
             "LRM-15", "LRM-20"}  # fmt: skip
    assert names <= set(weapons_table())
    lrm = weapons_table()["LRM-10"]
    assert (lrm.missiles, lrm.group, lrm.min_range, lrm.long) == (10, 5, 6, 21)


@pytest.mark.skipif(not FACT_SHEET.is_file(), reason="the published fact sheet is not beside us")
@pytest.mark.parametrize("code", CLASSIC)
def test_designs_match_the_published_fact_sheet(code: str) -> None:
    facts = json.loads(FACT_SHEET.read_text(encoding="utf-8"))["designs"][code]
    d = design(code)
    assert (d.tons, d.walk, d.jump) == (facts["mass_tons"], facts["walk_mp"], facts["jump_mp"])
    assert d.heat_sinks == facts["heat_sinks"]["count"]
    assert d.armor_total == facts["armor_total"]
    assert max_structure(d.tons, False) == facts["internal_structure"]
    assert len(d.weapons) == len(facts["weapons"])
    assert sum(b.shots for b in d.ammo) == sum(a["shots"] for a in facts["ammo"])
    for loc, row in facts["crit_slots"].items():
        assert [s is None for s in d.slots[loc]] == [s is None for s in row]


def _broken(tmp_path: Path, edit) -> str:
    doc = json.loads((DATA / "HBK-4G.json").read_text(encoding="utf-8"))
    edit(doc)
    path = tmp_path / "HBK-4G.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DesignError) as e:
        load_design_file(path)
    msg = str(e.value)
    assert msg.startswith(f"{path}: ") and "\n" not in msg
    return msg


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d.update(format="x"), "is not a design file"),
        (lambda d: d.pop("tons"), "has no 'tons'"),
        (lambda d: d.update(kind="walker"), 'kind "walker" is not one of'),
        (lambda d: d.update(tons=True), "tons must be a whole number"),
        (lambda d: d.update(wheels=4), "unknown key 'wheels'"),
        (lambda d: d["weapons"][1].update(name="AC/25"), "weapons[1].name 'AC/25'"),
        (lambda d: d["weapons"][0].update(location="XX"), 'weapons[0].location "XX"'),
        (lambda d: d["ammo"][0].update(shots=99), "ammo[0].shots is 99, outside 1..5"),
        (
            lambda d: d["ammo"][0].update(weapon="Medium Laser"),
            "is not a weapon that uses ammunition",
        ),
        (lambda d: d["armor"].update(CT=40), "armor.CT is 45, more than the maximum 32"),
        (lambda d: d["armor"].pop("LTR"), "armor has no 'LTR'"),
        (lambda d: d["slots"]["RT"].__setitem__(0, None), "slots.RT holds 9 'AC/20' slots"),
        (lambda d: d["slots"]["LA"].append(None), "slots.LA has 13 slots, not 12"),
        (lambda d: d["slots"]["LA"].__setitem__(5, "Toaster"), 'slots.LA[5] "Toaster"'),
        (lambda d: d.update(jump=2), "slots hold 0 jump jets, but jump is 2"),
    ],
)
def test_a_broken_design_is_one_sentence_naming_the_field(tmp_path, edit, words) -> None:
    assert words in _broken(tmp_path, edit)


def test_unreadable_design_files(tmp_path: Path) -> None:
    bad = tmp_path / "X.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(DesignError, match="is not valid JSON"):
        load_design_file(bad)
    with pytest.raises(DesignError, match="no such file"):
        load_design_file(tmp_path / "missing.json")
    with pytest.raises(DesignError, match="must be a JSON object"):
        parse_design([], bad, weapons_table())
    with pytest.raises(DesignError, match="unknown design 'XYZ-9'"):
        design("XYZ-9")


@pytest.mark.skipif(not FACT_SHEET.is_file(), reason="the published fact sheet is not beside us")
def test_the_three_corrected_sheets_match_the_published_facts() -> None:
    """GOL-1H, Scorpion and Savannah Master, corrected from the fact sheet (issue 22)."""
    sheet = json.loads(FACT_SHEET.read_text(encoding="utf-8"))
    gol, facts = design("GOL-1H"), sheet["designs"]["GOL-1H"]
    assert (gol.tons, gol.walk, gol.engine, gol.heat_sinks) == (80, 4, 320, 17)
    assert gol.armor_total == facts["armor_total"]
    assert sorted(m.weapon for m in gol.weapons) == sorted(
        weapons_by_key(w["weapon"]) for w in facts["weapons"]
    )
    for code, key in (("Scorpion", "Scorpion"), ("Savannah", "Savannah Master")):
        d, v = design(code), sheet["vehicle_designs"][key]
        assert (d.tons, d.walk, d.kind) == (v["mass_tons"], v["cruise_mp"], v["motion"])
        arcs = {"front": "FR", "right": "RS", "left": "LS", "rear": "RR", "turret": "TU"}
        assert {arcs[k]: n for k, n in v["armor"].items()} == dict(d.armor)
        assert d.engine_type == v["engine"]["type"].lower()


def weapons_by_key(key: str) -> str:
    """The fact sheet's weapon keys ("lrm_10", "ppc") -> our weapons-table names."""
    return {"lrm_10": "LRM-10", "ppc": "PPC", "machine_gun": "Machine Gun",
            "ac_5": "AC/5", "medium_laser": "Medium Laser"}[key]  # fmt: skip
