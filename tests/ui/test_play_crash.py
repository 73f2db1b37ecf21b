"""A WiGE's sideslip crash on the play screen (ADV-28): the move's closing line says it
crashed, the tooltip gives its hull's armour and that it may not attack, and the counter's
altitude tag (ADV-23/25) is gone once it is down."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.flow import apply_strict
from game.phases.actions import CommitMove
from game.ui.map.sprites import draw_unit
from game.ui.widgets.unit_tip import tip_rows

from .test_play_scene import REPO, new_app, ready

WIGE = REPO / "tests" / "ui" / "data" / "wige_crash_scenario.json"


def _tag_pixels(unit) -> int:
    """Pixels of the counter's right-hand tag area (where the altitude tag goes)."""
    s = pygame.Surface((120, 120))
    s.fill((0, 0, 0))
    draw_unit(s, unit, (60, 60), 1.0, label=False, show_moved=False)
    return sum(
        1 for x in range(85, 110) for y in range(52, 68) if s.get_at((x, y))[:3] != (0, 0, 0)
    )


def test_adv_28_a_wige_sideslip_crash_reads_on_the_play_screen(tmp_path) -> None:
    app = new_app(WIGE)
    ready(app)
    flying = app.state.unit("A1")
    assert flying is not None and flying.flying_height == 1
    out = apply_strict(app.state, CommitMove("A1", "run", ("F", "F", "F", "F", "F", "R", "F")))
    app.state = out.state
    for _ in range(10):
        app.step([], 0.1)
    pygame.image.save(app.screen, str(tmp_path / "wige-crash.png"))
    closing = [e.text for e in out.events if e.kind == "move"]
    assert closing == ["A1 runs 6 hexes to 0505 and crashes, facing NE (6 MP, heat +0, "
                       "target modifier +2)"]  # fmt: skip
    down = out.state.unit("A1")
    assert down is not None and down.flying_height == 0
    rows = [r[0] for r in tip_rows(out.state, down)]
    assert rows[2] == "armour 54/62, structure 16/16"  # the hull, not "no record yet"
    assert "crashed this turn: no attacks (ADV-28)" in rows
    same = replace(flying, facing=down.facing)
    assert _tag_pixels(same) > _tag_pixels(down)  # the "+1" tag went with the flight
    assert _tag_pixels(replace(same, wige_airborne=False)) == _tag_pixels(down)
