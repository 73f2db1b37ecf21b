"""The Heat phase (HEAT-01..10): heat made and shed, the heat scale's effects, shutdown
and restart, ammunition explosions, life support damage to the MechWarrior.

:func:`heat_forecast` is the projection (no dice: the attack screen shows it);
:func:`heat_phase` plays it out. Dice order (the referee contract): the shutdown (or
restart) roll, then the ammunition explosion roll, then MechWarrior damage and
consciousness rolls. Vehicles track no heat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.core.dice import Dice, Roll
from game.core.options import TW, Rules
from game.rules.piloting.falls import RulesEvent, event
from game.rules.piloting.psr import psr_base_modifiers
from game.units.unit import Unit, heat_mp_penalty

from ..board import Board
from ..designs import weapons_table
from .combat.criticals import PILOT_EXPLOSION, explode
from .combat.modifiers import heat_to_hit
from .combat.records import Movement
from .combat.resolve import pilot_rolls
from .combat.tohit import mounts

MAX_HEAT = 30  # HEAT-01
SHUTDOWN = ((30, None), (26, 10), (22, 8), (18, 6), (14, 4))  # HEAT-05/08 (None: automatic)
AMMO = ((28, 8), (23, 6), (19, 4))  # HEAT-05/09
RESTART = 10  # HEAT-08 (classic restart, the default until the TW text is supplied)
ENGINE_HEAT = 5  # HEAT-02 / CMB-34: per engine hit
WATER_MAX = {"tw": 6, "classic_legs": 4, "classic_deep": 6}  # HEAT-04


@dataclass(frozen=True, slots=True)
class HeatReport:
    unit: str
    heat_before: int
    movement: int
    weapons: int
    engine: int
    other: int
    dissipated: int
    heat_after: int
    shutdown: int | str | None  # avoid number, "automatic" or None (no roll)
    restart: int | str | None  # a shut-down Mech: restart number, "automatic" or None
    ammo_explosion: int | None
    pilot_damage: int

    def to_json(self) -> dict[str, Any]:
        effects: dict[str, Any] = {
            "walk_mp_penalty": heat_mp_penalty(self.heat_after),
            "to_hit": heat_to_hit(self.heat_after),
            "shutdown": _number(self.shutdown),
            "ammo_explosion": _number(self.ammo_explosion),
            "pilot_damage": self.pilot_damage,
        }
        if self.restart is not None:
            effects["restart"] = _number(self.restart)
        return {
            "unit": self.unit,
            "heat_before": self.heat_before,
            "generated": {
                "movement": self.movement,
                "weapons": self.weapons,
                "engine": self.engine,
                "other": self.other,
            },  # fmt: skip
            "dissipated": self.dissipated,
            "heat_after": self.heat_after,
            "effects": effects,
        }


def _number(v: int | str | None) -> Any:
    return {"target": v} if isinstance(v, int) else v


def water_cooling(u: Unit, board: Board, rules: Rules = TW) -> int:
    """HEAT-04: TW, +1 per working heat sink in a submerged location (legs standing in
    depth 1; all when prone in depth 1 or in depth 2+), at most 6. Classic: at most 4 leg
    sinks in depth 1, 6 sinks in depth 2+."""
    body = u.body
    depth = int(board.water[u.at.row, u.at.col])
    if body is None or depth < 1:
        return 0
    legs, every = body.working_sinks_in_legs(), body.working_sinks()
    if rules.classic:
        return min(every, WATER_MAX["classic_deep"]) if depth >= 2 else min(legs, 4)
    submerged = every if depth >= 2 or u.prone else legs
    return min(submerged, WATER_MAX["tw"])


def weapon_heat(u: Unit, fired: Sequence[int]) -> int:
    if u.platoon is not None:
        return 0  # MOV-33: infantry generates no heat
    table = weapons_table()
    listed = mounts(u)
    return sum(table[listed[i].weapon].heat for i in fired)


def live_ammo(u: Unit) -> bool:
    body = u.body
    return body is not None and any(body.bin_live(i) for i in range(len(body.built.bins)))


def heat_forecast(u: Unit, fired: Sequence[int], movement: Movement, board: Board,
                  rules: Rules = TW, other: int = 0) -> HeatReport:  # fmt: skip
    """What the Heat phase will do (HEAT-01..10), before any roll."""
    if not u.is_mech:
        return HeatReport(u.id, u.heat, 0, 0, 0, 0, 0, u.heat, None, None, None, 0)
    move = movement.movement_heat()
    weapons = weapon_heat(u, fired)
    engine = ENGINE_HEAT * min(u.crits.engine, 2)
    shed = u.body.working_sinks() + water_cooling(u, board, rules) if u.body else 0
    after = max(0, min(MAX_HEAT, u.heat + move + weapons + engine + other - shed))
    shutdown = restart = None
    if u.damage.shutdown:
        restart = "automatic" if after < 14 else RESTART
    elif rules.classic and _highest(after) <= _highest(u.heat) and after < u.heat:
        shutdown = None  # classic: roll only on reaching (or coming back to) a threshold
    else:
        shutdown = next(("automatic" if n is None else n for t, n in SHUTDOWN if after >= t), None)
    ammo = next((n for t, n in AMMO if after >= t), None) if live_ammo(u) else None
    pilot = 0
    if u.crits.life_support:  # HEAT-10
        pilot = 2 if after > 25 else 1 if after >= 15 else 0
    return HeatReport(u.id, u.heat, move, weapons, engine, other, shed, after, shutdown,
                      restart, ammo, pilot)  # fmt: skip


def _highest(heat: int) -> int:
    return next((t for t, _ in SHUTDOWN if heat >= t), 0)


def heat_phase(u: Unit, fired: Sequence[int], movement: Movement, board: Board, dice: Dice,
               rules: Rules = TW, other: int = 0
               ) -> tuple[Unit, tuple[RulesEvent, ...], HeatReport, tuple[Roll, ...]]:  # fmt: skip
    """Play the Heat phase out: the unit after, the events, the forecast it followed and
    the rolls made."""
    rep = heat_forecast(u, fired, movement, board, rules, other)
    if not u.is_mech:
        return u, (), rep, ()
    start = len(dice.log)
    u = replace(u, heat=rep.heat_after)
    events: list[RulesEvent] = []
    d = u.damage
    if rep.restart is not None:
        ok = rep.restart == "automatic" or dice.roll2d6("restart", target=RESTART).success
        if ok:
            u = replace(u, damage=replace(d, shutdown=False))
        events.append(event("restart", None, unit=u.id, restarted=ok, target=rep.restart))
    elif rep.shutdown is not None:
        auto = rep.shutdown == "automatic"
        roll = None if auto else dice.roll2d6("avoid shutdown", target=int(rep.shutdown))
        down = auto or not (roll and roll.success)
        events.append(event("shutdown", None, unit=u.id, target=rep.shutdown,
                            roll=roll.total if roll else None, shutdown=down))  # fmt: skip
        if down:
            u = replace(u, damage=replace(d, shutdown=True))
            mods = psr_base_modifiers(u, rules)
            target = sum(m.value for m in mods) + 3  # PSR-11: +3 the turn it shuts down
            events.append(event("psr", None, unit=u.id, reason="reactor shut down",
                                target=target, modifiers=[{"reason": m.reason, "value": m.value}
                                                          for m in mods]
                                + [{"reason": "reactor shut down", "value": 3}]))  # fmt: skip
    hurt: list[tuple[str, int]] = []
    if rep.ammo_explosion is not None:
        roll = dice.roll2d6("avoid ammunition explosion", target=rep.ammo_explosion)
        if not roll.success:
            u, ev = _explode_hottest(u)
            events.append(ev)
            hurt.append(("ammunition explosion", PILOT_EXPLOSION))
        else:
            events.append(event("explosion_avoided", None, unit=u.id, roll=roll.total))
    if rep.pilot_damage:
        hurt.append(("life support", rep.pilot_damage))
    u, pilot_events = pilot_rolls(u, hurt, dice)
    events += pilot_events
    return u, tuple(events), rep, dice.log[start:]


def _explode_hottest(u: Unit) -> tuple[Unit, RulesEvent]:
    """HEAT-09: the ammunition of the weapon with the highest damage (the first such bin)."""
    body = u.body
    assert body is not None
    live = [i for i in range(len(body.built.bins)) if body.bin_live(i)]
    table = weapons_table()

    def punch(i: int) -> int:
        w = table[body.built.bins[i].weapon]
        return w.damage * max(w.missiles, 1)

    best = max(live, key=lambda i: (punch(i), -i))
    return explode(u, body.built.bins[best].location, "heat")
