"""The aerospace movement phase in the turn (AERO-01/02, TURN-07/08), losing and regaining
control over the turns (AERO-03/05/10), fliers kept apart from the ground phases, a game
with fighters that replays, saves and loads, the sandbox and deployment with fliers."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.bot.autoplay import check_replay, play
from game.flow import actor, advance, apply, apply_strict, outcome
from game.hexgrid import parse_hex_name
from game.invariants import problems
from game.phases import aerospace, movement
from game.phases.actions import AddUnit, Deploy, RollInitiative, StandStill, StartGame
from game.phases.flights import FlyUnit
from game.phases.sandbox import PlaceUnit
from game.phases.weapons import options_at, to_declare
from game.rules.aero import out_of_control
from game.rules.turn import Phase
from game.save import load_game, save_game
from game.setup import new_game, new_game_from_scenario
from game.state import GameStart
from game.units.craft import THRUST_ABOVE_SAFE

MECH_A = {"id": "A1", "side": "A", "kind": "biped", "model": "HBK-4G", "at": "0210", "facing": 1}
MECH_B = {"id": "B1", "side": "B", "kind": "biped", "model": "WVR-6R", "at": "1410", "facing": 4}


def flier(uid: str, side: str, at: str, facing: int, velocity: int = 3, **keys) -> dict:
    return {"id": uid, "side": side, "kind": "aero", "model": "SL-17", "at": at,
            "facing": facing, "velocity": velocity, **keys}  # fmt: skip


def game(tmp_path: Path, units: list[dict], dice: list[int] | None = None, size: int = 16):
    data = {"version": 1, "board": {"width": size, "height": size + 1, "hexes": {}},
            "units": units}  # fmt: skip
    if dice:
        data["dice"] = dice
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    s = apply_strict(new_game_from_scenario(p), StartGame()).state
    return apply_strict(s, RollInitiative()).state


def ground_moves(s):
    while movement.to_move(s):
        side = actor(s)
        s = apply_strict(s, StandStill(movement.to_move(s, side)[0].id)).state
    return advance(s)[0]


def to_phase(s, phase):
    """Advance, holding every unit's fire and physical attacks on the way."""
    from game.phases.physical import DeclarePhysical
    from game.phases.physical import to_declare as to_strike
    from game.phases.weapons import DeclareFire

    for _ in range(80):
        if s.phase == phase:
            return s
        side = actor(s)
        if s.phase == Phase.WEAPON_ATTACK and side is not None:
            s = apply_strict(s, DeclareFire(to_declare(s, side)[0].id)).state
        elif s.phase == Phase.PHYSICAL_ATTACK and side is not None:
            s = apply_strict(s, DeclarePhysical(to_strike(s, side)[0].id)).state
        else:
            s, _ = advance(s)
    raise AssertionError(f"never reached {phase}: stuck in {s.phase}")


def test_aero_01_fliers_move_after_the_ground_units_and_only_then(tmp_path: Path) -> None:
    s = game(tmp_path, [MECH_A, MECH_B, flier("A2", "A", "0408", 1), flier("B2", "B", "1208", 4)],
             dice=[6, 6, 1, 1])  # fmt: skip
    assert s.phase == Phase.MOVEMENT
    assert {u.id for u in movement.to_move(s)} == {"A1", "B1"}  # fliers wait
    refused = apply(s, FlyUnit("B2", ("F", "F", "F")))
    assert "aerospace movement phase" in refused.reason
    s = ground_moves(s)
    assert s.phase == Phase.AEROSPACE_MOVEMENT
    assert {u.id for u in aerospace.to_fly(s)} == {"A2", "B2"}
    assert "movement phase" in apply(s, StandStill("A1")).reason


def test_turn_08_the_aerospace_order_counts_aerospace_units_only(tmp_path: Path) -> None:
    """B lost initiative with five Mechs and one fighter, A won with one Mech and four
    fighters: fighters only, 1 vs 4: B moves one, then A two and two (TURN-08)."""
    units = [MECH_A] + [dict(MECH_B, id=f"B{i}", at=f"14{i:02d}") for i in range(1, 6)]
    units += [flier(f"A{i}", "A", f"03{i + 2:02d}", 1) for i in range(2, 6)]
    units += [flier("B6", "B", "1215", 4)]
    s = ground_moves(game(tmp_path, units, dice=[6, 6, 1, 1]))
    assert s.phase == Phase.AEROSPACE_MOVEMENT
    order = []
    while aerospace.to_fly(s):
        side = actor(s)
        order.append(side)
        u = aerospace.to_fly(s, side)[0]
        s = apply_strict(s, FlyUnit(u.id, ("F",) * u.craft.velocity)).state
    assert order == ["B", "A", "A", "A", "A"]
    assert s.phase != Phase.AEROSPACE_MOVEMENT  # it closes itself when all have flown


