"""To-hit answers for many attacker-target pairs at once (CMB-01..22): the attack screen's
every enemy, the benchmark's 12 x 12. Equal to tohit.weapon_options pair by pair (a
hypothesis property checks it): the lines of sight go in one batch (los_batch.sight_many,
with the line back for leg weapons, CMB-17/18), the geometry of every pair (range, firing
arc, side hit: CMB-07/09/26) and the checks and numbers of every (pair, weapon) row (range
bracket, minimum range, arc, the first reason it cannot fire) are numpy arrays; what one
unit brings is worked out once per unit (tohit_tables), what one pair shares once per pair;
tohit_rows turns the rows into WeaponOptions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from game.core.options import TW, Rules
from game.rules.modifier import Modifier
from game.units.unit import Unit

from ...board import Board
from .arcs import ARC_BY_HALF, ARC_NAMES, SIDE_BY_HALF, half_sectors, relative_half, torso_facing
from .los import Sight, viewer
from .los_batch import axial, sight_many
from .records import Declaration, Movement, movement_of
from .tohit import AttackOptions, mounts, weapon_options
from .tohit_rows import (
    ARC,
    BRACKET_VALUES,
    COVER,
    NO_LOS,
    PAIR,
    RANGE,
    WATER,
    WEAPON,
    Found,
    Rows,
    answers,
)
from .tohit_tables import (
    ACTUATORS,
    ARC_MASK,
    IN_LEGS,
    LEG_FACING,
    LONG,
    MEDIUM,
    MIN_RANGE,
    SHORT,
    Armed,
    armed,
    shared,
    target,
)


def weapon_options_many(
    board: Board,
    units: Sequence[Unit] | Mapping[str, Unit],
    queries: Sequence[Declaration],
    movement: Mapping[str, Movement],
    rules: Rules = TW,
) -> list[AttackOptions]:
    """tohit.weapon_options for every query (attacker, target, weapons, secondary, aim,
    twist), in order."""
    by_id = units if isinstance(units, Mapping) else {u.id: u for u in units}
    odd = [(q.weapons is not None and not _plain_indexes(by_id[q.attacker], q.weapons))
           or _rare(by_id[q.attacker], by_id[q.target], movement)
           for q in queries]  # fmt: skip
    fast = iter(_many(board, by_id, [q for q, o in zip(queries, odd, strict=True) if not o],
                      movement, rules))  # fmt: skip
    return [
        next(fast) if not o else weapon_options(board, by_id, q.attacker, q.target, movement,
                                                rules, weapons=q.weapons, secondary=q.secondary,
                                                aim=q.aim, twist=q.twist)
        for q, o in zip(queries, odd, strict=True)
    ]  # fmt: skip


def _rare(a: Unit, t: Unit, movement: Mapping[str, Movement]) -> bool:
    """Pairs the per-pair path answers: a DFA attacker seen in the air (PHY-12), and the
    Tactical Operations cases (hull-down attacker or target ADV-11/13, defence ADV-01), a
    platoon's rifles (CMB-42)."""
    return (movement_of(movement, t.id).exposed or a.hull_down or t.hull_down
            or movement_of(movement, a.id).mode == "defend"
            or a.platoon is not None)  # fmt: skip


def _plain_indexes(a: Unit, weapons: Sequence[int] | None) -> bool:
    """Listed weapons are indexes 0..n-1 (anything else goes the per-pair way)."""
    n = len(mounts(a))
    return weapons is None or all(isinstance(i, int) and 0 <= i < n for i in weapons)


def _many(
    board: Board,
    by_id: Mapping[str, Unit],
    queries: Sequence[Declaration],
    movement: Mapping[str, Movement],
    rules: Rules,
) -> list[AttackOptions]:
    if not queries:
        return []
    arms: dict[str, Armed] = {}
    for q in queries:
        if q.attacker not in arms:
            arms[q.attacker] = armed(by_id[q.attacker], movement_of(movement, q.attacker))
    targets = {t: target(by_id[t], movement, rules) for t in {q.target for q in queries}}
    sights, backs = _sights(board, by_id, arms, queries)
    geo = _geometry(by_id, queries)
    common = [
        shared(arms[q.attacker], targets[q.target], rules, q, s, ARC_NAMES[arc])
        for q, s, arc in zip(queries, sights, geo[1].tolist(), strict=True)
    ]
    blockers = [arms[q.attacker].blocker or targets[q.target].blocker for q in queries]
    rows = _rows(arms, queries)
    found = _checks(arms, sights, backs, blockers, common, geo, rows)
    return answers(arms, by_id, queries, sights, blockers, common, rows, found)


