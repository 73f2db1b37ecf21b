"""Tiny inline boards and units for the movement tests (one behaviour per test)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.board import Board, HexSpec, build_board
from game.core.options import TW, Rules
from game.hexgrid import Hex, parse_hex_name
from game.rules.move.movement import MoveResult, check_move
from game.units.crithits import PILOT_KEYS, damaged
from game.units.unit import MECH_KINDS, Damage, Unit


def H(name: str) -> Hex:
    return parse_hex_name(name)


def board(hexes: dict[str, dict[str, Any]] | None = None, w: int = 10, h: int = 10) -> Board:
    """Clear level-0 board with the listed hexes, e.g. {"0504": {"woods": 2}}."""
    return build_board(w, h, {H(k): HexSpec(**v) for k, v in (hexes or {}).items()})


def unit(
    uid: str = "m",
    at: str = "0505",
    facing: int = 0,
    walk: int = 5,
    kind: str = "biped",
    side: str = "A",
    jump: int = 0,
    piloting: int = 5,
    prone: bool = False,
    tons: int = 50,
    legs_destroyed: int = 0,
    **damage: Any,
) -> Unit:
    """A unit for the movement tests; ``legs_destroyed`` legs are taken off its body."""
    quad = kind == "quad"
    body, dmg = (
        damaged(tons, quad, legs_destroyed, jump, **damage)
        if kind in MECH_KINDS
        else (None, Damage(**{k: v for k, v in damage.items() if k in PILOT_KEYS}))
    )
    return Unit(uid, side, kind, tons, walk, H(at), facing, jump=jump, piloting=piloting,
                prone=prone, damage=dmg, body=body)  # fmt: skip


def move(
    b: Board,
    units: Sequence[Unit] | Unit,
    steps: Sequence[str],
    mode: str = "walk",
    uid: str | None = None,
    rules: Rules = TW,
) -> MoveResult:
    us = [units] if isinstance(units, Unit) else list(units)
    return check_move(b, us, uid or us[0].id, mode, steps, rules)


def targets(r: MoveResult) -> list[int | str]:
    return [p.target for p in r.psrs]
