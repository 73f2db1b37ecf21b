"""The movement plan of the selected unit: mode, waypoints, destination, facing, preview.

Pure logic (no pygame) so the scene tests and the monkey test can drive it directly. The
expensive answers (the reach of a mode, the checked path) are computed only when the
selection, the mode, the waypoints or the hovered destination change, and kept in small
caches keyed by (unit, mode, waypoints) and (steps), never per frame.

Waypoints: the reach search starts at the unit; after a pinned waypoint the search starts
again from the waypoint (the unit placed there with the facing and posture the path leaves
it in), and the shown reach keeps only hexes whose total MP still fits - or, with nothing
pinned, that minimum movement reaches (MOV-20: one hex as the turn's only expenditure,
e.g. a 1-MP foot platoon climbing a level). The whole path is always re-checked with
``preview_move``, whose answer is the one shown and committed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from game.hexgrid import Hex
from game.phases.actions import CommitMove
from game.phases.movers import preview_move, reach_of
from game.rules.move.movement import MoveResult
from game.rules.move.reach import Reach
from game.rules.move.steps import HEX_KINDS
from game.rules.move.vtolflight import landing_refusal
from game.state import GameState
from game.units.unit import Unit

MODES = ("walk", "run", "jump", "crawl")  # crawl: the tacops option (ADV-03/04)


def going_on(state: GameState) -> Plan | None:
    """The plan for the move under way (MOV-23), or None: same unit, same mode, and careless
    again when the part before the interruption was (ADV-05: the player chose it)."""
    busy = state.underway
    if busy is None:
        return None
    parts = [a for a in state.history if isinstance(a, CommitMove) and a.unit_id == busy.unit_id]
    return Plan(busy.unit_id, busy.mode, careless=bool(parts) and parts[-1].careless)


@dataclass(frozen=True, slots=True)
class Waypoint:
    """A pinned point of the path: where it is, how the unit faces there, the steps so far."""

    at: Hex
    facing: int
    steps: tuple[str, ...]
    mp: int
    prone: bool
    depth: int = 0  # a submarine's depth there (ADV-25)


@dataclass(frozen=True, slots=True)
class ReachView:
    """What the map shades: hex -> (total MP to end there, facings reachable)."""

    hexes: dict[Hex, tuple[int, tuple[int, ...]]]
    mp_available: int
    search: Reach | None = None  # the rules' Reach from the last anchor (for path_to)


@dataclass
class Plan:
    """The plan being built for one unit. Mutable UI state; the game state is never touched."""

    unit_id: str
    mode: str = "walk"
    waypoints: list[Waypoint] = field(default_factory=list)
    dest: Hex | None = None
    facing: int | None = None
    locked: bool = False  # destination and facing fixed by a drag or the wheel
    careless: bool = False  # ADV-05 (tacops): ignore every extra MP the rules allow
    depth: int | None = None  # ADV-25: the depth a submarine's path ends at (None: cheapest)
    altitude: int | None = None  # ADV-25: the altitude a VTOL's path ends at (None: as now)
    hull: bool = False  # H pressed: the hull-down change previewed (movement.hull_preview)
    _reach_cache: dict[tuple[object, ...], ReachView] = field(default_factory=dict)
    _preview_cache: dict[tuple[object, ...], MoveResult] = field(default_factory=dict)
    other: Plan | None = None  # the careful / careless twin (other_option), made on demand

    # --- reach ----------------------------------------------------------------------------
    def anchor_state(self, state: GameState) -> GameState:
        """The state the reach search starts from: the unit moved to the last waypoint; a
        VTOL at the altitude it flies on from there (a landed one as risen to 1: the plan
        rises before the first hex, :func:`with_height`)."""
        u = state.unit(self.unit_id)
        vtol = u is not None and u.kind == "vtol"
        if not self.waypoints and not (vtol and u is not None and u.flying_height == 0):
            return state
        wp = self.waypoints[-1] if self.waypoints else None

        def placed(o: Unit) -> Unit:
            if wp is not None:
                o = replace(o, at=wp.at, facing=wp.facing, prone=wp.prone, depth=wp.depth)
            if vtol:
                o = replace(o, altitude=max(self.anchor_altitude(state), 1), landed=False)
            return o

        units = tuple(placed(o) if o.id == self.unit_id else o for o in state.units)
        return replace(state, units=units)

    def anchor_altitude(self, state: GameState) -> int:
        """A VTOL's altitude where the part being planned starts (ADV-25)."""
        u = state.unit(self.unit_id)
        assert u is not None
        prefix = self.waypoints[-1].steps if self.waypoints else ()
        return u.flying_height + _net(prefix)

    def reach(self, state: GameState) -> ReachView:
        key = (id(state), len(state.history), self.unit_id, self.mode, tuple(self.waypoints),
               self.careless, self.altitude)  # fmt: skip
        if key not in self._reach_cache:
            if len(self._reach_cache) > 16:
                self._reach_cache.clear()
            self._reach_cache[key] = self._compute_reach(state)
        return self._reach_cache[key]

    def base_mp(self, state: GameState) -> int:
        """MP a move under way has spent already (MOV-23), else 0."""
        busy = state.underway
        return busy.mp_used if busy is not None and busy.unit_id == self.unit_id else 0

    def spent(self, state: GameState) -> int:
        """MP spent before the part being planned: the last waypoint's, or the move's."""
        return self.waypoints[-1].mp if self.waypoints else self.base_mp(state)

    def _compute_reach(self, state: GameState) -> ReachView:
        r = reach_of(self.anchor_state(state), self.unit_id, self.mode, self.careless)
        out: dict[Hex, tuple[int, tuple[int, ...]]] = {}
        for h, (mp, faces) in r.hexes().items():
            if not self._may_end(state, h):
                continue
            spent = self.spent(state) + self._height_mp(state, h)  # ADV-25: 1 MP a level
            if spent + mp > r.mp_available:
                continue
            if spent:  # only the facings still affordable after the pinned part
                costs = ((f, r.cost_to(h, f)) for f in faces)
                faces = tuple(f for f, c in costs if c is not None and spent + c <= r.mp_available)
            out[h] = (spent + mp, faces)
        spent = self.spent(state)
        for h, mp in (r.minimum_hexes() if not spent else {}).items():
            out.setdefault(h, (mp, (r.minimum_facing[h],)))  # MOV-20: the turn's only step
        if self.waypoints:  # the search's start hex is a legal end: the path so far
            wp = self.waypoints[-1]
            out.setdefault(wp.at, (wp.mp, (wp.facing,)))
        return ReachView(out, r.mp_available, r)

    # --- the path ---------------------------------------------------------------------------
    def default_facing(self, state: GameState, h: Hex) -> int | None:
        """The cheapest facing to end in ``h`` (the unit's facing on a tie)."""
        view = self.reach(state)
        if h not in view.hexes:
            return None
        faces = view.hexes[h][1]
        unit = state.unit(self.unit_id)
        current = unit.facing if unit is not None else 0
        costs = {f: self.cost_to(state, h, f) for f in faces}
        return min(faces, key=lambda f: (costs[f] if costs[f] is not None else 99, f != current))

    def cost_to(self, state: GameState, h: Hex, facing: int) -> int | None:
        view = self.reach(state)
        if self.waypoints and h == self.waypoints[-1].at:
            wp = self.waypoints[-1]
            extra = _turn_cost(wp.facing, facing) + abs(self._depth_from(wp.depth))
            return wp.mp + extra if wp.mp + extra <= view.mp_available else None
        r = view.search
        if r is not None and self.depth is not None and r.kind == "submarine":
            end = r.at_depth(h, facing, self.depth)  # ADV-25: at the depth chosen
            c = None if end is None else end[0]
        else:
            c = r.cost_to(h, facing) if r is not None else None
        if c is None:
            return None
        spent = self.spent(state) + self._height_mp(state, h)
        return spent + c if spent + c <= view.mp_available else None

    def _may_end(self, state: GameState, h: Hex) -> bool:
        """A VTOL's path planned to end landed ends only where it may land (ADV-28)."""
        if self.altitude != 0:
            return True
        u = state.unit(self.unit_id)
        return u is None or u.kind != "vtol" or landing_refusal(state.board, h) is None

    def _height_mp(self, state: GameState, h: Hex) -> int:
        """A VTOL's altitude MP the plan adds to a path ending in ``h`` (1 a level, ADV-25)."""
        u = state.unit(self.unit_id)
        if u is None or u.kind != "vtol":
            return 0
        prefix = self.waypoints[-1].steps if self.waypoints else ()
        tail = ("F",) if h != (self.waypoints[-1].at if self.waypoints else u.at) else ()
        path = (*prefix, *tail)
        return len(with_height(state, self.unit_id, path, self.altitude)) - len(path)

    def steps_to(self, state: GameState, h: Hex, facing: int) -> tuple[str, ...] | None:
        """The whole path's step tokens: the pinned part, then the cheapest continuation;
        a VTOL's rise and descent as :func:`with_height` puts them."""
        steps = self._steps_to(state, h, facing)
        return None if steps is None else with_height(state, self.unit_id, steps, self.altitude)

    def _steps_to(self, state: GameState, h: Hex, facing: int) -> tuple[str, ...] | None:
        prefix = self.waypoints[-1].steps if self.waypoints else ()
        if self.waypoints and h == self.waypoints[-1].at:
            wp = self.waypoints[-1]
            change = self._depth_from(wp.depth)  # ADV-25: dive or rise where it is
            dives = ("DV" if change > 0 else "RS",) * abs(change)
            return prefix + _turns(wp.facing, facing) + dives
        view = self.reach(state)
        r = view.search
        if r is None or h not in view.hexes:
            return None
        if self.depth is not None and r.kind == "submarine":
            end = r.at_depth(h, facing, self.depth)  # ADV-25: the cheapest at that depth
            return None if end is None else prefix + tuple(end[1])
        tail = r.path_to(h, facing)
        if tail is None:
            return None
        return prefix + tuple(tail)

    def _depth_from(self, depth: int) -> int:
        """Levels to dive (> 0) or rise (< 0) from ``depth`` to the plan's end depth."""
        return 0 if self.depth is None else self.depth - depth

    def preview(self, state: GameState, steps: tuple[str, ...]) -> MoveResult:
        key = (id(state), len(state.history), self.unit_id, self.mode, steps, self.careless)
        if key not in self._preview_cache:
            if len(self._preview_cache) > 64:
                self._preview_cache.clear()
            self._preview_cache[key] = preview_move(state, self.unit_id, self.mode, steps,
                                                    self.careless)  # fmt: skip
        return self._preview_cache[key]

    def other_option(self, state: GameState) -> MoveResult | None:
        """ADV-05: the same destination and facing moved the other way (careful when this
        plan is careless, careless when careful): its checked path, or None when that way
        does not get there. Only with the tacops option and a mode that may be careless."""
        if not state.rules.tacops or self.mode not in ("walk", "run") or self.waypoints:
            return None
        if self.dest is None or self.facing is None:
            return None
        other = self.other
        if other is None or (other.unit_id, other.mode, other.careless) != (
            self.unit_id,
            self.mode,
            not self.careless,
        ):
            other = self.other = Plan(self.unit_id, self.mode, careless=not self.careless)
        steps = other.steps_to(state, self.dest, self.facing)
        if steps is None:
            return None
        res = other.preview(state, steps)
        return res if res.legal else None

    def current_steps(self, state: GameState) -> tuple[str, ...] | None:
        if self.dest is None or self.facing is None:
            return None
        return self.steps_to(state, self.dest, self.facing)

    def pin(self, state: GameState) -> str | None:
        """Pin the current destination as a waypoint; the reason when it cannot be."""
        if self.mode == "jump":
            return "a jump goes straight to its destination: no waypoints"
        steps = self.current_steps(state)
        if steps is None or self.dest is None or self.facing is None:
            return "no path to pin here"
        if self.waypoints and self.dest == self.waypoints[-1].at:
            return None  # the same place again: the double click's first half
        res = self.preview(state, steps)
        if not res.legal:
            return res.error or "that path is not legal"
        self.waypoints.append(Waypoint(self.dest, self.facing, steps, res.mp_used, res.end_prone,
                                       res.end_depth))  # fmt: skip
        self.locked = False
        return None

    def unpin(self) -> bool:
        """Remove the last waypoint (or the locked destination); False if nothing was left."""
        if self.locked:
            self.locked = False
            return True
        if self.waypoints:
            self.waypoints.pop()
            return True
        return False


