"""Issue 25, the newcomer's findings whose fix is in the core or in a text: 8 (a fall's
facing, PSR-14), 12 (an automatic physical attack), 13 (nothing after the game's end; no
wake-up roll for a destroyed unit), 14 (the crawl's texts, ADV-03), 16 (files: another
map, a save given as a scenario, an empty file; autoplay's turns), 17 ("1 hexes")."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from game.bot import autoplay
from game.core.actions import EndPhase, Event
from game.core.cups import cup_at
from game.core.dice import Dice
from game.core.engine import Engine
from game.core.files import SaveError, ScenarioError
from game.core.phase import PhaseRules
from game.flow import apply_strict
from game.narrate.physical import _blow
from game.narrate.tellers import FALL_TURNS
from game.narrate.words import need_text
from game.phases.actions import CommitMove, EndMove, RollInitiative, StartGame
from game.phases.end import wake_up
from game.rules.piloting.psr import moved_text, skid_modifier
from game.save import load_game, save_game
from game.scenario.reader import load_scenario
from game.setup import new_game_from_map, new_game_from_scenario, with_forces, with_turn_limit

ROOT = Path(__file__).resolve().parents[1]


def _game(tmp_path: Path, units: list[dict], hexes: dict, dice: list[int], tacops: bool = True):
    d: dict[str, Any] = {
        "version": 1,
        "board": {"width": 8, "height": 8, "hexes": hexes},
        "units": units,
        "dice": dice,
    }
    if tacops:
        d["options"] = ["tacops"]
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    s = apply_strict(new_game_from_scenario(path), StartGame()).state
    return apply_strict(s, RollInitiative()).state  # A loses (1+1 < 6+6): A moves first


MECH = {"id": "x", "side": "A", "kind": "biped", "tons": 55, "walk": 5, "at": "0404", "facing": 0}
FOE = {"id": "y", "side": "B", "kind": "biped", "tons": 50, "walk": 4, "at": "0808", "facing": 5}


# --- 8: the fall's facing (PSR-14) --------------------------------------------------------


def test_psr_14_a_fall_in_play_keeps_the_facing_its_roll_gave(tmp_path: Path) -> None:
    """A careless walk into light woods (ADV-06) fails and the Mech falls: facing roll 5 is
    2 hexsides left (PSR-14), N -> SW. The plan's two right turns after the woods were for
    a standing Mech: they are not taken (the player goes on from the new facing), so the
    fall's line, the unit and the move's closing line all say SW."""
    s = _game(tmp_path, [MECH, FOE], {"0403": {"woods": 1}}, [1, 1, 6, 6, 1, 1, 5] + [6] * 20)
    out = apply_strict(s, CommitMove("x", "walk", ("F", "R", "R"), careless=True))
    fall = next(e for e in out.events if e.kind == "fall")
    assert "facing roll 5 - it turns 2 hexsides counter-clockwise" in fall.text
    assert fall.text.endswith("damage on its left") and "facing SW" in fall.text
    assert out.state.unit("x").facing == 4  # SW, as the fall said
    assert any("cannot go on along the planned path now: it fell" in e.text for e in out.events)
    assert out.state.underway is not None  # MOV-23: it may stand, turn or stop
    done = apply_strict(out.state, EndMove("x"))
    assert done.events[-1].text.startswith("x walks 1 hex to 0403 and goes prone, facing SW")


@pytest.mark.parametrize(
    ("roll", "turn", "words"),
    [(1, 0, "keeps its facing"), (2, 1, "1 hexside clockwise"), (3, 2, "2 hexsides clockwise"),
     (4, 3, "face the other way"), (5, 4, "2 hexsides counter-clockwise"),
     (6, 5, "1 hexside counter-clockwise")],
)  # fmt: skip
def test_psr_14_the_fall_line_words_each_row_of_the_table(roll: int, turn: int, words: str) -> None:
    from game.rules.piloting.falls import FALL_FACING

    assert FALL_FACING[roll][0] % 6 == turn
    assert words in FALL_TURNS[turn]


def test_the_referee_still_takes_a_falls_remaining_steps(tmp_path: Path) -> None:
    """docs/piloting.md: the referee goes on with the steps still possible for the prone
    Mech (its answers stay as they were); only play replans after a fall."""
    from game.rules.piloting.resolve import resolve_move

    s = _game(tmp_path, [MECH, FOE], {"0403": {"woods": 1}}, [1, 1, 6, 6])
    steps, script = ("F", "R", "R"), (1, 1, 5) + (6,) * 20
    ref = resolve_move(s.board, s.units, "x", "walk", steps, Dice(script=script), s.rules,
                       careless=True)  # fmt: skip
    play = resolve_move(s.board, s.units, "x", "walk", steps, Dice(script=script), s.rules,
                        careless=True, replan_after_fall=True)  # fmt: skip
    assert play.unit.facing == 4 and ref.unit.facing == 0  # the referee turned twice more


# --- 12: an automatic physical attack -----------------------------------------------------


def test_a_target_of_two_or_less_reads_automatic() -> None:
    assert [need_text(t) for t in (-3, 2, 3, 12, 13)] == [
        "automatic", "automatic", "3", "12", "impossible (12+)"
    ]  # fmt: skip


def test_a_kick_at_an_unconscious_prone_pilot_is_told_as_automatic() -> None:
    """Piloting 5, kick -2, immobile -4 (CMB-20), prone from beside -2: target -3."""
    text = _blow({"attacker": "A1", "target": "B1", "kind": "kick", "needs": -3,
                 "roll": 4, "hit": True})  # fmt: skip
    assert "hits automatically (target -3)" in text and "needs -3" not in text


# --- 13: the game's end -------------------------------------------------------------------


def test_a_turn_limit_ends_the_game_without_opening_the_next_turn() -> None:
    state = with_turn_limit(with_forces(new_game_from_map(ROOT / "maps" / "grassland.tmx")), 1)
    state = apply_strict(state, StartGame()).state
    played = autoplay.play(state, seed=2, turns=5)
    assert played.result is not None and "turn limit 1" in played.result.reason
    assert all(e.turn <= 1 for e in played.state.log)  # no "Turn 2: initiative phase"


@dataclass(frozen=True)
class _Start:
    seed: int = 1
    script: tuple[int, ...] = ()


@dataclass(frozen=True)
class _State:
    phase: str = "fight"
    turn: int = 1
    over: bool = False
    start: _Start = _Start()
    faces_used: int = 0
    history: tuple = ()
    log: tuple = field(default=())

    def dice(self) -> Dice:
        return cup_at(self.start.seed, self.start.script, self.faces_used)


class _Rules:
    """Two phases: 'fight' (its leaving ends the game) then 'heat'."""

    phases = {
        "fight": PhaseRules(name="fight", closes_itself=False,
                            leave=lambda step: setattr(step, "state",
                                                       replace(step.state, over=True))),
        "heat": PhaseRules(name="heat", starts_turn=True),
    }  # fmt: skip

    def phase(self, name: str):
        return self.phases[name]

    def following(self, name: str, state: Any) -> str:
        return "heat" if name == "fight" else "fight"

    def home(self, action: Any):
        return None

    def outcome(self, state: Any):
        return "over" if state.over else None


def test_no_phase_opens_once_the_game_is_over() -> None:
    out = Engine(_Rules(), None).apply_strict(_State(), EndPhase())
    assert out.state.over and out.state.phase == "fight"
    assert not any(isinstance(e, Event) and e.kind == "phase" for e in out.events)


def test_psr_21_a_destroyed_units_pilot_does_not_roll_to_wake(tmp_path: Path) -> None:
    s = _game(tmp_path, [MECH, FOE], {}, [1, 1, 6, 6], tacops=False)
    out_cold = replace(s.unit("x"), damage=replace(s.unit("x").damage, unconscious=True,
                                                    pilot_hits=1))  # fmt: skip
    cup = Dice(script=(6, 6))
    units, events = wake_up((out_cold,), cup, s.board, lambda u: True)
    assert events == () and not cup.log and units == (out_cold,)
    units, events = wake_up((out_cold,), cup, s.board, lambda u: False)
    assert len(events) == 1 and not units[0].damage.unconscious  # the living one rolls


# --- 14: crawling (ADV-03) ----------------------------------------------------------------


def test_adv_03_a_crawl_is_told_as_a_crawl(tmp_path: Path) -> None:
    prone = dict(MECH, prone=True)
    s = _game(tmp_path, [prone, FOE], {}, [1, 1, 6, 6, 6, 6] + [6] * 10)
    out = apply_strict(s, CommitMove("x", "crawl", ("F",)))
    told = out.events[-1].text
    assert told == "x crawls 1 hex to 0403, facing N (1 MP, heat +1, target modifier +0)"


# --- 16: files and autoplay ---------------------------------------------------------------


def test_autoplay_stops_after_its_last_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert autoplay.parse_args(["maps/grassland.tmx"]).turns == autoplay.DEFAULT_TURNS == 10
    assert autoplay.main([str(ROOT / "maps" / "grassland.tmx"), "--turns", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("Outcome:")
    assert not any(line.startswith("T2 ") for line in lines)


def test_a_save_of_another_map_says_so(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.mkdir()
    board = maps / "here.tmx"
    board.write_bytes((ROOT / "maps" / "grassland.tmx").read_bytes())
    for tsx in ("terrain.tsx", "terrain.png"):
        (maps / tsx).write_bytes((ROOT / "maps" / tsx).read_bytes())
    s = apply_strict(with_forces(new_game_from_map(board)), StartGame()).state
    save_game(s, tmp_path / "g.json")
    board.write_bytes((ROOT / "maps" / "river.tmx").read_bytes())  # another map there
    with pytest.raises(
        SaveError, match="is another map than the one this game was played on"
    ):  # fmt: skip (tests/test_save_map.py: edited)
        load_game(tmp_path / "g.json")
    with pytest.raises(SaveError, match="put the map the game was played on back there"):
        load_game(tmp_path / "g.json")  # and what to do about it (issue 25, finding 16)


def test_a_save_given_as_a_scenario_points_to_load(tmp_path: Path) -> None:
    s = apply_strict(with_forces(new_game_from_map(ROOT / "maps" / "grassland.tmx")),
                     StartGame()).state  # fmt: skip
    save_game(s, tmp_path / "g.json")
    with pytest.raises(ScenarioError, match="is a saved game, not a scenario: continue it with "
                                            "'python main.py play --load "):  # fmt: skip
        load_scenario(tmp_path / "g.json")
    with pytest.raises(ScenarioError, match="saved game"):
        new_game_from_scenario(tmp_path / "g.json")
    sc = tmp_path / "sc.json"
    sc.write_text(json.dumps({"board": {"width": 4, "height": 4, "hexes": {}}, "units": []}))
    with pytest.raises(SaveError, match="it is a scenario: open it with .*--scenario"):
        load_game(sc)


def test_an_empty_file_is_called_empty_everywhere(tmp_path: Path) -> None:
    from game.core.errors import UserFacingError
    from game.designs.schema import read_json_file
    from game.maps import load_map
    from game.regiments.setup import game_from_scenario

    empty = tmp_path / "e.json"
    empty.write_text("  \n")
    (tmp_path / "e.tmx").write_text("")
    readers = [load_scenario, load_game, read_json_file, game_from_scenario]
    for read in readers:
        with pytest.raises(UserFacingError, match="is empty"):
            read(empty)
    with pytest.raises(UserFacingError, match="is empty"):
        load_map(tmp_path / "e.tmx")


# --- 17: "1 hexes" ------------------------------------------------------------------------


def test_one_hex_is_one_hex() -> None:
    assert moved_text(1) == "1 hex moved this turn" and moved_text(3) == "3 hexes moved this turn"
    assert skid_modifier(1).reason == "1 hex moved this turn"
