"""Monkey test: 20,000 seeded random mouse and key events on the play screen (dummy
driver). After every event: no exception, every placed unit on the board, no two units
in one hex (MOV-30: one unit per hex), and the App's state a GameState whose history
replays to it (checked every few hundred events, the replay being the costly part).
Frames are drawn regularly (every 8th event) so the drawing code is exercised too.

The game starts from a scenario with every unit placed, and whenever the monkey leaves
it for the start screen (the menu's New game) it is put back into that scenario, so the
events go to play: the test checks that every phase of the turn was passed, several
turns over (TURN-02), and that the ways out (Quit, Ctrl+Q) were taken too.

The sandbox (issue 13) gets its own monkey: random events plus undo, redo, reset and the
view keys, now and then a press on the palette (or, while carrying, on a hex); the same
invariants after every event, the App's state the undo line's, and everything undone at
the end the starting layout.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.flow import replay
from game.hexgrid import Hex
from game.rules.turn import PHASES_TW
from game.state import GameState
from game.ui.app.play import Args, make_app
from game.ui.scenes.hexes.start import StartScreen

from .test_attack_scene import SCENARIO  # units with weapons: every phase is played

EVENTS = 20_000
KEYS = [
    pygame.K_w, pygame.K_r, pygame.K_j, pygame.K_s, pygame.K_p, pygame.K_u, pygame.K_n,
    pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F1,
    pygame.K_SPACE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_LEFT, pygame.K_UP, pygame.K_e,
    pygame.K_q, pygame.K_DOWN, pygame.K_o,
]  # fmt: skip


def check_invariants(app, deep: bool) -> None:
    s = app.state
    assert isinstance(s, GameState)
    placed = [u for u in s.units if u.at.col >= 0 or s.phase not in ("setup", "deployment")]
    for u in placed:
        assert s.board.contains(u.at), f"{u.id} off the board at {u.at}"
    spots = [u.at for u in placed if not u.destroyed]
    assert len(spots) == len(set(spots)), "two units share a hex"
    if deep:
        assert replay(s.start_board, s.start, s.history) == s


def random_event(rng: random.Random, size: tuple[int, int], held: set[int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    r = rng.random()
    if r < 0.45:
        buttons = tuple(int(b in held) for b in (1, 2, 3))
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False
        )
    if r < 0.70:
        button = rng.choice((1, 1, 1, 1, 3, 2))
        if button in held:
            held.discard(button)
            return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        held.add(button)
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
    if r < 0.78:
        y = rng.choice((-1, 1))
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, touch=False)
    key = rng.choice(KEYS)
    ctrl = rng.random() < 0.03 and key in (pygame.K_s, pygame.K_e, pygame.K_o, pygame.K_q)
    mod = pygame.KMOD_CTRL if ctrl else 0
    kind = pygame.KEYUP if rng.random() < 0.15 else pygame.KEYDOWN
    uni = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
    return pygame.event.Event(kind, key=key, mod=mod, unicode=uni, scancode=0)


@pytest.mark.parametrize("seed", [20260])
def test_monkey_20000_random_events_keep_the_game_valid(seed, tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    size = (1280, 720)
    screen = pygame.display.set_mode(size)
    args = Args(None, SCENARIO, None, size, seed)
    app = make_app(args, screen)
    rng = random.Random(seed)
    held: set[int] = set()
    started = time.monotonic()
    phases: set[str] = set()
    turns = restarts = quits = seen = 0
    for i in range(EVENTS):
        event = random_event(rng, size, held)
        app.step([event], 1 / 30, draw=i % 8 == 0)
        if not app.running:  # the menu's Quit or Ctrl+Q: keep monkeying on a fresh window
            app.running = True
            quits += 1
        s = app.state
        if isinstance(app.top, StartScreen) or s is None:
            app = make_app(args, screen)  # New game: back into the placed scenario
            restarts += 1
            continue
        check_invariants(app, deep=i % 500 == 0)
        phases |= {str(e.phase) for e in s.log[seen if seen <= len(s.log) else 0 :]}
        seen = len(s.log)
        turns = max(turns, s.turn)
    assert time.monotonic() - started < 240
    every = {str(p) for p in PHASES_TW}
    assert every <= phases, f"phases never reached: {sorted(every - phases)}"
    assert turns >= 3, "the monkey played too few turns: the test exercises too little"
    assert quits >= 1 and restarts >= 1  # the ways out (Quit, Ctrl+Q, New game) were taken


SANDBOX_EVENTS = 8_000
SANDBOX_KEYS = KEYS + [
    pygame.K_a, pygame.K_x, pygame.K_t, pygame.K_m, pygame.K_o, pygame.K_d, pygame.K_DELETE,
    pygame.K_z, pygame.K_y, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_6, pygame.K_h,
]  # fmt: skip


def sandbox_event(rng: random.Random, size: tuple[int, int], held: set[int],
                  buttons: Callable[[], list[tuple[int, int]]]) -> pygame.event.Event:  # fmt: skip
    """As random_event, plus undo / redo / reset and saving with Ctrl now and then, and
    now and then a press or release on one of the palette's ``buttons`` (small targets
    that plain random clicks would seldom hit)."""
    spots = buttons() if rng.random() < 0.04 else []
    if spots:
        pos = rng.choice(spots)
        if 1 in held:
            held.discard(1)
            return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        held.add(1)
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    e = random_event(rng, size, held)
    if e.type == pygame.KEYDOWN and rng.random() < 0.3:
        key = rng.choice(SANDBOX_KEYS)
        ctrl = rng.random() < 0.25 and key in (pygame.K_z, pygame.K_y, pygame.K_r, pygame.K_s)
        uni = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_CTRL if ctrl else 0,
                                  unicode=uni, scancode=0)  # fmt: skip
    return e


def targets(scene) -> list[tuple[int, int]]:
    """Where a biased press goes: the palette's buttons (the dummy most of all), or, while
    something is carried, the hexes on the map."""
    if getattr(scene, "carry", None) is not None:
        b = scene.state.board
        return [tuple(map(round, scene.view.centre(h))) for h in
                (Hex(c, r) for c in range(b.width) for r in range(b.height))][:200]  # fmt: skip
    buttons = [x.rect.center for x in getattr(scene, "palette_buttons", ())]
    dummy = [x.rect.center for x in getattr(scene, "palette_buttons", ())
             if x.action == "carry:dummy"]  # fmt: skip
    return buttons + dummy * 10


@pytest.mark.parametrize("seed", [1313])
def test_monkey_in_the_sandbox_keeps_it_valid_and_undoable(seed, tmp_path, monkeypatch):
    """The sandbox screen (issue 13): random events, after each the invariants above, the
    App's state the undo line's current one; at the end everything undone is the start."""
    from game.ui.app.sandbox_cmd import SandboxArgs, make_sandbox_app
    from game.ui.scenes.hexes.sandbox.scene import SandboxScene

    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("HEXPLATE_NO_AUTOSAVE", "1")
    size = (1280, 720)
    screen = pygame.display.set_mode(size)
    scenario = Path(__file__).resolve().parent / "data" / "sandbox_scenario.json"
    args = SandboxArgs(None, scenario, size, seed)
    app = make_sandbox_app(args, screen)
    rng = random.Random(seed)
    held: set[int] = set()
    kinds: set[str] = set()
    started = time.monotonic()
    for i in range(SANDBOX_EVENTS):
        top = app.top
        event = sandbox_event(rng, size, held, lambda top=top: targets(top))
        app.step([event], 1 / 30, draw=i % 8 == 0)
        app.running = True  # Quit and Ctrl+Q: keep monkeying
        if not isinstance(next(s for s in app.scenes if not s.overlay), SandboxScene):
            app = make_sandbox_app(args, screen)  # New game: back into the sandbox
            continue
        check_invariants(app, deep=i % 400 == 0)
        assert app.line is not None and app.line.current is app.state
        if app.state.history:
            kinds.add(type(app.state.history[-1]).__name__)
    assert time.monotonic() - started < 240
    assert {"PlaceDummy", "PlaceUnit", "CommitMove"} <= kinds and len(kinds) >= 6, sorted(kinds)
    line = app.line
    while line.can_undo:
        app.undo()
        line = app.line
    assert app.state.units == line.first.units and app.state.history == line.first.history
