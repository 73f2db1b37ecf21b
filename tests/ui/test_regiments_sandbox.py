"""Scene tests of the regiments sandbox and of choosing the rule set, under the dummy
driver: the start screens' rule-set tabs, the regiments start screen's Sandbox button,
placing from the palette (the ghost, a refusal with its reason, Shift for contact),
orders for any regiment at any time, turning, picking up, removing and markers, undo and
redo, saving a scenario the referee judges, and the hex game's load dialog opening
regiments files. Screenshots at 1280x720 are drawn (not compared)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.referee.moves import answer
from game.regiments.sandbox import SAVE_NAME
from game.regiments.save import save_game
from game.regiments.scenario import load as load_scenario
from game.regiments.setup import game_from_armies, table_for
from game.ui.app.regiments_cmd import RegimentsArgsError, parse
from game.ui.scenes.hexes.start import StartScreen
from game.ui.scenes.regiments.files import label
from game.ui.scenes.regiments.scene import RegimentsScene
from game.ui.scenes.regiments.start import RegimentsStart

from .test_regiments_scene import SCENARIO, click, drag, key, new_app, post, px, scene_of


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):  # noqa: ANN001, ANN202
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)
    pygame.key.set_mods(0)


def button(app, action: str):  # noqa: ANN001, ANN201
    app.draw()
    return next(b for b in app.top.buttons if b.action == action)


def press(app, action: str) -> None:  # noqa: ANN001
    click(app, button(app, action).rect.center)


def move(app, pos) -> None:  # noqa: ANN001
    post(app, (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}))


def sandbox_app(argv: list[str] | None = None):  # noqa: ANN001, ANN201
    app = new_app(argv if argv is not None else ["--sandbox", "--scenario", str(SCENARIO)])
    assert scene_of(app).tools is not None
    return app


def hex_app(size: tuple[int, int] = (1280, 720)):  # noqa: ANN201
    from game.ui.app.play import Args, make_app

    screen = pygame.display.set_mode(size)
    return make_app(Args(None, None, None, size, 3), screen)


# --- choosing the rule set ----------------------------------------------------------------


def test_the_start_screen_offers_regiments_and_back(tmp_path) -> None:  # noqa: ANN001
    app = hex_app()
    assert isinstance(app.top, StartScreen)
    press(app, "ruleset:regiments")
    assert isinstance(app.top, RegimentsStart)
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "regiments-start.png"))
    assert button(app, "ruleset:regiments").active
    press(app, "ruleset:hex")
    assert isinstance(app.top, StartScreen)


def test_the_regiments_start_screen_opens_the_sandbox_with_the_armies() -> None:
    app = new_app(["--seed", "5"])
    press(app, "army:B=levy")
    press(app, "open-sandbox")
    sc = scene_of(app)
    assert sc.state.start.sandbox and sc.tools is not None
    assert {r.name for r in sc.state.side_regiments("B")} == {"Militia", "Archers"}


def test_no_army_gives_an_empty_sandbox_but_no_game() -> None:
    app = new_app(["--seed", "5"])
    press(app, "army:A=")
    press(app, "army:B=")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, RegimentsStart) and "army on each side" in app.toast[0]
    key(app, pygame.K_s)
    sc = scene_of(app)
    assert sc.state.regiments == () and sc.state.start.sandbox


def test_the_command_line_sandbox() -> None:
    app = sandbox_app(["--sandbox", "--seed", "2"])
    assert scene_of(app).state.start.table.width == 180 and not scene_of(app).state.regiments
    with pytest.raises(RegimentsArgsError, match="not --load"):
        parse(["--sandbox", "--load", str(SCENARIO)])


# --- placing ------------------------------------------------------------------------------


def test_place_from_the_palette_with_the_ghost_and_its_reason(tmp_path) -> None:  # noqa: ANN001
    app = sandbox_app()
    sc = scene_of(app)
    press(app, "sb:army=horde")
    key(app, pygame.K_3)  # the Horde's third unit type: Ogres
    assert sc.tools.unit_type == "ogres"
    move(app, px(sc, (40, 40)))
    reg, why = sc.tools.ghost()
    assert why is None and np.allclose(reg.centre(), (40, 40), atol=0.5)
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "placing.png"))
    click(app, px(sc, (40, 40)))
    placed = sc.state.get("A3")
    assert placed is not None and placed.name == "Ogres" and placed.side == "A"
    b1 = sc.state.get("B1")
    move(app, px(sc, b1.centre()))
    _, why = sc.tools.ghost()
    assert "would overlap the Warband (B1)" in why
    click(app, px(sc, b1.centre()))
    assert "overlap" in app.toast[0] and len(sc.state.regiments) == 5


def test_reg_04_shift_places_within_3_cm_of_an_enemy() -> None:
    app = sandbox_app()
    sc = scene_of(app)
    key(app, pygame.K_1)  # Spearmen, side A, facing north
    b2 = sc.state.get("B2")  # Ogres at (94..110, 22..30), facing south: front edge y = 30
    spot = (102.0, 30.0 + 6.0 + 1.0)  # spearmen are 12 cm deep: front edge 1 cm from B2
    move(app, px(sc, spot))
    assert "within 3 cm of the Ogres (B2)" in sc.tools.ghost()[1]
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    move(app, px(sc, spot))
    assert sc.tools.ghost()[1] is None
    click(app, px(sc, spot))
    pygame.key.set_mods(0)
    assert sc.state.get("A3") is not None and b2 is sc.state.get("B2")


# --- orders and edits ---------------------------------------------------------------------


def test_any_regiment_takes_orders_at_any_time() -> None:
    app = sandbox_app()
    sc = scene_of(app)
    b1 = sc.state.get("B1")
    for n in (1, 2):  # twice: its activation marker does not stop it in the sandbox
        click(app, px(sc, sc.state.get("B1").centre()))
        assert sc.plan is not None and sc.plan.unit == "B1"
        reg = sc.state.get("B1")
        mid = reg.corners()[:2].mean(axis=0)
        fwd, _ = reg.axes()
        drag(app, px(sc, mid), px(sc, mid + 2.0 * fwd))
        key(app, pygame.K_RETURN)
        assert sc.state.get("B1").front_left[1] == pytest.approx(
            b1.front_left[1] + 2.0 * n, abs=0.2
        )
    assert sc.plan is not None and sc.plan.unit == "B1"  # still selected after the order


def test_turn_pick_up_remove_and_markers() -> None:
    app = sandbox_app()
    sc = scene_of(app)
    a1 = sc.state.get("A1")
    click(app, px(sc, a1.centre()))
    key(app, pygame.K_r)
    turned = sc.state.get("A1")
    assert turned.facing == 15.0 and np.allclose(turned.centre(), a1.centre())
    key(app, pygame.K_k)
    assert sc.state.get("A1").markers == ("hold",)
    key(app, pygame.K_g)
    assert sc.tools.carrying == "A1"
    key(app, pygame.K_r, pygame.KMOD_SHIFT)
    click(app, px(sc, (30, 40)))
    moved = sc.state.get("A1")
    assert np.allclose(moved.centre(), (30, 40), atol=0.5) and moved.facing == 0.0
    key(app, pygame.K_DELETE)
    assert sc.state.get("A1") is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert sc.state.get("A1") == moved
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert sc.state.get("A1") is None


def test_a_sandbox_charge_asks_for_the_countercharge() -> None:
    app = sandbox_app()
    sc = scene_of(app)
    click(app, px(sc, sc.state.get("B1").centre()))
    key(app, pygame.K_c)
    click(app, px(sc, sc.state.get("A2").centre()))
    assert sc.plan.target == "A2" and sc.verdict is not None and sc.verdict.legal
    key(app, pygame.K_RETURN)
    assert sc.state.pending is not None and sc.state.pending.ask == "A2"  # no marker: it may
    app.draw()  # the question is drawn over the table
    assert {"yes", "no"} <= {b.action for b in app.top.buttons}
    key(app, pygame.K_n, uni="n")
    assert sc.state.pending is None and ("A2", "B1") in sc.state.contacts


# --- files --------------------------------------------------------------------------------


def test_ctrl_s_saves_a_scenario_with_the_planned_order(tmp_path) -> None:  # noqa: ANN001
    app = sandbox_app()
    sc = scene_of(app)
    a1 = sc.state.get("A1")
    click(app, px(sc, a1.centre()))
    mid = a1.corners()[:2].mean(axis=0)
    drag(app, px(sc, mid), px(sc, mid + np.array([0.0, -3.0])))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    path = tmp_path / "saves" / SAVE_NAME
    data = json.loads(path.read_text())
    assert data["order"]["unit"] == "A1" and data["order"]["type"] == "move"
    got = answer(["regiment", str(path)])
    assert got["legal"] is True and got["end"]["front_left"][1] == pytest.approx(77.0, abs=0.1)
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert sc.saves == [path] and "regiments sandbox" in label(path)


def test_the_hex_load_dialog_lists_and_opens_regiments_files(tmp_path) -> None:  # noqa: ANN001
    saves = tmp_path / "saves"
    saves.mkdir()
    game = game_from_armies(table_for(None), {"A": "royal", "B": "levy"}, seed=4)
    save_game(game, saves / "regiments-quicksave.json")
    app = hex_app()
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    dialog = app.top
    assert dialog.scene_name == "load"
    app.draw()
    assert label(saves / "regiments-quicksave.json").endswith("(regiments game)")
    key(app, pygame.K_RETURN)
    sc = scene_of(app)
    assert isinstance(sc, RegimentsScene) and sc.state.regiments == game.regiments
    assert sc.tools is None


def test_a_damaged_regiments_file_keeps_the_hex_dialog_open(tmp_path) -> None:  # noqa: ANN001
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "broken.json").write_text('{"version": 1, "ruleset": "regiments"}')
    app = hex_app()
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    assert app.top.scene_name == "load" and "no 'table'" in app.top.error


def test_docs_screens(tmp_path: Path) -> None:
    """The sandbox's palette with a ghost and a selected regiment with its buttons."""
    app = sandbox_app(["--sandbox", "--scenario", str(SCENARIO)])
    sc = scene_of(app)
    key(app, pygame.K_2)
    move(app, px(sc, (60, 40)))
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "sandbox.png"))
    key(app, pygame.K_ESCAPE)
    click(app, px(sc, sc.state.get("B2").centre()))
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "sandbox-selected.png"))
    assert sc.plan is not None and sc.plan.unit == "B2"


