"""The movement screen's Tactical Operations commands (the tacops option, ADV-01..16):
crawl (K), careless movement on / off (X), hull-down (H) and physical attack defence (D).

Like game.ui.scenes.hexes.parts.movement.act, every change to the game is an action sent through
``App.act`` (a CommitMove); what is legal is the rules' answer (game.rules.move.tacops,
game.rules.move.movement),
shown as the screen's notice when the rules refuse.
"""

from __future__ import annotations

from game.rules.move.tacops import careless_error, crawl_error, defend_error
from game.ui.scenes.hexes.move_plan import Plan
from game.ui.scenes.hexes.parts.movement import hull_preview
from game.ui.scenes.hexes.parts.movement.act import send
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.units.unit import Unit

CARELESS_NOTE = "careless: extra terrain MP ignored, a roll after each such hex"
NEEDS_OPTION = "needs the Tactical Operations option (start screen: Ctrl+T, or --tacops)"


def _unit(scene: MovementShown, what: str) -> Unit | None:
    """The planned unit when the option is on, else None (the reason shown)."""
    if not scene.state.rules.tacops:
        scene.app.notify(f"{what} {NEEDS_OPTION}", error=True)
        return None
    plan = scene.plan
    if plan is None:
        scene.app.notify("Select one of your units first", error=True)
        return None
    return scene.state.unit(plan.unit_id)


def mode_refusal(scene: MovementShown, unit: Unit, mode: str) -> str | None:
    """Why the screen cannot plan ``mode`` for the unit (crawl: ADV-03), or None."""
    if mode != "crawl":
        return None
    if not scene.state.rules.tacops:
        return f"Crawling {NEEDS_OPTION}"
    return crawl_error(unit)


def toggle_careless(scene: MovementShown) -> None:
    """X: the plan's path careless (ADV-05: extra MP ignored, a PSR after each such hex)
    or careful again; waypoints are dropped (their MP change)."""
    u = _unit(scene, "Careless movement")
    if u is None:
        return
    plan = scene.plan
    assert plan is not None  # _unit found the planned unit
    if plan.mode not in ("walk", "run"):
        scene.app.notify(f"a {plan.mode} cannot be careless: walk or run (ADV-05)", error=True)
        return
    err = careless_error(u, plan.mode)
    if err:
        scene.app.notify(err, error=True)
        return
    scene.plan = Plan(plan.unit_id, plan.mode, careless=not plan.careless)
    word = CARELESS_NOTE if scene.plan.careless else "careful"
    scene.app.notify(f"{u.id} moves {word}")
    scene._update_hover(scene.mouse)


def hull_down(scene: MovementShown) -> None:
    """H: preview going hull-down at the end of the path shown (2 MP, ADV-11/12), from
    prone where it lies (ADV-14) or leaving it (ADV-12); Enter commits, H again drops it
    (game.ui.scenes.hexes.parts.movement.hull_preview, issue 25)."""
    u = _unit(scene, "Hull-down")
    if u is None:
        return
    hull_preview.toggle(scene, u)


def defend(scene: MovementShown) -> None:
    """D: declare physical attack defence (ADV-01): no movement now, the walking MP in
    the physical attack phase, no charge or death from above against it (ADV-02)."""
    u = _unit(scene, "Physical attack defence")
    if u is None:
        return
    err = defend_error(u)
    if err:
        scene.app.notify(err, error=True)
        return
    send(scene, u.id, "defend", ())
