"""Write the terrain tables of the docs from the terrain list (game/terrain.py).

    python tools/terrain_docs.py          # rewrite docs/terrain.md and the marked tables
    python tools/terrain_docs.py --check  # exit 1 if any of them is out of date

docs/terrain.md is generated whole; in docs/maps.md and docs/scenario-format.md the table
between ``<!-- terrain:NAME -->`` and ``<!-- /terrain -->`` is replaced, the prose around
it is the docs' own. tests/test_terrain.py fails when a doc and the list differ.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import terrain  # noqa: E402

# doc -> marker name -> table maker
TABLES: dict[str, dict[str, Callable[[], str]]] = {
    "docs/maps.md": {"tiles": terrain.tile_table},
    "docs/scenario-format.md": {"hexes": terrain.scenario_table},
}


def rendered(root: Path = ROOT) -> dict[Path, str]:
    """Every generated doc's text as it should be."""
    out = {root / "docs/terrain.md": terrain.overview()}
    for doc, tables in TABLES.items():
        path = root / doc
        text = path.read_text(encoding="utf-8")
        for name, make in tables.items():
            pattern = re.compile(
                rf"(<!-- terrain:{name} -->\n).*?(\n<!-- /terrain -->)", flags=re.DOTALL
            )
            if not pattern.search(text):
                raise SystemExit(f"{doc}: no '<!-- terrain:{name} -->' ... '<!-- /terrain -->'")
            table = make()
            text = pattern.sub(lambda m, t=table: m.group(1) + t + m.group(2), text)
        out[path] = text
    return out


def main(argv: list[str]) -> int:
    stale = [p for p, text in rendered().items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]  # fmt: skip
    if "--check" in argv:
        for p in stale:
            print(f"{p.relative_to(ROOT)} is out of date: run python tools/terrain_docs.py")
        return 1 if stale else 0
    for p, text in rendered().items():
        p.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
