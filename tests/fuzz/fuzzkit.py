"""The fuzzers' tools: seeded mutations of JSON and TMX/TSX files, and the one way a run
on a hostile file may end (issue 9): exit 0, or exit 2 with one line on stderr that
names the file, never a traceback.

Everything is driven by ``random.Random(seed)``, so a failure names its seed and the
mutations made, and re-running that seed rebuilds the same file.
"""

from __future__ import annotations

import base64
import copy
import gzip
import io
import json
import random
import struct
import traceback
import zlib
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from game.cli import main as cli

Path_ = tuple[Any, ...]  # keys and indexes from the root of a JSON value to one value

DEEP = [[[[[[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]]]]]]
HOSTILE = [
    None, True, False, 0, -1, 1, 2, 5, 6, 7, 99, 2**31, 10**30, -(10**30), 1.5, -0.5, 1e308,
    "", " ", "x" * 3000, "²²²²", "１２１２", "0505", "999999", "0000", "01010", "J:0101", "U:²",
    "F", "walk", "biped", "A", "light", [], {}, [1], ["F", "L"], {"a": 1}, DEEP,
]  # fmt: skip
ATTRS = [
    "0", "-1", "1", "2", "3", "16", "17", "84", "72", "42", "998", "999", "1000", "100000",
    "1e9", "nan", "inf", "abc", "", "²", "１６", "0.5", "42.5", "odd", "even", "x", "y",
    "hexagonal", "orthogonal", "base64", "csv", "zlib", "gzip", "zstd", "true", "false",
    "int", "bool", "float", "string", "missing.tsx", "terrain.png", "#ff00ff", "0x10",
]  # fmt: skip
PROP_NAMES = [
    "level", "water", "woods", "rough", "rubble", "pavement", "road", "road_exits",
    "building", "building_cf", "building_height", "bridge", "bridge_cf",
    "bridge_level_offset", "terrain", "side", "height", "width", "x", "type", "lava",
]  # fmt: skip
PROP_VALUES = [
    "0", "1", "2", "3", "-1", "-25", "60", "200", "true", "false", "yes", "maybe", "",
    "light", "medium", "heavy", "hardened", "none", "stone", "N", "N,S", "Q", "0,7",
    "A", "B", "C", "1.5", "²",
]  # fmt: skip


# --- running the command line -------------------------------------------------------


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """The command line in this process: exit code, stdout, stderr. An exception that
    escapes is the fuzz finding itself and fails the test with its traceback."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli(argv)
    return code, out.getvalue(), err.getvalue()


def bad_ending(code: int, err: str, named: Path) -> str | None:
    """Why a run ended wrongly, or None: exit 0, or exit 2 with one line naming ``named``."""
    if code == 0:
        return None
    if code != 2:
        return f"exit {code}: {err[-300:]}"
    lines = err.strip().splitlines()
    if "Traceback" in err or len(lines) != 1:
        return f"exit 2 but not one line: {err[-500:]}"
    if str(named) not in lines[0]:
        return f"exit 2 without naming {named}: {lines[0][:300]}"
    return None


def crash(e: BaseException) -> str:
    """A traceback in one line: the exception and where it was raised."""
    tb = traceback.extract_tb(e.__traceback__)
    where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
    return f"TRACEBACK {type(e).__name__}: {str(e)[:200]} at {where}"


# --- JSON ------------------------------------------------------------------------------


def locations(value: Any, at: Path_ = ()) -> Iterator[Path_]:
    """Every value in a JSON document (containers too), parents before children."""
    yield at
    if isinstance(value, dict):
        for k, v in value.items():
            yield from locations(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from locations(v, (*at, i))


def get(doc: Any, at: Path_) -> Any:
    for k in at:
        doc = doc[k]
    return doc


def put(doc: Any, at: Path_, value: Any) -> Any:
    if not at:
        return value
    get(doc, at[:-1])[at[-1]] = value
    return doc


def nudged(value: Any, rng: random.Random) -> Any:
    """A value like ``value`` but different: the edits a user (or a cheat) would make."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice([-100, -2, -1, 1, 2, 100, -2 * value - 1])
    if isinstance(value, float):
        return value * 2 + 1
    if isinstance(value, str):
        if not value:
            return "0"
        i = rng.randrange(len(value))
        swap = rng.choice("0123456789ABFLRJ:,²x ")
        return value[:i] + swap + value[i + 1 :] if rng.random() < 0.7 else value[:i]
    if isinstance(value, list):
        if not value:
            return [rng.choice(HOSTILE)]
        out = list(value)
        op = rng.randrange(3)
        if op == 0:
            del out[rng.randrange(len(out))]
        elif op == 1:
            out.insert(rng.randrange(len(out) + 1), copy.deepcopy(rng.choice(out)))
        else:
            rng.shuffle(out)
            if out == value:
                out = out[1:]
        return out
    if isinstance(value, dict):
        out = dict(value)
        if out and rng.random() < 0.6:
            del out[rng.choice(sorted(out, key=str))]
        else:
            out[rng.choice(["zz", "version", "id", "at", "hexes"])] = rng.choice(HOSTILE)
        return out
    return rng.choice(HOSTILE)


