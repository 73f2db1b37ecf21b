"""Physical attacks as the log reads them (the physical attack phase).

Like game.narrate.combat for weapons, with the same damage, critical and pilot lines:
the rules' events (game.rules.piloting.falls.Event) become the game's events with a sentence and
their dice, e.g. "A1 kicks B2 with its right leg: needs 5, rolls 3+4 = 7 - hit", "The
kick (right leg) hits B2 for 10 from the front: location roll 4 - left leg: armour 12 ->
2, structure 8 untouched", "B2 is pushed from 0504 into 0503 (domino effect)"; the falls
they cause are told as every fall is (game.narrate.tellers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.core.actions import Event
from game.core.dice import Roll
from game.rules.piloting.falls import RulesEvent

from ..hexgrid import Hex
from ..rules.physical.records import Blow
from ..state import GameState
from . import Narrator
from .combat import say as combat_say
from .words import dice_text

LIMBS = {"LA": "left arm", "RA": "right arm", "LL": "left leg", "RL": "right leg"}
SAID = ("blow", "displaced", "steps_aside", "blocked", "club_breaks", "cancelled", "unit_falls")
VERBS = {"punch": "punches", "kick": "kicks", "push": "pushes", "club": "clubs",
         "charge": "charges", "dfa": "jumps on"}  # fmt: skip


def physical_events(s: GameState, raw: Iterable[RulesEvent], rolls: Sequence[Roll]) -> list[Event]:
    """The game's events for the physical rules' events ``raw`` (``rolls``: the dice of
    the resolution, in order)."""
    n = Narrator(s.board, s.units, rolls)
    events = list(raw)
    out: list[Event] = []
    for i, e in enumerate(events):
        if e.type == "unit_falls":
            out.extend(_falls(s, n, e))
            continue
        who = e.get("attacker") if e.type == "blow" else e.get("unit") or e.get("target")
        mark = n.claimed()
        for _, value in e.data:
            n.claim(value)
        text = say(n, e, events[i + 1 :])
        out.append(Event(e.type, text, str(who) if who else None, n.claimed_since(mark), e))
    return out


def say(n: Narrator, e: RulesEvent, after: Sequence[RulesEvent] = ()) -> str:
    d = {k: (n.where(v) if isinstance(v, Hex) else v) for k, v in e.data}
    if e.type == "blow":
        return _blow(d)
    if e.type == "displaced":
        return _displaced(d)
    if e.type == "steps_aside":
        return f"{d['unit']} steps aside into {d['to']} instead of being pushed (PHY-19)"
    if e.type == "blocked":
        return (f"{d['unit']} cannot be pushed on out of {d['at']}: nobody is moved "
                f"({d.get('attack')})")  # fmt: skip
    if e.type == "club_breaks":
        return f"{d['unit']}'s tree breaks on the blow (PHY-06)"
    if e.type == "cancelled":
        return f"{d['unit']}'s {d['attack']} at {d['target']} is called off: {d['reason']}"
    return combat_say(n, e, after)


def _blow(d: dict[str, Any]) -> str:
    """PHY-01: 'A1 punches B2 with its right arm: needs 6, rolls 2+5 = 7 - hit'."""
    kind, limb = str(d.get("kind")), d.get("limb")
    verb = VERBS.get(kind, "attacks")
    how = f" with its {LIMBS.get(str(limb), limb)}" if limb else ""
    if kind == "club":
        how = " with its club"
    extra = " (death from above)" if kind == "dfa" else ""
    roll = d.get("roll")
    rolled = dice_text(roll) if isinstance(roll, Roll) else str(roll)
    verdict = "hit" if d.get("hit") else "miss"
    return (f"{d['attacker']} {verb} {d['target']}{how}{extra}: needs {d['needs']}, "
            f"rolls {rolled} - {verdict}")  # fmt: skip


def _displaced(d: dict[str, Any]) -> str:
    reason = str(d.get("reason") or "")
    if reason.endswith(": takes the hex"):
        return f"{d['unit']} moves into {d['to']}, the hex it attacked ({reason.split(':')[0]})"
    if reason.startswith("missed charge"):
        return f"{d['unit']} misses its charge and stops in {d['to']} (PHY-10)"
    return f"{d['unit']} is pushed from {d.get('frm')} into {d['to']} ({reason})"


def _falls(s: GameState, n: Narrator, e: RulesEvent) -> list[Event]:
    """A unit the attack knocked down: its fall and what the fall did, one line each."""
    who = str(e.get("unit") or "")
    told = n.told(tuple(e.get("events") or ()), who)
    return [Event(line.event.type, line.text, line.unit_id, rolls, line.event)
            for line, rolls in told]  # fmt: skip


def blows_text(unit_id: str, blows: Sequence[Blow]) -> str:
    """The physical attack declaration (PHY-02): 'A1 will punch B2 with its left and right
    arms', 'A1 will kick B2 with its right leg'; none: 'A1 makes no physical attack'."""
    if not blows:
        return f"{unit_id} makes no physical attack"
    by_target: dict[tuple[str, str], list[str]] = {}
    for b in blows:
        by_target.setdefault((b.kind, b.target), []).append(b.limb)
    said = []
    for (kind, target), limbs in by_target.items():
        verb = {"dfa": "jump on"}.get(kind, kind)
        named = [LIMBS[x].split()[0] for x in limbs if x in LIMBS]
        part = LIMBS.get(limbs[0], "").split()[-1] if named else ""
        how = f" with its {' and '.join(named)} {part}{'s' if len(named) > 1 else ''}" \
            if named else ""  # fmt: skip
        said.append(f"{verb} {target}{how}")
    return f"{unit_id} will " + "; ".join(said)
