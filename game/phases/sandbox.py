"""The sandbox (issue 13): one player sets up any situation and tries moves freely.

There is no initiative and no turn order: the one phase of a sandbox game accepts the
editor actions below (place a design or a dummy target, pick it up and set it down
elsewhere, turn it, lay it down, say how it "has moved" for the to-hit modifier against
it, edit skills, heat and armour, remove it, fix the next dice) and moves of any unit at
any time, with every roll resolved by the same rules as in play. Undo and redo are the
caller's (game.core.history over the states; game.phases.sandbox_game gives the dice a
new face after an undo).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import ClassVar

from game.core.actions import Action, Event
from game.designs.roster import RosterError, make_unit
from game.phases.actions import CommitMove, RemoveUnit, StandStill
from game.phases.flights import FlyUnit, fly, settle_now
from game.phases.movers import HexApplying, HexPhase, MoveReport, with_building_cf
from game.rules.deploy import prohibited_mask
from game.rules.move.bridges import without_bridges
from game.rules.move.diving import set_at
from game.rules.move.movement import attacker_modifier, target_modifier
from game.rules.move.stacking import why_not_here
from game.units.unit import Damage, Unit

from ..core.cups import cup_at
from ..core.phase import Applying, PhaseRules
from ..hexgrid import Hex
from ..narrate import crashed_in, move_summary
from ..rules.aero import out_of_control
from ..rules.combat.records import Movement
from ..state import GameState, MoveRecord
from . import sandbox_edit, sandbox_fire
from .damage_check import vehicle_checks
from .sandbox_edit import (
    EditAmmo,
    EditCrit,
    EditLocation,
    EditUnit,
    EditWeapon,
    find_unit,
    put_unit,
)
from .sandbox_fire import SandboxFire, SandboxStrike

NAME = "sandbox"
DUMMY = "dummy"  # the `design` of a dummy target: a plain Mech body of some tonnage
DUMMY_KINDS = ("biped", "quad")
POSTURES = ("standing", "prone")


@dataclass(frozen=True, slots=True)
class PlaceUnit(Action):
    """Sandbox: put a design of the roster on the map."""

    doing: ClassVar[str] = "units are placed freely"
    design: str
    side: str
    at: Hex
    facing: int
    unit_id: str = ""
    gunnery: int = 4
    piloting: int = 5


@dataclass(frozen=True, slots=True)
class PlaceDummy(Action):
    """Sandbox: put a dummy target (a Mech of that tonnage, no weapons) on the map, standing
    or prone, shut down or not, and counting as having moved ``hexes`` in ``mode`` (stand,
    walk, run, jump: the to-hit modifier against it, CMB-13), all in one action."""

    doing: ClassVar[str] = "dummy targets are placed"
    side: str
    at: Hex
    facing: int
    tons: int = 50
    kind: str = "biped"
    unit_id: str = ""
    prone: bool = False
    shutdown: bool = False
    mode: str = "stand"
    hexes: int = 0


@dataclass(frozen=True, slots=True)
class SetDown(Action):
    """Sandbox: pick a unit up and set it down in another hex and facing (no rules)."""

    doing: ClassVar[str] = "units are set down freely"
    unit_id: str
    at: Hex
    facing: int


@dataclass(frozen=True, slots=True)
class SetPosture(Action):
    """Sandbox: a Mech stands or lies prone."""

    doing: ClassVar[str] = "postures are set"
    unit_id: str
    posture: str


@dataclass(frozen=True, slots=True)
class SetMoved(Action):
    """Sandbox: what the unit "did" this turn, for the to-hit modifiers (CMB-12/13):
    its mode (stand, walk, run, jump) and the hexes it counts as moved."""

    doing: ClassVar[str] = "a unit's movement is set"
    unit_id: str
    mode: str
    hexes: int
    skidded: bool = False  # PSR-25: +1 to its own attacks, +2 to attacks against it


@dataclass(frozen=True, slots=True)
class FixDice(Action):
    """Sandbox: the next dice show these faces (1..6 each), to test an exact case."""

    doing: ClassVar[str] = "dice are fixed"
    faces: tuple[int, ...]


def standable(s: GameState, unit: Unit, at: Hex, facing: int) -> str | None:
    """Why ``unit`` cannot be set down at ``at`` (off the map, occupied, terrain its kind
    may never enter, MOV-10), or None; the unit itself does not count as occupying."""
    if not 0 <= facing <= 5:
        return f"facing {facing} is not 0..5"
    if not s.board.contains(at):
        return f"hex {at.col + 1},{at.row + 1} is off the map"
    name = s.board.hex_name(at)
    if unit.airborne:  # aerospace units fly over anything (AERO-01)
        return None
    if s.rules.classic and any(o.at == at and o.id != unit.id and not o.airborne for o in s.units):
        return f"hex {name} is already occupied"  # MOV-30
    if not s.rules.classic:  # MOV-34
        why = why_not_here(
            replace(unit, at=at), at, [o for o in s.units if not o.airborne], s.rules
        )
        if why is not None:
            return f"hex {name} {why}"
    if prohibited_mask(s.board, unit.kind)[at.row, at.col]:
        return f"a {unit.kind} unit cannot stand in hex {name} (terrain)"
    return None


def _place(step: Applying, unit: Unit, verb: str) -> str | None:
    s = step.state
    if s.unit(unit.id) is not None:
        return f"unit id {unit.id!r} is already taken"
    reason = standable(s, unit, unit.at, unit.facing)
    if reason is not None:
        return reason
    step.state = replace(s, units=s.units + (unit,))
    where = s.board.hex_name(unit.at)
    step.emit(Event("placed", f"{unit.name or unit.id} {verb} at {where}", unit.id))
    return None


def free_id(s: GameState, side: str) -> str:
    n = 1
    while s.unit(f"{side}{n}") is not None:
        n += 1
    return f"{side}{n}"


def _place_unit(step: Applying, a: Action) -> str | None:
    assert isinstance(a, PlaceUnit)
    try:
        unit = make_unit(a.design, a.unit_id or free_id(step.state, a.side), a.side,
                         a.piloting, a.gunnery, a.at, a.facing)  # fmt: skip
    except RosterError as e:
        return str(e)
    return _place(step, unit, "is placed")


def _place_dummy(step: Applying, a: Action) -> str | None:
    assert isinstance(a, PlaceDummy)
    if a.kind not in DUMMY_KINDS:
        return f"a dummy target is a {' or a '.join(DUMMY_KINDS)} Mech, not a {a.kind}"
    if not 20 <= a.tons <= 100 or a.tons % 5:
        return f"a dummy target weighs 20..100 tons in steps of 5, not {a.tons}"
    uid = a.unit_id or free_id(step.state, a.side)
    name = f"Dummy {a.tons} t"
    unit = Unit(uid, a.side, a.kind, a.tons, 0, a.at, a.facing, name=name, design=DUMMY,
                prone=a.prone, damage=Damage(shutdown=a.shutdown))  # fmt: skip
    if a.mode != "stand" or a.hexes:
        why = moved_refusal(a.mode, a.hexes)
        if why is not None:
            return why
    reason = _place(step, unit, "is set up as a target")
    if reason is None and (a.mode != "stand" or a.hexes):
        reason = _set_moved(step, SetMoved(uid, a.mode, a.hexes))
    return reason


def _set_down(step: Applying, a: Action) -> str | None:
    assert isinstance(a, SetDown)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    s = step.state
    reason = standable(s, u, a.at, a.facing)
    if reason is not None:
        return reason
    put_unit(step, set_at(s.board, u, a.at, a.facing))  # ADV-25: no deeper than the water
    step.emit(Event("set_down", f"{u.id} is set down at {s.board.hex_name(a.at)}", u.id))
    return None


def _set_posture(step: Applying, a: Action) -> str | None:
    assert isinstance(a, SetPosture)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    if a.posture not in POSTURES:
        return f"posture {a.posture!r} is not one of {', '.join(POSTURES)}"
    if a.posture == "prone" and not u.is_mech:
        return f"only Mechs can lie prone, and {u.id} is a {u.kind} unit"
    put_unit(step, replace(u, prone=a.posture == "prone"))
    step.emit(Event("posture", f"{u.id} is now {a.posture}", u.id))
    return None


def moved_refusal(mode: str, hexes: int) -> str | None:
    """Why a unit cannot count as having moved so (one sentence), or None."""
    if mode not in ("stand", "walk", "run", "jump", "defend"):
        return f"mode {mode!r} is not one of stand, walk, run, jump, defend"
    if not 0 <= hexes <= 40 or (mode in ("stand", "defend") and hexes):  # ADV-01: no MP
        moved = f"{hexes} {'hex' if hexes == 1 else 'hexes'} moved"
        return f"{moved} is not possible for a unit that did {mode}"
    return None


def _set_moved(step: Applying, a: Action) -> str | None:
    """CMB-12/13: the mode counts for its own attacks, the hexes (and a jump) for
    attacks against it."""
    assert isinstance(a, SetMoved)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    why = moved_refusal(a.mode, a.hexes)
    if why is not None:
        return why
    s = step.state
    heat = Movement(a.mode, a.hexes).movement_heat()  # HEAT-02
    rec = MoveRecord(u.id, a.mode, a.hexes, 0, heat, attacker_modifier(a.mode),
                     target_modifier(a.hexes, a.mode == "jump", s.rules), a.skidded)  # fmt: skip
    step.state = replace(s, moves=tuple(m for m in s.moves if m.unit_id != u.id) + (rec,))
    skid = ", skidded" if a.skidded else ""
    text = f"{u.id} counts as having done {a.mode}, {a.hexes} hexes{skid}: +" + (
        f"{rec.target_modifier} to hit it")  # fmt: skip
    step.emit(Event("set_moved", text, u.id, payload=rec))
    return None


def _remove(step: Applying, a: Action) -> str | None:
    assert isinstance(a, RemoveUnit)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    s = step.state
    step.state = replace(s, units=tuple(o for o in s.units if o.id != u.id),
                         moves=tuple(m for m in s.moves if m.unit_id != u.id))  # fmt: skip
    step.emit(Event("unit_removed", f"{u.id} is taken off the map", u.id))
    return None


def _move(step: HexApplying, a: Action) -> str | None:
    """Any unit moves at any time (no turn order); the rules check and roll as in play,
    then the end-of-phase vehicle checks (a flier that lost its lift comes down, ADV-26..29;
    a hovercraft immobilised over water sinks, CMB-48a). Afterwards it may move again (its
    latest move counts for the to-hit modifiers)."""
    assert isinstance(a, CommitMove)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    s = replace(step.state, units=tuple(replace(o, moved=False) for o in step.state.units))
    mover = step.tools
    report: MoveReport = mover(s, step.cup, u.id, a.mode, tuple(a.steps))
    if not report.legal:
        return report.error or "that move is not legal"
    record = report.record or MoveRecord(u.id, a.mode)
    step.state = replace(
        s,
        board=without_bridges(with_building_cf(s.board, report.buildings), report.bridges),
        units=tuple(replace(o, moved=False) for o in report.units),
        moves=tuple(m for m in s.moves if m.unit_id != u.id) + (record,),
        wrecked=tuple(sorted(set(s.wrecked) | set(report.destroyed))),
    )
    for event in report.events:  # the rolls first, then the line that closes the move
        step.emit(event)
    after = step.state.unit(u.id) or u
    text = move_summary(s.board, u, after, record.mode, record.hexes_moved, record.mp_used,
                        record.heat, record.target_modifier,
                        crashed_in(report.events, u.id))  # fmt: skip
    step.emit(Event("move", text, u.id, (), report.record))
    vehicle_checks(step)  # each move is its own phase for the crash and sinking rules
    return None


def _fly(step: Applying, a: Action) -> str | None:
    """An aerospace unit flies at any time (game.phases.flights); the sandbox has no end phase,
    so the flight's control rolls are made right after it (game.phases.flights.settle_now)."""
    assert isinstance(a, FlyUnit)
    u = find_unit(step, a.unit_id)
    if isinstance(u, str):
        return u
    s = replace(step.state, units=tuple(replace(o, moved=False) for o in step.state.units))
    out = fly(s, step.cup, u.id, tuple(a.steps))
    if isinstance(out, str):
        return out
    flown = next(o for o in out.units if o.id == u.id)
    settled, rolls = settle_now(flown, out_of_control(u), step.cup)
    units = tuple(replace(settled if o.id == u.id else o, moved=False) for o in out.units)
    step.state = replace(s, units=units)
    for e in out.events + rolls:
        step.emit(e)
    return None


