"""Skids and sideslips (PSR-22..39): distances, damage order, collisions."""

from __future__ import annotations

import pytest
from piloting_helpers import H, board, of_type, types, unit

from game.board import HexSpec
from game.core.dice import Dice
from game.hexgrid import neighbour
from game.rules.move.movement import target_modifier
from game.rules.piloting.collide import Slide, attack_side
from game.rules.piloting.falls import UnitOutcome
from game.rules.piloting.psr import psr_base_modifiers
from game.rules.piloting.resolve import resolve_move
from game.rules.piloting.skid import MOTIVE_TYPE_MOD, skid_to_hit, slide, terrain_cost
from game.units.mech import CT, standard_body
from game.units.unit import Unit

ROAD = {f"05{r:02d}": HexSpec(pavement=True, road=True) for r in range(3, 19)}
RUN7 = ["F"] * 7 + ["R", "F"]  # 7 hexes north along the road, turn, try an 8th hex


def mods(u: Unit) -> list:
    return psr_base_modifiers(u)


def run_slide(b, mover: Unit, s: Slide, script: tuple[int, ...], others=()):
    units = {u.id: u for u in others}
    return slide(b, units, UnitOutcome(mover), s, Dice(script=script), mods)


def test_ex_psr_05_mech_skid() -> None:
    b = board(ROAD)
    m = unit(at="0518", walk=6)  # run 9
    # skid 2+2 < 6; facing 1 (Front); fall 5 -> CT; pilot 6+6; skid 12 -> 5, 5, 2
    dice = Dice(script=(2, 2, 1, 3, 4, 6, 6) + (3, 4) * 3)
    r = resolve_move(b, [m], "m", "run", RUN7, dice)
    psr = of_type(r.events, "psr")[0]
    assert psr.get("kind") == "skid" and psr.get("target") == 6 and psr.step == 8  # PSR-23
    skid = of_type(r.events, "skid")[0]
    assert skid.get("distance") == 4 and skid.get("direction") == 0  # PSR-24
    end = of_type(r.events, "skid_end")[0]
    assert end.get("path") == (H("0510"), H("0509"), H("0508"), H("0507"))
    dmg = of_type(r.events, "damage")
    assert [(d.get("cause"), d.get("total")) for d in dmg] == [("fall", 5), ("skid", 12)]
    assert [g.damage for g in dmg[1].get("groups")] == [5, 5, 2]
    assert dmg[1].get("side") == dmg[0].get("side") == "front"
    assert r.unit.at == H("0507") and r.unit.prone and r.skidded
    assert of_type(r.events, "move_ends")[0].get("reason").endswith("(PSR-24)")
    j = r.to_json(b)
    assert j["end"] == {"at": "0507", "facing": 1, "prone": True}
    assert j["unit"]["skidded"] is True


def test_psr_25_cmb_12_13_skid_adds_to_the_reported_movement_modifiers() -> None:
    # CMB-12 "skidding this turn +1" and CMB-13 "target skidding this turn +2 more": the
    # modifiers a resolved move reports (referee JSON, the game's move record) include them.
    b = board(ROAD)
    dice = Dice(script=(2, 2, 1, 3, 4, 6, 6) + (3, 4) * 3)
    r = resolve_move(b, [unit(at="0518", walk=6)], "m", "run", RUN7, dice)
    assert r.skidded and r.attacker_modifier == 2 + 1
    assert r.target_modifier == target_modifier(r.check.end_state.hexes_counted, False) + 2
    j = r.to_json(b)
    assert (j["attacker_modifier"], j["target_modifier"]) == (3, r.target_modifier)
    passed = resolve_move(b, [unit(at="0518", walk=6)], "m", "run", RUN7, Dice(script=(3, 3)))
    assert not passed.skidded and passed.attacker_modifier == 2
    assert passed.target_modifier == target_modifier(passed.hexes_moved, False)


def test_psr_22_passing_the_skid_roll_moves_on() -> None:
    b = board(ROAD)
    r = resolve_move(b, [unit(at="0518", walk=6)], "m", "run", RUN7, Dice(script=(3, 3)))
    assert r.unit.at == neighbour(H("0511"), 1) and not r.unit.prone and not r.skidded


