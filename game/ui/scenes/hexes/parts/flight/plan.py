"""The flight the player is putting together for one aerospace unit (UI state only).

A plan is a velocity change (the thrust to spend, AERO-01) and the turns to make after
some of the hexes ahead; :meth:`FlightPlan.steps` writes it in the move language of
docs/scenario-format.md (``T:n``, then ``F`` velocity times with ``L`` / ``R`` between).
The animation's positions come from the same steps and the path the rules returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.hexgrid import Hex


@dataclass(slots=True)
class FlightPlan:
    unit_id: str
    thrust: int = 0  # the velocity change: + speeds up, - slows down; |thrust| is spent
    turns: dict[int, str] = field(default_factory=dict)  # after hex k (1-based): L or R

    def velocity(self, now: int) -> int:
        return now + self.thrust

    def steps(self, now: int) -> tuple[str, ...]:
        """The move's tokens at the unit's velocity ``now``; turns beyond the new
        velocity's last gap are left out."""
        v = self.velocity(now)
        out = [f"T:{self.thrust}"] if self.thrust else []
        for k in range(1, v + 1):
            out.append("F")
            if k < v and k in self.turns:
                out.append(self.turns[k])
        return tuple(out)

    def toggle_turn(self, k: int, way: str) -> None:
        """A turn ``way`` after hex ``k``; the same turn again takes it back."""
        if self.turns.get(k) == way:
            del self.turns[k]
        else:
            self.turns[k] = way

    def first_free_gap(self, now: int) -> int | None:
        """The first hex after which no turn is planned yet (keyboard turns go there)."""
        v = self.velocity(now)
        return next((k for k in range(1, v) if k not in self.turns), None)


def positions(start: Hex, facing: int, steps: tuple[str, ...],
              path: tuple[Hex, ...]) -> list[tuple[Hex, int]]:  # fmt: skip
    """Where the unit stands after each hex of ``path`` (the rules' path, cut short by a
    collision), facing as the steps turn it; the start first."""
    out = [(start, facing)]
    for token in steps:
        if len(out) > len(path):
            break
        if token == "F":
            out.append((path[len(out) - 1], facing))
        elif token in ("L", "R"):
            facing = (facing + (1 if token == "R" else -1)) % 6
            out[-1] = (out[-1][0], facing)
    while len(out) <= len(path):  # out of control: its steps are ignored (AERO-05)
        out.append((path[len(out) - 1], facing))
    return out
