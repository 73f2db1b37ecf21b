"""What a unit could do and suffer at each candidate end, in one batch of the core's
to-hit queries (game.rules.combat.tohit_batch.weapon_options_many).

Each candidate becomes a *ghost*: a copy of the unit with its own id, where and how the
move leaves it (hex, facing, prone, the movement that counts for CMB-12/13 and heat). The
to-hit rules read only the units a query names, so the ghosts of one unit never see each
other; the numbers are those the unit would get after that move (a property test checks
it against weapon_options on the state with the unit really there)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from game.bot.ends import End, distances, facing_towards
from game.hexgrid import Hex, distance
from game.phases.weapons import can_fire, movements
from game.rules.combat.records import Declaration, Movement
from game.rules.combat.tohit import AttackOptions
from game.rules.combat.tohit_batch import weapon_options_many
from game.rules.move.movestate import placed
from game.state import GameState
from game.units.unit import Unit

SEP = "~"  # ghost ids: "A1~3" (no real unit id holds it)


@dataclass(frozen=True, slots=True)
class Sight:
    """One candidate's numbers: its options at every enemy, every enemy's options at it."""

    ghost: Unit
    movement: Movement
    out: Mapping[str, AttackOptions]  # enemy id -> the ghost's options at it
    back: Mapping[str, AttackOptions]  # enemy id -> that enemy's options at the ghost
    later: Mapping[str, tuple[AttackOptions, ...]]  # unmoved enemy -> from where it may go


def ghost_of(u: Unit, end: End, k: int) -> tuple[Unit, Movement]:
    """The unit as the move would leave it, under the id ``{u.id}~{k}``."""
    r = end.result
    if r is None:
        return replace(u, id=f"{u.id}{SEP}{k}", moved=True), Movement()
    g = replace(u, id=f"{u.id}{SEP}{k}", at=r.end_at, facing=r.end_facing, prone=r.end_prone,
                hull_down=r.end_hull_down, moved=True)  # fmt: skip
    if r.end_state is not None:  # its height band: a WiGE in flight, a submarine's depth
        g = replace(placed(g, r.end_state), at=r.end_at, facing=r.end_facing)
    if r.wige:  # where the move leaves it: landed if it flew fewer than 5 hexes (ADV-17)
        g = replace(g, wige_airborne=r.end_airborne, altitude=r.end_altitude)
    elif r.submarine:
        g = replace(g, depth=r.end_depth)
    return g, Movement(r.mode, r.hexes_moved, False, r.heat)


def prospect(e: Unit, at: Hex, towards: Hex, k: int) -> Unit:
    """An enemy that has not moved yet, as if it walked to ``at`` facing ``towards``."""
    facing = facing_towards(at, tuple(range(6)), [towards])
    return replace(e, id=f"{e.id}{SEP}e{k}", at=at, facing=facing, moved=True)


NONE: Mapping[str, Sequence[Unit]] = MappingProxyType({})


def sights(s: GameState, u: Unit, ends: Sequence[End], enemies: Sequence[Unit], mine: int,
           theirs: Mapping[str, int], prospects: Mapping[str, Sequence[Unit]] = NONE,
           ) -> list[Sight]:  # fmt: skip
    """Every candidate's options at the enemies within ``mine`` hexes (its longest range)
    and theirs at it from within ``theirs[enemy]`` hexes, and the options of each enemy's
    ``prospects`` (ghosts of it where it may walk, see :func:`prospect`) at it, in one
    batch."""
    by_id = {x.id: x for x in s.units}
    moves = dict(movements(s))
    ghosts = []
    for k, end in enumerate(ends):
        g, m = ghost_of(u, end, k)
        by_id[g.id], moves[g.id] = g, m
        ghosts.append((g, m))
    shooters = {e.id for e in enemies if can_fire(e)}
    near = distances([g.at for g, _ in ghosts], [e.at for e in enemies]).tolist()
    out = [[e for e, d in zip(enemies, row, strict=True) if d <= mine] for row in near]
    back = [[e for e, d in zip(enemies, row, strict=True) if e.id in shooters and d <= theirs[e.id]]
            for row in near]  # fmt: skip
    queries = [Declaration(g.id, e.id) for (g, _), es in zip(ghosts, out, strict=True) for e in es]
    queries += [Declaration(e.id, g.id) for (g, _), es in zip(ghosts, back, strict=True)
                for e in es]  # fmt: skip
    for ps in prospects.values():
        for p in ps:
            by_id[p.id], moves[p.id] = p, Movement("walk", 1)
    later = [(i, eid, p) for i, (g, _) in enumerate(ghosts) for eid, ps in prospects.items()
             for p in ps if distance(p.at, g.at) <= theirs[eid]]  # fmt: skip
    queries += [Declaration(p.id, ghosts[i][0].id) for i, _, p in later]
    found = iter(weapon_options_many(s.board, by_id, queries, moves, s.rules))
    outs = [{e.id: next(found) for e in es} for es in out]
    backs = [{e.id: next(found) for e in es} for es in back]
    laters: list[dict[str, tuple[AttackOptions, ...]]] = [{} for _ in ghosts]
    for i, eid, _ in later:
        laters[i][eid] = (*laters[i].get(eid, ()), next(found))
    return [Sight(g, m, o, b, lt)
            for (g, m), o, b, lt in zip(ghosts, outs, backs, laters, strict=True)]  # fmt: skip
