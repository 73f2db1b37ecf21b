"""Issue 24: a screen's ``handle`` says honestly whether it used the event (the App's
stack walks on past an overlay that did not, game.ui.app.scene.Scene): a key without a
use, a key let go and a release with nothing pressed are reported unused; a bound key
and a pointer move are used. On the movement, weapon attack, physical attack and flight
screens, and the sandbox's Move, Attack, Melee and Fly views."""

from __future__ import annotations

import pygame

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


def test_the_sandbox_and_each_of_its_views_report_an_unused_event_unused() -> None:
    app, scene = sandbox_app()
    for view_key in (pygame.K_m, pygame.K_a, pygame.K_x, pygame.K_v):
        key(app, view_key)
        app.toast = None
        _ready(scene)
        assert _answers(scene, pygame.K_g) == ([False] * len(UNUSED), True, True), scene.tool
    assert scene.tool == "fly"
