"""The end-of-turn summary's numbers (game.narrate.turn_report, issue 11): read from the state
as a turn began and as it ended, they must agree with what the turn's log tells."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from game.flow import advance, apply, choices, outcome, turn_start
from game.narrate.turn_report import turn_report
from game.outcome import damage_taken
from game.phases.actions import StartGame
from game.rules.piloting.falls import RulesEvent
from game.setup import new_game_from_scenario
from game.state import GameState
from game.units.mech import HitResult

SCENARIO = Path(__file__).resolve().parent / "ui" / "data" / "physical_scenario.json"


def played(seed: int, turns: int) -> GameState:
    """A random game of adjacent units (lots of blows and shots) for ``turns`` turns."""
    s = apply(new_game_from_scenario(SCENARIO, seed=seed), StartGame()).state
    rng = random.Random(seed)
    while s.turn <= turns and outcome(s) is None:
        s, _ = advance(s)
        options = choices(s)
        rng.shuffle(options)
        for a in options:
            out = apply(s, a)
            if out.ok:
                s = out.state
                break
        else:
            s, _ = advance(s)
    return s


def logged_damage(s: GameState, turn: int, unit_id: str) -> int:
    """Armour and structure the turn's log says the unit lost (every hit's parts)."""
    total = 0
    for entry in s.log:
        e = entry.event
        if entry.turn != turn or e.unit_id != unit_id or not isinstance(e.payload, RulesEvent):
            continue
        for _, value in e.payload.data:
            hits = value if isinstance(value, tuple | list) else (value,)
            for hit in hits:
                if isinstance(hit, HitResult):
                    total += sum(p.armour + p.structure for p in hit.parts)
    return total


def test_each_turns_damage_is_the_damage_its_log_reports() -> None:
    for seed in (1, 2, 3):
        s = played(seed, 3)
        last = min(s.turn, 3)
        for turn in range(1, last):
            before, after = turn_start(s, turn), turn_start(s, turn + 1)
            assert before is not None and after is not None
            begun = [e.event.kind for e in before.log if e.turn >= turn]
            assert set(begun) <= {"phase", "initiative_roll"}  # at most its initiative
            report = turn_report(before, after, turn)
            for u in report.units:
                assert u.damage == logged_damage(s, turn, u.unit_id), (seed, turn, u)


def test_the_turns_add_up_to_the_damage_of_the_whole_game() -> None:
    s = played(4, 3)
    starts = [turn_start(s, t) for t in range(1, s.turn)] + [s]
    total = {u.id: 0 for u in s.units}
    for turn, (before, after) in enumerate(zip(starts, starts[1:], strict=False), start=1):
        for u in turn_report(before, after, turn).units:
            total[u.unit_id] += u.damage
    assert total == {u.id: damage_taken(u) for u in s.units}


def test_falls_pilot_hits_heat_and_status_come_from_the_turn() -> None:
    s = played(3, 2)
    before = turn_start(s, 1)
    after = turn_start(s, 2) or s
    report = turn_report(before, after, 1)
    for u in report.units:
        falls = [e for e in s.log if e.turn == 1 and e.event.kind == "fall"
                 and e.event.unit_id == u.unit_id]  # fmt: skip
        assert u.falls == len(falls)
        now = after.unit(u.unit_id)
        assert u.heat == now.heat and u.pilot_total == now.damage.pilot_hits
        assert ("prone" in u.status) == now.prone or u.status in ("destroyed", "out of the fight")
    text = report.units[0].summary()
    assert "damage" in text and "heat" in text


def test_a_destroyed_unit_is_out_of_the_fight_in_the_summary() -> None:
    s = played(2, 1)
    before = turn_start(s, 1)
    victim = s.units[0]
    gone = replace(victim, body=replace(victim.body, destroyed=True))
    after = replace(s, units=(gone, *s.units[1:]))
    report = turn_report(before, after, 1)
    assert report.units[0].status == "destroyed"
    assert f"out of the fight: {victim.id}" in report.headline(s.sides)


def test_a_platoon_and_a_submerged_submarine_are_named_for_what_they_are_cmb_41_adv_25() -> None:
    from game.designs.roster import make_unit

    s = played(2, 1)
    before = turn_start(s, 1)
    first, second = s.units[0], s.units[1]
    platoon = make_unit("INF-J", first.id, first.side, at=first.at)
    sub = replace(make_unit("Barracuda", second.id, second.side, at=second.at), depth=2)
    after = replace(s, units=(platoon, sub, *s.units[2:]))
    report = turn_report(before, after, 1)
    assert report.units[0].status == "21 of 21 troopers"  # CMB-41
    assert report.units[1].status == "submerged, depth 2 (no underwater combat)"
    assert "out of the fight" not in report.headline(s.sides)
