"""What-if odds of a weapon attack (issue 13): the chance of each outcome, worked out from
the dice exactly, never rolled.

- the chance to hit: P(2D6 >= the number), in 36ths (CMB-11);
- how many missiles of a cluster weapon hit, given a hit (CMB-23..25);
- expected damage, weapon by weapon: the chance to hit times the mean damage of a hit,
  cluster table included; with TW partial cover the share of leg hits goes to the cover
  (CMB-17) and counts for nothing;
- for a Mech target, per location the chance the volley breaches it (its internal
  structure takes damage) or destroys it, and the chance the Mech is destroyed (head or
  centre torso gone, CMB-37): the exact distribution of the target's armour and structure
  after the volley, weapon by weapon and group by group as resolved in play, with damage
  moving inward (CMB-28/29; the arithmetic of game.units.mech.apply_hit on plain tuples).
  A volley with more outcomes than it can follow in some milliseconds (``max_states``
  bodies, MAX_WORK groups placed) is counted location by location instead (``exact``
  False, numpy arrays): each side torso with the limbs that pass it damage, the head and
  the centre torso on their own; the limb, side torso and head
  numbers stay exact but for a Mech destroyed part-way (which stops the rest), and the
  centre torso counts what reaches it directly or through locations already gone, not
  what a side torso destroyed by the volley passes on: its number is then a lower bound.

Not counted: critical hits and what they do (CMB-30..36, also the chance of one on a
location roll of 2), ammunition explosions, head-hit pilot damage, the 20+ damage roll.
Vehicles get the chance to hit and the expected damage only; platoons their troopers
(game.rules.combat.platoon_odds).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

import numpy as np

from game.core.options import TW, Rules
from game.units.hittables import hit_location, punch_location
from game.units.locations import CT, DEPENDENTS, HEAD, LEGS, LT, RT, TORSOS, TRANSFER
from game.units.mech import MechBody, damage_groups
from game.units.unit import Unit

from ...designs import weapons_table
from ...designs.model import Weapon
from .cluster import cluster_hits, missile_groups
from .infantry_fire import rifle_damage, troopers_hit
from .tohit import AttackOptions, WeaponOption

D = TypeVar("D")  # a distribution: bodies -> chance, or an array of damage totals
TWO_D6: dict[int, Fraction] = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
MAX_STATES = 4000  # bodies kept in the exact distribution, at most
MAX_WORK = 8_000  # damage groups placed on bodies, at most (some milliseconds)

Loc = tuple[int, int, int, bool]  # armour, rear armour, structure, destroyed
Body = tuple[tuple[Loc, ...], bool]  # the locations in the body's order, Mech destroyed
Spot = tuple[str, bool, Fraction, bool]  # location, rear armour, chance, hits the cover


@dataclass(frozen=True, slots=True)
class WeaponOdds:
    """One weapon: its number, the chance to hit, the damage to expect (over hit and
    miss); cluster weapons: (missiles hit, chance) given a hit."""

    index: int
    name: str
    target: int | None
    hit: Fraction
    damage: float
    missiles: tuple[tuple[int, Fraction], ...] = ()


@dataclass(frozen=True, slots=True)
class LocationOdds:
    """One standing location: the chance its structure is damaged, and destroyed."""

    code: str
    breach: float
    destroy: float


@dataclass(frozen=True, slots=True)
class VolleyOdds:
    """Every fired weapon at one target, and what the volley does to it (module doc)."""

    weapons: tuple[WeaponOdds, ...]
    damage: float
    any_hit: float
    locations: tuple[LocationOdds, ...] = ()
    destroyed: float | None = None  # None: not worked out (a vehicle)
    exact: bool = True
    troopers: bool = False  # a platoon: damage in troopers lost (game.rules.combat.platoon_odds)


def hit_chance(target: int | None) -> Fraction:
    """CMB-11: P(2D6 >= target); None (cannot fire, or above 12) never hits."""
    if target is None or target > 12:
        return Fraction(0)
    return sum((p for t, p in TWO_D6.items() if t >= target), Fraction(0))


def hit_groups(w: Weapon) -> dict[tuple[int, ...], Fraction]:
    """The damage groups of one hit and their chances (CMB-23..25: the cluster roll)."""
    if not w.cluster:
        return {(w.damage,): Fraction(1)}
    out: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for roll, p in TWO_D6.items():
        out[missile_groups(w, cluster_hits(w.missiles, roll))] += p
    return dict(out)


def missiles_hit(w: Weapon) -> tuple[tuple[int, Fraction], ...]:
    """(missiles hit, chance) of a cluster weapon's hit; () for other weapons."""
    if not w.cluster:
        return ()
    out: dict[int, Fraction] = defaultdict(Fraction)
    for roll, p in TWO_D6.items():
        out[cluster_hits(w.missiles, roll)] += p
    return tuple(sorted(out.items()))