@pytest.mark.parametrize(("hexes", "distance"), [(1, 1), (2, 1), (5, 3), (6, 3), (7, 4)])
def test_psr_24_skid_distance_is_half_the_hexes_moved(hexes: int, distance: int) -> None:
    b = board(ROAD)
    steps = ["F"] * hexes + ["R", "F"]
    dice = Dice(script=(1, 1, 1, 3, 4, 6, 6) + (3, 4) * 5)
    r = resolve_move(b, [unit(at="0518", walk=6)], "m", "run", steps, dice)
    assert of_type(r.events, "skid")[0].get("distance") == distance
    assert len(of_type(r.events, "skid_end")[0].get("path")) == distance


def test_psr_26_vehicle_skids_without_falling() -> None:
    b = board(ROAD)
    v = unit(kind="wheeled", tons=40, at="0518", walk=6)
    dice = Dice(script=(1, 1, 4, 4))  # skid fails; motive roll 8 + 2 (wheeled) = 10
    r = resolve_move(b, [v], "m", "run", RUN7, dice)
    assert not of_type(r.events, "fall") and not of_type(r.events, "damage")
    motive = of_type(r.events, "motive_damage")[0]
    assert motive.get("modifier") == MOTIVE_TYPE_MOD["wheeled"] == 2  # PSR-27
    assert motive.get("total") == 10 and motive.get("effect") == "heavy"
    assert r.unit.at == H("0507") and not r.unit.prone


def test_ex_psr_07_psr_31_damage_order_through_a_light_building() -> None:
    b = board(ROAD | {"0509": HexSpec(building_class=1, building_cf=15, building_height=1)})
    dice = Dice(script=(2, 2, 1, 3, 4, 6, 6) + (3, 4) * 10)
    r = resolve_move(b, [unit(at="0518", walk=6)], "m", "run", RUN7, dice)
    causes = [(d.get("cause"), d.get("total")) for d in of_type(r.events, "damage")]
    # fall -> skid hexes 1-2 -> collision ceil(15/10) -> collapse -> the rest (PSR-31)
    assert causes == [
        ("fall", 5),
        ("skid", 6),
        ("building collision", 2),
        ("building collapse", 2),
        ("skid", 3),
    ]
    col = of_type(r.events, "collision")[0]
    assert col.get("building_damage") == 35 and col.get("cf_left") == 0  # ceil(50 x 7 / 10)
    # 4 - 2 entered = 2 left, light building costs 1 -> one more hex (PSR-32)
    assert of_type(r.events, "skid_end")[0].get("path") == (H("0510"), H("0509"), H("0508"))
    assert r.buildings == ((H("0509"), 0),)


@pytest.mark.parametrize(
    ("distance", "cf", "path_len", "stopped"),
    [(5, 30, 3, "distance"), (3, 30, 1, "distance"), (5, 40, 1, "building")],
)
def test_ex_psr_08_psr_32_skid_through_a_medium_building(
    distance: int, cf: int, path_len: int, stopped: str
) -> None:
    b = board({"0509": HexSpec(building_class=2, building_cf=cf, building_height=2)})
    m = unit(prone=True)
    hexes = 7 if cf == 30 else 1  # 35 damage destroys CF 30; 5 leaves CF 40 standing
    res = run_slide(b, m, Slide(0, distance, hexes, "front"), (3, 4) * 12)
    assert len(res.path) == path_len and res.path[0] == H("0509")
    assert res.stopped_by == stopped
    destroyed = dict(res.buildings)[H("0509")] == 0
    assert destroyed is (cf == 30)


def test_ex_psr_09_psr_36_skid_through_woods() -> None:
    b = board({"0507": HexSpec(woods=1), "0506": HexSpec(woods=2)})
    res = run_slide(b, unit(prone=True), Slide(0, 6, 12, "left"), (3, 4) * 6)
    assert res.path == (H("0509"), H("0508"), H("0507"), H("0506"))
    assert res.stopped_by == "terrain"
    dmg = of_type(res.outcome.events, "damage")
    assert [d.get("cause") for d in dmg] == ["skid"] and dmg[0].get("total") == 12
    assert terrain_cost(b, H("0507"), "biped") == 2 and terrain_cost(b, H("0506"), "biped") == 3


