"""The sandbox's Fly view (issue 15): the aerospace movement screen's interaction
(game.ui.scenes.hexes.parts.flight.interaction, drawn by
game.ui.scenes.hexes.parts.flight.draw) on the sandbox screen's map.

:class:`FlightView` has no turn order and no hand-off: every airborne aerospace unit of any
side on the map can fly, at any time, again and again. The plan is the flight screen's (W /
S thrust, AERO-01; Q / E turns; the path preview of game.phases.flights.preview; an
out-of-control unit only flies its forced path, AERO-05), Enter sends a FlyUnit that the
sandbox resolves at once with its control rolls (game.phases.sandbox), the flier flies hex
by hex and its dice pop up. A click on a ground unit hands it to the Move view. The view
shares the sandbox screen's map view, layout, cache and log; it edits no state.
"""

from __future__ import annotations

import pygame

from game.phases.flights import preview
from game.rules.aero import Flight, out_of_control
from game.state import GameState
from game.ui.scenes.hexes.parts.flight.interaction import FlightInteraction
from game.ui.scenes.hexes.parts.flight.plan import FlightPlan
from game.ui.scenes.hexes.sandbox.host import SandboxHost, hosted_stage
from game.ui.widgets.palette import WARN
from game.ui.widgets.panels import Row, button_at
from game.units.unit import Unit


def is_flier(s: GameState, u: Unit) -> bool:
    """An aerospace unit in the air (AERO-01), on the map and not destroyed."""
    return u.airborne and u.craft is not None and s.board.contains(u.at) and not (
        s.is_destroyed(u))  # fmt: skip


def fliers_of(s: GameState) -> tuple[Unit, ...]:
    return tuple(u for u in s.units if is_flier(s, u))


class FlightView(FlightInteraction):
    """The aerospace movement screen's interaction on the sandbox screen (module doc)."""

    scene_name = "sandbox fly"
    where = "in the sandbox's Fly view"

    def __init__(self, host: SandboxHost) -> None:
        super().__init__(host.app, hosted_stage(host))
        self.host = host

    def busy(self) -> bool:
        """A flight is still being shown (any click or key skips it)."""
        return self.anim is not None

    def skip_popups(self) -> None:
        self.anim = None

    # --- what the rules say (no phase, no turn order) ------------------------------------
    def flying(self) -> bool:
        return True

    def fliers(self) -> tuple[Unit, ...]:
        """Every airborne aerospace unit on the map, of any side."""
        return fliers_of(self.state)

    def forced(self) -> list[Flight]:
        """The forced paths of every out-of-control flier (AERO-05)."""
        out = [u for u in self.fliers() if out_of_control(u)]
        key = (id(self.state), tuple(u.id for u in out))
        return self.cache.get("forced", key, lambda: [preview(self.state, u.id, ()) for u in out])

    def select(self, unit_id: str) -> None:
        u = self.state.unit(unit_id)
        if u is not None and not is_flier(self.state, u):
            why = ("is a ground unit: it moves in the Move view (M)" if not u.airborne
                   else "is not on the map")  # fmt: skip
            self.app.notify(f"{unit_id} {why}", error=True)
            return
        super().select(unit_id)

    def side_rows(self) -> list[Row]:
        """The flight screen's panel under a line that says which view this is."""
        note: Row = ("Fly view: W / S thrust, Q / E turn, Enter flies; M or Esc: back to "
                     "moving", WARN, False)  # fmt: skip
        return [note, *super().side_rows()]

    # --- flying ---------------------------------------------------------------------------
    no_plan = "Click a flier (or press N) first"

    def _flown(self, u: Unit) -> None:
        """Enter flew at once (FlyUnit, its control rolls right after); the flier stays
        selected for its next flight."""
        self.host.after_flight(u.id)

    def keep(self) -> None:
        """After any change of the state: a fresh plan for the flier, if it still flies."""
        plan = self.plan
        if plan is None:
            return
        u = self.state.unit(plan.unit_id)
        self.plan = FlightPlan(plan.unit_id) if u is not None and is_flier(self.state, u) else None

    # --- input ----------------------------------------------------------------------------
    def _key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_TAB, pygame.K_F2):
            self.host.panels = not self.host.panels  # the sandbox screen's panels
            self.host.resize()
            return True
        return super()._key(event)

    def _press(self, pos: tuple[int, int]) -> None:
        """A click on a ground unit (no flier there) selects it in the Move view."""
        h = self.view.hex_at(pos)
        free = button_at(self.buttons, pos) is None and h is not None
        if free and not any(u.at == h for u in self.fliers()):
            ground = next((u for u in self.state.units if u.at == h), None)
            if ground is not None:
                self.host.to_move(ground.id)
                return
        super()._press(pos)


__all__ = ["FlightView", "fliers_of", "is_flier"]
