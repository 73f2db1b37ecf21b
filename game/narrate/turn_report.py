"""What happened to every unit in one turn: the end-of-turn summary (issue 11).

Read from two states - the game as the turn began and as it ended - and the log of the
turn: damage taken (armour and structure lost), locations lost, critical hits, heat,
falls, pilot hits, the damage each unit dealt, and who is out of the fight now
(game.outcome). The play screen shows it when a turn is over; nothing here draws or
decides anything. game.flow.turn_start finds the state a turn began from in a game's own
history when nobody kept it (a loaded game): the game replayed up to the turn's start.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core.actions import Event, LogEntry
from game.narrate import unit_label
from game.outcome import damage_taken, in_the_fight
from game.rules.piloting.falls import RulesEvent
from game.state import GameState
from game.units.locations import LOCATION_NAMES
from game.units.unit import Unit


@dataclass(frozen=True, slots=True)
class UnitTurn:
    """One unit's turn. ``status`` is what it is now: "destroyed", "out of the fight"
    (it can never move or fire again), or a list of states ("prone, shut down") or ""."""

    unit_id: str
    label: str
    side: str
    damage: int
    lost: tuple[str, ...]  # location names destroyed this turn
    criticals: tuple[str, ...]  # components destroyed this turn
    heat: int
    heat_change: int
    falls: int
    pilot_hits: int
    pilot_total: int
    dealt: int
    status: str

    @property
    def quiet(self) -> bool:
        """Nothing happened to it worth a line of its own."""
        return not (self.damage or self.lost or self.criticals or self.falls
                    or self.pilot_hits or self.dealt or self.status or self.heat)  # fmt: skip

    def summary(self) -> str:
        """The unit's turn in one line, e.g. 'took 12 damage, dealt 20; lost: left arm;
        fell once; pilot hit once (1 of 6); heat 7 (was 4)'."""
        parts = [f"took {self.damage} damage" if self.damage else "no damage taken"]
        if self.dealt:
            parts[0] += f", dealt {self.dealt}"
        if self.lost:
            parts.append("lost: " + ", ".join(self.lost))
        if self.criticals:
            parts.append("critical hits: " + ", ".join(self.criticals))
        if self.falls:
            parts.append("fell " + ("once" if self.falls == 1 else f"{self.falls} times"))
        if self.pilot_hits:
            times = "once" if self.pilot_hits == 1 else f"{self.pilot_hits} times"
            parts.append(f"pilot hit {times} ({self.pilot_total} of 6)")
        was = self.heat - self.heat_change  # "heat 0 (-6)" read as a penalty: say from where
        change = f" (was {was})" if self.heat_change else ""
        parts.append(f"heat {self.heat}{change}")
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class TurnReport:
    """Every unit's turn, side by side, and the sides' totals."""

    turn: int
    units: tuple[UnitTurn, ...]

    def side(self, side: str) -> tuple[UnitTurn, ...]:
        return tuple(u for u in self.units if u.side == side)

    def headline(self, sides: Iterable[str]) -> str:
        """'Side A dealt 24 damage, side B 31; out of the fight: B2'."""
        dealt = [f"side {s} dealt {sum(u.dealt for u in self.side(s))}" for s in sides]
        out = [u.unit_id for u in self.units if u.status in ("destroyed", "out of the fight")]
        text = ", ".join(dealt) + " damage"
        text = text[:1].upper() + text[1:]
        return text + (f"; out of the fight: {', '.join(out)}" if out else "")


def turn_report(before: GameState, after: GameState, turn: int) -> TurnReport:
    """The summary of ``turn``: ``before`` as it began, ``after`` as it ended (or now)."""
    entries = [e for e in after.log if e.turn == turn]
    was = {u.id: u for u in before.units}
    units = tuple(
        _unit_turn(after, was.get(u.id, u), u, entries)
        for u in after.units
        if after.board.contains(u.at) or u.id in was and before.board.contains(was[u.id].at)
    )
    return TurnReport(turn, units)


def _unit_turn(s: GameState, was: Unit, now: Unit, entries: list[LogEntry]) -> UnitTurn:
    mine = [e.event for e in entries if e.event.unit_id == now.id]
    return UnitTurn(
        unit_id=now.id,
        label=unit_label(now),
        side=now.side,
        damage=max(damage_taken(now) - damage_taken(was), 0),
        lost=_lost(was, now),
        criticals=tuple(_criticals(mine)),
        heat=now.heat,
        heat_change=now.heat - was.heat,
        falls=sum(1 for e in mine if e.kind == "fall"),
        pilot_hits=max(now.damage.pilot_hits - was.damage.pilot_hits, 0),
        pilot_total=now.damage.pilot_hits,
        dealt=_dealt(now.id, entries),
        status=_status(s, now),
    )


def _lost(was: Unit, now: Unit) -> tuple[str, ...]:
    before, after = (was.body or was.hull), (now.body or now.hull)
    if before is None or after is None:
        return ()
    return tuple(
        LOCATION_NAMES.get(code, code)
        for code in after.codes
        if after[code].destroyed and not before[code].destroyed
    )


def _criticals(events: Iterable[Event]) -> list[str]:
    """The components the critical hits of the turn destroyed (CMB-30..36)."""
    out: list[str] = []
    for e in events:
        if e.kind != "critical" or not isinstance(e.payload, RulesEvent):
            continue
        for hit in e.payload.get("hits") or ():
            if isinstance(hit, dict) and hit.get("component"):
                out.append(str(hit["component"]))
    return out


def _dealt(unit_id: str, entries: list[LogEntry]) -> int:
    """Damage the unit's weapons and blows did this turn (the damage groups it caused)."""
    total = 0
    for entry in entries:
        e = entry.event
        if e.kind != "damage" or not isinstance(e.payload, RulesEvent):
            continue
        if e.payload.get("attacker") == unit_id:
            total += int(getattr(e.payload.get("group"), "damage", 0) or 0)
    return total


def _status(s: GameState, u: Unit) -> str:
    if s.is_destroyed(u):
        return "destroyed"
    if u.platoon is not None:  # CMB-41: troopers left
        return f"{u.platoon.troopers} of {u.platoon.full} troopers"
    if u.submerged:
        return f"submerged, depth {u.depth} (no underwater combat)"  # ADV-25
    if not in_the_fight(s, u):
        return "out of the fight"
    states = [
        word
        for word, on in (
            ("prone", u.prone),
            ("shut down", u.damage.shutdown),
            ("pilot unconscious", u.damage.unconscious),
        )
        if on
    ]
    return ", ".join(states)
