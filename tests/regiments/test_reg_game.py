"""The regiments game on the shared engine: rounds, alternating activations, markers
(REG-06), the command test option (REG-11), the countercharge phase (REG-12/17), saves,
replays and undo."""

from __future__ import annotations

from dataclasses import replace

import pytest
from regkit import F, reg

from game.core.actions import IllegalActionError
from game.core.files import SaveError
from game.core.history import DiscardDice, History
from game.regiments.actions import (
    Countercharge,
    RegimentCharge,
    RegimentHold,
    RegimentMove,
    steps_to_tokens,
)
from game.regiments.engine import ENGINE, apply, initial_state, new_game, replay
from game.regiments.options import Options
from game.regiments.save import load_game, save_game
from game.regiments.state import RegimentStart
from game.regiments.table import Table


def start(
    *, script: tuple[int, ...] = (5, 2), options: Options | None = None, regs=None
) -> RegimentStart:
    regs = regs or (
        reg("A1", "A", 4, 2, at=(50, 100)),
        reg("A2", "A", 2, 2, at=(120, 100)),
        reg("B1", "B", 4, 2, at=(66, 90), facing=180),  # 10 cm ahead of A1
        reg("B2", "B", 2, 2, at=(180, 30), facing=180),
    )
    return RegimentStart(Table(200, 150), regs, options or Options(), ("A", "B"), 7, script)


def ok(state, action):  # noqa: ANN001, ANN201
    return ENGINE.apply_strict(state, action).state


def test_a_round_begins_with_a_roll_for_the_first_activation() -> None:
    s = new_game(start(script=(2, 2, 3, 6)))  # a tie, then B wins
    assert s.phase == "activation" and s.first == "B" and s.to_act == "B"
    assert "A 2, B 2; then A 3, B 6" in s.log[0].text
    assert ENGINE.actor(s) == "B"


def test_reg_06_sides_alternate_and_marked_units_wait_for_the_next_round() -> None:
    s = new_game(start())  # A first
    s = ok(s, RegimentHold("A2"))
    assert s.to_act == "B"
    out = apply(s, RegimentHold("A1"))
    assert not out.ok and "side B is to act" in out.reason
    s = ok(s, RegimentHold("B2"))
    out = apply(s, RegimentHold("A2"))
    assert not out.ok and "hold marker" in out.reason and "REG-06" in out.reason
    s = ok(s, RegimentMove("A1", steps_to_tokens((F(1),))))
    s = ok(s, RegimentHold("B1"))
    assert s.turn == 2 and s.phase == "round"  # every regiment had its order
    s, _ = ENGINE.advance(s)
    assert s.phase == "activation" and all(not r.markers for r in s.regiments)  # cleared


def test_reg_06_keep_hold_option_keeps_hold_markers() -> None:
    s = new_game(start(options=Options(keep_hold=True)))
    for a in (RegimentHold("A1"), RegimentHold("B1"), RegimentHold("A2"), RegimentHold("B2")):
        s = ok(s, a)
    s, _ = ENGINE.advance(s)
    assert all(r.markers == ("hold",) for r in s.regiments)


def test_reg_12_17_a_charge_waits_for_the_targets_side() -> None:
    s = new_game(start())
    s = ok(s, RegimentCharge("A1", "B1"))
    assert s.phase == "countercharge" and s.pending.ask == "B1"
    assert ENGINE.actor(s) == "B" and "does B1 countercharge A1" in ENGINE.banner(s)
    refused = apply(s, RegimentHold("A2"))
    assert not refused.ok
    s = ok(s, Countercharge("B1", False))
    assert s.phase == "activation" and s.pending is None
    a1 = s.get("A1")
    assert a1.front_left == pytest.approx((50, 90)) and a1.activated
    assert ("A1", "B1") in s.contacts and s.to_act == "B"
    assert any("moves into contact" in e.text for e in s.log)


def test_reg_17_a_countercharger_is_activated_and_loses_its_hold() -> None:
    s = new_game(start())
    s = ok(s, RegimentHold("A2"))
    s = ok(s, RegimentHold("B1"))  # B1 holds: it may still countercharge
    s = ok(s, RegimentCharge("A1", "B1"))
    s = ok(s, Countercharge("B1", True))
    assert s.get("B1").markers == ("activation",)
    assert s.get("B1").front_left == pytest.approx((66, 93))


def test_reg_11_a_failed_command_test_leaves_the_charger_with_an_activation_marker() -> None:
    s = new_game(start(script=(5, 2, 1, 2), options=Options(command_test=7)))
    before = s.get("A1")
    s = ok(s, RegimentCharge("A1", "B1"))  # rolls 1 + 2 = 3 < 7
    assert s.get("A1").front_left == before.front_left and s.get("A1").activated
    assert s.pending is None and any("command test 3 (needs 7+) fails" in e.text for e in s.log)


def test_reg_11_an_impossible_charge_is_refused_before_any_roll() -> None:
    s = new_game(start(options=Options(command_test=7)))
    out = apply(s, RegimentCharge("A1", "B2"))
    assert not out.ok and "REG-11" in out.reason


def test_replay_and_save_round_trip(tmp_path) -> None:  # noqa: ANN001
    st = start()
    s = new_game(st)
    for a in (RegimentCharge("A1", "B1"), Countercharge("B1", True), RegimentHold("B2")):
        s = ok(s, a)
    assert replay(st, s.history) == s
    path = tmp_path / "r.json"
    save_game(s, path)
    assert load_game(path) == s
    data = path.read_text().replace('"A1"', '"A9"', 1)
    path.write_text(data)
    with pytest.raises(SaveError):
        load_game(path)


def test_a_damaged_save_is_one_sentence(tmp_path) -> None:  # noqa: ANN001
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(SaveError, match="bad.json"):
        load_game(bad)
    bad.write_text('{"format": "hexplate-save"}')
    with pytest.raises(SaveError, match="not a regiments save"):
        load_game(bad)


def test_undo_does_not_take_the_dice_back() -> None:
    st = start(script=(5, 2, 6, 6, 1, 1), options=Options(command_test=7))
    s = new_game(st)
    s1 = ok(s, RegimentCharge("A1", "B1"))  # command test 6 + 6: passes
    h = History.begin(s).push(s1).undo()
    assert h.current == s
    discard = h.dice_to_discard()
    assert discard == DiscardDice(2)
    s2 = ok(ok(h.current, discard), RegimentCharge("A1", "B1"))  # a fresh roll: 1 + 1 fails
    assert s2.pending is None and s2.get("A1").front_left == s.get("A1").front_left
    assert replay(st, s2.history) == s2


def test_the_engine_refuses_an_empty_discard() -> None:
    s = new_game(start())
    out = apply(s, DiscardDice(0))
    assert not out.ok


def test_an_order_for_another_phase_is_refused_with_its_phase() -> None:
    s = initial_state(start())
    out = apply(s, RegimentHold("A1"))
    assert not out.ok and "activation phase" in out.reason
    with pytest.raises(IllegalActionError):
        ENGINE.apply_strict(s, Countercharge("A1", True))


def test_choices_give_legal_orders_for_the_side_to_act() -> None:
    s = new_game(start())
    legal = [a for a in ENGINE.choices(s) if apply(s, a).ok]
    assert legal and all(a.unit_id.startswith("A") for a in legal)  # type: ignore[attr-defined]
    assert replace(s) == s
