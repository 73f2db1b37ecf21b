"""Submarines (ADV-24/25, MOV-13, MOV-18): naval vessels that dive; one test or more per
rule line of docs/advanced-movement.md's Submarines paragraph, and the gap (underwater
combat) refused in one sentence."""

from __future__ import annotations

from dataclasses import replace

import pytest
from combatkit import scenario, unit_spec
from movekit import H, board
from physkit import ask

from game.core.dice import Dice
from game.core.files import ScenarioError
from game.core.options import TW
from game.rules.combat.los import viewer
from game.rules.combat.tohit import weapon_options
from game.rules.move.movement import check_move
from game.rules.move.reach import reach
from game.rules.piloting.resolve import resolve_move
from game.units.unit import Unit

# A channel down column 05: depth 1 at the ends, 2 and 3 in the middle.
CHANNEL = {"0501": 1, "0502": 2, "0503": 3, "0504": 3, "0505": 3, "0506": 2, "0507": 2,
           "0508": 1, "0509": 1}  # fmt: skip


def sea(**extra: dict) -> object:
    return board({k: {"water": v} for k, v in CHANNEL.items()} | extra, h=12)


def sub(at: str = "0505", depth: int = 0, walk: int = 5, facing: int = 0, **kw) -> Unit:  # type: ignore[no-untyped-def]
    return Unit("m", "A", "submarine", 70, walk, H(at), facing, depth=depth, **kw)


def move(u: Unit, steps: list[str], mode: str = "walk", b: object = None):  # type: ignore[no-untyped-def]
    return check_move(b or sea(), [u], "m", mode, steps, TW)


# --- ADV-24: a naval vessel ------------------------------------------------------------------


def test_adv_24_a_submarine_moves_only_through_depth_1_water_at_1_mp_a_hex() -> None:
    r = move(sub("0508"), ["F"] * 4)  # depths 2, 3, 3, 3: 1 MP each whatever the depth
    assert r.legal and r.mp_used == 4
    ashore = move(sub("0505", facing=2), ["F"])  # off the channel: dry land
    assert not ashore.legal and "ADV-24" in (ashore.error or "")


def test_adv_24_a_submarine_may_use_flank_speed_in_water_even_submerged() -> None:
    r = move(sub("0509", depth=1, walk=4), ["F"] * 6, mode="run")  # flank 6 MP
    assert r.legal and r.mp_used == 6 and r.mode == "run"


# --- ADV-25 / MOV-13: depth changes ---------------------------------------------------------


def test_adv_25_mov_13_diving_and_rising_cost_1_mp_a_level() -> None:
    r = move(sub(), ["DV", "DV", "DV"])
    assert r.legal and r.mp_used == 3 and r.end_depth == 3 and r.hexes_moved == 0
    up = move(sub(depth=3), ["RS", "RS"])
    assert up.legal and up.mp_used == 2 and up.end_depth == 1
    assert move(sub(), ["DV"]).to_json(sea())["end"]["depth"] == 1


def test_adv_25_it_dives_to_the_bottom_at_most_and_rises_to_the_surface_at_most() -> None:
    bottom = move(sub("0502"), ["DV", "DV", "DV"])  # depth 2 water
    assert not bottom.legal and bottom.failed_step == 2 and "bottom" in (bottom.error or "")
    top = move(sub(), ["RS"])
    assert not top.legal and "surface" in (top.error or "")


def test_adv_25_depth_changes_need_their_mp() -> None:
    r = move(sub(walk=2), ["DV", "DV", "DV"])
    assert not r.legal and r.failed_step == 2 and "MP" in (r.error or "")


def test_adv_25_a_submarine_cannot_enter_water_shallower_than_its_depth() -> None:
    deep = sub("0503", depth=3)
    r = move(deep, ["F"])  # 0502: depth 2 water
    assert not r.legal and "rise first" in (r.error or "") and "ADV-25" in (r.error or "")
    assert move(deep, ["RS", "F", "RS", "F"]).legal  # rising first, 1 MP a level
    assert move(sub("0503", depth=2), ["F"]).legal  # as deep as the water: on the bottom


def test_only_submarines_dive_and_rise() -> None:
    boat = Unit("m", "A", "naval", 60, 5, H("0505"), 0)
    r = check_move(sea(), [boat], "m", "walk", ["DV"], TW)
    assert not r.legal and "only submarines" in (r.error or "")
    assert "depth" not in r.to_json(sea())["end"]  # only a submarine's end carries it


# --- MOV-18: backward -----------------------------------------------------------------------


