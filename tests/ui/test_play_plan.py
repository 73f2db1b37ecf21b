"""The movement plan's pure parts: facing from the mouse angle, nearest allowed facing,
turn tokens, and the plan's reach / steps against the rules' own answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.flow import apply_strict
from game.hexgrid import neighbour
from game.phases.actions import RollInitiative, StartGame
from game.phases.movers import preview_move, reach_of
from game.setup import new_game_from_scenario
from game.ui.scenes.hexes.move_plan import Plan, _turns, facing_from_angle, nearest_facing

SCENARIO = Path(__file__).resolve().parent / "data" / "e2e_scenario.json"


@pytest.mark.parametrize(
    ("dx", "dy", "facing"),
    [(0, -10, 0), (9, -5, 1), (9, 5, 2), (0, 10, 3), (-9, 5, 4), (-9, -5, 5), (1, -10, 0)],
)
def test_facing_from_the_mouse_angle(dx, dy, facing):
    assert facing_from_angle(dx, dy) == facing


def test_nearest_allowed_facing_goes_round_the_circle():
    assert nearest_facing(0, (5, 2)) == 5
    assert nearest_facing(3, (0, 2)) == 2
    assert nearest_facing(1, ()) is None


def test_turns_take_the_short_way():
    assert _turns(0, 2) == ("R", "R")
    assert _turns(0, 5) == ("L",)
    assert _turns(4, 4) == ()
    assert len(_turns(1, 4)) == 3


def movement_state():
    s = new_game_from_scenario(SCENARIO)
    s = apply_strict(s, StartGame()).state
    return apply_strict(s, RollInitiative()).state


def test_plan_reach_is_the_rules_reach_and_steps_check_legal():
    s = movement_state()
    plan = Plan("A1", "walk")
    rules = reach_of(s, "A1", "walk").hexes()
    assert plan.reach(s).hexes == rules
    for h, (mp, faces) in rules.items():
        f = plan.default_facing(s, h)
        assert f in faces
        steps = plan.steps_to(s, h, f)
        res = preview_move(s, "A1", "walk", steps)
        assert res.legal and res.end_at == h and res.end_facing == f and res.mp_used == mp


def test_after_a_waypoint_every_shaded_hex_fits_the_mp_left():
    s = movement_state()
    plan = Plan("A2", "walk")
    unit = s.unit("A2")
    step = neighbour(unit.at, unit.facing)
    plan.dest, plan.facing = step, unit.facing
    assert plan.pin(s) is None
    view = plan.reach(s)
    assert view.hexes[step][0] == plan.waypoints[0].mp
    legal = 0
    for h, (_mp, faces) in view.hexes.items():
        steps = plan.steps_to(s, h, faces[0])
        res = preview_move(s, "A2", "walk", steps)
        assert res.mp_used <= view.mp_available
        if res.legal:
            legal += 1
            assert (
                res.end_at == h and steps[: len(plan.waypoints[0].steps)] == plan.waypoints[0].steps
            )
    assert legal == len(view.hexes)  # nothing shaded that the rules refuse
    assert plan.unpin() and not plan.waypoints
    assert not plan.unpin()


def test_jump_plans_have_no_waypoints():
    s = movement_state()
    plan = Plan("A2", "jump")
    h = next(iter(plan.reach(s).hexes))
    plan.dest, plan.facing = h, plan.default_facing(s, h)
    assert "straight" in plan.pin(s)
    assert plan.waypoints == []
