"""The end-of-phase roll for 20+ damage (PSR-07/08/09, GAP G11), shared by the phases in
which units take damage.

TW: at the end of the phase in which the damage was taken, every standing Mech with 20+
damage points this phase rolls (its base modifiers carry the +1) or falls in place; then
every unit's phase damage resets. Classic (PSR-07/09): damage counts for the whole turn
and the roll comes at the end of the weapon attack phase only; the tally resets in the
End phase (TURN-14).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Event
from game.rules.damage.lift import bring_down
from game.rules.damage.sinking import sink, sinks
from game.rules.piloting.aftercrash import came_down
from game.rules.piloting.falls import event as rules_event
from game.rules.piloting.falls import fall
from game.rules.piloting.psr import auto_fail_reason, psr_base_modifiers
from game.units.unit import Unit

from ..core.phase import Applying, Hook
from ..narrate import Narrator
from ..rules.combat.damage_psr import phase_psrs
from ..rules.turn import Phase
from ..state import GameState

DAMAGE_PSR_DAMAGE = 20  # PSR-08 / PSR-09: 20+ damage points in one phase (turn, classic)


def damage_check(phase: str) -> Hook:
    """The leave hook of a phase in which units can take damage."""

    def leave(step: Applying) -> None:
        vehicle_checks(step)
        s = step.state
        if s.rules.classic and phase != Phase.WEAPON_ATTACK:
            return
        units = list(s.units)
        for i, u in enumerate(units):
            if u.damage.phase_damage < DAMAGE_PSR_DAMAGE or not u.is_mech or u.prone:
                continue
            if s.is_destroyed(u) or not s.board.contains(u.at):
                continue
            units[i], events = _damage_psr(u, step, s)
            for e in events:
                step.emit(e)
        if not s.rules.classic:
            units = [replace(u, damage=replace(u.damage, phase_damage=0)) for u in units]
        step.state = replace(step.state, units=tuple(units))

    return leave


def _damage_psr(u: Unit, step: Applying, s: GameState) -> tuple[Unit, list[Event]]:
    """One Mech's 20+ damage roll; a failure is a fall in place (PSR-13..17)."""
    cup = step.cup
    first = len(cup.log)
    mods = psr_base_modifiers(u, s.rules)  # carries "+1 20+ damage this phase"
    listed = [{"value": m.value, "reason": m.reason} for m in mods]
    reason = "20+ damage this phase"
    auto = auto_fail_reason(u)
    target = sum(m.value for m in mods)
    roll = None if auto else cup.roll2d6(f"{u.id}: {reason}", target=target)
    ok = roll is not None and bool(roll.success)
    raw = [rules_event("psr", None, unit=u.id, kind="damage", reason=reason,
                       target="auto-fail" if auto else target, modifiers=listed, roll=roll,
                       success=ok)]  # fmt: skip
    if not ok:
        fell, _ = fall(u, u.at, 0, False, mods, cup, None, reason, s.rules)
        u = fell.unit
        raw.extend(fell.events)
    narrator = Narrator(s.board, s.units, cup.log[first:])
    return u, [
        Event(line.event.type, line.text, line.unit_id, rolls, line.event)
        for line, rolls in narrator.told(raw, u.id)
    ]


def damage_rolls(step: Applying, before: tuple[Unit, ...]) -> None:
    """The end of an attack or heat phase (PSR-07/08): every roll the phase's damage calls
    for (game.rules.combat.damage_psr: a gyro hit, a lost hip, leg or foot actuator, 20+
    damage, automatic falls for a destroyed gyro or leg), in that order, until one fails
    and the Mech falls in place; then the phase damage resets (TW). Classic: only at the
    end of the weapon attack phase, and the tally runs for the whole turn. Before them,
    in every variant: the fliers the phase's damage brings down and the hovercraft it
    sinks (:func:`vehicle_checks`)."""
    vehicle_checks(step)
    s = step.state
    phase = str(s.phase)
    if s.rules.classic and phase != Phase.WEAPON_ATTACK:
        return
    was = {u.id: u for u in before}
    units = list(s.units)
    for i, u in enumerate(units):
        old = was.get(u.id)
        if old is None or not s.board.contains(u.at) or s.is_destroyed(u):
            continue
        # the 20+ tally is the phase's (TW) or the turn's so far (classic): all of it counts
        old = replace(old, damage=replace(old.damage, phase_damage=0))
        for need in phase_psrs(old, u, s.rules):
            u, events = roll_psr(u, need, step, s)
            for e in events:
                step.emit(e)
            if u.prone or s.is_destroyed(u):
                break
        units[i] = u
    if not s.rules.classic:
        units = [replace(u, damage=replace(u.damage, phase_damage=0)) for u in units]
    step.state = replace(step.state, units=tuple(units))


