"""Every referee answer of every scenario in tests/ and docs/, in one text file.

``python tools/referee_answers.py OUT.txt`` asks ``main.py rules ...`` (in this process)
every command family about every scenario file under tests/ and docs/ and writes each
answer (exit code, stdout, stderr) to OUT.txt. Run it before and after a change that
must not change behaviour and diff the two files: they must be byte-identical.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.cli import main  # noqa: E402

ASKS: tuple[tuple[str, ...], ...] = (
    ("move",),
    ("move", "--resolve"),
    ("move", "--variant", "classic"),
    ("reach",),
    ("reach", "--mode", "walk"),
    ("reach", "--mode", "run"),
    ("reach", "--mode", "jump"),
    ("los",),
    ("attack",),
    ("attack", "--resolve"),
    ("attack", "--resolve", "--seed", "7"),
    ("heat",),
    ("heat", "--resolve"),
    ("physical",),
    ("physical", "--resolve"),
    ("aero",),
    ("aero", "--resolve"),
    ("regiment",),
)
ORDERS = (("A", "A=8,B=5"), ("B", "A=3,B=7"), ("A", "A=1,B=1"), ("A", "A=0,B=4"))


def ask(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code
    return f"$ rules {' '.join(argv[1:])}\nexit {code}\n{out.getvalue()}{err.getvalue()}\n"


def main_() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="the text file to write (it is overwritten)")
    out = ap.parse_args().out
    files = sorted(
        p.relative_to(ROOT).as_posix()
        for base in ("tests", "docs")
        for p in (ROOT / base).rglob("*.json")
    )
    with out.open("w", encoding="utf-8") as fh:
        for winner, units in ORDERS:
            fh.write(ask(["rules", "order", "--initiative-winner", winner, "--units", units]))
        for f in files:
            for a in ASKS:
                fh.write(ask(["rules", a[0], f, *a[1:]]))


if __name__ == "__main__":
    main_()
