"""Candidate end positions of one unit's move: from the core's reach (game.phases.movers.reach_of,
numpy search results), pruned by a cheap score, each path checked by the movement rules
(game.rules.move.movement.check_move: PSRs, heat, modifiers, bridge and building overloads).

A candidate that brings a bridge or a building down under the unit (MOV-27/32 warnings)
is left out, so the bot never walks onto a deck or a roof that cannot hold it; so is one
where a WiGE comes down on water (destroyed) or off clear ground (a crash landing,
ADV-17/18 warnings).

Units that move in a height band get the ends their rules need (naval units: the
core's reach keeps them in water, ADV-24):

- an airborne WiGE (ADV-17..23): only hexes at least STAY_AIRBORNE hexes away (it flies
  on) or where it may land (clear or paved), and landing where it is (the move with no
  steps, sent as the core's StandStill, which lands it: ADV-17); the plain stand end is
  left out (:func:`hovering`), as landing in place stands for it;
- a submarine (ADV-25): each end hex also at the surface and at the deepest depth its
  reach gets to there, and diving or surfacing in place (a submerged submarine neither
  fires nor is fired at: the score weighs hiding against shooting)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.designs import weapons_table
from game.hexgrid import Hex, distance, neighbour
from game.phases.movement import mode_reason
from game.phases.movers import reach_of
from game.rules.combat.los_batch import axial
from game.rules.combat.tohit import mounts
from game.rules.move.flight import STAY_AIRBORNE, landable
from game.rules.move.movement import MoveResult, check_move
from game.state import GameState
from game.units.unit import Unit, ground

MODES = ("walk", "run", "jump")
VEHICLE_FACINGS = 3  # facings scored per end hex of a vehicle


@dataclass(frozen=True, slots=True)
class End:
    """One way to end the move: the mode and steps to send, and the rules' answer."""

    mode: str  # "stand" for standing still
    steps: tuple[str, ...]
    result: MoveResult | None  # None: standing still
    careless: bool = False  # ADV-05/06 (tacops): extra terrain MP ignored, a PSR for each

    @property
    def at(self) -> Hex:
        return self.result.end_at if self.result is not None else Hex(-1, -1)


def preferred_range(u: Unit) -> int:
    """The range its weapons like: the damage-weighted mean of their short ranges."""
    table = weapons_table()
    ws = [table[m.weapon] for m in mounts(u)]
    total = sum(max(w.damage * max(w.missiles, 1), 1) for w in ws)
    if not ws or not total:
        return 3
    mean = sum(max(w.damage * max(w.missiles, 1), 1) * w.short for w in ws) / total
    return max(1, round(mean))


def distances(hexes: list[Hex], targets: list[Hex]) -> np.ndarray:
    """(len(hexes), len(targets)) hex distances, in numpy."""
    c = np.array([h.col for h in hexes]), np.array([h.row for h in hexes])
    q, r = axial(*c)
    tc = np.array([h.col for h in targets]), np.array([h.row for h in targets])
    tq, tr = axial(*tc)
    dq, dr = q[:, None] - tq[None, :], r[:, None] - tr[None, :]
    return np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))


def facing_towards(h: Hex, facings: tuple[int, ...], enemies: list[Hex]) -> int:
    """Of the facings it may end in, the one whose hex ahead is nearest the enemy."""
    return facings_towards(h, facings, enemies, 1)[0]


def facings_towards(h: Hex, facings: tuple[int, ...], enemies: list[Hex], n: int) -> list[int]:
    """The ``n`` facings it may end in whose hex ahead is nearest the enemy, best first."""
    if not enemies or len(facings) == 1:
        return list(facings[:n])
    ahead = [neighbour(h, f) for f in facings]
    total = distances(ahead, list(enemies)).sum(axis=1)
    return [facings[i] for i in np.argsort(total, kind="stable")[:n].tolist()]


def candidate_ends(s: GameState, u: Unit, enemies: list[Hex], per_mode: int) -> list[End]:
    """Standing still, and per mode the ``per_mode`` best-looking reachable hexes (near the
    range its weapons like, in woods or deep water - out of sight, cheap), each with its
    checked path."""
    out = [End("stand", (), None)]
    if u.immobile or not enemies:
        return out
    # a vehicle's facing is bought with MP and its sides take motive hits: more than one
    # facing per hex is scored for it (game.bot.numbers.motive_value)
    turns = VEHICLE_FACINGS if u.hull is not None else 1
    flying = u.kind == "wige" and u.wige_airborne
    if flying:  # ADV-17: it lands where it is rather than stand still in the air
        out += [e for e in [checked_end(s, u, "walk", ())] if e is not None]
    for mode in MODES:
        if mode_reason(u, mode) is not None:
            continue
        reach = reach_of(s, u.id, mode)
        found = reach.hexes()
        if flying:  # ADV-17/18: far enough to fly on, or a hex it may land in
            found = {h: v for h, v in found.items() if _flies_on(s, u, h)}
        for h in best_hexes(s, u, found, enemies, per_mode):
            for f in facings_towards(h, found[h][1], enemies, turns):
                end = _checked(s, u, reach, mode, h, f)
                if end is not None:
                    out.append(end)
                if u.kind == "submarine":
                    out += _depths(s, u, reach, mode, h, f, end)
        if u.kind == "submarine":
            out += _depths(s, u, reach, mode, u.at, u.facing, None)
        out += _minimum(s, u, reach, mode)
    return out


