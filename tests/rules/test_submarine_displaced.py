"""A submarine put in a hex outside its own move, and slides that reach a submarine
(ADV-24/25, PSR-33, PHY-18): set down in the sandbox, pushed on by a domino, or settled
after a skid, its depth is capped at the water of its new hex (a hull does not fit under
the bottom) and it never lands ashore; a skid passes over a submerged submarine (it cannot
be attacked, not even by accident) instead of charging it."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial
from pathlib import Path

from game.board import HexSpec, build_board
from game.core.dice import Dice
from game.core.options import CLASSIC, TW, Rules
from game.designs.roster import make_unit
from game.flow import apply
from game.hexgrid import Hex, parse_hex_name
from game.invariants import problems
from game.phases.actions import CommitMove
from game.phases.sandbox import SetDown
from game.phases.sandbox_game import save_sandbox
from game.referee.moves import answer
from game.rules.combat.records import Movement
from game.rules.move.diving import capped_depth, set_at
from game.rules.physical.options import physical_option
from game.rules.physical.records import Blow, Context
from game.rules.physical.resolve import resolve_blow
from game.scenario.reader import load_scenario
from game.setup import new_sandbox, sandbox_from_scenario

ROAD = {f"05{r:02d}": {"road": True} for r in range(5, 13)} | {"0604": {"road": True}}


def _write(tmp_path: Path, data: dict, name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _ok(state, action):
    out = apply(state, action)
    assert out.ok, getattr(out, "reason", "")
    return out.state


def test_adv_25_set_at_caps_the_depth_at_the_water_of_the_new_hex() -> None:
    board = build_board(4, 4, {Hex(0, 0): HexSpec(water=1), Hex(0, 1): HexSpec(water=3)})
    sub = replace(make_unit("Barracuda", "s", "A", at=Hex(0, 1)), depth=3)
    assert set_at(board, sub, Hex(0, 0)).depth == 1
    assert set_at(board, sub, Hex(0, 1), 4) == replace(sub, facing=4)
    assert set_at(board, sub, Hex(2, 2)).depth == 0  # dry ground: at most the surface
    assert capped_depth(board, Hex(0, 0), 0) == 0


def test_adv_25_a_submarine_set_down_in_shallower_water_comes_up_and_the_save_reopens(
    tmp_path: Path,
) -> None:
    """The reviewer's case: depth 3 set down in depth-1 water kept depth 3, and the saved
    sandbox could not be read back ("depth 3 is deeper than the water of 0301")."""
    water = {"0301": 1, "0302": 2, "0303": 3, "0304": 3}
    data = {"version": 1, "board": {"width": 8, "height": 8,
                                    "hexes": {h: {"water": d} for h, d in water.items()}},
            "units": [{"id": "sub", "side": "A", "kind": "submarine", "tons": 70, "walk": 4,
                       "at": "0304", "facing": 0, "depth": 3},
                      {"id": "foe", "side": "B", "kind": "biped", "tons": 50, "walk": 4,
                       "at": "0708", "facing": 0}]}  # fmt: skip
    s = sandbox_from_scenario(_write(tmp_path, data))
    s = _ok(s, SetDown("sub", parse_hex_name("0301"), 2))
    assert s.unit("sub").depth == 1 and problems(s) == []
    save_sandbox(s, tmp_path / "out.json")
    assert load_scenario(tmp_path / "out.json").unit("sub").depth == 1
    s = _ok(s, SetDown("sub", parse_hex_name("0303"), 2))
    assert s.unit("sub").depth == 1  # set down deeper: it stays where it was in the water
    assert "cannot stand" in apply(s, SetDown("sub", parse_hex_name("0101"), 0)).reason


def test_the_invariant_names_a_submarine_deeper_than_its_water() -> None:
    s = new_sandbox(build_board(4, 4, {Hex(0, 0): HexSpec(water=1)}))
    s = replace(s, units=(replace(make_unit("Barracuda", "A1", "A", at=Hex(0, 0)), depth=2),))
    assert problems(s) == ["A1's depth 2 is deeper than the water of 0101"]


def _domino(next_water: int | None, rules: Rules = CLASSIC):
    """x pushes a (PHY-07) north into 0504, where a submarine lies at depth 2; in the
    classic variant (MOV-30: one unit a hex) the domino effect (PHY-18) pushes the
    submarine on into 0503. Under TW the hex has room for the Mech (MOV-34: the submerged
    submarine is in another height band), so nobody is pushed on."""
    hexes = {Hex(4, 3): HexSpec(water=2)}
    if next_water is not None:
        hexes[Hex(4, 2)] = HexSpec(water=next_water)
    board = build_board(10, 10, hexes)
    units = {
        "x": make_unit("HBK-4G", "x", "A", at=Hex(4, 5)),
        "a": make_unit("HBK-4G", "a", "B", at=Hex(4, 4)),
        "sub": replace(make_unit("Barracuda", "sub", "A", at=Hex(4, 3)), depth=2),
    }
    ctx = Context({"x": Movement("walk", 0)})
    opt = physical_option(board, units, Blow("x", "a", "push"), ctx, rules)
    assert opt.attacks
    after, res = resolve_blow(board, units, opt, Dice(seed=1, script=(6,) * 12), rules, ctx)
    return after, res


def test_phy_18_mov_34_under_tw_a_mech_pushed_over_a_submerged_submarine_pushes_nobody() -> None:
    after, res = _domino(1, TW)
    assert res.hit and after["a"].at == Hex(4, 3)
    assert after["sub"].at == Hex(4, 3) and after["sub"].depth == 2


def test_phy_18_adv_25_a_submarine_pushed_on_into_shallower_water_comes_up() -> None:
    after, res = _domino(1)
    assert res.hit and after["sub"].at == Hex(4, 2) and after["sub"].depth == 1
    assert after["a"].at == Hex(4, 3)


def test_phy_18_adv_24_a_submarine_is_never_pushed_ashore() -> None:
    after, res = _domino(None)  # 0503 is dry ground: the strict chain is blocked
    assert res.hit and after["sub"].at == Hex(4, 3) and after["sub"].depth == 2
    assert any(e.type == "blocked" for e in res.events)


def _skid_scenario(depth: int) -> dict:
    """A Hunchback running north up the road turns at 0512+7 and skids (the scripted dice fail the
    skid roll fails) into 0504 - depth 2 water with a submarine in it."""
    hexes = ROAD | {"0504": {"water": 2}, "0503": {"water": 2}}
    return {"version": 1, "board": {"width": 16, "height": 17, "hexes": hexes},
            "units": [{"id": "hbk", "side": "A", "kind": "biped", "tons": 50, "walk": 6,
                       "at": "0512", "facing": 0},
                      {"id": "sub", "side": "B", "kind": "submarine", "tons": 70, "walk": 4,
                       "at": "0504", "facing": 0, "depth": depth}],
            "move": {"unit": "hbk", "mode": "run", "steps": ["F"] * 7 + ["R", "F"]},
            "dice": [1, 1, 3, 4, 4, 6, 6, 1, 1, 6, 6, 3, 3] + [3] * 3 + [2] * 40}  # fmt: skip


def _types(out: dict, unit: str) -> list[str]:
    return [e["type"] for e in out["events"] if unit in (e.get("unit"), e.get("target"))]


def test_adv_25_psr_33_a_skid_passes_over_a_submerged_submarine(tmp_path: Path) -> None:
    """The referee's answer: no dodge, no accidental charge, no damage for the submerged
    submarine; the slide ends in its hex. Under TW the Mech and the enemy submarine may
    share it (MOV-34); in the classic variant (MOV-30) the submarine is settled into the
    nearest water hex, not onto the dry bank (ADV-24)."""
    f = str(_write(tmp_path, _skid_scenario(2)))
    tw = answer(["move", f, "--resolve"])
    assert any(e["type"] == "skid" for e in tw["events"])
    assert _types(tw, "sub") == ["passes_over"]
    out = answer(["move", f, "--resolve", "--variant", "classic"])
    assert any(e["type"] == "skid" for e in out["events"])
    assert _types(out, "sub") == ["passes_over", "displaced"]
    [moved] = [e for e in out["events"] if e["type"] == "displaced"]
    assert moved["to"] == "0503"  # depth 2 water; the old choice was dry 0403


def test_psr_33_a_surfaced_submarine_is_still_charged_by_a_skid(tmp_path: Path) -> None:
    out = answer(["move", str(_write(tmp_path, _skid_scenario(0))), "--resolve"])
    assert "accidental_charge" in _types(out, "sub") and "passes_over" not in _types(out, "sub")


def test_adv_25_the_log_says_the_slide_passes_over_the_submerged_submarine(
    tmp_path: Path,
) -> None:
    data = _skid_scenario(2)
    move = data.pop("move")
    s = sandbox_from_scenario(_write(tmp_path, data))
    s = _ok(s, CommitMove(move["unit"], move["mode"], tuple(move["steps"])))
    text = [e.text for e in s.log]
    assert any("passes over the submerged sub in 0504" in t for t in text), text
    assert not any("dodge" in t or "charges into sub" in t for t in text)
    sub = s.unit("sub")  # TW: the Mech and the enemy submarine share the hex (MOV-34)
    assert sub.at == parse_hex_name("0504") and sub.depth == 2 and problems(s) == []


def test_phy_18_psr_33_a_skids_domino_pushes_a_submarine_up_into_shallower_water() -> None:
    """collide.push, the skids' displacement: a Mech pushed into the submarine's hex pushes
    it on (PHY-18; classic, one unit a hex, MOV-30) into depth-1 water; it comes up to
    depth 1. Under TW the Mech has room over the submerged submarine (MOV-34)."""

    from game.core.options import TW
    from game.rules.modifier import Modifier
    from game.rules.piloting.collide import SlideWorld, push
    from game.rules.piloting.falls import UnitOutcome
    from game.rules.piloting.psr import psr_base_modifiers

    board = build_board(10, 10, {Hex(4, 3): HexSpec(water=2), Hex(4, 2): HexSpec(water=1)})
    mech = make_unit("HBK-4G", "a", "B", at=Hex(4, 4))
    sub = replace(make_unit("Barracuda", "sub", "A", at=Hex(4, 3)), depth=2)
    for rules, pushed in ((CLASSIC, ["a", "sub"]), (TW, ["a"])):
        base = partial(psr_base_modifiers, rules=rules)
        w = SlideWorld(board, Dice(seed=1, script=(6,) * 12), rules, None, base,
                       {"a": mech, "sub": sub})  # fmt: skip
        out = push(w, UnitOutcome(mech), mech, Hex(4, 3), 0, 0, Modifier(2, "was charged"), 0)
        assert [e.get("unit") for e in out.events if e.type == "displaced"] == pushed
    assert w.units["sub"].at == Hex(4, 3) and w.units["sub"].depth == 2  # TW: it stays
    w = SlideWorld(board, Dice(seed=1, script=(6,) * 12), CLASSIC, None,
                   lambda u: psr_base_modifiers(u, CLASSIC), {"a": mech, "sub": sub})  # fmt: skip
    push(w, UnitOutcome(mech), mech, Hex(4, 3), 0, 0, Modifier(2, "was charged"), 0)
    assert w.units["sub"].at == Hex(4, 2) and w.units["sub"].depth == 1
