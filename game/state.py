"""GameState: one immutable snapshot of a hot-seat game.

A game is its start (:class:`GameStart`: map, rules, sides, units placed by a scenario,
dice seed and script) plus the list of actions the players made; the dice are part of
the start, so replaying the actions gives the same state, roll for roll
(:func:`game.flow.replay`). The state never changes in place: :func:`game.flow.apply`
returns a new one, so the UI can keep the previous state for animation and nothing can
edit the rules' view by accident.

Phases: "setup" (pick forces), "deployment", then the turn phases of
:class:`game.rules.turn.Phase` ("initiative", "movement", ... "end").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .actions import Action, LogEntry
from .board import Board
from .dice import Dice
from .lookup import index_of
from .rules.options import TW, Rules
from .rules.turn import Initiative, Phase

if TYPE_CHECKING:
    from .mech import MechBody
    from .units import Unit

SETUP = "setup"
DEPLOYMENT = "deployment"
SIDES = ("A", "B")
MODES = ("walk", "run", "jump")
GAME_ROOT = Path(__file__).resolve().parents[1]  # the folder holding game/ and maps/


@dataclass(frozen=True, slots=True)
class GameStart:
    """Everything a game starts from besides the board arrays themselves.

    ``map_ref`` is the map file the board came from (saved as a path, so the save stays
    small) or None when the board is embedded in the save (a scenario's inline board).
    ``units`` are units a scenario already placed; roster picks arrive as AddUnit actions.
    """

    map_ref: str | None = None
    rules: Rules = TW
    sides: tuple[str, ...] = SIDES
    seed: int = 1
    script: tuple[int, ...] = ()
    units: tuple[Unit, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """How a unit moved this turn: what the attack phases will need (CMB to-hit mods)."""

    unit_id: str
    mode: str  # "stand" for a unit that stood still
    hexes_moved: int = 0
    mp_used: int = 0
    heat: int = 0
    attacker_modifier: int = 0
    target_modifier: int = 0


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game at one moment (see the module docstring).

    ``move_order`` is the forecast of sides still to act in the current alternating
    phase, front first; ``pair_left`` how many of those actions are left in the current
    pair before the unequal-numbers recount (TURN-08). ``faces_used`` counts the dice
    faces drawn so far from the start's script, then seed (the dice's position).
    ``history`` holds every accepted action; ``log`` every event, oldest first.
    """

    start: GameStart
    board: Board = field(compare=False, repr=False)  # now (buildings lose CF in play)
    start_board: Board | None = field(default=None, compare=False, repr=False)  # as it began
    units: tuple[Unit, ...] = ()
    bodies: tuple[tuple[str, MechBody], ...] = ()
    turn: int = 0
    phase: str = SETUP
    initiative: Initiative | None = None
    move_order: tuple[str, ...] = ()
    pair_left: int = 0
    active_unit: str | None = None
    declared_mode: str | None = None
    moves: tuple[MoveRecord, ...] = ()
    wrecked: tuple[str, ...] = ()  # destroyed in play in ways Unit.destroyed cannot see
    faces_used: int = 0
    history: tuple[Action, ...] = ()
    log: tuple[LogEntry, ...] = ()

    # --- looking things up --------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.start.rules

    @property
    def sides(self) -> tuple[str, ...]:
        return self.start.sides

    def unit(self, unit_id: str) -> Unit | None:
        """The unit with this id, or None."""
        return index_of(self.units, _unit_id, "units").get(unit_id)

    def body(self, unit_id: str) -> MechBody | None:
        """A Mech's armour and structure (None for vehicles and unknown ids)."""
        pair = index_of(self.bodies, _first, "bodies").get(unit_id)
        return None if pair is None else pair[1]

    def is_destroyed(self, unit: Unit) -> bool:
        """Pilot killed or engine gone (Unit.destroyed), body destroyed (CMB-37), or
        wrecked in play (a vehicle skidding into deep water, PSR-38)."""
        if unit.destroyed or unit.id in self.wrecked:
            return True
        body = self.body(unit.id)
        return body is not None and body.destroyed

    def side_units(self, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.side == side)

    @property
    def winner(self) -> str | None:
        """The side that still has units that are not destroyed (:meth:`is_destroyed`)
        when every other side has none; None while two or more sides fight on, before
        the game is under way (setup, deployment) and when no side has a unit left."""
        if self.phase in (SETUP, DEPLOYMENT):
            return None
        alive = {u.side for u in self.units if not self.is_destroyed(u)}
        return next(iter(alive)) if len(alive) == 1 else None

    def move_record(self, unit_id: str) -> MoveRecord | None:
        return index_of(self.moves, _record_id, "moves").get(unit_id)

    # --- whose turn -----------------------------------------------------------------------

    @property
    def side_to_act(self) -> str | None:
        """The side that must act now: deploying side, or the front of the move order."""
        if self.phase == DEPLOYMENT:
            return self.deploying_side
        if self.phase == Phase.MOVEMENT and self.move_order:
            return self.move_order[0]
        return None

    @property
    def deploying_side(self) -> str | None:
        """Sides deploy in order (all of A's units, then B's): the first with units left."""
        return next((s for s in self.sides if self.undeployed(s)), None)

    def undeployed(self, side: str | None = None) -> tuple[Unit, ...]:
        """Units still off the board (negative coordinates), optionally of one side."""
        return tuple(
            u
            for u in self.units
            if not self.board.contains(u.at) and (side is None or u.side == side)
        )

    def to_move(self, side: str | None = None) -> tuple[Unit, ...]:
        """Units that still act this movement phase: placed, not destroyed, not moved."""
        return tuple(
            u
            for u in self.units
            if not u.moved
            and not self.is_destroyed(u)
            and self.board.contains(u.at)
            and (side is None or u.side == side)
        )

    @property
    def phase_done(self) -> bool:
        """True when EndPhase is allowed: nobody is left to act in this phase."""
        return self.phase_waiting is None

    @property
    def phase_waiting(self) -> str | None:
        """Why EndPhase is not allowed yet (one sentence), or None when it is."""
        if self.phase == SETUP:
            return "start the game first"
        if self.phase == DEPLOYMENT:
            return f"side {self.deploying_side} still has units to deploy"
        if self.phase == Phase.INITIATIVE:
            return "roll initiative first"
        from .phases import PHASE_HOOKS  # phases builds on this module

        hook = PHASE_HOOKS.get(Phase(self.phase))
        return None if hook is None or hook.waiting is None else hook.waiting(self)

    def banner(self) -> str:
        """The top line of the play screen, e.g. 'Turn 3 - movement - Side B to move'."""
        if self.phase == SETUP:
            return "Setup - pick each side's force"
        if self.phase == DEPLOYMENT:
            return f"Deployment - Side {self.deploying_side} deploys"
        head = f"Turn {self.turn} - {str(self.phase).capitalize()}"
        side = self.side_to_act
        if self.phase == Phase.MOVEMENT and side is not None:
            left = ", ".join(f"{s}: {len(self.to_move(s))} left" for s in self.sides)
            return f"{head} - Side {side} to move ({left})"
        return head

    # --- dice -------------------------------------------------------------------------------

    def dice(self) -> Dice:
        """A dice cup positioned where this game's dice stand (after ``faces_used`` faces).

        Count new rolls from ``len(cup.log)`` as it is handed over. A cup left at a
        position by the previous action (:func:`keep_cup`) is reused, so a replay does not
        redraw every earlier face for each action; otherwise the earlier faces are
        redrawn. Both give the same next faces: the dice depend only on seed, script and
        position.
        """
        key = (self.start.seed, self.start.script, self.faces_used)
        cup = _CUPS.pop(key, None)
        if cup is None:
            cup = Dice(self.start.seed, self.start.script)
            for _ in range(self.faces_used):
                cup.d6("earlier roll")
        return cup


def _unit_id(u: Unit) -> str:
    return u.id


def _first(pair: tuple[str, MechBody]) -> str:
    return pair[0]


def _record_id(m: MoveRecord) -> str:
    return m.unit_id


# Cups parked at a (seed, script, faces used) position, newest last; a few suffice.
_CUPS: dict[tuple[int, tuple[int, ...], int], Dice] = {}


def keep_cup(seed: int, script: tuple[int, ...], faces_used: int, cup: Dice) -> None:
    """Park a cup that stands at ``faces_used`` for the next action's GameState.dice()."""
    _CUPS[(seed, script, faces_used)] = cup
    while len(_CUPS) > 8:
        del _CUPS[next(iter(_CUPS))]


def canonical_map_ref(ref: str | Path) -> str:
    """A map inside the game folder is named relative to it (saves survive a move of the
    folder, and the scenario reader finds it from the game root); others absolutely.
    A relative name that is no file from here but one in the game folder (a save's map,
    loaded from elsewhere) is already such a name and stays as it is."""
    if not Path(ref).is_absolute() and not Path(ref).is_file() and (GAME_ROOT / ref).is_file():
        return Path(ref).as_posix()
    path = Path(ref).resolve()
    try:
        return path.relative_to(GAME_ROOT).as_posix()
    except ValueError:
        return str(path)


def new_game(
    board: Board,
    *,
    map_ref: str | Path | None = None,
    rules: Rules = TW,
    seed: int = 1,
    script: tuple[int, ...] = (),
    units: tuple[Unit, ...] = (),
    sides: tuple[str, ...] = SIDES,
) -> GameState:
    """A game in the setup phase; ``units`` (from a scenario) are already on the board."""
    from .flow import default_body  # flow builds bodies the same way for AddUnit

    if map_ref is not None:
        map_ref = canonical_map_ref(map_ref)
    start = GameStart(map_ref, rules, tuple(sides), seed, tuple(script), tuple(units))
    bodies = tuple((u.id, b) for u in units if (b := default_body(u)) is not None)
    return GameState(start, board, board, units=tuple(units), bodies=bodies)


def new_game_from_map(
    path: str | Path, *, rules: Rules = TW, seed: int = 1, sides: tuple[str, ...] = SIDES
) -> GameState:
    """A game in setup on a Tiled map (MapError, a UserFacingError, if it cannot load)."""
    from .maps import load_map  # lazy: pytmx only when a map is really read

    return new_game(load_map(Path(path)), map_ref=path, rules=rules, seed=seed, sides=sides)


def new_game_from_scenario(path: str | Path, *, rules: Rules = TW, seed: int = 1) -> GameState:
    """A game from a scenario file: its board, its placed units and its dice script.

    The sides are the scenario's (sorted), falling back to A and B when it names fewer.
    """
    from .scenario import load_scenario

    path = Path(path)
    sc = load_scenario(path)
    map_ref: Path | None = None
    if sc.board_file is not None:  # the scenario reader's search: beside it, else the game
        beside = path.parent / sc.board_file
        map_ref = beside if beside.is_file() else GAME_ROOT / sc.board_file
    named = tuple(sorted({u.side for u in sc.units}))
    sides = named if len(named) >= 2 else SIDES
    return new_game(
        sc.board, map_ref=map_ref, rules=rules, seed=seed, script=sc.dice or (),
        units=sc.units, sides=sides,
    )  # fmt: skip
