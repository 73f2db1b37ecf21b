"""Every referee answer for every scenario under tests/, to compare before and after a rule
change (the contract: existing answers stay byte-identical unless a rule demands it).

    python tools/referee_snapshot.py record OUT.json
    python tools/referee_snapshot.py diff BEFORE.json AFTER.json [-v]

Each scenario is asked move, reach (walk, run, jump), both variants, and, where it has
the blocks, los, attack, heat, physical and aero (plain and resolved with fixed seeds),
plus every question of every ``*.expected.json``. Timing is dropped.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.referee.moves import main  # noqa: E402


def _questions(f: str, data: Any) -> list[list[str]]:
    qs = [["move", f], ["move", f, "--resolve", "--seed", "3"], ["reach", f],
          ["reach", f, "--mode", "run"], ["reach", f, "--mode", "jump"],
          ["move", f, "--variant", "classic"], ["reach", f, "--variant", "classic"]]  # fmt: skip
    blocks = data if isinstance(data, dict) else {}
    if "attack" in blocks or "attacks" in blocks:
        qs += [["los", f], ["attack", f], ["heat", f], ["heat", f, "--resolve", "--seed", "2"]]
        qs += [["attack", f, "--resolve", "--seed", s] for s in ("1", "7")]
    if "physical" in blocks:
        qs += [["physical", f], ["physical", f, "--variant", "classic"]]
        qs += [["physical", f, "--resolve", "--seed", s] for s in ("1", "5")]
    if blocks.get("aero") is not None or "aero" in f:
        qs += [["aero", f], ["aero", f, "--resolve", "--seed", "1"]]
    if "regiment" in f:
        qs.append(["regiment", f, "--seed", "1"])
    return qs


def questions() -> list[list[str]]:
    found = [p for p in ROOT.glob("tests/**/*.json") if "scenarios" in p.parts]
    files = sorted({str(p.relative_to(ROOT)) for p in found if ".expected" not in p.name})
    out: list[list[str]] = []
    for f in files:
        try:
            data = json.loads((ROOT / f).read_text())
        except (OSError, ValueError):
            data = {}
        out += _questions(f, data)
    for exp in sorted(ROOT.glob("tests/**/*.expected.json")):
        spec = json.loads(exp.read_text())
        if "args" in spec and "scenario" in spec:
            cmd, *extra = spec["args"]
            out.append([cmd, str((exp.parent / spec["scenario"]).relative_to(ROOT)), *extra])
    return out


def ask(q: list[str]) -> dict[str, Any]:
    o, e = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(o), contextlib.redirect_stderr(e):
        try:
            rc: Any = main(q)
        except BaseException as ex:  # noqa: BLE001 - a crash is an answer to record
            rc = f"crash {type(ex).__name__}: {ex}"
    text = o.getvalue()
    try:
        j = json.loads(text)
        j.pop("timing", None)
        text = json.dumps(j, sort_keys=True)
    except ValueError:
        pass
    return {"rc": rc, "out": text, "err": e.getvalue().strip()}


def record(path: str) -> None:
    import os

    os.chdir(ROOT)
    answers = {" ".join(q): ask(q) for q in questions()}
    Path(path).write_text(json.dumps(answers, indent=0, sort_keys=True))
    print(len(answers), "answers")


def diff(before: str, after: str, verbose: bool) -> int:
    a = json.loads(Path(before).read_text())
    b = json.loads(Path(after).read_text())
    changed = [k for k in sorted(set(a) & set(b)) if a[k] != b[k]]
    print(len(set(b) - set(a)), "new questions,", len(set(a) - set(b)), "gone")
    for k in changed:
        print("changed:", k)
        if verbose:
            print("  before:", str(a.get(k))[:2000])
            print("  after: ", str(b.get(k))[:2000])
    print(len(changed), "changed of", len(b))
    return 1 if changed else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["record"] and len(sys.argv) == 3:
        record(sys.argv[2])
    elif sys.argv[1:2] == ["diff"] and len(sys.argv) >= 4:
        sys.exit(diff(sys.argv[2], sys.argv[3], "-v" in sys.argv))
    else:
        sys.exit(__doc__)
