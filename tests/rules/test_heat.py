"""The Heat phase (HEAT-01..10 and every EX-HEAT entry)."""

from __future__ import annotations

import pytest
from combatkit import scenario, unit_spec

from game.core.dice import Dice
from game.core.options import CLASSIC, TW
from game.rules.combat.records import Movement
from game.rules.heat import heat_forecast, heat_phase, water_cooling


def hot(heat: int = 0, hexes: dict | None = None, **kw):  # type: ignore[no-untyped-def]
    s = scenario([unit_spec("a", "0505", heat=heat, **kw)], hexes=hexes)
    return s.board, s.units[0]


def test_heat_01_scale_is_clamped_to_0_30() -> None:
    bd, u = hot(28, weapons=[{"name": "PPC", "location": "RT"}, {"name": "PPC", "location": "LT"}])
    assert heat_forecast(u, (0, 1), Movement("run"), bd).heat_after == 30
    assert heat_forecast(hot(2)[1], (), Movement(), bd).heat_after == 0


@pytest.mark.parametrize(
    ("mode", "hexes", "heat"),
    [("stand", 0, 0), ("walk", 3, 1), ("run", 5, 2), ("jump", 2, 3), ("jump", 5, 5)],
)
def test_heat_02_movement_heat(mode: str, hexes: int, heat: int) -> None:
    assert Movement(mode, hexes).movement_heat() == heat


def test_heat_03_destroyed_sinks_shed_nothing() -> None:
    bd, u = hot(20, damage={"heat_sinks": 3})
    assert heat_forecast(u, (), Movement(), bd).dissipated == 7


@pytest.mark.parametrize(
    ("legs", "prone", "depth", "tw", "classic"),
    [(4, False, 1, 14, 14), (8, False, 1, 16, 14), (4, False, 2, 16, 16), (4, True, 1, 16, 14)],
)
def test_ex_heat_01_water_cooling(
    legs: int, prone: bool, depth: int, tw: int, classic: int
) -> None:
    kind = "quad" if legs > 4 else "biped"  # 8 leg sinks need four legs' free slots
    bd, u = hot(
        20,
        {"0505": {"water": depth}},
        heat_sinks=10,
        heat_sinks_in_legs=legs,
        prone=prone,
        kind=kind,
    )
    assert 10 + water_cooling(u, bd, TW) == tw and 10 + water_cooling(u, bd, CLASSIC) == classic


def test_heat_04_cooling_in_water() -> None:
    test_ex_heat_01_water_cooling(4, False, 1, 14, 14)


@pytest.mark.parametrize(
    ("heat", "shutdown", "ammo"),
    [(13, None, None), (14, 4, None), (19, 6, 4), (23, 8, 6), (27, 10, 6), (30, "automatic", 8)],
)
def test_ex_heat_03_and_heat_05_threshold_checks(heat: int, shutdown, ammo) -> None:  # type: ignore[no-untyped-def]
    bd, u = hot(heat, heat_sinks=0, ammo=[{"weapon": "AC/20", "location": "LT", "shots": 5}])
    rep = heat_forecast(u, (), Movement(), bd)
    assert (rep.shutdown, rep.ammo_explosion) == (shutdown, ammo)


def test_heat_06_mp_and_heat_07_to_hit_at_the_new_level() -> None:
    bd, u = hot(15, heat_sinks=0)
    out = heat_forecast(u, (), Movement(), bd).to_json()["effects"]
    assert (out["walk_mp_penalty"], out["to_hit"]) == (3, 2)


def test_heat_08_shutdown_and_restart() -> None:
    bd, u = hot(20, heat_sinks=0)
    u2, events, _, _ = heat_phase(u, (), Movement(), bd, Dice(1, [1, 1]))
    assert u2.damage.shutdown and any(e.type == "psr" for e in events)
    bd, down = hot(20, heat_sinks=10, damage={"shutdown": True})
    back, _, rep, _ = heat_phase(down, (), Movement(), bd, Dice(1, []))
    assert rep.restart == "automatic" and not back.damage.shutdown  # 20 - 10 = 10 < 14


def test_heat_09_ammunition_explosion_and_ex_heat_04() -> None:
    bd, u = hot(19, heat_sinks=0, ammo=[{"weapon": "AC/10", "location": "LT", "shots": 10}])
    from game.rules.combat.criticals import bin_damage

    assert bin_damage(u.body, 0) == 100
    bd2, lrm = hot(0, ammo=[{"weapon": "LRM-20", "location": "LT", "shots": 6}])
    assert bin_damage(lrm.body, 0) == 120
    u2, events, _, _ = heat_phase(u, (), Movement(), bd, Dice(1, [6, 6, 1, 1, 6, 6]))
    assert any(e.type == "explosion" and e.get("damage") == 100 for e in events)
    assert u2.damage.pilot_hits == 2


def test_heat_10_life_support_and_engine() -> None:
    bd, u = hot(15, heat_sinks=0, damage={"life_support": True, "engine": 1})
    rep = heat_forecast(u, (), Movement(), bd)
    assert rep.engine == 5 and rep.pilot_damage == 1 and rep.heat_after == 20


def test_ex_heat_05_a_heat_phase() -> None:
    bd, u = hot(
        4,
        heat_sinks=10,
        damage={"engine": 1},
        weapons=[{"name": "PPC", "location": "RT"}, {"name": "SRM-4", "location": "LT"}],
        ammo=[{"weapon": "SRM-4", "location": "LT", "shots": 25}],
    )
    rep = heat_forecast(u, (0, 1), Movement("run"), bd, other=1)  # 10 + 3 + 1 = 14 weapons
    assert (rep.heat_after, rep.shutdown) == (15, 4)
    eff = rep.to_json()["effects"]
    assert (eff["walk_mp_penalty"], eff["to_hit"]) == (3, 2)
