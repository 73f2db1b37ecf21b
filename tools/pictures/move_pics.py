"""The movement screen's pictures (README, docs/play.md): a run with its skid roll, the
roll's pop-up, a failed stand-up with the report and the record sheet, the full log,
deployment, a charge, a bridge too weak for its load and the game it ends."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.hexgrid import Hex, parse_hex_name
from game.ui.app.play import make_app, parse_args
from game.ui.widgets.panels import screen_layout

from .drive import (
    DATA,
    HD,
    HERE,
    SEED,
    centre,
    click,
    handed_over,
    key,
    play_app,
    point,
    post,
    save,
    settle,
    zoom_to,
)

SKID = HERE / "skid_scenario.json"  # tests/ui/data/e2e_scenario.json, the skid roll fails
REPORT = DATA / "report_scenario.json"
CHARGE = DATA / "charge_scenario.json"
BRIDGE = HERE / "bridge_scenario.json"  # river.tmx: A1 on the road bank of a CF 40 bridge
LAST_PILOT = HERE / "last_pilot_scenario.json"  # the same, the pilot already hit 5 times
SKID_HEX = parse_hex_name("1215")  # a running turn on the road's pavement (PSR-22)
BRIDGE_HEX = parse_hex_name("1009")
SHEET_SIZE = screen_layout(*HD).side.size  # play-sheet.png: the side panel alone


def _run_planned(app):
    """A2 selected, running (R), its path to 1215 drawn, the pointer on the roll marker."""
    scene = handed_over(app)
    zoom_to(scene, 0.75, Hex(8, 12))
    click(app, centre(scene, app.state.unit("A2").at))
    key(app, pygame.K_r, "r")
    click(app, centre(scene, SKID_HEX))  # a waypoint there: the path stays while pointing
    x, y, _, _ = scene.path_layer.markers[0]
    sx, sy = scene.view.camera.to_screen(x, y)
    point(app, (round(sx), round(sy)))
    return scene


def run_with_skid_roll(out: Path) -> None:
    """play-move.png: reach, the path, the skid roll's marker and its breakdown."""
    app = play_app(SKID)
    _run_planned(app)
    save(app, out)


def skid_roll_popup(out: Path) -> None:
    """play-roll.png: the run committed, the failed skid roll's pop-up with its dice."""
    app = play_app(SKID)
    scene = _run_planned(app)
    key(app, pygame.K_RETURN)
    for _ in range(600):
        anim = scene.anim
        if anim is not None and anim.popup is not None and anim.popup.faces == (2, 3):
            break
        app.step([], 1 / 30)
    for _ in range(12):  # the card is up and its dice have landed
        app.step([], 1 / 30)
    save(app, out)


def _failed_stand_up(app):
    """A1, prone, tries to stand (U): 1+1 fails, it falls; the move is under way."""
    scene = handed_over(app)
    zoom_to(scene, 1.0, Hex(6, 9))
    click(app, centre(scene, app.state.unit("A1").at))
    key(app, pygame.K_u, "u")
    settle(app)
    point(app, (640, 700))  # the pointer off the map, over the log
    return scene


def failed_stand_up(out: Path) -> None:
    """play-report.png: the report of the fall in the log, the record sheet, the move
    under way (2 of 4 MP left)."""
    app = play_app(REPORT)
    _failed_stand_up(app)
    save(app, out)


def record_sheet(out: Path) -> None:
    """play-sheet.png: the side panel of play-report.png, the record sheet of A1."""
    app = play_app(REPORT)
    scene = _failed_stand_up(app)
    save(app, out, scene.layout.side)


def full_log(out: Path) -> None:
    """play-log.png: the second stand-up passes, then L: the whole log full screen."""
    app = play_app(REPORT)
    _failed_stand_up(app)
    key(app, pygame.K_u, "u")
    settle(app)
    handed_over(app)  # side B's turn
    key(app, pygame.K_l, "l")
    save(app, out)


def deployment(out: Path) -> None:
    """play-deploy.png: Start on the start screen with its default forces, then side A's
    first unit follows the mouse over its zone."""
    screen = pygame.display.set_mode(HD)
    pygame.event.clear()
    app = make_app(parse_args(["--seed", str(SEED)]), screen)
    key(app, pygame.K_RETURN)
    scene = handed_over(app)
    spot = centre(scene, parse_hex_name("0118"))
    point(app, spot)
    scene.view.zoom(2, spot)  # two zoom steps in on the zone (the wheel turns the unit here)
    point(app, centre(scene, parse_hex_name("0218")))
    save(app, out)


def charge_planned(out: Path) -> None:
    """play-charge.png: side B's Jenner stood still; side A's Hunchback runs at it, the
    pointer on it: the charge's number with its breakdown and both units' rolls."""
    app = play_app(CHARGE)
    scene = handed_over(app)
    click(app, centre(scene, app.state.unit("B1").at))
    key(app, pygame.K_s, "s")
    scene = handed_over(app)
    zoom_to(scene, 0.75, app.state.unit("A1").at)
    click(app, centre(scene, app.state.unit("A1").at))
    key(app, pygame.K_r, "r")
    click(app, centre(scene, app.state.unit("B1").at))  # the first click readies it
    x, y, _, _ = scene.path_layer.layers[-1].markers[0]  # its to-hit badge
    sx, sy = scene.view.camera.to_screen(x, y)
    app.toast = None  # the "ready" notice, gone after a few seconds of wall-clock time
    point(app, (round(sx), round(sy)))
    save(app, out)


def _onto_the_bridge(app):
    """A1 selected, the pointer on the bridge hex: a legal walk with its red warning."""
    scene = handed_over(app)
    zoom_to(scene, 0.75, BRIDGE_HEX)
    click(app, centre(scene, app.state.unit("A1").at))
    point(app, centre(scene, BRIDGE_HEX, 1, -20))  # facing on across the bridge
    return scene


def bridge_warning(out: Path) -> None:
    """play-bridge.png: a path onto a bridge too weak for the unit (MOV-27)."""
    app = play_app(BRIDGE)
    _onto_the_bridge(app)
    save(app, out)


def bridge_down(out: Path) -> None:
    """play-collapse.png: the walk committed, the deck fell, the map marks BRIDGE DOWN."""
    app = play_app(BRIDGE)
    scene = _onto_the_bridge(app)
    key(app, pygame.K_RETURN)
    settle(app)
    handed_over(app)  # side B's turn: its view
    zoom_to(scene, 0.75, BRIDGE_HEX)
    point(app, centre(scene, BRIDGE_HEX))  # the hex's info in the corner, the unit's tip
    save(app, out)


def game_over(out: Path) -> None:
    """play-over.png: the same fall kills a pilot hit five times before (PSR-19)."""
    app = play_app(LAST_PILOT)
    _onto_the_bridge(app)
    key(app, pygame.K_RETURN)
    for _ in range(900):
        if type(app.top).__name__ == "GameOver":
            break
        post(app)
    save(app, out)
