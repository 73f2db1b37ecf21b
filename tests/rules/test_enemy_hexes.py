"""MOV-35 (TW default): moving through and into hexes with enemy units, in the move
checker and in reach (EX-MOV-13, the moving column); MOV-30 stays the classic variant."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from movekit import H, board, move, unit

from game.core.options import CLASSIC, TW
from game.rules.move.enemies import Entry, entry_rule
from game.rules.move.reach import reach
from game.units.unit import Unit

AT = "0504"  # one hex north of the mover's 0505
BEYOND = "0503"


def tank(uid: str = "e", side: str = "B", at: str = AT) -> Unit:
    return unit(uid, at, kind="tracked", side=side)


def platoon(uid: str = "p", side: str = "B", at: str = AT) -> Unit:
    return unit(uid, at, kind="infantry", side=side, walk=1)


def mech(uid: str = "e", side: str = "B", at: str = AT) -> Unit:
    return unit(uid, at, side=side)


def test_entry_rule_for_each_kind_of_mover() -> None:
    m, t, p = unit(), unit("t", kind="tracked"), unit("q", kind="infantry", walk=1)
    assert entry_rule(m, [mech()], TW)[0] is Entry.REFUSE
    assert entry_rule(m, [tank()], TW)[0] is Entry.STOP
    assert entry_rule(m, [platoon()], TW) == (Entry.PASS, None)  # Mechs ignore platoons
    assert entry_rule(m, [platoon(), tank()], TW)[0] is Entry.STOP
    assert entry_rule(t, [platoon()], TW)[0] is Entry.STOP  # vehicles stop for anyone
    assert entry_rule(p, [platoon()], TW)[0] is Entry.STOP
    assert entry_rule(t, [mech()], TW)[0] is Entry.STOP  # only a Mech is refused a Mech
    assert entry_rule(m, [mech(side="A")], TW) == (Entry.PASS, None)  # friends
    for mover in (m, t, p):  # MOV-30 classic: every enemy refuses entry
        assert entry_rule(mover, [platoon()], CLASSIC)[0] is Entry.REFUSE


# --- EX-MOV-13, the rows about moving -------------------------------------------------------


def test_ex_mov_13_mech_passes_through_enemy_platoon() -> None:
    b = board()
    r = move(b, [unit(), platoon()], ["F", "F"])
    assert r.legal and r.to_json(b)["end"]["at"] == BEYOND
    assert H(BEYOND) in reach(b, [unit(), platoon()], "m", "walk").hexes()


def test_ex_mov_13_mech_may_end_on_enemy_platoon() -> None:
    b = board()
    r = move(b, [unit(), platoon()], ["F"])
    assert r.legal and r.to_json(b)["end"]["at"] == AT
    assert H(AT) in reach(b, [unit(), platoon()], "m", "walk").hexes()


def test_ex_mov_13_tank_enters_enemy_platoon_hex_and_stops() -> None:
    b = board()
    t = unit("t", kind="tracked", walk=7)
    stop = move(b, [t, platoon()], ["F"])
    assert stop.legal and stop.to_json(b)["end"]["at"] == AT
    on = move(b, [t, platoon()], ["F", "F"])
    assert not on.legal and on.failed_step == 1
    assert "ends its movement there" in (on.error or "") and "MOV-35" in (on.error or "")
    hexes = reach(b, [t, platoon()], "t", "walk").hexes()
    assert hexes[H(AT)][0] == 1
    assert hexes[H(BEYOND)][0] == 6  # around it (L F R F R F), not through it (F F)


def test_ex_mov_13_mech_enters_enemy_tank_hex_and_stops_but_may_turn_and_go_prone() -> None:
    b = board()
    ok = move(b, [unit(walk=7), tank()], ["F", "R", "R", "P"])
    assert ok.legal and ok.to_json(b)["end"] == {"at": AT, "facing": 2, "prone": True}
    on = move(b, [unit(walk=7), tank()], ["F", "R", "F"])
    assert not on.legal and on.failed_step == 2 and "MOV-35" in (on.error or "")
    hexes = reach(b, [unit(walk=7), tank()], "m", "walk").hexes()
    assert hexes[H(AT)] == (1, (0, 1, 2, 3, 4, 5))  # every facing: it may turn there
    assert hexes[H(BEYOND)][0] == 6


def test_ex_mov_13_enemy_mech_refused_walking_and_jumping() -> None:
    b = board()
    r = move(b, [unit(), mech()], ["F"])
    assert not r.legal and r.failed_step == 0
    assert "may never enter a hex with an enemy Mech (MOV-35)" in (r.error or "")
    j = move(b, [unit(jump=3), mech()], [f"J:{AT}"], mode="jump")
    assert not j.legal and "one Mech per hex (MOV-34)" in (j.error or "")
    assert H(AT) not in reach(b, [unit(jump=3), mech()], "m", "walk").hexes()
    assert H(AT) not in reach(b, [unit(jump=3), mech()], "m", "jump").hexes()


def test_ex_mov_13_full_hex_with_enemies_refused() -> None:
    """friendly tank + platoon there, an enemy platoon comes: legal, it stops there (4
    units, 2 a side at most); a unit that would be a third of its side may not enter."""
    b = board()
    there = [tank("t1", "A"), platoon("p1", "A")]
    mover = unit("e2", "0505", kind="infantry", side="B", walk=1)
    ok = move(b, [mover, *there], ["F"])
    assert ok.legal and ok.end_at == H(AT)
    full = [*there, platoon("e1"), platoon("e3")]
    refused = move(b, [mover, *full], ["F"])
    assert not refused.legal and "two of a side" in (refused.error or "")
    assert H(AT) not in reach(b, [mover, *full], "e2", "walk").hexes()


def test_jumps_are_exempt_from_the_step_checks() -> None:
    b = board()
    units = [unit(jump=3), tank(), tank("e2", at=BEYOND)]
    j = move(b, units, [f"J:{BEYOND}", "FACE:0"], mode="jump")
    assert j.legal  # over one enemy tank into another's hex: only the MOV-34 limits count
    assert H(BEYOND) in reach(b, units, "m", "jump").hexes()


def test_unit_that_starts_with_an_enemy_may_leave_but_not_leave_twice() -> None:
    b = board()
    t = unit("t", kind="tracked")
    p = platoon(at="0505")  # the enemy platoon shares the tank's start hex
    assert move(b, [t, p], ["F", "F"]).legal  # it leaves
    back = move(b, [t, p], ["F", "B", "B"])  # out, back in, out again
    assert not back.legal and back.failed_step == 2 and "MOV-35" in (back.error or "")
    assert move(b, [t, p], ["F", "B"]).legal  # out and back in: it ends there
    assert H(BEYOND) in reach(b, [t, p], "t", "walk").hexes()


def test_classic_keeps_the_mov_30_refusal_word_for_word() -> None:
    b = board()
    r = move(b, [unit(), platoon()], ["F"], rules=CLASSIC)
    assert r.error == "0504 holds enemy unit p; units may not pass enemies (MOV-30)"
    assert H(AT) not in reach(b, [unit(), platoon()], "m", "walk", CLASSIC).hexes()


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["biped", "tracked", "infantry"]),
    st.sampled_from(["biped", "tracked", "infantry"]),
    st.lists(st.sampled_from(["F", "L", "R", "B"]), min_size=1, max_size=5),
)
def test_reach_agrees_with_the_checker_around_an_enemy(kind: str, enemy: str,
                                                       steps: list[str]) -> None:  # fmt: skip
    """Every hex the checker accepts a walk into, reach lists within the same MP; every
    hex reach lists, the path it gives is legal (MOV-35 in both)."""
    b = board()
    walk = 1 if kind == "infantry" else 5
    me = unit("m", "0505", kind=kind, walk=walk)
    other = unit("e", AT, kind=enemy, side="B", walk=1 if enemy == "infantry" else 5)
    units = [me, other]
    r = move(b, units, steps)
    view = reach(b, units, "m", "walk")
    if r.legal:
        end = r.end_at
        assert end in view.hexes() and view.hexes()[end][0] <= r.mp_used
    for h in view.hexes():
        for f in view.hexes()[h][1][:1]:
            path = view.path_to(h, f)
            assert path is not None and move(b, units, path).legal
