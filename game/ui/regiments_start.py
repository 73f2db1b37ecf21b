"""The regiments start screen ("regiments-start"): pick each side's army and the table
(a plain 180 x 120 cm table or one of the bundled maps as scenery), then start.

Everything is a click; Enter starts, Ctrl+O loads a regiments save, Esc quits.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame

from game.errors import UserFacingError
from game.regiments.armies import armies
from game.regiments.save import is_regiments_save, load_game
from game.regiments.setup import bundled_scenarios, game_from_armies, game_from_scenario, table_for
from game.save import save_dir
from game.setup import bundled_maps

from .fonts import font, ui_size
from .panels import BG, DIM, TEXT, Button, button_at, draw_button, side_colour
from .scenes import register

PLAIN = "plain table"


class RegimentsStart:
    overlay = False
    scene_name = "regiments-start"

    def __init__(self, app: Any, map_path: Path | None = None, seed: int | None = None) -> None:
        self.app = app
        self.armies = list(armies())
        self.pick = {"A": self.armies[0], "B": self.armies[1 % len(self.armies)]}
        self.tables: list[Path | None] = [None, *bundled_maps(), *bundled_scenarios()]
        self.table_index = self.tables.index(map_path) if map_path in self.tables else 0
        if map_path is not None and map_path not in self.tables:
            self.tables.append(map_path)
            self.table_index = len(self.tables) - 1
        self.seed = seed
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    def start(self) -> None:
        path = self.tables[self.table_index]
        seed = self.seed if self.seed is not None else random.randrange(1, 2**31)
        try:
            if path is not None and path.suffix == ".json":  # its own regiments
                state = game_from_scenario(path, seed)
            else:
                state = game_from_armies(table_for(path), dict(self.pick), seed)
        except UserFacingError as e:
            self.app.notify(str(e), error=True, seconds=6)
            return
        self.app.show("regiments", state=state)

    def load_own(self) -> None:
        try:
            saves = [p for p in save_dir().glob("*.json") if is_regiments_save(p)]
        except OSError:
            saves = []
        if not saves:
            self.app.notify("No regiments saves yet", error=True)
            return
        newest = max(saves, key=lambda p: p.stat().st_mtime)
        try:
            self.app.show("regiments", state=load_game(newest))
        except UserFacingError as e:
            self.app.notify(str(e), error=True, seconds=6)

    def save_own(self) -> None:
        self.app.notify("Nothing to save yet: start or load a game first", error=True)

    def choose(self, action: str) -> None:
        kind, _, arg = action.partition(":")
        if kind == "army":
            side, code = arg.split("=")
            self.pick[side] = code
        elif kind == "table":
            self.table_index = int(arg)
        elif kind == "start":
            self.start()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_ESCAPE:
                self.app.running = False
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)

    def update(self, dt: float) -> None:
        return None

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(BG)
        size = ui_size(screen.get_height())
        x, y = size * 2, size
        screen.blit(font(size + 14, True).render("Regiments", True, TEXT), (x, y))
        sub = "rank-and-file movement in centimetres: wheel, move, march, change formation, charge"
        screen.blit(font(size).render(sub, True, DIM), (x, y + size * 2 + 6))
        self.buttons = []
        bw, bh = size * 13, round(size * 1.8)
        for col, side in enumerate(("A", "B")):
            self._army_column(screen, side, x + col * (bw + size * 3), y + size * 5, size)
        tx = x + 2 * (bw + size * 3)
        yy = y + size * 5
        screen.blit(font(size + 4, True).render("Table", True, TEXT), (tx, yy))
        yy += size * 2
        for i, p in enumerate(self.tables):
            label = PLAIN + " 180 x 120 cm" if p is None else f"map: {p.stem}"
            if p is not None and p.suffix == ".json":
                label = f"scenario: {p.stem}"
            self._button(
                screen,
                Button(pygame.Rect(tx, yy, bw, bh), f"table:{i}", label, i == self.table_index),
                size,
            )
            yy += bh + 6
        start = Button(
            pygame.Rect(x, screen.get_height() - size * 4, bw, round(size * 2.2)),
            "start",
            "Start (Enter)",
        )
        self._button(screen, start, size + 2)
        hint = "Ctrl+O: load the newest regiments save   Esc: quit"
        screen.blit(
            font(size - 2).render(hint, True, DIM), (x + bw + size, screen.get_height() - size * 3)
        )

    def _army_column(self, screen: pygame.Surface, side: str, cx: int, yy: int, size: int) -> None:
        """One side's army buttons and the regiments of its pick."""
        known = armies()
        bw, bh = size * 13, round(size * 1.8)
        screen.blit(font(size + 4, True).render(f"Side {side}", True, side_colour(side)), (cx, yy))
        yy += size * 2
        for code in self.armies:
            label = known[code].name
            b = Button(
                pygame.Rect(cx, yy, bw, bh), f"army:{side}={code}", label, self.pick[side] == code
            )
            self._button(screen, b, size)
            yy += bh + 6
        units = ", ".join(u.name for u in known[self.pick[side]].units)
        for i, line in enumerate(_wrap(units, 34)):
            screen.blit(font(size - 2).render(line, True, DIM), (cx, yy + 4 + i * size))

    def _button(self, screen: pygame.Surface, b: Button, size: int) -> None:
        self.buttons.append(b)
        draw_button(screen, b, size, b.rect.collidepoint(self.mouse))


def _wrap(text: str, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > width and line:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*out, line] if line else out


register("regiments-start", RegimentsStart)
