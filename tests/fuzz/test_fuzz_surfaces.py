"""Fuzzing what the newer rule sets brought (issue 26).

- Scenarios: the combat, heat, physical and aerospace scenarios of tests/scenarios and
  the regiments scenarios, mutated (fuzzkit.mutate_json / mutate_text), each through
  every ``rules`` command that reads it: exit 0, or exit 2 with one line naming the file.
- Saves: hex games played with random legal actions (game.bot.autoplay's player) and stopped
  in every phase that waits for a player (deployment, initiative, movement, weapon,
  physical) and right after the heat and end phases (which never wait, so no save can
  stop inside them: docs/saves.md), and regiments
  games stopped in every phase (activations, charges); each save edited field by field
  and at random must be refused in one sentence naming the file, or load as the same game.

FAST mutants in every run, SLOW more in the slow suite; the counts are the constants.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fuzzkit import (
    bad_ending,
    crash,
    get,
    locations,
    mutate_json,
    mutate_text,
    nudged,
    put,
    run_cli,
)
from games import map_game

from game.bot import autoplay
from game.core.files import SaveError
from game.flow import ENGINE as FLOW
from game.flow import apply, outcome
from game.phases.actions import StartGame
from game.phases.movers import rules_mover
from game.regiments import save as regiments_save
from game.regiments.engine import ENGINE
from game.regiments.setup import game_from_scenario
from game.save import load_game, save_game

REPO = Path(__file__).resolve().parents[2]
HEX_SOURCES = sorted(p for p in (REPO / "tests" / "scenarios").glob("*.json")
                     if p.name.startswith(("combat_", "physical_", "aero_"))
                     and not p.name.endswith(".expected.json"))  # fmt: skip
REG_SOURCES = sorted(
    [p for p in (REPO / "tests" / "regiments" / "scenarios").glob("*.json")
     if not p.name.endswith(".expected.json")] + [REPO / "scenarios" / "regiments-grassland.json"]
)  # fmt: skip
HEX_COMMANDS = (["move"], ["reach"], ["los"], ["attack"], ["attack", "--resolve"], ["heat"],
                ["heat", "--resolve"], ["physical"], ["physical", "--resolve"], ["aero"],
                ["aero", "--resolve"])  # fmt: skip
REG_COMMANDS = (["regiment"], ["regiment", "--seed", "3"])
FAST_SCENARIOS, SLOW_SCENARIOS = 16, 240
FAST_SAVE_EDITS, SLOW_SAVE_EDITS = 24, 600


def _mutant(folder: Path, src: Path, seed: int) -> tuple[Path, str]:
    rng = random.Random(seed)
    doc = json.loads(src.read_text())
    path = folder / f"m{seed}.json"
    if rng.random() < 0.85:
        doc, edits = mutate_json(doc, rng, rng.randint(1, 3))
        path.write_text(json.dumps(doc), encoding="utf-8")
        return path, f"{src.name} {edits}"
    raw, what = mutate_text(json.dumps(doc, indent=1), rng)
    path.write_bytes(raw)
    return path, f"{src.name} {what}"


def fuzz_scenarios(folder: Path, seeds: range) -> tuple[list[str], int]:
    failures, runs = [], 0
    for seed in seeds:
        regiments = seed % 3 == 0
        sources, commands = (REG_SOURCES, REG_COMMANDS) if regiments else (
            HEX_SOURCES, HEX_COMMANDS)  # fmt: skip
        path, done = _mutant(folder, sources[seed % len(sources)], seed)
        for command in commands:
            runs += 1
            try:
                code, _, err = run_cli(["rules", command[0], str(path), *command[1:]])
                why = bad_ending(code, err, path)
            except Exception as e:  # noqa: BLE001 - the finding
                why = crash(e)
            if why is not None:
                failures.append(f"seed {seed} rules {' '.join(command)} ({done}): {why}")
        path.unlink()
    return failures, runs


def test_fuzz_combat_physical_aero_and_regiments_scenarios(tmp_path: Path) -> None:
    failures, runs = fuzz_scenarios(tmp_path, range(FAST_SCENARIOS))
    assert runs >= FAST_SCENARIOS * 2
    assert not failures, "\n".join(failures[:5])


@pytest.mark.slow
def test_fuzz_combat_physical_aero_and_regiments_scenarios_more(tmp_path: Path) -> None:
    failures, _ = fuzz_scenarios(tmp_path, range(9000, 9000 + SLOW_SCENARIOS))
    assert not failures, "\n".join(failures[:5])


# --- saves stopped in every phase ------------------------------------------------------------


def _stepping(engine, state, seen: dict[str, object], tools=None):  # noqa: ANN001, ANN202
    """The engine's automatic steps one at a time, so that a save can stop in phases that
    end by themselves (heat, end) as well; the first state of each phase is kept."""
    for _ in range(200):
        seen.setdefault(str(state.phase), state)
        action = engine.automatic(state)
        if action is None:
            return state
        state = engine.apply_strict(state, action, tools).state
    return state


WAITING_PHASES = ("deployment", "initiative", "movement", "weapon attack", "physical attack")
AFTER_HEAT_AND_END = "after heat and end"  # docs/saves.md: the honest save of those phases


def hex_games_by_phase(seed: int, turns: int = 30) -> dict[str, object]:
    """The first state of each phase a random legal game on a map waits in, the first
    state right after a turn's heat and end phases (they never wait: they run inside the
    action that closes the attack phases, and the state after them is what the window's
    autosave and its end-of-turn summary hold), and the game as it ends."""
    state = apply(map_game(seed, "city"), StartGame()).state  # type: ignore[union-attr]
    pick = random.Random(seed)
    seen: dict[str, object] = {}
    state = _stepping(FLOW, state, seen, rules_mover)
    wanted = {*WAITING_PHASES, AFTER_HEAT_AND_END}
    for _ in range(3000):
        if outcome(state) is not None or state.turn > turns or wanted <= set(seen):
            break
        state = _stepping(FLOW, autoplay._one_action(state, pick), seen, rules_mover)
        if state.turn > 1:  # the closing action ran turn 1's heat and end phases
            seen.setdefault(AFTER_HEAT_AND_END, state)
    assert "heat" not in seen and "end" not in seen  # if either ever waits, save it there
    seen["later"] = state
    return seen


def regiments_games_by_phase(seed: int) -> dict[str, object]:
    state = game_from_scenario(REPO / "scenarios" / "regiments-grassland.json", seed=seed)
    rng = random.Random(seed)
    seen: dict[str, object] = {}
    for _ in range(50):
        state = _stepping(ENGINE, state, seen)
        options = ENGINE.choices(state)
        rng.shuffle(options)
        for a in options:
            out = ENGINE.apply(state, a)
            if out.ok:
                state = out.state
                break
        else:
            break
    return seen


@pytest.fixture(scope="module")
def phase_saves(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, Path, object, dict]]:
    folder = tmp_path_factory.mktemp("phase_saves")
    out = []
    for phase, state in hex_games_by_phase(2).items():  # seed 2 closes in: physical attacks
        path = folder / f"hex_2_{phase}.json"
        save_game(state, path)  # type: ignore[arg-type]
        out.append(("hex", path, state, json.loads(path.read_text())))
    for seed in (1, 2):
        for phase, state in regiments_games_by_phase(seed).items():
            path = folder / f"reg_{seed}_{phase}.json"
            regiments_save.save_game(state, path)  # type: ignore[arg-type]
            out.append(("regiments", path, state, json.loads(path.read_text())))
    return out


def test_the_games_reach_every_phase(phase_saves) -> None:
    hex_phases = {p.stem.split("_", 2)[2] for k, p, _, _ in phase_saves if k == "hex"}
    reg_phases = {p.stem.split("_", 2)[2] for k, p, _, _ in phase_saves if k == "regiments"}
    assert set(WAITING_PHASES) | {AFTER_HEAT_AND_END, "later"} <= hex_phases, hex_phases
    assert len(reg_phases) >= 2, reg_phases


def _verdict(kind: str, path: Path, saved: object) -> str | None:
    loader = load_game if kind == "hex" else regiments_save.load_game
    try:
        loaded = loader(path)
    except SaveError as e:
        msg = str(e)
        return None if "\n" not in msg and str(path) in msg else f"bad sentence: {msg[:200]}"
    except Exception as e:  # noqa: BLE001 - the finding
        return crash(e)
    return None if loaded == saved else "loaded into a different game"


def fuzz_saves(phase_saves, folder: Path, count: int, base: int) -> tuple[list[str], int]:
    failures, done = [], 0
    for kind, src, state, _doc in phase_saves:
        assert _verdict(kind, src, state) is None  # the unedited save loads as saved
    spots = [(i, at) for i, (_, _, _, doc) in enumerate(phase_saves)
             for at in list(locations(doc))[1:]]  # fmt: skip
    rng = random.Random(base)
    for n in range(count):
        i, at = rng.choice(spots)
        kind, src, state, doc = phase_saves[i]
        path = folder / f"edit_{n}.json"
        if n % 4 == 3:
            edited, _ = mutate_json(doc, rng, rng.randint(1, 3))
        else:
            edited = put(json.loads(json.dumps(doc)), at, nudged(get(doc, at), rng))
        path.write_text(json.dumps(edited))
        why = _verdict(kind, path, state)
        done += 1
        if why is not None:
            failures.append(f"{src.stem} {list(at)}: {why}")
        path.unlink()
    return failures, done


def test_fuzz_saves_of_every_phase_of_both_rule_sets(phase_saves, tmp_path: Path) -> None:
    failures, done = fuzz_saves(phase_saves, tmp_path, FAST_SAVE_EDITS, 1)
    assert done == FAST_SAVE_EDITS
    assert not failures, "\n".join(failures[:8])


@pytest.mark.slow
def test_fuzz_saves_of_every_phase_of_both_rule_sets_more(phase_saves, tmp_path: Path) -> None:
    failures, _ = fuzz_saves(phase_saves, tmp_path, SLOW_SAVE_EDITS, 2)
    assert not failures, "\n".join(failures[:8])
