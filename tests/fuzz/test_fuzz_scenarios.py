"""Fuzzing scenarios (issue 9): mutated referee scenarios through ``rules move``,
``rules move --resolve``, ``rules reach`` (every mode), ``rules attack`` and
``rules physical`` (issue 27: platoons with ``troopers`` and ``motive``, Extension 4).
Each run ends in exit 0, or exit 2 with one line naming the scenario, never a traceback.

Per run of the suite: FAST scenarios always, SLOW more in the ``slow`` set. Each one is
a scenario of tests/scenarios with 1-4 JSON edits (hostile values, nudged numbers,
hex names, deleted keys; some boards grown to 999x999 hexes, so that the windowed
queries see units and terrain near the edges) or damage to its text.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fuzzkit import bad_ending, crash, mutate_json, mutate_text, run_cli

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for p in (REPO / "tests" / "scenarios").glob("*.json")
                 if not p.name.endswith(".expected.json"))  # fmt: skip
FAST, SLOW = 200, 800
COMMANDS = (["move"], ["move", "--resolve"], ["reach"], ["reach", "--mode", "jump"],
            ["reach", "--mode", "run", "--variant", "classic"], ["attack", "--resolve"],
            ["physical", "--resolve"], ["attack"])  # fmt: skip


def make_scenario(folder: Path, seed: int) -> tuple[Path, str]:
    rng = random.Random(seed)
    src = rng.choice(SOURCES)
    doc = json.loads(src.read_text())
    done = [src.name]
    board = doc.get("board", {})
    if rng.random() < 0.15 and "width" in board:  # a huge board, the units near an edge
        board["width"], board["height"] = rng.choice([(999, 999), (150, 999), (999, 120)])
        done.append(f"board {board['width']}x{board['height']}")
    path = folder / f"fuzz_{seed}.json"
    if rng.random() < 0.5:  # plausible edits: the engine, not the reader, is fuzzed
        done += [plausible_edit(doc, rng) for _ in range(rng.randint(1, 4))]
        path.write_text(json.dumps(doc), encoding="utf-8")
    elif rng.random() < 0.8:
        doc, edits = mutate_json(doc, rng, rng.randint(1, 3))
        done += edits
        path.write_text(json.dumps(doc), encoding="utf-8")
    else:
        raw, what = mutate_text(json.dumps(doc, indent=1), rng)
        done.append(what)
        path.write_bytes(raw)
    return path, "; ".join(done)


TERRAIN = [
    {"level": 2},
    {"level": -1},
    {"water": 1},
    {"water": 3, "level": 1},
    {"woods": 2},
    {"rough": True},
    {"rubble": True},
    {"pavement": True},
    {"road": True},
    {"road": True, "road_exits": [0, 3]},
    {"building": {"class": "heavy", "height": 2}},
    {"bridge": {"class": "light", "cf": 5, "level": 1}, "water": 2, "road": True},
]
TOKENS = ["F", "F", "F", "B", "L", "R", "FL", "FR", "BL", "BR", "P", "U", "U:3", "FACE:2",
          "RS", "DV"]  # fmt: skip


def plausible_edit(doc: dict, rng: random.Random) -> str:
    """An edit the reader accepts: another hex, terrain, MP, kind, damage or step list."""
    units = doc.get("units") or []
    board = doc.get("board", {})
    w, h = board.get("width", 16), board.get("height", 17)
    digits = 3 if max(w, h) > 99 else 2

    def name(c: int, r: int) -> str:
        return f"{c + 1:0{digits}d}{r + 1:0{digits}d}"

    near = units[0]["at"] if units else name(0, 0)
    k = len(near) // 2
    c0, r0 = int(near[:k]) - 1, int(near[k:]) - 1
    spot = name(
        min(max(c0 + rng.randint(-4, 4), 0), w - 1), min(max(r0 + rng.randint(-4, 4), 0), h - 1)
    )
    op = rng.randrange(10)
    if op in (6, 7) and units:
        return platoon_edit(doc, units, spot, rng) if op == 6 else fight_edit(doc, units, rng)
    if op == 0 and "hexes" in board:
        board["hexes"][spot] = rng.choice(TERRAIN)
        return f"hex {spot} = {board['hexes'][spot]}"
    if op == 1 and units:
        u = rng.choice(units)
        u["walk"], u["jump"] = rng.randint(0, 9), rng.choice([0, 0, 3, 8])
        return f"{u['id']} walk {u['walk']} jump {u['jump']}"
    if op == 2 and units:
        u = rng.choice(units)
        u["kind"] = rng.choice(["biped", "quad", "tracked", "wheeled", "hover", "infantry",
                                "naval", "submarine", "vtol", "wige", "hydrofoil"])  # fmt: skip
        u.pop("prone", None)
        if u["kind"] in ("vtol", "wige") and rng.random() < 0.5:  # ADV-17/25: in the air, or not
            u["airborne"] = rng.random() < 0.7
            u["altitude"] = rng.choice([0, 1, 3, 20, 21])
        return f"{u['id']} kind {u['kind']}"
    if op == 3 and units:
        u = rng.choice(units)
        if u.get("kind") in ("biped", "quad"):
            u["damage"] = {
                "gyro": rng.randint(0, 1),
                "hips": rng.randint(0, 1),
                "pilot_hits": rng.randint(0, 5),
                "unconscious": rng.random() < 0.1,
            }
            u["prone"] = rng.random() < 0.3
        return f"{u['id']} damage"
    if op == 4 and units:
        u = rng.choice(units)
        u["at"], u["facing"] = spot, rng.randint(0, 5)
        return f"{u['id']} at {spot}"
    if op == 8:  # Extension 4: the classic variant (MOV-30) or the TW stacking (MOV-34)
        doc["options"] = rng.choice([["classic"], [], ["tacops"], ["classic", "tacops"]])
        if units and rng.random() < 0.5:  # two units in one hex: legal or not by the limits
            rng.choice(units)["at"] = units[0]["at"]
        return f"options {doc['options']}"
    if op == 9 and units:  # vessels up to 300 t (TW), everything else up to 200
        u = rng.choice(units)
        u["tons"] = rng.choice([20, 100, 200, 201, 300, 301])
        return f"{u['id']} tons {u['tons']}"
    move = doc.get("move")
    if isinstance(move, dict):
        move["steps"] = [rng.choice(TOKENS) for _ in range(rng.randint(0, 14))]
        if rng.random() < 0.2:
            move["steps"].insert(0, f"J:{spot}")
        move["mode"] = rng.choice(["walk", "run", "jump", "stand"])
        return f"move {move['mode']} {move['steps']}"
    return "nothing"


def platoon_edit(doc: dict, units: list[dict], spot: str, rng: random.Random) -> str:
    """Extension 4: a unit made a platoon with troopers and a motive (some out of range),
    maybe without tons and walk, maybe in another unit's hex (MOV-34)."""
    u = rng.choice(units)
    u["kind"] = "infantry"
    for k in ("prone", "model", "weapons", "ammo", "armor", "structure", "torso_twist"):
        u.pop(k, None)
    u["troopers"] = rng.choice([1, 2, 7, 21, 28, 30, 0, 31, -1, "28"])
    u["motive"] = rng.choice(["foot", "jump", "jump", "hover", None])
    if u["motive"] != "jump":
        u["jump"] = rng.choice([0, 0, 3])
    for k in ("tons", "walk", "facing"):
        if rng.random() < 0.4:
            u.pop(k, None)
    if rng.random() < 0.4:
        u["at"] = rng.choice(units)["at"]
    elif rng.random() < 0.3:
        u["at"] = spot
    return f"{u['id']} platoon {u['troopers']} {u['motive']} at {u['at']}"