def test_mov_18_adv_25_a_submarine_changes_depth_while_moving_backward() -> None:
    r = move(sub("0503", depth=1, walk=6), ["B", "DV", "B", "DV", "RS", "B"])
    assert r.legal and r.end_depth == 2 and r.end_at == H("0506")
    assert not move(sub("0503"), ["B"], mode="run").legal  # MOV-18: not at flank speed


# --- ADV-24 at depth 0, and the gap under the water -----------------------------------------


def _duel(depth: int) -> object:
    hexes = {"0508": {"water": 2}}
    return scenario(
        [
            unit_spec(
                "s",
                "0508",
                0,
                kind="submarine",
                tons=70,
                walk=4,
                depth=depth,
                weapons=[{"name": "Medium Laser", "location": "FR"}],
            ),  # fmt: skip
            unit_spec(
                "t", "0505", 3, side="B", weapons=[{"name": "Medium Laser", "location": "RA"}]
            ),  # fmt: skip
        ],
        hexes,
    )


def test_adv_24_on_the_surface_a_submarine_is_a_surface_vessel_at_level_0() -> None:
    s = _duel(0)
    assert viewer(s.board, s.unit("s")).height == 0  # the water surface (ADV-24)
    out = weapon_options(s.board, s.units, "s", "t", s.movements, TW).weapons[0]
    assert out.can_fire, out.why_not
    back = weapon_options(s.board, s.units, "t", "s", s.movements, TW).weapons[0]
    assert back.can_fire, back.why_not


def test_adv_25_gap_a_submerged_submarine_neither_fires_nor_is_a_target() -> None:
    s = _duel(1)
    out = weapon_options(s.board, s.units, "s", "t", s.movements, TW).weapons[0]
    assert not out.can_fire and "submerged" in (out.why_not or "")
    assert "ADV-25" in (out.why_not or "")
    back = weapon_options(s.board, s.units, "t", "s", s.movements, TW).weapons[0]
    assert not back.can_fire and "underwater combat" in (back.why_not or "")


def test_adv_25_gap_a_submerged_submarine_is_no_target_of_a_physical_attack() -> None:
    units = [
        unit_spec("a", "0507", 3, tons=50, walk=4),
        unit_spec("t", "0508", 0, side="B", kind="submarine", tons=70, walk=4, depth=1),
    ]
    out = ask(units, {"attacker": "a", "target": "t", "type": "kick", "limb": "RL"},
              hexes={"0508": {"water": 2}})  # fmt: skip
    assert not out["can_attack"] and "submerged" in out["why_not"]


# --- the search, the resolver and the files -------------------------------------------------


def test_adv_25_reach_holds_every_depth_and_at_depth_gives_the_steps() -> None:
    u = sub("0505", depth=1, walk=4)
    r = reach(sea(), [u], "m", "walk", TW)
    assert r.hexes()[H("0501")] == (4, (0,))  # at depth 1, into depth-1 water
    assert r.at_depth(H("0501"), 0, 1) == (4, ["F"] * 4)
    assert r.at_depth(H("0501"), 0, 0) is None  # rising there too: 5 MP
    cost, steps = r.at_depth(H("0503"), 0, 3)
    assert cost == 4 and steps.count("DV") == 2 and steps.count("F") == 2
    res = check_move(sea(), [u], "m", "walk", steps, TW)
    assert res.legal and res.end_depth == 3 and res.mp_used == 4
    assert r.at_depth(H("0502"), 0, 3) is None  # depth 2 water


def test_adv_25_a_resolved_move_leaves_the_submarine_at_its_new_depth() -> None:
    res = resolve_move(sea(), [sub()], "m", "walk", ["DV", "F", "DV"], Dice(seed=1), TW)
    assert res.legal and res.unit.depth == 2 and res.unit.at == H("0504")
    assert res.to_json(sea())["end"]["depth"] == 2


def test_the_depth_key_is_read_checked_and_named_in_errors() -> None:
    s = _duel(2)
    assert s.unit("s").depth == 2 and s.unit("s").submerged
    with pytest.raises(ScenarioError, match=r"unit 's': depth 3 is deeper than the water"):
        _duel(3)
    with pytest.raises(ScenarioError, match=r"depth is for submarines"):
        scenario([unit_spec("m", "0505", depth=0)])
    with pytest.raises(ScenarioError, match=r"unit 's': depth must be a whole number"):
        scenario([unit_spec("s", "0508", kind="submarine", depth="deep")],
                 {"0508": {"water": 2}})  # fmt: skip


def test_a_submarine_unit_is_a_naval_vehicle() -> None:
    u = sub(depth=2)
    assert u.hull is not None and u.submerged and not replace(u, depth=0).submerged
