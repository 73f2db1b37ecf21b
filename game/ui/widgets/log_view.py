"""The game log as a report: the narrated lines (game.narrate) with a divider for each
turn and for each unit's move, coloured by outcome, scrollable.

:func:`report_lines` turns the state's log into display lines; :class:`LogView` is the
scrollable widget the play and deployment screens draw at the bottom and the full-screen
log (game.ui.scenes.hexes.log) draws over the whole window. The wheel over it and PageUp /
PageDown scroll; new lines follow at the bottom unless the reader has scrolled up.
``upto`` hides the newest entries whose dice are still being shown (the roll pop-ups and
the move animation, game.ui.map.anim): a result never appears before its dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.bot.breakdown import breakdown
from game.core.actions import LogEntry
from game.core.seats import Note
from game.phases.sandbox_game import SANDBOX
from game.state import GameState
from game.ui.widgets.palette import LOG_BAD as BAD
from game.ui.widgets.palette import LOG_BG as BG
from game.ui.widgets.palette import LOG_GOOD as GOOD
from game.ui.widgets.palette import LOG_HURT as HURT
from game.ui.widgets.palette import LOG_NOTE as NOTE
from game.ui.widgets.palette import LOG_PHASE as PHASE
from game.ui.widgets.palette import SIDE_LIGHT as SIDES
from game.ui.widgets.palette import TEXT, Colour

from .fonts import draw_text, font
from .hud import wrap
from .log_notes import notes_at

WHY = (150, 190, 235)  # the computer's why-lines (issue 21)

HURTS = frozenset({"fall", "damage", "pilot_hit", "skid", "sideslip", "collision",
                   "building_damage", "vehicle_damage", "charge_damage", "dfa_damage",
                   "leg_destroyed", "unit_falls", "unit_hit", "motive_damage"})  # fmt: skip
LOSSES = frozenset({"bridge_collapse", "unit_destroyed", "mech_destroyed", "pilot_killed",
                    "building_collapse"})  # fmt: skip
QUIET = frozenset({"phase", "initiative_roll", "unit_added", "unit_removed", "deployed"})
VERDICTS = {"psr": "success", "consciousness": "conscious", "wake_up": "conscious",
            "dodge": "success"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class ReportLine:
    """One entry of the report: ``kind`` is "text", "turn" (a turn divider) or "unit"."""

    text: str
    colour: Colour
    kind: str = "text"
    bold: bool = False
    note: Note | None = None  # a why-line of the computer's (its breakdown on hover)


def colour_of(entry: LogEntry) -> tuple[Colour, bool]:
    """The colour (and boldness) of a log line by what it tells."""
    e = entry.event
    payload = e.payload if hasattr(e.payload, "get") else None
    if e.kind in VERDICTS and payload is not None:
        return (GOOD if payload.get(VERDICTS[e.kind]) else BAD), False
    if e.kind == "pilot_check" and payload is not None:
        return (BAD if payload.get("injured") else GOOD), False
    if e.kind in LOSSES:
        return BAD, True
    if e.kind in HURTS:
        return HURT, False
    if e.kind == "underway":
        return NOTE, False
    if e.kind in ("phase", "initiative_roll"):
        return PHASE, False
    return TEXT, e.kind in ("move", "stand_still")


def _owner(state: GameState, entry: LogEntry) -> str | None:
    e = entry.event
    if e.kind in QUIET or e.unit_id is None:
        return None
    return e.unit_id


def report_lines(
    state: GameState,
    upto: int | None = None,
    notes: Mapping[int, Note] | None = None,
    details: bool = False,
) -> list[ReportLine]:
    """The log (its first ``upto`` entries) with turn and unit dividers, and the
    computer's why-line (``notes``, by action index; game.ui.widgets.log_notes) above the
    lines of the action it explains; ``details``: each with its breakdown below it."""
    out: list[ReportLine] = []
    turn, action, last_unit = -1, None, None
    entries = state.log[:upto]
    pending = sorted(notes.items()) if notes else []
    for i, entry in enumerate(entries):
        if entry.event.kind == "phase" and _empty_phase(entries, i):
            continue  # a phase in which nothing happened: the turn divider says enough
        if entry.turn != turn:
            turn, last_unit = entry.turn, None
            head = f"Turn {turn}" if turn else "Setting up"
            if state.start.mode == SANDBOX:
                head = "Sandbox"
            out.append(ReportLine(head, PHASE, "turn"))
        if entry.action != action and entry.action >= 0:
            while pending and pending[0][0] < entry.action:  # actions with no line of their own
                out += why_lines(pending.pop(0)[1], details)
        if entry.action != action:
            action = entry.action
            uid = _owner(state, entry)
            if uid is not None:
                unit = state.unit(uid)
                name = f"{uid}  {unit.name}" if unit is not None and unit.name else uid
                label = f"{uid} goes on" if uid == last_unit else name
                side = unit.side if unit is not None else ""
                out.append(ReportLine(label, SIDES.get(side, TEXT), "unit"))
                last_unit = uid
            if pending and pending[0][0] == action:
                out += why_lines(pending.pop(0)[1], details)
        colour, bold = colour_of(entry)
        text = entry.text
        if entry.event.kind == "phase":  # "Turn 3: movement phase" under "Turn 3"
            text = text.split(": ", 1)[-1].capitalize()
        out.append(ReportLine(text, colour, "text", bold))
    if upto is None or upto >= len(state.log):  # the newest actions, no line of their own yet
        for _, note in pending:
            out += why_lines(note, details)
    return out


def why_lines(note: Note, details: bool = False) -> list[ReportLine]:
    """The computer's why-line (and, with ``details``, its breakdown, game.bot.breakdown)."""
    head = ReportLine(f"Computer ({note.side}): {note.why}", WHY, "text", note=note)
    if not details:
        return [head]
    return [head] + [ReportLine("   " + line, WHY, "detail") for line in breakdown(note.numbers)]


