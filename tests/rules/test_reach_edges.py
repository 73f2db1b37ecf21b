"""Edge cases where `rules reach` and `rules move` must agree (docs/scenario-format.md: reach
lists every hex the move's unit can end its movement in): units with 0 MP, immobile units and
a prone Mech with exactly 1 MP (minimum movement)."""

from __future__ import annotations

import pytest
from movekit import H, board, move, unit

from game.rules.move.reach import reach


@pytest.mark.parametrize("mode", ["walk", "run"])
@pytest.mark.parametrize(
    "mover",
    [
        unit(walk=0, facing=2),
        unit(walk=5, facing=2).__class__("m", "A", "biped", 50, 5, H("0505"), 2, heat=25),
    ],
    ids=["walk-0", "heat-25"],
)
def test_mov_02_unit_with_0_mp_can_end_in_its_own_hex(mover, mode):
    """MOV-02/MOV-07: with no MP the unit cannot spend any, but declaring walk or run and
    not moving is still a move that ends in the start hex, current facing, 0 MP."""
    b = board()
    assert mover.walk_mp() == 0
    res = move(b, mover, [], mode)
    assert res.legal, res.error
    assert (res.end_at, res.end_facing, res.mp_used, res.mode) == (H("0505"), 2, 0, "stand")
    assert res.heat == 0  # nothing was spent: it counts as standing still (MOV-02)
    r = reach(b, [mover], "m", mode)
    assert r.hexes() == {H("0505"): (0, (2,))}
    assert r.to_json(b)["reach"] == {"0505": {"mp": 0, "facings": [2]}}
    assert r.path_to(H("0505"), 2) == [] and r.cost_to(H("0505"), 2) == 0
    assert r.cost_to(H("0505"), 3) is None  # turning would cost MP it does not have
    assert not move(b, mover, ["R"], mode).legal and not move(b, mover, ["F"], mode).legal


def test_mov_02_infantry_with_0_mp_lists_only_its_own_facing():
    b = board()
    inf = unit(walk=0, kind="infantry", facing=4)
    r = reach(b, [inf], "m", "walk")
    assert r.hexes() == {H("0505"): (0, (4,))}
    assert move(b, inf, r.path_to(H("0505"), 4)).legal


@pytest.mark.parametrize("mode", ["walk", "run"])
@pytest.mark.parametrize("damage", [{"shutdown": True}, {"unconscious": True}, {"gyro": 2}])
def test_turn_06_immobile_unit_has_no_walk_or_run_reach_and_check_move_agrees(mode, damage):
    """Immobile units (shutdown, unconscious, gyro destroyed) can only stand still (the game
    flow refuses any other mode): both answers refuse walk/run, even an empty move."""
    b = board()
    u = unit(**damage)
    assert u.immobile
    assert not move(b, u, [], mode).legal
    assert reach(b, [u], "m", mode).hexes() == {}
    assert move(b, u, [], "stand").legal


def test_already_moved_unit_still_gets_no_reach():
    b = board()
    u = unit(walk=0).__class__("m", "A", "biped", 50, 0, H("0505"), 0, moved=True)
    assert not move(b, u, [], "walk").legal
    assert reach(b, [u], "m", "walk").hexes() == {}


def test_mov_20_mov_23_prone_mech_with_1_mp_lists_every_standing_facing():
    """MOV-20: a prone Mech with only 1 MP may make one stand attempt as its only action;
    K25/MOV-23 (classic until decided): it then takes any facing. check_move accepts U:n for
    every n, so reach lists every facing in the start hex (mp stays the least, 0)."""
    b = board()
    u = unit(walk=1, facing=1, prone=True)
    r = reach(b, [u], "m", "walk")
    for n in range(6):
        assert move(b, u, [f"U:{n}"]).legal
    assert r.to_json(b)["reach"] == {"0505": {"mp": 0, "facings": [0, 1, 2, 3, 4, 5]}}
    assert r.hexes() == {H("0505"): (0, tuple(range(6)))}
    for f in range(6):
        res = move(b, u, r.path_to(H("0505"), f))
        assert res.legal and res.end_facing == f and res.mp_used == r.cost_to(H("0505"), f)
    # prone turns stay the cheaper answer where they exist (MOV-21): 0 or 1 MP, still prone
    assert r.cost_to(H("0505"), 1) == 0 and r.cost_to(H("0505"), 2) == 1
    assert move(b, u, r.path_to(H("0505"), 2)).end_prone
    # standing-only facings come through minimum movement: 2 MP, counts as running
    res = move(b, u, r.path_to(H("0505"), 4))
    assert r.path_to(H("0505"), 4) == ["U:4"] and res.mode == "run" and not res.end_prone
    assert r.cost_to(H("0505"), 4) == 2
    assert r.minimum_hexes() == {}  # the hex is reachable without minimum movement


def test_prone_mech_with_2_mp_stands_normally_and_no_minimum_entry():
    b = board()
    u = unit(walk=2, facing=1, prone=True)
    r = reach(b, [u], "m", "walk")
    assert r.hexes()[H("0505")] == (0, tuple(range(6)))
    assert r.path_to(H("0505"), 4) == ["U:4"] and r.cost_to(H("0505"), 4) == 2
    assert not move(b, u, ["U:4"]).end_state.minimum
