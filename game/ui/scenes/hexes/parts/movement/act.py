"""What the movement screen's commands do: commit the plan, stand still or end a move
under way, go prone or stand up, pin waypoints, step the facing, pick the next unit.

Every change to the game goes through ``App.act`` (game.flow.apply); the plan is the
screen's own (game.ui.scenes.hexes.move_plan). A move a failed roll interrupted stays selected
with its MP left (MOV-23, game.phases.movement): the player plans the rest of it, or ends it
with S. The functions take the movement interaction
(game.ui.scenes.hexes.parts.movement.behaviour), which delegates to them.
"""

from __future__ import annotations

import time

from game.hexgrid import Hex
from game.phases.actions import CommitMove, EndMove, StandStill
from game.phases.movers import preview_move
from game.ui.app.follow import show_unit
from game.ui.map import overlays
from game.ui.map.anim import build_animation, map_marks
from game.ui.scenes.hexes.move_plan import going_on, stepped_facing
from game.ui.scenes.hexes.parts.movement import charge_act
from game.ui.scenes.hexes.parts.movement.hull_preview import posture_move
from game.ui.scenes.hexes.parts.movement.shown import MovementShown

DOUBLE_CLICK = 0.45


def commit(scene: MovementShown) -> None:
    """Enter: commit exactly the path, destination and facing the screen shows."""
    plan = scene.plan
    if plan is None:
        scene.app.notify("Select a unit and point at a shaded hex first", error=True)
        return
    if scene.attack is not None:  # the charge or death from above shown (PHY-10/12)
        charge_act.declare_charge(scene)
        return
    unit = scene.state.unit(plan.unit_id)
    if plan.hull and unit is not None:  # the hull-down previewed (movement.hull_preview)
        move = posture_move(scene.state, plan, unit)
        send(scene, unit.id, move.mode, move.steps, move.partial, move.careless)
        return
    steps = plan.current_steps(scene.state)
    if steps is None:
        scene.app.notify(scene.info.get("error") or "Point at a shaded hex first", error=True)
        return
    send(scene, plan.unit_id, plan.mode, steps, careless=plan.careless)


def send(
    scene: MovementShown,
    unit_id: str,
    mode: str,
    steps: tuple[str, ...],
    partial: bool = False,
    careless: bool = False,
) -> None:
    """Check, commit and animate a move (or a part of one)."""
    state = scene.state
    before = state.unit(unit_id)
    assert before is not None
    res = preview_move(state, unit_id, mode, steps, careless)
    if not res.legal:
        scene.app.notify(res.error or "that move is not legal", error=True)
        return
    logged = len(state.log)
    out = scene.app.act(CommitMove(unit_id, mode, steps, partial, careless))
    if out is None:
        return
    after = scene.state.unit(unit_id) or before
    scene.anim = build_animation(
        unit_id, (before.at, before.facing), res, out.events, (after.at, after.facing)
    )
    scene.anim.log_start = logged
    scene.shown = state  # the panels show the state before the move until its dice are seen
    scene.marks = map_marks(scene.state, out.events)
    scene.plan = None
    scene.info, scene.path_layer = {}, overlays.EMPTY
    scene.inspect = unit_id
    scene._after_action()
    busy = scene.state.underway
    if busy is not None and busy.unit_id == unit_id:  # MOV-23: it may go on
        scene.plan = going_on(scene.state)


def stand_still(scene: MovementShown) -> None:
    """S: the selected unit stands still - or, with its move under way, ends it here."""
    if scene.plan is None:
        scene.app.notify("Select a unit first", error=True)
        return
    uid = scene.plan.unit_id
    busy = scene.state.underway
    action = EndMove(uid) if busy is not None and busy.unit_id == uid else StandStill(uid)
    if scene.app.act(action) is not None:
        scene.plan = None
        scene._after_action()