# --- the mouse only -----------------------------------------------------------------------


def test_the_sandbox_with_the_mouse_only(tmp_path) -> None:  # noqa: ANN001
    """Place for both sides from the palette, move one, undo, charge and save: clicks."""
    app = sandbox_app(["--sandbox", "--seed", "2"])
    sc = scene_of(app)
    press(app, "sb:side=B")
    press(app, "sb:army=horde")
    press(app, "sb:type=ogres")
    move(app, px(sc, (90, 40)))
    click(app, px(sc, (90, 40)))
    ogres = sc.state.get("B1")
    assert ogres.name == "Ogres" and ogres.facing == 180.0  # side B faces south
    press(app, "sb:side=A")
    press(app, "sb:army=royal")
    press(app, "sb:type=knights")
    click(app, px(sc, (90, 75)))
    knights = sc.state.get("A1")
    assert knights.name == "Knights" and knights.facing == 0.0
    press(app, "sb:stop")
    assert sc.tools.unit_type is None
    click(app, px(sc, knights.centre()))
    mid = knights.corners()[:2].mean(axis=0)
    drag(app, px(sc, mid), px(sc, mid + np.array([0.0, -4.0])))
    press(app, "commit")
    assert sc.state.get("A1").front_left[1] == pytest.approx(knights.front_left[1] - 4, abs=0.2)
    press(app, "undo")
    assert sc.state.get("A1") == knights
    click(app, px(sc, knights.centre()))
    fl, fr = knights.corners()[:2]
    t = np.radians(20)
    swing = fr + np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]]) @ (fl - fr)
    drag(app, px(sc, fl), px(sc, swing))  # REG-02: the left front corner about the right
    assert [st.kind for st in sc.plan.steps] == ["wheel"]
    press(app, "commit")
    assert 15 < sc.state.get("A1").facing < 25
    press(app, "undo")
    assert sc.state.get("A1") == knights
    click(app, px(sc, knights.centre()))
    press(app, "charge")
    click(app, px(sc, ogres.centre()))
    assert sc.verdict is not None and sc.verdict.legal, sc.verdict
    press(app, "commit")
    if sc.state.pending is not None:  # the Ogres have no marker: they are asked
        press(app, "no")
    assert ("A1", "B1") in sc.state.contacts or ("B1", "A1") in sc.state.contacts
    assert sc.plan is None  # after the answer nothing is selected: the palette is shown
    press(app, "sb:save")
    path = tmp_path / "saves" / SAVE_NAME
    saved = {r.id: r for r in load_scenario(path).regiments}  # the referee's reader
    for r in sc.state.regiments:
        assert saved[r.id].front_left == pytest.approx(r.front_left, abs=0.01)


