"""Checking an aerospace unit's move (AERO-01/05): thrust, hexes ahead, turns.

The move language of docs/scenario-format.md, Aerospace: ``T:n`` spends n thrust points
to raise the velocity by n, ``T:-n`` spends n to lower it, only before the first ``F``;
then ``F`` moves one hex ahead, exactly as many times as the velocity after thrust, with
``L`` / ``R`` turns between them. An out-of-control unit ignores the steps: it spends no
thrust, keeps its velocity and facing and flies straight ahead (AERO-05).

Turning is a GAP: the seeds give no aerospace turning rule (the full movement system,
TW p. 76ff, is not in them). The rule used: one hexside turn between two hexes ahead,
free of thrust (a design choice, docs/aerospace.md). A move that leaves the map ends
at its edge: the unit flies off the map (a design choice as well).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Roll
from game.units.craft import THRUST_ABOVE_SAFE, Craft
from game.units.unit import Unit

from ...board import Board
from ...hexgrid import Hex, neighbour
from .control import ControlRoll, control_roll, out_of_control
from .steps import AeroStep, AeroStepError, parse_aero_step


@dataclass(frozen=True, slots=True)
class CollisionCheck:
    """AERO-06..08 for one hex an out-of-control unit enters: the units in it, the
    target number, and (once rolled) the roll, the unit struck and its evasion."""

    at: Hex
    target: int
    units: tuple[str, ...]
    roll: Roll | None = None
    struck: str | None = None
    evasion: ControlRoll | None = None
    evasion_roll: Roll | None = None
    evaded: bool | None = None

    @property
    def collided(self) -> bool:
        """The units collide: struck and not evaded (the flight ends here, AERO-08)."""
        return self.struck is not None and self.evaded is not True

    def to_json(self, board: Board) -> dict[str, Any]:
        return {"at": board.hex_name(self.at), "target": self.target, "units": list(self.units),
                "struck": self.struck, "evaded": self.evaded}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Flight:
    """The answer for one aerospace move (the `rules aero` object).

    ``path`` holds every hex entered; ``end``/``facing`` where it stops; ``forced`` the
    straight-ahead move of an out-of-control unit; ``off_map`` a move that leaves the
    map at ``end``. For an illegal move the other fields describe its legal prefix.
    """

    unit_id: str
    legal: bool
    error: str | None
    path: tuple[Hex, ...]
    velocity_after: int
    thrust_used: int
    end: Hex
    facing: int
    control_rolls: tuple[ControlRoll, ...] = ()
    collision_checks: tuple[CollisionCheck, ...] = ()
    forced: bool = False
    off_map: bool = False
    rolls: tuple[Roll, ...] = ()
    resolved: bool = False

    @property
    def collided(self) -> CollisionCheck | None:
        return next((c for c in self.collision_checks if c.collided), None)

    def to_json(self, board: Board) -> dict[str, Any]:
        out: dict[str, Any] = {
            "legal": self.legal,
            "error": self.error,
            "path": [board.hex_name(h) for h in self.path],
            "velocity_after": self.velocity_after,
            "thrust_used": self.thrust_used,
            "end": {"at": board.hex_name(self.end), "facing": self.facing},
            "control_rolls": [r.to_json() for r in self.control_rolls],
            "collision_checks": [c.to_json(board) for c in self.collision_checks],
        }
        if self.off_map:
            out["off_map"] = True
        if self.resolved:
            out["rolls"] = [r.to_json() for r in self.rolls]
        return out


def straight_path(board: Board, at: Hex, facing: int, hexes: int) -> tuple[tuple[Hex, ...], bool]:
    """The hexes straight ahead (AERO-05), stopping at the map's edge; True if it would
    go on off the map."""
    path: list[Hex] = []
    here = at
    for _ in range(hexes):
        here = neighbour(here, facing)
        if not board.contains(here):
            return tuple(path), True
        path.append(here)
    return tuple(path), False


def collision_checks(units: Sequence[Unit], mover: Unit, path: Sequence[Hex]) -> tuple[
        CollisionCheck, ...]:  # fmt: skip
    """AERO-06: every hex of the path holding another unit (friend or enemy, any kind, not
    destroyed): one check each, 11+, or 10+ when a unit in the hex is a large craft."""
    out = []
    for h in path:
        here = [o for o in units if o.at == h and o.id != mover.id and not o.destroyed]
        if here:
            large = any(o.craft is not None and o.craft.large for o in here)
            out.append(CollisionCheck(h, 10 if large else 11, tuple(o.id for o in here)))
    return tuple(out)


def check_flight(board: Board, units: Sequence[Unit] | Mapping[str, Unit], unit_id: str,
                 steps: Sequence[str]) -> Flight:  # fmt: skip
    """Check one aerospace move (nothing is rolled: see game.rules.aero.collide)."""
    by_id = units if isinstance(units, Mapping) else {u.id: u for u in units}
    u = by_id[unit_id]
    c = u.craft or Craft()
    if not u.airborne:
        why = f"{u.id} has landed: it moves as a ground unit in the ground movement phase (AERO-02)"
        return Flight(u.id, False, why, (), c.velocity, 0, u.at, u.facing)
    if out_of_control(u):
        path, off = straight_path(board, u.at, u.facing, c.velocity)
        checks = collision_checks(list(by_id.values()), u, path)
        end = path[-1] if path else u.at
        return Flight(u.id, True, None, path, c.velocity, 0, end, u.facing, (), checks,
                      forced=True, off_map=off)  # fmt: skip
    return _controlled(board, u, c, steps)


@dataclass(frozen=True, slots=True)
class _Trace:
    """The move as far as it is legal (each step makes the next trace)."""

    at: Hex
    facing: int
    velocity: int
    spent: int = 0
    path: tuple[Hex, ...] = ()
    turned_at: int | None = None  # the step index of a turn not yet followed by an F
    off_map: bool = False

    @property
    def hexes(self) -> int:
        return len(self.path)


def _controlled(board: Board, u: Unit, c: Craft, steps: Sequence[str]) -> Flight:
    t = _Trace(u.at, u.facing, c.velocity)
    error = None
    for i, token in enumerate(steps):
        try:
            st = parse_aero_step(token)
        except AeroStepError as e:
            error = f"step {i + 1}: {e}"
            break
        nxt = _step(board, u, c, t, st, i)
        if isinstance(nxt, str):
            error = f"step {i + 1} ({token}): {nxt}"
            break
        t = nxt
        if t.off_map:
            break
    if error is None and not t.off_map:
        error = _finished(t, steps)
    return _flight(u, c, t, error)


def _step(board: Board, u: Unit, c: Craft, t: _Trace, st: AeroStep, i: int) -> _Trace | str:
    """The trace after one step, or why the step is not allowed."""
    if st.kind == "T":
        if t.hexes or t.turned_at is not None:
            return "thrust is spent only before the first F"
        if u.damage.unconscious:
            return "the pilot is unconscious: 0 thrust only (AERO-01)"
        if t.velocity + st.thrust < 0:
            return f"the velocity {t.velocity} cannot go below 0"
        if t.spent + abs(st.thrust) > c.thrust:
            return f"needs {t.spent + abs(st.thrust)} thrust, {c.thrust} available"
        return replace(t, velocity=t.velocity + st.thrust, spent=t.spent + abs(st.thrust))
    if st.kind == "F":
        if t.hexes >= t.velocity:
            return f"at velocity {t.velocity} it flies {t.velocity} hexes ahead, no more"
        nxt = neighbour(t.at, t.facing)
        if not board.contains(nxt):
            return replace(t, off_map=True)
        return replace(t, at=nxt, path=t.path + (nxt,), turned_at=None)
    if u.damage.unconscious:
        return "the pilot is unconscious: it flies straight on"
    if not t.hexes:
        return "a turn comes between two hexes ahead, not before the first F"
    if t.turned_at is not None:
        return "one hexside turn between two hexes ahead"
    return replace(t, facing=(t.facing + (1 if st.kind == "R" else -1)) % 6, turned_at=i)


def _finished(t: _Trace, steps: Sequence[str]) -> str | None:
    if t.turned_at is not None:
        return f"step {t.turned_at + 1} ({steps[t.turned_at]}): no hex ahead follows the turn"
    if t.hexes < t.velocity:
        return (f"at velocity {t.velocity} it must fly {t.velocity} hexes ahead "
                f"({t.hexes} given)")  # fmt: skip
    return None


def _flight(u: Unit, c: Craft, t: _Trace, error: str | None) -> Flight:
    used = c.thrust_used + t.spent
    rolls: tuple[ControlRoll, ...] = ()
    if used > c.safe_thrust and THRUST_ABOVE_SAFE not in c.due:  # AERO-03/04
        rolls = (control_roll(u, THRUST_ABOVE_SAFE, used, t.velocity),)
    return Flight(u.id, error is None, error, tuple(t.path), t.velocity, t.spent, t.at,
                  t.facing, rolls, off_map=t.off_map)  # fmt: skip
