"""Phase hooks: what entering each phase of a turn does (TURN-02..04, TURN-14).

:func:`game.flow.apply` walks the phase sequence of game.rules.turn; on entering a phase
it runs that phase's :class:`PhaseHook`. An interactive phase then waits for the
players (initiative, movement); any other phase passes straight on. Weapon attack,
physical attack, heat, aerospace movement and reaction are pass-through hooks for now:
the modules that implement them replace their entry in :data:`PHASE_HOOKS` (and mark
them interactive), with no change to the flow itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .actions import Event
from .dice import Dice
from .rules.falls import event as rules_event
from .rules.falls import fall
from .rules.falls import wake_up as rules_wake_up
from .rules.psr import auto_fail_reason, psr_base_modifiers
from .rules.turn import Phase, order_for_sides, pair_sizes
from .state import GameState
from .units import Unit

if TYPE_CHECKING:
    pass

EnterHook = Callable[[GameState, Dice], tuple[GameState, tuple[Event, ...]]]


@dataclass(frozen=True, slots=True)
class PhaseHook:
    """What entering a phase does, whether players then act in it (else it passes), and
    what keeps its EndPhase waiting (an attack phase: undeclared units)."""

    enter: EnterHook
    interactive: bool
    # Why EndPhase must wait (e.g. "2 units still have to act"), None when it may close.
    waiting: Callable[[GameState], str | None] | None = None


def recount(s: GameState) -> tuple[tuple[str, ...], int]:
    """The move order from the units still to move, and the size of its first pair.

    TURN-06/08/09: the initiative loser starts; counts leave out destroyed units and
    units that already moved. The caller recounts after every pair (TURN-08).
    """
    counts = {side: len(s.to_move(side)) for side in s.sides}
    if not any(counts.values()) or s.initiative is None:
        return (), 0
    winner = s.initiative.winner
    loser = next(side for side in s.sides if side != winner)
    order = tuple(order_for_sides(winner, counts, s.rules))
    k_l, k_w = pair_sizes(counts[loser], counts[winner], s.rules)
    return order, k_l + k_w


def _movement_waiting(s: GameState) -> str | None:
    left = len(s.to_move())
    if not left:
        return None
    return f"{left} unit{'s' if left != 1 else ''} still have to act this phase"


def _enter_initiative(s: GameState, cup: Dice) -> tuple[GameState, tuple[Event, ...]]:
    return replace(s, initiative=None, move_order=(), pair_left=0), ()


def _enter_movement(s: GameState, cup: Dice) -> tuple[GameState, tuple[Event, ...]]:
    order, left = recount(s)
    return replace(s, move_order=order, pair_left=left), ()


def pass_through(s: GameState, cup: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """Hook for phases whose rules are not written yet: nothing happens."""
    return s, ()


def wake_up(units: tuple[Unit, ...], cup: Dice) -> tuple[tuple[Unit, ...], tuple[Event, ...]]:
    """PSR-21: each unconscious, living MechWarrior rolls on the PSR-20 table again
    (game.rules.falls.wake_up); the events become log lines."""
    out: list[Unit] = []
    events: list[Event] = []
    for u in units:
        res = rules_wake_up(u, cup)
        out.append(res.unit)
        for e in res.events:
            roll = e.get("roll")
            verdict = "wakes up" if e.get("conscious") else "stays unconscious"
            text = f"{u.id}'s pilot rolls {roll.total} (needs {e.get('target')}+) and {verdict}"
            events.append(Event("wake_up", text, u.id, (roll,), e))
    return tuple(out), tuple(events)


def _enter_end(s: GameState, cup: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """TURN-14: pilots try to wake up (PSR-21), then the turn's flags reset."""
    units, events = wake_up(s.units, cup)
    fresh = tuple(replace(u, moved=False, damage=replace(u.damage, phase_damage=0)) for u in units)
    return replace(s, units=fresh, moves=(), move_order=(), pair_left=0), events


DAMAGE_PSR_DAMAGE = 20  # PSR-08 / PSR-09: 20+ damage points in one phase (turn, classic)


def leave_phase(s: GameState, cup: Dice, phase: Phase) -> tuple[GameState, tuple[Event, ...]]:
    """What closing ``phase`` does: the 20+ damage PSR (PSR-07/08, G11).

    TW: at the end of the phase in which the damage was taken, every standing Mech with
    20+ damage points this phase rolls (its base modifiers, which carry the +1) or falls
    in place; then every unit's phase damage resets. Classic (PSR-07/09): damage counts
    for the whole turn and the roll comes at the end of the weapon attack phase (the tally
    resets in the End phase, TURN-14).
    """
    if s.rules.classic and phase != Phase.WEAPON_ATTACK:
        return s, ()
    units = list(s.units)
    events: list[Event] = []
    for i, u in enumerate(units):
        if u.damage.phase_damage < DAMAGE_PSR_DAMAGE or not u.is_mech or u.prone:
            continue
        if s.is_destroyed(u) or not s.board.contains(u.at):
            continue
        new, evs = _damage_psr(u, cup, s)
        units[i] = new
        events.extend(evs)
    if not s.rules.classic:
        units = [replace(u, damage=replace(u.damage, phase_damage=0)) for u in units]
    state = replace(s, units=tuple(units))
    return state, tuple(events)


def _damage_psr(u: Unit, cup: Dice, s: GameState) -> tuple[Unit, list[Event]]:
    """One Mech's 20+ damage roll; a failure is a fall in place (PSR-13..17)."""
    from .movers import describe  # movers builds on the state, as this module does

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
    out = [
        Event(e.type, describe(e, s, u.id), u.id, tuple(v for _, v in e.data if _is_roll(v)), e)
        for e in raw
    ]
    return u, out


def _is_roll(v: object) -> bool:
    from .dice import Roll

    return isinstance(v, Roll)


PHASE_HOOKS: dict[Phase, PhaseHook] = {
    Phase.INITIATIVE: PhaseHook(_enter_initiative, interactive=True),
    Phase.MOVEMENT: PhaseHook(_enter_movement, interactive=True, waiting=_movement_waiting),
    Phase.AEROSPACE_MOVEMENT: PhaseHook(pass_through, interactive=False),
    Phase.REACTION: PhaseHook(pass_through, interactive=False),
    Phase.WEAPON_ATTACK: PhaseHook(pass_through, interactive=False),
    Phase.PHYSICAL_ATTACK: PhaseHook(pass_through, interactive=False),
    Phase.HEAT: PhaseHook(pass_through, interactive=False),
    Phase.END: PhaseHook(_enter_end, interactive=False),
}
