"""The start screen's forces in a sandbox (issue 25, finding 10): the Sandbox button opens
the sandbox with the units picked there already on the map, each side in its deployment
zone (game.rules.deploy) around the zone's middle, facing the middle of the map. Each is
one PlaceUnit action, so the sandbox's undo line and its saved scenario hold them like
units placed by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.options import CLASSIC
from game.designs.roster import entries
from game.flow import apply_strict
from game.hexgrid import Hex, bearing
from game.phases.sandbox import PlaceUnit
from game.rules.deploy import legal_deploy_hexes
from game.state import GameState


def facing_towards(at: Hex, goal: Hex) -> int:
    """The facing (0 = N, clockwise) nearest the bearing from ``at`` to ``goal``."""
    if at == goal:
        return 0
    return round(bearing(at, goal) / 60) % 6


def _spot(state: GameState, side: str, kind: str) -> Hex | None:
    """The free zone hex nearest the zone's middle (any unit takes its hex here)."""
    free = legal_deploy_hexes(state.board, side, state.units, kind, None, CLASSIC)
    if not free:
        return None
    rows = sorted(h.row for h in free)
    cols = sorted(h.col for h in free)
    mid = Hex(cols[len(cols) // 2], rows[len(rows) // 2])
    return min(free, key=lambda h: (abs(h.row - mid.row) + abs(h.col - mid.col), h.row, h.col))


def with_sandbox_forces(
    state: GameState, forces: Mapping[str, Sequence[Sequence[str | int]]]
) -> GameState:
    """``state`` (a sandbox) with each side's picks (design, gunnery, piloting) placed; a
    pick with no room left in its zone is left off the map (the palette places it)."""
    kinds = {e.code: e.kind for e in entries()}
    b = state.board
    middle = Hex(b.width // 2, b.height // 2)
    for side, picks in forces.items():
        for design, gunnery, piloting in picks:
            at = _spot(state, side, kinds.get(str(design), "biped"))
            if at is None:
                continue
            place = PlaceUnit(str(design), side, at, facing_towards(at, middle),
                              gunnery=int(gunnery), piloting=int(piloting))  # fmt: skip
            state = apply_strict(state, place).state
    return state
