"""GameState: one immutable snapshot of a hot-seat game.

A game is its start (:class:`GameStart`: map, rules, sides, units placed by a scenario,
dice seed and script) plus the list of actions the players made; the dice are part of
the start, so replaying the actions gives the same state, roll for roll
(:func:`game.flow.replay`). The state never changes in place: :func:`game.flow.apply`
returns a new one, so the UI can keep the previous state for animation and nothing can
edit the rules' view by accident.

``phase`` names the phase the game is in; what each phase does, who acts in it and when
it ends is that phase's own module (game.phases); this record is data only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.actions import Action, LogEntry
from game.core.dice import Dice
from game.core.options import TW, Rules
from game.units.lookup import index_of

from .board import Board
from .core.cups import cup_at
from .hexgrid import Hex
from .rules.combat.records import Declaration
from .rules.physical.records import Blow
from .rules.turn import Initiative

if TYPE_CHECKING:
    from game.rules.move.movestate import MoveState
    from game.units.mech import MechBody
    from game.units.unit import Unit

SIDES = ("A", "B")
MODES = ("walk", "run", "jump", "crawl", "defend")  # crawl, defend: the tacops option (ADV-01/03)


@dataclass(frozen=True, slots=True)
class GameStart:
    """Everything a game starts from besides the board arrays themselves.

    ``map_ref`` is the map file the board came from (saved as a path, so the save stays
    small) or None when the board is embedded in the save (a scenario's inline board).
    ``units`` are units a scenario already placed; roster picks arrive as AddUnit actions.
    ``mode`` is "game" (hot seat: setup, deployment, turns) or "sandbox" (game.phases).
    ``turn_limit``: the game ends after that many turns, decided by damage dealt (None:
    it goes on until one side is out of action, game.outcome).
    """

    map_ref: str | None = None
    rules: Rules = TW
    sides: tuple[str, ...] = SIDES
    seed: int = 1
    script: tuple[int, ...] = ()
    units: tuple[Unit, ...] = ()
    mode: str = "game"
    turn_limit: int | None = None


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
    skidded: bool = False  # PSR-25: +1 to its own attacks, +2 to attacks against it

    @property
    def jumped(self) -> bool:
        return self.mode == "jump"


@dataclass(frozen=True, slots=True)
class Underway:
    """A move begun and not yet finished (MOV-23): a failed roll interrupted it, or the
    player took a first part (a stand-up attempt) to see its roll. The unit goes on from
    ``resume`` (the rules' move state: MP spent, hexes moved, stand attempts) in the same
    mode; ``steps`` are every step taken so far."""

    unit_id: str
    mode: str
    steps: tuple[str, ...]
    mp_used: int
    mp_available: int
    resume: MoveState
    started_prone: bool = False

    @property
    def mp_left(self) -> int:
        return max(self.mp_available - self.mp_used, 0)


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
    turn: int = 0
    phase: str = ""  # the phase's name (game.phases); game.flow.initial_state sets it
    initiative: Initiative | None = None
    move_order: tuple[str, ...] = ()
    pair_left: int = 0
    active_unit: str | None = None
    declared_mode: str | None = None
    underway: Underway | None = None  # the move that goes on before anybody else acts
    moves: tuple[MoveRecord, ...] = ()
    declarations: tuple[Declaration, ...] = ()  # weapon attacks declared this turn (CMB-01)
    acted: tuple[str, ...] = ()  # units that declared in the current attack phase
    walked: tuple[str, ...] = ()  # ADV-01: defence walks made in this physical attack phase
    physical: tuple[Blow, ...] = ()  # physical attacks declared this turn (PHY-02)
    limbs: tuple[tuple[Hex, str], ...] = ()  # severed arms and legs lying about (PHY-06)
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
        u = self.unit(unit_id)
        return u.body if u is not None else None

    def is_destroyed(self, unit: Unit) -> bool:
        """Pilot killed or engine gone (Unit.destroyed), body destroyed (CMB-37), or
        wrecked in play (a vehicle skidding into deep water, PSR-38)."""
        if unit.destroyed or unit.id in self.wrecked:
            return True
        return unit.body is not None and unit.body.destroyed

    def side_units(self, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.side == side)

    def move_record(self, unit_id: str) -> MoveRecord | None:
        return index_of(self.moves, _record_id, "moves").get(unit_id)

    # --- dice -------------------------------------------------------------------------------

    def dice(self) -> Dice:
        """A dice cup positioned where this game's dice stand (after ``faces_used`` faces;
        game.core.cups). Count new rolls from ``len(cup.log)`` as it is handed over."""
        return cup_at(self.start.seed, self.start.script, self.faces_used)


def _unit_id(u: Unit) -> str:
    return u.id


def _record_id(m: MoveRecord) -> str:
    return m.unit_id
