"""The settings overlay (the menu's Settings, issue 25): follow the action, dice speed, UI
scale, volume and mute; a click or the row's number steps a setting, each change is kept
at once (game.ui.app.settings) and Esc closes."""

from __future__ import annotations

import pygame

from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.app.settings import Settings, save_settings
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.panels import BG, DIM, TEXT, Button, button_at, draw_button

ROWS = (
    ("follow_action", "Follow the action"),
    ("dice_speed", "Dice and moves speed"),
    ("ui_scale", "UI scale"),
    ("volume", "Volume"),
    ("mute", "Sound"),
)
NOTES = {
    "follow_action": "on: the view goes to the units to act; off: only you move it",
    "dice_speed": "Space or a click finishes the dice and moves at once",
    "ui_scale": "text and panels",
}


def value_text(settings: Settings, name: str) -> str:
    value = getattr(settings, name)
    if name == "follow_action":
        return "on" if value else "off"
    if name == "mute":
        return "muted" if value else "on"
    if name == "volume":
        return f"{round(value * 100)}%"
    return f"{value:g}x"


class SettingsMenu:
    overlay = True
    scene_name = "settings"

    def __init__(self, app: App) -> None:
        self.app = app
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    def step(self, name: str) -> None:
        app = self.app
        app.settings = app.settings.stepped(name)
        why = save_settings(app.settings)
        if why is not None:
            app.notify(why, error=True)
        if hasattr(app, "apply_settings"):
            app.apply_settings()

    def handle(self, event: pygame.event.Event) -> bool:
        """Every event is the overlay's (nothing reaches the game below)."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif pygame.K_1 <= event.key < pygame.K_1 + len(ROWS):
                self.step(ROWS[event.key - pygame.K_1][0])
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None and b.action == "close":
                self.app.pop()
            elif b is not None:
                self.step(b.action)
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        size = ui_size(screen.get_height())
        bw, bh = size * 24, round(size * 2.0)
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        screen.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, bw + size * 2, (bh + size) * (len(ROWS) + 1) + size * 4)
        box.center = screen.get_rect().center
        pygame.draw.rect(screen, BG, box, border_radius=12)
        pygame.draw.rect(screen, (120, 125, 135), box, 2, border_radius=12)
        inner = box.inflate(-2 * size, 0)
        draw_text(screen, "Settings", font(size + 8, True), TEXT, (inner.x, box.y + size // 2),
                  inner)  # fmt: skip
        y = box.y + size * 3
        self.buttons = []
        s = self.app.settings
        for i, (name, label) in enumerate(ROWS):
            b = Button(pygame.Rect(box.x + size, y, bw, bh), name,
                       f"{i + 1}  {label}: {value_text(s, name)}")  # fmt: skip
            self.buttons.append(b)
            draw_button(screen, b, size + 2, b.rect.collidepoint(self.mouse))
            note = NOTES.get(name)
            if note:
                draw_text(screen, note, font(size - 3), DIM, (b.rect.x + 4, b.rect.bottom), inner)
            y += bh + size
        close = Button(pygame.Rect(box.x + size, y, bw, bh), "close", "Close (Esc)")
        self.buttons.append(close)
        draw_button(screen, close, size + 2, close.rect.collidepoint(self.mouse))


register("settings", SettingsMenu)
