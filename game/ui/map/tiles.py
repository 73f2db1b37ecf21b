"""Tile layers of a Tiled map with their images, drawn exactly as Tiled draws them.

pytmx parses the TMX; we inject our own image loader (pytmx's pygame loader needs a
window for ``convert``), so the previewer's ``--png`` and the tests work headless. Drawing
follows Tiled's HexagonalRenderer for ``staggeraxis="x"``: each tile image is bottom-left
aligned to its cell (plus the tileset's ``tileoffset``), cells are drawn half-row by
half-row from the top (the raised columns of a row, then the lowered ones), and each layer
is shifted by its (and its groups') offset and drawn at its effective opacity. Hidden
layers are skipped. That is what ``tmxrasterizer`` produces, which the tests check.
"""

from __future__ import annotations

import math
import os
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytmx

from game.core.errors import UserFacingError
from game.layout import HexLayout


class TileImageError(UserFacingError):
    """A map whose tiles cannot be drawn: missing or unreadable tileset image, bad TMX."""


@dataclass(frozen=True, slots=True)
class TileLayerInfo:
    """One tile layer: gids per cell [row, col] (0 = empty) and how Tiled shows it."""

    name: str
    gids: np.ndarray
    offset: tuple[float, float]
    opacity: float
    visible: bool


@dataclass(frozen=True, slots=True, eq=False)
class TileMap:
    """Everything needed to draw a map's tile layers: sizes, layers, tile images."""

    path: Path
    cols: int
    rows: int
    layout: HexLayout
    layers: tuple[TileLayerInfo, ...]
    images: Mapping[int, pygame.Surface]
    offsets: Mapping[int, tuple[int, int]]
    properties: Mapping[int, dict[str, Any]]
    sizes: Mapping[int, tuple[int, int]]  # each tile's own size, before any rotation
    background: tuple[int, int, int, int] | None = None
    object_layers: tuple[str, ...] = field(default=())
    margins: tuple[int, int, int, int] = (0, 0, 0, 0)  # added by layer offsets (Tiled)

    @property
    def size(self) -> tuple[int, int]:
        return self.layout.map_size(self.cols, self.rows)


def _transform(tile: pygame.Surface, flags: Any) -> pygame.Surface:
    """Tiled's cell flags as its hexagonal cell renderer applies them: the image is
    mirrored (horizontal / vertical bits), then the "diagonal" bit, which on hexagonal maps
    means a 60 degree clockwise turn, rotates it about its centre. The result may be larger
    than the tile; ``draw_tiles`` centres it where the tile's centre would be."""
    if flags is None:
        return tile
    h = bool(getattr(flags, "flipped_horizontally", False))
    v = bool(getattr(flags, "flipped_vertically", False))
    if h or v:
        tile = pygame.transform.flip(tile, h, v)
    if getattr(flags, "flipped_diagonally", False):
        tile = pygame.transform.rotozoom(tile, -60, 1.0)
    return tile


def _rgba(surface: pygame.Surface) -> pygame.Surface:
    """A 32-bit per-pixel-alpha copy; uses the display format when a window exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA, 32)
    out.blit(surface, (0, 0))
    return out


def _apply_colorkey(tile: pygame.Surface, colorkey: str | None) -> pygame.Surface:
    """Tiled's ``trans`` colour becomes fully transparent."""
    if not colorkey:
        return tile
    key = pygame.Color("#" + colorkey.lstrip("#"))
    rgb = pygame.surfarray.pixels3d(tile)
    alpha = pygame.surfarray.pixels_alpha(tile)
    alpha[(rgb[..., 0] == key.r) & (rgb[..., 1] == key.g) & (rgb[..., 2] == key.b)] = 0
    del rgb, alpha
    return tile


MAX_IMAGE_PIXELS = 64_000_000  # a tileset image bigger than this is refused before loading


