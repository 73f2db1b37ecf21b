"""Falls onto other units: PHY-17 accidental fall from above, PHY-18 domino pushes and the
MOV-30 rule that no two units share a hex once a move is resolved (PHY-05 punch table)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from piloting_helpers import H, board, of_type, unit

from game.board import HexSpec
from game.core.dice import Dice
from game.core.options import TW
from game.hexgrid import Hex, neighbour, ring
from game.rules.move import stacking
from game.rules.move.movement import check_move
from game.rules.piloting.collide import Slide, SlideWorld
from game.rules.piloting.falls import UnitOutcome
from game.rules.piloting.fromabove import from_above
from game.rules.piloting.psr import psr_base_modifiers
from game.rules.piloting.resolve import resolve_move
from game.rules.piloting.skid import slide
from game.units.mech import CT, HEAD, LA, LL, LT, RA, RL, RT, punch_location, standard_body

# --- PHY-05 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "faces"),
    [
        ("left", (LT, LT, CT, LA, LA, HEAD)),
        ("front", (LA, LT, CT, RT, RA, HEAD)),
        ("right", (RT, RT, CT, RA, RA, HEAD)),
    ],
)
def test_phy_05_punch_location_table(side: str, faces: tuple[str, ...]) -> None:
    assert tuple(punch_location(side, d)[0] for d in range(1, 7)) == faces
    assert punch_location("rear", 3) == (CT, True)  # Front/Rear column on the rear armour
    assert punch_location("front", 1, quad=True)[0] == "FLL"


# --- PHY-17 through resolve_move: a rubble fall 2 levels down onto a friend -------------


def cliff():
    """0510 is level 2; 0509 below it is level-0 rubble where a friend stands."""
    return board({"0510": HexSpec(level=2), "0509": HexSpec(rubble=True)})


def test_phy_17_hit_is_a_death_from_above_and_pushes_the_unit_below() -> None:
    friend = unit("f", at="0509")
    # rubble PSR 1+1 fails -> falls 2 levels into 0509 (PSR-13) onto f: to-hit 7, 4+4 hits;
    # f takes 15 (3 x 1D6 punch table: 3,3,3 -> CT, from behind: rear armour); the faller
    # 10 on its legs (kick table 1 -> RL, 6 -> LL); f pushed to 0508 rolls 5+2 (6+6);
    # the faller rolls 5+4 (6+6)
    dice = Dice(script=(1, 1, 4, 4, 3, 3, 3, 1, 6, 6, 6, 6, 6))
    before = standard_body(50)
    r = resolve_move(cliff(), [unit(), friend], "m", "walk", ["F", "F"], dice)
    assert r.legal
    [hit] = of_type(r.events, "fall_from_above")
    assert hit.get("target") == "f" and hit.get("to_hit") == 7 and hit.get("hit")
    assert hit.get("levels") == 2
    [dfa] = of_type(r.events, "dfa_damage")
    assert dfa.get("damage") == 15 and dfa.get("side") == "rear"  # ceil(50 / 10) x 3
    groups = of_type(dfa.get("detail"), "damage")[0].get("groups")
    assert [(g.location, g.rear, g.damage) for g in groups] == [(CT, True, 5)] * 3
    legs = [e for e in of_type(r.events, "damage") if "legs" in e.get("cause")]
    assert [g.location for g in legs[0].get("groups")] == [RL, LL] and legs[0].get("total") == 10
    assert r.unit.at == H("0509") and not r.unit.prone  # PHY-14: lands in the target's hex
    assert before.total_armour() + before.total_structure() - 10 == (
        r.body.total_armour() + r.body.total_structure()
    )
    ((fid, f, fbody),) = r.others
    assert fid == "f" and f.at == H("0508") and not f.prone  # pushed away (PHY-14/18)
    assert fbody.total_armour() + fbody.total_structure() == (
        before.total_armour() + before.total_structure() - 15
    )
    psrs = of_type(r.events, "psr")
    assert [(p.get("unit"), p.get("target")) for p in psrs[1:]] == [("f", 7), ("m", 9)]
    assert [m["reason"] for m in psrs[2].get("modifiers")][-1] == "made a death from above"
    assert "PHY-17" in of_type(r.events, "move_ends")[0].get("reason")


def test_phy_17_miss_lands_beside_and_falls_there() -> None:
    friend = unit("f", at="0509")
    # rubble 1+1 fails; to-hit 1+2 = 3 misses; the faller lands in the adjacent hex back
    # toward where it came from (0510, level 2: 0 levels below its fall start), facing 1,
    # 5 damage (3+4 -> CT), pilot check 6+6
    dice = Dice(script=(1, 1, 1, 2, 1, 3, 4, 6, 6))
    r = resolve_move(cliff(), [unit(), friend], "m", "walk", ["F", "F"], dice)
    [miss] = of_type(r.events, "fall_from_above")
    assert not miss.get("hit")
    [beside] = of_type(r.events, "lands_beside")
    assert beside.get("at") == H("0510") and beside.get("missed") == H("0509")
    [fall] = of_type(r.events, "fall")
    assert fall.get("at") == H("0510") and fall.get("levels") == 0 and fall.get("damage") == 5
    assert r.unit.at == H("0510") and r.unit.prone
    assert all(o.at == H("0509") for _, o, _ in r.others)  # the friend was not moved


def test_phy_17_miss_into_a_lower_adjacent_hex_counts_the_levels_from_the_top() -> None:
    blocker = unit("x", at="0510", side="A")  # the hex it came from is taken now
    mover = unit(at="0511")
    b = board({"0511": HexSpec(level=2), "0510": HexSpec(level=2), "0509": HexSpec(rubble=True)})
    friend = unit("f", at="0509")
    # walk 0511 -> 0510 (through x) -> 0509: rubble fails, to-hit misses; 0510 is taken,
    # so it lands in the next hex nearest 0510, a level-0 hex: 2 levels
    dice = Dice(seed=5, script=(1, 1, 1, 1))
    r = resolve_move(b, [mover, blocker, friend], "m", "walk", ["F", "F", "F"], dice)
    [beside] = of_type(r.events, "lands_beside")
    assert beside.get("at") not in (H("0510"), H("0509")) and beside.get("levels") == 2
    assert of_type(r.events, "fall")[0].get("levels") == 2


def world(b, units, dice, target_mods=None) -> SlideWorld:
    w = SlideWorld(b, dice, TW, 0, lambda u: psr_base_modifiers(u, TW), {u.id: u for u in units})
    w.target_mods.update(target_mods or {})
    return w


def test_phy_17_to_hit_reads_target_movement_woods_and_prone() -> None:
    b = board({"0509": HexSpec(woods=1)})
    target = unit("t", at="0509", prone=True, side="B")
    faller = unit(at="0510")
    w = world(b, [faller, target], Dice(seed=2), {"t": 2})
    out = from_above(w, UnitOutcome(faller), H("0509"), 3, False, 0, [], "test")
    ev = of_type(out.events, "fall_from_above")[0]
    reasons = {m["reason"]: m["value"] for m in ev.get("modifiers")}
    assert reasons == {"accidental fall from above": 7, "target movement": 2,  # CMB-13
                       "target in woods": 1, "prone target": -2}  # CMB-14, CMB-19  # fmt: skip
    assert ev.get("to_hit") == 8


def test_phy_17_prone_target_takes_the_normal_hit_table() -> None:
    target = unit("t", at="0509", prone=True)
    faller = unit(at="0510", tons=60)
    # to-hit 7 - 2 = 5: 3+3 hits; 18 damage -> 4 groups on the 2D6 table (PHY-15)
    dice = Dice(seed=1, script=(3, 3))
    w = world(board(), [faller, target], dice)
    out = from_above(w, UnitOutcome(faller), H("0509"), 2, False, 0, [], "test")
    dfa = of_type(out.events, "dfa_damage")[0]
    assert dfa.get("damage") == 18
    [dmg] = of_type(dfa.get("detail"), "damage")
    assert len(dmg.get("groups")) == 4 and all(2 <= g.roll <= 12 for g in dmg.get("groups"))
    assert w.units["t"].at != out.unit.at or out.destroyed


# --- skids: off a drop onto a unit it missed (PSR-35 + PHY-17), ending on a unit ---------


def test_phy_17_psr_35_skid_off_a_drop_onto_a_unit_it_missed() -> None:
    b = board({"0510": HexSpec(level=3)})
    target = unit("t", at="0509", side="B", moved=True)
    slider = unit(at="0510", prone=True)
    # charge 1+1 misses (PSR-33); enters 0509, 3 levels down (PSR-35): skid damage 3 (3+4);
    # falls onto t: 6+6 hits; t takes 15 (punch 3,3,3), the slider 10 (kick 1,6); t pushed
    # to 0508 rolls 6+6; the slider is prone already and makes no roll
    dice = Dice(script=(1, 1, 3, 4, 6, 6, 3, 3, 3, 1, 6, 6, 6))
    res = slide(b, {"t": target}, UnitOutcome(slider), Slide(0, 2, 4), dice,
                lambda u: psr_base_modifiers(u, TW))  # fmt: skip
    assert res.stopped_by == "drop" and res.path == (H("0509"),)
    [onto] = of_type(res.outcome.events, "fall_from_above")
    assert onto.get("hit") and onto.get("levels") == 3 and onto.get("to_hit") == 7
    assert res.outcome.unit.at == H("0509") and res.outcome.unit.prone
    ((tid, t, _),) = res.others
    assert tid == "t" and t.at == H("0508")
    assert of_type(res.outcome.events, "dfa_damage")[0].get("damage") == 15


def test_mov_30_a_skid_ending_on_a_unit_it_missed_is_settled() -> None:
    road = {f"05{r:02d}": HexSpec(pavement=True, road=True) for r in range(3, 19)}
    m = unit(at="0518", walk=6)
    t = unit("t", at="0507", side="B", moved=True)
    # skid roll 2+2 fails; fall: facing 1, 5 damage (3+4), pilot 6+6; the skid of 4 hexes
    # reaches 0507: skid damage 9 (3+4, 3+4), charge on t 1+1 misses, enters 0507 as its
    # last hex (3 more damage, 3+4): it ends on t
    dice = Dice(script=(2, 2, 1, 3, 4, 6, 6, 3, 4, 3, 4, 1, 1, 3, 4))
    r = resolve_move(board(road), [m, t], "m", "run", ["F"] * 7 + ["R", "F"], dice)
    assert not of_type(r.events, "accidental_charge")[0].get("hit")
    assert r.unit.at == H("0507")
    ((_, t_after, _),) = r.others
    assert t_after.at != H("0507") and t_after.at in set(ring(H("0507"), 1))
    [moved] = [e for e in of_type(r.events, "displaced") if "MOV-34" in e.get("reason", "")]
    assert moved.get("unit") == "t" and moved.get("to") == t_after.at


# --- bridge collapse: a Mech falling with the deck onto the Mech that fell first --------


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_phy_17_bridge_collapse_onto_the_mover(seed: int) -> None:
    road = HexSpec(level=2, road=True)
    deck = HexSpec(road=True, bridge_class=2, bridge_cf=40, bridge_level=2)
    b = board({**{f"05{r:02d}": road for r in range(1, 8)}, "0504": deck}, width=10, height=10)
    m = unit(at="0505", tons=20, walk=4)
    f = unit("f", at="0504", tons=30, walk=4)  # 20 + 30 > 40: the deck gives way
    r = resolve_move(b, [m, f], "m", "walk", ["F", "F"], Dice(seed=seed))
    assert r.bridges == (H("0504"),)
    [falls] = of_type(r.events, "unit_falls")
    [onto] = of_type(falls.get("events"), "fall_from_above")
    assert onto.get("target") == "m" and onto.get("levels") == 2
    mods = {m["reason"]: m["value"] for m in onto.get("modifiers")}
    assert mods["prone target"] == -2  # the mover lies prone after its own fall
    assert mods["accidental fall from above"] == 7
    assert onto.get("to_hit") == sum(mods.values())  # 5, or 1 if it was knocked out (CMB-20)
    ((_, f_after, _),) = r.others
    assert r.destroyed or f_after.at != r.unit.at  # MOV-30: never the same hex


# --- PHY-18 blocked at the map edge: settled so no hex is shared (MOV-30) -------------


def test_mov_30_domino_blocked_by_the_map_edge_is_settled() -> None:
    b = board({"0501": HexSpec(rubble=True)})
    friend = unit("f", at="0501")
    m = unit(at="0502")
    steps = ["F", "R", "R", "F"]
    assert check_move(b, [m, friend], "m", "walk", steps).legal
    # rubble 1+1 fails: falls in 0501 (0 levels), pushes f north: off the map -> blocked;
    # facing 1, 5 damage 3+4 -> CT, pilot 6+6
    r = resolve_move(b, [m, friend], "m", "walk", steps, Dice(script=(1, 1, 1, 3, 4, 6, 6)))
    assert of_type(r.events, "blocked")
    assert r.unit.at == H("0501")
    ((_, f_after, _),) = r.others
    assert f_after.at != H("0501") and f_after.at in {Hex(3, 0), Hex(5, 0), Hex(3, 1),
                                                       Hex(4, 1), Hex(5, 1)}  # fmt: skip
    [moved] = [e for e in of_type(r.events, "displaced") if "MOV-34" in e.get("reason", "")]
    assert moved.get("unit") == "f"


# --- property: whatever the dice, no two units in play share a hex after a move ----------

TOKENS = ("F", "F", "F", "F", "F", "F", "B", "L", "R", "U")
DROP_SPOTS = (HexSpec(rubble=True), HexSpec(water=1), HexSpec(level=1, rubble=True))
HIGH = (HexSpec(), HexSpec(level=2), HexSpec(level=2, pavement=True, road=True))
FACES = (1, 1, 1, 2, 2, 3, 4, 5, 6)  # low faces: many failed rolls


@st.composite
def scenes(draw):
    w, h = 6, 6
    terrain = (
        HexSpec(),
        HexSpec(),
        HexSpec(level=2),
        HexSpec(rubble=True),
        HexSpec(water=1),
        HexSpec(pavement=True, road=True),
        HexSpec(level=1, rubble=True),
        HexSpec(level=3),
        HexSpec(building_class=1, building_cf=8, building_height=1),
    )
    hexes = {
        f"{col + 1:02d}{row + 1:02d}": draw(st.sampled_from(terrain))
        for col in range(w)
        for row in range(h)
    }
    cells = draw(
        st.lists(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)), min_size=2,
                 max_size=8, unique=True)
    )  # fmt: skip
    units = []
    for i, (c, r) in enumerate(cells):
        kind = "biped" if i == 0 else draw(st.sampled_from(("biped", "quad", "tracked")))
        units.append(unit("m" if i == 0 else f"u{i}", at=f"{c + 1:02d}{r + 1:02d}",
                          facing=draw(st.integers(0, 5)),
                          side="A" if i == 0 else draw(st.sampled_from("AAAB")),
                          kind=kind, prone=i > 0 and draw(st.booleans()),
                          walk=draw(st.integers(4, 7))))  # fmt: skip
    # friends straight ahead of the mover: passing through them is where falls hit units
    me, taken = units[0], {u.at for u in units}
    hexes[f"{me.at.col + 1:02d}{me.at.row + 1:02d}"] = draw(st.sampled_from(HIGH))
    spot = me.at
    for k in range(1, 5):
        spot = neighbour(spot, me.facing)
        if 0 <= spot.col < w and 0 <= spot.row < h and spot not in taken and draw(st.booleans()):
            name = f"{spot.col + 1:02d}{spot.row + 1:02d}"
            units.append(unit(f"a{k}", at=name, side="A", facing=draw(st.integers(0, 5))))
            hexes[name] = draw(st.sampled_from(DROP_SPOTS))
            taken.add(spot)
    ahead = ["F"] * draw(st.integers(0, 5))  # often straight through the friends
    steps = ahead + draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=8))
    mode = draw(st.sampled_from(("walk", "run")))
    script = tuple(draw(st.lists(st.sampled_from(FACES), max_size=40)))
    b = board(hexes, width=w, height=h)
    return b, units, steps, mode, script


def legal_prefix(b, units, mode, steps):
    """The longest legal start of ``steps`` (so most examples really move)."""
    while steps:
        res = check_move(b, units, "m", mode, steps)
        if res.legal:
            return steps
        cut = res.failed_step if res.failed_step is not None else len(steps) - 1
        steps = steps[: min(cut, len(steps) - 1)]
    return steps


@settings(max_examples=100, deadline=None)
@given(scenes())
def test_mov_30_mov_34_property_stacking_holds_after_any_resolved_move(scene) -> None:
    """Whatever a move resolves into (skids, falls, accidental charges, units pushed or
    landed on), the units left standing keep the stacking limits (MOV-34, TW default;
    the classic one-unit-a-hex rule MOV-30 is its variant)."""
    b, units, steps, mode, script = scene
    steps = legal_prefix(b, units, mode, steps)
    r = resolve_move(b, units, "m", mode, steps, Dice(seed=len(script), script=script))
    assert r.legal, r.error
    after = {u.id: (u, None) for u in units[1:]} | {i: (u, body) for i, u, body in r.others}
    lost = {str(e.get("unit")) for e in r.events if e.type == "unit_destroyed" and e.get("unit")}
    standing = [] if r.destroyed else [r.unit]
    for i, (u, body) in after.items():
        if i in lost or u.destroyed or (body is not None and body.destroyed):
            continue
        standing.append(u)
    assert stacking.broken(standing, TW) == [], (steps, [e.type for e in r.events])


@pytest.mark.parametrize("tons", [50, 55, 80])
def test_phy_17_an_accidental_fall_from_above_deals_the_dfa_numbers(tons: int) -> None:
    """PHY-17: the unit below takes a death from above's damage, the faller its own (the
    numbers of PHY-13/16), at every weight (replaces a check of the source's text)."""
    from game.rules.physical.formulas import dfa_attacker_damage, dfa_damage

    dice = Dice(script=(1, 1, 4, 4) + (3,) * 6 + (1, 6) * 3 + (6,) * 12)
    r = resolve_move(cliff(), [unit(tons=tons), unit("f", at="0509")], "m", "walk", ["F", "F"],
                     dice)  # fmt: skip
    [dfa] = of_type(r.events, "dfa_damage")
    assert dfa.get("damage") == dfa_damage(tons)
    legs = [e for e in of_type(r.events, "damage") if "legs" in e.get("cause")]
    assert legs[0].get("total") == dfa_attacker_damage(tons)
