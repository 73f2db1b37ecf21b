"""Fuzzing maps (issue 9): mutated Tiled maps and tilesets through the map checker, a
scenario that points to them and the PNG preview. Each run ends in exit 0, or exit 2
with one line naming the file, never a traceback.

Per run of the suite: FAST maps always, SLOW more in the ``slow`` set (CI runs both).
Each map is a bundled map with 1-3 XML edits (attributes, elements, tile data, layer
encodings and compression bombs, properties, objects) or byte damage, beside a copy of
the tileset that is itself edited one time in four (and its image damaged one time in
ten).
"""

from __future__ import annotations

import io
import json
import random
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from board_mutants import make_board
from fuzzkit import bad_ending, crash, damage_bytes, mutate_text, mutate_xml, run_cli

from game.maps.tiled import main as check_maps

REPO = Path(__file__).resolve().parents[2]
MAPS = sorted((REPO / "maps").glob("*.tmx"))
FAST, SLOW = 100, 400


def make_map(folder: Path, seed: int) -> tuple[Path, str]:
    """Seeded: a damaged map (and maybe tileset) in ``folder``; what was done."""
    rng = random.Random(seed)
    src = rng.choice(MAPS)
    done = [src.name]
    folder.mkdir(parents=True, exist_ok=True)
    tsx = (REPO / "maps" / "terrain.tsx").read_text()
    if rng.random() < 0.25:
        tsx, edits = mutate_xml(tsx, rng, rng.randint(1, 3))
        done += [f"tsx: {e}" for e in edits]
    (folder / "terrain.tsx").write_text(tsx)
    png = (REPO / "maps" / "terrain.png").read_bytes()
    if rng.random() < 0.1:
        png, what = damage_bytes(png, rng)
        done.append(f"png: {what}")
    (folder / "terrain.png").write_bytes(png)
    text = src.read_text()
    path = folder / f"fuzz_{seed}.tmx"
    if rng.random() < 0.8:
        text, edits = mutate_xml(text, rng, rng.randint(1, 3))
        done += edits
        path.write_text(text)
    else:
        raw, what = (
            mutate_text(text, rng) if rng.random() < 0.5 else damage_bytes(text.encode(), rng)
        )
        done.append(what)
        path.write_bytes(raw)
    return path, "; ".join(done)


def _pointing_scenario(path: Path, seed: int) -> Path:
    rng = random.Random(seed)
    at = f"{rng.randint(1, 16):02d}{rng.randint(1, 17):02d}"
    scn = {"version": 1, "board": {"file": path.name},
           "units": [{"id": "u", "side": "A", "kind": rng.choice(["biped", "wheeled", "hover"]),
                      "tons": 50, "walk": 5, "jump": 3 if rng.random() < 0.5 else 0,
                      "at": at, "facing": 2}],
           "move": {"unit": "u", "mode": "run", "steps": ["F", "R", "F", "F"]}}  # fmt: skip
    out = path.with_suffix(".json")
    out.write_text(json.dumps(scn))
    return out


def fuzz_maps(tmp_path: Path, seeds: range, render_every: int) -> list[str]:
    """Every seed's map through the checker; loadable ones through reach, move and the
    PNG preview too. Returns the failures."""
    failures = []
    for seed in seeds:
        path, done = make_map(tmp_path / str(seed), seed)
        try:
            why = _one_map(path, seed, render_every)
        except Exception as e:  # noqa: BLE001 - the finding: report it with the seed
            why = crash(e)
        if why is not None:
            failures.append(f"seed {seed} ({done}): {why}")
        shutil.rmtree(tmp_path / str(seed), ignore_errors=True)
    return failures


def fuzz_boards(tmp_path: Path, seeds: range, render_every: int) -> list[str]:
    """MegaMek .board mutants (issue 22) through map dump, a scenario and the preview."""
    failures = []
    for seed in seeds:
        path, done = make_board(tmp_path / f"b{seed}", seed)
        try:
            why = _one_map(path, seed, render_every)
        except Exception as e:  # noqa: BLE001 - the finding: report it with the seed
            why = crash(e)
        if why is not None:
            failures.append(f"seed {seed} ({done}): {why}")
        shutil.rmtree(tmp_path / f"b{seed}", ignore_errors=True)
    return failures


def _one_map(path: Path, seed: int, render_every: int) -> str | None:
    """The checker on the map; if it loads, a scenario on it and (some seeds) a PNG."""
    if path.suffix == ".board":
        code, _, err = run_cli(["map", "dump", str(path), "--json"])
    else:
        code, _, err = _run(check_maps, [str(path)])  # python -m game.maps MAP
    why = bad_ending(code, err, path)
    if why is not None or code != 0:
        return why
    scn = _pointing_scenario(path, seed)
    for argv in (["rules", "reach", str(scn)], ["rules", "move", str(scn), "--resolve"]):
        code, _, err = run_cli(argv)
        why = why or bad_ending(code, err, scn)
    if seed % render_every == 0:
        png = path.with_suffix(".png")
        extra = ["--tiles-only"] if seed % (2 * render_every) == 0 else []
        code, _, err = run_cli(["preview", str(path), "--png", str(png), "--zoom", "0.1", *extra])
        why = why or bad_ending(code, err, path)
    return why


def _run(fn, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = fn(argv)
    return code, out.getvalue(), err.getvalue()


def test_fuzz_mutated_maps(tmp_path: Path) -> None:
    failures = fuzz_maps(tmp_path, range(FAST), render_every=4)
    assert not failures, "\n".join(failures[:5])


def test_fuzz_mutated_megamek_boards(tmp_path: Path) -> None:
    failures = fuzz_boards(tmp_path, range(FAST), render_every=5)
    assert not failures, "\n".join(failures[:5])


@pytest.mark.slow
def test_fuzz_mutated_megamek_boards_more(tmp_path: Path) -> None:
    failures = fuzz_boards(tmp_path, range(1000, 1000 + SLOW), render_every=8)
    assert not failures, "\n".join(failures[:5])


@pytest.mark.slow
def test_fuzz_mutated_maps_more(tmp_path: Path) -> None:
    failures = fuzz_maps(tmp_path, range(1000, 1000 + SLOW), render_every=6)
    assert not failures, "\n".join(failures[:5])
