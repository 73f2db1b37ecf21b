"""Displacement under TW stacking (MOV-34: "displacement into a full hex starts the domino
rules (PHY-18)"): a pushed unit that has room in the hex it is pushed into pushes nobody
on; classic (MOV-30) keeps one unit a hex. PHY-19's step aside uses the same limits."""

from __future__ import annotations

from physkit import ask, events, unit

PUSH = {"attacker": "x", "target": "a", "type": "push"}


def _tank(uid: str, at: str, side: str = "B") -> dict:
    return unit(uid, at, 0, side=side, kind="tracked", walk=4)


def _platoon(uid: str, at: str, side: str = "B") -> dict:
    return {"id": uid, "side": side, "kind": "infantry", "at": at, "troopers": 28}


def _moved(out: dict) -> list[tuple[str, str]]:
    """The units displaced, in order (the pusher following into 0505 left out, PHY-10)."""
    return [(e["unit"], e["to"]) for e in events(out, "displaced") if e["unit"] != "x"]


def test_phy_18_tw_a_mech_pushed_onto_a_tank_shares_its_hex() -> None:
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"), _tank("t", "0504")]
    out = ask(units, PUSH, dice=[6, 6, 6, 6], resolve=True)
    moved = _moved(out)
    assert moved == [("a", "0504")]  # the tank stays: a Mech and a tank fit (MOV-34)
    assert out["end"]["target"]["at"] == "0504"


def test_phy_18_classic_the_tank_is_pushed_on() -> None:
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"), _tank("t", "0504")]
    out = ask(units, PUSH, dice=[6, 6, 6, 6], resolve=True, variant="classic")
    moved = _moved(out)
    assert moved[:2] == [("a", "0504"), ("t", "0503")]  # MOV-30: one unit a hex


def test_phy_18_tw_a_third_unit_of_a_side_pushes_one_on() -> None:
    """0504 holds a tank and a platoon of the pushed Mech's side: it would be the third of
    its side, so the first of them without which it fits (the tank) is pushed on."""
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"), _tank("t", "0504"),
             _platoon("p", "0504")]  # fmt: skip
    out = ask(units, PUSH, dice=[6] * 8, resolve=True)
    moved = _moved(out)
    assert moved[:2] == [("a", "0504"), ("t", "0503")]
    assert "p" not in [m[0] for m in moved]


def test_phy_18_tw_a_mech_pushed_onto_a_mech_still_starts_the_chain() -> None:
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"), unit("b", "0504", 0),
             _tank("t", "0503", side="A")]  # fmt: skip
    out = ask(units, PUSH, dice=[6] * 8, resolve=True)
    moved = _moved(out)
    assert moved == [("a", "0504"), ("b", "0503")]  # b fits beside the tank: chain ends


def test_phy_19_tw_steps_aside_into_a_hex_with_room() -> None:
    """b faces 2 and is pushed from its side; the hex ahead of it holds a tank of another
    side: under TW it has room there (MOV-34), under classic it does not (MOV-30)."""
    units = [unit("x", "0506", 0), unit("a", "0505", 0, side="B"), unit("b", "0504", 2),
             _tank("t", "0604", side="B")]  # fmt: skip
    out = ask(units, PUSH, dice=[6] * 8, resolve=True)
    [step] = events(out, "steps_aside")
    assert step["unit"] == "b" and step["to"] == "0604"
    classic = ask(units, PUSH, dice=[6] * 8, resolve=True, variant="classic")
    assert not any(e["to"] == "0604" for e in events(classic, "steps_aside"))