def mutate_json(doc: Any, rng: random.Random, edits: int) -> tuple[Any, list[str]]:
    """``edits`` random edits (hostile values, nudges, deletions) of a copy of ``doc``."""
    doc = copy.deepcopy(doc)
    done = []
    for _ in range(edits):
        spots = [a for a in locations(doc) if a]  # never the whole document
        leaves = [a for a in spots if not isinstance(get(doc, a), dict | list)]
        if not spots:
            break
        at = rng.choice(leaves if leaves and rng.random() < 0.75 else spots)
        old = get(doc, at)
        new = nudged(old, rng) if rng.random() < 0.5 else copy.deepcopy(rng.choice(HOSTILE))
        if at and rng.random() < 0.1 and isinstance(get(doc, at[:-1]), dict):
            del get(doc, at[:-1])[at[-1]]
            done.append(f"del {list(at)}")
            continue
        doc = put(doc, at, new)
        done.append(f"{list(at)} = {json.dumps(new)[:40]}")
    return doc, done


def mutate_text(text: str, rng: random.Random) -> tuple[bytes, str]:
    """Byte-level damage: truncation, a deleted or inserted byte, invalid UTF-8, a BOM, a
    duplicated key, a nest of thousands of brackets."""
    raw = text.encode("utf-8")
    op = rng.randrange(7)
    i = rng.randrange(max(1, len(raw)))
    if op == 0:
        return raw[:i], f"cut at {i}"
    if op == 1:
        return raw[:i] + raw[i + 1 :], f"byte {i} deleted"
    if op == 2:
        return raw[:i] + bytes([rng.choice(b'{}[],:"\\0\xff')]) + raw[i:], f"byte at {i}"
    if op == 3:
        return raw[:i] + b"\xc3\x28" + raw[i:], f"bad UTF-8 at {i}"
    if op == 4:
        return b"\xef\xbb\xbf" + raw, "BOM"
    if op == 5:
        key = rng.choice([b'"id":', b'"at":', b'"board":', b'"units":', b'"type":'])
        return raw.replace(key, key + b" 1, " + key, 1), f"duplicate {key.decode()}"
    n = rng.choice([1000, 5000, 20000])
    return b"[" * n + raw + b"]" * n, f"{n} brackets"


# --- TMX / TSX -------------------------------------------------------------------------


def _csv_layers(root: ET.Element) -> list[ET.Element]:
    return [d for d in root.iter("data") if d.get("encoding") == "csv"]


def _gids(data: ET.Element) -> list[int]:
    values = (data.text or "").replace("\n", "").split(",")
    return [int(v) for v in values if v.strip().isascii() and v.strip().isdigit()]


