"""A hot-seat game with vessels on the bundled harbour map (ADV-24): each side fields a
Corsair (naval) and a Barracuda (submarine), deploys them in its zone's sea hexes, and a
turn of random legal actions is played through the core (game.bot.autoplay), checked and
replayed. On the other bundled maps setup refuses them (no depth 1+ water in the zones)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bot.autoplay import check_replay, play
from game.flow import Refused, apply, apply_strict
from game.maps import bundled_map, bundled_maps
from game.phases.actions import AddUnit, Deploy, StartGame
from game.phases.deployment import deploying_side, hexes_for, undeployed
from game.rules.deploy import legal_deploy_hexes
from game.setup import new_game_from_map
from game.state import GameState

VESSEL_PICKS = ("Corsair", "Barracuda")


def harbour_setup(seed: int) -> GameState:
    s = new_game_from_map(bundled_map("harbour"), seed=seed)
    for side in s.sides:
        for design in VESSEL_PICKS:
            s = apply_strict(s, AddUnit(design, side)).state
    return apply_strict(s, StartGame()).state


def deploy_at_sea(s: GameState) -> GameState:
    """Every unit in turn, on the offered hex nearest the shore (the shallowest sea)."""
    while (side := deploying_side(s)) is not None:
        unit = undeployed(s, side)[0]
        offered = hexes_for(s, unit.id)
        assert offered, unit.id
        h = min(offered, key=lambda h: (s.board.water[h.row, h.col], h.row, h.col))
        s = apply_strict(s, Deploy(unit.id, h, 0)).state
    return s


def test_adv_24_harbour_zones_offer_only_sea_hexes_to_vessels() -> None:
    s = harbour_setup(1)
    assert s.phase == "deployment"
    zones = {z.side: z.hexes for z in s.board.zones}
    for u in s.units:
        offered = legal_deploy_hexes(s.board, u.side, (), u.kind)
        assert len(offered) >= 6 and offered <= zones[u.side], u.id
        assert all(s.board.water[h.row, h.col] >= 1 for h in offered), u.id
    first = undeployed(s, "A")[0]
    ashore = min(h for h in zones["A"] if s.board.water[h.row, h.col] < 0)
    assert isinstance(apply(s, Deploy(first.id, ashore, 0)), Refused)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_adv_24_a_hot_seat_turn_with_vessels_on_the_harbour_map(seed: int) -> None:
    s = deploy_at_sea(harbour_setup(seed))
    assert not undeployed(s)
    assert sorted(u.kind for u in s.units) == ["naval", "naval", "submarine", "submarine"]
    assert all(s.board.water[u.at.row, u.at.col] >= 1 for u in s.units)
    played = play(s, seed, 1)  # invariants checked after every action
    check_replay(played.state)
    end = played.state
    assert end.turn > 1 or played.result is not None
    kinds = [e.event.kind for e in end.log]
    assert "initiative_roll" in kinds and "move" in kinds  # a vessel sailed
    for u in end.units:
        if end.board.contains(u.at):  # every vessel still afloat (or below): depth 1+ water
            assert end.board.water[u.at.row, u.at.col] >= 1, (u.id, u.at)


@pytest.mark.parametrize("path", bundled_maps(), ids=lambda p: p.stem)
def test_adv_24_vessels_are_refused_in_setup_on_maps_without_sea_in_the_zones(
    path: Path,
) -> None:
    s = new_game_from_map(path, seed=1)
    out = apply(s, AddUnit("Corsair", "A"))
    assert isinstance(out, Refused) == (path.stem != "harbour"), path.stem
    if isinstance(out, Refused):
        assert "a vessel needs depth 1+ water, ADV-24" in out.reason
