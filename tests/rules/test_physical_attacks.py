"""Physical attacks (PHY-01..21, every EX-PHY entry), through the referee's `rules
physical` with scripted dice: to-hit numbers, damage, tables, PSRs, misses, displacement."""

from __future__ import annotations

import pytest
from physkit import ask, events, mods, unit

from game.core.options import TW
from game.rules.physical.formulas import dfa_attacker_damage, dfa_damage
from game.rules.physical.records import TYPES
from game.rules.turn import Phase, phase_sequence

P = {"attacker": "a", "target": "t"}


def pair(a_kw: dict | None = None, t_kw: dict | None = None, t_at: str = "0504",
         t_facing: int = 3) -> list[dict]:  # fmt: skip
    return [unit("a", "0505", 0, **(a_kw or {})),
            unit("t", t_at, t_facing, side="B", **(t_kw or {}))]  # fmt: skip


def test_phy_01_six_attacks_in_the_physical_phase_after_weapons() -> None:
    assert TYPES == ("punch", "kick", "push", "club", "charge", "dfa")
    seq = [str(p) for p in phase_sequence(TW)]
    assert seq.index(Phase.WEAPON_ATTACK) < seq.index(Phase.PHYSICAL_ATTACK) < seq.index(Phase.HEAT)


def test_phy_02_a_shut_down_mech_makes_no_physical_attack() -> None:
    out = ask(pair({"damage": {"shutdown": True}}), P | {"type": "kick", "limb": "RL"})
    assert not out["can_attack"] and "shut down" in out["why_not"]


@pytest.mark.parametrize(("kind", "limb", "move", "tw", "classic"), [
    ("punch", "RA", "walk", 7, 6), ("kick", "RL", "walk", 5, 5), ("push", None, "walk", 6, 6),
    ("club", None, "walk", 6, 6), ("charge", None, "run", 9, 9), ("dfa", None, "jump", 10, 9),
])  # fmt: skip
def test_ex_phy_01_physical_to_hit_classic_vs_tw(kind, limb, move, tw, classic) -> None:
    """Attacker Piloting 5 walked (ran, jumped); target Piloting 4 moved 4 hexes."""
    a = {"movement": {"mode": move, "hexes": 3}, "jump": 4, "club": "tree"}
    t = {"piloting": 4, "movement": {"mode": "walk", "hexes": 4}}
    phys = P | {"type": kind} | ({"limb": limb} if limb else {})
    assert ask(pair(a, t), phys)["target"] == tw
    assert ask(pair(a, t), phys, variant="classic")["target"] == classic


def test_phy_03_piloting_difference_and_no_terrain_for_a_dfa() -> None:
    woods = {"0504": {"woods": 2}}
    a = {"movement": {"mode": "run", "hexes": 3}, "piloting": 3, "jump": 3}
    charge = ask(pair(a, {"piloting": 5}), P | {"type": "charge"}, hexes=woods)
    assert mods(charge)["piloting difference"] == -2 and mods(charge)["target in woods"] == 2
    a["movement"] = {"mode": "jump", "hexes": 3}
    dfa = ask(pair(a, {"piloting": 5}), P | {"type": "dfa"}, hexes=woods)
    assert "target in woods" not in mods(dfa) and dfa["target"] == 3 - 2 + 3


def test_phy_04_punch_arm_fired_side_arc_shoulder_and_actuators() -> None:
    hbk = {"model": "HBK-4G"}
    fired = ask(pair(hbk), P | {"type": "punch", "limb": "LA"},
                attack={"attacker": "a", "target": "t", "weapons": [0]})  # fmt: skip
    assert not fired["can_attack"] and "fired" in fired["why_not"]
    assert ask(pair(hbk), P | {"type": "punch", "limb": "RA"},
               attack={"attacker": "a", "target": "t", "weapons": [0]})["can_attack"]  # fmt: skip
    side = pair(t_at="0605")  # right side arc of a facing-0 Mech at 0505
    # 0605 is direction 2 of 0505: the right side arc of a Mech facing 0 (CMB-07)
    assert not ask(side, P | {"type": "punch", "limb": "LA"})["can_attack"]
    assert ask(side, P | {"type": "punch", "limb": "RA"})["can_attack"]
    shoulder = {"damage": {"actuators": {"RA": ["shoulder"]}}}
    assert "shoulder" in ask(pair(shoulder), P | {"type": "punch", "limb": "RA"})["why_not"]
    lower = ask(pair({"damage": {"actuators": {"RA": ["lower_arm"]}}}),
                P | {"type": "punch", "limb": "RA"})  # fmt: skip
    assert lower["target"] == 5 + 2 + 1 and lower["damage"] == 5 // 2  # K17: +3, halved
    both = ask(pair({"damage": {"actuators": {"RA": ["upper_arm", "lower_arm"]}}}),
               P | {"type": "punch", "limb": "RA"})  # fmt: skip
    assert both["target"] == 5 + 2 + 2 + 1 and both["damage"] == 5 // 4