# --- Ctrl+O from the regiments start screen, the debug layout of the start screens --------


def test_ctrl_o_on_the_regiments_start_screen_opens_a_sandbox_scenario() -> None:
    app = sandbox_app()
    before = scene_of(app).state.regiments
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # the sandbox as a scenario in the save folder
    app = new_app(["--seed", "5"])
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.top.scene_name == "load"
    app.draw()
    key(app, pygame.K_RETURN)
    sc = scene_of(app)
    assert sc.tools is not None and sc.state.regiments == before


def test_the_start_screens_write_their_buttons(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    layout = tmp_path / "layout.json"
    monkeypatch.setenv("HEXPLATE_DEBUG_LAYOUT", str(layout))
    app = hex_app()
    app.draw()
    data = json.loads(layout.read_text())
    assert data["screen"] == "start"
    x, y = data["buttons"]["ruleset:regiments"]
    click(app, (x, y))
    app.draw()
    data = json.loads(layout.read_text())
    assert data["screen"] == "regiments-start" and "start" in data["buttons"]


def test_f1_in_the_sandbox_lists_its_keys_first(tmp_path) -> None:  # noqa: ANN001
    from game.ui.scenes.regiments.draw import KEYS, _help

    app = sandbox_app()
    sc = scene_of(app)
    key(app, pygame.K_F1)
    assert sc.help
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "sandbox-help.png"))
    title, rows = _help(sc.tools)
    assert "sandbox" in title and rows[0][0] == "Click any regiment"
    assert any(k.startswith("Palette") for k, _ in rows) and _help(None)[1] == KEYS