def drawn(s: GameState) -> tuple[int, ...]:
    """Every face the game's dice have shown so far, in order."""
    cup = cup_at(s.start.seed, s.start.script, s.faces_used)
    return tuple(f for r in cup.log for f in r.faces)


def with_next_faces(s: GameState, faces: tuple[int, ...], seed: int) -> GameState:
    """The state whose dice show ``faces`` next and then a stream seeded by ``seed``; what
    was rolled so far stays as it was (the dice position does not move)."""
    start = replace(s.start, script=drawn(s) + faces, seed=seed)
    return replace(s, start=start)


def _fix_dice(step: Applying, a: Action) -> str | None:
    assert isinstance(a, FixDice)
    if not a.faces or any(not 1 <= f <= 6 for f in a.faces):
        return "fixed dice are one or more faces, each 1..6"
    s = step.state
    if s.start.script[s.faces_used : s.faces_used + len(a.faces)] != a.faces:
        step.state = with_next_faces(s, a.faces, s.start.seed + 1)
    # else the dice show these faces next already (a replay from a later state's start,
    # whose script holds every face drawn since): the start stays, so a replay ends equal
    shown = " ".join(str(f) for f in a.faces)
    step.emit(Event("dice_fixed", f"The next dice will show {shown}"))
    return None


