"""Scene tests of the Tactical Operations controls (the tacops option, ADV-01..23 on the
movement screen): the start screen's switch, crawl (K), careless paths (X) with their
roll markers, hull-down (H), physical attack defence (D) and a WiGE flown with the
mouse. Each control must send the action the screen previewed; the state changes only
as the rules say.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.hexgrid import Hex
from game.phases.actions import CommitMove
from game.phases.movers import reach_of
from game.save import load_game, save_game
from game.ui.scenes.hexes.start import StartScreen

from .test_play_scene import REPO, at, click, finish_animation, key, move_to, new_app, ready

TACOPS = REPO / "tests" / "ui" / "data" / "tacops_scenario.json"
PLAIN = REPO / "tests" / "ui" / "data" / "e2e_scenario.json"


def last_move(app) -> CommitMove:
    a = app.state.history[-1]
    assert isinstance(a, CommitMove)
    return a


def select(app, scene, uid: str) -> None:
    click(app, at(scene, app.state.unit(uid).at))
    assert scene.plan is not None and scene.plan.unit_id == uid


def test_start_screen_ctrl_t_switches_the_tacops_option_and_the_save_keeps_it(tmp_path: Path):
    app = new_app(None)
    start = app.top
    assert isinstance(start, StartScreen) and not start.rules.tacops
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    assert start.rules.tacops
    app.step([], 1 / 60)  # drawn: the button says so
    assert any(b.action == "tacops" and b.active for b in start.buttons)
    key(app, pygame.K_RETURN)
    assert app.state is not None and app.state.rules.tacops
    path = tmp_path / "g.json"
    save_game(app.state, path)
    assert load_game(path).rules.tacops
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)  # no effect outside the start screen


def test_the_command_line_tacops_flag_turns_the_option_on_for_any_scenario():
    from game.ui.app.play import Args, initial_state, parse_args

    assert parse_args([str(PLAIN), "--tacops"]).tacops
    assert initial_state(Args(None, PLAIN, None, (1280, 720), 7, tacops=True)).rules.tacops
    assert not initial_state(Args(None, PLAIN, None, (1280, 720), 7)).rules.tacops
    assert initial_state(Args(None, TACOPS, None, (1280, 720), 7)).rules.tacops


def test_the_scenario_option_turns_tacops_on_and_the_panel_shows_its_buttons():
    app = new_app(TACOPS)
    scene = ready(app)
    assert app.state.rules.tacops
    select(app, scene, "A1")
    app.step([], 1 / 60)
    actions = {b.action for b in scene.buttons}
    assert {"crawl", "hull", "defend", "careless"} <= actions


def test_adv_03_k_plans_a_crawl_for_the_prone_mech_and_enter_sends_it():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A1")
    key(app, pygame.K_k, uni="k")
    assert scene.plan.mode == "crawl"
    reach = scene.plan.reach(app.state).hexes
    assert reach.keys() == reach_of(app.state, "A1", "crawl").hexes().keys()
    dest = next(h for h in reach if h != app.state.unit("A1").at)
    move_to(app, at(scene, dest))
    res = scene.info["result"]
    assert res.legal and any(p.kind == "crawl" for p in res.psrs)  # ADV-04: a roll per hex
    steps = scene.info["steps"]
    key(app, pygame.K_RETURN)
    a = last_move(app)
    assert (a.mode, a.steps) == ("crawl", steps)
    assert app.state.move_record("A1") is not None or app.state.underway is not None
    finish_animation(app)


def test_adv_03_a_standing_mech_cannot_crawl_the_screen_says_why():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A2")
    key(app, pygame.K_k, uni="k")
    assert scene.plan.mode == "walk" and "prone" in app.toast[0]


def test_adv_05_x_makes_the_path_careless_with_its_roll_marked_and_offers_the_careful_one():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A2")
    careful = reach_of(app.state, "A2", "walk").hexes()
    careless = reach_of(app.state, "A2", "walk", careless=True).hexes()
    cheaper = [h for h in careless if h in careful and careless[h][0] < careful[h][0]]
    assert cheaper, "the test map offers a hex with extra MP to ignore"
    key(app, pygame.K_x, uni="x")
    assert scene.plan.careless
    assert scene.plan.reach(app.state).hexes.keys() == careless.keys()
    dest = min(cheaper, key=lambda h: (careless[h][0], h.col, h.row))
    move_to(app, at(scene, dest))
    res = scene.info["result"]
    assert res.legal and any(p.kind == "careless" for p in res.psrs)  # ADV-06 marker
    other = scene.info["other"]  # the careful way to the same hex: more MP, safer
    assert other is not None and other.mp_used > res.mp_used
    assert not any(p.kind == "careless" for p in other.psrs)
    key(app, pygame.K_RETURN)
    a = last_move(app)
    assert a.careless and a.mode == "walk"
    finish_animation(app)


def test_adv_05_a_careless_move_stays_careless_when_it_goes_on_after_a_first_part():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A1")  # prone: U is a first part, then the move goes on (MOV-23)
    key(app, pygame.K_x, uni="x")
    assert scene.plan.careless
    key(app, pygame.K_u, uni="u")
    a = last_move(app)
    assert a.steps == ("U",) and a.partial and a.careless
    finish_animation(app)
    assert app.state.underway is not None and app.state.underway.unit_id == "A1"
    assert scene.plan is not None and scene.plan.unit_id == "A1"
    assert scene.plan.careless  # the player chose careless; going on keeps it (ADV-05)
    scene.plan = None
    scene._after_action()  # the screen picks the move under way up again: still careless
    assert scene.plan is not None and scene.plan.careless


def test_adv_11_h_goes_hull_down_and_h_again_leaves_it():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A2")
    before = app.state
    key(app, pygame.K_h, uni="h")  # no path shown: hull-down where it stands, 2 MP
    assert app.state is before, "H previews; Enter commits (issue 25, finding 14)"
    assert scene.info["title"].startswith("A2 goes hull-down where it stands")
    assert scene.info["result"].legal and scene.info["result"].mp_used == 2
    assert "2 MP" in app.toast[0] and "Enter commits" in app.toast[0]
    key(app, pygame.K_RETURN)
    a = last_move(app)
    assert a.steps == ("H",)
    finish_animation(app)
    assert app.state.unit("A2").hull_down and app.state.move_record("A2").mp_used == 2
    assert "goes hull-down" in app.state.log[-1].event.text  # the log says so


def test_adv_14_h_from_prone_goes_hull_down_and_the_move_goes_on():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A1")
    key(app, pygame.K_h, uni="h")
    assert scene.info["result"].mp_used == 1 and "where it lies" in scene.info["title"]
    key(app, pygame.K_RETURN)
    a = last_move(app)
    assert a.steps == ("H:1",) and a.partial
    finish_animation(app)
    u = app.state.unit("A1")
    assert u.hull_down and not u.prone
    assert app.state.underway is not None and app.state.underway.mp_used == 1  # ADV-14


def test_h_twice_drops_the_hull_down_preview_and_a_path_ends_hull_down():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A2")
    before = app.state
    key(app, pygame.K_h, uni="h")
    key(app, pygame.K_h, uni="h")
    assert not scene.plan.hull and app.state is before and "dropped" in app.toast[0]
    reach = scene.plan.reach(app.state)
    dest = next(h for h, (mp, _) in reach.hexes.items() if 0 < mp <= reach.mp_available - 2)
    move_to(app, at(scene, dest))
    key(app, pygame.K_h, uni="h")
    steps = scene.info["steps"]
    assert steps[-1] == "H" and scene.info["result"].end_hull_down
    assert scene.info["result"].end_at == dest
    key(app, pygame.K_RETURN)
    assert last_move(app).steps == steps


def test_adv_01_d_declares_physical_attack_defence():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A2")
    key(app, pygame.K_d, uni="d")
    a = last_move(app)
    assert (a.mode, a.steps) == ("defend", ())
    finish_animation(app)
    rec = app.state.move_record("A2")
    assert rec.mode == "defend" and rec.mp_used == 0 and app.state.unit("A2").at == Hex(1, 12)


def test_adv_17_a_wige_flies_across_the_river_valley_with_the_mouse():
    app = new_app(TACOPS)
    scene = ready(app)
    select(app, scene, "A3")
    reach = scene.plan.reach(app.state).hexes
    east = [h for h in reach if h.col >= 9]  # across the water of rows 5..7 (columns 5..9)
    assert east, "an airborne WiGE crosses the water at one level above it"
    dest = max(east, key=lambda h: (h.col, -abs(h.row - 8)))
    move_to(app, at(scene, dest))
    assert scene.info["result"].legal
    click(app, at(scene, dest))
    click(app, at(scene, dest))  # the double click commits
    finish_animation(app)
    u = app.state.unit("A3")
    assert u.at == dest and u.wige_airborne  # ADV-17: 5+ hexes moved, it stays up


def test_without_the_option_the_tacops_keys_send_nothing_and_say_why():
    app = new_app(PLAIN)
    scene = ready(app)
    select(app, scene, "A1")
    before = app.state
    for k, u in ((pygame.K_k, "k"), (pygame.K_x, "x"), (pygame.K_h, "h"), (pygame.K_d, "d")):
        key(app, k, uni=u)
        assert app.state is before and "Tactical Operations" in app.toast[0]
    app.step([], 1 / 60)
    assert not {"crawl", "hull", "defend", "careless"} & {b.action for b in scene.buttons}
