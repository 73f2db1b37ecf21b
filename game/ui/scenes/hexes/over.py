"""The end of a game: a banner over the map once the core says the game is over.

The play screen opens the "over" screen when game.flow.outcome has a result (after the
move's animation has played out). It sits on top of the scene stack, so the play screen
gets no input any more; the core refuses every further action as well. The players can
start a new game, save the final position (Ctrl+S), read the last turn's summary (T) or
quit.
"""

from __future__ import annotations

import pygame

from game.flow import outcome
from game.state import GameState
from game.ui.app.app import App
from game.ui.app.registry import register
from game.ui.widgets.fonts import draw_text, font, ui_size
from game.ui.widgets.palette import BG, DIM, TEXT
from game.ui.widgets.panels import Button, button_at, draw_button, side_colour
from game.ui.widgets.refusals import unused_key


def game_over(state: GameState | None) -> str | None:
    """The headline of a finished game ("Side A wins - turn 4"), or None while it goes on
    (game.flow.outcome decides)."""
    result = outcome(state) if state is not None else None
    return result.headline if result is not None else None


def side_lines(state: GameState) -> list[str]:
    """One line per side: units left of units fielded, and the ones lost."""
    out = []
    for side in state.sides:
        units = state.side_units(side)
        lost = [u.id for u in units if state.is_destroyed(u)]
        noun = "unit" if len(units) == 1 else "units"
        line = f"Side {side}: {len(units) - len(lost)} of {len(units)} {noun} left"
        if lost:
            line += " (lost: " + ", ".join(lost) + ")"
        out.append(line)
    return out


class GameOver:
    """The game-over overlay: headline, the sides' losses, new game / save / quit."""

    overlay = True
    scene_name = "over"
    ITEMS = (
        ("new", "New game (Enter)"),
        ("save", "Save (Ctrl+S)"),
        ("quit", "Quit (Q)"),
    )

    def __init__(self, app: App) -> None:
        self.app = app
        self.headline = game_over(app.state) or "Game over"
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    def choose(self, action: str) -> None:
        app = self.app
        if action == "new":
            app.new_game()  # the same map and forces, ready to change
        elif action == "save":
            app.save()
        elif action == "quit":
            app.running = False

    def last_turn(self) -> None:
        """T: what happened to every unit in the game's last turn (game.ui.scenes.hexes.summary)."""
        result = outcome(self.app.state) if self.app.state is not None else None
        if result is not None and result.turn >= 1:
            self.app.open("summary", turn=result.turn)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
                self.choose("new")
            elif event.key == pygame.K_q:
                self.choose("quit")
            elif event.key == pygame.K_t:
                self.last_turn()
            else:
                unused_key(self.app, event, "now the game is over",
                           "Enter or N: a new game, T: its last turn, Q: quit")  # fmt: skip
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = button_at(self.buttons, event.pos)
            if b is not None:
                self.choose(b.action)
                return True
            self.app.notify("The game is over: click New game, Save or Quit (T: its last turn)",
                            error=True)  # fmt: skip
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        state = self.app.state
        size = ui_size(screen.get_height())
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        screen.blit(shade, (0, 0))
        big_f, f, hint_f = font(size * 2 + 4, True), font(size), font(size - 2)
        lines = side_lines(state) if state else []
        hint = "No more moves: the game is over.  T: what happened in the last turn"
        bw, bh = size * 11, round(size * 2.0)
        w = max([big_f.size(self.headline)[0], hint_f.size(hint)[0], 3 * bw + size * 2]
                + [f.size(t)[0] for t in lines])  # fmt: skip
        w = min(screen.get_width() - 20, w + size * 4)
        bw = min(bw, (w - size * 3) // 3)
        head_h = big_f.get_linesize() + size * 2
        h = head_h + (f.get_linesize() + 4) * len(lines) + hint_f.get_linesize() + bh + size * 4
        box = pygame.Rect(0, 0, w, h)
        box.center = screen.get_rect().center
        pygame.draw.rect(screen, BG, box, border_radius=14)
        result = outcome(state) if state is not None else None
        winner = result.winner if result is not None else None
        head = pygame.Rect(box.x, box.y, w, head_h)
        pygame.draw.rect(screen, side_colour(winner), head, border_top_left_radius=14,
                         border_top_right_radius=14)  # fmt: skip
        pygame.draw.rect(screen, (255, 255, 255), box, 3, border_radius=14)
        inner = box.inflate(-size, 0)
        draw_text(screen, self.headline, big_f, (255, 255, 255), head.center, inner,
                  anchor="center", elide=True)  # fmt: skip
        y = head.bottom + size
        for text in lines:
            draw_text(screen, text, f, TEXT, (box.centerx, y), inner, anchor="midtop", elide=True)
            y += f.get_linesize() + 4
        draw_text(screen, hint, hint_f, DIM, (box.centerx, y + size // 2), inner, anchor="midtop")
        y = box.bottom - bh - size
        x = box.centerx - (3 * bw + size) // 2
        self.buttons = []
        for action, label in self.ITEMS:
            b = Button(pygame.Rect(x, y, bw, bh), action, label, active=action == "new")
            self.buttons.append(b)
            draw_button(screen, b, size + 2, b.rect.collidepoint(self.mouse))
            x += bw + size // 2


register("over", GameOver)
