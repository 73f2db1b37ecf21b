"""The committed move played back: the unit walks its path hex by hex, and each roll pops
up beside it with the two dice, the target and the result. Purely presentational: the
game state has already changed when this runs; a click or a key skips to the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.actions import Event
from game.hexgrid import Hex
from game.state import GameState
from game.ui.widgets.fonts import font
from game.ui.widgets.hud import wrap
from game.ui.widgets.palette import INK
from game.units.unit import Unit

STEP_TIME = 0.14  # seconds per hex
POPUP_TIME = 1.2  # seconds per roll pop-up


@dataclass(frozen=True, slots=True)
class Popup:
    """One roll or notice: the dice (may be empty), the target and a verdict line."""

    title: str
    faces: tuple[int, ...]
    target: Any
    verdict: str
    good: bool


@dataclass
class MoveAnimation:
    """A timeline of ("step", (hex, facing)) and ("popup", Popup) items.

    ``reveals[i]`` is how many of the action's events may be shown (in the log) once item
    ``i`` is on screen: a roll's line appears with its pop-up, never before its dice;
    ``log_start`` is where the action's entries begin in the game's log (the screen sets
    it), ``events`` how many there are."""

    unit_id: str
    items: list[tuple[str, Any]]
    elapsed: float = 0.0
    index: int = 0
    position: tuple[Hex, int] | None = None
    popup: Popup | None = None
    done: bool = False
    shown: list[Popup] = field(default_factory=list)
    reveals: list[int] = field(default_factory=list)
    events: int = 0
    log_start: int | None = None

    @property
    def revealed(self) -> int:
        """How many of the action's events have had their dice shown."""
        if self.done or not self.reveals:
            return self.events
        return self.reveals[min(self.index, len(self.reveals) - 1)]

    def update(self, dt: float) -> bool:
        """Advance; True while something still changes on screen."""
        if self.done:
            return False
        self.elapsed += dt
        while self.index < len(self.items):
            kind, value = self.items[self.index]
            need = STEP_TIME if kind == "step" else POPUP_TIME
            if kind == "step":
                self.position, self.popup = value, None
            else:
                self.popup = value
            if self.elapsed < need:
                return True
            self.elapsed -= need
            self.index += 1
        self.done = True
        self.popup = None
        return False

    def skip(self) -> None:
        self.index = len(self.items)
        self.done = True
        self.popup = None


# Events without dice that still get a pop-up card (title per kind).
NOTICES = {
    "fall": "FALL",
    "skid": "SKID",
    "collision": "COLLISION",
    "bridge_collapse": "BRIDGE COLLAPSES",  # MOV-27
    "pilot_killed": "PILOT KILLED",  # PSR-19
    "unit_destroyed": "DESTROYED",
}


def popup_of(event: Any) -> Popup | None:
    """A pop-up for an event that rolled dice, or for a fall / skid without dice."""
    for roll in getattr(event, "rolls", ()) or ():
        if roll.target is None:
            continue
        good = bool(roll.success)
        verdict = "passed" if good else "FAILED"
        title = str(roll.reason)[:48] or event.kind
        return Popup(title, tuple(roll.faces), roll.target, verdict, good)
    if event.kind in NOTICES:
        return Popup(NOTICES[event.kind], (), None, event.text[:160], False)
    if (
        event.kind == "psr"
        and getattr(event.payload, "get", None)
        and event.payload.get("target") == "auto-fail"
    ):
        return Popup(str(event.payload.get("reason")), (), "auto", "automatic failure", False)
    return None


def build_animation(
    unit_id: str, start: tuple[Hex, int], result: Any, events: tuple[Any, ...], end: tuple[Hex, int]
) -> MoveAnimation:
    """Steps from the previewed path (stopping where a fall or a move end of the mover
    interrupts it), with each roll's pop-up after the step that triggered it, then the
    final position; each item knows how many events the log may show by then."""
    steps = [start]
    for rep in getattr(result, "reports", ()) or ():
        st = rep.state_after
        if st is not None:
            steps.append((st.at, st.facing))
    by_step: dict[int, list[tuple[int, Popup]]] = {}
    tail: list[tuple[int, Popup]] = []
    stop = len(steps) - 1
    for n, e in enumerate(events):
        step = getattr(e.payload, "step", None)
        mine = getattr(e, "unit_id", unit_id) in (unit_id, None)
        if mine and e.kind in ("fall", "move_ends", "skid") and isinstance(step, int):
            stop = min(stop, step + 1)
        p = popup_of(e)
        if p is None:
            continue
        if isinstance(step, int) and 0 <= step < len(steps) - 1:
            by_step.setdefault(step, []).append((n, p))
        else:
            tail.append((n, p))
    items: list[tuple[str, Any]] = [("step", steps[0])]
    order: list[int | None] = [None]  # the event each item shows (None: a step)
    for i in range(1, min(stop, len(steps) - 1) + 1):
        items.append(("step", steps[i]))
        order.append(None)
        for n, p in by_step.pop(i - 1, []):
            items.append(("popup", p))
            order.append(n)
    for rest in by_step.values():
        for n, p in rest:
            items.append(("popup", p))
            order.append(n)
    for n, p in tail:
        items.append(("popup", p))
        order.append(n)
    items.append(("step", end))
    order.append(len(events))
    last = {n for n, e in enumerate(events) if e.kind in SUMMARIES}  # where it all ended
    return MoveAnimation(unit_id, items, reveals=_reveals(order, events, last),
                         events=len(events))  # fmt: skip