def _empty_phase(entries: Sequence[LogEntry], i: int) -> bool:
    """True when the phase entered at ``i`` has no line of its own before the next one
    (the newest phase always shows: it is where the game stands)."""
    nxt = entries[i + 1] if i + 1 < len(entries) else None
    return nxt is not None and nxt.event.kind == "phase"


@dataclass(frozen=True, slots=True)
class _Row:
    text: str
    colour: Colour
    kind: str
    bold: bool
    indent: int
    note: Note | None = None


@lru_cache(maxsize=1 << 15)
def _wrapped(text: str, size: int, bold: bool, width: int) -> tuple[str, ...]:
    """One log line wrapped (game.ui.widgets.hud.wrap), kept: the whole report is laid out
    again for every new state, and measuring every word of a long game's log each time made
    a frame's cost grow with the game (a long enough game's lines still fit the cache)."""
    return tuple(wrap(text, font(size, bold), width))


class LogView:
    """A scrollable view of the report (see the module docstring)."""

    def __init__(self) -> None:
        self.offset = 0  # rows scrolled up from the newest
        self._rows: list[_Row] = []
        self._key: object = None
        self._count = 0
        self.visible: list[str] = []  # the rows drawn last (HEXPLATE_DEBUG_LAYOUT, tests)
        self.details = False  # the computer's why-lines with their breakdown (the full log)
        self.hovered: Note | None = None  # the why-line under the mouse (its breakdown shows)
        self._notes_drawn: list[tuple[pygame.Rect, Note]] = []  # why-lines drawn last, where

    # --- content ---------------------------------------------------------------------------
    def _layout(self, lines: Sequence[ReportLine], width: int, size: int) -> list[_Row]:
        indent = size
        rows: list[_Row] = []
        for line in lines:
            if line.kind not in ("text", "detail"):
                rows.append(_Row(line.text, line.colour, line.kind, True, 0))
                continue
            first = True
            for part in _wrapped(line.text, size, line.bold, width - indent):
                rows.append(_Row(part, line.colour, "text", line.bold, 0 if first else indent,
                                 line.note))  # fmt: skip
                first = False
        return rows

    def rows(self, state: GameState, width: int, size: int, upto: int | None) -> list[_Row]:
        shown = len(state.log) if upto is None else min(upto, len(state.log))
        notes = notes_at(state)
        key = (id(state), shown, width, size, tuple(notes), self.details)
        if key != self._key:
            lines = report_lines(state, None if upto is None else shown, notes, self.details)
            rows = self._layout(lines, width, size)
            if self.offset and len(rows) > self._count:  # scrolled up: keep the place
                self.offset += len(rows) - self._count
            self._key, self._rows, self._count = key, rows, len(rows)
        return self._rows

    # --- input ----------------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        """Scroll ``rows`` up (positive) or down (negative), within the content."""
        self.offset = max(0, min(self.offset + rows, max(0, self._count - 1)))

    def handle(self, event: pygame.event.Event, rect: pygame.Rect, page: int) -> bool:
        """Wheel over ``rect``, PageUp / PageDown anywhere, Home / End; True when used."""
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(3 * event.y)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page}
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
            if event.key == pygame.K_END:
                self.offset = 0
                return True
        return False

    # --- drawing --------------------------------------------------------------------------
    def visible_rows(self, height: int, size: int) -> int:
        return max(1, (height - 2 * pad(size)) // line_height(size))

    def draw(
        self,
        target: pygame.Surface,
        rect: pygame.Rect,
        state: GameState,
        size: int,
        upto: int | None = None,
    ) -> None:
        """The newest rows that fit (or the rows scrolled to), newest last."""
        p, lh = pad(size), line_height(size)
        width = rect.w - 2 * p - size  # room for the scroll bar
        rows = self.rows(state, width, size, upto)
        n = self.visible_rows(rect.h, size)
        self.offset = min(self.offset, max(0, len(rows) - n))
        if self.offset:  # the bottom row says how to get back to the newest
            n = max(1, n - 1)
        end = len(rows) - self.offset
        shown = rows[max(0, end - n) : end]
        self.visible = [row.text for row in shown]
        pygame.draw.rect(target, BG, rect)
        pygame.draw.line(target, (70, 74, 80), rect.topleft, rect.topright)
        y = rect.y + p
        self._notes_drawn = []
        for row in shown:
            box = pygame.Rect(rect.x + p, y, width, lh)
            self._draw_row(target, row, box, size)
            if row.note is not None:
                self._notes_drawn.append((box, row.note))
            y += lh
        self._draw_bar(target, rect, len(rows), n, size)
        if target is pygame.display.get_surface():
            self.hover(target, (0, 0), size)

    def hover(self, screen: pygame.Surface, origin: tuple[int, int], size: int) -> None:
        """The breakdown of the why-line under the mouse, over ``screen``; ``origin``:
        where the surface the log was drawn on sits on the screen (a cached panel)."""
        mouse = pygame.mouse.get_pos()
        self.hovered = None
        for box, note in self._notes_drawn:
            on_screen = box.move(origin)
            if on_screen.collidepoint(mouse):
                self.hovered = note
                if not self.details:
                    draw_breakdown(screen, note, on_screen, size)

    def _draw_row(self, target: pygame.Surface, row: _Row, box: pygame.Rect, size: int) -> None:
        f = font(size, row.bold)
        if row.kind == "text":
            draw_text(target, row.text, f, row.colour, (box.x + row.indent, box.y), box)
            return
        label = f" {row.text} "
        r = draw_text(target, label, f, row.colour, (box.x + size, box.centery), box,
                      anchor="midleft", elide=True)  # fmt: skip
        line_y = box.centery
        pygame.draw.line(target, row.colour, (box.x, line_y), (r.x - 2, line_y), 1)
        pygame.draw.line(target, row.colour, (r.right + 2, line_y), (box.right, line_y), 1)

    def _draw_bar(
        self, target: pygame.Surface, rect: pygame.Rect, total: int, n: int, size: int
    ) -> None:
        if total <= n:
            return
        track = pygame.Rect(rect.right - size // 2 - 4, rect.y + 4, max(4, size // 3), rect.h - 8)
        pygame.draw.rect(target, (45, 48, 54), track, border_radius=3)
        h = max(12, round(track.h * n / total))
        top = track.bottom - h - round((track.h - h) * self.offset / max(1, total - n))
        pygame.draw.rect(target, (130, 135, 145), (track.x, top, track.w, h), border_radius=3)
        if self.offset:
            hint = f"{plural_rows(self.offset)} newer below - End or PageDown"
            p, lh = pad(size), line_height(size)
            box = pygame.Rect(rect.x + p, rect.y + p + lh * n, track.x - rect.x - 2 * p, lh)
            draw_text(target, hint, font(size), NOTE, box.midright, box, anchor="midright",
                      elide=True)  # fmt: skip


def draw_breakdown(target: pygame.Surface, note: Note, row: pygame.Rect, size: int) -> None:
    """The numbers behind a why-line (game.bot.breakdown), in a box above its row."""
    lines = [f"Why {note.why.split(':', 1)[0]}:"] + breakdown(note.numbers)
    if len(lines) == 1:
        lines.append("no numbers: a forced or an obvious choice")
    f, lh = font(size), line_height(size)
    w = max(f.size(t)[0] for t in lines) + 2 * size
    box = pygame.Rect(row.x + size, row.y - lh * len(lines) - size, w, lh * len(lines) + size)
    box.clamp_ip(target.get_rect())
    pygame.draw.rect(target, (30, 36, 46), box, border_radius=6)
    pygame.draw.rect(target, WHY, box, 1, border_radius=6)
    y = box.y + size // 2
    for i, t in enumerate(lines):
        draw_text(target, t, font(size, i == 0), WHY if i == 0 else TEXT, (box.x + size, y), box)
        y += lh


def plural_rows(n: int) -> str:
    return f"{n} line" if n == 1 else f"{n} lines"


def pad(size: int) -> int:
    return max(4, size // 3)


def line_height(size: int) -> int:
    return round(font(size).get_linesize() * 1.12)
