"""``python main.py designs import|list|show``: the player's MegaMek unit files as designs.

* ``designs import FILE|FOLDER``: reads every .mtf / .blk file (a folder with its
  subfolders) and copies each readable design into the player's design folder
  (game.designs.user) in our format; one line per file, read or refused and why, and a
  progress bar on stderr for a big folder;
* ``designs list [--search TEXT]``: the roster, bundled and imported, one line each;
* ``designs show KEY|FILE [--json]``: one design by code, name or unit file; ``--json``
  in the schema of docs/scenario-format.md (Extension 4).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from game.core.atomic import write_atomic
from game.core.errors import one_line
from game.designs import bundled, catalog, design, design_dir, reload, weapons_table
from game.designs.model import Design
from game.designs.schema import DesignError
from game.designs.unit_files import UNIT_SUFFIXES, design_json, read_unit_file, show_json
from game.designs.user import file_name, user_designs

BAR_FROM = 20  # files: a folder this big gets a progress bar


def unit_files(target: Path) -> list[Path]:
    if target.is_dir():
        return sorted(p for p in target.rglob("*") if p.suffix.lower() in UNIT_SUFFIXES)
    return [target]


def _bar(done: int, total: int, out: TextIO) -> None:
    width = 30
    filled = width * done // total
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        out.write("\n")
    out.flush()


def import_files(target: Path, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Import every unit file under ``target``; exit 0 if at least one was read, else 2."""
    out, err = out or sys.stdout, err or sys.stderr
    if not target.exists():
        raise DesignError(f"{target}: no such file or folder.")
    files = unit_files(target)
    folder = design_dir()
    taken = {d.code for d in bundled().values()}
    mine = {d.name: d for d in user_designs(weapons_table())[0]}
    read = refused = 0
    for i, path in enumerate(files, 1):
        try:
            got = read_unit_file(path, weapons_table())
            d = got.design
            if d.code in taken and bundled().get(d.code, d).chassis == d.chassis:
                raise DesignError(f"{path}: {d.name} is already in the bundled roster.")
            write_atomic(folder / file_name(d), json.dumps(design_json(d), indent=1) + "\n")
            again = " (replaces the one imported before)" if d.name in mine else ""
            note = f"; {got.note}" if got.note else ""
            print(f"read {path}: {d.name}, {d.tons} tons, {d.kind}{again}{note}", file=out)
            read += 1
        except DesignError as e:
            print(f"refused {one_line(e)}", file=out)
            refused += 1
        except OSError as e:
            print(f"refused {path}: it cannot be written to {folder} ({e.strerror}).", file=out)
            refused += 1
        if len(files) >= BAR_FROM:
            _bar(i, len(files), err)
    reload()
    print(f"{read} read, {refused} refused; designs are in {folder}", file=out)
    return 0 if read else 2


def matches(d: Design, text: str) -> bool:
    words = text.lower().split()
    hay = f"{d.name} {d.code} {d.kind} {d.tons} {d.era or ''}".lower()
    return all(w in hay for w in words)


def list_designs(search: str, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    own = {d.code for d in user_designs(weapons_table())[0]} - set(bundled())
    for d in catalog().values():
        if matches(d, search):
            era = f", {d.era}" if d.era else ""
            mark = "  (imported)" if d.code in own else ""
            print(f"{d.code:<24} {d.name}: {d.tons} tons, {d.kind}{era}{mark}", file=out)
    _, broken = user_designs(weapons_table())
    for why in broken:
        print(f"broken {one_line(why)}", file=out)
    return 0


def show(key: str, as_json: bool, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    path = Path(key)
    if path.suffix.lower() in UNIT_SUFFIXES:
        got = read_unit_file(path, weapons_table())
        d, model = got.design, got.model
    else:
        d, model = design(key), ""
    doc = show_json(d, model)
    if as_json:
        print(json.dumps(doc), file=out)
        return 0
    print(f"{d.name}: {d.tons}-ton {d.kind}, walk {d.walk} / run {d.run} / jump {d.jump}", file=out)
    for m in doc["weapons"]:
        print(f"  {m['name']} ({m['location']}{', rear' if m['rear'] else ''})", file=out)
    for b in doc["ammo"]:
        print(f"  ammunition {b['weapon']} ({b['location']}, {b['shots']} shots)", file=out)
    print(f"  armour {sum(doc['armor'].values())} points: "
          + ", ".join(f"{k} {v}" for k, v in doc["armor"].items()), file=out)  # fmt: skip
    return 0


def main(argv: Sequence[str]) -> int:
    ap = argparse.ArgumentParser(prog="python main.py designs", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    i = sub.add_parser("import", help="copy readable .mtf/.blk designs into your design folder")
    i.add_argument("target", type=Path)
    li = sub.add_parser("list", help="every design of the roster")
    li.add_argument("--search", default="", help="words the line must hold (name, kind, ...)")
    s = sub.add_parser("show", help="one design by code, name or unit file")
    s.add_argument("key")
    s.add_argument("--json", action="store_true")
    args = ap.parse_args(list(argv))
    if args.cmd == "import":
        return import_files(args.target)
    if args.cmd == "list":
        return list_designs(args.search)
    return show(args.key, args.json)