@pytest.mark.parametrize(
    ("kind", "tons", "terrain", "damage", "groups"),
    [("hover", 40, HexSpec(woods=1), 8, (5, 3)), ("wheeled", 32, HexSpec(rough=True), 7, (5, 2))],
)
def test_ex_psr_10_prohibited_terrain(
    kind: str, tons: int, terrain: HexSpec, damage: int, groups: tuple[int, ...]
) -> None:
    b = board({"0509": terrain})
    res = run_slide(b, unit(kind=kind, tons=tons), Slide(0, 3, 6), ())
    ev = of_type(res.outcome.events, "vehicle_damage")[0]
    assert ev.get("damage") == damage and ev.get("side") == "front"
    assert tuple(g.damage for g in ev.get("groups")) == groups  # on the hull now (PSR-38)
    assert res.immobilised and res.stopped_by == "prohibited terrain" and res.path == (H("0509"),)


def test_ex_psr_10_tracked_into_deep_water_is_destroyed() -> None:
    b = board({"0509": HexSpec(water=1)})
    res = run_slide(b, unit(kind="tracked", tons=50), Slide(0, 3, 6), ())
    assert res.outcome.destroyed and "unit_destroyed" in types(res.outcome.events)


def test_ex_psr_10_mech_skid_ends_in_deep_water() -> None:
    b = board({"0508": HexSpec(water=2)})
    res = run_slide(b, unit(tons=55, prone=True), Slide(0, 4, 8), (3, 4) * 4)
    assert res.path == (H("0509"), H("0508")) and res.stopped_by == "water"
    assert [d.get("total") for d in of_type(res.outcome.events, "damage")] == [6]  # 2 x 3


def test_psr_38_hover_slides_on_over_water() -> None:
    b = board({"0509": HexSpec(water=2)})
    res = run_slide(b, unit(kind="hover", tons=30), Slide(0, 2, 3, kind="sideslip"), ())
    assert res.path == (H("0509"), H("0508")) and not res.outcome.events


def test_psr_34_crash_into_a_higher_hex() -> None:
    b = board({"0508": HexSpec(level=1)})
    res = run_slide(b, unit(tons=55, prone=True), Slide(0, 4, 8, "left"), (3, 4) * 4)
    assert res.path == (H("0509"),) and res.stopped_by == "higher hex"
    dmg = of_type(res.outcome.events, "damage")
    assert [(d.get("cause"), d.get("total"), d.get("side")) for d in dmg] == [
        ("skid", 3, "left"),
        ("crash into a higher hex", 3, "front"),  # ceil(55 / 20) on the Front/Rear column
    ]


@pytest.mark.parametrize(("drop", "falls"), [(1, False), (2, False), (3, True)])
def test_psr_34_35_lower_hexes(drop: int, falls: bool) -> None:
    b = board({"0510": HexSpec(level=drop), "0509": HexSpec(level=0)} | {
        f"05{r:02d}": HexSpec(level=0) for r in range(1, 9)})  # fmt: skip
    res = run_slide(b, unit(prone=True), Slide(0, 2, 4), (1,) + (3, 4) * 8 + (6, 6))
    fell = of_type(res.outcome.events, "fall")
    assert bool(fell) is falls
    if falls:  # PSR-35: accidental fall, the slide ends in that hex
        assert fell[0].get("levels") == 3 and res.path == (H("0509"),)
        assert res.stopped_by == "drop"
    else:
        assert len(res.path) == 2


def test_skid_stops_at_the_map_edge() -> None:
    res = run_slide(board(), unit(at="0502", prone=True), Slide(0, 4, 8), (3, 4) * 4)
    assert res.path == (H("0501"),) and res.stopped_by == "map edge"


def test_psr_33_accidental_charge_hits_and_ends_the_skid() -> None:
    b = board()
    target = unit("t", at="0508", facing=3, side="B", moved=True)
    # skid damage for hex 1 first (PSR-31); to-hit 5 + 2 + 3 = 10: 5+5 hits; 35 damage ->
    # 7 kick-table d6; skidder 5 -> CT; target's PSR +2: 6+6; then skid damage for hex 2
    script = (3, 4) + (5, 5) + (1,) * 7 + (3, 4) + (6, 6) + (3, 4) * 4
    res = run_slide(b, unit(prone=True), Slide(0, 4, 7), script, others=[target])
    charge = of_type(res.outcome.events, "accidental_charge")[0]
    assert charge.get("to_hit") == 10 and charge.get("hit")
    cd = of_type(res.outcome.events, "charge_damage")[0]
    assert cd.get("damage") == 35 and cd.get("side") == "front"
    assert all(g.location == "RL" for g in cd.get("detail"))  # PHY-09 front, 1-3 right leg
    assert res.path == (H("0509"), H("0508")) and res.stopped_by == "unit"
    ((tid, moved, tbody),) = res.others
    assert tid == "t" and moved.at == H("0507")  # pushed one hex on (PHY-10)
    assert tbody["RL"].destroyed  # 12 structure + 19 armour < 35
    assert moved.legs_destroyed == 1
    # CMB-38: losing the leg makes the target fall outright (no +2 roll)
    tpsr = [e for e in of_type(res.outcome.events, "psr") if e.get("unit") == "t"][0]
    assert tpsr.get("target") == "auto-fail" and tpsr.get("roll") is None
    assert of_type(res.outcome.events, "unit_falls")[0].get("unit") == "t" and moved.prone
    back = [d for d in of_type(res.outcome.events, "damage") if d.get("cause") == "charged into t"]
    assert back[0].get("total") == 5 and back[0].get("side") == "front"  # ceil(50 / 10)


