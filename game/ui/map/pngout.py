"""``preview --png`` for maps of any size: the picture written band by band.

A whole map at 100% can be far bigger than memory (a 998x999 map is 63,000 x 72,000 px),
so past a few dozen megapixels the PNG is streamed: the map is drawn in bands of pieces
(game.ui.map.chunks.render_region), each band's rows are compressed into the file and the
band is dropped, so memory stays at one band whatever the map. Pictures above
:data:`MAX_PNG_PIXELS` are refused before anything is drawn, with their size and the
``--zoom`` that fits. Smaller maps are drawn whole and saved by pygame, as before.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pygame

from game.core.errors import UserFacingError

from .chunks import render_region

MAX_PNG_PIXELS = 400_000_000  # 20,000 x 20,000 px
BAND_BYTES = 32_000_000  # one band of the picture (4 bytes a pixel)
PIECE_PIXELS = 4_000_000  # one piece of a band
MIN_ZOOM = 0.05


class PngError(UserFacingError):
    """A picture that cannot be written (one sentence)."""


def fitting_zoom(width: int, height: int, zoom: float) -> float | None:
    """The largest zoom in hundredths whose picture fits MAX_PNG_PIXELS, or None."""
    z = math.floor(zoom * math.sqrt(MAX_PNG_PIXELS / max(1, width * height)) * 100) / 100
    while z >= MIN_ZOOM:
        if round(width / zoom * z) * round(height / zoom * z) <= MAX_PNG_PIXELS:
            return z
        z = round(z - 0.01, 2)
    return None


def check_size(where: Path, width: int, height: int, zoom: float) -> None:
    """PngError naming the file, the picture's size and the --zoom that fits, if too big."""
    if width * height <= MAX_PNG_PIXELS:
        return
    mp = width * height / 1e6
    fits = fitting_zoom(width, height, zoom)
    hint = f"--zoom {fits:g} fits" if fits is not None else "no --zoom down to 0.05 fits"
    raise PngError(
        f"{where}: at --zoom {zoom:g} the map would be a {width:,} x {height:,} px picture "
        f"({mp:,.0f} megapixels), more than the {MAX_PNG_PIXELS // 1_000_000} megapixels "
        f"--png writes; {hint}"
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def stream_png(
    path: Path,
    renderer: Any,
    zoom: float,
    options: Any,
    size: tuple[int, int],
    frame: tuple[int, int] = (0, 0),
) -> None:
    """Write the map at ``zoom`` band by band (RGB, or RGBA for the tile layers alone)."""
    width, height = size
    alpha = bool(options.tiles_only)
    # A band holds BAND_BYTES; a piece is drawn at scale 1 first (then scaled to the
    # zoom), so its scale-1 size, (w / zoom) x (h / zoom), is what PIECE_PIXELS bounds.
    side = math.sqrt(PIECE_PIXELS) * min(zoom, 1.0)
    band_h = max(1, min(height, BAND_BYTES // (4 * width), math.ceil(side)))
    piece_w = max(64, min(width, int(PIECE_PIXELS * min(zoom, 1.0) ** 2 // band_h)))
    packer = zlib.compressobj(3)  # about twice as fast as 6, 4% larger files
    with path.open("wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0))
        )
        for y in range(0, height, band_h):
            h = min(band_h, height - y)
            band = (
                pygame.Surface((width, h), pygame.SRCALPHA, 32)
                if alpha
                else pygame.Surface((width, h))
            )
            for x in range(0, width, piece_w):
                rect = pygame.Rect(x, y, min(piece_w, width - x), h)
                band.blit(render_region(renderer, zoom, options, rect, frame), (x, 0))
            rows = np.frombuffer(pygame.image.tobytes(band, "RGBA" if alpha else "RGB"), np.uint8)
            rows = rows.reshape(h, -1)
            filtered = np.zeros((h, rows.shape[1] + 1), np.uint8)  # filter byte 0 per row
            filtered[:, 1:] = rows
            data = packer.compress(filtered.tobytes())
            if data:
                f.write(_chunk(b"IDAT", data))
            del band, rows, filtered
        f.write(_chunk(b"IDAT", packer.flush()))
        f.write(_chunk(b"IEND", b""))
