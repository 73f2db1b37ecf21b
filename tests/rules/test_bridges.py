"""MOV-27 bridge load and collapse, pinned by the five rows of EX-MOV-11.

The gully board: 0505 and 0503..0501 are level-2 road hexes or bridge decks at level 2
over level-0 ground, so a unit walks onto a deck along the road at 1 MP a hex (MOV-26)
and a collapse drops it 2 levels: ceil(tons / 10) x 3 damage (PSR-16).
"""

from __future__ import annotations

from dataclasses import replace

from piloting_helpers import H, board, of_type, types, unit

from game.board import HexSpec, build_board
from game.core.dice import Dice
from game.flow import apply_strict, replay
from game.phases.actions import CommitMove, RollInitiative, StartGame
from game.rules.move.bridges import bridge_span, collapsing, deck_overload, without_bridges
from game.rules.move.movement import check_move
from game.rules.piloting.resolve import resolve_move
from game.units.mech import standard_body
from game.units.unit import Unit

ROAD = HexSpec(level=2, road=True)


def deck(cf: int = 40, level: int = 2, water: int = -1) -> HexSpec:
    return HexSpec(road=True, water=water, bridge_class=2, bridge_cf=cf, bridge_level=level)


def gully(decks: tuple[str, ...] = ("0504",), cf: int = 40):
    """Road at level 2 from 0506 north; the named hexes are bridge decks over a gully."""
    hexes = {f"05{r:02d}": ROAD for r in range(1, 8)}
    hexes |= {name: deck(cf) for name in decks}
    return board(hexes, width=10, height=10)


def mover(tons: int = 45, kind: str = "biped", at: str = "0505", uid: str = "m") -> Unit:
    return unit(uid, at=at, tons=tons, kind=kind, walk=4)


def resolve(b, units, steps=("F", "F", "F"), seed=3, origin=None, uid="m"):
    return resolve_move(b, units, uid, "walk", steps, Dice(seed=seed), origin=origin)


# --- EX-MOV-11 row 1: CF 40 holds a 35 t vehicle ------------------------------------------


def test_ex_mov_11_row1_cf_40_holds_a_35_t_vehicle():
    b = gully()
    car = mover(35, "tracked")
    assert deck_overload(b, [], car, H("0504"), True) is None
    res = resolve(b, [car])
    assert res.legal and res.unit.at == H("0502") and res.bridges == ()
    assert "bridge_collapse" not in types(res.events)
    assert check_move(b, [car], "m", "walk", ["F", "F", "F"]).warnings == ()


def test_mov_27_load_equal_to_cf_is_carried():
    b = gully()
    assert deck_overload(b, [], mover(40), H("0504"), True) is None
    assert deck_overload(b, [], mover(41), H("0504"), True).load == 41


def test_mov_27_under_the_deck_or_off_a_bridge_carries_nothing():
    b = gully()
    assert deck_overload(b, [], mover(100), H("0504"), False) is None
    assert deck_overload(b, [], mover(100), H("0503"), True) is None


# --- EX-MOV-11 row 2: a 45 t Mech enters the same hex --------------------------------------


def test_ex_mov_11_row2_45_t_mech_collapses_the_hex_at_once_and_falls():
    b = gully()
    m = mover(45)
    res = resolve(b, [m])
    assert res.legal and res.bridges == (H("0504"),)
    assert types(res.events)[:2] == ["bridge_collapse", "fall"]
    col = res.events[0]
    assert (col.get("at"), col.get("load"), col.get("cf")) == (H("0504"), 45, 40)
    fall = of_type(res.events, "fall")[0]
    assert (fall.get("levels"), fall.get("into_water"), fall.get("damage")) == (2, False, 15)
    body = standard_body(45, False)
    assert (
        body.total_armour()
        + body.total_structure()
        - (res.body.total_armour() + res.body.total_structure())
        == 15
    )  # PSR-16: ceil(45 / 10) x (2 + 1)
    assert res.unit.at == H("0504") and res.unit.prone
    assert res.mp_used == 1 and res.hexes_moved == 1  # the other two steps are not taken
    assert of_type(res.events, "move_ends")[0].get("reason").endswith("(MOV-27)")
    out = res.to_json(b)
    assert out["bridges_collapsed"] == ["0504"] and out["end"]["at"] == "0504"
    assert "warnings" not in out


def test_ex_mov_11_row2_check_move_warns_but_stays_legal():
    b = gully()
    r = check_move(b, [mover(45)], "m", "walk", ["F", "F", "F"])
    assert r.legal and r.mp_used == 3 and r.end_at == H("0502")
    [(step, over)] = r.warnings
    assert (step, over.at, over.load, over.cf) == (0, H("0504"), 45, 40)
    w = r.to_json(b)["warnings"]
    assert w[0]["at"] == "0504" and w[0]["rule"] == "MOV-27" and "MOV-27" in w[0]["text"]
    clean = check_move(b, [mover(30)], "m", "walk", ["F", "F", "F"]).to_json(b)
    assert "warnings" not in clean  # the contract's keys only, when nothing is wrong


def test_mov_27_passing_a_friend_on_the_deck_counts_both_and_both_fall():
    b = gully()
    car = replace(mover(35, "tracked", at="0504", uid="car"), facing=0)
    m = mover(20)  # 20 t alone is fine; 20 + 35 = 55 > 40
    assert check_move(b, [m, car], "m", "walk", ["F", "F"]).warnings[0][1].units == ("car",)
    res = resolve(b, [m, car], steps=("F", "F"))
    assert res.bridges == (H("0504"),) and res.unit.prone and res.unit.at == H("0504")
    [falls] = of_type(res.events, "unit_falls")
    assert falls.get("unit") == "car"
    [hurt] = [e for e in falls.get("events") if e.type == "vehicle_damage"]
    assert hurt.get("damage") == 12  # ceil(35 / 10) x 3
    assert [i for i, _, _ in res.others] == ["car"]


