"""The log as a report (game.narrate): every rules event a sentence, every roll with its
target and dice, every damage group with location, front or rear, and what it did to
armour and structure (CMB-27/28/29, PSR-14/16)."""

from __future__ import annotations

import re
from pathlib import Path

from game.board import build_board
from game.core.dice import Dice, judge
from game.hexgrid import Hex
from game.narrate import (
    SIMPLE,
    TELLERS,
    Narrator,
    combat,
    dice_text,
    move_summary,
    physical,
    skills,
)
from game.rules.piloting.falls import event
from game.units.mech import LA, LT, Location, apply_groups, apply_hit, standard_body
from game.units.unit import Unit

RULES = Path(__file__).resolve().parents[1] / "game" / "rules"


def mech(body=None, **kw) -> Unit:
    return Unit("a1", "A", "biped", 50, 4, Hex(2, 2), 0, body=body, **kw)


def test_every_event_the_rules_emit_has_its_own_sentence() -> None:
    kinds = {"skid", "sideslip", "skid_end", "sideslip_end"}  # pilotrun: f"{kind}_end"
    for path in RULES.rglob("*.py"):  # movement, combat, heat and physical rules
        kinds |= set(re.findall(r'(?:event|note)\(\s*"([a-z_]+)"', path.read_text()))
    assert {"psr", "fall", "damage", "fall_from_above", "vehicle_damage", "shot", "blow",
            "critical", "explosion", "shutdown"} <= kinds  # fmt: skip
    told = set(TELLERS) | set(SIMPLE) | set(combat.SAID) | set(physical.SAID)
    missing = sorted(k for k in kinds if k not in told)
    assert not missing, missing


def test_psr_says_what_for_the_target_with_modifiers_and_the_dice() -> None:
    roll = judge((3, 2), "standing up", 8)
    mods = [{"value": 5, "reason": "piloting skill"}, {"value": 3, "reason": "gyro hit"},
            {"value": 0, "reason": "attempting to stand"}]  # fmt: skip
    e = event("psr", 0, kind="stand", reason="standing up", target=8, modifiers=mods,
              roll=roll, success=False)  # fmt: skip
    text = Narrator(build_board(4, 4), [mech()]).say(e, "a1")
    assert text == (
        "a1, standing up: piloting roll needs 8 (piloting 5, gyro hit +3), rolls 3+2 = 5 - fails"
    )


def test_cmb_27_29_damage_group_tells_location_rear_armour_structure_and_transfer() -> None:
    body = standard_body(50)
    body = body.with_location(LA, Location(0, 1, 0))  # one structure point left
    unit = mech(body)
    hit_body, res = apply_hit(body, LA, 5, roll=5)
    rolls = (judge((2, 3), "hit location (fall)", None),)
    e = event("damage", 0, cause="fall", side="left", total=5, groups=(res,))
    text = Narrator(build_board(4, 4), [unit], rolls).say(e, "a1")
    lt0 = body[LT].armour
    assert text.startswith("a1 takes 5 damage from the left (fall): location roll 2+3 = 5")
    assert "left arm: armour 0 -> 0, structure 1 -> 0 - the left arm is destroyed" in text
    assert f"on to the left torso (front): armour {lt0} -> {lt0 - 4}" in text
    assert hit_body[LT].armour == lt0 - 4


def test_rear_hits_name_the_rear_armour() -> None:
    body = standard_body(50)
    _, res = apply_hit(body, "CT", 3, rear=True, roll=7)
    e = event("damage", 0, cause="fall", side="rear", total=3, groups=(res,))
    text = Narrator(build_board(4, 4), [mech(body)]).say(e, "a1")
    rear = body["CT"].rear
    assert f"centre torso (rear): armour {rear} -> {rear - 3}, structure " in text


def test_several_groups_take_their_own_location_dice_in_order() -> None:
    body = standard_body(50)
    dice = Dice(script=(3, 4, 5, 5))
    after, results, rolls = apply_groups(body, dice, "front", (5, 2), "fall")
    e = event("damage", 0, cause="fall", side="front", total=7, groups=results)
    n = Narrator(build_board(4, 4), [mech(body)], rolls)
    text = n.say(e, "a1")
    assert "group 1 (5) location roll 3+4 = 7 - centre torso (front)" in text
    assert "group 2 (2) location roll 5+5 = 10" in text
    assert n.bodies["a1"] == after  # the narrator followed the body through both groups


def test_nested_events_come_out_as_lines_of_the_unit_they_are_about() -> None:
    b = mech(standard_body(50))
    inner = event("fall", 2, cause="displaced", at=Hex(1, 1), levels=0, into_water=False,
                  facing_roll=1, old_facing=0, facing=0, side="front", damage=0,
                  groups=[])  # fmt: skip
    outer = event("unit_falls", 2, unit="b1", events=(inner,))
    lines = Narrator(build_board(4, 4), [b]).lines([outer], "a1")
    assert [(x.unit_id, x.event.type) for x in lines] == [("b1", "unit_falls"), ("b1", "fall")]
    assert lines[1].text.startswith("b1 falls in 0202 (displaced)")


def test_slides_read_as_sentences_not_as_records() -> None:
    n = Narrator(build_board(8, 8), [mech()])
    skid = n.say(event("skid", 3, start=Hex(8, 15), direction=1, distance=2, hexes_moved=3), "a1")
    end = n.say(event("skid_end", 3, at=Hex(9, 14), path=(Hex(9, 14),), stopped_by="terrain"), "a1")
    assert skid == "a1 skids from 0916 to the NE: up to 2 hexes"
    assert end == "a1's skid ends in 1015 after 1 hex: the terrain stops it"
    for text in (skid, end):
        assert "(" not in text and "_" not in text


def test_dice_and_pilot_skills_read_as_on_the_table() -> None:
    assert dice_text(judge((6, 1), "x", None)) == "6+1 = 7"
    assert dice_text(judge((4,), "x", None)) == "4"
    assert skills(4, 5) == "G4/P5"


def test_move_summary_says_where_and_what_the_move_counts_for() -> None:
    before = mech(name="Hunchback HBK-4G", prone=True)
    after = before.moved_to(Hex(2, 4), 2, prone=False)
    text = move_summary(build_board(6, 6), before, after, "walk", 2, 5, 2, 1)
    assert text == (
        "a1 (Hunchback HBK-4G) walks 2 hexes to 0305 and stands up, facing SE "
        "(5 MP, heat +2, target modifier +1)"
    )


def test_mov_16_an_infantry_move_names_no_facing_and_no_heat() -> None:
    before = Unit("a2", "A", "infantry", 4, 1, Hex(1, 1), 0, jump=3, name="Jump Platoon INF-J")
    after = before.moved_to(Hex(4, 1), 3)
    text = move_summary(build_board(6, 6), before, after, "jump", 3, 3, 0, 2)
    assert text == "a2 (Jump Platoon INF-J) jumps 3 hexes to 0502 (3 MP, target modifier +2)"
