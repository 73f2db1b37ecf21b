"""To-hit modifiers (CMB-11..22, HEAT-07, PSR-25): each as (value, reason, rule ID).

:func:`shared_modifiers` are the ones every weapon of one attacker at one target shares
(skill, movement, terrain, cover, heat, sensors, prone, immobile, secondary, aimed shot);
:func:`weapon_modifiers` add the weapon's own (range bracket, minimum range, arm
actuators). The classic variant changes partial cover (+3) and depth 1 water (-1).
"""

from __future__ import annotations

from functools import cache, lru_cache

from game.core.options import TW, Rules
from game.rules.modifier import Modifier
from game.rules.move.movement import attacker_modifier, target_modifier
from game.units.locations import ARMS, HEAD
from game.units.unit import Unit

from ...designs.model import Weapon
from ...hexgrid import distance
from ..aero import OUT_OF_CONTROL_TO_HIT, out_of_control
from .los import Sight
from .records import Movement

BRACKET_MODIFIER = {"short": 0, "medium": 2, "long": 4}  # CMB-11 (TW)
IMPOSSIBLE = 12  # CMB-11: a modified number above 12 cannot hit
MOVED = {"walk": "walked", "run": "ran", "jump": "jumped", "defend": "defends (as walked, ADV-01)"}


def heat_to_hit(heat: int) -> int:
    """HEAT-07: +1 at 8-12, +2 at 13-16, +3 at 17-23, +4 at 24+."""
    for floor, mod in ((24, 4), (17, 3), (13, 2), (8, 1)):
        if heat >= floor:
            return mod
    return 0


def bracket(w: Weapon, rng: int) -> str:
    """CMB-10/11: short, medium, long or out of range (minimum range is a modifier)."""
    if rng <= w.short:
        return "short"
    if rng <= w.medium:
        return "medium"
    return "long" if rng <= w.long else "out of range"


def target_moved(mv: Movement, rules: Rules) -> Modifier | None:
    value = target_modifier(mv.hexes, False, rules)
    if not value:
        return None
    return Modifier(value, f"target moved {_hex_band(mv.hexes, rules)} hexes", "CMB-13")


def _hex_band(n: int, rules: Rules) -> str:
    for lo, hi in ((3, 4), (5, 6), (7, 9), (10, 17), (18, 24)):
        if lo <= n <= hi:
            return f"{lo}+" if rules.classic and lo == 10 else f"{lo}-{hi}"
    return "25+"


def immobile_reason(u: Unit) -> str | None:
    """CMB-20 (and CMB-33/34, PSR-27): why a target counts as immobile, or None."""
    d = u.damage
    if d.shutdown:
        return "shut down"
    if d.unconscious:
        return "pilot unconscious"
    return "immobile" if u.immobile else None


def shared_modifiers(attacker: Unit, target: Unit, sight: Sight, a_move: Movement,
                     t_move: Movement, arc: str, secondary: bool, aim: str | None,
                     rules: Rules = TW) -> list[Modifier]:  # fmt: skip
    """Every modifier the weapons of one attack share, in the contract's order."""
    return [
        *attacker_modifiers(attacker, a_move),
        *target_modifiers(target, t_move, rules),
        *prone_target_modifiers(attacker, target),
        *terrain_modifiers(sight, rules),
        *hull_down_modifiers(target, sight),
        *attacker_state_modifiers(attacker),
        *declared_modifiers(arc, secondary, aim, rules),
    ]


def attacker_modifiers(attacker: Unit, a_move: Movement) -> list[Modifier]:
    """CMB-11 skill, CMB-12 the attacker's movement, CMB-19 prone, PSR-25 skidded."""
    m = [Modifier(attacker.gunnery, "gunnery skill", "CMB-11")]
    if attacker_modifier(a_move.mode):
        m.append(Modifier(attacker_modifier(a_move.mode), f"attacker {MOVED[a_move.mode]}",
                          "CMB-12"))  # fmt: skip
    if attacker.prone:
        m.append(Modifier(2, "attacker prone", "CMB-19"))
    if out_of_control(attacker):
        m.append(Modifier(OUT_OF_CONTROL_TO_HIT, "attacker out of control", "AERO-09"))
    if a_move.skidded:
        m.append(Modifier(1, "attacker skidded", "PSR-25"))
    return m


def target_modifiers(target: Unit, t_move: Movement, rules: Rules) -> list[Modifier]:
    """CMB-20 an immobile target, else CMB-13 its movement and PSR-25 a skid (CMB-43: a
    platoon target has no target-type modifier, only these)."""
    still = immobile_reason(target)
    if still is not None:
        return [Modifier(-4, f"target immobile ({still})", "CMB-20")]
    m = []
    moved = target_moved(t_move, rules)
    if moved is not None:
        m.append(moved)
    if t_move.mode == "jump":
        m.append(Modifier(1, "target jumped", "CMB-13"))
    if t_move.skidded:
        m.append(Modifier(2, "target skidded", "PSR-25"))
    return m


def prone_target_modifiers(attacker: Unit, target: Unit) -> list[Modifier]:
    """CMB-19: -2 at a prone target next to the attacker, +1 further away."""
    if not target.prone:
        return []
    if distance(attacker.at, target.at) == 1:
        return [Modifier(-2, "prone target, adjacent", "CMB-19")]
    return [Modifier(1, "prone target", "CMB-19")]


