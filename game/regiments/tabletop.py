"""A Tiled map as the regiments table: the map's pixel size times its scale.

The map property ``cm_per_pixel`` (a float) gives the scale; without it the map's longer
side becomes 180 cm (a common wargames table: the bundled maps become 147 x 180 cm). The
tile layers are scenery only: they are drawn under the regiments and mean nothing to the
rules. Objects of an object layer named ``obstacles`` (rectangles, possibly rotated,
polygons and ellipses) become obstacles: convex polygons in cm, named by the object's
name. Only the map header and that layer are read here (XML, no tiles, no hexes); the
pixel size follows Tiled's own bounding rectangle for orthogonal and hexagonal maps.
"""

from __future__ import annotations

import math
from pathlib import Path
from xml.etree import ElementTree

import numpy as np

from game.core.errors import UserFacingError
from game.core.limits import MAX_OBSTACLE_POINTS, MAX_OBSTACLES, too_many

from .geometry import convex_hull, rotate
from .table import Obstacle, Table

LONG_SIDE_CM = 180.0  # the table a map without a scale makes
LAYER = "obstacles"


class TabletopError(UserFacingError):
    """A map that cannot be a table (one sentence)."""


def _int(root: ElementTree.Element, key: str, where: str) -> int:
    try:
        return int(root.get(key, ""))
    except ValueError:
        raise TabletopError(f"{where}: the map has no whole-number '{key}'") from None


def pixel_size(root: ElementTree.Element, where: str) -> tuple[float, float]:
    """Tiled's map bounding rectangle in pixels (orthogonal and hexagonal maps)."""
    w, h = _int(root, "width", where), _int(root, "height", where)
    tw, th = _int(root, "tilewidth", where), _int(root, "tileheight", where)
    kind = root.get("orientation")
    if kind == "orthogonal":
        return float(w * tw), float(h * th)
    if kind != "hexagonal":
        raise TabletopError(f"{where}: a {kind} map cannot be a table (orthogonal or hexagonal)")
    side = _int(root, "hexsidelength", where)
    if root.get("staggeraxis", "y") == "x":
        off = (tw - side) / 2
        return (off + side) * w + off, th * h + (th / 2 if w > 1 else 0)
    off = (th - side) / 2
    return tw * w + (tw / 2 if h > 1 else 0), (off + side) * h + off


def _scale(root: ElementTree.Element, where: str, size: tuple[float, float]) -> float:
    for prop in root.findall("./properties/property"):
        if prop.get("name") == "cm_per_pixel":
            try:
                value = float(prop.get("value", ""))
            except ValueError:
                value = -1.0
            if not 0 < value < 100:
                raise TabletopError(f"{where}: cm_per_pixel must be a positive number")
            return value
    return LONG_SIDE_CM / max(size)


def _object_points(obj: ElementTree.Element, where: str) -> np.ndarray | None:
    try:
        x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
        w, h = float(obj.get("width", 0)), float(obj.get("height", 0))
        turn = float(obj.get("rotation", 0))
    except ValueError:
        raise TabletopError(f"{where}: an obstacle object has a bad position or size") from None
    poly = obj.find("polygon")
    if poly is not None:
        pts = np.array([[float(v) for v in p.split(",")] for p in poly.get("points", "").split()])
    elif obj.find("ellipse") is not None:
        a = np.linspace(0, 2 * math.pi, 16, endpoint=False)
        pts = np.stack([w / 2 + w / 2 * np.cos(a), h / 2 + h / 2 * np.sin(a)], axis=1)
    elif w > 0 and h > 0:
        pts = np.array([[0, 0], [w, 0], [w, h], [0, h]], float)
    else:
        return None
    return rotate(pts, np.zeros(2), turn) + np.array([x, y])


def table_from_map(path: str | Path) -> Table:
    """The table a Tiled map makes (see the module docstring)."""
    p = Path(path)
    where = str(path)
    try:
        root = ElementTree.parse(p).getroot()
    except FileNotFoundError:
        raise TabletopError(f"{where}: no such map file") from None
    except (ElementTree.ParseError, OSError) as e:
        raise TabletopError(f"{where}: not a readable Tiled map ({e})") from None
    if root.tag != "map":
        raise TabletopError(f"{where}: not a Tiled map (no <map>)")
    pw, ph = pixel_size(root, where)
    scale = _scale(root, where, (pw, ph))
    obstacles: list[Obstacle] = []
    for group in root.findall("objectgroup"):
        if group.get("name") != LAYER:
            continue
        for obj in group.findall("object"):
            pts = _object_points(obj, where)
            if pts is None:
                continue
            why = too_many(f"{where}: obstacles", len(obstacles) + 1, MAX_OBSTACLES) or too_many(
                f"{where}: obstacle {obj.get('id')}'s points", len(pts), MAX_OBSTACLE_POINTS
            )
            if why:
                raise TabletopError(why)
            hull = convex_hull(pts * scale)
            name = obj.get("name") or f"obstacle {obj.get('id', len(obstacles) + 1)}"
            obstacles.append(Obstacle(name, tuple((float(a), float(b)) for a, b in hull)))
    return Table(pw * scale, ph * scale, tuple(obstacles), str(path), scale)