def test_phy_10_charged_target_rolls_at_plus_two() -> None:
    target = unit("t", at="0508", facing=3, side="B", tons=100, moved=True)
    # hex 1 skid damage; hit 5+5; 20 damage (50 t x 4 hexes / 10) as 4 kick-table groups;
    # the skidder takes ceil(100 / 10) = 10 in two groups; the target's roll 4+4 >= 8
    script = (3, 4) + (5, 5) + (4,) * 4 + (3, 4, 3, 4) + (4, 4)
    res = run_slide(board(), unit(prone=True), Slide(0, 4, 4), script, others=[target])
    tpsr = [e for e in of_type(res.outcome.events, "psr") if e.get("unit") == "t"][0]
    assert tpsr.get("target") == 5 + 2 + 1  # piloting, was charged, 20+ damage this phase
    assert tpsr.get("success") and not res.others[0][1].prone


def test_psr_33_missed_charge_skids_on_through_the_hex() -> None:
    target = unit("t", at="0508", side="B", moved=True)
    res = run_slide(board(), unit(prone=True), Slide(0, 3, 6), (1, 1) + (3, 4) * 4,
                    others=[target])  # fmt: skip
    assert res.path == (H("0509"), H("0508"), H("0507"))
    assert res.others[0][1].at == H("0508")


def test_psr_33_destroyed_target_lets_the_skid_continue() -> None:
    target = unit("t", at="0508", side="B", prone=True)
    fragile = standard_body(50)
    fragile = fragile.with_location(CT, fragile[CT].__class__(0, 1))
    res = run_slide(board(), unit(prone=True), Slide(0, 3, 6), (3, 4, 6, 6) + (3, 4) * 4,
                    others=[target.with_body(fragile)])  # fmt: skip
    assert res.others[0][2].destroyed
    assert res.path == (H("0509"), H("0508"), H("0507"))


def test_psr_39_unmoved_infantry_dodges() -> None:
    inf = unit("i", at="0508", kind="infantry", tons=3, side="B")
    res = run_slide(board(), unit(prone=True), Slide(0, 3, 6), (3, 4) * 4, others=[inf])
    assert "dodge" in types(res.outcome.events) and len(res.path) == 3


@pytest.mark.parametrize(
    ("entered", "mof", "slide_len", "piloting", "roll"),
    [(3, 4, 2, 6, (1, 1)), (6, 2, 2, 5, (1, 2)), (1, 3, 0, 5, (1, 1))],
)
def test_ex_psr_06_sideslip(
    entered: int, mof: int, slide_len: int, piloting: int, roll: tuple[int, int]
) -> None:
    b = board()
    hover = unit(kind="hover", tons=30, at="0518", walk=8, piloting=piloting)
    steps = ["F"] * entered + ["R", "F"]
    r = resolve_move(b, [hover], "m", "run", steps, Dice(script=roll))
    psr = of_type(r.events, "psr")[0]
    assert psr.get("kind") == "sideslip" and psr.get("target") - sum(roll) == mof
    sl = of_type(r.events, "sideslip")[0]
    assert sl.get("distance") == slide_len  # PSR-29: min(MoF, entered - 1)
    start = H(f"05{18 - entered:02d}")
    after = start
    for _ in range(slide_len):
        after = neighbour(after, 0)
    assert of_type(r.events, "sideslip_end")[0].get("path")[-1:] in ((), (after,))
    assert r.unit.at == neighbour(after, 1)  # then carries on in the new direction
    assert not of_type(r.events, "damage") and not r.unit.prone


