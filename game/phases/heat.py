"""The heat phase (HEAT-01..10, TURN-13): every Mech's heat from its movement and the weapons it
fired this turn (and engine hits) is built up and dissipated by its working heat sinks
(water cooling included); then its effects are rolled: shutdown and restart, ammunition
explosions, life-support damage to the MechWarrior (game.rules.heat). A Mech that shuts
down makes a piloting roll at +3 (PSR-11) or falls; damage taken here (an ammunition
explosion) calls for the end-of-phase rolls (PSR-07/08).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Event
from game.phases.movers import HexPhase
from game.units.unit import Unit

from ..core.phase import Applying, PhaseRules
from ..narrate.combat import game_events, heat_text
from ..rules.combat.records import STOOD_STILL
from ..rules.heat import heat_phase
from ..rules.turn import Phase
from ..state import GameState
from .damage_check import damage_rolls, roll_psr
from .weapons import movement


def fired(s: GameState, unit_id: str) -> tuple[int, ...]:
    """The weapon indexes the unit fired this turn (HEAT-02)."""
    return tuple(w for d in s.declarations if d.attacker == unit_id for w in (d.weapons or ()))


def _enter(step: Applying) -> None:
    s = step.state
    before = s.units
    units = list(s.units)
    for i, u in enumerate(units):
        if not u.is_mech or not s.board.contains(u.at) or s.is_destroyed(u):
            continue
        units[i] = _one(step, s, u)
        step.state = replace(step.state, units=tuple(units))
    damage_rolls(step, before=before)


def _one(step: Applying, s: GameState, u: Unit) -> Unit:
    rec = s.move_record(u.id)
    moved = movement(rec) if rec is not None else STOOD_STILL
    mark = len(step.cup.log)
    after, raw, report, _ = heat_phase(u, fired(s, u.id), moved, s.board, step.cup, s.rules)
    events = game_events(s, raw, step.new_rolls(mark))
    step.emit(Event("heat", heat_text(u.id, report), u.id, payload=report))
    for e in events:
        if e.kind == "psr" and e.payload.get("reason") == "reactor shut down":
            need = {k: e.payload.get(k) for k in ("reason", "target", "modifiers")}
            after, more = roll_psr(after, need, step, s)  # PSR-11: +3 the turn it shuts down
            for m in more:
                step.emit(m)
            continue
        step.emit(e)
    return after


def _skipped(s: GameState) -> bool:
    """Nobody builds or sheds heat: no Mech in the fight."""
    return not any(u.is_mech and s.board.contains(u.at) and not s.is_destroyed(u)
                   for u in s.units)  # fmt: skip


RULES: HexPhase = PhaseRules(name=Phase.HEAT, enter=_enter, skipped=_skipped)

__all__ = ["RULES", "fired"]