def posture(scene: MovementShown, token: str) -> None:
    """P ends the move lying down (after the planned path, if one is shown); U makes a
    stand-up attempt at once and the move goes on while MP remain (MOV-23)."""
    plan = scene.plan
    if plan is None:
        scene.app.notify("Select a unit first", error=True)
        return
    u = scene.state.unit(plan.unit_id)
    if u is None:
        return
    mode = "walk" if plan.mode == "jump" else plan.mode
    busy = scene.state.underway
    if busy is not None and busy.unit_id == u.id:
        mode = busy.mode
    if token == "U":
        if not u.prone:
            scene.app.notify(f"{u.id} is already standing", error=True)
            return
        careless = plan.careless and plan.mode == mode  # the rest of the move stays careless
        send(scene, u.id, mode, ("U",), partial=True, careless=careless)
        return
    path = plan.current_steps(scene.state) if plan.mode != "jump" else None
    end_prone = (
        bool(path) and scene.info.get("result") is not None and scene.info["result"].end_prone
    )
    if (u.prone and not path) or end_prone:
        scene.app.notify(f"{u.id} is already prone", error=True)
        return
    send(scene, u.id, mode, tuple(path or ()) + ("P",))


def next_unit(scene: MovementShown) -> None:
    units = scene.movable()
    if not units:
        return
    ids = [u.id for u in units]
    cur = scene.plan.unit_id if scene.plan else None
    nxt = ids[(ids.index(cur) + 1) % len(ids)] if cur in ids else ids[0]
    scene.select(nxt)
    u = scene.state.unit(nxt)
    if u is not None:
        show_unit(scene, u.at)


def step_facing(scene: MovementShown, step: int) -> bool:
    """Q / E, [ / ], the wheel: the next reachable facing at the destination (kept there
    until a click elsewhere lets it go)."""
    plan = scene.plan
    if scene.attack is not None:  # a charge: the side of the enemy it comes from
        return scene.turn_approach(step)
    if plan is None or plan.dest is None or plan.facing is None:
        return False
    faces = plan.reach(scene.state).hexes.get(plan.dest, (0, ()))[1]
    f = stepped_facing(plan.facing, faces, step)
    if f is None:
        return False
    if f == plan.facing:  # issue 25, finding 7: never ignored without a word
        view = plan.reach(scene.state)
        where = scene.state.board.hex_name(plan.dest)
        scene.app.notify(f"No MP left to turn in {where}: the path uses all {view.mp_available} "
                         f"{plan.mode} MP (1 MP per hexside, MOV-17)", error=True)  # fmt: skip
        return True
    plan.facing = f
    plan.locked = True
    scene._refresh_path()
    return True


def click(scene: MovementShown, h: Hex | None) -> None:
    now = time.monotonic()
    last_t, last_h = scene.last_click
    scene.last_click = (now, h)
    if h is None:
        return
    state = scene.state
    ground_first = sorted(state.units, key=lambda u: u.airborne)  # fliers are over the hex
    here = next((u for u in ground_first if u.at == h and not state.is_destroyed(u)), None)
    plan = scene.plan
    if plan is not None and now - last_t < DOUBLE_CLICK and last_h == h and plan.dest == h:
        commit(scene)
        return
    if charge_act.click_enemy(scene, h):  # the charge or DFA shown: ready it, declare it
        return
    into = here is not None and scene.walks_into(h)  # MOV-35: onto enemy platoons
    switch = plan is None or (
        not plan.waypoints and here is not None and here.id != plan.unit_id and not into
    )
    if here is not None and switch:  # any unit: its record sheet; one of yours: its plan
        scene.select(here.id)
        scene.last_click = (0.0, None)  # a selecting click never starts a double click
        return
    if plan is None:  # an empty hex, nothing selected: say what a click here wants
        scene.app.notify("Nothing is selected: click one of your units (ringed) first", error=True)
        return
    if here is not None and here.id == plan.unit_id and not plan.waypoints:
        return  # clicking the selected unit again: no waypoint on its own hex
    if plan.locked and plan.dest != h:
        plan.locked = False
        scene._update_hover(scene.mouse)
        return
    err = plan.pin(state)
    if err:  # out of reach: the hover's reason (MOV-07...), not "no path"
        why = scene.info.get("error") if plan.current_steps(state) is None else None
        scene.app.notify(why or err, error=True)
    scene._update_hover(scene.mouse)


def unpin(scene: MovementShown) -> None:
    scene.last_click = (0.0, None)  # a click after an undo is never a double click
    if scene.plan is not None and scene.plan.unpin():
        scene._update_hover(scene.mouse)
    elif scene.plan is None:
        scene.app.notify("No waypoint to remove: nothing is selected", error=True)
    else:  # a refused undo says why (issue 25)
        scene.app.notify("No waypoint to remove: click a hex on the path to pin one", error=True)
