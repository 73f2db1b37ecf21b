"""The physical attack screen's defence walk (ADV-01, the tacops option): a Mech in physical
attack defence may walk before it attacks. This is the movement screen's planning
(game.ui.scenes.hexes.move_plan.Plan: reach, cheapest path, waypoints, the checked preview) run
on the state as the walking rules see that walk (game.phases.defence.walker_view), and the same
map layers (game.ui.map.overlays: the shaded reach, the path with MP and roll markers).

Pure UI state: nothing here edits the game; the screen sends the DefendWalk action.
"""

from __future__ import annotations

from typing import Any

from game.hexgrid import Hex
from game.layout import HexLayout
from game.phases.defence import DefendWalk, walker_view
from game.rules.move.movement import MoveResult
from game.state import GameState
from game.ui.map import overlays
from game.ui.map.overlays import Layer
from game.ui.scenes.hexes.move_plan import Plan, ReachView, aimed_facing, stepped_facing

WALK_HINT = "Enter / Walk: walk now   Click the hex again: pin a waypoint   Backspace: undo"


class WalkPlan:
    """One defending unit's walk being planned on the physical attack screen."""

    def __init__(self, unit_id: str) -> None:
        self.unit_id = unit_id
        self.plan = Plan(unit_id, "walk")
        self._view: tuple[tuple[int, int], GameState] | None = None
        self._layers: dict[str, tuple[tuple[object, ...], Layer]] = {}

    # --- the state the walking rules read ---------------------------------------------------
    def view(self, state: GameState) -> GameState:
        """walker_view, made once per game state (the plan's caches key on it)."""
        key = (id(state), len(state.history))
        if self._view is None or self._view[0] != key:
            self._view = (key, walker_view(state, self.unit_id))
        return self._view[1]

    def reach(self, state: GameState) -> ReachView:
        return self.plan.reach(self.view(state))

    # --- choosing the path --------------------------------------------------------------------
    def hover(self, state: GameState, h: Hex | None, offset: tuple[float, float],
              radius: float) -> None:  # fmt: skip
        """The pointer over ``h`` (``offset`` from its centre): the path there, its facing
        aimed by the pointer's angle (the middle keeps the cheapest), unless one is chosen."""
        p = self.plan
        if p.locked:
            return
        hexes = self.reach(state).hexes
        p.dest, p.facing = h, None
        if h is not None and h in hexes:
            natural = p.default_facing(self.view(state), h)
            p.facing = aimed_facing(offset[0], offset[1], radius, natural, hexes[h][1])

    def click(self, state: GameState, h: Hex) -> str | None:
        """Choose ``h`` as the walk's end (a click on the chosen end pins it as a waypoint,
        the walk goes on from there); the reason when it cannot be."""
        p = self.plan
        hexes = self.reach(state).hexes
        if h not in hexes:
            name = state.board.hex_name(h)
            mp = self.reach(state).mp_available
            return f"{name} is out of this walk's reach ({mp} walking MP, ADV-01)"
        if p.locked and p.dest == h:
            return p.pin(self.view(state))
        p.dest, p.locked = h, True
        if p.facing is None or p.facing not in hexes[h][1]:
            p.facing = p.default_facing(self.view(state), h)
        return None

    def turn(self, state: GameState, step: int) -> None:
        """Q / E: the next facing at the end that the MP allow."""
        p = self.plan
        hexes = self.reach(state).hexes
        if p.dest is None or p.dest not in hexes or p.facing is None:
            return
        p.facing = stepped_facing(p.facing, hexes[p.dest][1], step)
        p.locked = True

    def back(self) -> bool:
        """Backspace: drop the last waypoint or the chosen end."""
        return self.plan.unpin()

    # --- what it shows and sends ------------------------------------------------------------
    def steps(self, state: GameState) -> tuple[str, ...] | None:
        return self.plan.current_steps(self.view(state))

    def preview(self, state: GameState) -> MoveResult | None:
        """The checked walk to the chosen or hovered end (MoveResult), or None."""
        steps = self.steps(state)
        return None if not steps else self.plan.preview(self.view(state), steps)

    def action(self, state: GameState) -> DefendWalk | None:
        steps = self.steps(state)
        return DefendWalk(self.unit_id, steps) if steps else None

    def info(self, state: GameState) -> dict[str, Any]:
        """The movement panel's summary (game.ui.widgets.panels.summary_rows) of this walk."""
        mp = self.reach(state).mp_available
        out: dict[str, Any] = {"title": f"{self.unit_id} may walk {mp} MP, then attack (ADV-01)",
                               "result": None, "facing": self.plan.facing,
                               "hint": WALK_HINT}  # fmt: skip
        res = self.preview(state)
        if res is None:
            return out
        out["result"] = res
        out["steps"] = self.steps(state)
        out["warnings"] = overlays.move_warnings(res, state.board)
        if not res.legal:
            out["error"] = res.error
        return out

    def layers(self, state: GameState, layout: HexLayout, zoom: float) -> tuple[Layer, Layer]:
        """The shaded reach and the planned path (cached while nothing changes)."""
        p = self.plan
        reach = self.reach(state)
        key = (id(state), len(state.history), zoom)
        if self._layers.get("reach", (None,))[0] != key:
            shade = overlays.reach_layer(layout, reach.hexes, reach.mp_available, "walk")
            self._layers["reach"] = (key, shade)
        path_key = (*key, p.dest, p.facing, tuple(w.at for w in p.waypoints))
        if self._layers.get("path", (None,))[0] != path_key:
            self._layers["path"] = (path_key, self._path(state, layout))
        return self._layers["reach"][1], self._layers["path"][1]

    def _path(self, state: GameState, layout: HexLayout) -> Layer:
        p = self.plan
        unit = state.unit(self.unit_id)
        if unit is None or p.dest is None:
            return overlays.EMPTY
        res = self.preview(state)
        steps = self.steps(state) or ()
        faces = self.reach(state).hexes.get(p.dest, (0, ()))[1]
        legal = res is not None and res.legal
        return overlays.path_layer(
            layout, unit.at, res, steps, mode="walk", dest=p.dest,
            facing=p.facing if p.facing is not None else unit.facing, facings=faces,
            waypoints=[w.at for w in p.waypoints], legal=legal,
            warnings=overlays.move_warnings(res, state.board) if res is not None else (),
        )  # fmt: skip