def hull_down_modifiers(target: Unit, sight: Sight) -> list[Modifier]:
    """ADV-11 (tacops): +2 at a hull-down target in partial cover, on top of the cover's own."""
    if target.hull_down and sight.partial_cover:
        return [Modifier(2, "hull-down target in partial cover", "ADV-11")]
    return []


def attacker_state_modifiers(attacker: Unit) -> list[Modifier]:
    """HEAT-07 the attacker's heat (Mechs), CMB-32 one sensor hit; a vehicle's commander
    hit and sensor hits (CMB-48)."""
    m = []
    heat = heat_to_hit(attacker.heat) if attacker.is_mech else 0
    if heat:
        m.append(Modifier(heat, f"attacker heat {attacker.heat}", "HEAT-07"))
    if attacker.crits.sensors == 1:
        m.append(Modifier(2, "sensor hit", "CMB-32"))
    if attacker.hull is not None:
        c = attacker.hull.crits
        if c.commander:
            m.append(Modifier(1, "commander hit", "CMB-48"))
        if c.sensors:
            m.append(Modifier(c.sensors, f"vehicle sensor hits x{c.sensors}", "CMB-48"))
    return m


@lru_cache(maxsize=256)
def declared_modifiers(arc: str, secondary: bool, aim: str | None,
                       rules: Rules) -> tuple[Modifier, ...]:  # fmt: skip
    """CMB-16 a secondary target (by its arc in TW), CMB-21 a shot aimed at the head."""
    m = []
    if secondary:
        value = 1 if rules.classic or arc == "front" else 2
        where = "" if rules.classic else (" in the forward arc" if arc == "front" else
                                           " in a side or rear arc")  # fmt: skip
        m.append(Modifier(value, f"secondary target{where}", "CMB-16"))
    if aim == HEAD:
        m.append(Modifier(3, "aimed at the head", "CMB-21"))
    return tuple(m)


def terrain_modifiers(sight: Sight, rules: Rules) -> tuple[Modifier, ...]:
    """CMB-14 woods; CMB-17 partial cover; CMB-18 depth 1 water."""
    return terrain_parts(sight.woods, sight.terrain_modifier, sight.partial_cover,
                         sight.water_cover, rules)  # fmt: skip


@lru_cache(maxsize=1024)
def terrain_parts(woods: tuple[int, int, int], terrain: int, partial: bool, water: bool,
                  rules: Rules) -> tuple[Modifier, ...]:  # fmt: skip
    """terrain_modifiers from the line of sight's woods counts, terrain modifier and cover."""
    out = []
    light, heavy, ultra = woods
    points = light + 2 * heavy + 3 * ultra
    if points:
        out.append(Modifier(points, "intervening woods", "CMB-14"))
    own = terrain - points
    if own:
        out.append(Modifier(own, "target in woods", "CMB-14"))
    if rules.classic:
        if partial:
            out.append(Modifier(3, "partial cover", "CMB-17"))
        if water:
            out.append(Modifier(-1, "target in depth 1 water", "CMB-18"))
    elif partial or water:
        why = "partial cover" if partial else "partial cover (depth 1 water)"
        out.append(Modifier(1, why, "CMB-17" if partial else "CMB-18"))
    return tuple(out)


def weapon_modifiers(w: Weapon, rng: int, where: str, attacker: Unit,
                     mode: str = "stand") -> list[Modifier]:  # fmt: skip
    """The weapon's own: CMB-11 its range bracket, CMB-15 minimum range, CMB-35 arm
    actuators, CMB-48 a vehicle's stabilizer (``mode``: how the attacker moved)."""
    out = []
    b = bracket_modifier(bracket(w, rng))
    if b is not None:
        out.append(b)
    if w.min_range and rng <= w.min_range:
        out.append(min_range_modifier(w.min_range, rng))
    return out + list(actuator_modifiers(where, attacker, mode))


@cache
def bracket_modifier(b: str) -> Modifier | None:
    """CMB-11: +0 short, +2 medium, +4 long; none out of range."""
    if b not in BRACKET_MODIFIER:
        return None
    return Modifier(BRACKET_MODIFIER[b], f"{b} range", "CMB-11")


@lru_cache(maxsize=1024)
def min_range_modifier(min_range: int, rng: int) -> Modifier:
    """CMB-15: +1 at the minimum range, +1 more for every hex closer."""
    return Modifier(min_range - rng + 1, f"minimum range {min_range}", "CMB-15")


def actuator_modifiers(where: str, attacker: Unit, mode: str = "stand") -> tuple[Modifier, ...]:
    """CMB-35: an arm weapon's destroyed actuators (a shoulder: +4 and nothing more).
    CMB-48: a vehicle's weapon in a location with a stabilizer hit counts the attacker
    movement modifier (CMB-12) a second time."""
    if attacker.hull is not None:
        extra = attacker_modifier(mode)
        if where in attacker.hull.crits.stabilizers and extra:
            return (Modifier(extra, f"stabilizer hit ({where})", "CMB-48"),)
        return ()
    if where not in ARMS or attacker.body is None:
        return ()
    hit = attacker.crits.actuators.get(where, frozenset())
    if "shoulder" in hit:
        return (Modifier(4, "shoulder actuator destroyed", "CMB-35"),)
    return tuple(Modifier(1, f"{name.replace('_', ' ')} actuator destroyed", "CMB-35")
                 for name in ("upper_arm", "lower_arm") if name in hit)  # fmt: skip
