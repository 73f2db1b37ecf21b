"""The end-of-turn summary: what happened to every unit in the turn just over (issue 11).

An overlay the play screen opens when a turn is over (game.ui.app.app.App.show_report),
read from the state as the turn began and as it ended and from the turn's log
(game.narrate.turn_report): damage taken and dealt, locations lost, critical hits, falls, pilot
hits, heat, and who is out of the fight. One column per side. Any key or click closes
it; the wheel scrolls a long one.
"""

from __future__ import annotations

import pygame

from game.flow import turn_start
from game.narrate.turn_report import TurnReport, UnitTurn, turn_report
from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.palette import BAD, BG, DIM, TEXT
from game.ui.widgets.panels import Row, rows_surface, side_colour

HINT = "Press any key or click to go on (wheel: scroll)"


def unit_rows(u: UnitTurn) -> list[Row]:
    """One unit: its name (and state, in red), then its turn in a line."""
    head = u.label + (f" - {u.status}" if u.status else "")
    out = u.status in ("destroyed", "out of the fight")
    colour = BAD if out else TEXT
    return [(head, colour, True), (u.summary(), DIM if u.quiet else TEXT, False)]


class TurnSummary:
    """The summary overlay of one turn."""

    overlay = True
    scene_name = "summary"

    def __init__(self, app: App, turn: int) -> None:
        self.app = app
        self.turn = turn
        self.report = self._report(turn)
        self.scroll = 0
        self.cache: dict[tuple[str, int, int], pygame.Surface] = {}  # side, width, size

    def _report(self, turn: int) -> TurnReport:
        state = self.app.state
        before = self.app.turn_starts.get(turn) or turn_start(state, turn) or state
        return turn_report(before, state, turn)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 40)
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if getattr(event, "button", 1) in (4, 5):
                return True  # an old-style wheel click scrolls, it does not close
            self.app.pop()
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        size = ui_size(screen.get_height())
        sw, sh = screen.get_size()
        shade = pygame.Surface((sw, sh), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        head_f, f = font(size + 8, True), font(size)
        sides = self.app.state.sides
        width = min(sw - 40, size * 70)
        col_w = (width - 2 * size - size * (len(sides) - 1)) // max(1, len(sides))
        tallest = max(self._column(s, col_w, size).get_height() for s in sides)
        chrome = head_f.get_linesize() + 3 * f.get_linesize() + 3 * size
        box = pygame.Rect(0, 0, width, min(sh - 40, tallest + chrome))
        box.center = (sw // 2, sh // 2)
        pygame.draw.rect(screen, BG, box, border_radius=12)
        pygame.draw.rect(screen, (120, 125, 135), box, 2, border_radius=12)
        inner = box.inflate(-2 * size, -size)
        y = box.y + size // 2
        draw_text(screen, f"End of turn {self.turn}", head_f, (255, 246, 192), (inner.x, y), inner)
        y += head_f.get_linesize()
        draw_text(screen, self.report.headline(sides), f, TEXT, (inner.x, y), inner, elide=True)
        y += f.get_linesize() + size // 2
        bottom = box.bottom - f.get_linesize() - size
        self._columns(screen, pygame.Rect(inner.x, y, inner.w, bottom - y), sides, size)
        draw_text(screen, HINT, font(size - 2), DIM, (inner.x, bottom + size // 2), inner)

    def _columns(self, screen: pygame.Surface, rect: pygame.Rect, sides: tuple[str, ...],
                 size: int) -> None:  # fmt: skip
        gap = size
        width = (rect.w - gap * (len(sides) - 1)) // max(1, len(sides))
        old = screen.get_clip()
        screen.set_clip(rect)
        for i, side in enumerate(sides):
            col = pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.h)
            surf = self._column(side, width, size)
            pygame.draw.rect(screen, side_colour(side), (col.x, col.y, 4, col.h))
            screen.blit(
                surf, (col.x + 8, col.y - min(self.scroll, max(0, surf.get_height() - col.h)))
            )
        screen.set_clip(old)

    def _column(self, side: str, width: int, size: int) -> pygame.Surface:
        key = (side, width, size)
        if key not in self.cache:
            rows: list[Row] = [(f"Side {side}", side_colour(side), True)]
            for u in self.report.side(side):
                rows += [("", DIM, False), *unit_rows(u)]
            self.cache[key] = rows_surface(rows, size, width - 8)
        return self.cache[key]


register("summary", TurnSummary)
