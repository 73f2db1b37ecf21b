"""Falls and pilot damage: what happens to a Mech once a piloting roll fails.

Kept apart from the move walker (game.rules.piloting.resolve) and skids
(game.rules.piloting.skid) because
all three need it: a fall is a facing roll (PSR-14), falling damage in 5-point groups
(PSR-16), a pilot roll (PSR-17) and consciousness rolls (PSR-20). Every function is
pure apart from the dice it is handed, and returns the new unit, body and the events that
explain the outcome.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.board import Board
from game.core.dice import Dice
from game.core.options import TW, Rules
from game.hexgrid import Hex, rotate
from game.rules.damage.land import FALL, DamageRecord, land
from game.units.hittables import hit_location
from game.units.mech import HEAD, HitResult, MechBody, damage_groups
from game.units.unit import Unit

# PSR-14: 1D6 -> (hexsides turned clockwise, column the fall damage uses)
FALL_FACING = {1: (0, "front"), 2: (1, "right"), 3: (2, "right"), 4: (3, "rear")}
FALL_FACING |= {5: (4, "left"), 6: (5, "left")}
# PSR-20: total pilot damage -> 2D6 needed to stay conscious (6 = dead).
CONSCIOUSNESS = {1: 3, 2: 5, 3: 7, 4: 10, 5: 11}
PILOT_DEATH = 6


@dataclass(frozen=True, slots=True)
class RulesEvent:
    """One thing that happened, for the log, the UI and the referee's JSON.

    ``data`` holds plain values, Hexes (named with the board at output) and objects with
    ``to_json()``; it is a tuple of pairs so the event stays hashable and frozen.
    """

    type: str
    step: int | None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)

    def to_json(self, board: Board) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "step": self.step}
        for k, v in self.data:
            out[k] = jsonable(v, board)
        return out


def event(type_: str, step: int | None, **data: Any) -> RulesEvent:
    return RulesEvent(type_, step, tuple(data.items()))


def jsonable(v: Any, board: Board) -> Any:
    """Hexes become XXYY names; anything with to_json() is asked; containers recurse."""
    if isinstance(v, Hex):
        return board.hex_name(v)
    if isinstance(v, RulesEvent):
        return v.to_json(board)
    if hasattr(v, "to_json"):
        return v.to_json()
    if isinstance(v, Mapping):
        return {str(k): jsonable(x, board) for k, x in v.items()}
    if isinstance(v, tuple | list):
        return [jsonable(x, board) for x in v]
    return v


@dataclass(frozen=True, slots=True)
class UnitOutcome:
    """A unit (its body included, Unit.body) and the events that got it there."""

    unit: Unit
    events: tuple[RulesEvent, ...] = ()
    wrecked: bool = False  # destroyed in a way neither unit nor body records (a vehicle)

    @property
    def body(self) -> MechBody | None:
        return self.unit.body

    @property
    def destroyed(self) -> bool:
        body_gone = self.body is not None and self.body.destroyed
        return self.wrecked or self.unit.destroyed or body_gone

    def then(self, other: UnitOutcome) -> UnitOutcome:
        """This outcome followed by ``other`` (built on this outcome's unit)."""
        events = self.events + other.events
        return UnitOutcome(other.unit, events, self.wrecked or other.wrecked)

    def add(self, *events: RulesEvent) -> UnitOutcome:
        return UnitOutcome(self.unit, self.events + events, self.wrecked)


def fall_damage(tons: int, levels: int, into_water: bool = False) -> int:
    """PSR-16: ceil(tons / 10) x (levels + 1); into water halved, rounded up (EX-PSR-02)."""
    dmg = math.ceil(tons / 10) * (max(levels, 0) + 1)
    return math.ceil(dmg / 2) if into_water else dmg


def pilot_hit(unit: Unit, dice: Dice, step: int | None, cause: str, hits: int = 1) -> UnitOutcome:
    """PSR-19/20: pilot damage, then a consciousness roll for the new total.

    An already unconscious pilot makes no roll (he cannot get any less conscious);
    the 6th point kills him, which destroys the Mech (CMB-37).
    """
    d = unit.damage
    total = d.pilot_hits + hits
    events = [event("pilot_hit", step, cause=cause, hits=hits, total=total)]
    unconscious = d.unconscious
    if total >= PILOT_DEATH:
        events.append(event("pilot_killed", step, total=total))
        unconscious = True
    elif not unconscious:
        need = CONSCIOUSNESS[total]
        roll = dice.roll2d6(f"consciousness ({total} hits)", target=need)
        unconscious = not roll.success
        events.append(
            event("consciousness", step, hits=total, target=need, roll=roll, conscious=roll.success)
        )
    new = replace(
        unit, damage=replace(d, pilot_hits=min(total, PILOT_DEATH), unconscious=unconscious)
    )
    return UnitOutcome(new, tuple(events))


def apply_damage_groups(
    unit: Unit,
    dice: Dice,
    side: str,
    total: int,
    step: int | None,
    cause: str,
    rules: Rules = TW,
    source: str = FALL,
) -> UnitOutcome:
    """Roll and land ``total`` damage in 5-point groups on ``side`` (PSR-16), each located
    with 2D6 (CMB-27) until the Mech is destroyed (PSR-31: nothing more is rolled).

    Side effects on the unit record: damage this phase (PSR-08 "20+"), destroyed legs
    (CMB-38), one pilot hit per head hit (PSR-19).
    """
    assert unit.body is not None, "only units with a body take damage groups"
    after, results = unit, []
    for g in damage_groups(total):
        body = after.body
        assert body is not None
        if body.destroyed:
            break
        roll = dice.roll2d6(f"hit location ({cause})")
        code, rear = hit_location(side, roll.total, body.quad, rules)
        landed = land(after, DamageRecord(code, g, source, rear, roll.total))
        after = landed.unit
        results.append(landed.result)
    return _after_hits(unit, after, results, dice, step, cause, side, total)


def apply_located_groups(
    unit: Unit,
    dice: Dice,
    side: str,
    total: int,
    step: int | None,
    cause: str,
    locate: Callable[[str, int, bool], tuple[str, bool]],
    source: str = FALL,
) -> UnitOutcome:
    """``total`` in 5-point groups, each located with 1D6 on a physical-attack table
    (``locate(side, d6, quad)``: PHY-05 punch, PHY-09 kick); same side effects as
    :func:`apply_damage_groups` (PHY-13 death-from-above damage)."""
    assert unit.body is not None, "only units with a body take damage groups"
    after, results = unit, []
    for g in damage_groups(total):
        body = after.body
        assert body is not None
        if body.destroyed:
            break
        face = dice.d6(f"{cause} location ({unit.id})")
        code, rear = locate(side, face, body.quad)
        landed = land(after, DamageRecord(code, g, source, rear, face))
        after = landed.unit
        results.append(landed.result)
    return _after_hits(unit, after, results, dice, step, cause, side, total)


def _after_hits(
    before: Unit,
    unit: Unit,
    results: Iterable[HitResult],
    dice: Dice,
    step: int | None,
    cause: str,
    side: str,
    total: int,
) -> UnitOutcome:
    """The events of the groups landed on ``before`` (now ``unit``): the damage, a pilot
    hit per head hit (PSR-19), legs destroyed (CMB-38), the Mech destroyed (CMB-37)."""
    results = tuple(results)
    legs_before = before.legs_destroyed
    body = unit.body
    assert body is not None
    out = UnitOutcome(
        unit, (event("damage", step, cause=cause, side=side, total=total, groups=results),)
    )
    for r in results:
        if r.location == HEAD and not out.unit.destroyed:  # PSR-19: every head hit
            out = out.then(pilot_hit(out.unit, dice, step, "head hit"))
    if body.legs_destroyed > legs_before:  # CMB-38
        out = out.add(event("leg_destroyed", step, legs=body.legs_destroyed))
    if body.destroyed:  # CMB-37
        out = out.add(event("mech_destroyed", step, cause=cause))
    return out


def pilot_roll(
    unit: Unit,
    modifiers: Iterable[Any],
    levels: int,
    dice: Dice,
    step: int | None,
    was_unconscious: bool,
    was_immobile: bool,
) -> UnitOutcome:
    """PSR-17: after every fall, TN = the fall's modifiers + 1 per level fallen.

    Automatic hit (no roll) if the pilot was unconscious or the Mech immobile when
    it fell, or the TN is over 12. The classic advanced rule (PSR-18) is the same roll.
    """
    mods = [(int(m.value), str(m.reason)) for m in modifiers]
    if levels > 0:
        mods.append((levels, f"fell {levels} level{'s' if levels != 1 else ''}"))
    target = sum(v for v, _ in mods)
    base = dict(
        modifiers=[{"value": v, "reason": r} for v, r in mods],
        target=target,
    )
    auto = "unconscious" if was_unconscious else "immobile" if was_immobile else None
    if auto is None and target > 12:
        auto = "target over 12"
    if auto is not None:
        ev = event("pilot_check", step, **base, automatic=auto, injured=True)
        return UnitOutcome(unit, (ev,)).then(pilot_hit(unit, dice, step, "fall"))
    roll = dice.roll2d6("avoid pilot damage in a fall", target=target)
    ev = event("pilot_check", step, **base, roll=roll, injured=not roll.success)
    out = UnitOutcome(unit, (ev,))
    if not roll.success:
        out = out.then(pilot_hit(unit, dice, step, "fall"))
    return out


def fall(
    unit: Unit,
    at: Hex,
    levels: int,
    into_water: bool,
    modifiers: Iterable[Any],
    dice: Dice,
    step: int | None,
    cause: str,
    rules: Rules = TW,
) -> tuple[UnitOutcome, str]:
    """A Mech falls into ``at``: PSR-14 facing and column, PSR-15 prone, PSR-16 damage,
    PSR-17 pilot roll. Returns the outcome and the damage column (skids reuse it)."""
    was_unconscious, was_immobile = unit.damage.unconscious, unit.immobile
    unit_facing = unit.facing
    face = dice.d6("fall: new facing")
    turn, side = FALL_FACING[face]
    new_facing = rotate(unit.facing, turn)
    damage = fall_damage(unit.tons, levels, into_water)
    unit = replace(unit, at=at, facing=new_facing, prone=True)  # PSR-15 face down
    hurt = UnitOutcome(unit)
    if unit.body is not None and damage:
        hurt = apply_damage_groups(unit, dice, side, damage, step, "fall", rules)
    groups = [
        {"location": g.location, "rear": g.rear, "damage": g.damage}
        for e in hurt.events[:1]
        for g in e.get("groups", ())
    ]
    ev = event("fall", step, cause=cause, at=at, levels=levels, into_water=into_water,
               facing_roll=face, old_facing=unit_facing, facing=new_facing, side=side,
               damage=damage, groups=groups)  # fmt: skip
    out = UnitOutcome(unit, (ev,)).then(hurt)
    if out.destroyed:
        return out, side
    check = pilot_roll(out.unit, list(modifiers), levels, dice, step, was_unconscious, was_immobile)
    return out.then(check), side


def wake_up(unit: Unit, dice: Dice, step: int | None = None) -> UnitOutcome:
    """PSR-21: in the End phase an unconscious pilot rolls on the PSR-20 table for
    his current total damage; success wakes him."""
    d = unit.damage
    if not d.unconscious or d.pilot_hits >= PILOT_DEATH or d.pilot_hits < 1:
        return UnitOutcome(unit)
    need = CONSCIOUSNESS[d.pilot_hits]
    roll = dice.roll2d6(f"wake up ({d.pilot_hits} hits)", target=need)
    woke = replace(unit, damage=replace(d, unconscious=not roll.success))
    ev = event("wake_up", step, hits=d.pilot_hits, target=need, roll=roll, conscious=roll.success)
    return UnitOutcome(woke, (ev,))


# PSR-02 (variant classic): 1D6 -> Piloting, Gunnery.
RANDOM_PILOTING = {1: 6, 2: 6, 3: 5, 4: 5, 5: 4, 6: 4}
RANDOM_GUNNERY = {1: 4, 2: 4, 3: 4, 4: 4, 5: 3, 6: 3}
DEFAULT_PILOTING, DEFAULT_GUNNERY = 5, 4  # PSR-01


def random_skills(dice: Dice) -> tuple[int, int]:
    """PSR-02: one 1D6 for Piloting, one for Gunnery (the 7-8 row is unreachable)."""
    return RANDOM_PILOTING[dice.d6("random Piloting")], RANDOM_GUNNERY[dice.d6("random Gunnery")]


def improve_skills(piloting: int, gunnery: int, kills: int, prefer: str) -> tuple[int, int]:
    """PSR-03: every 4 Mech kills lower Piloting or Gunnery (``prefer``) by 1, never below 0;
    when the preferred skill is already 0 the other one improves."""
    for _ in range(max(kills, 0) // 4):
        if (prefer == "piloting" and piloting > 0) or gunnery == 0:
            piloting = max(piloting - 1, 0)
        else:
            gunnery = max(gunnery - 1, 0)
    return piloting, gunnery
