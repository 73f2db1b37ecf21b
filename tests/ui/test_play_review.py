"""Scene tests from a second play-through of the hot-seat screen: things two new players
ran into (a double click to select, ...). Same helpers as test_play_scene: events posted
to the dummy driver's queue, one App frame each.
"""

from __future__ import annotations

import pygame
import pytest

from game.hexgrid import Hex
from game.phases.deployment import deploying_side

from .test_play_scene import _saves, at, click, key, move_to, new_app, post, ready  # noqa: F401


def test_double_clicking_a_unit_to_select_it_moves_nothing():
    """A double click on a unit is a habit from other games; it must only select it."""
    app = new_app()
    scene = ready(app)
    unit = app.state.unit("A1")
    before = app.state
    click(app, at(scene, unit.at))
    click(app, at(scene, unit.at))  # well within the double-click time
    assert app.state is before and scene.anim is None
    assert scene.plan is not None and scene.plan.unit_id == "A1"
    assert not app.state.unit("A1").moved


def test_tab_twice_brings_the_panels_back_without_losing_the_place_on_the_map():
    """Hiding and showing the panels (Tab) must not scroll the unit you were moving away."""
    app = new_app()
    scene = ready(app)
    unit = app.state.unit("B1") or app.state.unit("A1")
    scene.view.centre_on(Hex(unit.at.col, unit.at.row))
    before = at(scene, unit.at)
    key(app, pygame.K_TAB)
    assert not scene.panels and scene.view.camera.in_view(*at(scene, unit.at))
    key(app, pygame.K_TAB)
    assert scene.panels
    assert at(scene, unit.at) == pytest.approx(before, abs=2)


def test_help_overlay_names_every_key_the_play_screen_reacts_to():
    """The acceptance: no explanation beyond the F1 overlay, so every key must be in it."""
    from game.ui.widgets.help import DEPLOY_KEYS, PLAY_KEYS

    text = " ".join(k for k, _ in PLAY_KEYS)
    names = ("W", "R", "J", "S", "P", "U", "N", "Backspace", "Esc", "Enter", "Tab", "F2")
    names += ("Ctrl+wheel", "Ctrl+S", "Ctrl+O", "Ctrl+Q", "F1", "?", "Right click")
    names += ("double click", "Space+drag", "Hover a roll marker", "any key in a move")
    for name in names:
        assert name in text, name
    deploy = " ".join(k for k, _ in DEPLOY_KEYS)
    for name in ("Q / E", "Esc", "Ctrl+S", "Ctrl+O", "F1"):
        assert name in deploy, name


def test_help_overlay_fits_a_1280x720_window():
    """Every line of the overlay stays on screen at the smallest supported window."""
    app = new_app()
    scene = ready(app)
    key(app, pygame.K_F1)
    assert scene.help
    app.draw()
    shot = app.screen.copy()
    # the box's frame colour on the bottom edge must be inside the window: scan the rows
    # of the centre column for the frame (120, 125, 135) below the title
    w, h = shot.get_size()
    rows = [y for y in range(h) if shot.get_at((w // 2, y))[:3] == (120, 125, 135)]
    assert len(rows) >= 2 and rows[-1] < h - 1


def test_a_hex_too_far_says_out_of_reach_with_the_mp_not_a_straight_line_sum():
    """MOV-07: hovering a hex beyond the MP names the MP, not 'only 0 of 9 MP are left'."""
    from game.hexgrid import distance

    app = new_app()
    scene = ready(app)
    unit = app.state.unit("A1")
    click(app, at(scene, unit.at))
    key(app, pygame.K_r, uni="r")
    reach = scene.plan.reach(app.state)
    board = app.state.board
    far = [
        Hex(c, r)
        for c in range(board.width)
        for r in range(board.height)
        if distance(Hex(c, r), unit.at) == reach.mp_available + 2
        and all(u.at != Hex(c, r) for u in app.state.units)
    ]
    assert far and all(h not in reach.hexes for h in far)  # never shaded
    seen = []
    for h in far:
        scene.view.centre_on(h)
        move_to(app, at(scene, h))
        seen.append(scene.info.get("error") or "")
    mp_errors = [e for e in seen if "MOV-07" in e]
    assert mp_errors, seen
    for e in mp_errors:
        assert e == f"out of reach: more than A1's {reach.mp_available} run MP (MOV-07)"


def test_double_click_that_skips_the_move_does_not_also_dismiss_the_hand_off():
    """The mover clicks twice to hurry the animation: the second click must not take the
    'Side B: take the mouse' prompt away before the other player has seen it."""
    app = new_app()
    scene = ready(app)
    unit = app.state.unit("A1")
    click(app, at(scene, unit.at))
    reach = scene.plan.reach(app.state).hexes
    dest = max(reach, key=lambda h: (reach[h][0], h.col, h.row))
    move_to(app, at(scene, dest))
    key(app, pygame.K_RETURN)
    assert scene.anim is not None and scene.handoff == "B"
    click(app, at(scene, dest))  # skips the animation
    assert scene.anim is None
    click(app, at(scene, dest))  # its double: ignored
    assert scene.handoff == "B"
    click(app, (5, 5))  # the next player's click
    assert scene.handoff is None


def test_double_click_on_the_last_placement_keeps_the_next_sides_prompt():
    """Deployment places on a click; a double click on side A's last unit must not also
    dismiss 'Side B: take the mouse'."""
    from game.ui.scenes.hexes.deploy import DeployScene

    app = new_app(None)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, DeployScene)
    click(app, (5, 5))  # side A's prompt
    side = deploying_side(app.state)
    while deploying_side(app.state) == side:
        hexes = sorted(scene.legal(), key=lambda h: (h.row, h.col))
        spot = at(scene, hexes[len(hexes) // 2])
        click(app, spot)
    assert scene.handoff is not None and scene.handoff != side
    click(app, spot)  # the double click's second half
    assert scene.handoff is not None
    click(app, (5, 5))  # the next player
    assert scene.handoff is None


def test_wheel_keeps_the_destination_and_a_click_elsewhere_lets_it_go():
    """What the help promises: the wheel pins facing and hex; a click elsewhere releases
    it without pinning a waypoint or moving anything."""
    app = new_app()
    scene = ready(app)
    unit = app.state.unit("A1")
    click(app, at(scene, unit.at))
    reach = scene.plan.reach(app.state).hexes
    dest = next(h for h in reach if len(reach[h][1]) > 1 and h != unit.at)
    move_to(app, at(scene, dest))
    post(app, (pygame.MOUSEWHEEL, {"x": 0, "y": 1}))
    assert scene.plan.locked and scene.plan.dest == dest
    other = next(h for h in reach if h not in (dest, unit.at))
    move_to(app, at(scene, other))
    assert scene.plan.dest == dest  # kept while the mouse looks elsewhere
    before = app.state
    click(app, at(scene, other))
    assert not scene.plan.locked and scene.plan.dest == other
    assert scene.plan.waypoints == [] and app.state is before
