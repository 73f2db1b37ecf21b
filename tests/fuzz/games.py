"""Seeded games played through the core with the real rules (game.flow.apply), for the
save and action fuzzers: a bot that takes the steps no player decides, deploys, and
moves each unit along a path the reach query offers (or stands still, or tries nonsense
now and then)."""

from __future__ import annotations

import random
from pathlib import Path

from game.core.actions import Action, EndPhase
from game.flow import Outcome, actor, apply, automatic, choices, outcome, waiting
from game.hexgrid import Hex
from game.phases.actions import (
    AddUnit,
    CommitMove,
    DeclareMode,
    Deploy,
    RollInitiative,
    SelectUnit,
    StandStill,
    StartGame,
)
from game.phases.deployment import deploying_side, hexes_for, to_deploy
from game.phases.movement import to_move
from game.phases.movers import reach_of
from game.setup import new_game_from_map, new_game_from_scenario
from game.state import GameState

REPO = Path(__file__).resolve().parents[2]
DESIGNS = ("HBK-4G", "LCT-1V", "AS7-D", "JR7-D", "GRF-1N", "WVR-6R", "COM-2D")
VESSELS = ("Corsair", "Barracuda", "Corsair")


def map_game(seed: int, name: str = "grassland") -> GameState:
    """Setup on a bundled map: two or three roster units a side (on the harbour map,
    whose zones hold sea, a naval vessel or a submarine among them: ADV-24)."""
    rng = random.Random(seed)
    s = new_game_from_map(REPO / "maps" / f"{name}.tmx", seed=seed)
    picks = DESIGNS + VESSELS if name == "harbour" else DESIGNS
    for side in s.sides:
        for _ in range(rng.randint(2, 3)):
            s = step(s, AddUnit(rng.choice(picks), side))
    return s


def scenario_game(seed: int, scenario: str = "tests/ui/data/e2e_scenario.json") -> GameState:
    return new_game_from_scenario(REPO / scenario, seed=seed)


def step(s: GameState, action: Action) -> GameState:
    out = apply(s, action)
    return out.state if isinstance(out, Outcome) else s


def bot_action(s: GameState, rng: random.Random) -> Action:
    """What a player (or the App) would do now, mostly legal."""
    if s.phase == "setup":
        return StartGame()
    if s.phase == "deployment":
        side = deploying_side(s)
        left = list(to_deploy(s, side)) if side else []
        if left:
            u = left[0]
            spots = sorted(hexes_for(s, u.id), key=lambda h: (h.col, h.row))
            if spots:
                return Deploy(u.id, rng.choice(spots), rng.randrange(6))
        return EndPhase()
    auto = automatic(s)  # the initiative roll, ending a phase everybody acted in
    if auto is not None:
        return auto
    if s.phase != "movement":  # attack phases: one of the phase's own candidates
        options = choices(s)
        return rng.choice(options) if options else EndPhase()
    if waiting(s) is None:
        return EndPhase()
    side = actor(s)
    units = to_move(s, side)
    if not units:
        return EndPhase()
    u = rng.choice(units)
    r = rng.random()
    if r < 0.1:
        return StandStill(u.id)
    if r < 0.15:
        return SelectUnit(u.id)
    if r < 0.2:
        return DeclareMode(u.id, rng.choice(("walk", "run", "jump")))
    mode = rng.choice(("walk", "walk", "run", "jump"))
    reach = reach_of(s, u.id, mode)
    ends = sorted(reach.hexes().items(), key=lambda kv: (kv[0].col, kv[0].row))
    if not ends:
        return StandStill(u.id)
    h, (_, faces) = rng.choice(ends)
    path = reach.path_to(h, rng.choice(faces)) or []
    return CommitMove(u.id, mode, tuple(path))


def noise_action(s: GameState, rng: random.Random) -> Action:
    """Something a player should not be able to do: wrong unit, phase, hex or steps."""
    ids = [u.id for u in s.units] + ["nobody", ""]
    uid = rng.choice(ids)
    far = Hex(rng.randint(-3, 40), rng.randint(-3, 40))
    tokens = ["F", "B", "L", "R", "FL", "BR", "P", "U", "U:9", "J:0101", "J:9999", "X", ""]
    return rng.choice([
        CommitMove(uid, rng.choice(("walk", "run", "jump", "fly")),
                   tuple(rng.choice(tokens) for _ in range(rng.randint(0, 20)))),
        Deploy(uid, far, rng.randint(-1, 7)),
        StandStill(uid), SelectUnit(uid), DeclareMode(uid, "sprint"),
        AddUnit(rng.choice([*DESIGNS, "NOPE"]), rng.choice(["A", "B", "C"])),
        StartGame(), RollInitiative(), EndPhase(),
    ])  # fmt: skip


def played(s: GameState, seed: int, actions: int) -> GameState:
    """``actions`` accepted bot actions (noise refused along the way is dropped)."""
    rng = random.Random(seed)
    done = 0
    for _ in range(actions * 4):
        if done >= actions or outcome(s) is not None:
            break
        action = noise_action(s, rng) if rng.random() < 0.1 else bot_action(s, rng)
        out = apply(s, action)
        if isinstance(out, Outcome):
            s, done = out.state, done + 1
    return s