SUMMARIES = frozenset({"move", "underway"})


def _reveals(order: list[int | None], events: tuple[Any, ...], last: set[int]) -> list[int]:
    """Per item, how many leading events are shown: an event with dice waits for its
    pop-up; the lines without dice that follow it come with it; the move's summary waits
    for the unit to arrive (the last item)."""
    popped = {n for n in order if n is not None and n < len(events)} | last
    shown_at: dict[int, int] = {n: i for i, n in enumerate(order) if n is not None}
    shown_at |= {n: len(order) - 1 for n in last}
    out: list[int] = []
    for i in range(len(order)):
        count = 0
        while count < len(events):
            if count in popped and shown_at[count] > i:
                break
            count += 1
        out.append(count if i < len(order) - 1 else len(events))
    return out


def die(size: int, value: int) -> pygame.Surface:
    """A die face with pips."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(s, (248, 246, 238), s.get_rect(), border_radius=size // 5)
    pygame.draw.rect(s, INK, s.get_rect(), 2, border_radius=size // 5)
    q = size / 4
    spots = {
        1: [(2, 2)],
        2: [(1, 1), (3, 3)],
        3: [(1, 1), (2, 2), (3, 3)],
        4: [(1, 1), (3, 1), (1, 3), (3, 3)],
        5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
        6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
    }.get(value, [])
    for x, y in spots:
        pygame.draw.circle(s, INK, (x * q, y * q), max(2, size // 11))
    return s


def popup_surface(p: Popup, size: int) -> pygame.Surface:
    """The pop-up card: title, two dice, "needs N", the verdict in green or red (wrapped
    to about 24 characters' width, so a long event line stays beside its unit)."""
    f, fb = font(size), font(size + 4, True)
    dsz = round(size * 2.2)
    pad = size // 2
    title = f.render(p.title, True, (235, 235, 230))
    need = "" if p.target is None else ("automatic" if p.target == "auto" else f"needs {p.target}+")
    total = sum(p.faces)
    line = fb.render(f"{total}  {need}" if p.faces else need, True, (235, 235, 230))
    colour = (120, 220, 120) if p.good else (250, 100, 90)
    lines = [fb.render(t, True, colour) for t in wrap(p.verdict, fb, size * 22)] or [
        fb.render("", True, colour)
    ]
    verdict = pygame.Surface(
        (max(i.get_width() for i in lines), sum(i.get_height() for i in lines)), pygame.SRCALPHA
    )
    verdict.fill((0, 0, 0, 0))
    vy = 0
    for img in lines:
        verdict.blit(img, (0, vy))
        vy += img.get_height()
    w = (
        max(title.get_width(), line.get_width(), verdict.get_width(), len(p.faces) * (dsz + pad))
        + 2 * pad
    )
    h = (
        title.get_height()
        + (dsz + pad if p.faces else 0)
        + line.get_height()
        + verdict.get_height()
        + 2 * pad
    )
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (22, 24, 28, 235), surf.get_rect(), border_radius=10)
    pygame.draw.rect(
        surf, (120, 220, 120) if p.good else (250, 100, 90), surf.get_rect(), 2, border_radius=10
    )
    y = pad
    surf.blit(title, (pad, y))
    y += title.get_height()
    if p.faces:
        for i, v in enumerate(p.faces):
            surf.blit(die(dsz, v), (pad + i * (dsz + pad), y + pad // 2))
        y += dsz + pad
    surf.blit(line, (pad, y))
    y += line.get_height()
    surf.blit(verdict, (pad, y))
    return surf


MARK_SECONDS = 5.0


def map_marks(state: GameState, events: Sequence[Event]) -> list[tuple[Hex, str, float]]:
    """Falls, skids and damage as short labels over the units they hit, for a few seconds
    after the move's animation (the log keeps the full lines); a unit the move destroyed
    says so, and a bridge hex that fell (MOV-27) is marked where it stood."""
    totals: dict[str, list[str]] = {}
    out: list[tuple[Hex, str, float]] = []
    bridges: list[tuple[Hex, str, float]] = []  # last: stacked above the units' labels
    for e in events:
        payload = e.payload if hasattr(e.payload, "get") else None
        who = str(payload.get("unit", e.unit_id)) if payload is not None else e.unit_id
        if e.kind == "damage" and payload is not None:
            totals.setdefault(who, []).append(f"-{payload.get('total')}")
        elif e.kind in ("fall", "skid", "collision"):
            totals.setdefault(who, []).append(e.kind.upper())
        elif e.kind == "bridge_collapse" and payload is not None:
            at = payload.get("at")
            if isinstance(at, Hex) and all(m[0] != at for m in bridges):
                bridges.append((at, "BRIDGE DOWN", MARK_SECONDS))
    for u in getattr(state, "units", ()):
        if who_lost(state, u, events):
            totals.setdefault(u.id, []).append("DESTROYED")
    for who, parts in totals.items():
        unit = state.unit(who) if who else None
        if unit is not None:
            out.append((unit.at, " ".join(dict.fromkeys(parts)), MARK_SECONDS))
    return out + bridges


def who_lost(state: GameState, unit: Unit, events: Sequence[Event]) -> bool:
    """True when ``unit`` is destroyed now and these events touched it (this action)."""
    if not state.is_destroyed(unit):
        return False
    for e in events:
        payload = e.payload if hasattr(e.payload, "get") else None
        who = payload.get("unit", e.unit_id) if payload is not None else e.unit_id
        if who == unit.id or e.unit_id == unit.id:
            return True
    return False
