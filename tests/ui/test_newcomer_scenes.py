"""Issue 25, scene tests of findings 12 and 14: a kick at an unconscious, prone pilot reads
"automatic" on the physical attack screen; hovering a hex out of a crawl's reach says it
is out of reach (not "may not stand up")."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.flow import actor
from game.phases.actions import StandStill
from game.phases.movement import to_move
from game.phases.weapons import DeclareFire, to_declare
from game.rules.turn import Phase
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.parts.physical.draw import _badge_number
from game.ui.scenes.hexes.physical.scene import PhysicalScene

from .test_physical_scene import SCENARIO as PHYSICAL
from .test_play_scene import click, key, move_to, post


def _app(path: Path, size=(1280, 720)):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(Args(None, path, None, size, 3), screen)


def test_a_kick_at_an_unconscious_prone_pilot_reads_automatic(tmp_path: Path) -> None:
    d = json.loads(PHYSICAL.read_text())
    b1 = next(u for u in d["units"] if u["id"] == "B1")
    b1.update(prone=True, damage={"unconscious": True, "pilot_hits": 1})
    d["board"]["file"] = str(Path(PHYSICAL).resolve().parents[3] / "maps" / "grassland.tmx")
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(d))
    app = _app(path)
    while to_move(app.state):
        app.act(StandStill(to_move(app.state, actor(app.state))[0].id))
    app.advance()
    while app.state.phase == Phase.WEAPON_ATTACK:
        app.act(DeclareFire(to_declare(app.state, actor(app.state))[0].id))
    app.advance()
    post(app)
    scene = app.top
    assert isinstance(scene, PhysicalScene)
    assert actor(app.state) == "A"
    if scene.handoff is not None:
        click(app, (5, 5))
    x, y = scene.view.centre(app.state.unit("A1").at)
    click(app, (round(x), round(y)))
    kicks = [o for o in scene.attacks("B1") if o.blow.kind == "kick" and o.attacks]
    assert kicks and all(o.target <= 2 for o in kicks)
    assert _badge_number(scene.best("B1")) == "auto"
    post(app)  # the rows draw "automatic", never a negative number


def test_hovering_out_of_a_crawls_reach_says_out_of_reach(tmp_path: Path) -> None:
    d = {
        "version": 1, "options": ["tacops"],
        "board": {"width": 12, "height": 12, "hexes": {}},
        "units": [
            {"id": "A1", "side": "A", "kind": "biped", "tons": 55, "walk": 5, "at": "0606",
             "facing": 0, "prone": True},
            {"id": "B1", "side": "B", "kind": "biped", "tons": 50, "walk": 4, "at": "1212",
             "facing": 5},
        ],
        "dice": [1, 1, 6, 6],
    }  # fmt: skip
    path = tmp_path / "crawl.json"
    path.write_text(json.dumps(d))
    app = _app(path)
    scene = app.top
    click(app, (5, 5))  # the hand-off
    x, y = scene.view.centre(app.state.unit("A1").at)
    click(app, (round(x), round(y)))
    key(app, pygame.K_k, uni="k")  # crawl (ADV-03)
    assert scene.plan is not None and scene.plan.mode == "crawl"
    far = app.state.unit("B1").at
    fx, fy = scene.view.centre(far)
    move_to(app, (round(fx) - 40, round(fy) - 40))
    why = scene.info.get("error") or ""
    assert "may not stand up" not in why
    assert why.startswith("out of reach: more than A1's"), why
