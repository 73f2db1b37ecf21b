"""Small builders for the aerospace rule tests: an open board, fighters and DropShips."""

from __future__ import annotations

from game.board import Board, build_board
from game.hexgrid import parse_hex_name
from game.units.craft import Craft, max_thrust
from game.units.unit import Damage, Unit


def board(width: int = 16, height: int = 17) -> Board:
    return build_board(width, height, {})


def fighter(uid: str, at: str, facing: int, *, side: str = "A", velocity: int = 4,
            thrust: int | None = None, safe: int = 5, piloting: int = 5, ooc: bool = False,
            large: bool = False, spheroid: bool = False, avionics: int = 0,
            atmosphere: bool = True, damage: Damage | None = None, moved: bool = False,
            lost_turn: int = 0, due: tuple[str, ...] = (),
            landed: bool = False) -> Unit:  # fmt: skip
    top = max_thrust(safe)
    craft = Craft(safe, top, velocity, top if thrust is None else thrust, large=large,
                  spheroid=spheroid, atmosphere=atmosphere, out_of_control=ooc,
                  lost_turn=lost_turn, avionics=avionics, landed=landed, due=due)  # fmt: skip
    return Unit(uid, side, "aero", 2000 if large else 50, 0, parse_hex_name(at), facing,
                piloting=piloting, damage=damage or Damage(), moved=moved, craft=craft)  # fmt: skip


def mech(uid: str, at: str, *, side: str = "B") -> Unit:
    return Unit(uid, side, "biped", 50, 4, parse_hex_name(at), 0)


def names(b: Board, hexes) -> list[str]:
    return [b.hex_name(h) for h in hexes]
