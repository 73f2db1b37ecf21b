"""The regiment record: a rectangle of ``files`` x ``ranks`` stands, placed by its
front-left corner (as the regiment sees it) and its facing.

A regiment never changes in place: wheeling (REG-02), moving (REG-03) and changing
formation (REG-07..09) return new records. The command stand stands in the middle of the
front rank (REG-08 step 5; with an even number of files, the one left of the middle).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from .geometry import heading, norm_deg, rotate

MARKERS = ("activation", "hold")  # REG-06


@dataclass(frozen=True, slots=True)
class Regiment:
    """One regiment on the table (see the module docstring).

    ``move`` is its movement rate in cm (REG-03), ``size`` its size class (REG-05),
    ``markers`` the markers beside it (REG-06), ``name`` its unit type for the log
    ("Swordsmen"); ``stand`` is one stand's [width, depth] in cm.
    """

    id: str
    side: str
    files: int
    ranks: int
    stand: tuple[float, float]
    front_left: tuple[float, float]
    facing: float
    move: float
    size: int = 1
    markers: tuple[str, ...] = ()
    name: str = ""

    def __post_init__(self) -> None:  # numbers as floats, so equal regiments compare equal
        object.__setattr__(self, "stand", (float(self.stand[0]), float(self.stand[1])))
        fl = (float(self.front_left[0]), float(self.front_left[1]))
        object.__setattr__(self, "front_left", fl)
        object.__setattr__(self, "facing", float(self.facing))
        object.__setattr__(self, "move", float(self.move))

    # --- shape --------------------------------------------------------------------------
    @property
    def width(self) -> float:
        """The frontage: files x stand width."""
        return self.files * self.stand[0]

    @property
    def depth(self) -> float:
        return self.ranks * self.stand[1]

    @property
    def stands(self) -> int:
        return self.files * self.ranks

    @property
    def command_file(self) -> int:
        """The file (0 = leftmost) of the command stand in the front rank."""
        return (self.files - 1) // 2

    def axes(self) -> tuple[np.ndarray, np.ndarray]:
        """Unit vectors ahead of the regiment and to its right."""
        return heading(self.facing)

    def corners(self) -> np.ndarray:
        """The footprint: front-left, front-right, rear-right, rear-left (4, 2)."""
        fwd, right = self.axes()
        fl = np.array(self.front_left, float)
        fr = fl + self.width * right
        return np.array([fl, fr, fr - self.depth * fwd, fl - self.depth * fwd])

    @property
    def front_right(self) -> tuple[float, float]:
        fr = self.corners()[1]
        return float(fr[0]), float(fr[1])

    def centre(self) -> np.ndarray:
        return self.corners().mean(axis=0)

    def stand_corners(self) -> np.ndarray:
        """Every stand's corners (ranks, files, 4, 2), rank 0 at the front (for drawing)."""
        fwd, right = self.axes()
        fl = np.array(self.front_left, float)
        w, d = self.stand
        out = np.empty((self.ranks, self.files, 4, 2))
        for r in range(self.ranks):
            for f in range(self.files):
                p = fl + f * w * right - r * d * fwd
                out[r, f] = [p, p + w * right, p + w * right - d * fwd, p - d * fwd]
        return out

    # --- markers ------------------------------------------------------------------------
    @property
    def activated(self) -> bool:
        return "activation" in self.markers

    @property
    def holding(self) -> bool:
        return "hold" in self.markers

    def with_markers(self, markers: tuple[str, ...]) -> Regiment:
        return replace(self, markers=tuple(m for m in MARKERS if m in markers))

    @property
    def label(self) -> str:
        """How sentences name it: 'r2', or 'the Swordsmen (A2)' when it has a name."""
        return f"the {self.name} ({self.id})" if self.name else self.id

    # --- moving -------------------------------------------------------------------------
    def placed(self, front_left: np.ndarray | tuple[float, float], facing: float) -> Regiment:
        x, y = float(front_left[0]), float(front_left[1])
        return replace(self, front_left=(x, y), facing=norm_deg(facing))

    def forward(self, cm: float) -> Regiment:
        """Moved ``cm`` straight ahead (negative: backward, facing kept; REG-03)."""
        fwd, _ = self.axes()
        return self.placed(np.array(self.front_left) + cm * fwd, self.facing)

    def wheeled(self, degrees: float) -> Regiment:
        """REG-02: turned about a front corner. Positive degrees swing clockwise about the
        right front corner, negative anticlockwise about the left: the outer corner always
        swings forward."""
        fl, fr = self.corners()[:2]
        facing = self.facing + degrees
        new_fl = rotate(fl, fr, degrees) if degrees >= 0 else fl
        return self.placed(new_fl, facing)

    def turned_about(self, pivot: np.ndarray, degrees: float) -> Regiment:
        """Turned clockwise by ``degrees`` about any point (aligning, REG-13)."""
        return self.placed(rotate(np.array(self.front_left), pivot, degrees), self.facing + degrees)


def wheel_distance(width: float, degrees: float, measure: str = "arc") -> float:
    """REG-02: the distance the outer front corner travels in a wheel: the arc (frontage x
    angle in radians, the default) or, as an option, the straight chord."""
    a = math.radians(abs(degrees))
    return width * a if measure == "arc" else 2 * width * math.sin(a / 2)


def wheel_for_distance(width: float, cm: float, measure: str = "arc") -> float:
    """The wheel angle (degrees, >= 0) whose outer corner travels ``cm`` (inverse of above)."""
    if width <= 0:
        return 0.0
    if measure == "arc":
        return math.degrees(cm / width)
    return math.degrees(2 * math.asin(min(1.0, cm / (2 * width))))
