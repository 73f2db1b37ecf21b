"""The bot's deployment (MOV-30, ADV-24): the best hex of the zone for the next unit -
woods for cover, room to move around it (no deep water, no cliffs), not too far behind,
near but not on top of its friends - facing the enemy's zone."""

from __future__ import annotations

from game.bot.ends import facing_towards
from game.bot.moving import Choice
from game.bot.style import Style
from game.hexgrid import Hex, distance, neighbours
from game.phases.actions import Deploy
from game.phases.deployment import deploying_side, to_deploy
from game.rules.deploy import legal_deploy_hexes
from game.state import GameState


def _placed(s: GameState) -> list:
    return [u for u in s.units if s.board.contains(u.at)]


def enemy_zone_centre(s: GameState, side: str) -> Hex:
    """The middle of the other side's deployment zone (the map's middle without one)."""
    others = [x for x in s.sides if x != side]
    hexes = [h for o in others for h in legal_deploy_hexes(s.board, o, _placed(s))]
    if not hexes:
        return Hex(s.board.width // 2, s.board.height // 2)
    return Hex(round(sum(h.col for h in hexes) / len(hexes)),
               round(sum(h.row for h in hexes) / len(hexes)))  # fmt: skip


def room(s: GameState, h: Hex) -> int:
    """Neighbours a Mech could walk into: on the map, dry, at most 2 levels away."""
    b, here = s.board, int(s.board.level[h.row, h.col])
    return sum(1 for n in neighbours(h) if b.contains(n) and b.water[n.row, n.col] < 1
               and abs(int(b.level[n.row, n.col]) - here) <= 2)  # fmt: skip


def decide_deploy(s: GameState, style: Style) -> Choice:
    side = deploying_side(s)
    assert side is not None
    u = to_deploy(s, side)[0]
    free = sorted(legal_deploy_hexes(s.board, side, _placed(s), u.kind))
    target = enemy_zone_centre(s, side)
    friends = [x.at for x in _placed(s) if x.side == side]
    dry = any(s.board.water[h.row, h.col] < 1 for h in free)

    def value(h: Hex) -> float:
        b = s.board
        v = style.cover * 2 * min(int(b.woods[h.row, h.col]), 2) + 0.3 * room(s, h)
        v -= 0.15 * style.close * distance(h, target)
        if dry and b.water[h.row, h.col] >= 1:
            v -= 3.0
        if friends:
            v -= 0.4 * abs(min(distance(h, f) for f in friends) - 2)
        return v

    best = max(free, key=lambda h: (value(h), -h.col, -h.row))
    facing = facing_towards(best, tuple(range(6)), [target])
    why = f"{u.id} deploys at {s.board.hex_name(best)}: {_why(s, best)}, facing the enemy's zone"
    return Choice(Deploy(u.id, best, facing), why, {})


def _why(s: GameState, h: Hex) -> str:
    woods = int(s.board.woods[h.row, h.col])
    cover = {0: "open ground", 1: "light woods", 2: "heavy woods"}.get(woods, "woods")
    return f"{cover}, room to move {room(s, h)} of 6"
