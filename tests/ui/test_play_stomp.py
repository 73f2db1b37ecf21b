"""MOV-35 in play (issue 27): on the movement screen a Mech walks into an enemy rifle
platoon's hex (Mechs ignore platoons, so they share it, MOV-34) and in the physical attack
phase stomps it (CMB-44), all through pygame events."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools")]

from pictures.drive import centre, click, handed_over, key, play_app, point, post, settle  # noqa: E402

from game.flow import actor  # noqa: E402
from game.hexgrid import parse_hex_name  # noqa: E402
from game.phases.actions import StandStill  # noqa: E402
from game.phases.movement import to_move  # noqa: E402
from game.phases.weapons import DeclareFire, to_declare  # noqa: E402
from game.rules.turn import Phase  # noqa: E402

SCENARIO = Path(__file__).resolve().parent / "data" / "stomp_scenario.json"
PLATOON_HEX = parse_hex_name("0503")  # two hexes ahead of the Hunchback


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def _walk_onto_the_platoon(app) -> None:
    """Side B stands still; A1 is selected, the pointer on the platoon's hex, Enter."""
    for _ in range(20):
        if app.state.phase != Phase.MOVEMENT:
            return
        scene = handed_over(app)
        settle(app)
        side = actor(app.state)
        todo = to_move(app.state, side)
        if side != "A" or app.state.unit("A1").moved:
            if todo:
                app.act(StandStill(todo[0].id))
            else:
                app.advance()
            post(app)
            continue
        click(app, centre(scene, app.state.unit("A1").at))
        point(app, centre(scene, PLATOON_HEX))
        assert scene.plan.dest == PLATOON_HEX
        assert scene.attack is None  # no charge aimed at a platoon: the move goes in
        res = scene.info["result"]
        assert res is not None and res.legal and res.end_at == PLATOON_HEX, scene.info
        if os.environ.get("HEXPLATE_SHOT"):
            app.draw()
            pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"] + "-move.png")
        key(app, pygame.K_RETURN)
        settle(app)
        post(app)
    raise AssertionError("the movement phase never ended")


def test_a_mech_walks_into_a_platoons_hex_and_stomps_it() -> None:
    app = play_app(SCENARIO)
    _walk_onto_the_platoon(app)
    s = app.state
    assert s.unit("A1").at == PLATOON_HEX == s.unit("B1").at  # they share the hex
    app.advance()
    while s.phase == Phase.WEAPON_ATTACK:  # everybody holds fire
        app.act(DeclareFire(to_declare(s, actor(s))[0].id))
        s = app.state
    app.advance()
    post(app)
    assert app.state.phase == Phase.PHYSICAL_ATTACK
    for _ in range(10):
        scene = handed_over(app)
        if actor(app.state) == "A":
            break
        app.act(
            __import__("game.phases.physical", fromlist=["DeclarePhysical"]).DeclarePhysical(
                to_declare(app.state, actor(app.state))[0].id
            )
        )
        post(app)
    scene = handed_over(app)
    click(app, centre(scene, PLATOON_HEX))
    assert scene.plan is not None and scene.plan.unit_id == "A1"
    assert scene.plan.target == "B1"
    rows = scene.attacks("B1")
    kick = next(i for i, o in enumerate(rows) if o.blow.kind == "kick" and o.attacks)
    # CMB-44 stomp: Piloting 5 - 2, +3 in the same hex, +1 the Hunchback walked
    assert rows[kick].target == 7 and rows[kick].damage == 2  # 50 t: 10 -> 1 -> x2 open
    punch = rows[0]
    assert not punch.can_attack and "CMB-44" in punch.why_not
    if os.environ.get("HEXPLATE_SHOT"):
        app.draw()
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"] + "-stomp.png")
    key(app, getattr(pygame, f"K_{kick + 1}"), uni=str(kick + 1))
    assert [c[0] for c in scene.plan.chosen] == ["kick"]
    before = app.state.unit("B1").platoon.troopers
    key(app, pygame.K_RETURN)
    for _ in range(200):
        if app.state.phase != Phase.PHYSICAL_ATTACK:
            break
        handed_over(app)
        if to_declare(app.state, actor(app.state)) and actor(app.state) != "A":
            from game.phases.physical import DeclarePhysical

            app.act(DeclarePhysical(to_declare(app.state, actor(app.state))[0].id))
        post(app)
    rolls = [e.event.text for e in app.state.log if "A1" in e.event.text and "B1" in e.event.text]
    assert rolls, "the stomp was never rolled"
    b1 = app.state.unit("B1")
    assert b1.platoon.troopers in (before, before - 2)  # a miss, or the 2 troopers of a hit
