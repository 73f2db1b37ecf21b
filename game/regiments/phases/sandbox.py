"""The regiments sandbox (issue 16): one player sets up any situation on the table and
tries orders freely.

There are no rounds and no activation order: the one phase of a sandbox accepts the
editor actions below (place a regiment of any unit type for any side, pick it up and set
it down elsewhere or turned, take it off, set or clear its markers) and every order of
REG-01 (move, march, face, widen, narrow, charge, hold) for any regiment at any time,
checked by the same rules as in play (the 3 cm zone, the allowance, the charge path...).
A charge that halts before a unit that may countercharge waits for the answer
(Countercharge) here too. Undo and redo are the caller's (game.core.history).

Placing is not an order, so REG-04 does not speak of it; the sandbox keeps what a table
can hold: a regiment lies on the table and overlaps no regiment and no obstacle (as the
scenario reader demands), and it is kept 3 cm from every enemy (REG-04: only a charge
brings enemies closer) unless the placement says ``contact`` (setting up a charge's end,
or units already in contact).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import ClassVar

import numpy as np

from game.core.actions import Action, Event

from ...core.phase import Applying, Handler, PhaseRules
from ..actions import (
    Countercharge,
    RegimentCharge,
    RegimentFace,
    RegimentHold,
    RegimentMove,
    RegimentReshape,
)
from ..armies import ArmyError, regiment_of, unit_types
from ..geometry import EPS, distance, overlaps
from ..options import EXCLUSION_CM
from ..orders import check_order
from ..paths import World
from ..regiment import MARKERS, Regiment
from ..resolve import headline, narrate, order_of, with_verdict
from ..state import RegimentState
from .charging import begin_charge, decide

NAME = "sandbox"


@dataclass(frozen=True, slots=True)
class PlaceRegiment(Action):
    """Sandbox: put a regiment of a unit type (game/regiments/data/armies.json) on the
    table, by its front-left corner (cm) and facing; ``contact`` lets it stand within
    3 cm of an enemy (never overlapping)."""

    doing: ClassVar[str] = "regiments are placed freely"
    unit_type: str
    side: str
    x: float
    y: float
    facing: float
    unit_id: str = ""
    contact: bool = False


@dataclass(frozen=True, slots=True)
class SetDownRegiment(Action):
    """Sandbox: pick a regiment up and set it down elsewhere, turned any way (no rules but
    those of placing)."""

    doing: ClassVar[str] = "regiments are set down freely"
    unit_id: str
    x: float
    y: float
    facing: float
    contact: bool = False


@dataclass(frozen=True, slots=True)
class RemoveRegiment(Action):
    """Sandbox: take a regiment off the table."""

    doing: ClassVar[str] = "regiments are taken off the table"
    unit_id: str


@dataclass(frozen=True, slots=True)
class SetMarkers(Action):
    """Sandbox: the regiment's markers ("activation", "hold"; REG-06), e.g. a hold marker
    to try a countercharge (REG-17)."""

    doing: ClassVar[str] = "markers are set"
    unit_id: str
    markers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClearMarkers(Action):
    """Sandbox: every marker comes off, as at the start of a round (REG-06)."""

    doing: ClassVar[str] = "markers are cleared"


def centred(reg: Regiment, centre: np.ndarray | tuple[float, float], facing: float) -> Regiment:
    """The regiment turned to ``facing`` with its centre at ``centre`` (cm)."""
    turned = reg.placed(reg.front_left, facing)
    shift = np.asarray(centre, float) - turned.centre()
    return turned.placed(np.array(turned.front_left) + shift, facing)


def placement_problem(world: World, reg: Regiment, contact: bool = False) -> str | None:
    """Why ``reg`` cannot stand where it is (off the table, on another regiment or an
    obstacle, within 3 cm of an enemy without ``contact``), or None; a regiment of the
    same id in ``world`` (the one being moved) does not count."""
    c = reg.corners()
    if not world.table.holds(c):
        size = f"{world.table.width:g} x {world.table.height:g} cm"
        return f"{reg.label} would not lie on the {size} table"
    others = [r for r in world.regiments if r.id != reg.id]
    for o in others:
        if overlaps(c, o.corners()):
            return f"{reg.label} would overlap {o.label}"
    for ob in world.table.obstacles:
        if overlaps(c, ob.polygon()):
            return f"{reg.label} would stand on {ob.label}"
    if contact:
        return None
    for o in (o for o in others if o.side != reg.side):
        d = distance(c, o.corners())
        if d < EXCLUSION_CM - EPS:
            return (
                f"{reg.label} would stand within {EXCLUSION_CM:g} cm of {o.label} ({d:.2f} cm, "
                "REG-04: only a charge comes closer); place it with contact allowed"
            )
    return None


def free_id(s: RegimentState, side: str) -> str:
    n = 1
    while s.get(f"{side}{n}") is not None:
        n += 1
    return f"{side}{n}"


def _with(step: Applying, reg: Regiment, verb: str) -> None:
    s: RegimentState = step.state
    regs = tuple(reg if r.id == reg.id else r for r in s.regiments)
    if s.get(reg.id) is None:
        regs += (reg,)
    step.state = replace(s, regiments=regs)
    x, y = reg.centre()
    label = reg.label[:1].upper() + reg.label[1:]
    text = f"{label} {verb} at {x:.1f}, {y:.1f} cm (its centre), facing {reg.facing:.0f}"
    step.emit(Event("placed", text, reg.id))


def _place(step: Applying, a: Action) -> str | None:
    assert isinstance(a, PlaceRegiment)
    s: RegimentState = step.state
    if a.side not in s.sides:
        return f"side {a.side!r} is not one of {', '.join(s.sides)}"
    try:
        kind = unit_types().get(a.unit_type)
    except ArmyError as e:
        return str(e)
    if kind is None:
        return f"there is no unit type {a.unit_type!r} (known: {', '.join(unit_types())})"
    uid = a.unit_id or free_id(s, a.side)
    if s.get(uid) is not None:
        return f"regiment id {uid!r} is already taken"
    reg = regiment_of(kind, uid, a.side, (a.x, a.y), 0.0).placed((a.x, a.y), a.facing)
    why = placement_problem(s.world(), reg, a.contact)
    if why is not None:
        return why
    _with(step, reg, "is placed")
    return None


def _set_down(step: Applying, a: Action) -> str | None:
    assert isinstance(a, SetDownRegiment)
    s: RegimentState = step.state
    reg = s.get(a.unit_id)
    if reg is None:
        return f"there is no regiment {a.unit_id!r}"
    moved = reg.placed((a.x, a.y), a.facing)
    why = placement_problem(s.world(), moved, a.contact)
    if why is not None:
        return why
    _with(step, moved, "is set down")
    step.state = _without_contacts(step.state, reg.id)
    return None


def _without_contacts(s: RegimentState, unit: str) -> RegimentState:
    return replace(s, contacts=tuple(p for p in s.contacts if unit not in p))


def _remove(step: Applying, a: Action) -> str | None:
    assert isinstance(a, RemoveRegiment)
    s: RegimentState = step.state
    reg = s.get(a.unit_id)
    if reg is None:
        return f"there is no regiment {a.unit_id!r}"
    regs = tuple(r for r in s.regiments if r.id != reg.id)
    step.state = _without_contacts(replace(s, regiments=regs), reg.id)
    step.emit(Event("regiment_removed", f"{reg.label} is taken off the table", reg.id))
    return None


def _set_markers(step: Applying, a: Action) -> str | None:
    assert isinstance(a, SetMarkers)
    s: RegimentState = step.state
    reg = s.get(a.unit_id)
    if reg is None:
        return f"there is no regiment {a.unit_id!r}"
    bad = [m for m in a.markers if m not in MARKERS]
    if bad:
        return f"{bad[0]!r} is not a marker (markers: {', '.join(MARKERS)})"
    marked = reg.with_markers(a.markers)
    step.state = replace(s, regiments=tuple(marked if r.id == reg.id else r for r in s.regiments))
    shown = ", ".join(marked.markers) or "no markers"
    step.emit(Event("markers", f"{reg.label} now has {shown} (REG-06)", reg.id))
    return None


def _clear_markers(step: Applying, a: Action) -> str | None:
    s: RegimentState = step.state
    step.state = replace(s, regiments=tuple(r.with_markers(()) for r in s.regiments))
    step.emit(Event("markers", "Every marker comes off (REG-06)"))
    return None


def _order(step: Applying, a: Action) -> str | None:
    """Any regiment, any time, marker or not; the rules check the order as in play."""
    s: RegimentState = step.state
    if s.pending is not None:
        return f"a charge waits for {s.pending.ask}'s countercharge decision"
    if s.get(a.unit_id) is None:  # type: ignore[attr-defined]
        return f"there is no regiment {a.unit_id!r}"  # type: ignore[attr-defined]
    order = order_of(a)
    if isinstance(order, str):
        return order
    if order.type == "charge":
        why = begin_charge(step, order)
    else:
        v = check_order(s.world(), order)
        if not v.legal:
            return v.error
        narrate(step, v, headline(s, order, v))
        step.state = with_verdict(s, v)
        why = None
    step.state = replace(step.state, to_act=None)  # no turn order in the sandbox
    return why


def _countercharge(step: Applying, a: Action) -> str | None:
    assert isinstance(a, Countercharge)
    why = decide(step, a.unit_id, a.accept)
    step.state = replace(step.state, to_act=None)
    return why


def _actor(s: RegimentState) -> str | None:
    """Nobody's turn; while a charge waits, the side asked to countercharge."""
    if s.pending is None:
        return None
    reg = next((r for r in s.pending.before if r.id == s.pending.ask), None)
    return reg.side if reg else None


