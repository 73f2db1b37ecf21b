"""Resolving weapon attacks (CMB-23..38): to-hit rolls, clusters, hit locations, damage,
critical hits, MechWarrior damage, destroyed units, and the PSRs the damage calls for.

Dice order (the referee contract): weapon by weapon, its to-hit roll and, if it hits, its
cluster roll, its location rolls, then its critical checks and slot rolls (vehicles: their
motive system rolls); after the last weapon, the target's consciousness rolls.

A whole phase resolves "all at once" (:func:`resolve_declarations`): every to-hit number
comes from the units as they were when the attacks were declared, so a unit destroyed in
the phase still fires; the damage adds up on the targets as the attacks resolve.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Dice, Roll
from game.core.options import TW, Rules
from game.designs.model import Weapon
from game.rules.damage.hull import motive_hit
from game.rules.damage.infantry import TROOPERS, burst_dice, converted, in_open, roll_burst
from game.rules.damage.land import WEAPON, DamageRecord, land
from game.rules.damage.vehicle_crits import vehicle_critical
from game.rules.piloting.falls import CONSCIOUSNESS, PILOT_DEATH, RulesEvent, event
from game.units.hittables import hit_location, punch_location
from game.units.locations import HEAD, LEGS
from game.units.unit import Unit
from game.units.vehicle import vehicle_location

from ...board import Board
from ...designs import weapons_table
from .cluster import cluster_hits, missile_groups
from .criticals import critical_check, destroyed_reason, struck_structure
from .damage_psr import phase_psrs
from .infantry_fire import rifle_damage, rifle_groups, troopers_hit
from .records import Declaration, Movement
from .tohit import AttackOptions, WeaponOption, weapon_options


@dataclass(frozen=True, slots=True)
class Group:
    """One damage group: where its location roll sent it and how much it carried."""

    location: str
    rear: bool
    damage: int
    roll: int | None  # None: a platoon's one location, no location roll (CMB-39)
    cover: bool = False  # TW partial cover: a leg hit strikes the cover (CMB-17)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"location": self.location, "rear": self.rear,
                               "damage": self.damage}  # fmt: skip
        if self.roll is not None:
            out["roll"] = self.roll
        if self.cover:
            out["cover"] = True
        return out


@dataclass(frozen=True, slots=True)
class Shot:
    """What one weapon did: its roll, hit or miss, cluster, damage groups."""

    option: WeaponOption
    roll: Roll | None = None
    hit: bool = False
    cluster: tuple[int, int] | None = None  # (2D6, missiles hit)
    groups: tuple[Group, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = self.option.to_json()
        out["roll"] = None if self.roll is None else {"dice": list(self.roll.faces),
                                                      "total": self.roll.total}  # fmt: skip
        out["hit"] = self.hit
        if self.option.infantry_range is not None or weapons_table()[self.option.name].cluster:
            out["cluster"] = None if self.cluster is None else {
                "roll": self.cluster[0], "hits": self.cluster[1]}  # fmt: skip
        out["groups"] = [g.to_json() for g in self.groups]
        return out


@dataclass(frozen=True, slots=True)
class AttackResult:
    options: AttackOptions
    shots: tuple[Shot, ...]
    events: tuple[RulesEvent, ...]
    target_after: Unit


def resolve_attack(board: Board, units: Mapping[str, Unit], decl: Declaration,
                   options: AttackOptions, dice: Dice, rules: Rules = TW
                   ) -> tuple[dict[str, Unit], AttackResult]:  # fmt: skip
    """One declared attack against the units as they are now (damage accumulates); the
    numbers come from ``options`` (computed at declaration)."""
    now = dict(units)
    before = now[decl.target]
    shots: list[Shot] = []
    events: list[RulesEvent] = []
    pilot: list[tuple[str, int]] = []
    for opt in options.weapons:
        if not opt.fires:
            shots.append(Shot(opt))
            continue
        now[decl.attacker] = _spend_ammo(now[decl.attacker], opt.name)
        shot, evs, hurt = _fire(now, decl, options, opt, dice, rules, board)
        shots.append(shot)
        events += evs
        pilot += hurt
    target = now[decl.target]
    target, pilot_events = pilot_rolls(target, pilot, dice)
    events += pilot_events
    if target.destroyed and not before.destroyed:
        events.append(event("destroyed", None, unit=target.id, cause=destroyed_reason(target)))
    for p in phase_psrs(before, target, rules):
        events.append(event("psr", None, unit=target.id, **p))
    now[decl.target] = target
    return now, AttackResult(options, tuple(shots), tuple(events), target)


def _spend_ammo(u: Unit, name: str) -> Unit:
    """CMB-01: one shot (a missile launcher: one salvo) from the first live bin."""
    if u.platoon is not None or not weapons_table()[name].uses_ammo:
        return u
    if u.body is not None:
        for i, b in enumerate(u.body.built.bins):
            if b.weapon == name and u.body.bin_live(i):
                return replace(u, body=u.body.with_ammo(i, u.body.ammo[i] - 1))
    if u.hull is not None:
        for i, b in enumerate(u.hull.bins):
            if b.weapon == name and u.hull.bin_live(i):
                return replace(u, hull=u.hull.with_ammo(i, u.hull.ammo[i] - 1))
    return u  # fed at declaration; the bin has gone since (resolved all at once)


def _fire(now: dict[str, Unit], decl: Declaration, options: AttackOptions, opt: WeaponOption,
          dice: Dice, rules: Rules, board: Board
          ) -> tuple[Shot, list[RulesEvent], list[tuple[str, int]]]:  # fmt: skip
    roll = dice.roll2d6(f"to-hit {opt.name} ({decl.attacker} at {decl.target})", target=opt.target)
    base = dict(attacker=decl.attacker, target=decl.target, weapon=opt.name, index=opt.index,
                needs=opt.target, roll=roll.total)  # fmt: skip
    events = [event("shot", None, **base, hit=bool(roll.success))]
    if not roll.success or now[decl.target].destroyed:
        return Shot(opt, roll, bool(roll.success)), events, []
    rifles = now[decl.attacker].platoon
    if rifles is not None:  # CMB-42: troopers hit on the cluster table, 2-point groups
        c = dice.roll2d6(f"cluster {opt.name} ({opt.troopers} troopers)")
        hits = troopers_hit(opt.troopers, c.total)  # CMB-41: the troopers at declaration
        cluster: tuple[int, int] | None = (c.total, hits)
        groups_dmg = rifle_groups(rifle_damage(hits, rifles.weapon), now[decl.target])
    else:
        w = weapons_table()[opt.name]
        if now[decl.target].platoon is not None:  # CMB-39/40: one converted hit
            return _at_platoon(now, decl, opt, roll, w, dice, (base, events, board))
        cluster, groups_dmg = _salvo(w, opt, dice)
    if now[decl.target].platoon is not None:  # a platoon's rifles at a platoon: one block
        return _rifles_at_platoon(now, decl, opt, roll, cluster, groups_dmg, (base, events, board))
    target = now[decl.target]
    groups: list[Group] = []
    pending: list[tuple[list[str], bool, str, int]] = []  # crit checks, motive, side, roll
    pilot: list[tuple[str, int]] = []
    side = options.side
    for dmg in groups_dmg:
        if target.destroyed:
            break
        g, target, ev, checks, motive = _place(target, side, dmg, dice, decl, options, rules)
        groups.append(g)
        events.append(event("damage", None, **base, side=side, group=g, hit=ev))
        pending.append((checks, motive, side, g.roll))
        if g.location == HEAD and not g.cover and target.body is not None:
            pilot.append(("head hit", 1))  # PSR-19
    for checks, motive, side_, _ in pending:
        for code in checks:
            if target.hull is not None:  # CMB-46: the vehicle's automatic critical roll
                if not target.destroyed:
                    target, evs = vehicle_critical(target, code, dice)
                    events += evs
                continue
            target, evs, hurt = critical_check(target, code, dice, decl.attacker)
            events += evs
            if hurt:
                pilot.append(("ammunition explosion", hurt))
        if motive and target.hull is not None and not target.destroyed:
            target, ev = _motive(target, side_, dice)
            events.append(ev)
    now[decl.target] = target
    return Shot(opt, roll, True, cluster, tuple(groups)), events, pilot


_Log = tuple[dict[str, Any], list[RulesEvent], Board]  # a shot's event data, its events, the map


_Fired = tuple[Shot, list[RulesEvent], list[tuple[str, int]]]  # a shot, its events, pilot hurts


def _salvo(w: Weapon, opt: WeaponOption, dice: Dice
           ) -> tuple[tuple[int, int] | None, tuple[int, ...]]:  # fmt: skip
    """A hit's damage groups: one, or a missile salvo's on the cluster table (CMB-23/24)."""
    if not w.cluster:
        return None, (w.damage,)
    c = dice.roll2d6(f"cluster {opt.name}")
    hits = cluster_hits(w.missiles, c.total)
    return (c.total, hits), missile_groups(w, hits)


def _at_platoon(
    now: dict[str, Unit],
    decl: Declaration,
    opt: WeaponOption,
    roll: Roll,
    w: Weapon,
    dice: Dice,
    log: _Log,
) -> _Fired:
    """CMB-39..41: a non-infantry weapon's hit on a platoon: burst dice right after the
    to-hit roll, the converted damage, doubled in the open, one trooper a point."""
    burst = roll_burst(w, dice) if burst_dice(w) else 0
    group = _platoon_damage(now, decl, converted(w, burst), log)
    return Shot(opt, roll, True, None, group), log[1], []


def _rifles_at_platoon(now: dict[str, Unit], decl: Declaration, opt: WeaponOption, roll: Roll,
                       cluster: tuple[int, int] | None, groups: tuple[int, ...],
                       log: _Log) -> _Fired:  # fmt: skip
    """CMB-42: a platoon's rifle damage on a platoon, one block (CMB-40: doubled in the
    open, the reading built: docs/infantry.md)."""
    group = _platoon_damage(now, decl, sum(groups), log) if groups else ()
    return Shot(opt, roll, True, cluster, group), log[1], []


def _platoon_damage(now: dict[str, Unit], decl: Declaration, points: int,
                    log: _Log) -> tuple[Group, ...]:  # fmt: skip
    """One block of ``points`` on the target platoon (CMB-40/41), with its event."""
    base, events, board = log
    before = now[decl.target]
    landed = land(
        before, DamageRecord(TROOPERS, points, WEAPON, open_ground=in_open(board, before.at))
    )
    after, hit = landed.unit, landed.platoon
    g = Group(TROOPERS, False, hit.damage, None)
    events.append(event("damage", None, **base, side="front", group=g, hit=hit))
    now[decl.target] = after
    return (g,)


def _place(target: Unit, side: str, dmg: int, dice: Dice, decl: Declaration,
           options: AttackOptions, rules: Rules
           ) -> tuple[Group, Unit, Any, list[str], bool]:  # fmt: skip
    """One group's location roll(s) and its damage. Returns the group, the target, the
    damage record, the locations due a critical check and whether a motive roll follows."""
    if target.hull is not None:
        roll = dice.roll2d6("hit location")
        code, motive, crit = vehicle_location(side, roll.total, target.hull.has_turret)
        landed = land(target, DamageRecord(code, dmg, WEAPON, roll=roll.total))
        g = Group(code, False, dmg, roll.total)
        return g, landed.unit, landed.result, [code] * crit, motive
    body = target.body
    assert body is not None
    sight = options.sight
    covered = sight.partial_cover or sight.water_cover
    if rules.classic and covered:  # CMB-17/18 classic: the punch table
        face = dice.d6("hit location (punch table, cover)")
        code, rear = punch_location(side, face, body.quad)
        roll_total = face
    else:
        code, rear, roll_total = _location(body.quad, side, decl.aim, dice, rules)
    if covered and not rules.classic and code in LEGS:  # CMB-17 TW: the cover takes it
        return Group(code, rear, dmg, roll_total, cover=True), target, None, [], False
    landed = land(target, DamageRecord(code, dmg, WEAPON, rear, roll_total))
    target, res = landed.unit, landed.result
    body = target.body
    assert body is not None
    checks = struck_structure(res)
    if roll_total == 2 and not body[res.location].destroyed and res.location not in checks:
        checks.append(res.location)  # CMB-27: a 2 may be a critical hit
    return Group(code, rear, dmg, roll_total), target, res, checks, False


def _location(quad: bool, side: str, aim: str | None, dice: Dice, rules: Rules
              ) -> tuple[str, bool, int]:  # fmt: skip
    """CMB-27, or CMB-21 for an aimed shot: 6-8 (head: 8+) hits the chosen location, else
    the normal roll (head aim: legs rolled again)."""
    if aim is not None:
        check = dice.roll2d6(f"aimed shot at {aim}")
        hits = check.total >= 8 if aim == HEAD else 6 <= check.total <= 8
        if hits:
            return aim, side == "rear", check.total
    while True:
        roll = dice.roll2d6("hit location")
        code, rear = hit_location(side, roll.total, quad, rules)
        if aim != HEAD or code not in LEGS:
            return code, rear, roll.total


def _motive(target: Unit, side: str, dice: Dice) -> tuple[Unit, RulesEvent]:
    """PSR-27 (game.rules.damage.hull.motive_hit), as a ``critical`` event."""
    target, m = motive_hit(target, side, dice)
    ev = event("critical", None, unit=target.id, location="motive system", roll=m.roll.total,
               modifier=m.modifier, effect=m.effect)  # fmt: skip
    return target, ev


def pilot_rolls(u: Unit, hurts: list[tuple[str, int]], dice: Dice) -> tuple[Unit, list[RulesEvent]]:
    """PSR-19/20: each pilot injury, then a consciousness roll at the new total."""
    events: list[RulesEvent] = []
    for cause, hits in hurts:
        d = u.damage
        if d.pilot_hits >= PILOT_DEATH:
            break
        total = min(d.pilot_hits + hits, PILOT_DEATH)
        data: dict[str, Any] = {"unit": u.id, "cause": cause, "hits": hits, "total": total}
        unconscious = d.unconscious
        if total >= PILOT_DEATH:
            data["killed"] = True
            unconscious = True
        elif not unconscious:
            roll = dice.roll2d6(f"consciousness ({total} hits)", target=CONSCIOUSNESS[total])
            data |= {"target": CONSCIOUSNESS[total], "roll": roll.total, "conscious": roll.success}
            unconscious = not roll.success
        u = replace(u, damage=replace(d, pilot_hits=total, unconscious=unconscious))
        events.append(event("pilot", None, **data))
    return u, events


def resolve_declarations(board: Board, units: Sequence[Unit], decls: Sequence[Declaration],
                         movement: Mapping[str, Movement], dice: Dice, rules: Rules = TW
                         ) -> tuple[tuple[Unit, ...], tuple[RulesEvent, ...]]:  # fmt: skip
    """The weapon attack phase: every declaration, in order, numbers from the units as
    declared, damage added up. Returns the units after and every event."""
    declared = {u.id: u for u in units}
    options = [_options(board, declared, d, movement, rules) for d in decls]
    now = dict(declared)
    events: list[RulesEvent] = []
    for d, opt in zip(decls, options, strict=True):
        now, res = resolve_attack(board, now, d, opt, dice, rules)
        events += res.events
    return tuple(now[u.id] for u in units), tuple(events)


def _options(board: Board, units: Mapping[str, Unit], d: Declaration,
             movement: Mapping[str, Movement], rules: Rules) -> AttackOptions:  # fmt: skip
    return weapon_options(board, units, d.attacker, d.target, movement, rules, weapons=d.weapons,
                          secondary=d.secondary, aim=d.aim, twist=d.twist)  # fmt: skip


def fired_weapons(results: Sequence[AttackResult]) -> tuple[int, ...]:
    """The weapon indexes an attacker fired (for its heat, HEAT-02)."""
    return tuple(s.option.index for r in results for s in r.shots if s.option.fires)
