"""Scene tests of the play screen as a board-game player expects it (issue 10): the log
as a report that never runs ahead of the dice, the record sheet, the facing, a move that
goes on after a failed stand-up, counters and tooltips, the camera, New game.

The scenario (tests/ui/data/report_scenario.json): A1, a prone Hunchback, fails its first
stand-up roll (1+1), falls on its rear (facing roll 4, location 3+4: centre torso rear),
its pilot is unhurt (6+6); its second attempt (5+5) succeeds. B2 is a tracked vehicle.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.hexgrid import Hex
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.log import LogScreen
from game.ui.scenes.hexes.menu import GameMenu
from game.ui.scenes.hexes.movement.scene import PlayScene
from game.ui.scenes.hexes.start import StartScreen
from game.ui.widgets.fonts import recording
from game.ui.widgets.log_view import report_lines

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "ui" / "data" / "report_scenario.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def new_app(scenario: Path | None = SCENARIO, size=(1280, 720)):
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(Args(None, scenario, None, size, 7), screen)


def post(app, *events) -> None:
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60)


def key(app, k: int, uni: str = "", mod: int = 0) -> None:
    post(app, (pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": uni, "scancode": 0}))


def move_to(app, pos) -> None:
    post(app, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))


def click(app, pos) -> None:
    post(
        app,
        (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
        (pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}),
    )


def ready(app) -> PlayScene:
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.handoff == "A"
    click(app, (5, 5))
    assert scene.handoff is None
    return scene


def at(scene: PlayScene, h: Hex, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int]:
    """Hex ``h``'s centre on screen, offset by (dx, dy) hex radii."""
    x, y = scene.view.centre(h)
    r = scene._radius()
    return round(x + dx * r), round(y + dy * r)


def zoomed(app, scene: PlayScene, h: Hex) -> None:
    """100 % zoom, centred on ``h`` (the starting view fits the whole map)."""
    scene.view.zoom(scene.view.camera.zoom_index * -1 + 5)
    scene.view.centre_on(h)
    move_to(app, (1, 1))


def finish(app) -> None:
    for _ in range(600):
        if getattr(app.top, "anim", None) is None:
            return
        app.step([], 1 / 20)
    raise AssertionError("the animation never ended")


def texts(app) -> list[str]:
    """Every line of text the next frame draws (cached panels and labels drawn afresh)."""
    from game.ui.map.sprites import label_tag

    for scene in app.scenes:
        if hasattr(scene, "cache"):
            scene.cache.clear()
    label_tag.cache_clear()
    with recording() as placed:
        app.draw()
    return [p.what for p in placed]


def log_texts(scene: PlayScene) -> list[str]:
    return [r.text for r in report_lines(scene.state, scene.log_upto())]


def fail_to_stand(app) -> PlayScene:
    scene = ready(app)
    scene.select("A1")
    key(app, pygame.K_u, "u")
    return scene


# --- 1. the log as a report ---------------------------------------------------------------


def test_a_roll_shows_in_the_log_only_once_its_dice_have_popped_up() -> None:
    app = new_app()
    scene = fail_to_stand(app)
    assert scene.anim is not None
    assert not any("standing up" in t for t in log_texts(scene))  # the dice are still to come
    for _ in range(200):
        app.step([], 1 / 30)
        if scene.anim is not None and scene.anim.popup is not None:
            break
    assert scene.anim.popup.faces == (1, 1)
    shown = log_texts(scene)
    assert any("standing up: piloting roll needs 5" in t and "1+1 = 2" in t for t in shown)
    assert not any("falls" in t for t in shown)  # the fall's card comes next
    finish(app)
    shown = log_texts(scene)
    assert any("centre torso (rear): armour 5 -> 0" in t for t in shown)
    assert shown[-1].startswith("A1 has 2 MP left")


def test_the_report_has_a_divider_per_turn_and_per_unit() -> None:
    app = new_app()
    fail_to_stand(app)
    finish(app)
    lines = report_lines(app.state)
    assert ("turn", "Turn 1") in [(x.kind, x.text) for x in lines]
    units = [x.text for x in lines if x.kind == "unit"]
    assert units == ["A1  Hunchback HBK-4G"]
    key(app, pygame.K_u, "u")  # the second attempt: the same unit goes on
    finish(app)
    units = [x.text for x in report_lines(app.state) if x.kind == "unit"]
    assert units == ["A1  Hunchback HBK-4G", "A1 goes on"]


