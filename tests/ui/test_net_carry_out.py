"""The other side's actions on the deployment, flight and physical attack screens (issue
23): each screen carries a network game's remote action out as its own (``carry_out``),
so the waiting player sees a placement made as a click makes it (and ringed a moment),
the flight animated and the dice pop up, as on the movement and weapon attack screens
(tests/ui/test_net_window.py shows those over the wire)."""

from __future__ import annotations

import pygame

from game.board import build_board
from game.core.actions import Refused
from game.flow import actor, apply, apply_strict, choices, phase_of
from game.phases.actions import AddUnit, Deploy, StandStill
from game.phases.deployment import deploying_side, to_deploy
from game.phases.flights import FlyUnit
from game.phases.physical import DeclarePhysical
from game.setup import new_game
from game.ui.app.app import App
from game.ui.map.anim import popup_of
from game.ui.scenes.hexes.deploy import LANDING, DeployScene
from game.ui.scenes.hexes.movement.scene import PlayScene

from .test_flight_scene import flight_app
from .test_physical_scene import physical_app


def _legal(state, kind, keen):
    acts = [a for a in choices(state) if isinstance(a, kind)]
    acts.sort(key=lambda a: not keen(a))
    return next(a for a in acts if not isinstance(apply(state, a), Refused))


def test_the_flight_screen_flies_the_other_sides_flight_animated() -> None:
    app, scene = flight_app()
    uid = scene.fliers()[0].id
    scene.select(uid)
    flight = FlyUnit(uid, scene.steps())  # as the other player's screen planned it
    scene.plan = None
    assert not scene.carry_out(StandStill("A1"))  # not a flight: the caller acts it
    n = len(app.state.history)
    assert scene.carry_out(flight)
    assert app.state.history[n] == flight and scene.anim is not None
    assert scene.anim.unit_id == flight.unit_id


def test_the_physical_screen_shows_the_other_sides_dice() -> None:
    app, scene = physical_app()
    while DeclarePhysical in phase_of(app.state).handlers:
        logged = len(app.state.log)
        action = _legal(app.state, DeclarePhysical, lambda a: bool(a.kinds))
        assert actor(app.state) is not None and scene.carry_out(action)
    log = app.state.log
    rolls = [i for i in range(logged, len(log)) if popup_of(log[i].event) is not None]
    assert rolls and [i for _, i in scene.popups] == rolls and app.base is scene


def _deploying(screen: pygame.Surface) -> tuple[App, DeployScene]:
    """A game on its deployment screen: two Mechs of side A to place, then one of B."""
    s = new_game(build_board(10, 6, {}), seed=1)
    for side in ("A", "A", "B"):
        s = apply_strict(s, AddUnit("HBK-4G", side)).state
    app = App(screen)
    app.start_game(s)
    assert isinstance(app.top, DeployScene)
    return app, app.top


def test_the_deployment_screen_places_the_other_sides_units_as_a_click_does() -> None:
    """The same placements clicked on one screen and carried out on another: the same
    game, the same next facing and view; no hand-off prompt, the placement ringed for a
    moment; the last one begins the game on both."""
    here, clicked = _deploying(pygame.display.set_mode((1280, 720)))
    there, carried = _deploying(pygame.Surface((1280, 720)))
    assert not carried.carry_out(StandStill("A1"))  # not a placement: the caller acts it
    for n in range(3):
        side = deploying_side(here.state)
        uid, facing, at = to_deploy(here.state, side)[0].id, clicked.facing, min(clicked.legal())
        clicked.place(at)
        if n == 1:  # a hex already taken is refused and changes nothing
            before = there.state
            assert not carried.carry_out(Deploy(uid, before.unit("A1").at, facing))
            assert there.state is before and carried.landing == ("A1", LANDING)
        assert carried.carry_out(Deploy(uid, at, facing))
        assert there.state.history == here.state.history
        if n < 2:
            assert (carried.facing, carried.view.camera) == (clicked.facing, clicked.view.camera)
            assert carried.handoff is None and carried.landing == (uid, LANDING)
        if n == 1:  # side B to place: a click's screen asks for the hand-off, not this one
            assert clicked.handoff == "B"
    assert there.state.phase != "deployment"
    assert isinstance(here.top, PlayScene) and isinstance(there.top, PlayScene)


def test_the_other_sides_placement_stays_ringed_for_a_moment() -> None:
    app, scene = _deploying(pygame.display.set_mode((1280, 720)))
    at = min(scene.legal())
    assert scene.carry_out(Deploy("A1", at, 2))
    box = scene.view.hex_box(at).inflate(6, 6)
    scene.draw(app.screen)
    ringed = pygame.image.tobytes(app.screen.subsurface(box), "RGB")
    scene.update(LANDING / 2)
    assert scene.landing is not None
    scene.update(LANDING)
    assert scene.landing is None
    scene.draw(app.screen)
    assert pygame.image.tobytes(app.screen.subsurface(box), "RGB") != ringed
