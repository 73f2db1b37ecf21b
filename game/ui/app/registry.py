"""The screen registry: screens are found by name, so they never import each other.

Each screen module registers its screen class under a name when it is imported
(:func:`register`), and the screen that plays a phase registers for that phase
(:func:`for_phase`; a phase without its own screen is played on the "play" screen).
game.ui.app.screens imports every screen module once; game.ui.app.app opens screens by
name only.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ui.app.scene import Scene

SceneFactory = Callable[..., Scene]  # (app, **options) -> a scene
SCENES: dict[str, SceneFactory] = {}
PHASE_SCENES: dict[str, str] = {}
DEFAULT_PHASE_SCENE = "play"


class UnknownSceneError(LookupError):
    """A screen name nobody registered (a bug: game.ui.app.screens lists every screen)."""


def register(name: str, factory: SceneFactory) -> None:
    """Make ``factory`` the screen called ``name``."""
    SCENES[name] = factory


def for_phase(phase: str, name: str) -> None:
    """Play ``phase`` on the screen called ``name``."""
    PHASE_SCENES[phase] = name


def factory(name: str) -> SceneFactory:
    """What makes a screen of the kind called ``name`` (App.make calls it with itself)."""
    if name not in SCENES:
        raise UnknownSceneError(f"no screen is called {name!r} (known: {', '.join(SCENES)})")
    return SCENES[name]


def scene_for_phase(phase: str) -> str:
    """The name of the screen that plays ``phase``."""
    return PHASE_SCENES.get(phase, DEFAULT_PHASE_SCENE)