def test_mov_27_fall_into_water_is_halved_and_drowns_a_ground_vehicle():
    b = board({"0505": HexSpec(road=True), "0503": HexSpec(road=True),
               "0504": deck(cf=40, level=0, water=2)}, width=10, height=10)  # fmt: skip
    res = resolve(b, [mover(45)], steps=("F", "F"))
    fall = of_type(res.events, "fall")[0]
    assert (fall.get("levels"), fall.get("into_water"), fall.get("damage")) == (0, True, 3)
    tank = resolve(b, [mover(45, "tracked")], steps=("F", "F"))
    assert tank.destroyed and "unit_destroyed" in types(tank.events)
    hover = resolve(b, [mover(45, "hover")], steps=("F", "F"))
    assert not hover.destroyed and of_type(hover.events, "vehicle_damage")[0].get("damage") == 3


def test_mov_27_jumping_onto_an_overloaded_deck_collapses_it():
    b = gully()
    m = replace(mover(45), jump=3)
    res = resolve_move(b, [m], "m", "jump", ("J:0504",), Dice(seed=2))
    assert res.bridges == (H("0504"),) and res.unit.prone
    assert "psr" not in types(res.events)  # no landing roll: it fell with the bridge


# --- EX-MOV-11 rows 3 and 4: a 4-hex bridge --------------------------------------------------

FOUR = ("0504", "0503", "0502", "0501")


def test_ex_mov_11_row3_two_of_four_down_the_rest_stands():
    origin = gully(FOUR)
    assert bridge_span(origin, H("0502")) == {H(n) for n in FOUR}
    now = without_bridges(origin, [H("0501")])  # one hex already down
    friend = mover(20, at="0503", uid="f")
    res = resolve(now, [mover(45), friend], origin=origin)
    assert res.bridges == (H("0504"),)  # 2 of 4 is not more than half
    assert "unit_falls" not in types(res.events) and res.others == ()


def test_ex_mov_11_row4_three_of_four_down_the_whole_bridge_goes():
    origin = gully(FOUR)
    now = without_bridges(origin, [H("0501"), H("0502")])
    friend = mover(20, at="0503", uid="f")
    res = resolve(now, [mover(45), friend], origin=origin)
    assert res.bridges == (H("0504"), H("0503"))
    whole = of_type(res.events, "bridge_collapse")
    assert len(whole) == 2 and whole[1].get("hexes") == (H("0503"),)
    [falls] = of_type(res.events, "unit_falls")
    assert falls.get("unit") == "f" and of_type(falls.get("events"), "fall")[0].get("levels") == 2
    [(fid, f_after, f_body)] = res.others
    assert fid == "f" and f_after.prone and f_body is not None


def test_ex_mov_11_row4_counting_without_an_origin_board():
    b = gully(FOUR)  # without origin the board itself is whole: 1 of 4 down
    assert collapsing(b, b, H("0504"), ()) == (H("0504"),)
    assert collapsing(b, b, H("0504"), [H("0501"), H("0502")]) == (H("0504"), H("0503"))


def test_ex_mov_11_row5_weapon_fire_counting_one_then_two_of_three():
    # Weapon-caused collapses happen at the end of the phase (no combat yet: out of
    # scope); the counting is the same: 1 of 3 leaves the rest, a 2nd hex brings it all.
    origin = gully(("0504", "0503", "0502"))
    assert collapsing(origin, origin, H("0503"), ()) == (H("0503"),)
    now = without_bridges(origin, [H("0503")])
    assert set(collapsing(origin, now, H("0502"), ())) == {H("0502"), H("0504")}


# --- the hot-seat game keeps the fallen bridge on its board --------------------------------


def test_mov_27_game_board_loses_the_bridge_and_replays(tmp_path):
    from game.designs.roster import make_unit
    from game.save import load_game, save_game
    from game.setup import new_game

    hexes = {H(f"01{r:02d}"): ROAD for r in range(1, 9)} | {H("0104"): deck(cf=40)}
    b = build_board(8, 8, hexes)
    a = make_unit("HBK-4G", "a1", "A", at=H("0106"), facing=0)  # 50 t
    z = make_unit("JR7-D", "b1", "B", at=H("0606"), facing=0)
    s = new_game(b, script=(1, 1, 6, 6), units=(a, z), seed=5)
    s = apply_strict(s, StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    out = apply_strict(s, CommitMove("a1", "walk", ("F", "F", "F")))
    kinds = [e.kind for e in out.events]
    assert "bridge_collapse" in kinds and "fall" in kinds
    after = out.state
    assert int(after.board.bridge_class[3, 0]) == 0 and int(b.bridge_class[3, 0]) == 2
    assert after.unit("a1").at == H("0104") and after.unit("a1").prone
    assert replay(after.start_board, after.start, after.history) == after
    save_game(after, tmp_path / "bridge.json")
    assert load_game(tmp_path / "bridge.json") == after


def test_ex_mov_11_row2_through_the_referee_resolve():
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    scn = root / "tests" / "scenarios" / "bridge_overload.json"
    p = subprocess.run([sys.executable, "main.py", "rules", "move", str(scn), "--resolve"],
                       cwd=root, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert [e["type"] for e in out["events"][:2]] == ["bridge_collapse", "fall"]
    assert out["events"][1]["damage"] == 15 and out["events"][1]["levels"] == 2
    assert out["bridges_collapsed"] == ["0504"] and "warnings" not in out
    assert out["end"] == {"at": "0504", "facing": 0, "prone": True}  # scripted facing die 1
