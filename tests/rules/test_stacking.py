"""TW stacking (MOV-34, the default) and the classic variant (MOV-30): the limits, and the
move checker, reach, jumps, deployment, the scenario checker, settling and the invariants
obeying them (EX-MOV-13)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from movekit import H, board, move, unit

from game.core.files import ScenarioError
from game.core.options import CLASSIC, TW
from game.rules.deploy import check_deploy, legal_deploy_hexes
from game.rules.move.reach import reach
from game.rules.move.stacking import band, broken, tw_violation, violation
from game.scenario.reader import parse_scenario
from game.units.unit import Unit

AT = "0503"  # the hex the movers end in: two hexes north of 0505 (facing 0 = north)


def tank(uid: str = "t", side: str = "A", at: str = AT) -> Unit:
    return unit(uid, at, kind="tracked", side=side)


def mech(uid: str = "m2", side: str = "A", at: str = AT) -> Unit:
    return unit(uid, at, side=side)


def platoon(uid: str = "p", side: str = "A", at: str = AT) -> Unit:
    return unit(uid, at, kind="infantry", side=side, walk=1)


@pytest.mark.parametrize(
    ("there", "mover", "legal"),
    [  # EX-MOV-13, the end-of-move column
        ([mech()], mech("m"), False),  # one Mech per hex
        ([mech()], tank("t2"), True),  # two friendly units
        ([mech(), tank()], platoon(), False),  # a third friendly unit
        ([tank(), platoon()], platoon("e", "B"), True),  # 4 units, 2 a side
        ([tank("e", "B")], mech("m"), True),  # Mech + tank of different sides
        ([mech("e", "B")], mech("m"), False),  # enemy Mech
        ([tank(), platoon(), tank("e1", "B"), platoon("e2", "B")], platoon("e3", "B"), False),
    ],
)
def test_ex_mov_13_end_of_move_limits(there: list[Unit], mover: Unit, legal: bool) -> None:
    assert (tw_violation(mover, there) is None) is legal
    assert violation(mover, there, CLASSIC) is not None  # MOV-30 classic: one unit a hex


def test_ex_mov_13_a_unit_above_does_not_count() -> None:
    # the digest's VTOL at elevation 3: in this build an airborne WiGE holding altitude 3
    flyer = replace(unit("w", AT, kind="wige"), wige_airborne=True, altitude=3)
    assert band(flyer) == (3, 4) and band(mech()) == (0, 2)
    assert band(replace(mech(), prone=True)) == (0, 1)
    assert tw_violation(tank("t2"), [mech(), flyer]) is None  # the flyer does not count
    assert tw_violation(flyer, [mech(), tank()]) is None  # it is in its own band
    assert tw_violation(tank("t2"), [mech(), tank()]) is not None  # on the ground: a third


def test_a_second_mech_under_a_flyer_is_still_refused() -> None:
    flyer = replace(unit("w", AT, kind="wige"), wige_airborne=True, altitude=3)
    why = tw_violation(mech("m"), [mech(), flyer])
    assert why is not None and "one Mech per hex" in why
    assert tw_violation(mech("m"), [tank(), flyer]) is None  # the flyer does not count


def test_move_may_end_with_a_friendly_tank_under_tw_not_classic() -> None:
    b = board()
    r = move(b, [unit(), tank()], ["F", "F"])
    assert r.legal and r.to_json(b)["end"]["at"] == AT
    c = move(b, [unit(), tank()], ["F", "F"], rules=CLASSIC)
    assert not c.legal and "MOV-30" in (c.error or "")
    two = move(b, [unit(), mech()], ["F", "F"])
    assert not two.legal and "MOV-34" in (two.error or "") and two.failed_step == 1


def test_third_friendly_unit_refused_and_enemy_tank_hex_entered_to_stop() -> None:
    b = board()
    r = move(b, [unit(), tank(), platoon()], ["F", "F"])
    assert not r.legal and "two of a side" in (r.error or "")
    e = move(b, [unit(), tank("e", "B")], ["F", "F"])
    assert e.legal and e.end_at == H(AT)  # MOV-35: it enters the enemy tank's hex and stops


def test_reach_and_jump_obey_tw_stacking() -> None:
    b = board()
    units = [unit(jump=3), tank()]
    walk = reach(b, units, "m", "walk").hexes()
    assert H(AT) in walk
    assert H(AT) not in reach(b, units, "m", "walk", CLASSIC).hexes()
    assert H(AT) not in reach(b, [unit(), mech()], "m", "walk").hexes()
    assert H(AT) in reach(b, units, "m", "jump").hexes()
    j = move(b, units, [f"J:{AT}"], mode="jump")
    assert j.legal
    assert not move(b, [unit(jump=3), mech()], [f"J:{AT}"], mode="jump").legal


def test_deployment_and_sandbox_room() -> None:
    b = board()
    m = unit(at="0101")
    t = tank(at="0101")
    zone = legal_deploy_hexes(b, "A", [], "biped")
    h = min(zone, key=lambda x: (x.col, x.row))
    t = replace(t, at=h)
    assert h in legal_deploy_hexes(b, "A", [t], "biped", m, TW)
    assert h not in legal_deploy_hexes(b, "A", [t], "biped", m, CLASSIC)
    assert check_deploy(b, m, h, 0, [t], TW) is None
    refused = check_deploy(b, m, h, 0, [mech(at=b.hex_name(h))], TW)
    assert refused is not None and "MOV-34" in refused
    assert check_deploy(b, m, h, 0, [t], CLASSIC) == f"hex {b.hex_name(h)} is already occupied"


def _scenario(units: list[dict], options: list[str] | None = None) -> dict:
    out = {"version": 1, "board": {"width": 8, "height": 8}, "units": units}
    return out | ({"options": options} if options else {})


def _u(uid: str, kind: str, side: str = "A", at: str = "0404") -> dict:
    return {"id": uid, "side": side, "kind": kind, "tons": 40, "walk": 4, "at": at, "facing": 0}


def test_scenario_checker_uses_mov_34_and_classic_keeps_mov_30() -> None:
    ok = _scenario([_u("m", "biped"), _u("t", "tracked")])
    s = parse_scenario(ok, Path("s.json"))
    assert len(s.units) == 2 and s.rules(TW) == TW
    with pytest.raises(ScenarioError, match="MOV-30"):
        parse_scenario(_scenario([_u("m", "biped"), _u("t", "tracked")], ["classic"]),
                       Path("s.json"))  # fmt: skip
    assert (
        parse_scenario(_scenario([_u("m", "biped")], ["classic"]), Path("s.json")).rules(TW).classic
    )
    with pytest.raises(ScenarioError, match="one Mech per hex"):
        parse_scenario(_scenario([_u("m", "biped"), _u("n", "biped", "B")]), Path("s.json"))


def test_invariants_find_broken_stacking() -> None:
    assert broken([mech(), tank()], TW) == []
    assert broken([mech(), mech("m3")], TW)
    assert broken([mech(), tank()], CLASSIC)  # MOV-30 classic: one unit per hex
    assert broken([tank(), platoon(), tank("t3")], TW)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["biped", "tracked", "infantry"]),
                          st.sampled_from(["A", "B"])), min_size=1, max_size=6))  # fmt: skip
def test_adding_units_one_by_one_never_breaks_the_limits(specs: list[tuple[str, str]]) -> None:
    """Whatever order units try to enter a hex, those let in never break MOV-34."""
    kept: list[Unit] = []
    for i, (kind, side) in enumerate(specs):
        u = unit(f"u{i}", AT, kind=kind, side=side, walk=1 if kind == "infantry" else 5)
        if violation(u, kept, TW) is None:
            kept.append(u)
    assert broken(kept, TW) == []
    assert sum(u.is_mech for u in kept) <= 1 and len(kept) <= 4
    assert all(sum(u.side == s for u in kept) <= 2 for s in "AB")
