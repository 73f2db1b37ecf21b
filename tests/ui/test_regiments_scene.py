"""Scene tests of the regiments screen under the dummy driver: selecting, dragging the
front edge and a corner (the plan and its live verdict), illegal positions with their
reason, committing only on Enter, a charge with its countercharge question, undo, and
saving / loading regiments games; screenshots at 1280x720 are drawn (not compared)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.regiments.save import load_game
from game.ui.app.regiments_cmd import make_app, parse
from game.ui.scenes.regiments.plan import pose_after
from game.ui.scenes.regiments.scene import RegimentsScene
from game.ui.scenes.regiments.start import RegimentsStart

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "ui" / "data" / "regiments_scene.json"


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):  # noqa: ANN001, ANN202
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    monkeypatch.delenv("HEXPLATE_DEBUG_LAYOUT", raising=False)


def new_app(argv: list[str] | None = None, size=(1280, 720)):  # noqa: ANN001, ANN201
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    return make_app(
        parse(argv if argv is not None else ["--scenario", str(SCENARIO), "--seed", "3"]), screen
    )


def post(app, *events) -> None:  # noqa: ANN001
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, attrs))
    app.step(pygame.event.get(), 1 / 60)


def key(app, k: int, mod: int = 0, uni: str = "") -> None:  # noqa: ANN001
    post(app, (pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": uni, "scancode": 0}))


def px(scene: RegimentsScene, p) -> tuple[int, int]:  # noqa: ANN001
    x, y = scene.cam.to_screen(np.asarray(p, float))
    return round(float(x)), round(float(y))


def drag(app, a, b, steps: int = 5) -> None:  # noqa: ANN001
    post(
        app,
        (pygame.MOUSEMOTION, {"pos": a, "rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"pos": a, "button": 1}),
    )
    for i in range(1, steps + 1):
        p = (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        post(app, (pygame.MOUSEMOTION, {"pos": p, "rel": (0, 0), "buttons": (1, 0, 0)}))
    post(app, (pygame.MOUSEBUTTONUP, {"pos": b, "button": 1}))


def click(app, pos) -> None:  # noqa: ANN001
    post(
        app,
        (pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}),
        (pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}),
    )


def scene_of(app) -> RegimentsScene:  # noqa: ANN001
    assert isinstance(app.top, RegimentsScene)
    return app.top


def test_select_then_drag_the_front_edge_and_commit_on_enter(tmp_path) -> None:  # noqa: ANN001
    app = new_app()
    sc = scene_of(app)
    assert sc.state.to_act == "A"
    a1 = sc.state.get("A1")
    click(app, px(sc, a1.centre()))
    assert sc.plan is not None and sc.plan.unit == "A1"
    mid = a1.corners()[:2].mean(axis=0)
    drag(app, px(sc, mid), px(sc, mid + np.array([0, -5])))
    (step,) = sc.plan.steps
    assert step.kind == "forward" and step.amount == pytest.approx(5, abs=0.5)
    assert sc.verdict.legal and sc.state.get("A1") == a1  # nothing moved yet
    pygame.image.save(app.screen, str(tmp_path / "edge.png"))
    key(app, pygame.K_RETURN)
    moved = sc.state.get("A1") if app.top is sc else scene_of(app).state.get("A1")
    assert moved.front_left == pytest.approx((20, 80 - step.amount)) and moved.activated
    assert scene_of(app).state.to_act == "B"


def test_a_corner_drag_wheels_about_the_other_corner() -> None:
    app = new_app()
    sc = scene_of(app)
    a1 = sc.state.get("A1")
    click(app, px(sc, a1.centre()))
    fl, fr = a1.corners()[:2]
    turn = np.radians(25)
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    drag(app, px(sc, fl), px(sc, fr + rot @ (fl - fr)))
    (step,) = sc.plan.steps
    assert step.kind == "wheel" and step.amount == pytest.approx(25, abs=1.5)
    end = pose_after(a1, sc.plan.steps)
    assert end.front_right == pytest.approx(a1.front_right)  # the pivot stays
    assert sc.verdict.legal and sc.verdict.used == pytest.approx(16 * np.radians(step.amount))
    key(app, pygame.K_BACKSPACE)
    assert sc.plan.steps == ()


def test_an_illegal_drag_is_red_with_its_reason() -> None:
    app = new_app()
    sc = scene_of(app)
    a2 = sc.state.get("A2")
    click(app, px(sc, a2.centre()))
    mid = a2.corners()[:2].mean(axis=0)
    drag(app, px(sc, mid), px(sc, mid + np.array([0, -6.5])))  # B1's front is 8 cm ahead
    assert not sc.verdict.legal and "within 3 cm of the Warband (B1)" in sc.verdict.error
    key(app, pygame.K_RETURN)
    assert scene_of(app).state.get("A2") == a2  # refused: nothing moved
    assert app.toast and "within 3 cm" in app.toast[0]


def test_clicking_an_enemy_or_a_marked_unit_only_says_why() -> None:
    app = new_app()
    sc = scene_of(app)
    click(app, px(sc, sc.state.get("B1").centre()))
    assert sc.plan is None and "belongs to side B" in app.toast[0]


def test_charge_preview_then_countercharge_question(tmp_path) -> None:  # noqa: ANN001
    app = new_app()
    sc = scene_of(app)
    a2, b1 = sc.state.get("A2"), sc.state.get("B1")
    click(app, px(sc, a2.centre()))
    key(app, pygame.K_c)
    post(
        app, (pygame.MOUSEMOTION, {"pos": px(sc, b1.centre()), "rel": (0, 0), "buttons": (0, 0, 0)})
    )
    assert sc.plan.target == "B1" and sc.verdict.legal and sc.verdict.contact.unit == "B1"
    assert sc.verdict.halt is not None
    pygame.image.save(app.screen, str(tmp_path / "charge.png"))
    key(app, pygame.K_RETURN)
    sc = scene_of(app)
    assert sc.state.phase == "countercharge" and sc.state.pending.ask == "B1"
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "question.png"))
    key(app, pygame.K_n, uni="n")
    assert sc.state.phase == "activation" and ("A2", "B1") in sc.state.contacts


def test_formation_buttons_plan_and_enter_commits() -> None:
    app = new_app()
    sc = scene_of(app)
    click(app, px(sc, sc.state.get("A1").centre()))
    face = next(b for b in sc.buttons if b.action == "face:90")
    click(app, face.rect.center)
    assert sc.plan.kind == "face" and sc.verdict.legal
    assert sc.state.get("A2").facing == 0
    key(app, pygame.K_KP_ENTER)
    r = scene_of(app).state.get("A1")
    assert r.facing == 90 and (r.files, r.ranks) == (2, 4)


def test_undo_redo_and_save_load() -> None:
    app = new_app()
    sc = scene_of(app)
    click(app, px(sc, sc.state.get("A2").centre()))
    key(app, pygame.K_h, uni="h")
    key(app, pygame.K_RETURN)
    assert sc.state.get("A2").holding
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert not sc.state.get("A2").markers
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert sc.state.get("A2").holding
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = Path(app.toast[0].removeprefix("Saved to "))
    assert load_game(saved) == sc.state
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    assert sc.saves == [saved]
    app.draw()
    click(
        app,
        sc.saves
        and __import__("game.ui.scenes.regiments.draw", fromlist=["x"]).load_rows(sc)[0][0].center,
    )
    assert scene_of(app).state == sc.state


def test_the_start_screen_picks_armies_and_starts(tmp_path) -> None:  # noqa: ANN001
    app = new_app(["--seed", "5"])
    assert isinstance(app.top, RegimentsStart)
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "start.png"))
    levy = next(b for b in app.top.buttons if b.action == "army:B=levy")
    click(app, levy.rect.center)
    key(app, pygame.K_RETURN)
    sc = scene_of(app)
    assert {r.name for r in sc.state.side_regiments("B")} == {"Militia", "Archers"}


def test_debug_layout_names_every_regiment(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    out = tmp_path / "layout.json"
    monkeypatch.setenv("HEXPLATE_DEBUG_LAYOUT", str(out))
    app = new_app()
    app.draw()
    data = json.loads(out.read_text())
    assert set(data["regiments"]) == {"A1", "A2", "B1", "B2"} and data["to_act"] == "A"


def test_play_hands_a_regiments_scenario_over() -> None:
    from game.ui.app.play import _regiments_file

    assert _regiments_file(SCENARIO)
    assert not _regiments_file(REPO / "tests" / "ui" / "data" / "e2e_scenario.json")


def test_a_refused_charge_says_why_at_the_cursor(monkeypatch) -> None:  # noqa: ANN001
    """Issue 25, finding 17: the reason sat at the table's left edge, far from the cursor."""
    from game.ui.scenes.regiments import draw

    app = new_app()
    sc = scene_of(app)
    boxes: list[tuple[tuple[int, int], list]] = []
    real = draw.text_box
    monkeypatch.setattr(draw, "text_box", lambda s, at, lines, size: boxes.append((at, lines))
                        or real(s, at, lines, size))  # fmt: skip
    refused = None
    for uid in ("A1", "A2"):
        for enemy in [r for r in sc.state.regiments if r.side == "B"]:
            sc.plan = None
            click(app, px(sc, sc.state.get(uid).centre()))
            key(app, pygame.K_c)
            far = px(sc, enemy.centre())
            far = (far[0] + 3, far[1] + 2)
            post(app, (pygame.MOUSEMOTION, {"pos": far, "rel": (0, 0), "buttons": (0, 0, 0)}))
            if sc.verdict is not None and not sc.verdict.legal:
                refused = far
                break
        if refused:
            break
    assert refused is not None, "some charge of the scenario is refused"
    far = refused
    boxes.clear()
    app.draw()
    (at, lines), *_ = [b for b in boxes if b[1][0][0] == (sc.verdict.error or "illegal")]
    assert abs(at[0] - far[0]) < 40 and abs(at[1] - far[1]) < 40
