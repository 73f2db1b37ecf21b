"""Roster: published tonnage/MP, run derived as ceil(1.5 x walk) (MOV-04)."""

from __future__ import annotations

import math

import pytest

from game.designs import roster
from game.designs.roster import OFF_BOARD, ROSTER, RosterError, entry, make_unit

# Published (tons, walk, run, jump) for the designs the issue names.
PUBLISHED = {
    "LCT-1V": (20, 8, 12, 0),
    "COM-2D": (25, 6, 9, 0),
    "JR7-D": (35, 7, 11, 5),
    "PNT-9R": (35, 4, 6, 4),
    "HBK-4G": (50, 4, 6, 0),
    "GRF-1N": (55, 5, 8, 5),
    "WVR-6R": (55, 5, 8, 5),
    "SHD-2H": (55, 5, 8, 3),
    "CPLT-C1": (65, 4, 6, 4),
    "TDR-5S": (65, 4, 6, 0),
    "WHM-6R": (70, 4, 6, 0),
    "MAD-3R": (75, 4, 6, 0),
    "AWS-8Q": (80, 3, 5, 0),
    "AS7-D": (100, 3, 5, 0),
}


@pytest.mark.parametrize("key", sorted(PUBLISHED))
def test_published_stats(key: str) -> None:
    e = entry(key)
    assert (e.tons, e.walk, e.run, e.jump) == PUBLISHED[key]
    assert e.kind == "biped"


def test_run_is_ceil_one_and_a_half_walk_mov04() -> None:
    for e in ROSTER.values():
        assert e.run == math.ceil(1.5 * e.walk)


def test_roster_has_a_quad_and_vehicles() -> None:
    assert roster.entries("quad")
    kinds = {e.kind for e in ROSTER.values()}
    assert {"tracked", "hover"} <= kinds


def test_armour_totals_match_published_tonnage() -> None:
    # 16 points per ton of standard armour: Locust 4 t, Hunchback 10 t, Atlas 19 t.
    assert entry("LCT-1V").armor_total == 64
    assert entry("HBK-4G").armor_total == 160
    assert entry("AS7-D").armor_total == 304
    assert entry("COM-2D").armor_total == 64  # every classic design carries its record sheet
    assert entry("GOL-1H").armor_total == 232  # its published record sheet (issue 22)


def test_every_design_carries_a_loadout() -> None:
    for e in ROSTER.values():
        if e.kind == "aero":  # aerospace combat is not in this build (docs/aerospace.md)
            assert not e.has_loadout and not e.armor and e.safe_thrust > 0, e.code
            continue
        if e.kind == "infantry":  # troopers with the standard rifle (CMB-41/42), no armour
            assert not e.has_loadout and not e.armor and e.troopers > 0, e.code
            continue
        assert e.has_loadout and e.armor, e.code
    assert entry("GAL-100").turret and entry("GAL-100").armor_total == 56  # 11/10/10/11/14


def test_names_avoid_trademarks() -> None:
    for e in ROSTER.values():
        assert "battletech" not in e.name.lower() and "mechwarrior" not in e.name.lower()


def test_make_unit_copies_design_and_skills() -> None:
    u = make_unit("JR7-D", "a1", "A", piloting=4, gunnery=3)
    assert (u.tons, u.walk, u.jump, u.kind) == (35, 7, 5, "biped")
    assert (u.piloting, u.gunnery, u.side, u.id) == (4, 3, "A", "a1")
    assert u.run_mp() == 11 and u.name == "Jenner JR7-D"
    assert u.at == OFF_BOARD


def test_unknown_design_and_bad_skill_are_refused() -> None:
    with pytest.raises(RosterError, match="XYZ-1"):
        entry("XYZ-1")
    with pytest.raises(RosterError, match="piloting"):
        make_unit("HBK-4G", "a", "A", piloting=9)
    with pytest.raises(RosterError, match="gunnery"):
        make_unit("HBK-4G", "a", "A", gunnery=-1)


def test_body_for_uses_published_armour_or_default() -> None:
    from game.units.mech import standard_body

    hbk = roster.body_for("HBK-4G")
    assert hbk.total_armour() == 160
    assert hbk["CT"].rear == 5 and hbk["HD"].armour == 9
    gol = roster.body_for("GOL-1H")
    assert gol.quad and gol.total_armour() == 232 and gol != standard_body(80, quad=True)
    with pytest.raises(RosterError, match="vehicle"):
        roster.body_for("Scorpion")


def test_adv_24_a_vessel_entry_says_it_needs_deep_water_and_which_map_has_it() -> None:
    """The roster's small print of a naval vessel or submarine names the harbour map, and
    that stays true: it is the only bundled map where both zones hold depth 1+ water."""
    from game.maps import bundled_maps, load_map
    from game.rules.deploy import legal_deploy_hexes
    from game.units.unit import NEEDS_WATER, VESSELS

    vessels = [e for e in roster.entries() if e.kind in VESSELS]
    assert {e.code for e in vessels} >= {"Corsair", "Barracuda"}
    for e in roster.entries():
        info = roster.roster_info(e)
        assert (NEEDS_WATER in info) == (e.kind in VESSELS), e.code
    corsair = roster.roster_info(entry("Corsair"))
    assert corsair == ("60 t naval  W5 R8", "needs depth 1+ water to deploy (harbour map)")
    for path in bundled_maps():
        board = load_map(path)
        wet = [bool(legal_deploy_hexes(board, side, (), "naval")) for side in "AB"]
        assert wet == [path.stem == "harbour"] * 2, path.stem