def _stand(step: Applying, a: Action) -> str | None:
    assert isinstance(a, StandStill)
    return _set_moved(step, SetMoved(a.unit_id, "stand", 0))


RULES: HexPhase = PhaseRules(
    name=NAME,
    handlers=MappingProxyType(
        {
            PlaceUnit: _place_unit,
            PlaceDummy: _place_dummy,
            SetDown: _set_down,
            SetPosture: _set_posture,
            SetMoved: _set_moved,
            RemoveUnit: _remove,
            CommitMove: _move,
            StandStill: _stand,
            FixDice: _fix_dice,
            FlyUnit: _fly,
            **sandbox_edit.HANDLERS,
            **sandbox_fire.HANDLERS,
        }
    ),
    waiting=lambda s: "the sandbox never ends: take units off or undo instead",
    closes_itself=False,
    title=lambda s: "Sandbox",
    banner=lambda s: "Sandbox - place, move and test freely",
)

__all__ = [
    "DUMMY",
    "EditAmmo",
    "EditCrit",
    "EditLocation",
    "EditUnit",
    "EditWeapon",
    "FixDice",
    "NAME",
    "PlaceDummy",
    "PlaceUnit",
    "RULES",
    "SandboxFire",
    "SandboxStrike",
    "SetDown",
    "SetMoved",
    "SetPosture",
    "drawn",
    "free_id",
    "standable",
    "with_next_faces",
]
