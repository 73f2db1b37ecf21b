"""Arms and legs as the physical attacks read them (PHY-04, PHY-06..08, CMB-33/35).

An actuator is *lost* when its slot was hit or the location never had one (a design
without hand actuators); a destroyed limb has lost everything. Quads kick with their
front legs (choice: LL/RL name the front-left and front-right legs).
"""

from __future__ import annotations

from game.units.critslots import ACTUATOR_KEYS
from game.units.loadout import Mount
from game.units.locations import FLL, FRL
from game.units.unit import Unit

ARM_PARTS = ("shoulder", "upper_arm", "lower_arm", "hand")
LEG_PARTS = ("hip", "upper_leg", "lower_leg", "foot")
QUAD_KICK = {"LL": FLL, "RL": FRL}


def limb_code(u: Unit, limb: str) -> str:
    """The body location a limb name means for this unit (a quad's kicking legs)."""
    return QUAD_KICK.get(limb, limb) if u.kind == "quad" else limb


def limb_gone(u: Unit, code: str) -> bool:
    body = u.body
    return body is None or code not in body.codes or body[code].destroyed


def lost_parts(u: Unit, code: str) -> frozenset[str]:
    """The actuators of ``code`` that are destroyed or not mounted (PHY-04, PHY-06)."""
    parts = ARM_PARTS if code in ("LA", "RA") else LEG_PARTS
    if limb_gone(u, code):
        return frozenset(parts)
    body = u.body
    assert body is not None
    row = body.built.layout[body.codes.index(code)]
    mounted = {ACTUATOR_KEYS[s.item] for s in row if s is not None and s.item in ACTUATOR_KEYS}
    hit = u.crits.actuators.get(code, frozenset())
    return frozenset(p for p in parts if p not in mounted or p in hit)


def weapons_in(u: Unit, code: str) -> tuple[Mount, ...]:
    if u.body is None:
        return ()
    return tuple(m for m in u.body.built.weapons if m.location == code)


def fired_from(fired: frozenset[str], code: str) -> bool:
    return code in fired
