"""The movement screen's VTOL altitude commands (ADV-25): V descends one level more, B rises
one level more at the end of the path shown (a submarine dives and rises with the same keys,
:mod:`.dive`).

The plan (game.ui.scenes.hexes.move_plan) keeps the altitude the path ends at and adds the
RS / DV steps at its end (1 MP a level; a landed VTOL rises before its first hex); the
check of the whole path is what is shown and committed, like every move. Descending to 0
lands it, where a VTOL may land (clear or paved ground or a roof, ADV-28).
"""

from __future__ import annotations

from game.rules.move.vtolflight import CEILING, landing_refusal
from game.ui.scenes.hexes.move_plan import with_height
from game.ui.scenes.hexes.parts.movement import dive as play_dive
from game.ui.scenes.hexes.parts.movement.shown import MovementShown


def down(scene: MovementShown) -> None:
    """V: a VTOL's path ends one level lower; a submarine dives (:mod:`.dive`)."""
    change(scene, 1)


def up(scene: MovementShown) -> None:
    """B: a VTOL's path ends one level higher; a submarine rises."""
    change(scene, -1)


def change(scene: MovementShown, deeper: int) -> None:
    """One level down (``deeper`` 1) or up (-1): the VTOL's altitude, else a submarine's depth."""
    plan = scene.plan
    u = scene.state.unit(plan.unit_id) if plan is not None else None
    if plan is None or u is None or u.kind != "vtol":
        play_dive.change_depth(scene, deeper)
        return
    if plan.mode != "walk" and plan.mode != "run":
        scene.app.notify("A VTOL flies: cruise (walk) or flank (run)", error=True)
        return
    wp = plan.waypoints[-1] if plan.waypoints else None
    if plan.dest is None or plan.facing is None:  # here: where the unit or the waypoint is
        plan.dest = wp.at if wp is not None else u.at
        plan.facing = wp.facing if wp is not None else u.facing
    want = end_altitude(scene) - deeper
    name = scene.state.board.hex_name(plan.dest)
    if want < 0:
        scene.app.notify(f"{u.id} ends on the ground already", error=True)
        return
    if want > CEILING:
        scene.app.notify(f"{u.id} flies at most {CEILING} levels up", error=True)
        return
    bad = landing_refusal(scene.state.board, plan.dest) if want == 0 else None
    if bad is not None:
        scene.app.notify(f"{u.id} cannot land on the {bad} of {name}: only clear or paved "
                         "ground or a roof (ADV-28)", error=True)  # fmt: skip
        return
    plan.altitude = want
    where = "landed" if want == 0 else f"at altitude {want}"
    scene.app.notify(f"{u.id}'s path ends {where} in {name} (V lower, B higher, 1 MP a level)")
    scene._refresh_path()


def end_altitude(scene: MovementShown) -> int:
    """The altitude the path shown ends at: the plan's choice, else where the unit is."""
    plan = scene.plan
    assert plan is not None  # the path shown is the plan's
    if plan.altitude is not None:
        return int(plan.altitude)
    u = scene.state.unit(plan.unit_id)
    assert u is not None
    prefix = plan.waypoints[-1].steps if plan.waypoints else ()
    steps = with_height(scene.state, u.id, prefix, None)
    return u.flying_height + steps.count("RS") - steps.count("DV")
