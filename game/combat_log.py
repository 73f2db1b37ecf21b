"""Weapon attacks, heat and their damage as the game's log reads them.

The combat rules return their own events (game.rules.falls.Event: a type and data); this
module turns them into the game's events with a sentence a board-game player reads, e.g.
"A1 fires AC/20 at B2: needs 8, rolls 9 - hit" and "AC/20 hits B2's right torso (front)
for 20: armour 20 -> 0, structure 12 -> 12", and hands each to-hit and location roll to
the event it belongs to (the dice pop-ups show them before the result).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .actions import Event
from .dice import Roll
from .locations import LOCATION_NAMES
from .state import GameState


class _Tracker:
    """Armour and structure per (unit, location, rear) as the damage lands, so each line
    can say "armour 20 -> 15" (the events carry what each hit took, not what was left)."""

    def __init__(self, s: GameState) -> None:
        self.left: dict[tuple[str, str, str], int] = {}  # (unit, location, which) -> left
        self.units = {u.id: u for u in s.units}

    def value(self, unit_id: str, code: str, rear: bool, structure: bool) -> int:
        key = (unit_id, code, "structure" if structure else "rear" if rear else "armour")
        if key in self.left:
            return self.left[key]
        u = self.units.get(unit_id)
        body: Any = None if u is None else (u.body if u.body is not None else u.hull)
        if body is None or code not in body.codes:
            return 0
        loc = body[code]
        return int(loc.structure if structure else (loc.rear if rear else loc.armour))

    def take(self, unit_id: str, part: Any) -> str:
        a0 = self.value(unit_id, part.location, part.rear, False)
        s0 = self.value(unit_id, part.location, part.rear, True)
        skin = "rear" if part.rear else "armour"
        self.left[(unit_id, part.location, skin)] = a0 - part.armour
        self.left[(unit_id, part.location, "structure")] = s0 - part.structure
        name = LOCATION_NAMES.get(part.location, part.location)
        side = " (rear)" if part.rear else ""
        text = f"{name}{side}: armour {a0} -> {a0 - part.armour}"
        text += f", structure {s0} -> {s0 - part.structure}"
        return text + (f", {name} destroyed" if part.destroyed else "")


def game_events(s: GameState, raw: Iterable[Any], rolls: Sequence[Roll]) -> list[Event]:
    """The game's events for the combat rules' events ``raw``; ``rolls`` are the dice the
    resolution rolled, in order (each goes to the event whose roll it is)."""
    track = _Tracker(s)
    pending = iter(rolls)
    out: list[Event] = []
    for e in raw:
        if e.type == "psr" and e.get("roll") is None and e.get("success") is None:
            continue  # a roll the damage calls for: made at the end of the phase, logged then
        d = dict(e.data)
        who = d.get("unit") or d.get("target")
        text = _sentence(e.type, d, track)
        out.append(Event(e.type, text, str(who) if who else None, _rolls_for(e.type, pending), e))
    return out


def _rolls_for(kind: str, pending: Iterator[Roll]) -> tuple[Roll, ...]:
    """The next roll of the resolution for a shot (its to-hit roll) or a damage group (its
    location roll, after the cluster roll of a missile salvo)."""
    wanted = {"shot": ("to-hit",), "damage": ("cluster", "hit location", "aimed shot")}
    prefixes = wanted.get(kind)
    if prefixes is None:
        return ()
    got: list[Roll] = []
    for r in pending:
        if r.reason.startswith(prefixes):
            got.append(r)
            if not r.reason.startswith("cluster"):
                break
    return tuple(got)


def _sentence(kind: str, d: dict[str, Any], track: _Tracker) -> str:
    if kind == "shot":
        verdict = "hit" if d.get("hit") else "miss"
        return (
            f"{d['attacker']} fires {d['weapon']} at {d['target']}: needs {d['needs']}, "
            f"rolls {d['roll']} - {verdict}"
        )
    if kind == "damage":
        return _damage(d, track)
    if kind == "critical":
        return _critical(d)
    if kind == "explosion":
        hit = d.get("hit")
        parts = "; ".join(track.take(str(d["unit"]), p) for p in getattr(hit, "parts", ()))
        where = _loc(str(d["location"]))
        return f"{d['unit']}'s ammunition explodes in the {where}: {d['damage']} damage ({parts})"
    if kind == "destroyed":
        return f"{d['unit']} is destroyed ({d.get('cause') or 'damage'})"
    if kind == "pilot":
        return _pilot(d)
    if kind == "psr":
        return f"{d['unit']} must make a piloting roll: {d['reason']} (needs {d['target']})"
    if kind == "shutdown":
        verb = "shuts down" if d.get("shutdown") else "stays running"
        roll = f", rolls {d['roll']}" if d.get("roll") is not None else ""
        return f"{d['unit']}'s reactor {verb} (avoid number {d['target']}{roll})"
    if kind == "restart":
        verb = "restarts" if d.get("restarted") else "stays shut down"
        return f"{d['unit']}'s reactor {verb} ({d['target']})"
    if kind == "explosion_avoided":
        return f"{d['unit']} avoids an ammunition explosion (rolls {d['roll']})"
    rest = ", ".join(f"{k} {v}" for k, v in d.items() if k != "unit")
    return f"{d.get('unit', '')} {kind.replace('_', ' ')}: {rest}".strip()


def _loc(code: str) -> str:
    return LOCATION_NAMES.get(code, code)


def _damage(d: dict[str, Any], track: _Tracker) -> str:
    g = d["group"]
    where = f"{_loc(g.location)} ({'rear' if g.rear else d.get('side', 'front')})"
    head = f"{d['weapon']} hits {d['target']}'s {where} for {g.damage}"
    if g.cover:
        return f"{head}: the cover takes it (partial cover, CMB-17)"
    parts = getattr(d.get("hit"), "parts", ())
    if not parts:
        return head
    return f"{head}: " + "; ".join(track.take(str(d["target"]), p) for p in parts)


def _critical(d: dict[str, Any]) -> str:
    where = _loc(str(d["location"]))
    if d.get("blown_off"):
        return f"critical hit on {d['unit']}: the {where} is blown off (roll {d['roll']})"
    hits = d.get("hits") or ()
    if not hits and "effect" in d:
        return f"{d['unit']}'s {where}: {d['effect']} (roll {d['roll']})"
    if not hits:
        return f"{d['unit']}'s {where}: critical check {d['roll']}, no critical hit"
    done = ", ".join(
        str(h.get("component")) + (f" ({h['effect']})" if h.get("effect") else "") for h in hits
    )
    return f"critical hit on {d['unit']}'s {where} (roll {d['roll']}): {done} destroyed"


def _pilot(d: dict[str, Any]) -> str:
    head = f"{d['unit']}'s MechWarrior is hurt ({d['cause']}): {d['total']} hit(s)"
    if d.get("killed"):
        return head + " - killed"
    if "roll" in d:
        state = "stays conscious" if d.get("conscious") else "is knocked out"
        return head + f"; needs {d['target']}, rolls {d['roll']} and {state}"
    return head
