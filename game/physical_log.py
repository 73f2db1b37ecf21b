"""Physical attacks as the game's log reads them (the physical attack phase).

Like game.combat_log for weapons: the rules' events (game.rules.falls.Event) become the
game's events with a sentence, e.g. "A1 kicks (right leg) B2: needs 5, rolls 7 - hit",
"kick (right leg) hits B2's left leg (front) for 10: armour 12 -> 2, structure 8 -> 8",
"B2 is pushed from 0504 to 0503 (domino effect)"; every roll goes to its event (the
dice pop-ups show them before the result). Falls are told by game.narrate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .actions import Event
from .combat_log import game_events
from .dice import Roll
from .hexgrid import Hex
from .narrate import Narrator
from .state import GameState

OWN = ("blow", "displaced", "steps_aside", "blocked", "psr", "unit_falls", "club_breaks",
       "cancelled")  # fmt: skip


def physical_events(s: GameState, raw: Iterable[Any], rolls: Sequence[Roll]) -> list[Event]:
    """The game's events for the physical rules' events ``raw`` (damage, criticals and
    pilot lines as for weapons, game.combat_log)."""
    out: list[Event] = []
    others: list[Any] = []

    def flush() -> None:
        if others:
            out.extend(game_events(s, others, [r for r in rolls if r.reason.startswith("hit ")]))
            others.clear()

    for e in raw:
        if e.type not in OWN:
            others.append(e)
            continue
        flush()
        out.extend(_own(s, e))
    flush()
    return out


def _name(s: GameState, v: Any) -> Any:
    return s.board.hex_name(v) if isinstance(v, Hex) else v


def _own(s: GameState, e: Any) -> list[Event]:
    d = {k: _name(s, v) for k, v in e.data}
    who = str(d.get("unit") or d.get("attacker") or "")
    roll = d.get("roll")
    rolls = (roll,) if isinstance(roll, Roll) else ()
    if e.type == "unit_falls":
        narrator = Narrator(s.board, s.units)
        return [Event(x.type, line.text, line.unit_id, _rolls(x), x)
                for x in d["events"] for line in narrator.lines((x,), who)[:1]]  # fmt: skip
    return [Event(e.type, sentence(e.type, d), who or None, rolls, e)]


def _rolls(e: Any) -> tuple[Roll, ...]:
    return tuple(v for _, v in e.data if isinstance(v, Roll))


def sentence(kind: str, d: dict[str, Any]) -> str:
    roll = d.get("roll")
    total = roll.total if isinstance(roll, Roll) else roll
    if kind == "blow":
        verdict = "hit" if d.get("hit") else "miss"
        return (f"{d['attacker']} attacks {d['target']} ({d['attack']}): needs {d['needs']}, "
                f"rolls {total} - {verdict}")  # fmt: skip
    if kind == "displaced":
        return f"{d['unit']} moves from {d.get('frm')} to {d['to']} ({d.get('reason')})"
    if kind == "steps_aside":
        return f"{d['unit']} steps aside to {d['to']} instead of being pushed (PHY-19)"
    if kind == "blocked":
        return f"{d['unit']} cannot be pushed on from {d['at']}: nobody is displaced"
    if kind == "psr":
        if d.get("target") == "auto-fail":
            return f"{d['unit']} falls automatically ({d['reason']})"
        verdict = "stays standing" if d.get("success") else "falls"
        return f"{d['unit']} rolls to stay standing ({d['reason']}): needs {d['target']}, " \
               f"rolls {total} - {verdict}"  # fmt: skip
    if kind == "club_breaks":
        return f"{d['unit']}'s tree breaks (PHY-06)"
    if kind == "cancelled":
        return f"{d['unit']}'s {d['attack']} at {d['target']} is cancelled: {d['reason']}"
    return f"{d.get('unit', '')} {kind}"
