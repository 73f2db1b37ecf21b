"""The regiments start screen ("regiments-start"): pick each side's army and the table
(a plain 180 x 120 cm table, one of the bundled maps as scenery, or a bundled regiments
scenario), then start a hot-seat game or open the sandbox with them.

Everything is a click; Enter starts, S opens the sandbox (an army may be "none" there:
an empty table), Ctrl+O opens the load dialog (regiments saves and scenarios too), Esc
quits. The rule-set tabs at the top right go back to the hex game's start screen
(game.ui.widgets.ruleset_tabs).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame

from game.core.errors import UserFacingError
from game.regiments.armies import armies
from game.regiments.sandbox import sandbox_from_armies, sandbox_from_scenario
from game.regiments.setup import bundled_scenarios, game_from_armies, game_from_scenario, table_for
from game.regiments.state import RegimentState
from game.setup import bundled_maps
from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.widgets import ruleset_tabs as tabs
from game.ui.widgets.debug_buttons import write_buttons
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.palette import BG, DIM, TEXT, Colour
from game.ui.widgets.panels import Button, button_at, draw_button, side_colour

PLAIN = "plain table"
NONE = ""  # no army for this side (the sandbox only)


class RegimentsStart:
    overlay = False
    scene_name = "regiments-start"

    def __init__(self, app: App, map_path: Path | None = None, seed: int | None = None) -> None:
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

    def _scenario(self) -> Path | None:
        path = self.tables[self.table_index]
        return path if path is not None and path.suffix == ".json" else None

    def _seed(self) -> int:
        return self.seed if self.seed is not None else random.randrange(1, 2**31)

    def start(self) -> None:
        path, scenario = self.tables[self.table_index], self._scenario()
        if scenario is None and NONE in self.pick.values():
            self.app.notify("A game needs an army on each side (the sandbox does not)", error=True)
            return
        self._open(
            lambda: (
                game_from_scenario(scenario, self._seed())
                if scenario is not None
                else game_from_armies(table_for(path), dict(self.pick), self._seed())
            )
        )

    def sandbox(self) -> None:
        """The sandbox with what is picked: the scenario's regiments, or the armies chosen
        (none: an empty table)."""
        path, scenario = self.tables[self.table_index], self._scenario()
        picks = {side: code for side, code in self.pick.items() if code != NONE}
        self._open(
            lambda: (
                sandbox_from_scenario(scenario, self._seed())
                if scenario is not None
                else sandbox_from_armies(table_for(path), picks, self._seed())
            )
        )

    def _open(self, make: Any) -> None:
        try:
            state: RegimentState = make()
        except UserFacingError as e:
            self.app.notify(str(e), error=True, seconds=6)
            return
        self.app.show("regiments", state=state)

    def load_own(self) -> None:
        """Ctrl+O: the load dialog of the save folder (game.ui.scenes.hexes.menu, by name): it
        lists regiments games, sandbox saves and scenarios with what each is."""
        self.app.open_once("load")

    def save_own(self) -> None:
        self.app.notify("Nothing to save yet: start or load a game first", error=True)

    def choose(self, action: str) -> None:
        kind, _, arg = action.partition(":")
        if kind == "army":
            side, code = arg.split("=")
            self.pick[side] = code
        elif kind == "table":
            self.table_index = int(arg)
        elif kind == tabs.ACTION:
            tabs.open_ruleset(self.app, arg, "regiments")
        elif kind in ("start", "open-sandbox", "load", "quit"):
            {"start": self.start, "open-sandbox": self.sandbox, "load": self.load_own,
             "quit": self.quit}[kind]()  # fmt: skip

    def quit(self) -> None:
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was used (issue 24): Enter, S, Esc, a pointer move, a left
        click on a button; not another key, a key let go or a click beside the buttons."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_s and not event.mod & pygame.KMOD_CTRL:
                self.sandbox()
            elif event.key == pygame.K_ESCAPE:
                self.quit()
            else:
                return False
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)
                return True
        return False

    def update(self, dt: float) -> None:
        return None

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.fill((23, 26, 31))
        size = ui_size(h)
        self.buttons = []
        title = draw_text(screen, "Regiments", font(size * 2, True), TEXT, (size * 2, size))
        self.buttons += tabs.draw_tabs(screen, w - size, tabs.top(size), size, "regiments",
                                       self.mouse)  # fmt: skip
        sub = "rank-and-file movement in centimetres: wheel, move, march, change formation, charge"
        box = pygame.Rect(size * 2, 0, w - 3 * size - tabs.tabs_width(size), h)  # left of tabs
        draw_text(screen, sub, font(size), DIM, (box.x, title.bottom + size // 2), box, elide=True)
        top, bottom = title.bottom + size * 3, h - size * 5
        gap = size
        cw = (w - gap * 4) // 3
        for col, side in enumerate(("A", "B")):
            rect = pygame.Rect(gap + col * (cw + gap), top, cw, bottom - top)
            self._army_column(screen, side, rect, size)
        self._tables(screen, pygame.Rect(gap + 2 * (cw + gap), top, cw, bottom - top), size)
        self._footer(screen, size)
        write_buttons(self.scene_name, self.buttons)

    def _panel(self, screen: pygame.Surface, rect: pygame.Rect, title: str, size: int,
               colour: Colour = TEXT) -> int:  # fmt: skip
        pygame.draw.rect(screen, BG, rect, border_radius=10)
        inner = rect.inflate(-size, 0)
        draw_text(screen, title, font(size + 4, True), colour, (inner.x, rect.y + size // 2), inner)
        return rect.y + size * 2 + size // 2

    def _army_column(self, screen: pygame.Surface, side: str, rect: pygame.Rect, size: int) -> None:
        """One side's army buttons ("none": the sandbox only) and the regiments of its pick."""
        known = armies()
        y = self._panel(screen, rect, f"Side {side}", size, side_colour(side))
        pygame.draw.rect(screen, side_colour(side), (rect.x, rect.y, 6, rect.h), border_radius=3)
        bh = round(size * 1.8)
        for code in [*self.armies, NONE]:
            label = known[code].name if code else "none (sandbox: an empty side)"
            r = pygame.Rect(rect.x + size // 2 + 6, y, rect.w - size - 6, bh)
            self._button(screen, Button(r, f"army:{side}={code}", label, self.pick[side] == code),
                         size + 1)  # fmt: skip
            y += bh + size // 3
        y += size // 2
        inner = pygame.Rect(rect.x + size // 2 + 6, y, rect.w - size - 6, rect.bottom - y)
        if self.pick[side] == NONE:
            draw_text(screen, "no regiments", font(size - 1), DIM, (inner.x, y), inner)
            return
        for u in known[self.pick[side]].units:
            line = f"{u.name}: {u.files} x {u.ranks} stands, move {u.move:g} cm"
            draw_text(screen, line, font(size - 1), DIM, (inner.x, y), inner, elide=True)
            y += round(size * 1.3)

    def _tables(self, screen: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        y = self._panel(screen, rect, "Table", size)
        bh = round(size * 1.8)
        for i, p in enumerate(self.tables):
            label = PLAIN + " 180 x 120 cm" if p is None else f"map: {p.stem}"
            if p is not None and p.suffix == ".json":
                label = f"scenario: {p.stem} (its own regiments)"
            r = pygame.Rect(rect.x + size // 2, y, rect.w - size, bh)
            self._button(screen, Button(r, f"table:{i}", label, i == self.table_index), size + 1)
            y += bh + size // 3

    def _footer(self, screen: pygame.Surface, size: int) -> None:
        w, h = screen.get_size()
        gap, bh = size, round(size * 2.2)
        bw = min(size * 12, (w - 5 * gap) // 4)
        items = (("start", "Start game (Enter)"), ("open-sandbox", "Sandbox (S)"),
                 ("load", "Load (Ctrl+O)"), ("quit", "Quit (Esc)"))  # fmt: skip
        for i, (action, label) in enumerate(items):
            r = pygame.Rect(gap + i * (bw + gap), h - size * 4, bw, bh)
            self._button(screen, Button(r, action, label, action == "start"), size + 2)

    def _button(self, screen: pygame.Surface, b: Button, size: int) -> None:
        self.buttons.append(b)
        draw_button(screen, b, size, b.rect.collidepoint(self.mouse))


register("regiments-start", RegimentsStart)