def test_the_log_scrolls_with_the_wheel_over_it_and_page_keys() -> None:
    app = new_app(size=(900, 600))
    fail_to_stand(app)
    finish(app)
    scene = app.top
    lay = scene.layout.log
    app.draw()
    pygame.mouse.set_pos(lay.center)
    post(app, (pygame.MOUSEWHEEL, {"x": 0, "y": 1, "flipped": False}))
    if scene.log_view.offset == 0:  # the dummy driver may not move the pointer
        scene.log_view.handle(pygame.event.Event(pygame.MOUSEWHEEL, {"y": 1}), lay, 3)
    assert scene.log_view.offset > 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.log_view.offset == 0
    key(app, pygame.K_PAGEUP)
    assert scene.log_view.offset > 0
    assert any("newer below" in t for t in texts(app))
    key(app, pygame.K_END)
    assert scene.log_view.offset == 0


def test_l_shows_the_whole_log_full_screen_and_a_loaded_game_shows_it_too(tmp_path) -> None:
    app = new_app()
    fail_to_stand(app)
    finish(app)
    key(app, pygame.K_l, "l")
    assert isinstance(app.top, LogScreen)
    shown = texts(app)
    assert any("location roll 3+4 = 7 - centre torso (rear)" in t for t in shown)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PlayScene)
    path = app.save("report.json")
    other = new_app()
    assert other.load(path)
    assert [e.text for e in other.state.log] == [e.text for e in app.state.log]
    assert any("falls in 0610" in t for t in texts(other))


# --- 2. the record sheet -------------------------------------------------------------------


def test_the_record_sheet_shows_front_and_rear_armour_and_structure_apart() -> None:
    app = new_app()
    fail_to_stand(app)
    finish(app)
    shown = texts(app)
    i = shown.index("CT")
    assert shown[i : i + 4] == ["CT", "26/26", "0/5", "16/16"]  # front, rear, structure
    assert "Pilot G4/P5   hits" in shown and "Damaged systems: none" in shown


def test_a_vehicle_sheet_has_its_own_locations_and_no_prone_button() -> None:
    app = new_app()
    scene = ready(app)
    scene.select("A2")
    key(app, pygame.K_s, "s")  # A2 stands still: side B moves next
    click(app, (5, 5))  # B's hand-off
    click(app, at(scene, app.state.unit("B2").at))
    assert scene.plan is not None and scene.plan.unit_id == "B2"
    shown = texts(app)
    assert "FR" in shown and "RR" in shown and "CT" not in shown  # front ... rear (TW)
    actions = {b.action for b in scene.buttons}
    assert "stand" in actions and not actions & {"P", "U"}


def test_the_panel_follows_the_selection_and_never_shows_a_stale_plan() -> None:
    app = new_app()
    scene = ready(app)
    zoomed(app, scene, app.state.unit("A2").at)
    click(app, at(scene, app.state.unit("A2").at))
    move_to(app, at(scene, Hex(6, 12)))
    assert scene.info.get("title", "").startswith("A2")
    b1 = app.state.unit("B1").at
    click(app, at(scene, b1))  # a unit it cannot move in with (an enemy Mech): its sheet
    assert scene.plan is None and scene.inspect == "B1" and not scene.info
    shown = texts(app)
    assert "B1  Wolverine WVR-6R" in shown and "A2 walks" not in shown


def test_a_click_on_an_enemy_tank_in_reach_plans_the_move_into_its_hex() -> None:
    """MOV-35: the pointer on the Scorpion's hex shows A2 moving in (it stops there), and
    the click does what was shown: a waypoint there, not the tank's record sheet."""
    app = new_app()
    scene = ready(app)
    b2 = app.state.unit("B2").at
    zoomed(app, scene, app.state.unit("A2").at)
    click(app, at(scene, app.state.unit("A2").at))
    assert b2 in scene.plan.reach(app.state).hexes
    move_to(app, at(scene, b2))
    assert "moves into B2's hex" in scene.info.get("title", "")
    click(app, at(scene, b2))
    assert scene.plan is not None and scene.plan.unit_id == "A2" and scene.plan.dest == b2


# --- 3. facing ---------------------------------------------------------------------------------


def _planned(app) -> tuple[PlayScene, Hex, tuple[int, ...]]:
    scene = ready(app)
    a2 = app.state.unit("A2")
    zoomed(app, scene, a2.at)
    click(app, at(scene, a2.at))
    reach = scene.plan.reach(app.state).hexes
    dest = next(h for h in sorted(reach) if len(reach[h][1]) == 6 and h != a2.at)
    return scene, dest, reach[dest][1]


def test_facing_follows_the_angle_from_the_hex_centre_with_a_dead_zone() -> None:
    app = new_app()
    scene, dest, _ = _planned(app)
    move_to(app, at(scene, dest))  # the middle: the path's own (cheapest) facing
    assert scene.plan.facing == scene.plan.default_facing(app.state, dest)
    for d, (dx, dy) in ((0, (0, -0.8)), (3, (0, 0.8)), (1, (0.7, -0.4)), (4, (-0.7, 0.4))):
        move_to(app, at(scene, dest, dx, dy))
        assert (scene.plan.dest, scene.plan.facing) == (dest, d)
    move_to(app, at(scene, dest, 1.1, 0.0))  # a little beyond the hex: still aiming there
    assert scene.plan.dest == dest
    assert "Facing " in " ".join(texts(app))


