"""Checks on the raw TMX/TSX XML before pytmx sees it, so every bad map is one sentence.

pytmx reports most problems as bare ``Exception``s, ``KeyError``s or ``ValueError``s
from deep inside its parser (or silently reads nonsense); checking the few things a map
maker can get wrong here lets the loader say what is wrong and where to fix it in Tiled.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import numpy as np

from .schema import PYTMX_TILE_KEYS, MapError

FORMAT_ADVICE = (
    "in Tiled, Map > Map Properties > Tile Layer Format: choose CSV or Base64 "
    "(uncompressed, zlib or gzip)"
)
_NOT_CSV = re.compile(r"[^0-9,\s]", re.ASCII)
_SPLIT_NUMBER = re.compile(r"[0-9]\s+[0-9]", re.ASCII)
MAX_TILE = 4096  # px: the largest tile width or height a map may use
_CASTS = {"int": int, "float": float, "bool": None}


@dataclass(frozen=True, slots=True)
class Header:
    """The map attributes the loader relies on."""

    width: int
    height: int
    tilewidth: float
    tileheight: float
    side: float
    even: bool


def read_xml(path: Path, where: str, what: str = "map file") -> ElementTree.Element:
    """The parsed root element, or a MapError for a missing, unreadable or broken file."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise MapError(f"{where}: the {what} does not exist.") from None
    except IsADirectoryError:
        raise MapError(f"{where}: this is a folder, not a {what}.") from None
    except OSError as e:
        raise MapError(f"{where}: the {what} cannot be read ({e.strerror}).") from None
    if not data.strip():
        raise MapError(f"{where}: the {what} is empty.")
    try:
        return ElementTree.fromstring(data)
    except ElementTree.ParseError as e:
        raise MapError(f"{where}: the {what} is not valid XML ({e}).") from None


