"""What a physical attack is worth (PHY-01..17): the core's answer (game.rules.physical
.options.PhysicalOption: to-hit number, damage, the attacker's own damage, the piloting
rolls on a hit and a miss) weighed as expected damage dealt less the falls and damage
the attacker risks. A kick that misses is a PSR (PHY-08), a missed death from above an
automatic fall (PHY-14), a charge hurts the charger too (PHY-11)."""

from __future__ import annotations

from game.bot.numbers import fail, fall_damage, success
from game.bot.style import Style
from game.rules.physical.options import PhysicalOption
from game.units.unit import Unit

FALL_LEVELS = {"dfa": 1}  # a missed death from above falls from the jump


def blow_value(o: PhysicalOption, attacker: Unit, target: Unit, style: Style) -> float:
    """Expected damage dealt (weighted), less the expected cost to the attacker: its own
    damage on a hit, the chance of each fall times a fall's cost; a hit's PSR for the
    target is worth a little (a fallen target)."""
    if not o.attacks:
        return float("-inf")
    p = success(o.target)
    fall_cost = style.fall + style.taken * fall_damage(attacker, FALL_LEVELS.get(o.blow.kind, 0))
    value = style.dealt * p * o.damage - style.taken * p * o.attacker_damage
    on_hit, on_miss = o.psrs.get("attacker_on_hit"), o.psrs.get("attacker_on_miss")
    if on_hit is not None:
        value -= p * fail(on_hit.target) * fall_cost
    if on_miss is not None:
        value -= (1 - p) * fail(on_miss.target) * fall_cost
    knock = o.psrs.get("target_on_hit")
    if knock is not None and target.is_mech:
        value += style.dealt * p * fail(knock.target) * fall_damage(target) * 0.5
    return value
