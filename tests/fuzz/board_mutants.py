"""Mutants of MegaMek .board files for the map fuzzer (issue 22): statement-level edits
(sizes, counts, levels, terrain items, exits, quotes, keywords) and byte damage, on
boards written for the tests (tests/megamek/files) and generated ones."""

from __future__ import annotations

import random
from pathlib import Path

from fuzzkit import damage_bytes, mutate_text

BOARDS = sorted((Path(__file__).resolve().parents[1] / "megamek" / "files").glob("*.board"))
TERRAINS = ["woods:1", "woods:3", "water:2", "water:25", "rough:2", "rubble:6", "road:1",
            "road:1:63", "road:1:99", "pavement:1", "building:2:12", "building:5",
            "bldg_cf:400", "bldg_elev:30", "bridge:3:9", "bridge_elev:40", "bridge_cf:-5",
            "swamp:1", "magma:2", "snow:1", "woods", "woods:x", ":1", "road:1:2:3",
            "fluff:9", "woods:1;woods:2", "a" * 300 + ":1"]  # fmt: skip


def generated(rng: random.Random) -> str:
    w, h = rng.choice([(1, 1), (16, 17), (5, 3), (32, 17)])
    lines = [f"size {w} {h}"]
    for r in range(h):
        for c in range(w):
            terrain = ";".join(rng.sample(TERRAINS[:12], rng.randint(0, 2)))
            lines.append(f'hex {c + 1:02d}{r + 1:02d} {rng.randint(-3, 5)} "{terrain}" ""')
    return "\n".join([*lines, "end", ""])


def _edit(lines: list[str], rng: random.Random) -> str:
    op = rng.randrange(9)
    hexes = [i for i, line in enumerate(lines) if line.startswith("hex ")] or [0]
    i = rng.choice(hexes)
    if op == 0:
        size = rng.choice(["size 5000 5000", "size 0 3", "size -1 4", "size 3", "size a b",
                           "size 999 999", "size 16 17 4"])  # fmt: skip
        lines[0] = size
        return f"size line {size!r}"
    if op == 1:
        del lines[i]
        return f"hex line {i} deleted"
    if op == 2:
        lines.insert(i, lines[i])
        return f"hex line {i} doubled"
    if op == 3:
        level = rng.choice(["x", "99", "-99", "1.5", "", "0x10", "1e3"])
        parts = lines[i].split(" ", 3)
        if len(parts) == 4:
            lines[i] = f"{parts[0]} {parts[1]} {level} {parts[3]}"
        return f"level {level!r} at line {i}"
    if op == 4:
        t = rng.choice(TERRAINS)
        lines[i] = f'hex 0101 0 "{t}" ""'
        return f"terrain {t[:20]!r} at line {i}"
    if op == 5:
        junk = rng.choice(["teleport 0101", "hex", '"', '""""""""', "size", "option", "tag",
                           "\x00", "end", "#", "hex 0101 0 \"a\" \"b\" \"c\" \"d\""])  # fmt: skip
        lines.insert(i, junk)
        return f"line {junk[:20]!r} at {i}"
    if op == 6:
        lines[i] = lines[i].replace('"', "", 1)
        return f"quote dropped at line {i}"
    if op == 7:
        lines.insert(1, "hex 0101 0 " + '""' * rng.choice([100, 5000, 50000]) + ' ""')
        return "deep quotes"
    lines[:] = [line + "\r" for line in lines]
    return "CRLF line ends"


def make_board(folder: Path, seed: int) -> tuple[Path, str]:
    """Seeded: a damaged .board file in ``folder``; what was done."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    if rng.random() < 0.5 and BOARDS:
        src = rng.choice(BOARDS)
        text, done = src.read_text(encoding="utf-8"), [src.name]
    else:
        text, done = generated(rng), ["generated"]
    path = folder / f"fuzz_{seed}.board"
    roll = rng.random()
    if roll < 0.7:
        lines = text.splitlines()
        for _ in range(rng.randint(1, 3)):
            done.append(_edit(lines, rng))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogateescape")
    elif roll < 0.85:
        raw, what = mutate_text(text, rng)
        done.append(what)
        path.write_bytes(raw)
    else:
        raw, what = damage_bytes(text.encode(), rng)
        done.append(what)
        path.write_bytes(raw)
    return path, "; ".join(done)