def _turns(have: int, want: int) -> tuple[str, ...]:
    """The shortest run of L/R turns from facing ``have`` to ``want``."""
    right = (want - have) % 6
    return ("R",) * right if right <= 3 else ("L",) * (6 - right)


def _turn_cost(have: int, want: int) -> int:
    right = (want - have) % 6
    return min(right, 6 - right)


def facing_from_angle(dx: float, dy: float) -> int:
    """The direction (0 = N .. 5 = NW) nearest to the screen vector (dx, dy) (y down)."""
    angle = math.degrees(math.atan2(dx, -dy)) % 360  # 0 = up, clockwise
    return int(((angle + 30) % 360) // 60)


def nearest_facing(want: int, allowed: tuple[int, ...]) -> int | None:
    """Of the allowed facings, the one closest to ``want`` around the circle."""
    if not allowed:
        return None
    return min(allowed, key=lambda f: (min((f - want) % 6, (want - f) % 6), f))


def stepped_facing(have: int, allowed: tuple[int, ...], step: int) -> int | None:
    """The next allowed facing clockwise (``step`` > 0) or anticlockwise from ``have``."""
    if not allowed:
        return None
    for k in range(1, 7):
        f = (have + k * (1 if step > 0 else -1)) % 6
        if f in allowed:
            return f
    return have


def aimed_facing(
    dx: float, dy: float, radius: float, natural: int | None, allowed: tuple[int, ...]
) -> int | None:
    """The facing the pointer aims at from the destination's centre: (dx, dy) screen
    pixels from it, ``radius`` the hex's corner radius on screen. Inside the dead zone
    (0.4 of the radius) the ``natural`` facing stays (the path's own, or the unit's)."""
    if math.hypot(dx, dy) < DEAD_ZONE * radius or not allowed:
        return natural if natural in allowed else nearest_facing(natural or 0, allowed)
    return nearest_facing(facing_from_angle(dx, dy), allowed)


DEAD_ZONE = 0.4  # of the hex radius: the middle of the destination keeps its facing
STICKY = 1.25  # of the hex radius: the pointer may wander this far to aim the facing


def with_height(state: GameState, unit_id: str, steps: tuple[str, ...], altitude: int | None
                ) -> tuple[str, ...]:  # fmt: skip
    """A VTOL's path with its altitude changes (ADV-25, 1 MP a level): a landed VTOL rises
    (RS) before its first hex, and the path ends at ``altitude`` (None: where it is)."""
    u = state.unit(unit_id)
    if u is None or u.kind != "vtol":
        return steps
    moves = [i for i, t in enumerate(steps) if t.upper() in HEX_KINDS]
    if moves and u.flying_height + _net(steps[: moves[0]]) <= 0:
        steps = (*steps[: moves[0]], "RS", *steps[moves[0] :])
    if altitude is None:
        return steps
    change = altitude - (u.flying_height + _net(steps))
    return (*steps, *(("RS" if change > 0 else "DV",) * abs(change)))


def _net(steps: tuple[str, ...]) -> int:
    """Levels risen (RS) less levels descended (DV) in ``steps``."""
    upper = [t.upper() for t in steps]
    return upper.count("RS") - upper.count("DV")
