"""Fuzzing what issue 26's second half brought: saves of older versions, which must prove
their start (game.save_old, docs/saves.md), and the armies file, read by the one
validator (game.core.values).

- Hex saves written the way versions 1, 3 and 5 wrote them (a scenario game with roster
  designs and standard units, played on): every value of their starting units edited one
  at a time, and random edits anywhere. Each must be refused in one sentence naming the
  file, or load as the same game; an edit may load as another game only where docs/saves.md
  says an old save cannot tell: a start choice the recorded actions never tested (a unit's
  placement, the seed, the dice script, the rules, options, sides and turn limit) or an
  action edited into another legal one that reaches the same snapshot counts (found by
  this fuzzer: a move's step changed).
- A real version 5 save (tests/saves/v5_damaged_start.json, proven by its recomputed
  digest, its units damaged at the start) edited at random: every edit refused or the
  same game, with nothing left unproven.
- Regiments saves of version 1: their start edited at random, the same verdict (what a
  version 1 start cannot prove: its table, scenery, scale, seed and sides).
- The armies file mutated: one sentence naming armies.json, or armies every regiment of
  which the validator accepts.

FAST mutants in every run, SLOW more in the slow suite (modest: the suite's time budget).
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest
from fuzzkit import crash, get, locations, mutate_json, nudged, put
from games import played, scenario_game

from game.core.files import SaveError
from game.save import load_game, save_game
from game.save_old import OLD_SNAPSHOT_KEYS, PLACED, UNMODELLED

FAST, SLOW = 15, 150
STRIDE = 5  # every 5th value of the starting units in every run, every value in the slow suite
ARMIES = Path(__file__).resolve().parents[2] / "game" / "regiments" / "data" / "armies.json"
HEX_UNPROVEN = ("seed", "dice", "rules", "options", "sides", "turn_limit")  # docs/saves.md
REG_UNPROVEN = ("table", "scenery", "cm_per_pixel", "seed", "sides")


def as_old(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """A version 6 save as the version ``version`` writer wrote it (tests/test_old_saves.py)."""
    out = json.loads(json.dumps(doc))
    out["version"] = version
    keep = OLD_SNAPSHOT_KEYS if version >= 4 else OLD_SNAPSHOT_KEYS[:5]
    out["snapshot"] = {k: out["snapshot"][k] for k in keep}
    if version < 3:
        for k in ("options", "turn_limit"):
            out["start"].pop(k, None)
    return out


def _mixed_game(seed: int) -> Any:
    """Roster designs beside standard units, placed by a scenario, played on."""
    from game.designs.roster import make_unit
    from game.hexgrid import Hex
    from game.setup import new_game

    base = scenario_game(seed)
    a = make_unit("HBK-4G", "A9", "A", at=Hex(8, 9), facing=2)
    b = make_unit("COM-2D", "B9", "B", at=Hex(25, 9), facing=5)
    s = new_game(base.board, map_ref=base.start.map_ref, seed=seed, units=(*base.start.units, a, b))
    return played(s, seed, 16)


@pytest.fixture(scope="module")
def old_saves(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[int, Any, dict[str, Any]]]:
    folder = tmp_path_factory.mktemp("old")
    state = _mixed_game(21)
    save_game(state, folder / "v6.json")
    doc = json.loads((folder / "v6.json").read_text())
    return [(v, state, as_old(doc, v)) for v in (1, 3, 5)]


def _unproven(at: tuple[Any, ...], doc: dict[str, Any]) -> bool:
    """An edit at ``at`` that docs/saves.md says an old save cannot tell from the game."""
    if len(at) >= 2 and at[0] == "start" and at[1] in HEX_UNPROVEN:
        return True
    if len(at) >= 4 and at[:2] == ("start", "units") and isinstance(at[2], int):
        unit = doc["start"]["units"][at[2]] if at[2] < len(doc["start"]["units"]) else {}
        free = PLACED + (() if "model" in unit else UNMODELLED)
        return at[3] in free
    return at[:1] == ("actions",) or at[:2] == ("snapshot", "digest")


def verdict(path: Path, saved: Any, may_differ: bool) -> str | None:
    try:
        loaded = load_game(path)
    except SaveError as e:
        msg = str(e)
        return None if "\n" not in msg and str(path) in msg else f"not one sentence: {msg[:300]}"
    except Exception as e:  # noqa: BLE001 - the finding
        return crash(e)
    return None if may_differ or loaded == saved else "loaded into a different game"


def test_the_old_saves_load_as_the_game(old_saves, tmp_path: Path) -> None:
    for version, state, doc in old_saves:
        path = tmp_path / f"v{version}.json"
        path.write_text(json.dumps(doc))
        assert load_game(path) == state, version
    assert len(state.history) >= 10 and any("model" in u for u in doc["start"]["units"])


def _unit_values_edited(old_saves, tmp_path: Path, stride: int) -> None:
    failures, refused, count = [], 0, 0
    version, state, doc = old_saves[-1]
    for i, at in enumerate(list(locations(doc["start"]["units"]))[1::stride]):
        at = ("start", "units", *at)
        edited = put(json.loads(json.dumps(doc)), at, nudged(get(doc, at), random.Random(i)))
        path = tmp_path / "edit.json"
        path.write_text(json.dumps(edited))
        why = verdict(path, state, _unproven(at, doc))
        count += 1
        if why is not None:
            failures.append(f"v{version} {list(at)}: {why}")
    for u in range(len(doc["start"]["units"])):  # a value its design gives, added
        for key, value in (("armor", {"LA": 1}), ("heat", 3), ("damage", {"pilot_hits": 1})):
            edited = json.loads(json.dumps(doc))
            edited["start"]["units"][u][key] = value
            path = tmp_path / "added.json"
            path.write_text(json.dumps(edited))
            try:
                load_game(path)
                failures.append(f"unit {u} {key}: loaded")
            except SaveError as e:
                refused += "does not record where its starting units came from" in str(e)
    assert count > 60 // stride and refused >= len(doc["start"]["units"]) * 2
    assert not failures, "\n".join(failures[:8])


def test_values_of_an_old_saves_starting_units_edited(old_saves, tmp_path: Path) -> None:
    _unit_values_edited(old_saves, tmp_path, STRIDE)


@pytest.mark.slow
def test_every_value_of_an_old_saves_starting_units_edited(old_saves, tmp_path: Path) -> None:
    _unit_values_edited(old_saves, tmp_path, 1)


def _random_old(old_saves, tmp_path: Path, seeds: range) -> list[str]:
    failures = []
    for seed in seeds:
        rng = random.Random(seed)
        version, state, doc = old_saves[seed % len(old_saves)]
        edited, done = mutate_json(doc, rng, rng.randint(1, 2))
        spots = [tuple(ast.literal_eval(d.split(" = ")[0].removeprefix("del "))) for d in done]
        path = tmp_path / f"random_{seed}.json"
        path.write_text(json.dumps(edited))
        why = verdict(path, state, any(_unproven(at, doc) for at in spots))
        if why is not None:
            failures.append(f"seed {seed} v{version} {done}: {why}")
    return failures


def test_fuzz_randomly_edited_old_saves(old_saves, tmp_path: Path) -> None:
    failures = _random_old(old_saves, tmp_path, range(FAST))
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_randomly_edited_old_saves_more(old_saves, tmp_path: Path) -> None:
    failures = _random_old(old_saves, tmp_path, range(5000, 5000 + SLOW))
    assert not failures, "\n".join(failures[:8])


# --- regiments saves of version 1 -------------------------------------------------------


@pytest.fixture(scope="module")
def regiments_v1(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any]]:
    from game.regiments.actions import RegimentHold, RollFirstActivation
    from game.regiments.engine import replay
    from game.regiments.save import save_game as save_regiments
    from game.regiments.setup import game_from_armies, table_for

    state = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=8)
    state = replay(state.start, [RollFirstActivation()])
    first = next(r.id for r in state.regiments if r.side == state.to_act)
    state = replay(state.start, [RollFirstActivation(), RegimentHold(first)])
    path = tmp_path_factory.mktemp("reg") / "r.json"
    save_regiments(state, path)
    doc = json.loads(path.read_text())
    doc["version"] = 1
    del doc["snapshot"]["start"]
    return state, doc


def _random_regiments(regiments_v1, tmp_path: Path, seeds: range) -> list[str]:
    from game.regiments.save import load_game as load_regiments

    state, doc = regiments_v1
    failures = []
    for seed in seeds:
        rng = random.Random(seed)
        start = doc["start"]
        key = rng.choice(sorted(start))
        edited = json.loads(json.dumps(doc))
        edited["start"][key] = nudged(start[key], rng) if rng.random() < 0.6 else mutate_json(
            start[key], rng, 1)[0]  # fmt: skip
        path = tmp_path / f"reg_{seed}.json"
        path.write_text(json.dumps(edited))
        try:
            loaded = load_regiments(path)
        except SaveError as e:
            if "\n" in str(e) or str(path) not in str(e):
                failures.append(f"seed {seed} {key}: not one sentence: {str(e)[:200]}")
            continue
        except Exception as e:  # noqa: BLE001 - the finding
            failures.append(f"seed {seed} {key}: {crash(e)}")
            continue
        if loaded != state and key not in REG_UNPROVEN:
            failures.append(f"seed {seed} start.{key} = {edited['start'][key]!r:.60}: "
                            "loaded into a different game")  # fmt: skip
    return failures


def test_fuzz_edited_starts_of_version_1_regiments_saves(regiments_v1, tmp_path: Path) -> None:
    failures = _random_regiments(regiments_v1, tmp_path, range(FAST))
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_edited_starts_of_version_1_regiments_saves_more(regiments_v1, tmp_path) -> None:
    failures = _random_regiments(regiments_v1, tmp_path, range(7000, 7000 + SLOW))
    assert not failures, "\n".join(failures[:8])


# --- the armies file ---------------------------------------------------------------------


def _armies_mutants(tmp_path: Path, seeds: range) -> list[str]:
    from game.core.values import formation
    from game.regiments.armies import ArmyError, armies, unit_types

    data = json.loads(ARMIES.read_text())
    failures = []
    for seed in seeds:
        rng = random.Random(seed)
        edited, done = mutate_json(data, rng, rng.randint(1, 3))
        path = tmp_path / f"m{seed}" / "armies.json"
        path.parent.mkdir()
        path.write_text(json.dumps(edited))
        try:
            found = armies(path)
            assert all(formation is not None and 1 <= u.files <= 100 and u.stand[0] >= 0.01
                       and 0 <= u.move <= 1000 and isinstance(u.name, str) and u.name.strip()
                       for a in found.values() for u in a.units)  # fmt: skip
        except ArmyError as e:
            if "\n" in str(e) or not str(e).startswith("armies.json: "):
                failures.append(f"seed {seed} {done}: not one sentence: {str(e)[:200]}")
        except Exception as e:  # noqa: BLE001 - the finding
            failures.append(f"seed {seed} {done}: {crash(e)}")
        finally:
            unit_types.cache_clear()
            armies.cache_clear()
    return failures


def test_fuzz_the_armies_file(tmp_path: Path) -> None:
    failures = _armies_mutants(tmp_path, range(FAST * 2))
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_the_armies_file_more(tmp_path: Path) -> None:
    failures = _armies_mutants(tmp_path, range(9000, 9000 + SLOW * 2))
    assert not failures, "\n".join(failures[:8])


# --- a real version 5 save, proven by its own digest ------------------------------------

REAL = Path(__file__).resolve().parents[1] / "saves" / "v5_damaged_start.json"


def _random_real(tmp_path: Path, seeds: range) -> list[str]:
    """Its units start damaged, so once an edit breaks the recomputed digest nothing is
    left to let it through: every edit is refused or loads as the same game."""
    doc = json.loads(REAL.read_text())
    state = load_game(REAL)
    failures = []
    for seed in seeds:
        rng = random.Random(seed)
        edited, done = mutate_json(doc, rng, rng.randint(1, 2))
        path = tmp_path / f"real_{seed}.json"
        path.write_text(json.dumps(edited))
        why = verdict(path, state, False)
        if why is not None:
            failures.append(f"seed {seed} {done}: {why}")
    return failures


def test_fuzz_a_real_version_5_save(tmp_path: Path) -> None:
    failures = _random_real(tmp_path, range(FAST))
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_a_real_version_5_save_more(tmp_path: Path) -> None:
    failures = _random_real(tmp_path, range(3000, 3000 + SLOW))
    assert not failures, "\n".join(failures[:8])
