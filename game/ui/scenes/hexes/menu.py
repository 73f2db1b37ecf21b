"""Overlays over the game: the menu (Esc) and the load dialog (Ctrl+O).

A damaged save never ends the game: loading it shows the save module's one sentence and
the dialog stays open over the game that was running. Regiments saves and sandbox files
in the save folder are listed with what they are and open the regiments screen
(game.ui.scenes.regiments.files).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.core.files import save_dir
from game.phases.sandbox_game import is_scenario
from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.scenes.hexes.save_details import save_details
from game.ui.scenes.regiments import files as regiments_io
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.hud import wrap
from game.ui.widgets.palette import BG, DIM, TEXT
from game.ui.widgets.panels import Button, button_at, draw_button
from game.ui.widgets.refusals import MODIFIERS, key_name, unused_key

ERROR_LINES = 3  # a refusal's sentence in the load dialog's foot, at most


def _lines(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """``text`` wrapped to ERROR_LINES lines; the last holds the rest (elided if long)."""
    lines = wrap(text, f, width)
    return lines[: ERROR_LINES - 1] + [" ".join(lines[ERROR_LINES - 1 :])] if lines else [text]


def _box(screen: pygame.Surface, w: int, h: int) -> pygame.Rect:
    shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 130))
    screen.blit(shade, (0, 0))
    box = pygame.Rect(0, 0, w, h)
    box.center = screen.get_rect().center
    pygame.draw.rect(screen, BG, box, border_radius=12)
    pygame.draw.rect(screen, (120, 125, 135), box, 2, border_radius=12)
    return box


class GameMenu:
    """Resume, save, load, help, new game, quit."""

    overlay = True
    scene_name = "menu"
    ITEMS = (
        ("resume", "Resume (Esc)"),
        ("save", "Save (Ctrl+S)"),
        ("load", "Load (Ctrl+O)"),
        ("help", "Help (F1)"),
        ("settings", "Settings"),
        ("new", "New game"),
        ("quit", "Quit (Q)"),
    )

    ASK = (("yes", "Yes, new game (Y)"), ("no", "No, back (N)"))

    def __init__(self, app: App) -> None:
        self.app = app
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.asking = False  # "New game" asks before leaving the game

    def choose(self, action: str) -> None:
        app = self.app
        if action == "new":
            self.asking = True
        elif action == "no":
            self.asking = False
        elif action == "yes":
            app.new_game()
        elif action == "resume":
            app.pop()
        elif action == "save":
            app.save()
            app.pop()
        elif action == "load":
            app.pop()
            app.open("load")
        elif action == "help":
            app.pop()
            if hasattr(app.top, "help"):
                app.top.help = True
        elif action == "settings":
            app.pop()
            app.open("settings")
        elif action == "quit":
            app.running = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.asking:
            if event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("yes")
            elif event.key in (pygame.K_n, pygame.K_ESCAPE):
                self.choose("no")
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.choose("resume")
            elif event.key == pygame.K_q:
                self.choose("quit")
            else:
                unused_key(self.app, event, "in the menu", "click an item, or Esc to go back")
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)
                return True
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        size = ui_size(screen.get_height())
        bw, bh = size * 14, round(size * 2.0)
        items = self.ASK if self.asking else self.ITEMS
        extra = size * 4 if self.asking else 0
        box = _box(screen, bw + size * 2, (bh + size // 2) * len(items) + size * 4 + extra)
        inner = box.inflate(-2 * size, 0)
        head = "Start a new game?" if self.asking else "Menu"
        draw_text(screen, head, font(size + 8, True), TEXT, (inner.x, box.y + size // 2), inner)
        y = box.y + size * 3
        if self.asking:
            for line in ("This game is in the autosave;", "Ctrl+S saves it by name first.",
                         "The forces stay as they were built."):  # fmt: skip
                draw_text(screen, line, font(size - 1), DIM, (inner.x, y), inner)
                y += round(size * 1.25)
            y += size // 2
        self.buttons = []
        for action, label in items:
            b = Button(pygame.Rect(box.x + size, y, bw, bh), action, label)
            self.buttons.append(b)
            draw_button(screen, b, size + 2, b.rect.collidepoint(self.mouse))
            y += bh + size // 2


def list_saves(folder: Path | None = None) -> list[Path]:
    folder = folder or save_dir()
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


class LoadMenu:
    """Pick a save from the save folder (newest first); Esc closes."""

    overlay = True
    scene_name = "load"

    def __init__(self, app: App) -> None:
        self.app = app
        self.saves = list_saves()
        self.scenarios = {p for p in self.saves[:12] if is_scenario(p)}  # open as sandboxes
        self.index = 0
        self.rects: list[tuple[pygame.Rect, int]] = []
        self.error = ""

    def load(self, i: int) -> None:
        if not self.saves:
            self.error = "No saved game to load yet: Ctrl+S saves one, Esc goes back"
            return
        if not 0 <= i < len(self.saves):
            return
        if regiments_io.file_kind(self.saves[i]) is not None:  # the other rule set's screen
            if not regiments_io.load(self.app, self.saves[i]):
                self._refused()
            return
        if not self.app.load(self.saves[i]):
            self._refused()

    def _refused(self) -> None:
        """The reason once, in the dialog's foot where the player looks (not in a toast
        as well: issue 25, finding 16)."""
        error = self.app.toast[0] if self.app.toast else "cannot load"
        self.error = error.replace(f"{save_dir()}{os.sep}", "")  # the file by its name
        self.app.toast = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.app.running = False  # Ctrl+Q quits from every screen
            elif event.key in (pygame.K_DOWN, pygame.K_j):
                self.index = min(len(self.saves[:12]) - 1, self.index + 1)  # the rows shown
            elif event.key in (pygame.K_UP, pygame.K_k):
                self.index = max(0, self.index - 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.load(self.index)
            elif event.key not in MODIFIERS:  # said in the foot, where this dialog says all
                self.error = f"{key_name(event)} does nothing here: Up / Down choose, Enter " \
                    "loads, Esc goes back"  # fmt: skip
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, i in self.rects:
                if rect.collidepoint(event.pos):
                    self.index = i
                    self.load(i)
                    return True
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        size = ui_size(screen.get_height())
        w = min(screen.get_width() - 40, size * 56)  # room for each file's details
        rows = max(1, min(len(self.saves), 12))
        line = round(size * 1.6)
        f, fb = font(size), font(size + 6, True)
        foot = _lines(self.error, f, w - 2 * size) if self.error else [
            "Enter or click: load   Esc: back"]  # fmt: skip
        box = _box(screen, w, line * rows + size * 7 + (len(foot) - 1) * f.get_linesize())
        inner = box.inflate(-2 * size, 0)
        draw_text(screen, "Load a game or open a scenario", fb, TEXT,
                  (inner.x, box.y + size // 2), inner)  # fmt: skip
        draw_text(screen, f"from {save_dir()}", f, DIM, (inner.x, box.y + size * 2), inner,
                  elide=True, keep_end=True)  # fmt: skip
        y = box.y + size * 4
        self.rects = []
        if not self.saves:
            draw_text(screen, "No saved games yet (Ctrl+S saves).", f, DIM, (inner.x, y), inner)
        for i, p in enumerate(self.saves[:12]):
            r = pygame.Rect(box.x + size // 2, y, w - size, line)
            if i == self.index:
                pygame.draw.rect(screen, (60, 90, 140), r, border_radius=6)
            name = regiments_io.label(p) + ("  (scenario: opens in the sandbox)"
                                            if p in self.scenarios else "")  # fmt: skip
            half = pygame.Rect(r.x + size // 2, r.y, r.w * 11 // 20, r.h)
            draw_text(screen, name, f, TEXT, (half.x, r.centery), half, anchor="midleft",
                      elide=True)  # fmt: skip
            more = pygame.Rect(half.right + size, r.y, r.right - half.right - 2 * size, r.h)
            draw_text(screen, save_details(p), f, DIM if i != self.index else TEXT,
                      (more.right, r.centery), more, anchor="midright", elide=True)  # fmt: skip
            self.rects.append((r, i))
            y += line
        colour = (240, 110, 95) if self.error else DIM
        y = box.bottom - size * 2 - (len(foot) - 1) * f.get_linesize()
        for text in foot:  # a refusal in full, what to do included (a long one elided last)
            draw_text(screen, text, f, colour, (inner.x, y), inner, elide=True)
            y += f.get_linesize()


register("menu", GameMenu)
register("load", LoadMenu)