def _sights(
    board: Board,
    by_id: Mapping[str, Unit],
    arms: Mapping[str, Armed],
    queries: Sequence[Declaration],
) -> tuple[list[Sight], list[Sight | None]]:
    """Every query's line of sight and, for a standing attacker with leg weapons, the line
    back from the target (CMB-17/18: is the attacker in partial cover?), in one batch."""
    ids = dict.fromkeys(uid for q in queries for uid in (q.attacker, q.target))
    views = {uid: viewer(board, by_id[uid]) for uid in ids}
    pairs = [(views[q.attacker], views[q.target]) for q in queries]
    back = [i for i, q in enumerate(queries) if arms[q.attacker].legs]
    pairs += [(views[queries[i].target], views[queries[i].attacker]) for i in back]
    found = sight_many(board, pairs)
    backs: list[Sight | None] = [None] * len(queries)
    for i, s in zip(back, found[len(queries) :], strict=True):
        backs[i] = s
    return found[: len(queries)], backs


def _geometry(by_id: Mapping[str, Unit], queries: Sequence[Declaration]) -> np.ndarray:
    """Per query: range, arc of the upper body (after the twist), arc of the legs, side
    hit (CMB-07/09/26; indexes of arcs.ARC_NAMES and arcs.SIDE_NAMES)."""
    ids: dict[str, int] = {}
    for q in queries:
        ids.setdefault(q.attacker, len(ids))
        ids.setdefault(q.target, len(ids))
    place = np.array([(by_id[u].at.col, by_id[u].at.row, by_id[u].facing) for u in ids], np.int64)
    torso = {key: torso_facing(by_id[key[0]], key[1]) for key in {(q.attacker, q.twist)
                                                                   for q in queries}}  # fmt: skip
    ends = np.array(
        [(ids[q.attacker], ids[q.target], torso[q.attacker, q.twist]) for q in queries], np.int64
    )
    a, t = place[ends[:, 0]], place[ends[:, 1]]
    aq, ar = axial(a[:, 0], a[:, 1])
    tq, tr = axial(t[:, 0], t[:, 1])
    dq, dr = tq - aq, tr - ar
    rng = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    ahead, back = half_sectors(dq, dr), half_sectors(-dq, -dr)
    return np.stack([rng, ARC_BY_HALF[relative_half(ahead, ends[:, 2])],
                     ARC_BY_HALF[relative_half(ahead, a[:, 2])],
                     SIDE_BY_HALF[relative_half(back, t[:, 2])]])  # fmt: skip


def _rows(arms: Mapping[str, Armed], queries: Sequence[Declaration]) -> Rows:
    start, offset = {}, 0
    for uid, arm in arms.items():
        start[uid] = offset
        offset += len(arm.mounts)
    index: list[int] = []
    counts = []
    for q in queries:
        chosen = range(len(arms[q.attacker].mounts)) if q.weapons is None else q.weapons
        index.extend(chosen)
        counts.append(len(chosen))
    query = np.repeat(np.arange(len(queries)), counts)
    base = np.array([start[q.attacker] for q in queries], dtype=np.int64)
    table = np.concatenate([arm.table for arm in arms.values()])
    return Rows(query, index, table, base[query] + np.array(index, dtype=np.int64))


def _checks(
    arms: Mapping[str, Armed],
    sights: list[Sight],
    backs: list[Sight | None],
    blockers: list[str | None],
    common: list[tuple[Modifier, ...]],
    geo: np.ndarray,
    rows: Rows,
) -> Found:
    """Per row: the first check it fails (a code, 0 none so far), its number, its bracket
    (CMB-10/11), the arc its weapon sees the target in."""
    w, qi = rows.table[rows.at], rows.query
    rng = geo[0][qi]
    bracket = np.where(rng <= w[:, SHORT], 0, np.where(rng <= w[:, MEDIUM], 1,
                       np.where(rng <= w[:, LONG], 2, 3)))  # fmt: skip
    close = (w[:, MIN_RANGE] > 0) & (rng <= w[:, MIN_RANGE])  # CMB-15
    base = np.array([sum(m.value for m in s) for s in common], dtype=np.int64)
    numbers = (base[qi] + BRACKET_VALUES[bracket] + w[:, ACTUATORS]
               + np.where(close, w[:, MIN_RANGE] - rng + 1, 0))  # fmt: skip
    arc = np.where(w[:, LEG_FACING] == 1, geo[2][qi], geo[1][qi])  # CMB-08
    per_query = np.array([(why is not None, s.los, b is not None and b.partial_cover,
                           b is not None and b.water_cover)
                          for why, s, b in zip(blockers, sights, backs, strict=True)],
                         dtype=bool).reshape(-1, 4)  # fmt: skip
    static = np.array([s is not None for arm in arms.values() for s in arm.static], dtype=bool)
    legs = w[:, IN_LEGS] == 1
    codes = np.select(
        [per_query[qi, 0], static[rows.at], ~per_query[qi, 1], (w[:, ARC_MASK] >> arc) & 1 == 0,
         bracket == 3, legs & per_query[qi, 2], legs & per_query[qi, 3]],
        [PAIR, WEAPON, NO_LOS, ARC, RANGE, COVER, WATER], 0)  # fmt: skip
    return Found(codes.tolist(), numbers.tolist(), bracket.tolist(), arc.tolist(),
                 geo[0].tolist(), geo[1].tolist(), geo[3].tolist())  # fmt: skip