@pytest.mark.parametrize("size", [(900, 600), (1280, 720), (1920, 1080)], ids=str)
def test_the_new_screens_keep_their_text_inside_their_boxes(size) -> None:  # noqa: ANN001
    """As tests/ui/test_layout_fit.py: both start screens with their tabs, the sandbox's
    palette while placing and with a regiment selected."""
    from game.ui.widgets.fonts import recording

    shots = []
    app = new_app(["--seed", "5"], size)
    shots.append(("regiments start", app))
    app = new_app(["--sandbox", "--scenario", str(SCENARIO)], size)
    sc = scene_of(app)
    key(app, pygame.K_2)
    move(app, px(sc, (60, 40)))
    shots.append(("sandbox placing", app))
    problems = []
    for name, a in shots:
        with recording() as placed:
            a.draw()
        problems += [f"{name}: {p.what!r} at {p.rect} outside {p.bounds}" for p in placed
                     if not p.inside]  # fmt: skip
    key(app, pygame.K_ESCAPE)
    click(app, px(sc, sc.state.get("B2").centre()))
    with recording() as placed:
        app.draw()
    problems += [f"selected: {p.what!r} outside {p.bounds}" for p in placed if not p.inside]
    hexes = hex_app(size)
    with recording() as placed:
        hexes.draw()
    problems += [f"hex start: {p.what!r} outside {p.bounds}" for p in placed if not p.inside]
    assert not problems, "\n".join(problems[:20])
