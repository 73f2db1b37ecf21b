"""Network play in the window (issue 23): both ends' play screens in one process under
SDL_VIDEODRIVER=dummy, and ``main.py host`` / ``main.py join`` as two processes."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.actions import Action, Refused
from game.flow import actor, apply, choices
from game.net.entries import state_hash
from game.net.guest_link import GuestLink
from game.net.host_link import HostLink
from game.net.hosting import Hosting
from game.net.joining import Joining
from game.net.protocol import encode
from game.net.referee import Referee
from game.net.setup import begun
from game.phases.actions import StandStill
from game.phases.weapons import DeclareFire
from game.state import GameState
from game.ui.app.net_cmd import _app
from game.ui.map.anim import popup_of
from tests.net.helpers import legal_action

ROOT = Path(__file__).resolve().parents[2]
CODE = "WIN123"


@pytest.fixture
def apps(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[tuple]:
    from game.setup import new_game_from_map, with_forces

    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    yield from _pair(begun(with_forces(new_game_from_map(ROOT / "maps" / "default.tmx", seed=3))))


@pytest.fixture
def close_apps(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[tuple]:
    """Two Mechs five hexes apart, facing each other (a scenario of ours)."""
    from game.setup import new_game_from_scenario

    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    yield from _pair(begun(new_game_from_scenario(ROOT / "tests/scenarios/combat_attack.json")))


def _pair(state: GameState) -> Iterator[tuple]:
    screen = pygame.display.set_mode((1280, 800))
    link = HostLink(CODE, 0, local=True)
    port = link.start()
    host = _app(screen, state, Hosting(Referee(state), link), "A", f"127.0.0.1:{port}", CODE, None)
    glink = GuestLink("127.0.0.1", port, CODE)
    glink.start()
    joining = Joining(glink)
    end = time.monotonic() + 10
    while joining.copy is None and time.monotonic() < end:
        host.step([], 0.016, draw=False)
        joining.pump()
        time.sleep(0.01)
    guest = _app(pygame.Surface((1280, 800)), joining.state, joining, "B", "", "", None)
    yield host, guest
    glink.close()
    link.close()


def _frames(*apps: object, until: object = None, n: int = 400) -> None:
    for _ in range(n):
        for app in apps:
            app.step([], 0.016)  # type: ignore[attr-defined]
        if until is not None and until():  # type: ignore[operator]
            return
        time.sleep(0.005)
    assert until is None, "timed out"


def test_each_side_acts_on_its_own_screen_and_the_other_sees_it(apps: tuple) -> None:
    host, guest = apps
    _frames(host, guest, until=lambda: host.net.linked and guest.net.linked)
    pick = random.Random(6)
    for _ in range(8):
        side = actor(host.state)
        acting, waiting = (host, guest) if side == "A" else (guest, host)
        assert acting.net.my_turn(acting) and not waiting.net.my_turn(waiting)
        n = len(host.state.history)
        assert acting.act(legal_action(acting.state, pick)) is not None
        acting.advance()
        _frames(host, guest, until=lambda n=n: len(host.state.history) > n
                and state_hash(host.state) == state_hash(guest.state))  # fmt: skip
    assert host.state is host.net.end.state  # the host's screen shows the refereed game
    assert host.base is not None and guest.base is not None


def test_the_waiting_side_sees_the_others_move_animated(apps: tuple) -> None:
    host, guest = apps
    _frames(host, guest, until=lambda: host.net.linked and guest.net.linked)
    pick = random.Random(2)
    for _ in range(200):
        side = actor(host.state)
        acting, waiting = (host, guest) if side == "A" else (guest, host)
        action = legal_action(acting.state, pick)
        n = len(host.state.history)
        acting.act(action)
        acting.advance()
        for _ in range(400):
            host.step([], 0.016)
            guest.step([], 0.016)
            if len(waiting.state.history) > n:
                break
            time.sleep(0.005)
        if type(action).__name__ == "CommitMove":
            assert getattr(waiting.base, "anim", None) is not None  # shown step by step
            assert waiting.state.unit(action.unit_id).moved
            return
        _frames(host, guest, until=lambda: state_hash(host.state) == state_hash(guest.state))
    raise AssertionError("no move was made")


def _firing(state: GameState, pick: random.Random) -> Action:
    """Stand still, and fire every weapon that can: the attack phase comes at once."""
    for action in choices(state):
        keen = isinstance(action, StandStill) or (isinstance(action, DeclareFire)
                                                  and action.targets)  # fmt: skip
        if keen and not isinstance(apply(state, action), Refused):
            return action
    return legal_action(state, pick)


def test_the_waiting_side_sees_the_others_attack_dice_pop_up(close_apps: tuple) -> None:
    """The weapon attack screen (and the physical one) carry out the other side's
    declaration as their own: its resolution's rolls pop up one by one, and the screen
    stays until they are shown (issue 23)."""
    host, guest = close_apps
    _frames(host, guest, until=lambda: host.net.linked and guest.net.linked)
    pick = random.Random(3)
    for _ in range(40):
        side = actor(host.state)
        acting, waiting = (host, guest) if side == "A" else (guest, host)
        action = _firing(acting.state, pick)
        n, logged = len(host.state.history), len(waiting.state.log)
        acting.act(action)
        acting.advance()
        _frames(host, guest, until=lambda n=n, w=waiting: len(w.state.history) > n)
        log = waiting.state.log
        rolls = [i for i in range(logged, len(log)) if popup_of(log[i].event) is not None]
        if isinstance(action, DeclareFire) and rolls:
            assert waiting.base.scene_name == "attack"
            assert [i for _, i in waiting.base.popups] == rolls
            waiting.step([], 0.016)
            assert waiting.base.scene_name == "attack"  # until the dice are shown
            return
        _frames(host, guest, until=lambda: state_hash(host.state) == state_hash(guest.state))
    raise AssertionError("no attack was resolved")


def test_the_computer_does_not_act_while_the_game_is_paused(close_apps: tuple) -> None:
    """``--computer`` on the host: it plays side A's turns while the guest is there, and
    none once the guest's link is gone (the game is paused)."""
    from game.bot.players import make_player
    from game.ui.app.bot_turns import BotTurns

    host, guest = close_apps
    _frames(host, guest, until=lambda: host.net.linked and guest.net.linked)

    def to_side_a() -> None:
        while actor(host.state) == "B":
            n = len(host.state.history)
            guest.act(legal_action(guest.state, random.Random(1)))
            guest.advance()
            _frames(host, guest, until=lambda n=n: len(host.state.history) > n
                    and state_hash(host.state) == state_hash(guest.state))  # fmt: skip

    to_side_a()
    host.bots = BotTurns({"A": make_player("random")}, pace=0)
    n = len(host.state.history)
    _frames(host, guest, until=lambda: len(host.state.history) > n)  # it plays while linked
    _frames(host, guest, until=lambda: state_hash(host.state) == state_hash(guest.state))
    host.bots.players.clear()  # the guest's turn, by hand
    to_side_a()
    host.bots.players["A"] = make_player("random")
    guest.net.end.link.close()  # the guest is gone: paused
    _frames(host, until=lambda: not host.net.linked)
    n = len(host.state.history)
    for _ in range(30):
        host.step([], 0.1)
        time.sleep(0.005)
    assert len(host.state.history) == n and "Paused" in host.net.banner(host)[0]


