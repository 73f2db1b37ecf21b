"""Scene tests of charges and deaths from above on the movement screen (issue 12 item 2,
PHY-10..13): pointing at an enemy that has moved shows the attack's number and both
units' piloting rolls before anything is committed; two clicks, C or Enter declare it
(a DeclareCharge through game.flow.apply), and nothing else changes the state."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.flow import actor
from game.hexgrid import Hex, neighbour
from game.phases.actions import StandStill
from game.phases.charges import attack_plan
from game.phases.movement import DeclareCharge
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.parts.movement.charge import approaches, enemy_at
from game.ui.widgets.help import PLAY_KEYS

from .test_play_scene import click, key, move_to

SCENARIO = Path(__file__).resolve().parent / "data" / "charge_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def charge_app(stand=("B1",)):
    """Side B lost the initiative (dice 6+6 v 1+1) and moves first: the units named in
    ``stand`` stand still, then side A may charge them (PHY-10: only units that moved)."""
    screen = pygame.display.set_mode((1280, 720))
    pygame.event.clear()
    app = make_app(Args(None, SCENARIO, None, (1280, 720), 3), screen)
    scene = app.top
    for uid in stand:
        assert actor(app.state) == "B"
        if scene.handoff is not None:
            click(app, (5, 5))
        assert app.act(StandStill(uid)) is not None
        scene._after_action()
    if scene.handoff is not None:
        click(app, (5, 5))
    assert actor(app.state) == "A" and scene.handoff is None
    return app, scene


def at(scene, h: Hex, dx: float = 0, dy: float = 0) -> tuple[int, int]:
    x, y = scene.view.centre(h)
    return round(x + dx), round(y + dy)


def aim(scene, target: Hex, side: int) -> tuple[int, int]:
    """A point inside ``target``'s hex towards its neighbour on ``side`` (out of the dead
    zone in the middle, which takes the cheapest side)."""
    a, b = scene.view.centre(target), scene.view.centre(neighbour(target, side))
    return round(a[0] + (b[0] - a[0]) * 0.35), round(a[1] + (b[1] - a[1]) * 0.35)


def select(app, scene, uid: str, mode_key: int | None = None) -> None:
    click(app, at(scene, app.state.unit(uid).at))
    assert scene.plan is not None and scene.plan.unit_id == uid
    if mode_key is not None:
        key(app, mode_key)


def test_phy_10_hovering_a_moved_enemy_shows_the_charge_number_and_both_psrs() -> None:
    app, scene = charge_app()
    select(app, scene, "A1", pygame.K_r)
    b1 = app.state.unit("B1")
    assert scene._numbers(scene.reach_key[:-1]) == {b1.at: 7}  # the reach overlay's badge
    before = app.state
    move_to(app, at(scene, b1.at))
    view = scene.attack
    assert view is not None and view.ready and view.kind == "charge"
    plan = attack_plan(before, "A1", "run", view.steps, "B1")
    assert view.to_hit().target == plan.option.target == 7  # base 5, ran +2 (PHY-03, CMB-12)
    assert [m.reason for m in view.to_hit().modifiers] == ["piloting skill", "attacker ran"]
    assert neighbour(view.stage, view.facing) == b1.at  # the path ends facing the target
    whose = {who: need.target for who, need in view.psrs("A1")}
    assert whose == {"B1": 7, "A1": 7}  # PSR-08/09: was charged, made a charge (both +2)
    assert app.state is before  # nothing was committed by pointing
    scene.draw(app.screen)
    assert scene.path_layer.marker_at(scene.view.camera, *at(scene, b1.at)) is None
    if os.environ.get("HEXPLATE_SHOT"):
        pygame.image.save(app.screen, os.environ["HEXPLATE_SHOT"])


def test_phy_10_an_enemy_still_to_move_cannot_be_charged_and_says_why() -> None:
    app, scene = charge_app()
    select(app, scene, "A1", pygame.K_r)
    b2 = app.state.unit("B2")  # has not moved yet
    assert b2.at not in scene._numbers(scene.reach_key[:-1])
    move_to(app, at(scene, b2.at))
    assert scene.attack is not None and not scene.attack.ready
    assert "PHY-10" in scene.info["error"]
    click(app, at(scene, b2.at))  # no attack to ready: the click shows B2's record sheet
    assert scene.inspect == "B2" and len(app.state.history) > 0
    assert not app.state.physical


def test_phy_10_the_first_click_readies_the_charge_and_the_second_declares_it() -> None:
    app, scene = charge_app()
    select(app, scene, "A1", pygame.K_r)
    b1 = app.state.unit("B1")
    move_to(app, at(scene, b1.at))
    stage = scene.attack.stage
    before = app.state
    click(app, at(scene, b1.at))
    assert app.state is before and scene.plan.locked  # ready, nothing committed
    move_to(app, at(scene, Hex(12, 12)))  # the pointer may wander: the plan stays
    assert scene.attack is not None and scene.attack.target_id == "B1"
    sent = []
    real = app.act
    app.act = lambda a: (sent.append(a), real(a))[1]
    scene.last_click = (0.0, None)  # not a double click: the second click still declares
    click(app, at(scene, b1.at))
    assert len(sent) == 1 and isinstance(sent[0], DeclareCharge)
    assert sent[0].target == "B1" and sent[0].mode == "run" and sent[0].steps[-1] == "F"
    a1 = app.state.unit("A1")
    assert a1.moved and a1.at == stage  # PHY-10: it stops in the hex before the target
    assert [(b.attacker, b.target, b.kind) for b in app.state.physical] == [("A1", "B1", "charge")]


def test_phy_10_the_pointer_picks_the_side_and_c_declares() -> None:
    app, scene = charge_app()
    select(app, scene, "A1", pygame.K_r)
    b1 = app.state.unit("B1")
    ways = approaches(scene.plan, app.state, b1)
    assert len(ways) >= 2
    side = ways[-1][0]  # not the cheapest side
    move_to(app, aim(scene, b1.at, side))
    view = scene.attack
    assert view.ready and view.stage == neighbour(b1.at, side)
    key(app, pygame.K_e)  # Q / E: the next side clockwise that the reach gets to
    turned = scene.attack
    assert turned.stage != view.stage and scene.plan.locked
    assert neighbour(turned.stage, turned.facing) == b1.at
    key(app, pygame.K_c)
    assert app.state.unit("A1").at == turned.stage
    assert app.state.physical and app.state.physical[0].kind == "charge"


def test_phy_12_jumping_onto_an_enemy_plans_a_death_from_above() -> None:
    app, scene = charge_app(stand=("B1",))
    key(app, pygame.K_n)  # the unit to plan: A2 (a jumper)
    if scene.plan is None or scene.plan.unit_id != "A2":
        select(app, scene, "A2")
    key(app, pygame.K_j)
    b1 = app.state.unit("B1")
    assert scene._numbers(scene.reach_key[:-1]).keys() == {b1.at}
    move_to(app, at(scene, b1.at))
    view = scene.attack
    assert view.kind == "dfa" and view.ready
    assert view.steps == (f"J:{app.state.board.hex_name(b1.at)}",)
    assert "auto-fail" in {need.target for _, need in view.psrs("A2")}  # PHY-14: a miss falls
    key(app, pygame.K_RETURN)
    a2 = app.state.unit("A2")
    assert a2.moved and a2.at == view.stage and a2.at != b1.at
    assert app.state.physical[0].kind == "dfa" and app.state.move_record("A2").mode == "jump"


def test_the_side_panel_and_the_help_tell_how_to_charge() -> None:
    app, scene = charge_app()
    select(app, scene, "A1", pygame.K_w)
    move_to(app, at(scene, app.state.unit("B1").at))
    from game.ui.scenes.hexes.parts.movement.charge_draw import charge_rows

    rows = [r[0] for r in charge_rows(scene.info, "A1")]
    assert rows[0] == "A1 charges B1 (walk)"
    assert any(r.startswith("To hit ") for r in rows) and "C or Enter" in rows[-1]
    assert any("Roll " in r and "B1 if hit" in r for r in rows)
    keys = " ".join(k + " " + d for k, d in PLAY_KEYS)
    assert "charge" in keys and "death from above" in keys and "C" in keys


def test_enemy_at_finds_only_enemies_in_play() -> None:
    app, scene = charge_app()
    s = app.state
    assert enemy_at(s, "A1", s.unit("B1").at).id == "B1"
    assert enemy_at(s, "A1", s.unit("A2").at) is None
    assert enemy_at(s, "A1", None) is None
