"""The greedy baseline: each unit runs (or walks) to the reachable hex nearest the
nearest enemy, facing it; fires every weapon that can hit at the enemy most of them
reach; kicks or punches whenever it can. No heat, no cover, no falls counted."""

from __future__ import annotations

from game.bot.ends import facing_towards
from game.core.actions import Action
from game.hexgrid import distance
from game.phases.actions import CommitMove, EndMove, StandStill
from game.phases.movement import mode_reason, to_move
from game.phases.movers import reach_of
from game.phases.physical import DeclarePhysical, every_option
from game.phases.physical import to_declare as to_strike
from game.phases.weapons import DeclareFire, in_fight, options_all, to_declare
from game.rules.physical.options import adjacent_enemies
from game.state import GameState
from game.units.unit import Unit


def greedy_move(s: GameState, side: str) -> Action:
    if s.underway is not None:
        return EndMove(s.underway.unit_id)
    u = to_move(s, side)[0]
    enemies = [e.at for e in s.units if e.side != side and in_fight(s, e) and not e.airborne]
    if u.immobile or not enemies:
        return StandStill(u.id)
    for mode in ("run", "walk"):
        if mode_reason(u, mode) is not None:
            continue
        reach = reach_of(s, u.id, mode)
        found = {h: fs for h, (_, fs) in reach.hexes().items() if fs}
        if not found:
            continue
        h = min(found, key=lambda x: (min(distance(x, e) for e in enemies), x.col, x.row))
        steps = reach.path_to(h, facing_towards(h, found[h], enemies))
        if steps:
            return CommitMove(u.id, mode, tuple(steps))
    return StandStill(u.id)


def greedy_fire(s: GameState, side: str) -> Action:
    u = to_declare(s, side)[0]
    best: tuple[int, str, tuple[int, ...]] = (0, "", ())
    for tid, opts in sorted(options_all(s, u.id).items()):
        firing = tuple(w.index for w in opts.weapons if w.fires)
        if len(firing) > best[0]:
            best = (len(firing), tid, firing)
    if not best[0]:
        return DeclareFire(u.id)
    return DeclareFire(u.id, (best[1],), (best[2],))


def greedy_strike(s: GameState, side: str) -> Action:
    acting = to_strike(s, side)
    if s.active_unit in s.walked and s.active_unit not in s.acted:
        acting = tuple(x for x in acting if x.id == s.active_unit)
    u: Unit = acting[0]
    by_id = {x.id: x for x in s.units if in_fight(s, x)}
    for t in adjacent_enemies(by_id, u):
        for o in every_option(s, u.id, t.id):
            if o.attacks and o.blow.kind in ("kick", "punch"):
                return DeclarePhysical(u.id, (o.blow.kind,), (t.id,), (o.blow.limb,))
    return DeclarePhysical(u.id)
