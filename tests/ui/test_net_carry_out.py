"""The other side's actions on the flight and physical attack screens (issue 23): each
screen carries a network game's remote action out as its own (``carry_out``), so the
waiting player sees the flight animated and the dice pop up, as on the movement and
weapon attack screens (tests/ui/test_net_window.py shows those over the wire)."""

from __future__ import annotations

from game.core.actions import Refused
from game.flow import actor, apply, choices, phase_of
from game.phases.actions import StandStill
from game.phases.flights import FlyUnit
from game.phases.physical import DeclarePhysical
from game.ui.map.anim import popup_of

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
