"""The log as a report for weapons, heat and blows (game.narrate.combat, .physical): with
scripted dice every roll is told with its target and its dice, every damage group with
the location, front or rear, and armour and structure before -> after; a whole game's log
holds nothing that reads like debug output and tells every die it rolled."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.flow import advance, apply, apply_strict, choices, outcome
from game.narrate import dice_text
from game.narrate.combat import fire_text, heat_text, initiative_text
from game.narrate.physical import blows_text
from game.phases.actions import RollInitiative, StandStill, StartGame
from game.phases.physical import DeclarePhysical
from game.phases.weapons import DeclareFire
from game.rules.combat.cluster import cluster_hits
from game.rules.combat.tohit import mounts
from game.rules.heat import HeatReport
from game.rules.physical.records import Blow
from game.rules.turn import Phase
from game.setup import new_game_from_map, new_game_from_scenario, with_forces

REPO = Path(__file__).resolve().parents[1]
UNITS = [
    {"id": "A1", "side": "A", "kind": "biped", "model": "JR7-D", "at": "0506", "facing": 0},
    {"id": "B1", "side": "B", "kind": "biped", "model": "HBK-4G", "at": "0505", "facing": 3},
]
LOSE = [1, 1, 6, 6]  # initiative: A 1+1, B 6+6 - A moves and declares first


def game(tmp_path: Path, dice: list[int]):
    data = {"version": 1, "board": {"width": 10, "height": 10, "hexes": {}}, "units": UNITS,
            "dice": LOSE + dice}  # fmt: skip
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    s = apply_strict(new_game_from_scenario(p), StartGame()).state
    s = apply_strict(s, RollInitiative()).state
    for uid in ("A1", "B1"):
        s = apply_strict(s, StandStill(uid)).state
    while s.phase != Phase.WEAPON_ATTACK:
        s, _ = advance(s)
    return s


def texts(s, phase) -> list[str]:
    return [e.text for e in s.log if e.phase == phase]


def weapon(s, uid: str, name: str) -> int:
    return next(i for i, m in enumerate(mounts(s.unit(uid))) if m.weapon == name)


def test_cmb_27_a_shot_and_its_damage_read_with_dice_and_armour_before_after(tmp_path) -> None:
    s = game(tmp_path, [3, 4, 3, 4])  # to-hit 3+4, location 3+4 = 7: centre torso
    ct = s.unit("B1").body["CT"]
    ml = weapon(s, "A1", "Medium Laser")
    s = apply_strict(s, DeclareFire("A1", ("B1",), ((ml,),))).state
    s = apply_strict(s, DeclareFire("B1")).state
    said = texts(s, Phase.WEAPON_ATTACK)
    assert "A1 will fire a Medium Laser at B1" in said
    assert "B1 holds its fire" in said
    shot = next(t for t in said if t.startswith("A1 fires"))
    assert shot.startswith("A1 fires Medium Laser at B1: needs ") and shot.endswith(
        ", rolls 3+4 = 7 - hit"
    )
    assert (f"Medium Laser hits B1 for 5 from the front: location roll 3+4 = 7 - centre torso "
            f"(front): armour {ct.armour} -> {ct.armour - 5}, structure {ct.structure} "
            "untouched") in said  # fmt: skip


def test_cmb_23_a_missile_salvo_tells_its_cluster_roll_and_each_missile(tmp_path) -> None:
    hits = cluster_hits(4, 7)
    s = game(tmp_path, [4, 4, 3, 4] + [3, 4] * hits)  # to-hit, cluster 7, a location each
    srm = weapon(s, "A1", "SRM-4")
    s = apply_strict(s, DeclareFire("A1", ("B1",), ((srm,),))).state
    s = apply_strict(s, DeclareFire("B1")).state
    said = texts(s, Phase.WEAPON_ATTACK)
    assert any(t.endswith(f"rolls 4+4 = 8 - hit; cluster roll 3+4 = 7: {hits} of 4 missiles hit")
               for t in said)  # fmt: skip
    groups = [t for t in said if t.startswith("SRM-4 hits B1 for 2 from the front: location "
                                              "roll 3+4 = 7 - centre torso (front)")]  # fmt: skip
    assert len(groups) == hits
    armour = s.unit("B1").body["CT"].armour + 2 * hits  # before -> after, missile by missile
    for i, t in enumerate(groups):
        assert f"armour {armour - 2 * i} -> {armour - 2 * i - 2}" in t


def test_phy_03_a_kick_tells_its_roll_its_location_die_and_the_psr(tmp_path) -> None:
    # to-hit 5+5, kick table die 4, B1's PSR 6+6 (was kicked)
    s = game(tmp_path, [5, 5, 4, 6, 6])
    for uid in ("A1", "B1"):
        s = apply_strict(s, DeclareFire(uid)).state
    while s.phase != Phase.PHYSICAL_ATTACK:
        s, _ = advance(s)
    s = apply_strict(s, DeclarePhysical("A1", ("kick",), ("B1",), ("RL",))).state
    s = apply_strict(s, DeclarePhysical("B1")).state
    said = texts(s, Phase.PHYSICAL_ATTACK)
    assert "A1 will kick B1 with its right leg" in said
    assert any(t.startswith("A1 kicks B1 with its right leg: needs ") and t.endswith(
        "rolls 5+5 = 10 - hit") for t in said)  # fmt: skip
    kick = next(t for t in said if t.startswith("The kick (right leg) hits B1 for "))
    assert "from the front: location roll 4 - " in kick and " -> " in kick
    assert any(t.startswith("B1, was kicked: piloting roll needs ") and "(piloting 5" in t
               and t.endswith("rolls 6+6 = 12 - passes") for t in said)  # fmt: skip
    physical = [e for e in s.log if e.phase == Phase.PHYSICAL_ATTACK]
    told = [dice_text(r) for e in physical for r in e.event.rolls]
    assert told == ["5+5 = 10", "4", "6+6 = 12"]  # each die on the event it belongs to


def test_declarations_heat_and_initiative_read_as_sentences() -> None:
    assert fire_text("A1", [("B2", ["Medium Laser", "Medium Laser", "AC/20"])], 0) == (
        "A1 will fire 2 Medium Lasers and an AC/20 at B2"
    )
    assert fire_text("A1", [], 1) == "A1 holds its fire, its torso twisted right"
    assert fire_text("A1", [("B1", ["PPC"]), ("B2", ["LRM-20"])], 0) == (
        "A1 will fire a PPC at B1; an LRM-20 at B2"
    )
    blows = (Blow("A1", "B1", "punch", "LA"), Blow("A1", "B1", "punch", "RA"))
    assert blows_text("A1", blows) == "A1 will punch B1 with its left and right arms"
    assert blows_text("A1", ()) == "A1 makes no physical attack"
    r = HeatReport("A1", 4, 2, 14, 0, 0, 13, 9, None, None, None, 0)
    assert heat_text("A1", r) == (
        "A1 builds 16 heat (movement 2, weapons 14) and sinks 13: heat 4 -> 9 (-1 MP, +1 to hit)"
    )
    from game.core.dice import judge

    rolls = [judge((3, 4), "initiative A", None), judge((2, 5), "initiative B", None),
             judge((1, 1), "initiative A", None), judge((6, 5), "initiative B", None)]  # fmt: skip
    text = initiative_text([{"A": 7, "B": 7}, {"A": 2, "B": 11}], rolls, "B", "A")
    assert text == (
        "Initiative: A rolls 3+4 = 7, B rolls 2+5 = 7; a tie, rolled again: "
        "A rolls 1+1 = 2, B rolls 6+5 = 11 - side B wins, side A moves first"
    )


DEBUG = ("None", "_", "MechWarrior", "{", "[", "(s)", "Event(", "Roll(")


@pytest.mark.parametrize(
    "source", ["maps/grassland.tmx", "maps/city.tmx", "tests/ui/data/physical_scenario.json"]
)
def test_a_whole_games_log_reads_as_a_report_and_tells_every_die(source) -> None:
    path = REPO / source
    for seed in (1, 2):
        if path.suffix == ".json":
            s = new_game_from_scenario(path, seed=seed)
        else:
            s = with_forces(new_game_from_map(path, seed=seed))
        s = apply(s, StartGame()).state
        rng = random.Random(seed)
        for _ in range(3000):
            if s.turn > 6 or outcome(s) is not None:
                break
            s, _ = advance(s)
            options = choices(s)
            rng.shuffle(options)
            s = next((o.state for a in options if (o := apply(s, a)).ok), s)
        for entry in s.log:
            text = entry.text
            assert not [w for w in DEBUG if w in text], text
            for r in entry.event.rolls:
                if len(r.faces) == 2:
                    assert dice_text(r) in text, (text, r)
