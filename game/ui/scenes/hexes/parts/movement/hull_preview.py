"""Hull-down shown before it is committed (issue 25, finding 14; ADV-11..16, tacops).

H no longer commits at once: it marks the plan (``Plan.hull``) and the screen previews the
move the rules would make. A standing unit ends the path shown hull-down (2 MP, ADV-11/12;
where it stands when no path is shown); a prone one goes hull-down where it lies (1 MP
plus its lost leg actuators, ADV-14) and goes on; a hull-down one leaves it (2 MP, a
biped rolls, ADV-12). The summary gives the MP and any roll; Enter commits exactly that
move (game.ui.scenes.hexes.parts.movement.act.commit), H again drops the preview. The rules
answer what is legal (game.phases.movers.preview_move); a refusal is their sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.phases.movers import preview_move
from game.state import GameState
from game.ui.map import overlays
from game.ui.scenes.hexes.move_plan import Plan
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.units.unit import Unit

HULL_HINT = "Enter commits, H cancels"


@dataclass(frozen=True, slots=True)
class PostureMove:
    """The move the previewed posture change commits."""

    mode: str
    steps: tuple[str, ...]
    partial: bool  # the unit goes on moving afterwards (prone to hull-down, leaving it)
    careless: bool
    title: str


def _mode(state: GameState, plan: Plan) -> str:
    busy = state.underway
    if busy is not None and busy.unit_id == plan.unit_id:
        return busy.mode
    return "walk" if plan.mode in ("jump", "crawl") else plan.mode


def posture_move(state: GameState, plan: Plan, unit: Unit) -> PostureMove:
    """What H asks for now: leave hull-down, go hull-down from prone, or end the path
    shown hull-down (in place without one)."""
    mode = _mode(state, plan)
    careless = plan.careless and plan.mode == mode
    if unit.hull_down:
        return PostureMove(mode, ("H-",), True, careless, f"{unit.id} leaves hull-down")
    if unit.prone:
        title = f"{unit.id} goes hull-down where it lies"
        return PostureMove(mode, (f"H:{unit.facing}",), True, careless, title)
    path = plan.current_steps(state) if plan.mode == mode else None
    if path:
        return PostureMove(
            mode, (*path, "H"), False, plan.careless, f"{unit.id} {mode}s, then hull-down"
        )
    return PostureMove(
        mode, ("H",), False, plan.careless, f"{unit.id} goes hull-down where it stands"
    )


def toggle(scene: MovementShown, unit: Unit) -> None:
    """H: preview the posture change (its cost in a toast), or drop the preview."""
    plan = scene.plan
    if plan.hull:
        plan.hull = False
        scene.app.notify("Hull-down preview dropped")
    else:
        move = posture_move(scene.state, plan, unit)
        res = preview_move(scene.state, unit.id, move.mode, move.steps, move.careless)
        if not res.legal:
            scene.app.notify(res.error or "hull-down is not legal here", error=True)
            return
        plan.hull = True
        rolls = f", {len(res.psrs)} roll(s)" if res.psrs else ""
        scene.app.notify(f"{move.title}: {res.mp_used} MP{rolls}. {HULL_HINT}")
    scene.path_key = None  # redraw the path and the summary
    scene._update_hover(scene.mouse)


def show(scene: MovementShown, unit: Unit) -> None:
    """The summary and the path layer of the previewed posture change."""
    plan = scene.plan
    move = posture_move(scene.state, plan, unit)
    res = preview_move(scene.state, unit.id, move.mode, move.steps, move.careless)
    scene.info["title"] = f"{move.title} ({HULL_HINT})"
    scene.info["result"] = res
    scene.info["steps"] = move.steps
    if not res.legal:
        scene.info["error"] = res.error
    dest = res.end_at if res.legal else unit.at
    scene.path_layer = overlays.path_layer(
        scene.view.layout, unit.at, res, move.steps, mode=move.mode, dest=dest,
        facing=res.end_facing if res.legal else unit.facing, facings=(), waypoints=[],
        legal=res.legal, arrow=unit.has_facing,
    )  # fmt: skip
