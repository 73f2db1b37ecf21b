"""The state of a move in progress and the context it runs in (MOV-01..31).

Split from movement.py so that the step functions (movesteps.py) and the driver
(movement.py) share these records without import cycles.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.board import Board
from game.core.options import Rules
from game.hexgrid import Hex
from game.rules.move import costs as C
from game.rules.move.enemies import Entry, entry_rule, refusal, stopped_error
from game.rules.piloting.psr import PSR
from game.rules.window import LocalTables
from game.units.unit import Unit

MODES = ("stand", "walk", "run", "jump", "crawl", "defend")
TACOPS_MODES = frozenset({"crawl", "defend"})  # ADV-01, ADV-03: only with the option
SKIDDERS = frozenset({"biped", "quad", "tracked", "wheeled"})  # PSR-22 (hover: PSR-28)


@dataclass(frozen=True, slots=True)
class MoveState:
    """Everything the walk needs mid-move; the resolver may ``replace`` it after a fall."""

    at: Hex
    facing: int
    prone: bool
    deck: bool = False  # on a bridge deck (MOV-26..28)
    mp_used: int = 0
    hexes_moved: int = 0  # hexes entered (jump: hexes jumped)
    hexes_counted: int = 0  # CMB-13: hexes since the last forward/backward switch
    last_backward: bool | None = None
    travel_dir: int | None = None  # direction of the last hex entered
    turn_pending: bool = False  # facing changed since the last hex entered
    dir_before_turn: int | None = None  # travel direction before that change
    turned_on_pavement: bool = False  # PSR-22 pending skid check
    steps: int = 0  # steps applied
    minimum: bool = False  # MOV-20 used
    stand_attempts: int = 0  # MOV-23 (heat per K25)
    all_paved: bool = True  # MOV-25: every hex entered so far was paved
    jumped: bool = False
    climbed: int = 0  # MOV-13: levels ground infantry climbed this turn (TW: at most 1)
    hull_down: bool = False  # ADV-11..16
    airborne: bool = False  # WiGE in flight (ADV-17)
    altitude: int = 0  # WiGE: levels above the top of the hex below (ADV-23)
    road_bound: bool = False  # WiGE under the treetops on a road (ADV-20)
    took_off: bool = False  # ADV-17: no minimum movement the turn it takes off
    landed: bool = False  # a WiGE that landed (LAND) this turn: its movement is over
    depth: int = 0  # a submarine's levels below the surface (ADV-25; game.rules.move.diving)
    # MOV-35: the enemy whose hex it entered; it enters no other. Left out of the repr, which
    # a save's digest covers (game.save: a move under way), so older saves still match.
    stopped: str | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class StepReport:
    index: int
    token: str
    ok: bool
    error: str | None
    cost: int
    state_after: MoveState
    psrs: tuple[PSR, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class MoveContext:
    """Built once per move: the board, the mover, who blocks whom, the MP of the mode."""

    board: Board
    unit: Unit
    units: tuple[Unit, ...]  # the others (not destroyed)
    mode: str
    mp_available: int
    rules: Rules
    table: LocalTables  # entry arrays around the hex asked about (game.rules.window)
    costs: C.MotiveCosts
    error: str | None  # the whole move is impossible (mode, immobile, ...)
    paved_bonus: bool  # MOV-25 applies if the unit stays on pavement
    # MOV-02/07: ``error`` only forbids spending MP (a mobile unit with 0 MP that has not
    # moved declared walk or run); the empty move, ending where it began, stays legal.
    may_stay: bool = False
    careless: bool = False  # ADV-05..08: ignore every extra MP the rules let it ignore

    @property
    def running(self) -> bool:
        return self.mode == "run"

    def name(self, h: Hex) -> str:
        return self.board.hex_name(h)

    def occupant(self, h: Hex) -> Unit | None:
        for u in self.units:
            if u.at == h:
                return u
        return None

    def leaving(self, state: MoveState) -> str | None:
        """MOV-35: why a unit that entered an enemy's hex may not enter another one."""
        if state.stopped is None:
            return None
        return stopped_error(state.stopped, self.name(state.at))

    def entering(self, h: Hex, state: MoveState | None = None) -> tuple[str | None, str | None]:
        """MOV-35 (classic: MOV-30) for a step into ``h``: (why it may not,
        the enemy whose hex it enters and where its movement must end). With ``state``,
        the mover's height band is the one it moves in (a WiGE in flight, a VTOL's
        altitude, a submarine's depth: :func:`placed`)."""
        mover = self.unit if state is None else placed(self.unit, state)
        rule, enemy = entry_rule(mover, [u for u in self.units if u.at == h], self.rules)
        if rule is Entry.REFUSE:
            assert enemy is not None
            return refusal(self.unit, enemy, self.name(h), self.rules), None
        return None, enemy.id if rule is Entry.STOP and enemy is not None else None


def placed(unit: Unit, state: MoveState) -> Unit:
    """``unit`` where the move has it: its hex, facing and posture, and the height band it
    moves in (MOV-34: a WiGE in flight and its altitude, a VTOL's altitude, 0 landed, a
    submarine's depth) for the stacking and MOV-35 checks."""
    u = replace(unit, at=state.at, facing=state.facing, prone=state.prone)
    if unit.kind == "wige":
        return replace(u, wige_airborne=state.airborne, altitude=state.altitude)
    if unit.kind == "vtol":
        return replace(u, altitude=max(state.altitude, 1), landed=state.altitude == 0)
    if unit.kind == "submarine":
        return replace(u, depth=state.depth)
    return u


def mode_mp(unit: Unit, mode: str) -> int:
    """MP of a mode: crawling has half the walk MP rounded down (ADV-04); a unit in
    physical attack defence spends none now and its walk MP in the physical phase (ADV-01)."""
    if mode == "crawl":
        return unit.walk_mp() // 2
    if mode == "defend":
        return unit.walk_mp()
    return {"stand": 0, "walk": unit.walk_mp(), "run": unit.run_mp(), "jump": unit.jump_mp()}[mode]


def fail(index: int, token: str, state: MoveState, error: str) -> StepReport:
    return StepReport(index, token, False, error, 0, state)


def limit_mp(ctx: MoveContext, state: MoveState, paved: bool = True) -> int:
    """MP available, with the MOV-25 extra MP while the vehicle stays on pavement; a
    landed WiGE has 1 MP on the ground (ADV-19)."""
    limit = ctx.mp_available + (1 if ctx.paved_bonus and state.all_paved and paved else 0)
    if ctx.unit.kind == "wige" and not state.airborne:
        limit = min(limit, 1)
    return limit


def no_mp(what: str, cost: int, ctx: MoveContext, state: MoveState, limit: int) -> str:
    left = max(limit - state.mp_used, 0)
    return f"{what} costs {cost} MP but only {left} of {ctx.mp_available} MP are left (MOV-07)"


def turned(ctx: MoveContext, state: MoveState, facing: int, cost: int) -> MoveState:
    """A facing change: remember it for skids (PSR-22) and sideslips (PSR-28)."""
    table, h = ctx.table.at(state.at)
    paved = bool(table.pos_paved[int(state.deck), h])
    before = state.dir_before_turn if state.turn_pending else state.travel_dir
    return replace(
        state,
        facing=facing,
        mp_used=state.mp_used + cost,
        turn_pending=ctx.unit.has_facing,
        dir_before_turn=state.facing if before is None else before,
        turned_on_pavement=state.turned_on_pavement or paved,
        steps=state.steps + 1,
    )