def test_input_waits_for_ones_turn_and_take_back_is_off(apps: tuple) -> None:
    host, guest = apps
    _frames(host, guest, until=lambda: guest.net.linked)
    waiting = guest if actor(host.state) == "A" else host
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(400, 300))
    assert waiting.net.handle(waiting, click)
    undo = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL)
    assert host.net.handle(host, undo) and "network game" in host.toast[0]


def test_the_guest_confirms_before_quitting_and_the_host_sees_it_leave(apps: tuple) -> None:
    host, guest = apps
    _frames(host, guest, until=lambda: host.net.linked)
    quit_ = pygame.event.Event(pygame.QUIT)
    guest.step([quit_], 0.016)
    assert guest.running and "again to leave" in guest.toast[0]
    guest.step([quit_], 0.016)
    assert not guest.running
    _frames(host, until=lambda: not host.net.linked)
    assert host.net.banner(host)[0].startswith("Paused - waiting for the guest")


def test_a_refused_guest_action_puts_its_screen_back_on_the_hosts_game(apps: tuple) -> None:
    host, guest = apps
    _frames(host, guest, until=lambda: guest.net.linked)
    pick = random.Random(1)
    while actor(host.state) != "B":
        host.act(legal_action(host.state, pick))
        host.advance()
        _frames(host, guest, until=lambda: len(guest.state.history) == len(host.state.history))
    truth = host.state
    host.net.end.referee.guest = "C"  # the host now refuses side B's actions
    guest.act(legal_action(guest.state, pick))
    _frames(host, guest, until=lambda: guest.state is guest.net.end.state)
    assert state_hash(guest.state) == state_hash(truth) and "refused" in guest.toast[0]