def test_q_e_and_brackets_step_the_facing_and_enter_commits_what_is_shown() -> None:
    app = new_app()
    scene, dest, faces = _planned(app)
    move_to(app, at(scene, dest))
    first = scene.plan.facing
    key(app, pygame.K_e, "e")
    assert scene.plan.facing == (first + 1) % 6 and scene.plan.locked
    key(app, pygame.K_RIGHTBRACKET, "]")
    key(app, pygame.K_q, "q")
    key(app, pygame.K_LEFTBRACKET, "[")
    assert scene.plan.facing == first
    key(app, pygame.K_e, "e")
    shown = scene.plan.facing
    assert scene.info["result"].end_facing == shown
    assert f"Facing {['N', 'NE', 'SE', 'S', 'SW', 'NW'][shown]} " in " ".join(texts(app))
    key(app, pygame.K_RETURN)
    a2 = app.state.unit("A2")
    assert a2.moved and (a2.at, a2.facing) == (dest, shown)


# --- 4. a move that goes on ----------------------------------------------------------------


def test_after_a_failed_stand_up_the_unit_stays_selected_and_s_ends_its_move() -> None:
    app = new_app()
    scene = fail_to_stand(app)
    finish(app)
    assert app.state.underway is not None and scene.plan.unit_id == "A1"
    assert not app.state.unit("A1").moved
    scene.select("A2")  # another unit has to wait
    assert scene.plan.unit_id == "A1" and "under way" in app.toast[0]
    labels = {b.action: b.label for b in scene.buttons}
    assert labels["stand"] == "End move (S)"
    key(app, pygame.K_s, "s")
    assert app.state.unit("A1").moved and app.state.underway is None


def test_u_alone_does_not_end_the_move_and_p_can_end_any_move() -> None:
    app = new_app()
    scene = fail_to_stand(app)
    finish(app)
    key(app, pygame.K_u, "u")  # the second attempt succeeds and uses the last 2 MP
    finish(app)
    assert not app.state.unit("A1").prone and app.state.unit("A1").moved
    # A2 (not prone) walks to a hex and lies down there with P
    click(app, (5, 5))  # B's hand-off (B moves between A's units)
    scene.select("B1")
    key(app, pygame.K_s, "s")
    click(app, (5, 5))
    a2 = app.state.unit("A2")
    zoomed(app, scene, a2.at)
    click(app, at(scene, a2.at))
    reach = scene.plan.reach(app.state).hexes
    dest = next(h for h in sorted(reach) if reach[h][0] <= 4 and h != a2.at)
    move_to(app, at(scene, dest))
    key(app, pygame.K_p, "p")
    a2 = app.state.unit("A2")
    assert a2.moved and a2.prone and a2.at == dest


# --- 5. counters and tooltips --------------------------------------------------------------


def test_counters_carry_a_label_and_hovering_any_unit_tells_its_state() -> None:
    from game.ui.map.sprites import counter_label

    app = new_app()
    scene = ready(app)
    b1 = app.state.unit("B1")
    assert counter_label(b1, 1.0) == "B1 WVR-6R" and counter_label(b1, 0.35) == "B1"
    zoomed(app, scene, b1.at)
    move_to(app, at(scene, b1.at))
    shown = texts(app)
    assert "B1 WVR-6R" in shown  # the counter's label
    assert "B1  Wolverine WVR-6R" in shown and "side B, pilot G4/P5" in shown
    assert any(t.startswith("armour ") and "structure " in t for t in shown)
    assert "has not moved yet this turn" in shown


def test_the_facing_marker_shows_at_the_smallest_zoom() -> None:
    from game.ui.map.sprites import draw_unit

    app = new_app()
    unit = app.state.unit("A2")
    surf = pygame.Surface((60, 60))
    surf.fill((0, 0, 0))
    draw_unit(surf, unit, (30, 30), 0.2, label=False)
    px = pygame.PixelArray(surf)
    # facing SE: the marker's light fill sits beyond the counter's rim towards the SE
    light = [(x, y) for x in range(60) for y in range(60) if surf.unmap_rgb(px[x, y]).r > 240]
    del px
    assert light
    mx = sum(x for x, _ in light) / len(light)
    my = sum(y for _, y in light) / len(light)
    assert mx > 33 and my > 31  # towards the south-east of the counter's centre


# --- 6. camera and new game ----------------------------------------------------------------