def test_phy_04_a_prone_mech_cannot_punch_a_prone_mech() -> None:
    out = ask(pair({"prone": True}, {"prone": True}), P | {"type": "punch", "limb": "RA"})
    assert not out["can_attack"] and "prone Mech cannot punch a prone" in out["why_not"]


@pytest.mark.parametrize(("face", "where"), [(1, "LA"), (2, "LT"), (3, "CT"), (4, "RT"),
                                             (5, "RA"), (6, "HD")])  # fmt: skip
def test_phy_05_punch_location_table_front(face: int, where: str) -> None:
    out = ask(pair(), P | {"type": "punch", "limb": "RA"}, dice=[6, 6, face, 6, 6], resolve=True)
    [dmg] = events(out, "damage")
    assert dmg["group"]["location"] == where and dmg["group"]["damage"] == 5


def test_phy_06_club_needs_a_club_does_tons_over_5_and_a_tree_breaks() -> None:
    assert "no club" in ask(pair(), P | {"type": "club"})["why_not"]
    out = ask(pair({"club": "tree"}), P | {"type": "club"}, dice=[6, 6, 3, 4], resolve=True)
    assert out["damage"] == 10 and out["table"] == "normal" and out["target"] == 4
    [dmg] = events(out, "damage")
    assert dmg["group"]["location"] == "CT" and dmg["group"]["roll"] == 7
    assert events(out, "club_breaks")
    fired = ask(pair({"club": "arm", "model": "HBK-4G"}), P | {"type": "club"},
                attack={"attacker": "a", "target": "t", "weapons": [1]})  # fmt: skip
    assert "both arms" in fired["why_not"]


def test_phy_07_push_moves_the_target_and_the_attacker_follows() -> None:
    out = ask(pair(), P | {"type": "push"}, dice=[6, 6, 4, 4], resolve=True)
    assert out["damage"] == 0 and out["table"] is None
    assert out["psrs"]["target_on_hit"]["target"] == 5  # piloting 5 + 0
    assert out["end"]["target"]["at"] == "0503" and out["end"]["attacker"]["at"] == "0504"
    [psr] = events(out, "psr")
    assert psr["unit"] == "t" and psr["success"]


def test_phy_07_push_miss_leaves_everyone_in_place() -> None:
    out = ask(pair(), P | {"type": "push"}, dice=[1, 1], resolve=True)
    assert out["end"]["target"]["at"] == "0504" and not events(out, "psr")


def test_phy_08_kick_hit_and_target_falls() -> None:
    # to-hit 6+6; kick table 2 (front: right leg); target PSR 1+1 fails; fall facing 1,
    # location 3+4, pilot roll 6+6
    out = ask(pair(), P | {"type": "kick", "limb": "RL"},
              dice=[6, 6, 2, 1, 1, 1, 3, 4, 6, 6], resolve=True)  # fmt: skip
    assert out["damage"] == 10 and out["table"] == "kick"
    [dmg] = [e for e in events(out, "damage") if "group" in e]
    assert dmg["group"]["location"] == "RL"
    assert out["end"]["target"]["prone"] and not out["end"]["attacker"]["prone"]


def test_phy_08_missed_kick_makes_the_attacker_roll() -> None:
    out = ask(pair(), P | {"type": "kick", "limb": "LL"}, dice=[1, 1, 1, 2, 1, 3, 4, 6, 6],
              resolve=True)  # fmt: skip
    [psr] = events(out, "psr")
    assert psr["unit"] == "a" and psr["reason"] == "missed a kick" and not psr["success"]
    assert out["end"]["attacker"]["prone"]


