"""The movement screen's state as its helpers see it (act, charge_act, dive, tacops,
input, draw): the movement screen (movement.behaviour's PlayScene) and the sandbox screen
built on it both answer :class:`MovementShown`. What the helpers set is a plain
attribute here; what they only read is a read-only property."""

from __future__ import annotations

from typing import Any, Protocol

from game.hexgrid import Hex
from game.state import GameState
from game.ui.map.anim import MoveAnimation
from game.ui.map.overlays import Layer
from game.ui.scenes.hexes.move_plan import Plan
from game.ui.scenes.hexes.parts.movement.charge import ChargeView
from game.ui.scenes.hexes.parts.movement.charge_draw import Layers
from game.ui.scenes.hexes.stage import Shown
from game.ui.widgets.panels import Button
from game.units.unit import Unit

Press = tuple[tuple[int, int], Hex | None, bool]  # where a press began, its hex, a facing drag


class MovementShown(Shown, Protocol):
    """The movement screen's state and the steps its helpers call back."""

    plan: Plan | None
    inspect: str | None  # the unit whose record sheet is shown without a plan
    mouse: tuple[int, int]
    press: Press | None
    last_click: tuple[float, Hex | None]
    anim: MoveAnimation | None
    skipped_at: float
    help: bool
    space: bool
    panels: bool
    handoff: str | None
    marks: list[tuple[Hex, str, float]]  # falls and damage shown after a move
    path_layer: Layer | Layers  # the path, or a charge's path and attack
    path_key: object
    attack: ChargeView | None  # the charge or death from above shown
    aim: int | None  # the side of the enemy the pointer is on
    numbers: tuple[object, dict[Hex, int | str]]
    info: dict[str, Any]  # the hover panel's title and lines (JSON-shaped)
    buttons: list[Button]
    shown: GameState | None  # the state before a move, while it plays

    @property
    def sheet_state(self) -> GameState: ...

    @property
    def targets_layer(self) -> Layer: ...

    def movable(self) -> tuple[Unit, ...]: ...
    def select(self, unit_id: str) -> None: ...
    def set_mode(self, mode: str) -> None: ...
    def resize(self, fit: bool = False) -> None: ...
    def focus_side(self, zoom: bool = True) -> None: ...
    def commit(self) -> None: ...
    def declare_charge(self) -> None: ...
    def stand_still(self) -> None: ...
    def posture(self, token: str) -> None: ...
    def next_unit(self) -> None: ...
    def step_facing(self, step: int) -> bool: ...
    def wheel_facing(self, step: int) -> bool: ...
    def turn_approach(self, step: int) -> bool: ...
    def click(self, h: Hex | None) -> None: ...
    def unpin(self) -> None: ...
    def _after_action(self) -> None: ...
    def _refresh_path(self) -> None: ...
    def _update_hover(self, pos: tuple[int, int]) -> None: ...
    def _reach_layer(self) -> Layer: ...
