"""Fuzzing what issue 26's second half brought: saves of older versions, which must prove
they are the game they say (game.save_old, docs/saves.md), and the armies file, read by
the one validator (game.core.values).

- A version 6 save relabelled as each older version (1 to 5, with that version's keys)
  and edited at random: every one refused in one sentence naming the file (versions 1 to
  3 cannot be checked at all; a version 4 or 5 save must pass its own digest, which no
  relabelled or edited save does).
- Real saves proven by their recomputed digest (tests/saves/v5_damaged_start.json, and
  v4_late_damaged_start.json in the slow suite, their units damaged at the start) edited
  at random: every edit refused or the same game.
- The armies file mutated: one sentence naming armies.json, or armies every regiment of
  which the validator accepts.

FAST mutants in every run, SLOW more in the slow suite (modest: the suite's time budget).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fuzzkit import crash, mutate_json
from games import played, scenario_game

from game.core.files import SaveError
from game.save import load_game, save_game
from game.save_old import OLD_SNAPSHOT_KEYS

FAST, SLOW = 15, 150
ARMIES = Path(__file__).resolve().parents[2] / "game" / "regiments" / "data" / "armies.json"
SAVES = Path(__file__).resolve().parents[1] / "saves"


def as_old(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """A version 6 save with an older version's label and snapshot keys."""
    out = json.loads(json.dumps(doc))
    out["version"] = version
    out["snapshot"] = {k: out["snapshot"][k] for k in OLD_SNAPSHOT_KEYS}
    return out


def verdict(path: Path, saved: Any, must_refuse: bool) -> str | None:
    """None when the file is refused in one sentence naming it, or (unless it must be
    refused) loads as ``saved``; else what is wrong."""
    try:
        loaded = load_game(path)
    except SaveError as e:
        msg = str(e)
        return None if "\n" not in msg and str(path) in msg else f"not one sentence: {msg[:300]}"
    except Exception as e:  # noqa: BLE001 - the finding
        return crash(e)
    if must_refuse:
        return "loaded, though it cannot prove its game"
    return None if loaded == saved else "loaded into a different game"


@pytest.fixture(scope="module")
def relabelled(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("old")
    save_game(played(scenario_game(21), 21, 16), folder / "v6.json")
    return json.loads((folder / "v6.json").read_text())


def _random_relabelled(doc: dict[str, Any], tmp_path: Path, seeds: range) -> list[str]:
    failures = []
    for seed in seeds:
        rng = random.Random(seed)
        version = 1 + seed % 5
        edited, done = mutate_json(as_old(doc, version), rng, rng.randint(0, 2))
        path = tmp_path / f"random_{seed}.json"
        path.write_text(json.dumps(edited))
        why = verdict(path, None, True)
        if why is not None:
            failures.append(f"seed {seed} v{version} {done}: {why}")
    return failures


def test_fuzz_relabelled_and_edited_old_saves(relabelled, tmp_path: Path) -> None:
    failures = _random_relabelled(relabelled, tmp_path, range(FAST))
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_relabelled_and_edited_old_saves_more(relabelled, tmp_path: Path) -> None:
    failures = _random_relabelled(relabelled, tmp_path, range(5000, 5000 + SLOW))
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


# --- real old saves, proven by their own digest ---------------------------------------

REAL = (SAVES / "v5_damaged_start.json", SAVES / "v4_late_damaged_start.json")


def _random_real(tmp_path: Path, seeds: range, real: tuple[Path, ...] = REAL) -> list[str]:
    """Their units start damaged, so once an edit breaks the recomputed digest nothing is
    left to let it through: every edit is refused or loads as the same game."""
    games = [(json.loads(p.read_text()), load_game(p)) for p in real]
    failures = []
    for seed in seeds:
        rng = random.Random(seed)
        doc, state = games[seed % len(games)]
        edited, done = mutate_json(doc, rng, rng.randint(1, 2))
        path = tmp_path / f"real_{seed}.json"
        path.write_text(json.dumps(edited))
        why = verdict(path, state, False)
        if why is not None:
            failures.append(f"seed {seed} {done}: {why}")
    return failures


def test_fuzz_real_old_saves(tmp_path: Path) -> None:
    failures = _random_real(tmp_path, range(FAST), REAL[:1])  # the version 4 one: slow suite
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_real_old_saves_more(tmp_path: Path) -> None:
    failures = _random_real(tmp_path, range(3000, 3000 + SLOW))
    assert not failures, "\n".join(failures[:8])
