"""A whole hot-seat battle to a result on every bundled map, driven through the App by
keys and mouse only (issue 11 "Done when", issue 12 item 2): the start screen, both
sides deploying by clicks, then turn after turn the units close in (each runs to the
hex of its reach nearest an enemy, or charges / jumps on one it can), fire everything at
the best target, punch or kick when adjacent, read the end-of-turn summary, until
game.flow.outcome has a result and the result overlay shows. The game has a turn limit
(chosen on the start screen) so it always ends; most end with a side out of the fight.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.flow import actor, outcome
from game.hexgrid import distance
from game.narrate.physical import VERBS
from game.outcome import damage_taken
from game.ui.scenes.hexes import start as start_screen
from game.ui.scenes.hexes.attack.scene import AttackScene
from game.ui.scenes.hexes.deploy import DeployScene
from game.ui.scenes.hexes.move_plan import facing_from_angle, nearest_facing
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.over import GameOver
from game.ui.scenes.hexes.physical.scene import PhysicalScene
from game.ui.scenes.hexes.summary import TurnSummary

from .test_play_scene import at, click, finish_animation, key, move_to, new_app, post

LIMIT = 12
DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")


def enemies_of(state, unit):
    return [u for u in state.units if u.side != unit.side and not state.is_destroyed(u)
            and state.board.contains(u.at)]  # fmt: skip


def start(map_name: str):
    """The start screen: the map, a turn limit by its + button, Enter; deploy by clicks."""
    app = new_app(None)
    screen = app.top
    screen.choose(f"map:{[p.stem for p in screen.maps].index(map_name)}")
    app.draw()
    plus = next(b for b in screen.buttons if b.action == "turns:1")
    while screen.turns != LIMIT:
        click(app, plus.rect.center)
    key(app, pygame.K_RETURN)
    while isinstance(app.top, DeployScene):
        scene = app.top
        click(app, (5, 5))
        hexes = sorted(scene.legal(), key=lambda h: (h.row, h.col))
        click(app, at(scene, hexes[len(hexes) // 2]))
    assert app.state.start.turn_limit == LIMIT
    return app


def move(app, scene: PlayScene, counts: dict[str, int]) -> None:
    """Charge or jump on an enemy if the reach overlay marks one, else run towards the
    nearest enemy; stand still when nothing else works."""
    unit = scene.movable()[0]
    scene.view.centre_on(unit.at)
    click(app, at(scene, unit.at))
    assert scene.plan is not None and scene.plan.unit_id == unit.id
    before = len(app.state.history)
    for mode in (pygame.K_j, pygame.K_r) if unit.jump_mp() else (pygame.K_r,):
        key(app, mode)
        targets = scene._numbers(scene.reach_key[:-1]) if scene.plan else {}
        for h, number in sorted(targets.items(), key=lambda kv: str(kv[1])):
            if isinstance(number, int) and number <= 9:
                scene.view.centre_on(h)
                move_to(app, at(scene, h))
                if scene.attack is not None and scene.attack.ready:
                    key(app, pygame.K_c, uni="c")
                    finish_animation(app)
                    counts[scene_kind(app, before)] += 1
                    return
    key(app, pygame.K_r)
    plan = scene.plan
    reach = {h: v for h, v in plan.reach(app.state).hexes.items() if h != unit.at} if plan else {}
    foes = enemies_of(app.state, unit)
    if reach and foes:
        dest = min(reach, key=lambda h: (min(distance(h, e.at) for e in foes), reach[h][0]))
        scene.view.centre_on(dest)
        move_to(app, at(scene, dest))
        face_towards(app, scene, min(foes, key=lambda e: distance(dest, e.at)).at)
        key(app, pygame.K_RETURN)
        finish_animation(app)
    if len(app.state.history) == before:
        key(app, pygame.K_s, uni="s")
        finish_animation(app)
    assert len(app.state.history) > before


def face_towards(app, scene: PlayScene, h) -> None:
    """E (the next facing) until the unit would end facing the hex ``h`` as near as the
    reach allows (its weapons point forward)."""
    plan = scene.plan
    if plan is None or plan.dest is None or plan.facing is None:
        return
    (x0, y0), (x1, y1) = scene.view.centre(plan.dest), scene.view.centre(h)
    want = facing_from_angle(x1 - x0, y1 - y0)
    faces = plan.reach(app.state).hexes.get(plan.dest, (0, ()))[1]
    best = nearest_facing(want, faces)
    for _ in range(6):
        if plan.facing == best:
            return
        key(app, pygame.K_e, uni="e")


def scene_kind(app, before: int) -> str:
    """What the last action declared: a charge or a death from above."""
    blows = [b.kind for b in app.state.physical]
    return blows[-1] if blows else "none"


def fire(app, scene: AttackScene) -> int:
    before = len(app.state.history)
    key(app, pygame.K_n, uni="n")
    firing = scene.plan is not None and any(scene.plan.fire.values())
    key(app, pygame.K_RETURN if firing else pygame.K_h, uni="" if firing else "h")
    assert len(app.state.history) > before
    skip(app, scene)
    return int(firing)


def strike(app, scene: PhysicalScene) -> int:
    """The first attack that can be made on the adjacent enemy (by its digit key)."""
    before = len(app.state.history)
    key(app, pygame.K_n, uni="n")
    plan = scene.plan
    made = 0
    if plan is not None and plan.target is not None:
        for i, o in enumerate(scene.attacks(plan.target)):
            if o.attacks and i < len(DIGITS):
                key(app, DIGITS[i], uni=str(i + 1))
                made = 1
                break
    key(app, pygame.K_RETURN if made else pygame.K_h, uni="" if made else "h")
    assert len(app.state.history) > before
    skip(app, scene)
    return made


def skip(app, scene) -> None:
    while app.top is scene and scene.popups:
        click(app, (5, 5))  # skip the dice
    post(app)


def battle(map_name: str) -> tuple[object, dict[str, int]]:
    app = start(map_name)
    counts = {"fired": 0, "struck": 0, "charge": 0, "dfa": 0, "none": 0, "summaries": 0}
    for _ in range(3000):
        top = app.top
        if isinstance(top, GameOver):
            break
        if isinstance(top, TurnSummary):
            counts["summaries"] += 1
            key(app, pygame.K_SPACE)
            continue
        if getattr(top, "handoff", None) is not None:
            click(app, (5, 5))
            continue
        if isinstance(top, PhysicalScene):
            counts["struck"] += strike(app, top)
        elif isinstance(top, AttackScene):
            counts["fired"] += fire(app, top)
        elif isinstance(top, PlayScene) and actor(app.state) is not None:
            move(app, top, counts)
        else:
            post(app)
    return app, counts


@pytest.mark.slow
@pytest.mark.parametrize("map_name", ["city", "default", "grassland", "harbour", "river"])
def test_a_hot_seat_battle_is_fought_to_a_result_on_every_bundled_map(
    map_name, monkeypatch
) -> None:
    monkeypatch.setattr(start_screen, "random", random.Random(7))  # the game's dice seed
    app, counts = battle(map_name)
    result = outcome(app.state)
    assert result is not None, counts
    assert isinstance(app.top, GameOver) and app.top.headline == result.headline
    assert counts["fired"] > 0 and counts["summaries"] >= 1, counts
    assert counts["struck"] + counts["charge"] + counts["dfa"] > 0, counts  # close combat
    assert sum(damage_taken(u) for u in app.state.units) > 0
    log = " ".join(e.text for e in app.state.log)
    assert " fires " in log  # the report tells the shots and the blows (game.narrate)
    # every declared blow is told: landed or missed with its verb, or called off with the
    # reason (on the default map both of seed 7's deaths from above end in a fall into the
    # water next to the target, PHY-04, so no blow is struck there)
    blows = sum(f" {verb} " in e.text for e in app.state.log for verb in VERBS.values())
    called_off = sum(" is called off: " in e.text for e in app.state.log)
    assert blows + called_off > 0 and (blows > 0 or counts["struck"] == 0), counts