def _banner(s: RegimentState) -> str:
    if s.pending is not None:
        return f"Sandbox - does {s.pending.ask} countercharge {s.pending.order.unit}? (Y / N)"
    return f"Sandbox - {len(s.regiments)} regiments: place, move and charge freely"


def _idle(handler: Handler) -> Handler:
    """An edit waits while a charge waits for its countercharge decision."""

    def edit(step: Applying, a: Action) -> str | None:
        p = step.state.pending
        if p is not None:
            return f"a charge waits for {p.ask}'s countercharge decision (Y / N, or undo)"
        return handler(step, a)

    return edit


ORDERS = (RegimentMove, RegimentFace, RegimentReshape, RegimentCharge, RegimentHold)
EDITS = {
    PlaceRegiment: _idle(_place),
    SetDownRegiment: _idle(_set_down),
    RemoveRegiment: _idle(_remove),
    SetMarkers: _idle(_set_markers),
    ClearMarkers: _idle(_clear_markers),
}
RULES: PhaseRules[RegimentState, None] = PhaseRules(
    name=NAME,
    handlers=MappingProxyType(
        {**EDITS, **dict.fromkeys(ORDERS, _order), Countercharge: _countercharge}
    ),
    waiting=lambda s: "the sandbox never ends: undo or take regiments off instead",
    closes_itself=False,
    actor=_actor,
    title=lambda s: "Sandbox: place regiments and try orders freely",
    banner=_banner,
)
