"""The regiments sandbox's tools on the regiments screen (game.ui.scenes.regiments.scene holds
one when its game is a sandbox): the palette of unit types by army, the side and facing
to place with, a regiment carried to be set down elsewhere, and the keys and buttons that
edit the table. Every change is an action of game.regiments.phases.sandbox sent through
the scene (so undo and redo cover it); this module only keeps what the player is doing.

Keys: P places (the palette's type follows the mouse; click sets it down, Shift+click
lets it touch an enemy), 1..9 pick the army's n-th unit type, R / Shift+R turn the ghost
or the selected regiment 15 degrees, G picks the selected regiment up, Delete removes
it, K cycles its markers; Esc stops placing or carrying.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.errors import UserFacingError
from game.core.files import save_dir
from game.regiments.armies import armies, regiment_of, unit_types
from game.regiments.phases.sandbox import (
    ClearMarkers,
    PlaceRegiment,
    RemoveRegiment,
    SetDownRegiment,
    SetMarkers,
    centred,
    free_id,
    placement_problem,
)
from game.regiments.regiment import Regiment
from game.regiments.sandbox import SAVE_NAME, save_sandbox
from game.ui.scenes.regiments import tools_draw
from game.ui.scenes.regiments.plan import action_of
from game.ui.scenes.regiments.shown import RegimentsShown

TURN_STEP = 15.0
MARKER_CYCLE: tuple[tuple[str, ...], ...] = ((), ("hold",), ("activation",))
DIGITS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
HELP = (  # the sandbox's rows of the help box (F1), before the game's own
    ("Click any regiment", "select it: either side, any time, marker or not"),
    ("Palette, 1..9, P", "pick a unit type; a click places it (Shift+click: in contact)"),
    ("R / Shift+R", "turn the ghost or the selected regiment 15 degrees"),
    ("G", "pick the selected regiment up; a click sets it down"),
    ("Delete / X", "remove the selected regiment"),
    ("K", "the selected regiment's marker: none, hold, activation"),
    ("Esc, right click", "stop placing or carrying"),
    ("Ctrl+S / Ctrl+O", "save the sandbox as a scenario / load"),
)


def shift_held() -> bool:
    return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)


class SandboxTools:
    """What the sandbox player is doing besides planning orders (see the module doc)."""

    help_rows = HELP

    def __init__(self, scene: RegimentsShown) -> None:
        self.scene = scene
        self.army = next(iter(armies()))
        self.side = scene.state.sides[0]
        self.unit_type: str | None = None  # placing this type while set
        self.facing = 0.0
        self.carrying: str | None = None  # the regiment picked up (G)

    # --- what is shown ----------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.unit_type is not None or self.carrying is not None

    def types(self) -> list[str]:
        """The unit types of the chosen army, each once, in the army's order."""
        return list(dict.fromkeys(u.code for u in armies()[self.army].units))

    def ghost(self) -> tuple[Regiment, str | None] | None:
        """The regiment that a click would place or set down at the mouse, and why it may
        not stand there (None: it may)."""
        s = self.scene.state
        at = self.scene.cam.to_table(*self.scene.mouse)
        if self.carrying is not None:
            reg = s.get(self.carrying)
        elif self.unit_type is not None:
            kind = unit_types()[self.unit_type]
            reg = regiment_of(kind, free_id(s, self.side), self.side, (0.0, 0.0), 0.0)
        else:
            return None
        if reg is None:
            return None
        reg = centred(reg, at, self.facing)
        return reg, placement_problem(s.world(), reg, shift_held())

    def draw_map(self, screen: pygame.Surface) -> None:
        tools_draw.ghost(self, screen)

    def draw_panel(self, screen: pygame.Surface) -> None:
        tools_draw.panel(self, screen)

    # --- doing --------------------------------------------------------------------------
    def stop(self) -> None:
        self.unit_type, self.carrying = None, None

    def pick_type(self, code: str) -> None:
        self.scene.select(None)
        self.carrying, self.unit_type = None, code
        self.facing = 0.0 if self.side == self.scene.state.sides[0] else 180.0

    def pick_side(self, side: str) -> None:
        if side != self.side:
            self.facing = (self.facing + 180.0) % 360.0
        self.side = side

    def pick_up(self) -> None:
        reg = self._selected()
        if reg is not None:
            self.scene.select(None)
            self.unit_type, self.carrying, self.facing = None, reg.id, reg.facing

    def click(self, contact: bool) -> None:
        """Place the ghost, or set the carried regiment down, where the mouse is."""
        g = self.ghost()
        if g is None:
            return
        reg, _ = g
        x, y = reg.front_left
        if self.carrying is not None:
            if self.scene.act(SetDownRegiment(reg.id, x, y, reg.facing, contact)):
                self.carrying = None
                self.scene.select(reg.id)
        elif self.unit_type is not None:
            self.scene.act(PlaceRegiment(self.unit_type, self.side, x, y, reg.facing, "", contact))

    def turn(self, degrees: float) -> None:
        """Turn the ghost, or the selected regiment about its centre (an action)."""
        if self.active:
            self.facing = (self.facing + degrees) % 360.0
            return
        reg = self._selected()
        if reg is None:
            self.scene.app.notify("Select a regiment or pick a unit type first", error=True)
            return
        turned = centred(reg, reg.centre(), reg.facing + degrees)
        x, y = turned.front_left
        if self.scene.act(SetDownRegiment(reg.id, x, y, turned.facing, shift_held())):
            self.scene.select(reg.id)

    def remove(self) -> None:
        reg = self._selected()
        if reg is not None:
            self.scene.act(RemoveRegiment(reg.id))

    def cycle_markers(self) -> None:
        reg = self._selected()
        if reg is None:
            return
        now = MARKER_CYCLE.index(reg.markers) if reg.markers in MARKER_CYCLE else 0
        if self.scene.act(SetMarkers(reg.id, MARKER_CYCLE[(now + 1) % len(MARKER_CYCLE)])):
            self.scene.select(reg.id)

    def _selected(self) -> Regiment | None:
        p = self.scene.plan
        reg = self.scene.state.get(p.unit) if p else None
        if reg is None:
            self.scene.app.notify("Click a regiment first", error=True)
        return reg

    def save(self) -> Path | None:
        """Ctrl+S: the sandbox as a regiments scenario in the save folder, with the order
        being planned (if complete) for ``rules regiment`` to judge."""
        p = self.scene.plan
        action = action_of(p) if p is not None else None
        order = p.order() if p is not None and action is not None and p.kind != "hold" else None
        path = save_dir() / SAVE_NAME
        try:
            save_sandbox(self.scene.state, path, order)
        except UserFacingError as e:
            self.scene.app.notify(str(e), error=True, seconds=6)
            return None
        what = f" with {p.unit}'s planned {p.kind}" if order is not None and p else ""
        self.scene.app.notify(f"Saved the sandbox{what} to {path}", seconds=5)
        return path

    # --- input --------------------------------------------------------------------------
    def press(self, event: pygame.event.Event) -> bool:
        """A mouse press on the table; True when the tools used it."""
        if not self.active:
            return False
        if event.button == 1:
            self.click(bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        elif event.button == 3:
            self.stop()
        return event.button in (1, 3)

    def key(self, event: pygame.event.Event) -> bool:
        """A key press; True when it was one of the sandbox's."""
        k, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        if k == pygame.K_ESCAPE and self.active:
            self.stop()
        elif k == pygame.K_p:
            self.stop() if self.unit_type is not None else self.pick_type(self.types()[0])
        elif k in DIGITS and DIGITS[k] < len(self.types()):
            self.pick_type(self.types()[DIGITS[k]])
        elif k == pygame.K_r:
            self.turn(-TURN_STEP if shift else TURN_STEP)
        elif k == pygame.K_g:
            self.pick_up()
        elif k in (pygame.K_DELETE, pygame.K_x):
            self.remove()
        elif k == pygame.K_k:
            self.cycle_markers()
        else:
            return False
        return True

    def button(self, action: str) -> bool:
        """A sandbox button (``sb:...``); True when it was one."""
        kind, _, arg = action.partition(":")
        if kind != "sb":
            return False
        name, _, value = arg.partition("=")
        simple = {"pickup": self.pick_up, "remove": self.remove, "markers": self.cycle_markers,
                  "stop": self.stop, "save": self.save, "deselect": lambda: self.scene.select(None),
                  "clear": lambda: self.scene.act(ClearMarkers())}  # fmt: skip
        if name == "army":
            self.army = value
            self.stop()
        elif name == "type":
            self.pick_type(value)
        elif name == "side":
            self.pick_side(value)
        elif name == "turn":
            self.turn(float(value))
        elif name in simple:
            simple[name]()
        return True
