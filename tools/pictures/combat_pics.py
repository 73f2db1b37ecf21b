"""The attack pictures (README, docs/combat.md, docs/play.md, docs/aerospace.md): the
weapon attack screen, the record sheet after a turn of fire, the end-of-turn summary,
the physical attack screen and the aerospace movement screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.turn import Phase

from .drive import (
    DATA,
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

ATTACK = DATA / "attack_scenario.json"
PHYSICAL = DATA / "physical_scenario.json"
AERO = DATA / "aero_scenario.json"
AERO_SIZE = (1400, 860)
SRM4 = 4  # the Jenner's weapon row of its SRM-4


def _each_unit(app, phase: str, *keys: tuple[int, str]) -> None:
    """While ``phase`` lasts: the hand-off, N for the next unit, then ``keys``."""
    for _ in range(40):
        if app.state.phase != phase:
            post(app)
            return
        scene = handed_over(app)
        settle(app)
        if app.top is not scene or app.state.phase != phase:
            continue
        key(app, pygame.K_n, "n")
        for k, uni in keys:
            key(app, k, uni)
        post(app)
    raise SystemExit(f"the {phase} phase never ended")


def _attack_screen(app):
    """Everybody stood still (N, S); the weapon attack screen, its hand-off dismissed."""
    _each_unit(app, Phase.MOVEMENT, (pygame.K_s, "s"))
    return handed_over(app)


def attack_screen(out: Path) -> None:
    """play-attack.png: the Jenner (A2) aims at the Commando (B2; the Wolverine is behind
    heavy woods): the line of sight, the enemy's number, the weapon list and, under the
    pointer, the SRM-4's number and its breakdown."""
    app = play_app(ATTACK)
    scene = _attack_screen(app)
    a2 = app.state.unit("A2").at
    zoom_to(scene, 0.75, a2)
    click(app, centre(scene, a2))
    click(app, centre(scene, app.state.unit("B2").at))
    rect, _ = scene.rows[SRM4]
    point(app, rect.center)
    save(app, out)


def _turn_of_fire(app) -> None:
    """Turn 1: all stand still, all fire at their default target (N, Enter), nobody
    makes a physical attack (N, H); the end-of-turn summary opens."""
    _attack_screen(app)
    _each_unit(app, Phase.WEAPON_ATTACK, (pygame.K_RETURN, ""))
    _each_unit(app, Phase.PHYSICAL_ATTACK, (pygame.K_h, "h"))
    for _ in range(600):
        if type(app.top).__name__ == "TurnSummary":
            return
        post(app)
    raise SystemExit(f"no end-of-turn summary (top: {type(app.top).__name__})")


def turn_summary(out: Path) -> None:
    """play-summary.png: what happened to every unit in turn 1."""
    app = play_app(ATTACK)
    _turn_of_fire(app)
    save(app, out)


def damaged_sheet(out: Path) -> None:
    """play-damage.png: turn 2, the Jenner (A2) selected: its record sheet after the
    Commando's fire (armour and structure hit, a pilot hit), beside the report."""
    app = play_app(ATTACK)
    _turn_of_fire(app)
    key(app, pygame.K_SPACE, " ")
    scene = handed_over(app)
    settle(app)
    a2 = app.state.unit("A2").at
    zoom_to(scene, 0.75, a2)
    click(app, centre(scene, a2))
    point(app, (640, 700))  # the pointer off the map, over the log
    save(app, out)


def physical_screen(out: Path) -> None:
    """play-physical.png: after the weapon phase (all held fire, H) A1 picks B1 beside
    it; the pointer on the kick's row: its number's breakdown."""
    app = play_app(PHYSICAL)
    _each_unit(app, Phase.MOVEMENT, (pygame.K_s, "s"))
    _each_unit(app, Phase.WEAPON_ATTACK, (pygame.K_h, "h"))
    scene = handed_over(app)
    a1 = app.state.unit("A1").at
    zoom_to(scene, 0.75, a1)
    click(app, centre(scene, a1))
    rect, _ = scene.rows[2]  # kick (LL)
    point(app, rect.center)
    save(app, out)


def aerospace_screen(out: Path) -> None:
    """play-aero.png: A2 (Shilone) at velocity 4 speeds up by 7 thrust (W) with a turn (E)
    after its second hex: the control roll of flying above safe thrust; B2's forced path
    out of control in red, with a collision check over the Jenner."""
    app = play_app(AERO, AERO_SIZE)
    _each_unit(app, Phase.MOVEMENT, (pygame.K_s, "s"))
    scene = handed_over(app)
    click(app, centre(scene, app.state.unit("A2").at, 0, -10))
    path = scene.flight().path
    point(app, centre(scene, path[1]))
    key(app, pygame.K_e, "e")
    for _ in range(7):
        key(app, pygame.K_w, "w")
    point(app, centre(scene, scene.flight().end))
    save(app, out)