def _number(root: ElementTree.Element, attr: str, where: str, default: str | None = None) -> float:
    raw = root.get(attr, default)
    try:
        return float(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise MapError(f"{where}: the map attribute {attr}={raw!r} is not a number.") from None


def check_header(root: ElementTree.Element, where: str) -> Header:
    """Orientation, stagger, size and hex geometry (MapError sentences with the Tiled fix)."""
    if root.tag != "map":
        raise MapError(f"{where}: this is not a Tiled map (its root element is <{root.tag}>).")
    orient = root.get("orientation", "orthogonal")
    if orient != "hexagonal":
        raise MapError(
            f"{where}: the map orientation is '{orient}' but hexplate needs a hexagonal map "
            "(in Tiled: Map > Map Properties > Orientation: Hexagonal, Stagger Axis: X)."
        )
    axis = root.get("staggeraxis")
    if axis != "x":
        raise MapError(
            f"{where}: the map's stagger axis is '{axis}' but hexplate needs columns of "
            "flat-topped hexes (in Tiled: Map > Map Properties > Stagger Axis: X)."
        )
    index = root.get("staggerindex", "odd")
    if index not in ("odd", "even"):
        raise MapError(f"{where}: the map's stagger index '{index}' is neither odd nor even.")
    if root.get("infinite", "0") not in ("0", "false"):
        raise MapError(
            f"{where}: the map is infinite but hexplate needs a fixed size "
            "(in Tiled: Map > Map Properties > Infinite: off)."
        )
    w, h = _number(root, "width", where), _number(root, "height", where)
    if not (w.is_integer() and h.is_integer() and 1 <= w <= 998 and 1 <= h <= 999):
        size = f"{root.get('width')}x{root.get('height')}"
        raise MapError(f"{where}: the map size {size} is not usable.")
    tw, th = _number(root, "tilewidth", where), _number(root, "tileheight", where)
    side = _number(root, "hexsidelength", where, "0")
    if not (tw.is_integer() and th.is_integer() and 2 <= tw <= MAX_TILE and 2 <= th <= MAX_TILE):
        raise MapError(
            f"{where}: the tile size {tw:g}x{th:g} must be whole pixels between 2 and {MAX_TILE}."
        )
    if not side.is_integer():
        raise MapError(f"{where}: the hex side length {side:g} px must be a whole number.")
    if not 0 < side < tw:
        raise MapError(
            f"{where}: the hex side length is {side:g} px but for {tw:g} px wide tiles it "
            f"must be more than 0 and less than {tw:g} (84x72 tiles use 42: Map > Map "
            "Properties > Hex Side Length)."
        )
    return Header(int(w), int(h), tw, th, side, index == "even")


def _ascii_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _owner(elem: ElementTree.Element) -> str:
    name = elem.get("name")
    ident = elem.get("id")
    return f"{elem.tag} '{name}'" if name else f"{elem.tag} {ident}" if ident else elem.tag


def check_typed_properties(root: ElementTree.Element, where: str) -> None:
    """Typed property values pytmx would choke on (type="int" value="abc")."""
    for elem in root.iter():
        props = elem.find("properties")
        if props is None:
            continue
        for prop in props.findall("property"):
            kind, value = prop.get("type", "string"), prop.get("value", prop.text or "")
            ok = True
            if kind == "bool":
                ok = value.strip().lower() in ("true", "false", "1", "0", "yes", "no", "")
            elif kind in _CASTS:
                try:
                    _CASTS[kind](value)  # type: ignore[misc]
                except ValueError:
                    ok = False
            if not ok:
                raise MapError(
                    f"{where}: property '{prop.get('name')}' of {_owner(elem)} is of type "
                    f"{kind} but its value {value!r} is not a valid {kind}."
                )


def check_tilesets(root: ElementTree.Element, path: Path, where: str) -> dict[int, str]:
    """Every tileset file and image exists and parses (else MapError). Returns, by Tiled
    gid, the first custom property of a tile whose name pytmx also uses for a tile
    attribute (height, width, x, type, ...): pytmx mixes both into one dict, so the
    loader reports such a property itself when the tile is used."""
    shadowed: dict[int, str] = {}
    tilesets = root.findall("tileset")
    if not tilesets:
        raise MapError(
            f"{where}: the map has no tileset (add maps/terrain.tsx: Map > Add External Tileset)."
        )
    for ts in tilesets:
        if ts.get("firstgid") is None or not _ascii_number(ts.get("firstgid", "")):
            raise MapError(f"{where}: a tileset of the map has no valid firstgid.")
        base, node = path.parent, ts
        source = ts.get("source")
        if source:
            tsx = (path.parent / source).resolve()
            if not source.lower().endswith(".tsx"):
                raise MapError(
                    f"{where}: its tileset '{source}' is not a .tsx file (export the tileset "
                    "as TSX from Tiled)."
                )
            if not tsx.is_file():
                raise MapError(
                    f"{where}: its tileset file '{source}' is missing (looked for {tsx})."
                )
            node = read_xml(tsx, f"{where}: its tileset '{source}'", "tileset file")
            if node.tag != "tileset":
                raise MapError(f"{where}: its tileset '{source}' is not a Tiled tileset.")
            base = tsx.parent
        name = node.get("name", source or "?")
        check_typed_properties(node, f"{where}: tileset '{name}'")
        shadowed.update(_shadowed_properties(node, int(ts.get("firstgid", "0"))))
        for image in node.iter("image"):
            src = image.get("source")
            if src and not (base / src).is_file():
                raise MapError(
                    f"{where}: the image '{src}' of tileset '{name}' is missing "
                    f"(looked for {(base / src).resolve()})."
                )
    return shadowed


def _shadowed_properties(tileset: ElementTree.Element, firstgid: int) -> dict[int, str]:
    """Tiled gid -> the first custom property named like a pytmx tile key."""
    out: dict[int, str] = {}
    for tile in tileset.findall("tile"):
        ident = tile.get("id", "")
        props = tile.find("properties")
        if props is None or not _ascii_number(ident):
            continue
        for prop in props.findall("property"):
            if prop.get("name") in PYTMX_TILE_KEYS:
                out.setdefault(firstgid + int(ident), str(prop.get("name")))
    return out


def _count_tiles(
    data: ElementTree.Element, encoding: str, compression: str, where: str, tiles: int
) -> int:
    """Tiles a layer's data holds. Compressed data is inflated at most to the size the
    map's ``tiles`` need (plus one byte), so a small file cannot unpack gigabytes."""
    text = (data.text or "").strip()
    if encoding == "csv":  # tile gids: ASCII digits between commas (C-speed regexes)
        if _NOT_CSV.search(text) or _SPLIT_NUMBER.search(text):
            raise MapError(f"{where} holds CSV data that is not a list of numbers.")
        digit = np.frombuffer(text.encode("ascii"), np.uint8)
        digit = (digit >= 48) & (digit <= 57)
        return int(np.count_nonzero(digit[1:] & ~digit[:-1]) + (digit[:1].sum()))
    limit = 4 * tiles
    try:
        raw = base64.b64decode(text, validate=False)
        if compression in ("zlib", "gzip"):
            raw = _inflate(raw, compression == "gzip", limit)
    except (binascii.Error, zlib.error, OSError, EOFError):
        raise MapError(f"{where} holds Base64 data that cannot be decoded.") from None
    if len(raw) > limit:
        raise MapError(
            f"{where} holds {compression} data that inflates to more than the {limit} bytes "
            f"of its {tiles} tiles."
        )
    if len(raw) % 4:
        raise MapError(f"{where} holds Base64 data of {len(raw)} bytes, not whole tiles.")
    return len(raw) // 4


def _inflate(raw: bytes, gzip_format: bool, limit: int) -> bytes:
    """zlib / gzip (every member) decompressed, stopping after ``limit + 1`` bytes."""
    out = bytearray()
    wbits = 16 + zlib.MAX_WBITS if gzip_format else zlib.MAX_WBITS
    while True:
        d = zlib.decompressobj(wbits)
        out += d.decompress(raw, limit + 1 - len(out))
        if len(out) > limit:
            return bytes(out)
        if not d.eof:
            raise EOFError("the compressed data ends early")
        raw = d.unused_data
        if not gzip_format or not raw.strip(b"\0"):
            return bytes(out)


def check_layers(root: ElementTree.Element, header: Header, where: str) -> None:
    """At least one tile layer, each in a format pytmx reads, holding width x height tiles."""
    layers = list(root.iter("layer"))
    if not layers:
        raise MapError(
            f"{where}: the map has no tile layer (add one with Layer > New > Tile Layer "
            "and paint terrain tiles on it)."
        )
    for layer in layers:
        lw = f"{where}: layer '{layer.get('name', '?')}'"
        data = layer.find("data")
        if data is None:
            raise MapError(f"{lw} has no tile data.")
        if data.find("chunk") is not None:
            raise MapError(f"{lw} is stored in chunks of an infinite map; make the map finite.")
        encoding = data.get("encoding")
        compression = data.get("compression") or ""
        if encoding is None:
            raise MapError(
                f"{lw} stores its tiles as XML <tile> elements, which pytmx cannot read; "
                f"{FORMAT_ADVICE}."
            )
        if encoding not in ("csv", "base64"):
            raise MapError(f"{lw} uses the unknown tile encoding '{encoding}'; {FORMAT_ADVICE}.")
        if encoding == "base64" and compression not in ("", "zlib", "gzip"):
            raise MapError(
                f"{lw} is compressed with {compression}, which pytmx cannot read; {FORMAT_ADVICE}."
            )
        n = _count_tiles(data, encoding, compression, lw, header.width * header.height)
        if n != header.width * header.height:
            raise MapError(
                f"{lw} holds {n} tiles but the map is {header.width}x{header.height} "
                f"({header.width * header.height} tiles)."
            )