def test_the_starting_view_of_a_big_map_is_readable_and_f_fits_it() -> None:
    """The 32x34 map would fit at 21 %, too small to click: the view opens at 50 % on the
    side's units (issue 25); F shows the whole map."""
    app = new_app()
    scene = ready(app)
    corners = (Hex(0, 0), Hex(31, 0), Hex(0, 33), Hex(31, 33))
    cam = scene.view.camera
    assert cam.zoom == 0.5
    assert all(cam.in_view(*scene.view.centre(u.at)) for u in scene.movable())
    key(app, pygame.K_f, "f")
    assert all(scene.view.camera.in_view(*scene.view.centre(h)) for h in corners)
    scene.view.zoom(3)
    assert not all(scene.view.camera.in_view(*scene.view.centre(h)) for h in corners)
    key(app, pygame.K_f, "f")
    assert all(scene.view.camera.in_view(*scene.view.centre(h)) for h in corners)


def test_one_arrow_press_moves_a_useful_step_and_keyboard_zoom_keeps_the_centre() -> None:
    app = new_app()
    scene = ready(app)
    zoomed(app, scene, Hex(16, 16))
    cam = scene.view.camera
    x0 = cam.x
    key(app, pygame.K_RIGHT)
    post(app, (pygame.KEYUP, {"key": pygame.K_RIGHT, "mod": 0, "unicode": "", "scancode": 0}))
    assert scene.view.camera.x - x0 >= cam.view[2] / 5  # a quarter of the view, not 15 px
    cam = scene.view.camera
    vx, vy, vw, vh = cam.view
    before = cam.to_map(vx + vw / 2, vy + vh / 2)
    key(app, pygame.K_EQUALS, "=")
    key(app, pygame.K_MINUS, "-")
    cam = scene.view.camera
    after = cam.to_map(vx + vw / 2, vy + vh / 2)
    assert abs(after[0] - before[0]) < 2 and abs(after[1] - before[1]) < 2


def test_new_game_from_the_menu_asks_first_and_keeps_the_forces() -> None:
    app = new_app(scenario=None)
    start = app.top
    assert isinstance(start, StartScreen)
    start.forces["A"][0][1] = 3  # G3 for the first unit of side A
    key(app, pygame.K_RETURN)  # deployment
    built = {s: [list(u) for u in us] for s, us in start.forces.items()}
    click(app, (5, 5))
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, GameMenu)
    menu.choose("new")
    assert menu.asking and app.top is menu  # nothing left yet
    key(app, pygame.K_n, "n")
    assert not menu.asking and app.top is menu
    menu.choose("new")
    key(app, pygame.K_y, "y")
    fresh = app.top
    assert isinstance(fresh, StartScreen) and fresh.forces == built
    assert fresh.forces["A"][0][1:] == [3, 4]  # G3/P4 kept
    fresh.choose("add:B,LCT-1V")
    assert fresh.forces["B"][-1] == ["LCT-1V", 4, 5]  # a new unit: G4/P5


# --- 7. reach shading readable on any ground -----------------------------------------------


def test_reach_is_hatched_and_outlined_so_it_reads_on_water_and_pavement() -> None:
    """Over blue water a blue wash alone vanishes: the region also carries hatching and a
    dark-cased outline in the mode's colour (Okabe-Ito)."""
    from game.layout import DEFAULT_LAYOUT
    from game.ui.map.overlays import reach_layer
    from game.ui.widgets.palette import INK, REACH

    lay = DEFAULT_LAYOUT.scaled(1.0)
    hexes = {Hex(c, r): (1, (0,)) for c in range(2, 5) for r in range(2, 5)}
    layer = reach_layer(lay, hexes, 4, "walk")
    surf = layer.surface
    colour = REACH["walk"]

    def px(x: float, y: float):
        return surf.get_at((round(x - layer.x), round(y - layer.y)))

    # an outer hexside of the region (side 0 of the top row): the colour over a dark casing
    a, b = lay.corners(Hex(3, 2))[0], lay.corners(Hex(3, 2))[1]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert tuple(px(*mid))[:3] == colour and px(*mid).a == 255
    casing = [px(mid[0], mid[1] + dy) for dy in (-3, -2, 2, 3)]
    assert any(tuple(c)[:3] == INK and c.a > 200 for c in casing)
    # inside: hatch lines (opaque enough to read) between paler wash
    cx, cy = lay.centre(Hex(3, 3))
    alphas = {px(cx + dx, cy).a for dx in range(-20, 21)}
    assert max(alphas) >= 170 and min(alphas) <= 110
    # an inner hexside (between two reachable hexes) carries no outline
    a, b = lay.corners(Hex(3, 3))[0], lay.corners(Hex(3, 3))[1]
    inner = px((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert inner.a < 255
