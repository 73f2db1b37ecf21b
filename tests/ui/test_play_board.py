"""The map shows the board as it is now: a bridge hex that fell (MOV-27) shows the water
below it, a building that fell shows rubble, and the cached surfaces are rebuilt only
when the drawn terrain really changed.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.hexgrid import Hex
from game.maps import load_map
from game.phases.deployment import deploying_side, undeployed
from game.rules.move.bridges import without_bridges
from game.ui.map.render import MapRenderer, RenderOptions
from game.ui.map.tiles import load_tile_map, rubble_gid
from game.ui.widgets.palette import load_palette

REPO = Path(__file__).resolve().parents[2]
RIVER = REPO / "maps" / "river.tmx"
PLAIN = RenderOptions(grid=False, labels=False)


def _bridge_hexes(board) -> list[Hex]:
    rows, cols = np.nonzero(board.bridge_class)
    return [Hex(int(c), int(r)) for r, c in zip(rows, cols, strict=True)]


def _pixel(surf: pygame.Surface, renderer: MapRenderer, h: Hex) -> tuple[int, int, int]:
    x, y = renderer.layout_at(1.0).centre(h)
    return tuple(surf.get_at((round(x), round(y))))[:3]  # type: ignore[return-value]


def _watery(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return b > r + 40 and b > g


def _with_rubble(board, h: Hex):
    """The board with hex ``h`` turned to rubble and its building (if any) gone."""
    cls, rub = board.building_class.copy(), board.rubble.copy()
    cls[h.row, h.col], rub[h.row, h.col] = 0, True
    for a in (cls, rub):
        a.setflags(write=False)
    return replace(board, building_class=cls, rubble=rub)


@pytest.fixture(scope="module")
def river():
    board = load_map(RIVER)
    return board, load_tile_map(RIVER)


def test_fallen_bridge_hex_shows_water_not_deck_MOV_27(river) -> None:
    board, tiles = river
    renderer = MapRenderer(board, tiles)
    bridge = _bridge_hexes(board)
    assert bridge, "the river map has a bridge"
    h = bridge[0]
    deck = load_palette().colour("terrain", "bridge_medium")[:3]
    before = _pixel(renderer.surface(1.0, PLAIN), renderer, h)
    assert not _watery(before)
    assert max(abs(a - b) for a, b in zip(before, deck, strict=True)) < 30  # the deck
    assert board.water[h.row, h.col] >= 1  # what lies below

    assert renderer.set_board(without_bridges(board, [h])) is True
    assert not renderer.cached(1.0, PLAIN)  # every zoom level dropped
    after = _pixel(renderer.surface(1.0, PLAIN), renderer, h)
    assert _watery(after), after
    # the other bridge hex still stands, its deck is still drawn
    other = _pixel(renderer.surface(1.0, PLAIN), renderer, bridge[1])
    assert not _watery(other)


def test_fallen_bridge_has_no_road_across_at_other_zooms(river) -> None:
    board, tiles = river
    renderer = MapRenderer(board, tiles)
    renderer.set_board(without_bridges(board, _bridge_hexes(board)))
    for zoom in (0.5, 1.5):
        surf = renderer.surface(zoom, PLAIN)
        for h in _bridge_hexes(board):
            x, y = renderer.layout_at(zoom).centre(h)
            assert _watery(tuple(surf.get_at((round(x), round(y))))[:3])


def test_same_terrain_keeps_the_cache_and_a_new_game_restores_the_bridge(river) -> None:
    board, tiles = river
    renderer = MapRenderer(board, tiles)
    renderer.surface(1.0, PLAIN)
    cf = board.building_cf.copy()
    cf.setflags(write=False)
    assert renderer.set_board(replace(board, building_cf=cf)) is False  # CF is not drawn
    assert renderer.cached(1.0, PLAIN)
    h = _bridge_hexes(board)[0]
    renderer.set_board(without_bridges(board, [h]))
    assert _watery(_pixel(renderer.surface(1.0, PLAIN), renderer, h))
    assert renderer.set_board(board) is True  # the next game starts on the whole map
    assert not _watery(_pixel(renderer.surface(1.0, PLAIN), renderer, h))


def test_fallen_building_shows_the_rubble_tile(river) -> None:
    board, tiles = river
    gid = rubble_gid(tiles)
    assert gid is not None and tiles.properties[gid].get("id") == 19
    renderer = MapRenderer(board, tiles)
    h = Hex(0, 0)
    x, y = renderer.layout_at(1.0).centre(h)
    area = pygame.Rect(round(x) - 20, round(y) - 15, 40, 30)
    before = renderer.surface(1.0, PLAIN).subsurface(area).copy()
    renderer.set_board(_with_rubble(board, h))
    after = renderer.surface(1.0, PLAIN).subsurface(area)
    diff = np.abs(
        pygame.surfarray.array3d(before).astype(int) - pygame.surfarray.array3d(after).astype(int)
    )
    assert diff.sum(axis=2).mean() > 40  # the rubble art covers the hex centre
    # a hex two columns away is untouched
    far = renderer.layout_at(1.0).centre(Hex(3, 3))
    surf0 = MapRenderer(board, tiles).surface(1.0, PLAIN)
    p = (round(far[0]), round(far[1]))
    assert surf0.get_at(p) == renderer.surface(1.0, PLAIN).get_at(p)


def deployed_app(path: Path = RIVER, size=(1280, 720), seed: int = 3):
    """An App on the play screen of ``path`` with one Mech per side deployed (hand-off
    prompt dismissed); the state is built through game.flow.apply like a real game."""
    from game.flow import apply_strict
    from game.phases.actions import AddUnit, Deploy, StartGame
    from game.rules.deploy import legal_deploy_hexes
    from game.setup import new_game_from_map
    from game.ui.app.app import App

    state = new_game_from_map(path, seed=seed)
    for action in (AddUnit("HBK-4G", "A"), AddUnit("JR7-D", "B"), StartGame()):
        state = apply_strict(state, action).state
    while state.phase == "deployment":
        unit = undeployed(state, deploying_side(state))[0]
        spots = legal_deploy_hexes(state.board, unit.side, state.units, unit.kind)
        state = apply_strict(state, Deploy(unit.id, min(spots), 2)).state
    app = App(pygame.display.set_mode(size))
    app.start_game(state)
    app.top.handoff = None
    return app


def test_play_screen_draws_the_board_of_the_state(monkeypatch, tmp_path) -> None:
    """Through the play screen: a state whose board lost a bridge hex draws water there."""
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    app = deployed_app()
    scene = app.top
    board = app.state.board
    h = _bridge_hexes(board)[0]
    scene.view.centre_on(h)
    app.draw()
    x, y = scene.view.centre(h)
    assert not _watery(tuple(app.screen.get_at((round(x), round(y))))[:3])
    app.state = replace(app.state, board=without_bridges(board, [h]))
    app.draw()
    assert _watery(tuple(app.screen.get_at((round(x), round(y))))[:3])


def test_bridge_warning_in_the_summary_and_on_the_hex_MOV_27(monkeypatch, tmp_path) -> None:
    """A path onto a bridge too weak for the unit: the summary has a red warning line and
    the hex a warning marker whose hover is the rules' sentence."""
    from game.ui.map.overlays import MoveWarning, move_warnings
    from game.ui.widgets.palette import BAD
    from game.ui.widgets.panels import summary_rows

    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    app = deployed_app()
    scene = app.top
    bank, bridge = Hex(8, 8), Hex(9, 8)
    units = tuple(replace(u, at=bank, facing=2) if u.id == "A1" else u for u in app.state.units)
    app.state = replace(app.state, units=units)
    scene.select("A1")
    x, y = scene.view.centre(bridge)
    scene._update_hover((round(x) + 1, round(y - 25 * scene.view.camera.zoom)))
    assert scene.plan.dest == bridge and scene.info["result"].legal  # legal, but it warns
    (w,) = scene.info["warnings"]
    assert w.at == bridge and "50 t" in w.text and "CF 40" in w.text
    rows = summary_rows(scene.info)
    assert any(text == f"! {w.text}" and colour == BAD for text, colour, _ in rows)
    marks = [m for m in scene.path_layer.markers if isinstance(m[3], MoveWarning)]
    assert len(marks) == 1
    mx, my, _, _ = marks[0]
    sx, sy = scene.view.camera.to_screen(mx, my)
    assert scene.path_layer.marker_at(scene.view.camera, sx, sy) == w
    app.draw()  # the panel, the marker and its tooltip draw
    # the referee's JSON form reads the same
    as_json = {"type": "bridge_collapse", "at": app.state.board.hex_name(bridge), "text": w.text}
    assert move_warnings(replace(scene.info["result"], warnings=(as_json,)), None) == (
        MoveWarning("bridge_collapse", bridge, w.text),
    )