def settle(s: GameState, u: Unit) -> End | None:
    """An airborne WiGE with nothing to move for (ADV-17): it lands where it is, else flies
    on the cheapest STAY_AIRBORNE hexes or more; None if it cannot (immobile)."""
    if not (u.kind == "wige" and u.wige_airborne) or u.immobile:
        return None
    end = checked_end(s, u, "walk", ())
    if end is not None:
        return end
    for mode in ("walk", "run"):
        reach = reach_of(s, u.id, mode)
        found = reach.hexes()
        far = [h for h in found if found[h][1] and distance(h, u.at) >= STAY_AIRBORNE]
        for h in sorted(far, key=lambda h: (found[h][0], h.col, h.row))[:3]:
            end = _checked(s, u, reach, mode, h, found[h][1][0])
            if end is not None:
                return end
    return None


def _flies_on(s: GameState, u: Unit, h: Hex) -> bool:
    return distance(h, u.at) >= STAY_AIRBORNE or landable(s.board, h) is None


def hovering(u: Unit, end: End) -> bool:
    """An airborne WiGE's plain stand end: left out, since landing in place (the empty
    walk end, sent as a StandStill: ADV-17 lands it) is the same move scored as a landing."""
    return u.kind == "wige" and u.wige_airborne and end.mode == "stand"


def _depths(s: GameState, u: Unit, reach: object, mode: str, h: Hex, f: int,
            done: End | None) -> list[End]:  # fmt: skip
    """ADV-25: the same end at the surface and at the deepest depth the reach gets to."""
    layers = int(getattr(reach, "layers", 1))
    at_depth = getattr(reach, "at_depth", None)
    if at_depth is None or layers <= 1:
        return []
    have = {done.result.end_depth} if done is not None and done.result is not None else set()
    out = []
    deepest = next((d for d in range(layers - 1, 0, -1) if at_depth(h, f, d) is not None), 0)
    for depth in sorted({0, deepest} - have):
        found = at_depth(h, f, depth)
        if found is None or (h == u.at and depth == u.depth and f == u.facing):
            continue
        end = checked_end(s, u, mode, tuple(found[1]))
        if end is not None and end.result is not None and end.result.end_depth == depth:
            out.append(end)
    return out


def best_hexes(s: GameState, u: Unit, found: dict, enemies: list[Hex], n: int) -> list[Hex]:
    """Of a reach's hexes (hex -> (MP, facings)), the ``n`` best by the cheap score: near
    the range its weapons like, in woods or deep water (out of sight), cheap in MP."""
    hexes = [h for h in found if found[h][1]]
    if not hexes or n <= 0:
        return []
    near = distances(hexes, enemies).min(axis=1)
    woods = np.array([s.board.woods[h.row, h.col] for h in hexes])
    deep = np.array([s.board.water[h.row, h.col] >= 2 for h in hexes])  # out of sight
    mp = np.array([found[h][0] for h in hexes])
    pre = -np.abs(near - preferred_range(u)) + 0.8 * np.minimum(woods, 2) + 1.5 * deep - 0.05 * mp
    return [hexes[i] for i in np.argsort(-pre, kind="stable")[:n].tolist()]


def _minimum(s: GameState, u: Unit, reach: object, mode: str) -> list[End]:
    """MOV-20: the one hex a unit may always enter with all its MP (not in hexes())."""
    out = []
    for steps in getattr(reach, "minimum_paths", {}).values():
        res = check_move(s.board, ground(s.units), u.id, mode, tuple(steps), s.rules)
        if res.legal and not res.warnings:
            out.append(End(mode, tuple(steps), res))
    return out


def _checked(s: GameState, u: Unit, reach: object, mode: str, h: Hex, f: int) -> End | None:
    steps = reach.path_to(h, f)  # type: ignore[attr-defined]
    if steps is None:
        return None
    return checked_end(s, u, mode, tuple(steps))


def checked_end(s: GameState, u: Unit, mode: str, steps: tuple[str, ...],
                careless: bool = False) -> End | None:  # fmt: skip
    """The move checked by the rules; None if illegal or if it would bring a bridge or a
    roof down under the unit (MOV-27/32 warnings)."""
    res = check_move(s.board, ground(s.units), u.id, mode, steps, s.rules, careless=careless)
    if not res.legal or res.warnings:
        return None
    return End(mode, steps, res, careless)
