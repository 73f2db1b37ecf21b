"""Issue 24 on the movement, weapon attack, physical attack and flight screens and the
sandbox's Move, Attack, Melee and Fly views: a screen's ``handle`` says honestly whether
it used the event (the App's stack walks on past an overlay that did not,
game.ui.app.scene.Scene): a key without a use, a key let go and a release with nothing
pressed are reported unused; a bound key and a pointer move are used. And each screen
has every member of the protocol its helpers read (the ``shown.py`` protocols, all
extending game.ui.scenes.hexes.stage.Shown)."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.ui.scenes.hexes.parts.attack.shown import AttackShown
from game.ui.scenes.hexes.parts.flight.shown import FlightShown
from game.ui.scenes.hexes.parts.movement.shown import MovementShown
from game.ui.scenes.hexes.parts.physical.shown import PhysicalShown
from game.ui.scenes.hexes.sandbox.shown import SandboxShown
from game.ui.scenes.hexes.stage import Shown

from .test_attack_scene import attack_app, dismiss
from .test_flight_scene import flight_app
from .test_physical_scene import physical_app
from .test_play_scene import key, new_app
from .test_sandbox_scene import sandbox_app

UNUSED = (
    (pygame.KEYDOWN, {"key": pygame.K_z, "mod": 0, "unicode": "z", "scancode": 0}),
    (pygame.KEYUP, {"key": pygame.K_z, "mod": 0, "unicode": "z", "scancode": 0}),
    (pygame.MOUSEBUTTONUP, {"pos": (400, 300), "button": 1}),
    (pygame.MOUSEWHEEL, {"x": 0, "y": 0, "flipped": False}),
    (pygame.USEREVENT, {}),
)
MOTION = (pygame.MOUSEMOTION, {"pos": (401, 301), "rel": (1, 1), "buttons": (0, 0, 0)})


def _answers(scene, used_key: int) -> tuple[list[bool], bool, bool]:
    unused = [scene.handle(pygame.event.Event(kind, attrs)) for kind, attrs in UNUSED]
    bound = pygame.event.Event(pygame.KEYDOWN, key=used_key, mod=0, unicode="", scancode=0)
    return unused, scene.handle(bound), scene.handle(pygame.event.Event(*MOTION))


def _members(protocol: type) -> set[str]:
    """The names a protocol and the protocols it extends declare."""
    found: set[str] = set()
    for cls in protocol.__mro__:
        if cls in (Protocol, object) or not getattr(cls, "_is_protocol", False):
            continue
        found |= set(getattr(cls, "__annotations__", {}))
        found |= {n for n in vars(cls) if not n.startswith("__") and not n.startswith("_abc")}
    return found - {"_is_protocol", "_is_runtime_protocol"}


def _missing(scene: object, protocol: type) -> list[str]:
    return sorted(n for n in _members(protocol) if not hasattr(scene, n))


def _ready(scene) -> None:
    assert not scene.help and scene.handoff is None


def test_the_phase_screens_report_an_unused_event_unused() -> None:
    play = new_app().top
    if play.handoff is not None:
        play.handoff = None  # the prompt eats every event (honestly: it is used)
    scenes = [play, dismiss(attack_app()), physical_app()[1], flight_app()[1]]
    for scene in scenes:
        _ready(scene)
        assert _answers(scene, pygame.K_n) == ([False] * len(UNUSED), True, True), scene
    assert [s.scene_name for s in scenes] == ["play", "attack", "physical", "flight"]
    shown = (MovementShown, AttackShown, PhysicalShown, FlightShown)
    assert all(Shown in p.__mro__ for p in shown) and "log_view" in _members(AttackShown)
    assert [_missing(s, p) for s, p in zip(scenes, shown, strict=True)] == [[]] * 4


def test_the_sandbox_and_each_of_its_views_report_an_unused_event_unused() -> None:
    app, scene = sandbox_app()
    for view_key in (pygame.K_m, pygame.K_a, pygame.K_x, pygame.K_v):
        key(app, view_key)
        app.toast = None
        _ready(scene)
        assert _answers(scene, pygame.K_g) == ([False] * len(UNUSED), True, True), scene.tool
    assert scene.tool == "fly"
    views = ((scene, SandboxShown), (scene.fire, AttackShown), (scene.strike, PhysicalShown),
             (scene.flyer, FlightShown))  # fmt: skip
    assert [_missing(view, p) for view, p in views] == [[]] * 4