def test_collapsed_building_on_the_city_map_is_drawn_as_rubble_PSR_32() -> None:
    """The game's own collapse (movers.with_building_cf at CF 0): the building tile gives
    way to the rubble tile; a damaged building that still stands keeps its tile."""
    from game.phases.movers import with_building_cf

    city = REPO / "maps" / "city.tmx"
    board, tiles = load_map(city), load_tile_map(city)
    rows, cols = np.nonzero(board.building_class)
    fallen, damaged = Hex(int(cols[0]), int(rows[0])), Hex(int(cols[1]), int(rows[1]))
    renderer = MapRenderer(board, tiles)
    before = renderer.surface(1.0, PLAIN).copy()
    cf = int(board.building_cf[damaged.row, damaged.col])
    now = with_building_cf(board, ((fallen, 0), (damaged, max(1, cf // 2))))
    assert renderer.set_board(now) is True
    assert renderer.fallen_buildings()[fallen.row, fallen.col]
    assert not renderer.fallen_buildings()[damaged.row, damaged.col]
    after = renderer.surface(1.0, PLAIN)

    def patch(surf, h):
        x, y = renderer.layout_at(1.0).centre(h)
        area = pygame.Rect(round(x) - 15, round(y) - 10, 30, 20)
        return pygame.surfarray.array3d(surf.subsurface(area)).astype(int)

    assert np.abs(patch(before, fallen) - patch(after, fallen)).sum(axis=2).mean() > 40
    assert np.array_equal(patch(before, damaged), patch(after, damaged))
