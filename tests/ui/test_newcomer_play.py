"""Issue 25, a newcomer's second game: what they had to guess at, each as a scene test.

- The attack screen said "No target: click an enemy" when no enemy was within reach of a
  weapon, and clicking one changed nothing: it now says so and offers Hold fire.
- At the game's end the autosave said "turn 6, end" under a "turn 5" headline: it names
  the game's last turn.
- The end-of-turn summary's "heat 0 (-6)" read as a penalty: "heat 0 (was 6)".
- The autosave's toast named the next phase ("turn 23, movement") while the last
  attacks' dice still rolled: it now waits for them (finding 4, pacing).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.flow import actor, outcome
from game.narrate.turn_report import UnitTurn
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.phases.physical import DeclarePhysical
from game.phases.physical import to_declare as blow_to_declare
from game.phases.weapons import DeclareFire
from game.phases.weapons import to_declare as fire_to_declare
from game.rules.turn import Phase
from game.setup import with_turn_limit
from game.ui.scenes.hexes.attack.scene import AttackScene

from .test_attack_scene import SCENARIO as ATTACK
from .test_attack_scene import attack_app, dismiss
from .test_newcomer_scenes import _app
from .test_play_scene import click, key


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXPLATE_NO_AUTOSAVE", raising=False)


def test_no_enemy_in_reach_says_so_and_offers_hold_fire(tmp_path: Path) -> None:
    d = json.loads(ATTACK.read_text())
    d["board"]["file"] = str(ATTACK.resolve().parents[3] / "maps" / "grassland.tmx")
    for u in d["units"]:
        if u["side"] == "A":
            u["facing"] = 4  # SW: every enemy (east) behind its arcs, even twisted
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(d))
    app = _app(path)
    while to_move(app.state):
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
    app.advance()
    app.step([], 1 / 60)
    scene = dismiss(app)
    assert isinstance(scene, AttackScene)
    key(app, pygame.K_n, uni="n")  # the next unit: selected, shown
    assert scene.plan is not None and scene.plan.target is None
    assert scene.no_target().startswith("No enemy is within reach of a weapon: Hold fire (H)")
    app.step([], 1 / 60)  # drawn in the weapons' place


def test_the_autosave_toast_waits_for_the_dice() -> None:
    app = attack_app()
    scene = dismiss(app)
    for _ in range(8):  # every unit declares its fire: the phase ends with dice
        if scene.handoff is not None:
            click(app, (5, 5))
        key(app, pygame.K_n, uni="n")
        key(app, pygame.K_RETURN)
        if scene.popups:
            break
    assert scene.popups, "the last declaration rolls the phase's dice"
    assert app.toast is not None and app.toast[0].startswith("Autosaved")
    app.toast_rect = None
    for _ in range(3):
        app.step([], 1 / 60)
    assert scene.popups and app.toast_rect is None  # unseen while the dice roll
    key(app, pygame.K_SPACE)  # a key shows every result
    app.step([], 1 / 60)
    assert not scene.popups
    assert app.toast is not None and app.toast[0].startswith("Autosaved")
    assert app.toast_rect is not None  # now it shows


def test_the_autosave_at_the_games_end_names_the_last_turn() -> None:
    """A turn limit of 1: the game ends after turn 1 (the state's counter reads 2, the
    autosave said "turn 2, end" under "turn 1" in the headline)."""
    app = attack_app()
    app.state = with_turn_limit(app.state, 1)
    for _ in range(20):
        if outcome(app.state) is not None:
            break
        if app.state.phase == Phase.WEAPON_ATTACK:
            app.act(DeclareFire(fire_to_declare(app.state, actor(app.state))[0].id))
        elif app.state.phase == Phase.PHYSICAL_ATTACK:
            app.act(DeclarePhysical(blow_to_declare(app.state, actor(app.state))[0].id))
        app.advance()
    over = outcome(app.state)
    assert over is not None and over.turn == 1
    app.session.autosave()
    assert app.toast is not None
    assert app.toast[0] == "Autosaved: autosave.json (the game's end, turn 1); Ctrl+O loads it"


def test_the_turn_summary_says_where_the_heat_came_from() -> None:
    """The end-of-turn summary read "heat 0 (-6)", which a newcomer took for a penalty."""
    cooled = UnitTurn("A2", "A2 (Jenner JR7-D)", "A", 0, (), (), 0, -6, 0, 0, 0, 0, "")
    assert cooled.summary() == "no damage taken; heat 0 (was 6)"
    warmed = replace(cooled, heat=7, heat_change=3)
    assert warmed.summary().endswith("heat 7 (was 4)")
    assert replace(cooled, heat_change=0).summary().endswith("heat 0")
