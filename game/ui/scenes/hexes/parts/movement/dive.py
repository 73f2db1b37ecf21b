"""The movement screen's submarine commands (ADV-25): V dives one level more, B rises one
level more at the end of the path shown.

The plan (game.ui.scenes.hexes.move_plan) keeps the depth its path ends at; the search answers
the cheapest way there at that depth (game.rules.move.reach.Reach.at_depth), the preview marks each
depth change with its MP (game.ui.map.overlays) and Enter commits what is shown, like every
move. With no destination pointed at, the change is planned where the unit (or the last
waypoint) is.
"""

from __future__ import annotations

from game.rules.move.diving import water_depth
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.units.unit import Unit


def dive(scene: MovementShown) -> None:
    change_depth(scene, 1)


def rise(scene: MovementShown) -> None:
    change_depth(scene, -1)


def change_depth(scene: MovementShown, step: int) -> None:
    """The plan's end depth one level deeper (``step`` 1) or shallower (-1)."""
    plan = scene.plan
    if plan is None:
        scene.app.notify("Select one of your units first", error=True)
        return
    u = scene.state.unit(plan.unit_id)
    if u is None or u.kind != "submarine":
        scene.app.notify("Only submarines dive (V) and rise (B) (ADV-25)", error=True)
        return
    if plan.mode == "jump":
        scene.app.notify("A submarine does not jump: walk or run (flank)", error=True)
        return
    wp = plan.waypoints[-1] if plan.waypoints else None
    if plan.dest is None or plan.facing is None:  # here: where the unit or the waypoint is
        plan.dest = wp.at if wp is not None else u.at
        plan.facing = wp.facing if wp is not None else u.facing
    want = end_depth(scene, u) + step
    bottom = water_depth(scene.state.board, plan.dest)
    name = scene.state.board.hex_name(plan.dest)
    if want < 0:
        scene.app.notify(f"{u.id} ends on the surface already", error=True)
        return
    if want > bottom:
        scene.app.notify(f"the water of {name} is depth {bottom}: {u.id} cannot end deeper",
                         error=True)  # fmt: skip
        return
    plan.depth = want
    where = "on the surface" if want == 0 else f"at depth {want}"
    scene.app.notify(f"{u.id}'s path ends {where} (V deeper, B shallower)")
    scene._refresh_path()


def end_depth(scene: MovementShown, unit: Unit) -> int:
    """The depth the path shown ends at: the plan's choice, else the checked path's end,
    else where the unit (or the last waypoint) is now."""
    plan = scene.plan
    assert plan is not None  # the path shown is the plan's
    if plan.depth is not None:
        return int(plan.depth)
    res = scene.info.get("result")
    if res is not None and res.legal:
        return int(res.end_depth)
    return plan.waypoints[-1].depth if plan.waypoints else int(unit.depth)