def test_phy_08_kicking_a_prone_mech_and_hips() -> None:
    out = ask(pair(t_kw={"prone": True}), P | {"type": "kick", "limb": "RL"})
    assert mods(out)["prone target"] == -2 and out["table"] == "normal"
    hips = ask(pair({"damage": {"hips": 2}}), P | {"type": "kick", "limb": "RL"})
    assert not hips["can_attack"]


@pytest.mark.parametrize(("facing", "face", "leg"), [(3, 1, "RL"), (3, 4, "LL"), (1, 2, "RL"),
                                                      (5, 6, "LL")])  # fmt: skip
def test_phy_09_kick_location_table(facing: int, face: int, leg: str) -> None:
    """Target at 0504 facing 3: front; facing 1: the kick comes from its right; 5: left."""
    out = ask(pair(t_facing=facing), P | {"type": "kick", "limb": "RL"},
              dice=[6, 6, face, 6, 6], resolve=True)  # fmt: skip
    assert [e["group"]["location"] for e in events(out, "damage") if "group" in e] == [leg]


def charger(**kw) -> dict:
    return {"movement": {"mode": "run", "hexes": 5}, "tons": 60} | kw


def test_phy_10_charge_hit_displaces_and_both_roll_at_plus_2() -> None:
    out = ask(pair(charger()), P | {"type": "charge"},
              dice=[6, 6] + [3, 4] * 6 + [3, 4] + [6, 6, 6, 6], resolve=True)  # fmt: skip
    assert out["psrs"]["target_on_hit"]["target"] == 7
    assert out["psrs"]["attacker_on_hit"]["target"] == 7
    assert out["end"]["target"]["at"] == "0503" and out["end"]["attacker"]["at"] == "0504"
    assert [p["unit"] for p in events(out, "psr")] == ["t", "a"]


def test_phy_10_charge_miss_ends_in_a_front_hex_of_the_target() -> None:
    out = ask(pair(charger()), P | {"type": "charge"}, dice=[1, 1], resolve=True)
    assert out["end"]["attacker"]["at"] in ("0404", "0604")  # t faces S: its SE/SW front hexes


def test_phy_10_a_charge_needs_a_walk_or_run() -> None:
    assert not ask(pair(), P | {"type": "charge"})["can_attack"]


@pytest.mark.parametrize(("tons", "hexes", "target", "classic", "tw", "back"), [
    (60, 5, 50, 30, 30, 5), (55, 3, 45, 15, 17, 5), (35, 6, 100, 18, 21, 10)])  # fmt: skip
def test_ex_phy_02_charge_damage(tons, hexes, target, classic, tw, back) -> None:
    units = pair(charger(tons=tons, movement={"mode": "run", "hexes": hexes}), {"tons": target})
    out = ask(units, P | {"type": "charge"})
    assert (out["damage"], out["attacker_damage"]) == (tw, back)
    assert ask(units, P | {"type": "charge"}, variant="classic")["damage"] == classic


def test_phy_11_charge_groups_of_5_on_the_normal_table() -> None:
    out = ask(pair(charger()), P | {"type": "charge"}, dice=[6, 6] + [3, 4] * 7 + [6, 6] * 2,
              resolve=True)  # fmt: skip
    mine = [e["group"]["damage"] for e in events(out, "damage") if e["target"] == "t"]
    assert mine == [5] * 6  # 60 t x 5 hexes / 10 = 30


def test_phy_12_a_dfa_attacker_is_exposed_in_the_weapon_phase() -> None:
    from combatkit import board, mech

    from game.rules.combat.records import Movement
    from game.rules.combat.tohit import weapon_options

    b = board({"0505": {"woods": 2}})
    a, t = mech("HBK-4G", "a", "0508"), mech("JR7-D", "t", "0505", 3, "B")
    plain = weapon_options(b, [a, t], "a", "t", {"t": Movement("jump", 4)})
    exposed = weapon_options(b, [a, t], "a", "t", {"t": Movement("jump", 4, exposed=True)})
    assert plain.sight.terrain_modifier == 2 and exposed.sight.terrain_modifier == 0
    assert exposed.side == "front"


def test_phy_13_dfa_damage_on_the_punch_table_and_own_legs_on_the_kick_table() -> None:
    a = {"tons": 50, "jump": 4, "movement": {"mode": "jump", "hexes": 3}}
    out = ask(pair(a, {"tons": 80}), P | {"type": "dfa"},
              dice=[6, 6, 3, 3, 3, 1, 4] + [6, 6] * 4, resolve=True)  # fmt: skip
    groups = [(e["target"], e["group"]["location"]) for e in events(out, "damage") if "group" in e]
    assert groups == [("t", "CT")] * 3 + [("a", "RL"), ("a", "LL")]
    assert out["damage"] == dfa_damage(50) == 15 and out["attacker_damage"] == dfa_attacker_damage(
        50
    )


