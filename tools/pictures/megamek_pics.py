"""The README's MegaMek picture: a board written in MegaMek's .board format (a river
with a bridge, a road, a walled town of buildings, woods, a hill, a swamp that is left
out), converted with ``python main.py map convert`` and shown by the previewer's own
``--png`` export (docs/megamek.md)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from game.hexgrid import Hex
from game.referee.maps import main as map_main
from game.ui.scenes.hexes.preview import command as preview

SIZE = (16, 12)
ZOOM = 0.75
PICTURE = (round((63 * SIZE[0] + 21) * ZOOM), round((72 * SIZE[1] + 36) * ZOOM))


def sample_board() -> str:
    """The sample board's text: each hex's level and terrain from a small plan."""
    w, h = SIZE
    cells: dict[tuple[int, int], tuple[int, str]] = {}
    for r in range(h):  # a river down column 9, deep in its middle
        cells[(8, r)] = (0, "water:2" if 3 <= r <= 8 else "water:1")
    for c in range(w):  # an east-west road, a bridge over the river
        cells[(c, 6)] = (0, "road:1")
    cells[(8, 6)] = (0, "water:2;bridge:2:20;bridge_cf:40;bridge_elev:1")
    for c, r, cls in ((11, 3, 2), (12, 3, 2), (11, 4, 3), (13, 4, 1), (12, 8, 4), (13, 8, 2)):
        cells[(c, r)] = (0, f"building:{cls};bldg_cf:{(15, 40, 90, 150)[cls - 1]};bldg_elev:2")
    for c in (11, 12, 13):
        cells.setdefault((c, 5), (0, "pavement:1"))
    for c, r in ((2, 1), (3, 1), (2, 2), (3, 2), (4, 2), (3, 3), (1, 9), (2, 9), (2, 10)):
        cells[(c, r)] = (0, "woods:2" if (c + r) % 3 == 0 else "woods:1")
    for c, r, lvl in ((4, 8, 1), (5, 8, 2), (5, 9, 2), (4, 9, 1), (6, 9, 1), (5, 10, 1)):
        cells[(c, r)] = (lvl, "rough:1" if lvl == 2 else "")
    cells[(14, 10)] = (0, "swamp:1")
    lines = ["# hexplate's README sample, written in the MegaMek board format", f"size {w} {h}",
             'tag "river"', 'description "A river town for the README"']  # fmt: skip
    for r in range(h):
        for c in range(w):
            level, terrain = cells.get((c, r), (0, ""))
            lines.append(f'hex {Hex(c, r).name()} {level} "{terrain}" "grass"')
    return "\n".join([*lines, "end", ""])


def converted_board(out: Path) -> None:
    """Write the sample .board, convert it to .tmx, preview the .tmx into ``out``."""
    with tempfile.TemporaryDirectory(prefix="hexplate-pic-") as tmp:
        board = Path(tmp) / "river_town.board"
        board.write_text(sample_board(), encoding="utf-8")
        tmx = Path(tmp) / "river_town.tmx"
        if map_main(["convert", str(board), str(tmx)]) != 0:
            raise SystemExit("map convert of the sample board failed")
        if preview.main([str(tmx), "--png", str(out), "--zoom", str(ZOOM)]) != 0:
            raise SystemExit(f"preview --png of {tmx} failed")
