"""Narration: what happened, in sentences a board-game player reads.

The rules answer with structured events (game.rules.piloting.falls.Event: a type, the step and
plain data); this module turns them into the game log's lines. Every roll is told with
what it was for, its target with the modifiers and the dice; every damage group with
its hit location roll, the location and whether front or rear armour took it, and what
it did to armour and structure ("right torso (rear): armour 4 -> 0, structure 13 -> 11").

A :class:`Narrator` follows one action: it knows the units as they were before it (so
armour and structure can be told as "before -> after") and the dice rolled during it (so
a hit location is told with its dice, although the damage record keeps only the total).
Events nested inside others (a unit knocked down by a skid, units hit by a collapsing
building) come out as lines of their own, in order, each with the unit it is about.
Nothing here rolls or decides anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.dice import Roll
from game.rules.piloting.falls import RulesEvent
from game.units.unit import Unit

from ..board import Board
from ..hexgrid import Hex
from .tellers import SIMPLE, TELLERS, generic
from .words import Body, dice_text, facing_name, is_location, mods_text, plural, skills, unit_label

__all__ = [
    "SIMPLE",
    "TELLERS",
    "Line",
    "Narrator",
    "dice_text",
    "facing_name",
    "mods_text",
    "move_summary",
    "nested",
    "plural",
    "skills",
    "underway_text",
    "unit_label",
]


@dataclass(frozen=True, slots=True)
class Line:
    """One narrated event: the rules event, the unit it is about, the sentence."""

    event: RulesEvent
    unit_id: str
    text: str


def nested(e: RulesEvent) -> tuple[RulesEvent, ...]:
    """Events carried inside an event (a knocked-down unit's fall, a collapse's hits)."""
    inner = e.get("events", e.get("detail"))
    if isinstance(inner, RulesEvent):
        return (inner,)
    if isinstance(inner, tuple | list):
        return tuple(x for x in inner if isinstance(x, RulesEvent))
    return ()


class Narrator:
    """Sentences for the events of one action (see the module docstring)."""

    def __init__(self, board: Board, units: Iterable[Unit], rolls: Sequence[Roll] = ()) -> None:
        self.board = board
        self.units = {u.id: u for u in units}
        self.bodies: dict[str, Body] = {  # a Mech's body or a vehicle's hull, as told so far
            u.id: body for u in self.units.values() if (body := u.body or u.hull) is not None
        }
        self._rolls = list(rolls)
        self._taken = [False] * len(self._rolls)
        self._order: list[int] = []  # the rolls told, in the order they were told

    # --- helpers ----------------------------------------------------------------------------
    def where(self, h: Any) -> str:
        return self.board.hex_name(h) if isinstance(h, Hex) else str(h)

    def _take(self, match: Callable[[int, Roll], bool]) -> Roll | None:
        for i, r in enumerate(self._rolls):
            if not self._taken[i] and match(i, r):
                self._taken[i] = True
                self._order.append(i)
                return r
        return None

    def take_roll(self, *prefixes: str) -> Roll | None:
        """The next roll not yet told whose reason starts with one of ``prefixes``."""
        return self._take(lambda i, r: r.reason.startswith(prefixes))

    def peek(self, match: Callable[[Roll], bool]) -> list[Roll]:
        """The rolls not yet told that ``match``, in order (nothing is taken)."""
        return [r for i, r in enumerate(self._rolls) if not self._taken[i] and match(r)]

    def claimed(self) -> int:
        """How many rolls have been told so far (a mark for :meth:`claimed_since`)."""
        return len(self._order)

    def claimed_since(self, mark: int) -> tuple[Roll, ...]:
        """The rolls told since ``mark``, in the order they were told."""
        return tuple(self._rolls[i] for i in self._order[mark:])

    def claim(self, roll: Any) -> None:
        """Mark a roll an event carries as told (so it is not taken for another)."""
        if isinstance(roll, Roll):
            self._take(lambda i, r: r is roll)

    def location_roll(self) -> Roll | None:
        """The next hit location roll not yet told (2D6 table or a 1D6 attack table, or
        the roll of an aimed shot, CMB-21)."""
        return self._take(lambda i, r: is_location(r))

    # --- entry points -----------------------------------------------------------------------
    def lines(self, events: Iterable[RulesEvent], who: str) -> list[Line]:
        """Every event (nested ones after their container) as a line, in order."""
        out: list[Line] = []
        for e in events:
            owner = str(e.get("unit") or who)
            out.append(Line(e, owner, self.say(e, owner, who)))
            inner = nested(e)
            if inner:
                out.extend(self.lines(inner, owner))
        return out

    def told(self, events: Iterable[RulesEvent], who: str) -> list[tuple[Line, tuple[Roll, ...]]]:
        """Like :meth:`lines`, each line with the dice it told (its own rolls and the
        location and facing rolls its sentence took), for the dice pop-ups."""
        out: list[tuple[Line, tuple[Roll, ...]]] = []
        for e in events:
            owner = str(e.get("unit") or who)
            mark = self.claimed()
            text = self.say(e, owner, who)
            out.append((Line(e, owner, text), self.claimed_since(mark)))
            inner = nested(e)
            if inner:
                out.extend(self.told(inner, owner))
        return out

    def say(self, e: RulesEvent, who: str, mover: str | None = None) -> str:
        """The sentence for one event about unit ``who`` (``mover``: the unit moving)."""
        for value in (v for _, v in e.data):
            self.claim(value)
        tell = TELLERS.get(e.type)
        if tell is not None:
            return tell(self, e, who, mover or who)
        return generic(self, e, who)


# --- the sentences ----------------------------------------------------------------------------


VERBS = {"walk": "walks", "run": "runs", "jump": "jumps", "stand": "stays", "crawl": "crawls"}


def move_summary(
    board: Board,
    before: Unit,
    after: Unit,
    mode: str,
    hexes: int,
    mp: int,
    heat: int,
    target: int,
    crashed: bool = False,
) -> str:
    """The line that closes a unit's move: where it ended and what the move counts for.

    E.g. 'A1 (Hunchback HBK-4G) walks 2 hexes to 0305, facing SE (3 MP, heat +1, target
    modifier +1)'; 'x stays in 0303 and goes prone, facing SE (walk: 1 MP, ...)'; infantry
    without facing and heat: 'A2 (Jump Platoon INF-J) jumps 3 hexes to 0808 (3 MP, ...)'.
    ``crashed``: the VTOL or WiGE crashed in the move ('... to 0505 and crashes, ...').
    """
    label = unit_label(before)
    where = board.hex_name(after.at)
    posture = ""
    if after.prone != before.prone:
        posture = " and goes prone" if after.prone else " and stands up"
    elif after.prone and mode != "crawl":  # a crawl is made prone (ADV-03)
        posture = " and is still prone"
    if after.hull_down != before.hull_down:  # ADV-11..14 (the tacops option)
        posture = " and goes hull-down" if after.hull_down else " and leaves hull-down"
    elif after.hull_down:
        posture = " and is still hull-down"
    if before.wige_airborne and not after.wige_airborne:  # ADV-17/18: a WiGE came down
        posture = " and lands"
    if crashed:  # ADV-26..28: a VTOL or WiGE that crashed in its move did not land
        posture = " and crashes"
    if after.depth != before.depth:  # ADV-25: a submarine dived or rose
        posture = " and surfaces" if after.depth == 0 else f" at depth {after.depth}"
    counts = f"{mp} MP, heat +{heat}, target modifier +{target}"
    facing = f", facing {facing_name(after.facing)}"
    if not after.has_facing:  # infantry: no facing (MOV-16), no heat
        counts, facing = f"{mp} MP, target modifier +{target}", ""
    if hexes == 0:
        return f"{label} stays in {where}{posture}{facing} ({mode}: {counts})"
    moved = plural(hexes, "hex", "hexes")
    return f"{label} {VERBS.get(mode, mode)} {moved} to {where}{posture}{facing} ({counts})"


def crashed_in(events: Iterable[Any], unit_id: str) -> bool:
    """Do the game events of a move (``kind`` and a rules ``payload``) hold a crash of
    ``unit_id`` (ADV-26..28)?"""
    for e in events:
        pay = getattr(e, "payload", None)
        if getattr(e, "kind", None) != "crash" or not isinstance(pay, RulesEvent):
            continue
        if pay.get("unit") == unit_id:
            return True
    return False


def underway_text(unit_id: str, left: int, prone: bool) -> str:
    """The line after a part of a move: the unit may go on (MOV-23)."""
    first = "try to stand again (U), turn" if prone else "move on"
    return f"{unit_id} has {left} MP left: it may {first}, or end its move here (S)"
