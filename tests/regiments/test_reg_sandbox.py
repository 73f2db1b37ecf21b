"""The regiments sandbox (game.regiments.phases.sandbox, game.regiments.sandbox): free
placing (on the table, no overlap, 3 cm from enemies unless in contact, REG-04), orders
for any regiment at any time with the rules still checking them, charges with their
countercharge question, markers (REG-06), undo and redo over the states, and saving as a
regiments scenario the referee reads back."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regkit import reg

from game.core.actions import EndPhase
from game.core.history import History
from game.referee.moves import answer
from game.regiments.actions import (
    Countercharge,
    RegimentCharge,
    RegimentFace,
    RegimentMove,
    steps_to_tokens,
)
from game.regiments.engine import ENGINE, apply
from game.regiments.orders import check_order
from game.regiments.paths import Leg
from game.regiments.phases.sandbox import (
    ClearMarkers,
    PlaceRegiment,
    RemoveRegiment,
    SetDownRegiment,
    SetMarkers,
    centred,
)
from game.regiments.sandbox import (
    new_sandbox,
    sandbox_from_scenario,
    sandbox_of,
    save_sandbox,
    scenario_json,
)
from game.regiments.save import load_game, save_game
from game.regiments.scenario import load
from game.regiments.setup import game_from_armies, table_for
from game.regiments.state import RegimentState
from game.regiments.table import Obstacle, Table
from game.regiments.verdict import Order

ROOT = Path(__file__).resolve().parents[2]
ROCK = Obstacle("rock", ((100.0, 40.0), (110.0, 40.0), (110.0, 50.0), (100.0, 50.0)))


def sandbox(*regs, obstacles=(ROCK,)) -> RegimentState:  # noqa: ANN001
    return new_sandbox(Table(180, 120, tuple(obstacles)), tuple(regs))


def ok(state: RegimentState, action) -> RegimentState:  # noqa: ANN001
    return ENGINE.apply_strict(state, action).state


def refused(state: RegimentState, action) -> str:  # noqa: ANN001
    out = apply(state, action)
    assert not out.ok, "expected a refusal"
    return out.reason  # type: ignore[union-attr]


def place(kind: str, side: str, at: tuple[float, float], facing: float = 0, **kw) -> PlaceRegiment:
    return PlaceRegiment(kind, side, at[0], at[1], facing, **kw)


# --- placing ----------------------------------------------------------------------------


def test_a_sandbox_starts_in_its_one_phase_with_nobody_to_act() -> None:
    s = sandbox()
    assert s.phase == "sandbox" and s.start.sandbox
    assert ENGINE.actor(s) is None and ENGINE.automatic(s) is None
    assert "never ends" in refused(s, EndPhase())
    assert s.sides == ("A", "B") and s.regiments == ()


def test_placing_a_unit_type_of_the_armies_for_any_side() -> None:
    s = ok(sandbox(), place("knights", "B", (50, 60), 90))
    (k,) = s.regiments
    assert (k.id, k.side, k.name, k.files, k.ranks, k.stand, k.move, k.size) == (
        "B1", "B", "Knights", 3, 2, (5.0, 8.0), 18.0, 2,
    )  # fmt: skip
    assert k.front_left == (50.0, 60.0) and k.facing == 90.0
    s = ok(s, place("knights", "B", (90, 100)))
    assert [r.id for r in s.regiments] == ["B1", "B2"]
    assert "placed" in s.log[-1].text


def test_placing_refuses_unknown_types_sides_and_taken_ids() -> None:
    s = ok(sandbox(), place("ogres", "A", (20, 100), unit_id="X"))
    assert "no unit type 'dragons'" in refused(s, place("dragons", "A", (60, 100)))
    assert "side 'C' is not one of A, B" in refused(s, place("ogres", "C", (60, 100)))
    assert "'X' is already taken" in refused(s, place("ogres", "B", (60, 30), unit_id="X"))


def test_placing_refuses_the_table_edge_overlaps_and_obstacles() -> None:
    s = ok(sandbox(), place("swordsmen", "A", (40, 80)))  # 16 x 12 cm, 40..56 x 80..92
    assert "would not lie on the 180 x 120 cm table" in refused(s, place("archers", "A", (175, 60)))
    assert "would overlap the Swordsmen (A1)" in refused(s, place("archers", "A", (50, 85)))
    assert "would stand on the rock" in refused(s, place("archers", "B", (98, 45)))


def test_reg_04_placing_keeps_3_cm_from_enemies_unless_in_contact() -> None:
    s = ok(sandbox(), place("swordsmen", "A", (40, 80)))  # front edge y = 80
    near = place("warband", "B", (60, 78), 180)  # facing south, its front 2 cm away
    why = refused(s, near)
    assert "within 3 cm of the Swordsmen (A1)" in why and "REG-04" in why
    s_touch = ok(s, place("warband", "B", (56, 80), 180, contact=True))  # front to front
    assert s_touch.get("B1") is not None
    assert "overlap" in refused(s, place("warband", "B", (56, 81), 180, contact=True))
    # a friend may stand closer than 3 cm (REG-04 is about enemies)
    friend = ok(s, place("archers", "A", (57, 80)))
    assert friend.get("A2") is not None


def test_setting_down_moves_and_turns_a_regiment_under_the_same_checks() -> None:
    s = ok(sandbox(), place("swordsmen", "A", (40, 80)))
    r = s.get("A1")
    turned = centred(r, r.centre(), 90.0)
    s2 = ok(s, SetDownRegiment("A1", *turned.front_left, 90.0))  # it may overlap its old self
    assert s2.get("A1").facing == 90.0
    assert np.allclose(s2.get("A1").centre(), r.centre())
    assert "would stand on the rock" in refused(s2, SetDownRegiment("A1", 100, 45, 0))
    assert "no regiment 'Z9'" in refused(s2, SetDownRegiment("Z9", 10, 10, 0))


def test_removing_and_markers() -> None:
    s = ok(sandbox(), place("swordsmen", "A", (40, 80)))
    s = ok(s, SetMarkers("A1", ("hold",)))
    assert s.get("A1").holding
    assert "'asleep' is not a marker" in refused(s, SetMarkers("A1", ("asleep",)))
    s = ok(s, ClearMarkers())
    assert s.get("A1").markers == ()
    s = ok(s, RemoveRegiment("A1"))
    assert s.regiments == () and "taken off" in s.log[-1].text


# --- orders -----------------------------------------------------------------------------


def two_sides() -> RegimentState:
    return sandbox(
        reg("A1", "A", 4, 2, at=(50, 100)),
        reg("B1", "B", 4, 2, at=(66, 90), facing=180, markers=("hold",)),  # 10 cm ahead
    )


def forward(unit: str, cm: float) -> RegimentMove:
    return RegimentMove(unit, steps_to_tokens((Leg("forward", cm),)))


def test_any_regiment_moves_any_time_even_with_a_marker() -> None:
    s = two_sides()
    s = ok(s, forward("B1", 2))  # B first: no activation order
    s = ok(s, forward("B1", 2))  # again: its marker does not stop it in the sandbox
    assert s.get("B1").activated and s.to_act is None and ENGINE.actor(s) is None
    s = ok(s, RegimentFace("A1", 180))
    assert s.get("A1").facing == 180.0


def test_reg_04_orders_in_the_sandbox_still_keep_the_3_cm_zone() -> None:
    s = two_sides()  # the fronts are 10 cm apart
    assert "within 3 cm" in refused(s, forward("A1", 8))
    assert ok(s, forward("A1", 6.5)).get("A1").front_left == pytest.approx((50, 93.5))


def test_reg_17_a_sandbox_charge_asks_for_the_countercharge_and_waits() -> None:
    s = ok(two_sides(), RegimentCharge("A1", "B1"))  # B1 holds, A1 is in its front
    assert s.pending is not None and s.pending.ask == "B1"
    assert ENGINE.actor(s) == "B" and "countercharge" in ENGINE.banner(s)
    assert "waits" in refused(s, place("ogres", "A", (10, 10)))
    assert "waits" in refused(s, forward("A1", 1))
    s = ok(s, Countercharge("B1", False))
    assert s.pending is None and ("A1", "B1") in s.contacts
    assert s.get("A1").activated


def test_game_actions_refuse_sandbox_edits_with_the_phase_named() -> None:
    game = game_from_armies(table_for(None), {"A": "royal", "B": "horde"}, seed=3)
    why = refused(game, place("ogres", "A", (10, 10)))
    assert "placed freely in the sandbox phase, not in the activation phase" in why
    assert sandbox_of(game).regiments == game.regiments


# --- undo and redo ------------------------------------------------------------------------

KINDS = ("swordsmen", "archers", "ogres", "knights")
actions = st.one_of(
    st.builds(
        lambda k, side, x, y, f: place(k, side, (x, y), f),
        st.sampled_from(KINDS), st.sampled_from("AB"),
        st.floats(0, 180), st.floats(0, 120), st.sampled_from((0.0, 90.0, 180.0, 270.0, 33.0)),
    ),
    st.builds(lambda i, cm: forward(f"{'AB'[i % 2]}{1 + i // 2}", cm),
              st.integers(0, 5), st.floats(0.5, 12)),
    st.builds(lambda i: RemoveRegiment(f"{'AB'[i % 2]}{1 + i // 2}"), st.integers(0, 5)),
    st.just("undo"),
    st.just("redo"),
)  # fmt: skip


def run(seq: list) -> History[RegimentState]:  # noqa: ANN001
    h = History.begin(sandbox())
    for a in seq:
        if a == "undo":
            h = h.undo()
        elif a == "redo":
            h = h.redo()
        else:
            state = h.current
            discard = h.dice_to_discard()
            if discard is not None:
                state = ok(state, discard)
            out = apply(state, a)
            if out.ok:
                h = h.push(out.state)  # type: ignore[union-attr]
    return h


@settings(max_examples=40, deadline=None)
@given(st.lists(actions, max_size=14))
def test_undo_then_redo_is_the_identity(seq: list) -> None:  # noqa: ANN001
    h = run(seq)
    if h.can_undo:
        assert h.undo().redo() == h
        assert h.undo().redo().current is h.current
    while h.can_undo:
        h = h.undo()
    assert h.current.regiments == ()


# --- saving -------------------------------------------------------------------------------


def test_a_saved_sandbox_reads_back_equal(tmp_path: Path) -> None:
    s = ok(sandbox(), place("swordsmen", "A", (40.25, 80.125), 33.3))
    s = ok(s, place("ogres", "B", (140, 20), 200))
    s = ok(s, SetMarkers("B1", ("hold",)))
    path = tmp_path / "box.json"
    save_sandbox(s, path)
    back = sandbox_from_scenario(path)
    assert back.regiments == s.regiments
    assert back.start.table == s.start.table and back.options == s.options
    assert json.loads(path.read_text())["ruleset"] == "regiments"


def test_a_sandbox_on_a_map_saves_the_map_and_only_its_own_obstacles(tmp_path: Path) -> None:
    src = ROOT / "scenarios" / "regiments-grassland.json"
    s = sandbox_from_scenario(src)
    path = tmp_path / "box.json"
    save_sandbox(s, path)
    data = json.loads(path.read_text())
    assert data["table"]["file"] == "maps/grassland.tmx"
    back = sandbox_from_scenario(path)
    assert back.start.table == s.start.table and back.regiments == s.regiments


def test_a_saved_sandbox_with_its_planned_order_is_judged_by_the_referee(tmp_path: Path) -> None:
    s = two_sides()
    order = Order("A1", "move", (Leg("wheel", -10.0), Leg("forward", 2.0)))
    path = tmp_path / "box.json"
    save_sandbox(s, path, order)
    got = answer(["regiment", str(path)])
    assert got == check_order(s.world(), order).to_json()
    assert got["legal"] is True and load(path).order == order
    charge = Order("A1", "charge", target="B1", countercharge=("B1",))
    assert scenario_json(s, charge)["order"] == {
        "unit": "A1", "type": "charge", "steps": [], "target": "B1", "countercharge": ["B1"],
    }  # fmt: skip


def test_a_sandbox_save_with_its_log_replays_as_a_sandbox(tmp_path: Path) -> None:
    s = ok(two_sides(), forward("B1", 2))
    save_game(s, tmp_path / "full.json")
    back = load_game(tmp_path / "full.json")
    assert back.start.sandbox and back.regiments == s.regiments and back.phase == "sandbox"
