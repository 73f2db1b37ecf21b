"""Whole games with conventional infantry that fights (issue 27: CMB-39..44, MOV-33).

A hot-seat core game with a Mech, a vehicle, a rifle platoon and a jump platoon on each
side, played to its end through the real rules (no fake mover) with every unit shooting
and being shot; and autoplay games with platoons on every bundled map, invariants checked
after every action and the replay compared at the end (game.bot.autoplay)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.bot.autoplay import check_replay, play
from game.core.actions import Action, LogEntry
from game.flow import actor, advance, apply, choices, outcome
from game.invariants import problems
from game.phases.actions import StandStill, StartGame
from game.phases.physical import DeclarePhysical
from game.phases.weapons import DeclareFire
from game.setup import new_game_from_map, new_game_from_scenario, with_forces, with_turn_limit
from game.state import GameState

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
FORCE = ("HBK-4G", "Scorpion", "INF-R", "INF-J")


def _units() -> list[dict]:
    out = []
    for side, row, facing in (("A", 5, 3), ("B", 7, 0)):
        for i, code in enumerate(FORCE):
            kind = {"HBK-4G": "biped", "Scorpion": "tracked"}.get(code, "infantry")
            out.append({"id": f"{side}{i + 1}", "side": side, "model": code, "kind": kind,
                        "at": f"{4 + 2 * i:02d}{row:02d}", "facing": facing})  # fmt: skip
    return out


def _shots(log: tuple[LogEntry, ...], key: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in log:
        if e.event.kind == "shot":
            who = str(e.event.payload.get(key))
            out[who] = out.get(who, 0) + 1
    return out


def _pick(state: GameState, pick: random.Random) -> Action:
    """Stand still (the forces start 2 hexes apart), fire at the unit fired at least so
    far, kick a platoon when a Mech can; anything else at random."""
    options = [a for a in choices(state)]
    fired_at = _shots(state.log, "target")
    fire = [a for a in options if isinstance(a, DeclareFire) and a.targets]
    if fire:
        return min(fire, key=lambda a: (fired_at.get(a.targets[0], 0), pick.random()))
    kicks = [a for a in options if isinstance(a, DeclarePhysical) and a.kinds == ("kick",)]
    if kicks:
        return pick.choice(kicks)
    still = [a for a in options if isinstance(a, StandStill)]
    return pick.choice(still or options)


def test_a_hot_seat_game_with_platoons_on_each_side_is_played_to_the_end(tmp_path) -> None:
    path = tmp_path / "platoons.json"
    path.write_text(json.dumps({"version": 1, "board": {"width": 16, "height": 12},
                                "units": _units()}))  # fmt: skip
    state = with_turn_limit(new_game_from_scenario(path, seed=11), 6)
    state = advance(apply(state, StartGame()).state)[0]
    pick = random.Random(3)
    while outcome(state) is None:
        assert actor(state) is not None, state.phase
        out = apply(state, _pick(state, pick))
        assert not hasattr(out, "reason") or out.ok, out
        state = advance(out.state)[0]
        assert problems(state) == []
    result = outcome(state)
    assert result is not None
    ids = {u["id"] for u in _units()}
    shooters, targets = _shots(state.log, "attacker"), _shots(state.log, "target")
    assert set(shooters) == ids, f"did not fire: {ids - set(shooters)}"
    assert set(targets) == ids, f"never shot at: {ids - set(targets)}"
    hurt = {str(e.event.payload.get("target")) for e in state.log if e.event.kind == "damage"}
    platoons = {"A3", "A4", "B3", "B4"}
    assert platoons <= hurt  # every platoon lost troopers (CMB-41)
    assert all(state.unit(p).platoon.troopers < state.unit(p).platoon.full for p in platoons)
    texts = [e.event.text for e in state.log if e.event.kind == "damage"]
    assert any("troopers" in t for t in texts)
    check_replay(state)


@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_an_autoplay_game_with_platoons_on_every_bundled_map(map_path: Path) -> None:
    forces = {side: [(code, 4, 5) for code in ("HBK-4G", "INF-R", "INF-J")] for side in "AB"}
    state = with_forces(new_game_from_map(map_path, seed=2), forces)
    state = apply(state, StartGame()).state
    played = play(state, 2, 5)
    check_replay(played.state)
    assert played.result == outcome(played.state)
    platoons = [u for u in played.state.units if u.platoon is not None]
    assert len(platoons) == 4 and all(0 <= u.platoon.troopers <= u.platoon.full for u in platoons)