def mutate_xml(text: str, rng: random.Random, edits: int) -> tuple[str, list[str]]:
    """Edits of a Tiled XML file: attributes, elements dropped or doubled, tile data
    changed or re-encoded (Base64, zlib, gzip, a compression bomb), properties and
    objects added."""
    root = ET.fromstring(text)
    done: list[str] = []
    for _ in range(edits):
        elems = list(root.iter())
        op = rng.randrange(9)
        e = rng.choice(elems)
        if op == 0 and e.attrib:
            name = rng.choice(sorted(e.attrib))
            e.set(name, rng.choice(ATTRS))
            done.append(f"<{e.tag} {name}={e.get(name)!r}>")
        elif op == 1 and e is not root:
            parent = next(p for p in root.iter() if e in list(p))
            parent.remove(e)
            done.append(f"dropped <{e.tag}>")
        elif op == 2 and e is not root:
            parent = next(p for p in root.iter() if e in list(p))
            parent.insert(list(parent).index(e), copy.deepcopy(e))
            done.append(f"doubled <{e.tag}>")
        elif op == 3 and _csv_layers(root):
            data = rng.choice(_csv_layers(root))
            gids = _gids(data)
            for _ in range(rng.randint(1, 5)):
                if gids:
                    gids[rng.randrange(len(gids))] = rng.choice(
                        [0, 1, 5, 17, 31, 32, 33, 99, 2**31 + 5, 2**32 - 1, 2**29 + 3]
                    )
            if rng.random() < 0.3 and gids:
                gids = gids[: rng.randrange(len(gids))] if rng.random() < 0.5 else gids + [1]
            data.text = "\n" + ",".join(map(str, gids)) + "\n"
            done.append("tile data edited")
        elif op == 4 and _csv_layers(root):
            done.append(_reencode(rng.choice(_csv_layers(root)), rng))
        elif op in (5, 6):
            holder = e.find("properties")
            if holder is None:
                holder = ET.SubElement(e, "properties")
            prop = ET.SubElement(holder, "property", name=rng.choice(PROP_NAMES))
            if rng.random() < 0.4:
                prop.set("type", rng.choice(["int", "bool", "float", "string", "color"]))
            prop.set("value", rng.choice(PROP_VALUES))
            done.append(f"<{e.tag}> property {prop.get('name')}={prop.get('value')!r}")
        elif op == 7:
            done.append(_add_object(root, rng))
        elif e.text and e.text.strip():
            e.text = rng.choice(["", "garbage", e.text[: len(e.text) // 2], "1,2,3"])
            done.append(f"<{e.tag}> text replaced")
    return ET.tostring(root, encoding="unicode"), done


def _reencode(data: ET.Element, rng: random.Random) -> str:
    raw = struct.pack(f"<{len(_gids(data))}I", *_gids(data))
    kind = rng.choice(["", "zlib", "gzip", "bomb", "zstd"])
    if kind == "bomb":
        raw, kind = zlib.compress(bytes(rng.choice([1, 8, 64]) * 1024 * 1024), 9), "zlib"
    elif kind == "zlib":
        raw = zlib.compress(raw)
    elif kind == "gzip":
        raw = gzip.compress(raw, mtime=0)
    if rng.random() < 0.3 and raw:
        i = rng.randrange(len(raw))
        raw = raw[:i] + bytes([raw[i] ^ 0x5A]) + raw[i + 1 :]
    data.attrib = {"encoding": "base64"}
    if kind:
        data.set("compression", kind)
    data.text = base64.b64encode(raw).decode()
    return f"layer re-encoded ({kind or 'plain'})"


def _add_object(root: ET.Element, rng: random.Random) -> str:
    groups = [g for g in root.iter("objectgroup")]
    if not groups:
        groups = [ET.SubElement(root, "objectgroup", name=rng.choice(["deployment", "overrides"]))]
    group = rng.choice(groups)
    num = ["0", "-100", "63", "1e308", "-1e308", "nan", "inf", "12.5", "99999999"]
    obj = ET.SubElement(group, "object", id=str(rng.randint(1, 10**6)),
                        x=rng.choice(num), y=rng.choice(num))  # fmt: skip
    shape = rng.choice(["point", "ellipse", "polygon", "polyline", "rect"])
    if shape in ("point", "ellipse", "polygon", "polyline"):
        child = ET.SubElement(obj, shape)
        if shape in ("polygon", "polyline"):
            n = rng.choice([1, 2, 3, 5])
            child.set("points", " ".join(f"{rng.choice(num)},{rng.choice(num)}" for _ in range(n)))
    if shape in ("ellipse", "rect"):
        obj.set("width", rng.choice(num))
        obj.set("height", rng.choice(num))
    if rng.random() < 0.3:
        obj.set("rotation", rng.choice(num))
    props = ET.SubElement(obj, "properties")
    ET.SubElement(props, "property", name=rng.choice(PROP_NAMES), value=rng.choice(PROP_VALUES))
    return f"{shape} object in <{group.get('name')}>"


def damage_bytes(raw: bytes, rng: random.Random) -> tuple[bytes, str]:
    """A few bytes flipped, cut or inserted (binary damage to any file)."""
    if not raw:
        return b"\x00", "one byte"
    op = rng.randrange(3)
    i = rng.randrange(len(raw))
    if op == 0:
        return raw[:i] + bytes([raw[i] ^ rng.randrange(1, 256)]) + raw[i + 1 :], f"byte {i}"
    if op == 1:
        return raw[:i], f"cut at {i}"
    return raw[:i] + bytes(rng.randrange(256) for _ in range(8)) + raw[i:], f"junk at {i}"