def spots(side: str, quad: bool, covered: bool, rules: Rules = TW) -> tuple[Spot, ...]:
    """Where one damage group lands and its chance (CMB-27; CMB-17/18 cover: TW leg hits
    strike the cover, classic rolls on the punch table)."""
    out: dict[tuple[str, bool, bool], Fraction] = defaultdict(Fraction)
    if covered and rules.classic:
        for face in range(1, 7):
            code, rear = punch_location(side, face, quad)
            out[(code, rear, False)] += Fraction(1, 6)
    else:
        for roll, p in TWO_D6.items():
            code, rear = hit_location(side, roll, quad, rules)
            out[(code, rear, covered and code in LEGS)] += p
    return tuple((c, r, p, cover) for (c, r, cover), p in out.items())


def weapon_odds(o: WeaponOption, table: Sequence[Spot]) -> WeaponOdds:
    p = hit_chance(o.target if o.fires else None)
    open_share = float(sum((q for _, _, q, cover in table if not cover), Fraction(0)))
    mean = sum(float(q) * sum(g) for g, q in option_groups(o).items())
    w = weapons_table().get(o.name)
    missiles = missiles_hit(w) if w is not None and o.infantry_range is None else ()
    return WeaponOdds(o.index, o.name, o.target if o.fires else None, p,
                      float(p) * mean * open_share, missiles)  # fmt: skip


def option_groups(o: WeaponOption) -> dict[tuple[int, ...], Fraction]:
    """hit_groups of the option's weapon; a platoon's rifles (CMB-42): troopers hit on the
    cluster table, 2-point groups."""
    if o.infantry_range is None:
        return hit_groups(weapons_table()[o.name])
    out: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for roll, p in TWO_D6.items():
        out[damage_groups(rifle_damage(troopers_hit(o.troopers, roll)), 2)] += p
    return dict(out)


def volley_odds(options: AttackOptions, target: Unit, chosen: Iterable[int] | None = None,
                rules: Rules = TW, max_states: int = MAX_STATES) -> VolleyOdds:  # fmt: skip
    """The odds of firing the ``chosen`` weapons (default: every one that fires) of
    ``options`` at ``target`` (see the module docstring)."""
    picked = set(chosen) if chosen is not None else {w.index for w in options.weapons}
    fired = [o for o in options.weapons if o.index in picked and o.fires]
    sight = options.sight
    quad = target.kind == "quad"
    # CMB-17/18: cover takes the leg hits of a Mech; a vehicle's or platoon's hits are
    # resolved without it (game.rules.combat.resolve), so its odds are too
    covered = target.body is not None and (sight.partial_cover or sight.water_cover)
    table = spots(options.side, quad, covered, rules)
    weapons = tuple(weapon_odds(o, table) for o in fired)
    damage = sum(w.damage for w in weapons)
    miss = 1.0
    for w in weapons:
        miss *= 1 - float(w.hit)
    if target.body is None:
        return VolleyOdds(weapons, damage, 1 - miss)
    if target.body.destroyed:
        return VolleyOdds(weapons, damage, 1 - miss, (), 1.0)
    groups = {o.index: option_groups(o) for o in fired}
    volley = [(float(w.hit), groups[w.index]) for w in weapons]
    dist = _joint(target.body, volley, table, max_states)
    if dist is None:
        locs, dead = _by_location(target.body, volley, table)
        return VolleyOdds(weapons, damage, 1 - miss, locs, dead, exact=False)
    locs, dead = _summary(target.body, dist)
    return VolleyOdds(weapons, damage, 1 - miss, locs, dead)


# --- the exact distribution -------------------------------------------------------------

Volley = Sequence[tuple[float, dict[tuple[int, ...], Fraction]]]


def body_tuple(body: MechBody) -> Body:
    locs = tuple((x.armour, x.rear, x.structure, x.destroyed) for x in body.locations)
    return locs, body.destroyed


