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

from .actions import Event
from .dice import Dice
from .rules.falls import wake_up as rules_wake_up
from .rules.turn import Phase, order_for_sides, pair_sizes
from .state import GameState
from .units import Unit

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
