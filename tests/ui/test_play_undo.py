"""Issue 25, finding 16: Ctrl+Z in play takes back what may be taken back - a waypoint, the
planned path, a move that rolled no dice, a declaration before its phase resolves - and
says in one sentence when nothing can be (rolled dice stand). F1 lists it."""

from __future__ import annotations

import pygame

from game.core.takeback import why_not_take_back
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.ui.scenes.hexes.parts.attack.draw import ATTACK_KEYS
from game.ui.widgets.help import PLAY_KEYS

from .test_attack_scene import at as attack_at
from .test_attack_scene import attack_app, dismiss
from .test_play_scene import at, click, key, new_app, ready


def undo(app) -> str:
    app.toast = None
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.toast is not None
    return app.toast[0]


def test_ctrl_z_takes_back_a_waypoint_then_the_plan() -> None:
    app = new_app()
    scene = ready(app)
    unit = to_move(app.state, "A")[0]
    click(app, at(scene, unit.at))
    view = scene.plan.reach(app.state)
    near = next(h for h, (mp, _) in view.hexes.items() if 0 < mp < view.mp_available)
    click(app, at(scene, near))  # pins a waypoint
    assert scene.plan.waypoints
    assert undo(app) == "Took back the last waypoint" and not scene.plan.waypoints
    assert undo(app) == "The plan is cleared (nothing was committed)" and scene.plan is None


def test_ctrl_z_takes_back_a_move_that_rolled_no_dice_but_never_rolled_dice() -> None:
    app = new_app()
    scene = ready(app)
    before = app.state
    unit = to_move(app.state, "A")[0]
    app.act(StandStill(unit.id))
    scene._after_action()
    assert why_not_take_back(before, app.state) is None
    assert undo(app) == "Took back the stand still"
    assert app.state is before
    assert "cannot be taken back" in undo(app) or undo(app).startswith("Nothing to undo")


def test_ctrl_z_takes_back_a_declaration_before_the_phase_resolves() -> None:
    app = attack_app()
    scene = dismiss(app)
    click(app, attack_at(scene, app.state.unit("A2").at))
    key(app, pygame.K_RETURN)
    assert "A2" in app.state.acted
    said = undo(app)
    assert said == "Took back the declare fire" and "A2" not in app.state.acted


def test_rolled_dice_stand_and_ctrl_z_says_so() -> None:
    app = attack_app()
    start = app.state
    assert app.taken_back_to  # the movement phase's stand-stills were noted
    said = undo(app)  # the last action ended the movement phase: its phase is over
    assert said.startswith("Nothing to undo: the ") and "cannot be taken back" in said
    assert app.state is start


def test_f1_lists_ctrl_z() -> None:
    assert any(k == "Ctrl+Z" for k, _ in PLAY_KEYS)
    assert any(k == "Ctrl+Z" for k, _ in ATTACK_KEYS)
