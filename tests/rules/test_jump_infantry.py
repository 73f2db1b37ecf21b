"""MOV-29 jump infantry: the jump rules (MOV-05/06) except that it may not land in water
of depth 1+; on the ground it walks without facing (MOV-16) and climbs one level in the
whole turn (MOV-13)."""

from __future__ import annotations

from movekit import H, board, move, unit

from game.rules.move.reach import reach

RIVER = {"0504": {"water": 1}, "0503": {"water": 2}}  # north of 0505: depth 1, then 2


def jumper(jump: int = 3):
    return unit(kind="infantry", walk=1, jump=jump, tons=4)


def test_mov_29_jump_infantry_jumps_over_water_to_the_far_bank():
    r = move(board(RIVER), jumper(), ["J:0502"], mode="jump")
    assert r.legal and r.end_at == H("0502") and r.mp_used == 3 and r.psrs == ()


def test_mov_29_jump_infantry_may_not_land_in_depth_1_or_2_water():
    for dest, depth in (("0504", 1), ("0503", 2)):
        r = move(board(RIVER), jumper(), [f"J:{dest}"], mode="jump")
        assert not r.legal and "MOV-29" in r.error and f"depth {depth}" in r.error


def test_mov_29_jump_reach_leaves_out_the_water_and_a_mech_may_land_there():
    b = board(RIVER)
    hexes = reach(b, [jumper()], "m", "jump").hexes()
    assert H("0502") in hexes and H("0504") not in hexes and H("0503") not in hexes
    mech = reach(b, [unit(walk=5, jump=3)], "m", "jump").hexes()
    assert H("0504") in mech  # the exception is infantry's only (MOV-05)


def test_mov_29_the_jump_platoon_walks_one_hex_any_way_but_not_into_water():
    b = board(RIVER)
    walks = reach(b, [jumper()], "m", "walk").hexes()
    assert H("0504") not in walks  # MOV-10 / MOV-29: no depth 1+ water on foot either
    assert {H("0605"), H("0506"), H("0405")} <= set(walks)  # no facing (MOV-16)


def test_mov_33_ex_mov_12_jump_platoon_jumps_three_or_walks_one():
    """EX-MOV-12 (the movement half; the to-hit half is the infantry combat's): a jump
    platoon (MOV-33: 1 ground MP, 3 jump MP) jumps 3 hexes over a level-2 hill into heavy
    woods for 3 jump MP; walking it reaches only the adjacent hexes."""
    from game.rules.move.movement import target_modifier

    b = board({"0504": {"level": 2}, "0502": {"woods": 2}})
    r = move(b, jumper(), ["J:0502"], mode="jump")
    assert r.legal and r.mp_used == 3 and r.hexes_moved == 3
    assert target_modifier(3, True) == 2  # 3 hexes +1, jumped +1 (CMB-13)
    assert r.target_modifier == 2
    walk = reach(board(), [jumper()], "m", "walk").hexes()
    assert max(mp for mp, _ in walk.values()) == 1 and len(walk) == 7