def _joint(body: MechBody, volley: Volley, table: Sequence[Spot],
           max_states: int) -> dict[Body, float] | None:  # fmt: skip
    """Every body the volley can leave and its chance; None past ``max_states``."""
    codes, quad = body.codes, body.quad
    dist: dict[Body, float] = {body_tuple(body): 1.0}
    budget = [MAX_WORK * max_states // MAX_STATES]

    def spread(d: dict[Body, float], dmg: int) -> dict[Body, float]:
        budget[0] -= len(d) * len(table)
        if budget[0] < 0 or len(d) > max_states:
            raise _TooMany
        return _spread(d, codes, quad, dmg, table)

    try:
        for p, groups in volley:
            dist = _after_weapon(dist, p, groups, spread, _scaled, _added)
    except _TooMany:
        return None
    return dist if len(dist) <= max_states else None


class _TooMany(Exception):
    """The exact distribution grew past its limits (counted location by location then)."""


def _after_weapon(dist: D, p: float, groups: dict[tuple[int, ...], Fraction],
                  spread: Callable[[D, int], D], scaled: Callable[[D, float], D],
                  added: Callable[[D, D], D]) -> D:  # fmt: skip
    """One weapon: missed (1 - p) or hit with each group list; lists that begin alike
    (SRM hits: 2, 2+2, 2+2+2 ...) share their first groups, so each is spread once."""
    out = scaled(dist, 1 - p)
    done: dict[tuple[int, ...], D] = {(): dist}
    for g, pg in sorted(groups.items()):
        for i in range(1, len(g) + 1):
            if g[:i] not in done:
                done[g[:i]] = spread(done[g[: i - 1]], g[i - 1])
        out = added(out, scaled(done[g], p * float(pg)))
    return out


def _scaled(d: dict[Body, float], k: float) -> dict[Body, float]:
    return {b: q * k for b, q in d.items()}


def _added(a: dict[Body, float], b: dict[Body, float]) -> dict[Body, float]:
    out = dict(a)
    for key, q in b.items():
        out[key] = out.get(key, 0.0) + q
    return out


def _spread(dist: dict[Body, float], codes: tuple[str, ...], quad: bool, dmg: int,
            table: Sequence[Spot]) -> dict[Body, float]:  # fmt: skip
    out: dict[Body, float] = defaultdict(float)
    for b, q in dist.items():
        if b[1]:  # destroyed: no more location rolls
            out[b] += q
            continue
        for code, rear, p, cover in table:
            nxt = b if cover else take_hit(b, codes, quad, code, dmg, rear)
            out[nxt] += q * float(p)
    return out


def take_hit(b: Body, codes: tuple[str, ...], quad: bool, code: str, dmg: int,
             rear: bool) -> Body:  # fmt: skip
    """One damage group on plain tuples, as game.units.mech.apply_hit does it (CMB-28/29/37)."""
    locs, dead = list(b[0]), b[1]
    remaining = dmg
    while remaining > 0 and not dead:
        i = codes.index(code)
        armour, back, structure, gone = locs[i]
        if gone:
            nxt = TRANSFER.get(code)
            if nxt is None:
                break
            code = nxt
            continue
        use_rear = rear and code in TORSOS
        a = min(remaining, back if use_rear else armour)
        s = min(remaining - a, structure)
        remaining -= a + s
        structure -= s
        armour, back = (armour, back - a) if use_rear else (armour - a, back)
        locs[i] = (armour, back, structure, structure == 0)
        if structure:
            continue
        dep = DEPENDENTS.get((quad, code))
        if dep is not None and not locs[codes.index(dep)][3]:
            locs[codes.index(dep)] = (0, 0, 0, True)
        if code in (HEAD, CT):
            dead = True
            break
        code = TRANSFER[code]
    return tuple(locs), dead


def _summary(body: MechBody, dist: dict[Body, float]) -> tuple[tuple[LocationOdds, ...], float]:
    out = []
    for i, code in enumerate(body.codes):
        start = body.locations[i]
        if start.destroyed:
            continue
        breach = sum(q for b, q in dist.items() if b[0][i][2] < start.structure)
        destroy = sum(q for b, q in dist.items() if b[0][i][3])
        out.append(LocationOdds(code, min(breach, 1.0), min(destroy, 1.0)))
    dead = sum(q for b, q in dist.items() if b[1])
    return tuple(out), min(dead, 1.0)


# --- location by location (big volleys) -------------------------------------------------


def _by_location(body: MechBody, volley: Volley, table: Sequence[Spot]
                 ) -> tuple[tuple[LocationOdds, ...], float]:  # fmt: skip
    """Each side torso with the limbs that pass damage to it (CMB-28/29), the head and the
    centre torso each on its own: the distribution of the damage aimed at them. Their
    breach and destruction follow from it (the order of the hits does not change them);
    a Mech destroyed early stops nothing here, and the centre torso counts only the hits
    on it, so the torso, centre torso and destruction numbers may be a little high or
    (centre torso, destruction) low."""
    found: dict[str, LocationOdds] = {}
    rear = any(r for _, r, _, _ in table)
    for torso in (LT, RT):
        group = tuple(c for c in body.codes if TRANSFER.get(c) == torso) + (torso,)
        dist = _direct(body, group, volley, table)
        for code in group:
            if not body[code].destroyed:
                found[code] = _status(body, group, code, dist, rear)
    for code in (HEAD, CT):
        if not body[code].destroyed:
            dist = _direct(body, (code,), volley, table)
            found[code] = _status(body, (code,), code, dist, rear)
    out = tuple(found[c] for c in body.codes if c in found)
    dead = max((x.destroy for x in out if x.code in (HEAD, CT)), default=0.0)
    return out, dead


def _route(body: MechBody, code: str) -> str:
    """Where a hit on ``code`` lands at first: past the locations already gone (CMB-29)."""
    while body[code].destroyed and code in TRANSFER:
        code = TRANSFER[code]
    return code


def _cap(body: MechBody, code: str, rear: bool) -> tuple[int, int]:
    """(armour in the way, armour + structure) of a location for this side."""
    loc = body[code]
    skin = loc.rear if rear and code in TORSOS else loc.armour
    return skin, 0 if loc.destroyed else skin + loc.structure


def _direct(body: MechBody, group: tuple[str, ...], volley: Volley,
            table: Sequence[Spot]) -> np.ndarray:  # fmt: skip
    """The joint distribution of the damage landing directly on each location of
    ``group``: an array with one axis per location, capped where more changes nothing (a
    location and what it passes on)."""
    rear = any(r for _, r, _, _ in table)
    caps = [_cap(body, c, rear)[1] for c in group]
    most = sum(max(sum(g) for g in groups) for _, groups in volley)  # the whole volley
    top = [min(cap + (caps[-1] if i < len(group) - 1 else 0), most)
           for i, cap in enumerate(caps)]  # fmt: skip
    chance = [float(sum((p for c, _, p, cover in table if not cover and _route(body, c) == code),
                        Fraction(0))) for code in group]  # fmt: skip
    rest = 1 - sum(chance)
    dist = np.zeros([t + 1 for t in top])
    dist[(0,) * len(group)] = 1.0

    def spread(d: np.ndarray, dmg: int) -> np.ndarray:
        nxt = d * rest
        for axis, c in enumerate(chance):
            if c:
                nxt += c * _shifted(d, axis, dmg)
        return nxt

    for p, groups in volley:
        dist = _after_weapon(dist, p, groups, spread, np.multiply, np.add)
    return dist


def _shifted(a: np.ndarray, axis: int, by: int) -> np.ndarray:
    """``a`` moved ``by`` along ``axis``, what passes the last index piling up there."""
    out = np.zeros_like(a)
    n = a.shape[axis]
    src, dst = [slice(None)] * a.ndim, [slice(None)] * a.ndim
    if by < n:
        src[axis], dst[axis] = slice(0, n - by), slice(by, n)
        out[tuple(dst)] = a[tuple(src)]
    last = [slice(None)] * a.ndim
    last[axis] = slice(n - 1, n)
    src[axis] = slice(max(n - by, 0), n)
    out[tuple(last)] += a[tuple(src)].sum(axis=axis, keepdims=True)
    return out


def _status(body: MechBody, group: tuple[str, ...], code: str, dist: np.ndarray,
            rear: bool) -> LocationOdds:  # fmt: skip
    """Breach and destruction of ``code`` from the direct damage on ``group`` (its limbs
    first, then the torso they pass damage to: CMB-29 transfer, CMB-28 the arm goes with
    its side torso)."""
    i = group.index(code)
    caps = [_cap(body, c, rear) for c in group]
    torso = len(group) - 1
    grids = np.meshgrid(*(np.arange(n) for n in dist.shape), indexing="ij")
    spill = sum((np.maximum(grids[k] - caps[k][1], 0) for k in range(torso)),
                np.zeros(dist.shape, dtype=int))  # fmt: skip
    inflow = grids[torso] + spill
    torso_gone = inflow >= caps[torso][1]
    if i == torso:
        hit, gone = inflow > caps[i][0], torso_gone
    else:
        taken = torso_gone if DEPENDENTS.get((body.quad, group[torso])) == code else False
        hit, gone = (grids[i] > caps[i][0]) | taken, (grids[i] >= caps[i][1]) | taken
    breach, destroy = float(dist[hit].sum()), float(dist[gone].sum())
    return LocationOdds(code, min(breach, 1.0), min(destroy, 1.0))
