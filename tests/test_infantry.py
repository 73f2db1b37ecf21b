"""Infantry in the roster (issue 14, MOV-29; issue 27, MOV-33, CMB-41): the foot and jump
platoons as designs, the rules they move by, the end of the game with platoons that fight
(game.outcome), and that saves, scenarios written from a game, sandbox scenarios and
autoplay carry them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.board import build_board
from game.bot.autoplay import parse_args, play, start_state
from game.designs import DesignError
from game.designs.roster import entries, entry, make_unit
from game.designs.schema import parse_design
from game.flow import apply, apply_strict, outcome
from game.hexgrid import Hex
from game.outcome import in_the_fight
from game.phases.actions import AddUnit, Deploy, StartGame
from game.phases.deployment import deploying_side, undeployed
from game.phases.sandbox import PlaceUnit
from game.phases.sandbox_game import save_sandbox
from game.save import load_game, save_game
from game.scenario.reader import load_scenario
from game.scenario.writer import scenario_to_json
from game.setup import new_game, new_game_from_scenario, new_sandbox, sandbox_from_scenario

ROOT = Path(__file__).resolve().parents[1]
PLATOONS = ("INF-R", "INF-J")


# --- the designs ---------------------------------------------------------------------------


def test_mov_33_the_two_platoons_are_generic_designs_of_our_own() -> None:
    foot, jump = entry("INF-R"), entry("INF-J")
    assert (foot.kind, foot.tons, foot.walk, foot.jump, foot.troopers) == ("infantry", 3, 1, 0, 28)
    assert (jump.kind, jump.tons, jump.walk, jump.jump, jump.troopers) == ("infantry", 4, 1, 3, 21)
    assert foot.name == "Rifle Platoon INF-R" and jump.name == "Jump Platoon INF-J"
    for d in (foot, jump):
        assert "not a published record sheet" in d.note and "rifle" in d.note
        assert not d.armor and not d.weapons and not d.ammo and d.heat_sinks == 0


def test_roster_order_puts_the_platoons_after_the_vehicles_before_the_fliers() -> None:
    kinds = [e.kind for e in entries()]
    first, last = kinds.index("infantry"), len(kinds) - 1 - kinds[::-1].index("infantry")
    assert kinds[0] == "biped" and all(k == "infantry" for k in kinds[first : last + 1])
    assert kinds[first - 1] not in ("biped", "quad", "aero") and kinds[last + 1] == "aero"
    assert [e.code for e in entries("infantry")] == ["INF-R", "INF-J"]  # lightest first


def test_make_unit_gives_a_platoon_no_body_no_hull_and_no_facing() -> None:
    u = make_unit("INF-J", "a5", "A")
    assert u.body is None and u.hull is None and u.craft is None
    assert not u.has_facing and u.jump_infantry and u.jump_mp() == 3 and u.walk_mp() == 1
    assert u.platoon is not None and (u.platoon.troopers, u.platoon.motive) == (21, "jump")
    foot = make_unit("INF-R", "a6", "A")
    assert not foot.jump_infantry and foot.platoon is not None
    assert (foot.platoon.troopers, foot.platoon.full, foot.platoon.motive) == (28, 28, "foot")


@pytest.mark.parametrize(
    "edit, words",
    [
        ({"armor": {"FR": 4}}, "armor per location is not read for infantry"),
        ({"turret": True}, "turret is for vehicles; infantry has none"),
        ({"weapons": [{"name": "Machine Gun", "location": "FR"}]}, "weapons are not read"),
        ({"note": ""}, "note must be a non-empty string"),
        ({"slots": {"HD": []}}, "slots (critical slots) are for Mechs"),
        ({"troopers": 31}, "troopers is 31, outside 1..30"),
        ({"troopers": 0}, "troopers is 0, outside 1..30"),
    ],
)
def test_a_platoon_design_refuses_what_infantry_has_not(edit, words) -> None:
    data = json.loads((ROOT / "game/designs/data/INF-R.json").read_text()) | edit
    with pytest.raises(DesignError, match=r"INF-R\.json: ") as err:
        parse_design(data, Path("INF-R.json"), {})
    assert words in str(err.value)


# --- the end of the game --------------------------------------------------------------------


def placed_game(picks: dict[str, tuple[str, ...]], turn_limit: int | None = None):
    s = new_game(build_board(10, 8), seed=3)
    for side, designs in picks.items():
        for d in designs:
            s = apply_strict(s, AddUnit(d, side)).state
    s = apply_strict(s, StartGame()).state
    rows = {"A": 0, "B": 0}
    while (side := deploying_side(s)) is not None:
        u = undeployed(s, side)[0]
        col = 0 if u.side == "A" else 9
        s = apply_strict(s, Deploy(u.id, Hex(col, rows[u.side]), 0)).state
        rows[u.side] += 1
    if turn_limit is not None:
        s = replace(s, start=replace(s.start, turn_limit=turn_limit))
    return s


def killed(s, uid: str):
    """The state with unit ``uid`` out: a platoon with no troopers, else its pilot dead."""
    u = s.unit(uid)
    dead = (replace(u, platoon=u.platoon.lose(u.platoon.troopers)) if u.platoon is not None
            else replace(u, damage=replace(u.damage, pilot_hits=6)))  # fmt: skip
    return replace(s, units=tuple(dead if x.id == uid else x for x in s.units))


def test_cmb_41_a_platoon_keeps_its_side_in_the_fight_until_its_last_trooper() -> None:
    s = placed_game({"A": ("HBK-4G", "INF-J"), "B": ("WVR-6R", "INF-R")})
    assert outcome(s) is None
    assert all(in_the_fight(s, u) for u in s.units if u.kind == "infantry")
    s = killed(s, "A1")
    assert outcome(s) is None  # A's jump platoon still fights
    s = killed(s, "A2")
    assert s.unit("A2").destroyed and s.is_destroyed(s.unit("A2"))
    result = outcome(s)
    assert result is not None and result.winner == "B"
    assert result.reason == "side A has no units left in the fight"


def test_adv_25_a_submerged_submarine_keeps_no_side_in_the_fight_a_surfaced_one_does() -> None:
    s = placed_game({"A": ("HBK-4G",), "B": ("WVR-6R",)})
    wreck = s.unit("B1")
    dead = replace(wreck, damage=replace(wreck.damage, pilot_hits=6))
    sub = make_unit("Barracuda", "B2", "B", at=Hex(9, 5), facing=0)
    s = replace(s, units=tuple(dead if u.id == "B1" else u for u in s.units) + (sub,))
    assert sub.kind == "submarine" and in_the_fight(s, sub)
    assert outcome(s) is None  # on the surface it fights as any vessel
    under = replace(s, units=tuple(replace(u, depth=1) if u.id == "B2" else u for u in s.units))
    assert not in_the_fight(under, under.unit("B2"))  # ADV-25: no underwater combat
    result = outcome(under)
    assert result is not None and result.winner == "A"


def test_when_only_platoons_are_left_the_game_goes_on_and_ends_when_all_are_gone() -> None:
    s = placed_game({"A": ("HBK-4G", "INF-J"), "B": ("WVR-6R", "INF-R")})
    for uid in ("A1", "B1"):
        s = killed(s, uid)
    assert outcome(s) is None  # the platoons fight on
    for uid in ("A2", "B2"):
        s = killed(s, uid)
    result = outcome(s)
    assert result is not None and result.winner is None and result.reason == "no units left"


def test_turn_limit_scoring_by_damage_counts_troopers_lost_one_a_point() -> None:
    s = placed_game({"A": ("HBK-4G", "INF-J"), "B": ("WVR-6R", "INF-R")}, turn_limit=1)
    b1 = s.unit("B1")
    body = b1.body.with_location("CT", replace(b1.body["CT"], armour=b1.body["CT"].armour - 5))
    s = replace(s, units=tuple(replace(u, body=body) if u.id == "B1" else u for u in s.units))
    s = replace(s, turn=2)  # past the limit
    result = outcome(s)
    assert result is not None and result.winner == "A"
    assert result.reason == "turn limit 1: A dealt 5, B dealt 0"
    a2 = s.unit("A2")  # CMB-41: B's fire killed 7 of A's jump troopers
    s = replace(s, units=tuple(replace(u, platoon=a2.platoon.lose(7)) if u.id == "A2" else u
                               for u in s.units))  # fmt: skip
    result = outcome(s)
    assert result is not None and result.winner == "B"
    assert result.reason == "turn limit 1: A dealt 5, B dealt 7"


# --- saves, scenarios, sandbox, autoplay ------------------------------------------------------


def test_a_save_and_a_scenario_written_from_the_game_carry_the_platoons(tmp_path: Path) -> None:
    s = placed_game({"A": ("HBK-4G", "INF-J"), "B": ("WVR-6R", "INF-R")})
    save_game(s, tmp_path / "g.json")
    again = load_game(tmp_path / "g.json")
    assert again == s
    assert {u.id: (u.design, u.jump) for u in again.units if u.kind == "infantry"} == {
        "A2": ("INF-J", 3),
        "B2": ("INF-R", 0),
    }
    save_sandbox(s, tmp_path / "sc.json")
    rows = {d["id"]: d for d in json.loads((tmp_path / "sc.json").read_text())["units"]}
    assert rows["A2"]["model"] == "INF-J" and rows["A2"]["kind"] == "infantry"
    assert rows["A2"]["jump"] == 3 and "damage" not in rows["A2"]
    assert (rows["A2"]["troopers"], rows["A2"]["motive"]) == (21, "jump")  # Extension 4
    sc = load_scenario(tmp_path / "sc.json")
    back = {u.id: u for u in sc.units}
    assert back["A2"] == s.unit("A2") and back["B2"] == s.unit("B2")
    assert scenario_to_json(sc)["units"] == json.loads((tmp_path / "sc.json").read_text())["units"]


def test_a_sandbox_places_a_jump_platoon_and_its_scenario_reads_back(tmp_path: Path) -> None:
    s = new_sandbox(build_board(8, 8), seed=2)
    s = apply_strict(s, PlaceUnit("INF-J", "A", Hex(2, 2), 0)).state
    s = apply_strict(s, PlaceUnit("INF-R", "B", Hex(5, 5), 0)).state
    save_sandbox(s, tmp_path / "sandbox.json")
    again = sandbox_from_scenario(tmp_path / "sandbox.json")
    assert again.units == s.units
    assert [u.design for u in again.units] == ["INF-J", "INF-R"]


SCENARIO = {
    "version": 1,
    "board": {"file": "maps/river.tmx"},
    "units": [
        {"id": "A1", "side": "A", "model": "HBK-4G", "kind": "biped", "at": "0309",
         "facing": 1},
        {"id": "A2", "side": "A", "model": "INF-J", "kind": "infantry", "at": "0809",
         "facing": 0},
        {"id": "A3", "side": "A", "model": "INF-R", "kind": "infantry", "at": "0709",
         "facing": 0},
        {"id": "B1", "side": "B", "model": "WVR-6R", "kind": "biped", "at": "1409",
         "facing": 4},
    ],
}  # fmt: skip


def test_autoplay_plays_a_scenario_with_a_jump_platoon_to_the_end(tmp_path) -> None:
    path = tmp_path / "platoons.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    assert new_game_from_scenario(path).unit("A2").jump_infantry
    modes = set()
    for seed in (1, 2, 3, 4):
        played = play(start_state(parse_args(["--scenario", str(path)])), seed, 6)
        assert played.result == outcome(played.state)  # play replays and checks it too
        modes |= {e.event.payload.mode for e in played.state.log
                  if e.event.kind == "move" and e.event.unit_id == "A2"}  # fmt: skip
        a2 = played.state.unit("A2")
        assert played.state.board.water[a2.at.row, a2.at.col] < 1  # MOV-29: never in water
    assert "jump" in modes and "walk" in modes


def test_a_side_of_infantry_alone_may_start_a_game_a_side_of_none_may_not() -> None:
    s = new_game(build_board(10, 8), seed=3)
    s = apply_strict(s, AddUnit("INF-J", "A")).state
    assert apply(s, StartGame()).reason == "side B has no units yet"
    s = apply_strict(s, AddUnit("WVR-6R", "B")).state
    assert apply_strict(s, StartGame()).state.phase != s.phase  # platoons fight (CMB-42)
