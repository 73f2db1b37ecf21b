"""Small builders shared by the piloting tests: inline boards, units, event lookup."""

from __future__ import annotations

from typing import Any

from game.board import Board, HexSpec, build_board
from game.hexgrid import parse_hex_name
from game.rules.piloting.falls import RulesEvent
from game.units.crithits import PILOT_KEYS, damaged
from game.units.unit import MECH_KINDS, Damage, Unit


def board(hexes: dict[str, HexSpec] | None = None, width: int = 12, height: int = 20) -> Board:
    return build_board(width, height, {parse_hex_name(k): v for k, v in (hexes or {}).items()})


def unit(
    uid: str = "m",
    at: str = "0510",
    facing: int = 0,
    tons: int = 50,
    walk: int = 5,
    kind: str = "biped",
    side: str = "A",
    piloting: int = 5,
    prone: bool = False,
    moved: bool = False,
    legs_destroyed: int = 0,
    **damage: Any,
) -> Unit:
    """A unit for the rules tests; ``legs_destroyed`` legs are taken off its body."""
    quad = kind == "quad"
    body, dmg = (
        damaged(tons, quad, legs_destroyed, 0, **damage)
        if kind in MECH_KINDS
        else (None, Damage(**{k: v for k, v in damage.items() if k in PILOT_KEYS}))
    )
    return Unit(uid, side, kind, tons, walk, parse_hex_name(at), facing, piloting=piloting,
                prone=prone, moved=moved, damage=dmg, body=body)  # fmt: skip


def of_type(events: tuple[RulesEvent, ...], type_: str) -> list[RulesEvent]:
    return [e for e in events if e.type == type_]


def types(events: tuple[RulesEvent, ...]) -> list[str]:
    return [e.type for e in events]


H = parse_hex_name