def png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's header (None: not a PNG, or unreadable), so that an
    image that would unpack to gigabytes is refused before pygame inflates it."""
    try:
        with path.open("rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


@contextmanager
def _quiet_c_stderr() -> Iterator[None]:
    """Silence what C libraries write straight to file descriptor 2 (libpng: "IDAT: CRC
    error") while a damaged image is read: the user gets one sentence, not two."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def _image_loader(map_path: Path) -> Callable[..., Callable[..., pygame.Surface]]:
    """pytmx image loader that works without a window and names the missing file."""

    def loader(filename: str, colorkey: str | None, **_: Any) -> Callable[..., pygame.Surface]:
        size = png_size(Path(filename))
        if size is not None and size[0] * size[1] > MAX_IMAGE_PIXELS:
            raise TileImageError(
                f"{map_path}: the tileset image {Path(filename)} is {size[0]}x{size[1]} px, "
                f"more than the {MAX_IMAGE_PIXELS // 1_000_000} megapixels a tileset may have"
            )
        try:
            with _quiet_c_stderr():  # libpng prints its own complaint; ours is the sentence
                sheet = _rgba(pygame.image.load(filename))
        except (FileNotFoundError, pygame.error) as e:
            missing = not Path(filename).is_file()
            what = "is missing" if missing else f"cannot be read ({e})"
            raise TileImageError(
                f"{map_path}: the tileset image {Path(filename)} {what}, so the map cannot be drawn"
            ) from None

        def load(rect: tuple[int, int, int, int] | None = None, flags: Any = None):
            if rect is not None:
                r = pygame.Rect(rect)
                if not sheet.get_rect().contains(r):
                    raise TileImageError(
                        f"{map_path}: the tileset image {Path(filename)} is smaller than its "
                        f"tileset says (tile at {r.x},{r.y} size {r.w}x{r.h} is outside it)"
                    )
                tile = sheet.subsurface(r).copy()
            else:
                tile = sheet.copy()
            return _transform(_apply_colorkey(tile, colorkey), flags)

        return load

    return loader


Margins = tuple[int, int, int, int]


def _layer_effects(path: Path) -> tuple[list[tuple[float, float, float, bool]], Margins]:
    """Effective (offset x, offset y, opacity, visible) of every tile layer, in file order,
    and the margins that layer offsets add around the map (left, top, right, bottom).

    Group layers add their offsets and multiply their opacity; a hidden group hides its
    children. pytmx ignores groups, so this walks the XML itself. The margins are Tiled's
    ``computeLayerOffsetMargins``: every non-group layer counts, hidden ones too.
    """
    out: list[tuple[float, float, float, bool]] = []
    margins = [0, 0, 0, 0]

    def walk(node: ET.Element, ox: float, oy: float, op: float, vis: bool) -> None:
        for child in node:
            if child.tag not in ("layer", "group", "objectgroup", "imagelayer"):
                continue
            cx = ox + float(child.get("offsetx", 0))
            cy = oy + float(child.get("offsety", 0))
            cop = op * float(child.get("opacity", 1))
            cvis = vis and child.get("visible", "1") not in ("0", "false")
            if child.tag == "group":
                walk(child, cx, cy, cop, cvis)
                continue
            for i, v in enumerate((-cx, -cy, cx, cy)):
                margins[i] = max(margins[i], math.ceil(v))
            if child.tag == "layer":
                out.append((cx, cy, cop, cvis))

    walk(ET.parse(path).getroot(), 0.0, 0.0, 1.0, True)
    return out, (margins[0], margins[1], margins[2], margins[3])


def _is_rubble(props: Mapping[str, Any] | None) -> bool:
    """A tileset tile that draws rubble (the shared tileset's id 19, or any tile so marked)."""
    if not props:
        return False
    return props.get("terrain") == "rubble" or str(props.get("rubble", "")).lower() == "true"


def rubble_gid(tmap: TileMap) -> int | None:
    """The gid of the map's rubble tile with an image (id 19 preferred), or None."""
    found = [g for g, p in tmap.properties.items() if _is_rubble(p) and g in tmap.images]
    found.sort(key=lambda g: (tmap.properties[g].get("id") != 19, g))
    return found[0] if found else None


def draw_tile_at(
    target: pygame.Surface,
    tmap: TileMap,
    gid: int,
    col: int,
    row: int,
    origin: tuple[int, int] = (0, 0),
) -> None:
    """One tile in one cell at scale 1, placed as ``draw_tiles`` places it (no layer offset)."""
    img = tmap.images.get(gid)
    if img is None:
        return
    lay = tmap.layout
    x, y = lay.cell_origin_unscaled(col, row)
    dx, dy = tmap.offsets.get(gid, (0, 0))
    w, h = tmap.sizes.get(gid, img.get_size())
    cx = x + dx + origin[0] + w / 2
    cy = y + lay.cell_height + dy + origin[1] - h / 2
    iw, ih = img.get_size()
    target.blit(img, (math.floor(cx - iw / 2), math.floor(cy - ih / 2)))


def _parse_colour(value: str | None) -> tuple[int, int, int, int] | None:
    if not value:
        return None
    s = value.lstrip("#")
    if len(s) == 8:  # Tiled writes #AARRGGBB
        s = s[2:] + s[:2]
    c = pygame.Color("#" + s)
    return c.r, c.g, c.b, c.a


def load_tile_map(path: str | Path) -> TileMap:
    """Read a hexagonal TMX and its tileset images; raise TileImageError on any problem."""
    p = Path(path)
    if not p.is_file():
        raise TileImageError(f"{p}: no such map file")
    try:
        tmx = pytmx.TiledMap(str(p), image_loader=_image_loader(p), allow_duplicate_names=True)
        effects, margins = _layer_effects(p)
    except TileImageError:
        raise
    except Exception as e:  # pytmx raises bare Exception for some broken files
        raise TileImageError(f"{p}: cannot read the map's tiles ({e})") from None
    if tmx.orientation != "hexagonal" or (tmx.staggeraxis or "y") != "x":
        raise TileImageError(
            f"{p}: the map must be hexagonal with staggeraxis x (it is {tmx.orientation}, "
            f"staggeraxis {tmx.staggeraxis})"
        )
    layout = HexLayout(
        int(tmx.tilewidth),
        int(tmx.tileheight),
        int(tmx.hexsidelength or 0),
        stagger_odd=(tmx.staggerindex or "odd") == "odd",
    )
    tile_layers = [ly for ly in tmx.layers if isinstance(ly, pytmx.TiledTileLayer)]
    layers = []
    for ly, (ox, oy, op, vis) in zip(tile_layers, effects, strict=False):
        gids = np.array(ly.data, dtype=np.int64).reshape(tmx.height, tmx.width)
        layers.append(TileLayerInfo(str(ly.name), gids, (ox, oy), op, vis))
    images: dict[int, pygame.Surface] = {}
    offsets: dict[int, tuple[int, int]] = {}
    props: dict[int, dict[str, Any]] = {}
    sizes: dict[int, tuple[int, int]] = {}
    used = {int(g) for ly in layers for g in np.unique(ly.gids) if g}
    # The rubble tiles too, used or not: the game lays them over buildings that collapse.
    used |= {int(g) for g, p in (tmx.tile_properties or {}).items() if _is_rubble(p)}
    for gid in used:
        img = tmx.images[gid] if gid < len(tmx.images) else None
        if img is not None:
            images[gid] = img
        ts = tmx.get_tileset_from_gid(gid)
        off = ts.offset if ts is not None else (0, 0)
        offsets[gid] = (int(float(off[0])), int(float(off[1])))
        props[gid] = dict(tmx.get_tile_properties_by_gid(gid) or {})
        w = props[gid].get("width") or (ts.tilewidth if ts is not None else None)
        h = props[gid].get("height") or (ts.tileheight if ts is not None else None)
        if w and h:
            sizes[gid] = (int(w), int(h))
        elif img is not None:
            sizes[gid] = img.get_size()
    objects = tuple(str(g.name) for g in tmx.layers if isinstance(g, pytmx.TiledObjectGroup))
    return TileMap(
        path=p,
        cols=int(tmx.width),
        rows=int(tmx.height),
        layout=layout,
        layers=tuple(layers),
        images=images,
        offsets=offsets,
        properties=props,
        sizes=sizes,
        background=_parse_colour(getattr(tmx, "background_color", None)),
        object_layers=objects,
        margins=margins,
    )


def draw_order(layout: HexLayout, cols: int, rows: int) -> Iterator[tuple[int, int]]:
    """Cells in Tiled's drawing order: per row, the raised columns then the lowered ones."""
    raised = [c for c in range(cols) if not layout.staggered(c)]
    lowered = [c for c in range(cols) if layout.staggered(c)]
    for row in range(rows):
        for col in raised:
            yield col, row
        for col in lowered:
            yield col, row


def draw_tiles(
    target: pygame.Surface,
    tmap: TileMap,
    *,
    skip: Callable[[int, int, int], bool] | None = None,
    origin: tuple[int, int] = (0, 0),
) -> None:
    """Draw the visible tile layers at scale 1, Tiled-exact; ``skip(gid, col, row)`` leaves
    tiles out (the game draws some things itself: bridges along their roads, for one)."""
    lay = tmap.layout
    order = list(draw_order(lay, tmap.cols, tmap.rows))
    for layer in tmap.layers:
        if not layer.visible or layer.opacity <= 0:
            continue
        alpha = round(255 * layer.opacity)
        faded: dict[int, pygame.Surface] = {}
        lx, ly = round(layer.offset[0]) + origin[0], round(layer.offset[1]) + origin[1]
        gids = layer.gids
        for col, row in order:
            gid = int(gids[row, col])
            if not gid or (skip is not None and skip(gid, col, row)):
                continue
            img = tmap.images.get(gid)
            if img is None:
                continue
            if alpha < 255:
                if gid not in faded:
                    faded[gid] = img.copy()
                    faded[gid].set_alpha(alpha)
                img = faded[gid]
            x, y = lay.cell_origin_unscaled(col, row)
            dx, dy = tmap.offsets.get(gid, (0, 0))
            w, h = tmap.sizes.get(gid, img.get_size())
            # Bottom-left of the tile on the cell's bottom-left; a rotated image (larger)
            # keeps the centre the unrotated tile would have.
            cx = x + dx + lx + w / 2
            cy = y + lay.cell_height + dy + ly - h / 2
            iw, ih = img.get_size()
            target.blit(img, (math.floor(cx - iw / 2), math.floor(cy - ih / 2)))


def render_tiles_only(tmap: TileMap, scale: float = 1.0) -> pygame.Surface:
    """The tile layers alone on a transparent surface, as ``tmxrasterizer`` draws them:
    the map's size plus the margins its layer offsets need."""
    left, top, right, bottom = tmap.margins
    w, h = tmap.size
    base = pygame.Surface((w + left + right, h + top + bottom), pygame.SRCALPHA, 32)
    base.fill((0, 0, 0, 0))
    draw_tiles(base, tmap, origin=(left, top))
    if scale == 1.0:
        return base
    size = (round(base.get_width() * scale), round(base.get_height() * scale))
    return pygame.transform.smoothscale(base, size)