def test_ex_phy_03_dfa_psrs_and_miss() -> None:
    a = {"tons": 50, "jump": 4, "movement": {"mode": "jump", "hexes": 3}}
    tw = ask(pair(a, {"tons": 80}), P | {"type": "dfa"})
    assert (
        tw["psrs"]["target_on_hit"]["target"] == 7 and tw["psrs"]["attacker_on_hit"]["target"] == 9
    )
    cl = ask(pair(a, {"tons": 80}), P | {"type": "dfa"}, variant="classic")
    assert (
        cl["psrs"]["target_on_hit"]["target"] == 9 and cl["psrs"]["attacker_on_hit"]["target"] == 7
    )
    miss = ask(pair(a, {"tons": 80}), P | {"type": "dfa"}, dice=[1, 1, 3, 4, 3, 4, 3, 4, 6, 6],
               resolve=True)  # fmt: skip
    [fell] = [e for e in miss["events"] if e["type"] == "unit_falls"]
    inner = {e["type"]: e for e in fell["events"]}
    assert inner["fall"]["damage"] == 15 and inner["fall"]["side"] == "rear"
    assert [g["damage"] for g in inner["damage"]["groups"]] == [5, 5, 5]
    assert miss["end"]["attacker"] == {"at": "0505", "facing": 0, "prone": True}


def test_phy_14_dfa_hit_lands_in_the_target_hex_and_pushes_it_back() -> None:
    a = {"tons": 50, "jump": 4, "movement": {"mode": "jump", "hexes": 3}}
    out = ask(pair(a), P | {"type": "dfa"}, dice=[6, 6] + [3] * 3 + [1, 4] + [6, 6] * 4,
              resolve=True)  # fmt: skip
    assert out["end"]["attacker"]["at"] == "0504" and out["end"]["target"]["at"] == "0503"


def test_phy_14_dfa_from_afar_comes_down_beside_the_target() -> None:
    units = [unit("a", "0508", 0, jump=5, movement={"mode": "jump", "hexes": 4}),
             unit("t", "0504", 3, side="B")]  # fmt: skip
    out = ask(units, P | {"type": "dfa"}, dice=[6, 6] + [3] * 3 + [1, 4] + [6, 6] * 4,
              resolve=True)  # fmt: skip
    assert out["end"]["attacker"]["at"] == "0504" and out["end"]["target"]["at"] == "0503"


@pytest.mark.parametrize("kind", ["punch", "push", "club", "charge"])
def test_phy_15_prone_targets_only_kicked_or_dfad(kind: str) -> None:
    a = charger(club="tree") if kind == "charge" else {"club": "tree"}
    phys = P | {"type": kind} | ({"limb": "RA"} if kind == "punch" else {})
    out = ask(pair(a, {"prone": True}), phys)
    assert not out["can_attack"] and "PHY-15" in out["why_not"]


@pytest.mark.parametrize(("level", "kind", "ok", "table"), [
    (1, "punch", True, "kick"), (1, "kick", False, None), (-1, "kick", True, "punch"),
    (-1, "punch", False, None), (1, "club", True, "kick"), (-1, "club", True, "punch"),
    (2, "charge", False, None), (1, "push", False, None)])  # fmt: skip
def test_phy_16_attacks_between_levels(level: int, kind: str, ok: bool, table) -> None:
    hexes = {"0504": {"level": max(level, 0)}, "0505": {"level": max(-level, 0)}}
    a = charger(club="tree") if kind == "charge" else {"club": "tree"}
    limb = {"punch": "RA", "kick": "RL"}.get(kind)
    out = ask(pair(a), P | {"type": kind} | ({"limb": limb} if limb else {}), hexes=hexes)
    assert out["can_attack"] is ok
    if ok:
        assert out["table"] == table


def test_phy_16_a_dfa_is_allowed_at_any_level_difference() -> None:
    a = {"jump": 3, "movement": {"mode": "jump", "hexes": 1}}
    out = ask(pair(a), P | {"type": "dfa"}, hexes={"0504": {"level": 3}})
    assert out["can_attack"]