def test_a_copy_that_differs_stops_the_guest_keeps_its_game_and_tells_the_host(
    apps: tuple, tmp_path: Path
) -> None:
    host, guest = apps
    _frames(host, guest, until=lambda: host.net.linked and guest.net.linked)
    referee = host.net.end.referee
    bad = replace(referee.entries[-1], i=referee.count, hash="0" * 64)  # a changed game
    host.net.end.link.send(encode("entries", entries=[bad.to_json()]))
    _frames(host, guest, until=lambda: guest.net.stopped is not None and not host.net.linked)
    assert "differ" in guest.net.banner(guest)[0]
    assert (tmp_path / "network-guest.json").is_file() and "saved to" in guest.toast[0]
    assert "copy stopped" in host.toast[0]


def _run(*args: str, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip


@pytest.mark.slow
def test_two_processes_host_and_join_and_play_a_game_to_equal_ends(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "HEXPLATE_NET_EXIT_AT_END": "1",
           "HEXPLATE_SAVE_DIR": str(tmp_path / "host")}  # fmt: skip
    port = str(27000 + os.getpid() % 900)
    host = _run("host", "maps/default.tmx", "--turns", "1", "--local", "--port", port,
                "--code", "PROC42", "--computer", "random", "--seed", "4", env=env)  # fmt: skip
    assert host.stdout is not None
    assert "join code PROC42" in host.stdout.readline()
    guest = _run("join", f"127.0.0.1:{port}", "--code", "proc42", "--computer", "random",
                 env={**env, "HEXPLATE_SAVE_DIR": str(tmp_path / "guest")})  # fmt: skip
    try:
        out_g, _ = guest.communicate(timeout=120)
        out_h, _ = host.communicate(timeout=30)
    finally:
        host.kill()
        guest.kill()
    ends = [line for line in (out_h + out_g).splitlines() if line.startswith("net: game over")]
    assert len(ends) == 2 and ends[0] == ends[1], out_h + out_g
    assert (tmp_path / "host" / "network-host.json").is_file()  # the host's autosave


@pytest.mark.slow
def test_a_killed_host_process_hosts_again_from_its_autosave_and_the_game_ends(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "HEXPLATE_NET_EXIT_AT_END": "1",
           "HEXPLATE_SAVE_DIR": str(tmp_path / "host")}  # fmt: skip
    port = str(27000 + (os.getpid() + 300) % 900)
    net = ["--local", "--port", port, "--code", "KILL42", "--computer", "random"]
    first = _run("host", "maps/default.tmx", "--turns", "1", "--seed", "6", *net, env=env)
    assert first.stdout is not None and "join code" in first.stdout.readline()
    guest = _run("join", f"127.0.0.1:{port}", "--code", "KILL42", "--computer", "random",
                 env={**env, "HEXPLATE_SAVE_DIR": str(tmp_path / "guest")})  # fmt: skip
    save = tmp_path / "host" / "network-host.json"
    try:
        end = time.monotonic() + 120
        while time.monotonic() < end and not (save.is_file() and save.stat().st_size > 0):
            time.sleep(0.02)
        first.kill()  # the host's program dies, mid-game, right after an autosave
        out_1, _ = first.communicate(timeout=10)
        assert "game over" not in out_1
        again = _run("host", "--load", str(save), *net, env=env)
        out_g, _ = guest.communicate(timeout=120)
        out_h, _ = again.communicate(timeout=30)
    finally:
        for p in (first, guest):
            p.kill()
        if "again" in locals():
            again.kill()
    ends = [line for line in (out_h + out_g).splitlines() if line.startswith("net: game over")]
    assert len(ends) == 2 and ends[0] == ends[1], out_h + out_g


@pytest.mark.slow
def test_a_wrong_code_is_one_sentence_and_exit_code_2(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "HEXPLATE_SAVE_DIR": str(tmp_path)}
    port = str(27000 + (os.getpid() + 450) % 900)
    host = _run("host", "--local", "--port", port, "--code", "RIGHT1", env=env)
    assert host.stdout is not None and "join code" in host.stdout.readline()
    try:
        guest = subprocess.run([sys.executable, "main.py", "join", f"127.0.0.1:{port}", "--code",
                                "WRONG1"], cwd=ROOT, env=env, capture_output=True, text=True,
                               timeout=60)  # fmt: skip
    finally:
        host.kill()
    assert guest.returncode == 2
    assert guest.stderr.strip().endswith("wrong join code") and guest.stderr.count("\n") == 1
