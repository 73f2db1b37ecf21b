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

from ..phases.weapons import can_fire, movements
from ..rules.combat.records import Declaration, Movement
from ..rules.combat.tohit import AttackOptions
from ..rules.combat.tohit_batch import weapon_options_many
from ..state import GameState
from ..units import Unit
from .ends import End

SEP = "~"  # ghost ids: "A1~3" (no real unit id holds it)


@dataclass(frozen=True, slots=True)
class Sight:
    """One candidate's numbers: its options at every enemy, every enemy's options at it."""

    ghost: Unit
    movement: Movement
    out: Mapping[str, AttackOptions]  # enemy id -> the ghost's options at it
    back: Mapping[str, AttackOptions]  # enemy id -> that enemy's options at the ghost


def ghost_of(u: Unit, end: End, k: int) -> tuple[Unit, Movement]:
    """The unit as the move would leave it, under the id ``{u.id}~{k}``."""
    r = end.result
    if r is None:
        return replace(u, id=f"{u.id}{SEP}{k}", moved=True), Movement()
    g = replace(u, id=f"{u.id}{SEP}{k}", at=r.end_at, facing=r.end_facing, prone=r.end_prone,
                hull_down=r.end_hull_down, moved=True)  # fmt: skip
    return g, Movement(r.mode, r.hexes_moved, False, r.heat)


def sights(s: GameState, u: Unit, ends: Sequence[End], enemies: Sequence[Unit]) -> list[Sight]:
    """Every candidate's options at the enemies and theirs at it, in one batch."""
    by_id = {x.id: x for x in s.units}
    moves = dict(movements(s))
    ghosts = []
    for k, end in enumerate(ends):
        g, m = ghost_of(u, end, k)
        by_id[g.id], moves[g.id] = g, m
        ghosts.append((g, m))
    shooters = [e for e in enemies if can_fire(e)]
    queries = [Declaration(g.id, e.id) for g, _ in ghosts for e in enemies]
    queries += [Declaration(e.id, g.id) for g, _ in ghosts for e in shooters]
    found = iter(weapon_options_many(s.board, by_id, queries, moves, s.rules))
    outs = [{e.id: next(found) for e in enemies} for _ in ghosts]
    backs = [{e.id: next(found) for e in shooters} for _ in ghosts]
    return [Sight(g, m, o, b) for (g, m), o, b in zip(ghosts, outs, backs, strict=True)]