def test_phy_17_the_dfa_numbers_of_a_55_ton_mech() -> None:
    """(That an accidental fall from above deals them: tests/rules/test_falls_onto_units.py.)"""
    assert dfa_damage(55) == 18 and dfa_attacker_damage(55) == 11


def test_ex_phy_04_domino_chain() -> None:
    """A pushed from 0505 into 0504 (B, facing 0); B fails and falls; C in 0503 is pushed to
    0502, passes, stays standing. (Here A is pushed by an attacker at 0506.)"""
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"), unit("b", "0504", 0),
             unit("c", "0503", 0)]  # fmt: skip
    # to-hit 6,6; A's PSR 6,6 pass; B's PSR 1,1 fails; C's 6,6 passes; B's fall 1, 3+4, 6+6
    out = ask(units, {"attacker": "x", "target": "a", "type": "push"},
              dice=[6, 6, 6, 6, 1, 1, 6, 6, 1, 3, 4, 6, 6], resolve=True)  # fmt: skip
    moved = [(e["unit"], e["to"]) for e in events(out, "displaced")]
    assert moved[:3] == [("a", "0504"), ("b", "0503"), ("c", "0502")]
    assert [(p["unit"], p["success"]) for p in events(out, "psr")] == [
        ("a", True), ("b", False), ("c", True)]  # fmt: skip


def test_phy_18_a_blocked_chain_moves_nobody() -> None:
    units = [unit("x", "0503", 0), unit("a", "0502", 0, side="B"), unit("b", "0501", 0)]
    out = ask(units, {"attacker": "x", "target": "a", "type": "push"}, dice=[6, 6, 6, 6],
              resolve=True)  # fmt: skip
    assert events(out, "blocked") and out["end"]["target"]["at"] == "0502"


def test_phy_19_a_mech_pushed_from_the_side_steps_aside() -> None:
    """B faces 2 (the push north comes from its side) and stood still: it steps forward."""
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"), unit("b", "0504", 2)]
    out = ask(units, {"attacker": "x", "target": "a", "type": "push"}, dice=[6, 6, 6, 6],
              resolve=True)  # fmt: skip
    [step] = events(out, "steps_aside")
    assert step["unit"] == "b" and step["to"] == "0604"
    assert [p["unit"] for p in events(out, "psr")] == ["a"]


def test_phy_19_no_mp_left_means_no_step_aside() -> None:
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"),
             unit("b", "0504", 2, movement={"mode": "walk", "hexes": 4})]  # fmt: skip
    out = ask(units, {"attacker": "x", "target": "a", "type": "push"}, dice=[6, 6, 6, 6, 6, 6],
              resolve=True)  # fmt: skip
    assert not events(out, "steps_aside") and out["end"]["target"]["at"] == "0504"


@pytest.mark.parametrize(("kind", "base", "damage", "t_psr", "a_psr"), [
    ("punch", 5, 5, None, None), ("club", 4, 10, None, None), ("push", 4, 0, 5, None),
    ("kick", 3, 10, 5, None), ("charge", 5, 25, 7, 7), ("dfa", 5, 15, 7, 9)])  # fmt: skip
def test_phy_21_tw_summary(kind, base, damage, t_psr, a_psr) -> None:
    """50 t, Piloting 5 against Piloting 5, standing still (charge: ran 5; DFA: jumped)."""
    mode = {"charge": "run", "dfa": "jump"}.get(kind, "stand")
    a = {
        "club": "tree",
        "jump": 3,
        "movement": {"mode": mode, "hexes": 5 if mode != "stand" else 0},
    }
    out = ask(pair(a), P | {"type": kind} | ({"limb": "RA"} if kind == "punch" else {})
              | ({"limb": "RL"} if kind == "kick" else {}))  # fmt: skip
    moved = {"run": 2, "jump": 3}.get(mode, 0)
    assert out["target"] == base + moved and out["damage"] == damage
    t = out["psrs"]["target_on_hit"]
    assert (t["target"] if t else None) == t_psr
    a_ = out["psrs"]["attacker_on_hit"]
    assert (a_["target"] if a_ else None) == a_psr


def test_every_modifier_names_its_rule() -> None:
    out = ask(pair(charger()), P | {"type": "charge"})
    assert all(m["rule"].startswith(("PHY-", "CMB-", "PSR-")) for m in out["modifiers"])
