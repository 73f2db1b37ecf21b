"""The sandbox's first steps (issue 13): a card over the right end of the report strip that
walks a new player from an empty map to "what do I need to hit that?".

Five steps, each ticked once done (and staying ticked): place an own unit, place a dummy
target of another side, select the unit and open the Attack view, point at a weapon row
for the modifiers of its number, turn the what-if odds on. :func:`guide_steps` reads them
off the state and the screen (pure, no pygame); :class:`Guide` remembers the ticks and
whether the player hid the card (a click on it hides it, G shows it again);
:func:`draw_guide` draws it. Once every step is ticked the card goes away by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.phases.sandbox import DUMMY
from game.phases.sandbox_fire import enemies
from game.state import GameState
from game.ui.scenes.hexes.target_draw import OfUnit
from game.ui.widgets.palette import CARD, DIM, GOOD, TEXT, WARN
from game.ui.widgets.panels import Row, rows_surface

STEPS = (
    "Click a design in the palette (under Designs), then a hex: your unit",
    "Drag the Dummy button onto the map: a target (side B)",
    "Click your unit, press A: its to-hit numbers show on the targets",
    "Point at a weapon row on the right: the modifiers of its number",
    "Press O: chance to hit, expected damage, no dice rolled (Enter fires)",
)


def guide_steps(state: GameState, tool: str, attacker: str | None, row: int | None,
                what_if: bool) -> tuple[bool, ...]:  # fmt: skip
    """Which of :data:`STEPS` the screen shows done now: ``attacker`` is the Attack view's
    unit (None outside it), ``row`` the weapon row pointed at."""
    own = [u for u in state.units if u.design != DUMMY and state.board.contains(u.at)]
    placed = bool(own)
    target = any(enemies(state, u.id) for u in own)
    attacking = tool == "attack" and attacker is not None and bool(enemies(state, attacker))
    return (placed, target, attacking, attacking and row is not None, attacking and what_if)


@dataclass
class Guide:
    """The card's memory: the steps ticked so far, hidden or not, where it was drawn."""

    ticked: set[int] = field(default_factory=set)
    hidden: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def update(self, done: tuple[bool, ...]) -> None:
        self.ticked |= {i for i, d in enumerate(done) if d}

    @property
    def finished(self) -> bool:
        return len(self.ticked) == len(STEPS)

    @property
    def shown(self) -> bool:
        return not self.hidden and not self.finished

    def toggle(self) -> None:
        """G: show the card again (from the start if it was finished), or hide it."""
        if self.shown:
            self.hidden = True
        else:
            self.hidden = False
            if self.finished:
                self.ticked = set()


class Aimed(Protocol):
    """The fire view as the card sees it: the attacker planned, the weapon row hovered."""

    @property
    def plan(self) -> OfUnit | None: ...

    @property
    def hover_row(self) -> int | None: ...


class Guided(Protocol):
    """The sandbox screen as the card sees it: the game, the view shown, the what-if."""

    @property
    def state(self) -> GameState: ...

    @property
    def tool(self) -> str: ...

    @property
    def what_if(self) -> bool: ...

    @property
    def fire(self) -> Aimed: ...


def scene_steps(scene: Guided) -> tuple[bool, ...]:
    """:func:`guide_steps` for the sandbox screen ``scene``."""
    fire = scene.fire
    attacker = fire.plan.unit_id if scene.tool == "attack" and fire.plan is not None else None
    return guide_steps(scene.state, scene.tool, attacker, fire.hover_row, scene.what_if)


def draw_guide(screen: pygame.Surface, guide: Guide, strip: pygame.Rect, size: int) -> None:
    """The card at the right end of ``strip`` (the report's area), or nothing."""
    if not guide.shown:
        guide.rect = pygame.Rect(0, 0, 0, 0)
        return
    small = max(11, size - 3)
    w = min(strip.w * 11 // 20, small * 36)
    first = min(set(range(len(STEPS))) - guide.ticked)
    rows: list[Row] = [
        ("First steps: what do I need to hit that?   G or a click: hide", WARN, True)
    ]
    for i, text in enumerate(STEPS):
        mark = "[x]" if i in guide.ticked else f"{i + 1}."
        colour = GOOD if i in guide.ticked else TEXT if i == first else DIM
        rows.append((f"{mark} {text}", colour, i == first))
    img = rows_surface(rows, small, w, CARD)
    if img.get_height() > strip.h:  # a short window: only the step to do now
        img = rows_surface([rows[0], rows[first + 1]], small, w, CARD)
    rect = img.get_rect(midright=(strip.right - 6, strip.centery))
    pygame.draw.rect(screen, CARD, rect.inflate(8, 8), border_radius=6)
    pygame.draw.rect(screen, WARN, rect.inflate(8, 8), 1, border_radius=6)
    screen.blit(img, rect.topleft)
    guide.rect = rect.inflate(8, 8)