def test_aero_01_any_unmoved_flier_of_the_side_even_one_spending_no_thrust(
    tmp_path: Path,
) -> None:
    s = ground_moves(game(tmp_path, [MECH_A, MECH_B, flier("A2", "A", "0408", 1),
                                     flier("A3", "A", "0412", 1), flier("B2", "B", "1208", 4)],
                          dice=[1, 1, 6, 6]))  # fmt: skip
    assert actor(s) == "A"
    s = apply_strict(s, FlyUnit("A3", ("F", "F", "F"))).state  # A3 first: A's choice
    assert "already moved" in apply(s, FlyUnit("A3", ("F",))).reason
    assert "side A moves now" in apply(s, FlyUnit("B2", ("F", "F", "F"))).reason  # 2 vs 1
    s = apply_strict(s, FlyUnit("A2", ("F", "F", "F"))).state
    assert actor(s) == "B"
    bad = apply(s, FlyUnit("B2", ("F", "F")))
    assert "must fly 3 hexes ahead" in bad.reason


def test_aero_02_a_landed_flier_moves_with_the_ground_units(tmp_path: Path) -> None:
    s = game(tmp_path, [MECH_A, MECH_B, flier("A2", "A", "0408", 1)], dice=[6, 6, 1, 1])
    landed = replace(s.unit("A2"), craft=replace(s.unit("A2").craft, landed=True))
    s = replace(s, units=tuple(landed if u.id == "A2" else u for u in s.units))
    assert "A2" in {u.id for u in movement.to_move(s)}
    s = ground_moves(s)
    assert not aerospace.to_fly(s)  # nothing flies: the phase passes straight through
    assert s.phase != Phase.AEROSPACE_MOVEMENT


def fly_all(s, plans: dict[str, tuple[str, ...]]):
    while aerospace.to_fly(s):
        u = aerospace.to_fly(s, actor(s))[0]
        s = apply_strict(s, FlyUnit(u.id, plans.get(u.id, ("F",) * u.craft.velocity))).state
    return s


def test_losing_and_regaining_control_over_three_turns(tmp_path: Path) -> None:
    """Turn 1: A2 spends 7 thrust, safe 6: a control roll in the end phase (AERO-03),
    needs 7 (piloting 5, more than safe thrust +1, atmosphere +2, fighter -1): 1+1 fails.
    Turn 2: out of control it flies straight ahead (AERO-05); turn 2's end phase: its
    first recovery roll (AERO-10), 6+6 succeeds. Turn 3: it flies as it pleases."""
    dice = [6, 6, 1, 1]  # turn 1 initiative: A wins
    dice += [1, 1]  # turn 1 end phase: A2's control roll fails
    dice += [6, 6, 1, 1]  # turn 2 initiative
    dice += [6, 6]  # turn 2 end phase: A2 regains control
    dice += [6, 6, 1, 1]  # turn 3 initiative
    s = game(tmp_path, [MECH_A, MECH_B, flier("A2", "A", "0230", 1, velocity=1)], dice, size=40)
    s = ground_moves(s)
    s = fly_all(s, {"A2": ("T:7",) + ("F",) * 8})
    assert s.unit("A2").craft.due == (THRUST_ABOVE_SAFE,)
    s = to_phase(s, Phase.MOVEMENT)
    assert s.turn == 2 and out_of_control(s.unit("A2"))
    lost = [e.text for e in s.log if e.event.kind == "control_roll"]
    assert lost and "A2 loses control" in lost[0] and "needs 7" in lost[0]
    s = ground_moves(s)
    at, facing = s.unit("A2").at, s.unit("A2").facing
    s = fly_all(s, {"A2": ("T:-8", "F")})  # its steps are ignored: straight ahead, 8
    a2 = s.unit("A2")
    assert a2.craft.velocity == 8 and a2.facing == facing and a2.at != at
    assert s.board.contains(a2.at)
    s = to_phase(s, Phase.MOVEMENT)
    regained = [e.text for e in s.log if e.event.kind == "control_roll"][-1]
    assert s.turn == 3 and "A2 regains control" in regained
    assert not out_of_control(s.unit("A2"))
    s = ground_moves(s)
    s = fly_all(s, {"A2": ("T:-8",)})  # in control again: it may brake to a stop
    assert s.unit("A2").craft.velocity == 0
    assert problems(s) == []


