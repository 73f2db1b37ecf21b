"""The regiments pictures (README, docs/regiments.md): the start screen, a wheel then a
move planned, a charge planned, and the sandbox's palette placing Ogres."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame

from game.ui.app.regiments_cmd import make_app, parse

from .drive import HD, HERE, ROOT, SEED, click, key, point, post, save

# the bundled scenario's two armies a few centimetres apart, the Ogres at an angle
CLOSE = HERE / "regiments_scenario.json"
BUNDLED = ROOT / "scenarios" / "regiments-grassland.json"


def _app(argv: list[str]):
    screen = pygame.display.set_mode(HD)
    pygame.event.clear()
    return make_app(parse([*argv, "--seed", str(SEED)]), screen)


def _px(scene, p) -> tuple[int, int]:
    x, y = scene.cam.to_screen(np.asarray(p, float))
    return round(float(x)), round(float(y))


def _drag(app, a: tuple[int, int], b: tuple[int, int], steps: int = 6) -> None:
    point(app, a)
    post(app, (pygame.MOUSEBUTTONDOWN, {"pos": a, "button": 1}))
    for i in range(1, steps + 1):
        p = (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        post(app, (pygame.MOUSEMOTION, {"pos": p, "rel": (0, 0), "buttons": (1, 0, 0)}))
    post(app, (pygame.MOUSEBUTTONUP, {"pos": b, "button": 1}))


def _closer(app, sc, at) -> None:
    """The wheel, one step in, over ``at`` (table cm)."""
    point(app, _px(sc, at))
    post(app, (pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))


def _button(app, action: str) -> pygame.Rect:
    app.draw()
    return next(b for b in app.top.buttons if b.action == action).rect


def start_screen(out: Path) -> None:
    """regiments-start.png: the Town Levy for side B, the grassland map as the table."""
    app = _app([])
    click(app, _button(app, "army:B=levy").center)
    table = next(b for b in app.top.buttons if b.action.startswith("table:")
                 and "grassland" in b.label and "scenario" not in b.label)  # fmt: skip
    click(app, table.rect.center)
    point(app, (640, 700))
    save(app, out)


def wheel_and_move(out: Path) -> None:
    """regiments-move.png: the Archers (A3) selected, a corner dragged to wheel 14
    degrees about the other corner, then the front edge dragged 4 cm forward."""
    app = _app(["--scenario", str(CLOSE)])
    sc = app.top
    a3 = sc.state.get("A3")
    _closer(app, sc, a3.centre())
    click(app, _px(sc, a3.centre()))
    fl, fr = a3.corners()[:2]
    t = np.radians(14)
    swing = fr + np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]]) @ (fl - fr)
    _drag(app, _px(sc, fl), _px(sc, swing))  # REG-02: the left front corner about the right
    heading = (swing - fr) / np.linalg.norm(swing - fr)
    ahead = np.array([-heading[1], heading[0]])  # the new front's forward direction
    mid = (swing + fr) / 2
    _drag(app, _px(sc, mid), _px(sc, mid + 4 * ahead))
    save(app, out)


def charge_planned(out: Path) -> None:
    """regiments-charge.png: the Archers charge the Ogres (C, pointer on them): the halt
    3 cm short, the aligned contact, the distance used."""
    app = _app(["--scenario", str(CLOSE)])
    sc = app.top
    _closer(app, sc, sc.state.get("A3").centre())
    click(app, _px(sc, sc.state.get("A3").centre()))
    key(app, pygame.K_c, "c")
    point(app, _px(sc, sc.state.get("B3").centre()))
    save(app, out)


def sandbox_palette(out: Path) -> None:
    """regiments-sandbox.png: the sandbox of the bundled scenario; side B, the Northern
    Horde, Ogres picked from the palette, their ghost at the mouse."""
    app = _app(["--sandbox", "--scenario", str(BUNDLED)])
    sc = app.top
    for action in ("sb:side=B", "sb:army=horde", "sb:type=ogres"):
        click(app, _button(app, action).center)
    point(app, _px(sc, (100, 120)))
    save(app, out)