def fight_edit(doc: dict, units: list[dict], rng: random.Random) -> str:
    """An attack or physical block between two units (a platoon's rifles: weapon 0)."""
    a, t = rng.choice(units)["id"], rng.choice(units)["id"]
    if rng.random() < 0.5:
        doc.pop("attacks", None)
        doc["attack"] = {"attacker": a, "target": t}
        if rng.random() < 0.3:
            doc["attack"]["weapons"] = rng.choice([[0], [1], [], [0, 0]])
        return f"attack {a} -> {t}"
    kind = rng.choice(["kick", "kick", "punch", "club", "charge", "dfa", "push"])
    limb = {"kick": rng.choice(["LL", "RL"]), "punch": "RA"}.get(kind)
    doc["physical"] = {"attacker": a, "target": t, "type": kind, **({"limb": limb} if limb else {})}
    return f"physical {kind} {a} -> {t}"


def fuzz_scenarios(folder: Path, seeds: range) -> list[str]:
    failures = []
    for seed in seeds:
        path, done = make_scenario(folder, seed)
        command = COMMANDS[seed % len(COMMANDS)]
        try:
            code, _, err = run_cli(["rules", command[0], str(path), *command[1:]])
            why = bad_ending(code, err, path)
        except Exception as e:  # noqa: BLE001 - the finding: report it with the seed
            why = crash(e)
        if why is not None:
            failures.append(f"seed {seed} rules {' '.join(command)} ({done}): {why}")
        path.unlink()
    return failures


def test_fuzz_mutated_scenarios(tmp_path: Path) -> None:
    failures = fuzz_scenarios(tmp_path, range(FAST))
    assert not failures, "\n".join(failures[:5])


@pytest.mark.slow
def test_fuzz_mutated_scenarios_more(tmp_path: Path) -> None:
    failures = fuzz_scenarios(tmp_path, range(5000, 5000 + SLOW))
    assert not failures, "\n".join(failures[:5])