def test_fliers_declare_no_fire_and_cannot_be_targeted(tmp_path: Path) -> None:
    s = game(tmp_path, [dict(MECH_A, at="0408"), MECH_B, flier("B2", "B", "0406", 3)],
             dice=[6, 6, 1, 1])  # fmt: skip
    s = to_phase(fly_all(ground_moves(s), {}), Phase.WEAPON_ATTACK)
    assert "B2" not in {u.id for u in to_declare(s)}
    opts = options_at(s, "A1", "B2")
    assert all(not w.can_fire and "aerospace" in w.why_not for w in opts.weapons)


def test_fighters_alone_keep_no_side_in_the_fight(tmp_path: Path) -> None:
    units = [MECH_A, dict(MECH_B, model="COM-2D"), flier("B2", "B", "1208", 4)]
    s = game(tmp_path, units, dice=[6, 6, 1, 1])
    wreck = replace(s.unit("B1"), damage=replace(s.unit("B1").damage, pilot_hits=6))
    s = replace(s, units=tuple(wreck if u.id == "B1" else u for u in s.units))
    result = outcome(s)
    assert result is not None and result.winner == "A"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_game_with_fighters_plays_replays_and_reloads(tmp_path: Path, seed: int) -> None:
    units = [MECH_A, MECH_B, flier("A2", "A", "0308", 1), flier("B2", "B", "1308", 4),
             dict(flier("B3", "B", "1210", 4), model="Leopard")]  # fmt: skip
    s = game(tmp_path, units)
    done = play(s, seed=seed, turns=4)  # the invariants after every action
    check_replay(done.state)
    kinds = {e.event.kind for e in done.state.log}
    assert "flight" in kinds
    path = tmp_path / "fighters.json"
    save_game(done.state, path)
    again = load_game(path)
    assert again == done.state and again.log == done.state.log


def test_a_hot_seat_game_adds_and_deploys_fighters(tmp_path: Path) -> None:
    from game.board import build_board

    s = new_game(build_board(16, 17, {}), seed=5)
    for design, side in (("HBK-4G", "A"), ("STU-K5", "A"), ("WVR-6R", "B"), ("Union", "B")):
        s = apply_strict(s, AddUnit(design, side)).state
    s = apply_strict(s, StartGame()).state
    assert s.phase == "deployment"
    # the Stuka may be set over the Hunchback's hex: it flies
    s = apply_strict(s, Deploy("A1", parse_hex_name("0105"), 1)).state
    s = apply_strict(s, Deploy("A2", parse_hex_name("0105"), 1)).state
    s = apply_strict(s, Deploy("B1", parse_hex_name("1605"), 4)).state
    s = apply_strict(s, Deploy("B2", parse_hex_name("1605"), 4)).state
    assert problems(s) == []
    assert s.unit("B2").craft.large and s.unit("B2").craft.spheroid
    done = play(s, seed=5, turns=3)
    check_replay(done.state)


def test_sandbox_places_and_flies_fighters_with_their_rolls_at_once() -> None:
    from game.board import build_board

    start = GameStart(mode="sandbox", script=(1, 1, 6, 6))
    from game.flow import initial_state

    s = initial_state(build_board(16, 17, {}), start)
    s = apply_strict(s, PlaceUnit("HBK-4G", "A", parse_hex_name("0816"), 0)).state
    s = apply_strict(s, PlaceUnit("SL-17", "B", parse_hex_name("0816"), 0)).state  # over it
    f = s.unit("B1")
    assert f.craft.velocity == 3 and f.airborne
    s = apply_strict(s, FlyUnit("B1", ("T:7",) + ("F",) * 10)).state  # above safe thrust
    f = s.unit("B1")
    assert out_of_control(f)  # the sandbox rolls at once: 1+1 fails
    assert f.craft.thrust == f.craft.max_thrust and not f.moved
    s = apply_strict(s, FlyUnit("B1", ())).state  # out of control: straight on; 6+6 regains
    assert not out_of_control(s.unit("B1"))
    texts = [e.text for e in s.log]
    assert any("loses control" in t for t in texts) and any("regains control" in t for t in texts)


def test_the_invariants_watch_a_fliers_thrust(tmp_path: Path) -> None:
    s = game(tmp_path, [MECH_A, MECH_B, flier("A2", "A", "0408", 1)])
    assert problems(s) == []
    a2 = s.unit("A2")
    bad = replace(a2, craft=replace(a2.craft, thrust=a2.craft.max_thrust, thrust_used=1))
    s = replace(s, units=tuple(bad if u.id == "A2" else u for u in s.units))
    assert problems(s) == ["A2 has more thrust than its maximum 9"]