def vehicle_checks(step: Applying) -> None:
    """The vehicles' end-of-phase checks, in every phase and variant (also after each move
    and attack in the sandbox, game.phases.sandbox): the fliers that lost their lift come
    down (:func:`lift_checks`), then the hovercraft immobilised over water sink
    (:func:`sink_checks`)."""
    lift_checks(step)
    sink_checks(step)


def lift_checks(step: Applying) -> None:
    """ADV-26/27/29: every airborne VTOL or WiGE the phase's damage took the lift from
    crashes or makes a forced landing, in every phase and variant (game.rules.damage.lift);
    a crash onto a ground unit is an accidental fall from above on it (PHY-17, ADV-28);
    then the stacking limits hold (MOV-34: a vehicle come down into a full hex goes beside
    it or is destroyed, game.rules.piloting.aftercrash.came_down)."""
    s = step.state
    units = list(s.units)
    for i in range(len(units)):
        u = units[i]  # as the crashes before it left it
        first = len(step.cup.log)
        down = bring_down(u, s.board, step.cup)
        if down is None:
            continue
        down, others = came_down(s.board, units, down, u.flying_height, step.cup, s.rules)
        units[i] = down.unit
        units = [others.get(o.id, o) for o in units]
        narrator = Narrator(s.board, s.units, step.cup.log[first:])
        for line, rolls in narrator.told(list(down.events), u.id):
            step.emit(Event(line.event.type, line.text, line.unit_id, rolls, line.event))
    step.state = replace(s, units=tuple(units))


def sink_checks(step: Applying) -> None:
    """CMB-48a item 5 at the end of the phase (item 4): every hovercraft immobilised over
    depth 1+ water sinks and is destroyed (game.rules.damage.sinking)."""
    s = step.state
    units = list(s.units)
    for i, u in enumerate(units):
        why = sinks(u, s.board)
        if why is None or s.is_destroyed(u):
            continue
        out = sink(u, why)
        units[i] = out.unit
        narrator = Narrator(s.board, s.units, ())
        for line, rolls in narrator.told(list(out.events), u.id):
            step.emit(Event(line.event.type, line.text, line.unit_id, rolls, line.event))
    step.state = replace(s, units=tuple(units))


def roll_psr(
    u: Unit, need: dict[str, object], step: Applying, s: GameState
) -> tuple[Unit, list[Event]]:
    """One damage PSR: ``need`` is {"reason", "target", "modifiers"} (target "auto-fail")."""
    cup, reason = step.cup, str(need["reason"])
    first = len(cup.log)
    target = need["target"]
    auto = target == "auto-fail"
    roll = None if auto else cup.roll2d6(f"{u.id}: {reason}", target=int(target))  # type: ignore[arg-type]
    ok = roll is not None and bool(roll.success)
    raw = [rules_event("psr", None, unit=u.id, kind="damage", reason=reason, target=target,
                       modifiers=need["modifiers"], roll=roll, success=ok)]  # fmt: skip
    if not ok:
        mods = psr_base_modifiers(u, s.rules)
        fell, _ = fall(u, u.at, 0, False, mods, cup, None, reason, s.rules)
        u = fell.unit
        raw.extend(fell.events)
    narrator = Narrator(s.board, s.units, cup.log[first:])
    return u, [
        Event(line.event.type, line.text, line.unit_id, rolls, line.event)
        for line, rolls in narrator.told(raw, u.id)
    ]
