"""``python main.py map dump|convert|check ...``: what a map file holds, as our terms.

* ``map dump FILE [--json]``: the board as a scenario's ``board`` block (the keys of
  docs/scenario-format.md's terrain table, only those set) plus ``warnings`` for what
  was left out of a MegaMek board (docs/megamek.md);
* ``map convert X.board OUT.tmx``: the board as a Tiled map that reads back to the same
  board (game.maps.tmx_write);
* ``map check FILE|FOLDER ...``: one line per map, a sentence per broken one (exit 2).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.core.errors import one_line
from game.hexgrid import Hex
from game.maps import MapError, MapRead, map_files, read_map
from game.maps.tiled import summary
from game.maps.tmx_write import write_tmx
from game.scenario.writer import board_to_json


def dump_json(read: MapRead) -> dict[str, Any]:
    """``{"width", "height", "hexes", "warnings"}`` (docs/scenario-format.md, Extension 4)."""
    out = board_to_json(read.board)
    out["warnings"] = [{"at": w.at, "terrain": w.terrain, "text": w.text} for w in read.warnings]
    return out


def dump_text(read: MapRead) -> str:
    b = read.board
    lines = [summary(b)]
    for r in range(b.height):
        for c in range(b.width):
            h = Hex(c, r)
            text = b.describe(h)
            if text != "level 0":
                lines.append(f"{b.hex_name(h)}: {text}")
    if read.warnings:
        lines.append(read.left_out())
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python main.py map", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump", help="print the board a .tmx or .board file gives")
    d.add_argument("file", type=Path)
    d.add_argument("--json", action="store_true", help="as a scenario's board block")
    c = sub.add_parser("convert", help="write a .board (or .tmx) as a Tiled .tmx map")
    c.add_argument("file", type=Path)
    c.add_argument("out", type=Path)
    k = sub.add_parser("check", help="read maps or folders of maps; one line each")
    k.add_argument("files", type=Path, nargs="+")
    return ap


def _check(paths: Sequence[Path]) -> int:
    status = 0
    for path in paths:
        found = map_files(path) if path.is_dir() else [path]
        for f in found:
            try:
                read = read_map(f)
                print(summary(read.board) + (f" ({read.left_out()})" if read.warnings else ""))
            except MapError as e:
                with contextlib.suppress(BrokenPipeError):  # a bad file, read or not
                    print(f"hexplate: {one_line(e)}", file=sys.stderr)
                status = 2
    return status


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    if args.cmd == "check":
        return _check(args.files)
    read = read_map(args.file)
    if args.cmd == "dump":
        print(json.dumps(dump_json(read)) if args.json else dump_text(read))
        return 0
    write_tmx(read.board, args.out, read.description)
    print(f"{args.out}: {read.board.width}x{read.board.height} map written.")
    if read.warnings:
        print(read.left_out())
    return 0


__all__ = ["dump_json", "dump_text", "main"]
