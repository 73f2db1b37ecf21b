"""Only the player moves the camera (issue 25, finding 3).

Every play screen (movement, attacks, aerospace, deployment) has its own map view; the app
keeps the camera the player left on the last one (:func:`remember`, each frame) and a new
screen of the same game opens with it (:func:`opening_view`), so a hand-off, a new phase or
a new turn keeps the zoom and the place. With the setting "follow the action" (off by
default, game.ui.app.settings) the screens go to the units to act, as they did before.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from game.hexgrid import Hex
from game.ui.app.settings import Settings
from game.ui.map.camera import Camera
from game.ui.map.view import LEGIBLE, READABLE, MapView

BoardKey = tuple[int, int | None, int | None]  # the game's start and its board's size


class KeepsCamera(Protocol):
    """The app as the camera's keeper sees it: the top screen and the camera kept."""

    kept_camera: tuple[BoardKey, Camera] | None

    @property
    def top(self) -> object: ...


class Viewed(Protocol):
    """A play screen as the camera sees it: its app and its map view."""

    @property
    def app(self) -> object: ...

    @property
    def view(self) -> MapView: ...


def settings_of(app: object) -> Settings:
    found = getattr(app, "settings", None)
    return found if isinstance(found, Settings) else Settings()


def following(app: object) -> bool:
    """Whether the camera follows the action (the setting)."""
    return settings_of(app).follow_action


def _board_key(scene: object) -> BoardKey:
    state = getattr(scene, "state", None)
    board = getattr(state, "start_board", None) or getattr(state, "board", None)
    start = getattr(state, "start", None)
    return (id(start), getattr(board, "width", None), getattr(board, "height", None))


def remember(app: KeepsCamera) -> None:
    """Keep the top screen's camera (called once a frame by the app)."""
    top = app.top
    view = getattr(top, "view", None)
    camera = getattr(view, "camera", None)
    if camera is not None and getattr(top, "state", None) is not None:
        app.kept_camera = (_board_key(top), camera)


def opening_view(scene: Viewed, hexes: Iterable[Hex], height: int | None) -> None:
    """A new screen's first view: the camera the player left on this game's last screen;
    following the action, the middle of ``hexes`` (zoomed to ``height``'s readable level)."""
    app = scene.app
    if following(app):
        scene.view.focus(hexes, height)
        return
    kept = getattr(app, "kept_camera", None)
    if kept is not None and kept[0] == _board_key(scene):
        scene.view.adopt(kept[1])
    elif scene.view.camera.zoom < READABLE:  # a big map: its units at a zoom to click at
        scene.view.fit_hexes(hexes, most=LEGIBLE)


def follow(scene: Viewed, hexes: Iterable[Hex], height: int | None = None) -> None:
    """A hand-off or a next unit: the camera goes there only when following the action."""
    if following(scene.app):
        scene.view.focus(hexes, height)


def show_unit(scene: Viewed, at: Hex) -> None:
    """N (the next unit): following the action, centre on it; else pan only when it is out
    of view, never zoom (the player asked to see it)."""
    if following(scene.app):
        scene.view.centre_on(at)
    else:
        scene.view.ensure_visible(at)
