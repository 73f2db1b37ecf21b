"""The table: its size in cm and its obstacles (rocks, walls: convex polygons that units
may not enter or touch while charging, REG-11/15). A Tiled map can be the table
(:mod:`.tabletop`); its terrain is then scenery only."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import point_in_rect


@dataclass(frozen=True, slots=True)
class Obstacle:
    """An obstacle: a convex polygon (cm), named for the log ("the rock")."""

    id: str
    points: tuple[tuple[float, float], ...]

    def polygon(self) -> np.ndarray:
        return np.array(self.points, float)

    @property
    def label(self) -> str:
        return f"the {self.id}"


@dataclass(frozen=True, slots=True)
class Table:
    """A rectangle 0..width x 0..height cm with obstacles; ``scenery`` names the Tiled map
    drawn under it (None: a plain table), ``cm_per_pixel`` that map's scale."""

    width: float
    height: float
    obstacles: tuple[Obstacle, ...] = ()
    scenery: str | None = None
    cm_per_pixel: float = 0.0

    def holds(self, points: np.ndarray) -> bool:
        """True when every point lies on the table."""
        return bool(point_in_rect(np.asarray(points, float), self.width, self.height).all())

    def obstacle(self, obstacle_id: str) -> Obstacle | None:
        return next((o for o in self.obstacles if o.id == obstacle_id), None)
