"""Helpers for the combat tests: tiny boards, units from the roster or by hand."""

from __future__ import annotations

from typing import Any

from game.board import Board, HexSpec, build_board
from game.designs.roster import make_unit
from game.hexgrid import parse_hex_name
from game.scenario.reader import parse_scenario
from game.units.loadout import Mount
from game.units.unit import Unit


def board(hexes: dict[str, dict[str, Any]] | None = None, w: int = 16, h: int = 17) -> Board:
    return build_board(w, h, {parse_hex_name(k): HexSpec(**v) for k, v in (hexes or {}).items()})


def mech(code: str, uid: str, at: str, facing: int = 0, side: str = "A", **kw: Any) -> Unit:
    from dataclasses import replace

    u = make_unit(code, uid, side, at=parse_hex_name(at), facing=facing)
    return replace(u, **kw) if kw else u


def scenario(units: list[dict[str, Any]], hexes: dict[str, Any] | None = None,
             **top: Any) -> Any:  # fmt: skip
    from pathlib import Path

    data = {"version": 1, "board": {"width": 16, "height": 17, "hexes": hexes or {}},
            "units": units, **top}  # fmt: skip
    return parse_scenario(data, Path("test.json"))


def unit_spec(uid: str, at: str, facing: int = 0, side: str = "A", **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": uid, "side": side, "kind": "biped", "tons": 50, "walk": 4,
                            "at": at, "facing": facing}  # fmt: skip
    return base | kw


ML = Mount("Medium Laser", "RA")
