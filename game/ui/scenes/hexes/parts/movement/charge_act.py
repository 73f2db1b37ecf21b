"""The movement screen's charges and deaths from above: what pointing at an enemy shows,
Q / E to charge from another side, the click that readies the attack and the one (or C,
or Enter) that declares it. The movement interaction
(game.ui.scenes.hexes.parts.movement.behaviour) delegates to these, as to
game.ui.scenes.hexes.parts.movement.act for moves; the attack is a DeclareCharge through
``App.act``.
"""

from __future__ import annotations

from game.hexgrid import Hex
from game.ui.map import overlays
from game.ui.map.anim import build_animation, map_marks
from game.ui.scenes.hexes.parts.movement.charge import (
    approaches,
    charge_view,
    enemy_at,
    reach_numbers,
)
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.units.unit import Unit

from .charge_draw import Layers, attack_layer


def attack_path(scene: MovementShown, unit: Unit, enemy: Unit) -> None:
    """The charge (walk/run) or death from above (jump) the plan would declare on
    ``enemy``: the move's path, the attack's number and both units' PSRs (PHY-10/12)."""
    plan = scene.plan
    assert plan is not None  # the attack is the plan's
    view = charge_view(plan, scene.state, enemy, scene.aim)
    scene.attack = view
    how = "death from above" if view.kind == "dfa" else plan.mode
    verb = "jumps on" if view.kind == "dfa" else "charges"
    scene.info.update(title=f"{unit.id} {verb} {enemy.id} ({how})",
                      attack=view, result=view.move, facing=view.facing)  # fmt: skip
    if view.error:
        scene.info["error"] = view.error
    layers = []
    move = view.move
    if move is not None and view.stage is not None and view.facing is not None:
        path = view.plan.steps if view.plan is not None else view.steps[:-1]
        layers.append(overlays.path_layer(
            scene.view.layout, unit.at, move, tuple(path), mode=plan.mode, dest=view.stage,
            facing=view.facing, facings=(view.facing,),
            waypoints=[w.at for w in plan.waypoints], legal=move.legal,
        ))  # fmt: skip
    layers.append(attack_layer(scene.view.layout, view, unit.id, enemy.at))
    scene.path_layer = Layers(tuple(layers))


def turn_approach(scene: MovementShown, step: int) -> bool:
    """Q / E with a charge shown: charge from the next side of the enemy the reach gets
    to (kept until a click elsewhere)."""
    plan, view = scene.plan, scene.attack
    if plan is None or view is None or view.kind != "charge" or plan.dest is None:
        return False
    enemy = enemy_at(scene.state, plan.unit_id, plan.dest)
    ways = approaches(plan, scene.state, enemy) if enemy is not None else []
    if not ways:
        return False
    now = next((w[0] for w in ways if w[1] == view.stage), ways[0][0])

    def turns(d: int) -> int:
        return (d - now) % 6 if step > 0 else (now - d) % 6

    scene.aim = min((w[0] for w in ways if w[0] != now), key=turns, default=now)
    plan.locked = True
    scene._refresh_path()
    return True


def numbers(scene: MovementShown, key: tuple[object, ...]) -> dict[Hex, int | str]:
    """The enemies the plan could charge or jump on, with their best numbers (kept while
    only the zoom changes)."""
    if scene.numbers[0] != key and scene.plan is not None:
        scene.numbers = (key, reach_numbers(scene.plan, scene.state))
    return scene.numbers[1]


def click_enemy(scene: MovementShown, h: Hex) -> bool:
    """A click on the enemy whose attack is shown: the first readies it (the path stays
    while the pointer reads the markers), the next declares it. False: not such a click."""
    plan, view = scene.plan, scene.attack
    if plan is None or view is None or not view.ready or plan.dest != h:
        return False
    enemy = enemy_at(scene.state, plan.unit_id, h)
    if enemy is None or enemy.id != view.target_id:
        return False
    if plan.locked:
        declare_charge(scene)
        return True
    plan.locked = True
    scene.app.notify(f"{view.name.capitalize()} on {enemy.id} ready: click it again, "
                     "C or Enter declares it; Esc or a click elsewhere cancels")  # fmt: skip
    return True


def declare_charge(scene: MovementShown) -> None:
    """C (or Enter, or the second click): declare the attack shown, moving the unit as
    its path says; the attack itself is resolved in the physical attack phase."""
    plan, view = scene.plan, scene.attack
    if plan is None or view is None:
        scene.app.notify("Point at an enemy that has moved: walking or running, a charge; "
                         "jumping, a death from above", error=True)  # fmt: skip
        return
    if not view.ready:
        scene.app.notify(view.error or f"the {view.name} cannot hit (12+)", error=True)
        return
    state = scene.state
    before = state.unit(plan.unit_id)
    assert before is not None
    logged = len(state.log)
    out = scene.app.act(view.action(plan.unit_id, plan.mode))
    if out is None:
        return
    after = scene.state.unit(plan.unit_id) or before
    scene.anim = build_animation(before.id, (before.at, before.facing), view.move, out.events,
                                 (after.at, after.facing))  # fmt: skip
    scene.anim.log_start = logged
    scene.shown = state
    scene.marks = map_marks(scene.state, out.events)
    scene.plan, scene.attack = None, None
    scene.info, scene.path_layer = {}, overlays.EMPTY
    scene.inspect = before.id
    scene._after_action()
