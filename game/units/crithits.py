"""Critical damage given as counts (a scenario's `damage` keys) written into a body's slots.

The body's hit slots are the one record (game.units.critslots); a scenario or a test says
"one gyro hit, one hip" instead, so :func:`with_counters` picks the slots: always the
first unhit slots of that item, legs in the body's order (left before right, front before
rear) and only legs still standing first, jump jets and heat sinks outside the legs first
(so `heat_sinks_in_legs` keeps working in water as long as it can). docs/combat.md has
the whole convention. Reading the same counts twice gives the same body.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from game.units.critslots import (
    ACTUATORS,
    ENGINE,
    FOOT,
    GYRO,
    HEAT_SINK,
    HIP,
    JUMP_JET,
    LIFE_SUPPORT,
    LOWER_LEG,
    SENSORS,
    UPPER_LEG,
    Layout,
    LayoutFull,
    default_gear,
    mark_hits,
)
from game.units.locations import LEGS
from game.units.mech import MechBody, standard_body
from game.units.unit import Damage


@dataclass(frozen=True, slots=True)
class Counters:
    """Critical damage by count (the contract's damage keys); see the module docstring."""

    gyro: int = 0
    hips: int = 0
    leg_actuators: int = 0
    engine: int = 0
    sensors: int = 0
    jump_jets: int = 0
    heat_sinks: int = 0
    life_support: bool = False
    actuators: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    weapons_destroyed: tuple[int, ...] = ()


class CounterError(ValueError):
    """Counts that the body's slots cannot hold (the message says which)."""


def with_counters(body: MechBody, c: Counters) -> MechBody:
    """``body`` with the counted critical damage marked on its slots (CounterError if the
    layout has too few such slots)."""
    hits = body.hits
    codes = body.codes
    layout = body.built.layout
    try:
        for limb, names in c.actuators.items():
            for name in names:
                hits = mark_hits(layout, hits, codes, ACTUATORS[name], 1, (limb,))
        standing = tuple(x for x in body.legs if not body[x].destroyed and x not in c.actuators)
        lost = tuple(x for x in body.legs if body[x].destroyed and x not in c.actuators)
        legs = standing + lost
        hits = _leg_share(layout, hits, codes, legs, c)
        for item, n in ((GYRO, c.gyro), (ENGINE, c.engine), (SENSORS, c.sensors),
                        (LIFE_SUPPORT, int(c.life_support))):  # fmt: skip
            hits = mark_hits(layout, hits, codes, item, n)
        outside = tuple(x for x in codes if x not in LEGS) + body.legs
        hits = mark_hits(layout, hits, codes, JUMP_JET, c.jump_jets, outside)
    except LayoutFull as e:
        raise CounterError(str(e)) from None
    body = replace(body, hits=hits)
    body = _sinks(body, c.heat_sinks, outside)
    return _weapons(body, c.weapons_destroyed)


def _leg_share(layout: Layout, hits: tuple[int, ...], codes: tuple[str, ...],
               legs: tuple[str, ...], c: Counters) -> tuple[int, ...]:  # fmt: skip
    """Hips one per leg; upper leg, lower leg, foot actuators leg by leg."""
    if c.hips > len(legs):
        raise LayoutFull(f"{c.hips} hips but only {len(legs)} legs without their own actuators")
    for leg in legs[: c.hips]:
        hits = mark_hits(layout, hits, codes, HIP, 1, (leg,))
    left = c.leg_actuators
    for leg in legs:
        for item in (UPPER_LEG, LOWER_LEG, FOOT):
            if left:
                hits = mark_hits(layout, hits, codes, item, 1, (leg,))
                left -= 1
    if left:
        raise LayoutFull(f"{c.leg_actuators} leg actuators but only {3 * len(legs)} to hit")
    return hits


def _sinks(body: MechBody, n: int, order: tuple[str, ...]) -> MechBody:
    """Slot sinks outside the legs first, then the engine's, then the legs'."""
    codes, layout = body.codes, body.built.layout
    non_leg = tuple(x for x in order if x not in LEGS)
    free = sum(1 for x in non_leg for k, s in enumerate(layout[codes.index(x)])
               if s is not None and s.item == HEAT_SINK and not body.hit(x, k))  # fmt: skip
    take = min(n, free)
    hits = mark_hits(layout, body.hits, codes, HEAT_SINK, take, non_leg)
    n -= take
    engine = min(n, body.built.engine_sinks - body.sinks_lost)
    n -= engine
    try:
        hits = mark_hits(layout, hits, codes, HEAT_SINK, n, body.legs)
    except LayoutFull:
        raise CounterError(
            f"{n + engine + take} destroyed heat sinks, more than the {body.built.heat_sinks} "
            "it has"
        ) from None
    return replace(body, hits=hits, sinks_lost=body.sinks_lost + engine)


def _weapons(body: MechBody, indexes: Sequence[int]) -> MechBody:
    """Each weapon listed gets its first slot hit (CMB-36: one hit destroys it)."""
    weapons = body.built.weapons
    for i in indexes:
        if not 0 <= i < len(weapons):
            raise CounterError(f"weapon index {i} is not one of its {len(weapons)} weapons")
        if body.weapon_destroyed(i):
            continue
        spot = next(
            ((c, k) for c, row in zip(body.codes, body.built.layout, strict=True)
             for k, s in enumerate(row) if s is not None and s.mount == i),
            None,
        )  # fmt: skip
        if spot is None:
            raise CounterError(f"weapon {i} has no critical slot to destroy")
        body = body.with_hit(*spot)
    return body


PILOT_KEYS = ("shutdown", "pilot_hits", "unconscious", "phase_damage")


def damaged(tons: int, quad: bool = False, legs: int = 0, jump: int = 0,
            body: MechBody | None = None, **kw: Any) -> tuple[MechBody, Damage]:  # fmt: skip
    """A standard body (or ``body``) with ``legs`` legs gone and the damage given as the
    scenario's keys (``gyro=1, hips=1, pilot_hits=2``): the pilot's keys go to the
    :class:`~game.units.unit.Damage` record, the rest onto the slots."""
    pilot = {k: kw.pop(k) for k in PILOT_KEYS if k in kw}
    if body is None:
        body = standard_body(tons, quad, legs_destroyed=legs, gear=default_gear(quad, jump=jump))
    return with_counters(body, Counters(**kw)), Damage(**pilot)
