"""The whole game's log, full screen (L on the play and deployment screens): every turn,
every unit's move, every roll, scrollable from the first line to the last.

An overlay over the screen that opened it; L or Esc closes it. The log is the game's
own (GameState.log, rebuilt when a save is loaded), drawn by game.ui.widgets.log_view,
with the computer's why-lines and the numbers behind each (W hides the numbers).
"""

from __future__ import annotations

import pygame

from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.widgets.fonts import draw_text, font, log_size, ui_size
from game.ui.widgets.log_view import LogView

KEYS = (
    "Wheel / PageUp / PageDown / Home / End: scroll    W: the computer's numbers "
    "on / off    L or Esc: back to the game"
)


class LogScreen:
    overlay = True
    scene_name = "log"

    def __init__(self, app: App) -> None:
        self.app = app
        self.view = LogView()
        self.view.details = True  # the computer's why-lines with their numbers (issue 21)

    def box(self, screen: pygame.Surface) -> pygame.Rect:
        size = ui_size(screen.get_height())
        return screen.get_rect().inflate(-2 * size, -2 * size)

    def body(self, screen: pygame.Surface) -> pygame.Rect:
        size = ui_size(screen.get_height())
        box = self.box(screen)
        return pygame.Rect(box.x, box.y + size * 3, box.w, box.h - size * 5)

    def page(self) -> int:
        screen = self.app.screen
        return max(
            1, self.view.visible_rows(self.body(screen).h, log_size(screen.get_height())) - 1
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_l):
                self.app.pop()
                return True
            if event.key == pygame.K_HOME:
                self.view.scroll(10**6)
                return True
            if event.key == pygame.K_w:
                self.view.details = not self.view.details
                return True
        self.view.handle(event, self.body(self.app.screen), self.page())
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        state = self.app.state
        size = ui_size(screen.get_height())
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        screen.blit(shade, (0, 0))
        box = self.box(screen)
        pygame.draw.rect(screen, (27, 29, 33), box, border_radius=10)
        pygame.draw.rect(screen, (120, 125, 135), box, 2, border_radius=10)
        head = pygame.Rect(box.x + size, box.y + size // 2, box.w - 2 * size, size * 2)
        title = "Game log" if state is None else f"Game log - {len(state.log)} entries"
        draw_text(screen, title, font(size + 6, True), (255, 246, 192), head.midleft, head,
                  anchor="midleft")  # fmt: skip
        foot = pygame.Rect(box.x + size, box.bottom - size * 2, box.w - 2 * size, size * 2)
        draw_text(screen, KEYS, font(size - 2), (169, 166, 156), foot.midleft, foot,
                  anchor="midleft", elide=True)  # fmt: skip
        if state is not None:
            self.view.draw(screen, self.body(screen), state, log_size(screen.get_height()))


register("log", LogScreen)