def test_psr_29_sideslip_into_woods_is_a_crash() -> None:
    b = board({"0514": HexSpec(woods=1)})
    hover = unit(kind="hover", tons=40, at="0518", walk=8, piloting=6)
    r = resolve_move(b, [hover], "m", "run", ["F"] * 3 + ["R", "F", "F"], Dice(script=(1, 1)))
    assert r.immobilised and r.unit.at == H("0514")
    assert of_type(r.events, "vehicle_damage")[0].get("damage") == 8
    assert of_type(r.events, "move_ends")


def test_psr_25_skid_attack_modifiers() -> None:
    assert skid_to_hit(False, True) == 2 and skid_to_hit(True, False) == 1
    assert skid_to_hit(True, True) == 3 and skid_to_hit(False, True, target_ground=False) == 0


def test_cmb_26_attack_side_for_adjacent_attackers() -> None:
    # skidding north (0) into a target: the attacker comes from the target's south side
    assert attack_side(0, 3) == "front" and attack_side(0, 0) == "rear"
    assert attack_side(0, 1) == "right" and attack_side(0, 5) == "left"


def test_phy_18_domino_chain_from_a_skid_collision() -> None:
    t = unit("t", at="0508", facing=3, side="B", tons=100, moved=True)
    c = unit("c", at="0507", facing=3, side="B", tons=100, moved=True)
    # hex 1 skid damage; charge hits 5+5; 20 damage in 4 kick groups; skidder 10 in two;
    # t rolls (+2, +1 for 20 damage) 1+1 and falls in 0507: facing 1, 10 damage in 2
    # groups, pilot check 6+6; c is pushed on to 0506 and passes its domino roll 6+6
    script = (3, 4) + (5, 5) + (4,) * 4 + (3, 4, 3, 4) + (1, 1) + (1, 3, 4, 3, 4, 6, 6) + (6, 6)
    res = run_slide(board(), unit(prone=True), Slide(0, 4, 4), script, others=[t, c])
    where = {i: (u.at, u.prone) for i, u, _ in res.others}
    assert where == {"t": (H("0507"), True), "c": (H("0506"), False)}
    pushes = [e.get("unit") for e in of_type(res.outcome.events, "displaced")]
    assert pushes == ["t", "c"]
    rolls = [e for e in of_type(res.outcome.events, "psr") if e.get("unit") == "c"]
    assert rolls[0].get("reason") == "domino effect" and rolls[0].get("success")
    assert res.outcome.unit.at == H("0508") and res.stopped_by == "unit"


def test_psr_29_rolls_after_a_sideslip_belong_to_the_hex_really_entered() -> None:
    b = board({"0612": HexSpec(building_class=1, building_cf=10, building_height=1)})
    hover = unit(kind="hover", tons=30, at="0518", walk=8, piloting=6)
    # sideslip 1+1 fails by 4: slides 2 to 0513, then enters 0612 (a light building): 6+6
    r = resolve_move(b, [hover], "m", "run", ["F"] * 3 + ["R", "F"], Dice(script=(1, 1, 6, 6)))
    kinds = [(e.get("kind"), e.step) for e in of_type(r.events, "psr")]
    assert kinds == [("sideslip", 4), ("building", 4)]
    assert r.psrs[1].at == H("0612") and r.unit.at == H("0612")


@pytest.mark.parametrize(("roll", "dodged"), [((3, 3), True), ((2, 2), False)])
def test_psr_37_an_unmoved_unit_tries_to_dodge(roll: tuple[int, int], dodged: bool) -> None:
    target = unit("t", at="0508", side="B", facing=3)  # has not moved: rolls 5+ to dodge
    # the dodge roll; if it fails, skid damage for hex 1 (PSR-31), then the charge 1+1
    res = run_slide(board(), unit(prone=True), Slide(0, 3, 6), roll + (3, 4) + (1, 1) + (3, 4) * 4,
                    others=[target])  # fmt: skip
    ev = of_type(res.outcome.events, "dodge")[0]
    assert ev.get("unit") == "t" and ev.get("target") == 5 and ev.get("success") is dodged
    assert bool(of_type(res.outcome.events, "accidental_charge")) is not dodged
    assert res.others[0][1].moved  # the attempt was its move (PSR-37)
    assert res.path == (H("0509"), H("0508"), H("0507"))  # passed (dodged, or charge missed)
