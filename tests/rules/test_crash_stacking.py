"""MOV-34 after a VTOL or WiGE comes down at the end of a phase (ADV-28 "After the crash",
read for a full hex too: game.rules.piloting.aftercrash.came_down)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from movekit import H, board, unit

from game.core.dice import Dice
from game.core.options import TW
from game.hexgrid import neighbours
from game.narrate import Narrator
from game.rules.damage.crashes import crash
from game.rules.damage.lift import bring_down
from game.rules.move.stacking import broken, violation
from game.rules.piloting.aftercrash import came_down
from game.units.unit import Unit


def vtol(at: str = "0505", altitude: int = 2, motive: bool = True) -> Unit:
    """An airborne VTOL (side A) that must come down: motive destroyed (ADV-29, a forced
    landing) or engine hit (ADV-26 as read: a crash)."""
    u = unit(uid="v", kind="vtol", tons=30, walk=8, at=at)
    assert u.hull is not None
    hull = replace(u.hull, engine="ice")
    if motive:
        hull = replace(hull, motive=("major",))
    else:
        hull = replace(hull, crits=replace(hull.crits, engine=True))
    return replace(u, hull=hull, altitude=altitude)


def tank(uid: str, at: str, side: str = "A") -> Unit:
    return unit(uid=uid, kind="tracked", tons=60, at=at, side=side)


def _after(units: list[Unit], out_unit: Unit, others: dict[str, Unit]) -> list[Unit]:
    return [out_unit if u.id == out_unit.id else others.get(u.id, u) for u in units]


def test_mov_34_adv_28_a_forced_landing_in_a_full_hex_comes_down_beside_it() -> None:
    v = vtol()
    units = [v, tank("t1", "0505"), tank("t2", "0505")]  # two of side A: no third
    dice = Dice(1, [5, 4])  # needs 5 + 4 = 9: it lands
    down = bring_down(v, board(), dice)
    assert down is not None and violation(down.unit, units[1:], TW) is not None
    out, others = came_down(board(), units, down, 2, dice, TW)
    assert not out.destroyed and out.unit.at != H("0505") and out.unit.flying_height == 0
    assert others == {}  # the tanks stay
    beside = next(e for e in out.events if e.type == "comes_down_beside")
    assert beside.get("full") == H("0505") and beside.get("at") == out.unit.at
    assert broken(_after(units, out.unit, others), TW) == []
    text = [line.text for line in Narrator(board(), tuple(units), dice.log).lines(
        list(out.events), "v")]  # fmt: skip
    assert text[-1] == ("v has no room in 0505 (MOV-34: already holds 2 units of side A; at "
                        "most two of a side per hex), so it comes down beside it, in "
                        f"{out.unit.at} (ADV-28)")  # fmt: skip


def test_mov_34_adv_28_no_valid_hex_beside_a_full_hex_destroys_it() -> None:
    """Woods all round: a landed VTOL may not be put there (ADV-28 landing ground)."""
    b = board({h.name(): {"woods": 1} for h in neighbours(H("0505"))})
    v = vtol()
    units = [v, tank("t1", "0505"), tank("t2", "0505")]
    dice = Dice(1, [5, 4])
    down = bring_down(v, b, dice)
    assert down is not None
    out, _ = came_down(b, units, down, 2, dice, TW)
    assert out.destroyed and out.unit.at == H("0505")
    gone = [e for e in out.events if e.type == "unit_destroyed"]
    assert gone and "no hex beside it" in str(gone[0].get("cause"))


def test_mov_34_a_landing_in_a_hex_with_room_stays_put() -> None:
    v = vtol()
    units = [v, tank("t1", "0505", side="B")]  # one enemy tank: room for it
    dice = Dice(1, [5, 4])
    down = bring_down(v, board(), dice)
    assert down is not None
    out, others = came_down(board(), units, down, 2, dice, TW)
    assert out.unit.at == H("0505") and others == {}
    assert [e.type for e in out.events] == ["forced_landing"]


def test_mov_34_adv_28_a_crash_whose_push_is_blocked_by_the_map_edge() -> None:
    """The VTOL falls on t1 and hits (PHY-17); t1 cannot be pushed north off the map, so
    the hex holds three units of side A: the VTOL comes down beside it."""
    v = vtol("0501", altitude=3, motive=False)
    units = [v, tank("t1", "0501"), tank("t2", "0501")]
    down = crash(v, board(), 3, Dice(1, [1] + [3, 4] * 6), None, "engine hit")  # facing 1
    assert down.unit.facing == 0 and not down.destroyed
    dice = Dice(1, [6, 6] + [3, 4] * 10)  # 12: the fall from above hits
    out, others = came_down(board(), units, down, 3, dice, TW)
    kinds = [e.type for e in out.events]
    assert "fall_from_above" in kinds and "blocked" in kinds and "comes_down_beside" in kinds
    assert others["t1"].at == H("0501") and out.unit.at != H("0501")
    assert broken(_after(units, out.unit, others), TW) == []


def test_mov_34_phy_18_a_unit_pushed_into_a_full_hex_is_settled() -> None:
    """t1 is pushed north into 0501, which holds two side-A tanks and is at the map edge:
    the chain stops, and t1 goes to the nearest hex with room, nearest where it stood."""
    v = vtol("0502", altitude=3, motive=False)
    units = [v, tank("t1", "0502"), tank("a", "0501"), tank("b", "0501")]
    down = crash(v, board(), 3, Dice(1, [1] + [3, 4] * 6), None, "engine hit")
    dice = Dice(1, [6, 6] + [3, 4] * 10)
    out, others = came_down(board(), units, down, 3, dice, TW)
    pushed = [e for e in out.events if e.type == "displaced" and e.get("unit") == "t1"]
    assert [e.get("to") for e in pushed] == [H("0501"), H("0502")]  # pushed, then settled
    assert "MOV-34" in str(pushed[-1].get("reason"))
    assert broken(_after(units, out.unit, others), TW) == []


SPOTS = ("0101", "0201", "0102", "0202", "0301", "0302", "0103")


@settings(max_examples=40, deadline=None)
@given(
    placed=st.lists(
        st.tuples(
            st.sampled_from(SPOTS),
            st.sampled_from(("tracked", "biped", "wheeled")),
            st.sampled_from("AB"),
        ),  # fmt: skip
        max_size=6,
    ),
    crowd=st.integers(0, 2),
    motive=st.booleans(),
    altitude=st.integers(1, 4),
    seed=st.integers(0, 10_000),
)
def test_mov_34_a_flier_brought_down_never_breaks_stacking(
    placed: list[tuple[str, str, str]], crowd: int, motive: bool, altitude: int, seed: int
) -> None:
    """Whatever stands near the map corner (``crowd`` side-A tanks under it first), a VTOL
    brought down there (crash or forced landing, any dice) leaves no hex over its limits
    (MOV-34)."""
    b = board(w=4, h=4)
    v = vtol("0101", altitude=altitude, motive=motive)
    units = [v, *(tank(f"c{i}", "0101") for i in range(crowd))]
    for i, (at, kind, side) in enumerate(placed):
        u = unit(uid=f"u{i}", kind=kind, tons=50, at=at, side=side)
        if violation(u, [o for o in units[1:] if o.at == u.at], TW) is None:
            units.append(u)
    dice = Dice(seed)
    down = bring_down(v, b, dice)
    assert down is not None
    out, others = came_down(b, units, down, altitude, dice, TW)
    assert out.unit.flying_height == 0
    assert broken(_after(units, out.unit, others), TW) == []


def test_in_play_a_forced_landing_at_the_end_of_the_phase_keeps_the_invariants() -> None:
    """game.phases.damage_check: the VTOL lands over two friendly tanks at the end of the
    movement phase and comes down beside them; the invariants (MOV-34) hold."""
    from game.board import build_board
    from game.core.actions import EndPhase
    from game.designs.roster import make_unit
    from game.flow import apply_strict
    from game.invariants import problems
    from game.phases.actions import RollInitiative, StandStill, StartGame
    from game.setup import new_game

    a = replace(make_unit("Kestrel", "a1", "A", at=H("0403"), facing=3), altitude=2)
    assert a.hull is not None
    a = replace(a, hull=replace(a.hull, motive=("major",)))
    t1, t2 = tank("a2", "0403"), tank("a3", "0403")
    b = make_unit("JR7-D", "b1", "B", at=H("0703"), facing=3)
    s = new_game(build_board(8, 8), script=(1, 1, 6, 6, 6, 6), units=(a, t1, t2, b), seed=9)
    s = apply_strict(apply_strict(s, StartGame()).state, RollInitiative()).state
    for uid in ("a1", "a2", "b1", "a3"):  # the order the initiative rolls give
        s = apply_strict(s, StandStill(uid)).state
    out = apply_strict(s, EndPhase())
    told = [e.text for e in out.events if e.kind in ("forced_landing", "comes_down_beside")]
    assert len(told) == 2 and "it lands (ADV-29)" in told[0], told
    assert "no room in 0403" in told[1] and "comes down beside it" in told[1]
    v = out.state.unit("a1")
    assert v is not None and v.flying_height == 0 and v.at != H("0403")
    assert problems(out.state) == []
