"""The numbers of each physical attack: to-hit modifiers (PHY-03/04/06/08, CMB-12..14/19/20,
PSR-25), damage and rounding (PHY-04/06/08/11/13), the location table (PHY-05/09/15/16)
and the piloting rolls the attack causes (PHY-07/08/10/14, PSR-08/09).

Every modifier is a game.rules.combat.modifiers.Modifier (value, reason, rule ID). TW is
the default; the ``classic`` variant uses the seed's fixed bases (K15), charge rounding
(K16) and DFA PSRs (K09).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.core.options import TW, Rules
from game.rules.modifier import Modifier
from game.rules.move.movement import attacker_modifier
from game.rules.piloting.collide import charge_damage
from game.rules.piloting.psr import psr_base_modifiers
from game.units.unit import Unit

from ..combat.modifiers import MOVED, immobile_reason, target_moved
from ..combat.records import Movement
from .formulas import (
    DFA_ATTACKER_REASON,
    DFA_TARGET_REASON,
    dfa_attacker_damage,
    dfa_attacker_psr,
    dfa_damage,
    dfa_target_psr,
)
from .limbs import lost_parts
from .records import CHARGE, CLUB, DFA, KICK, PUNCH, PUSH

CLASSIC_BASE = {PUNCH: 4, CLUB: 4, PUSH: 4, KICK: 3, CHARGE: 5, DFA: 5}  # PHY-03 (seed)
TW_OFFSET = {PUNCH: 0, CLUB: -1, PUSH: -1, KICK: -2, CHARGE: 0, DFA: 0}  # PHY-03 / PHY-21
DFA_FALL_LEVELS = 2  # PHY-14: a missed DFA falls as from 2 levels


@dataclass(frozen=True, slots=True)
class PsrNeed:
    """A piloting roll an attack causes: base modifiers plus the situation's (PSR-06)."""

    reason: str
    modifiers: tuple[Modifier, ...]
    auto_fail: bool = False

    @property
    def target(self) -> int | str:
        return "auto-fail" if self.auto_fail else sum(m.value for m in self.modifiers)

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "modifiers": [{"reason": m.reason, "value": m.value} for m in self.modifiers],
        }


def base_modifiers(kind: str, a: Unit, t: Unit, rules: Rules) -> list[Modifier]:
    """PHY-03: the classic fixed base, or TW Piloting (club/push -1, kick -2); charge and
    (TW only) DFA add the piloting difference, attacker Piloting - target Piloting."""
    if rules.classic:
        out = [Modifier(CLASSIC_BASE[kind], f"{kind} base (classic)", "PHY-03")]
    else:
        out = [Modifier(a.piloting, "piloting skill", "PHY-03")]
        if TW_OFFSET[kind]:
            out.append(Modifier(TW_OFFSET[kind], f"{kind} base", "PHY-03"))
    if kind == CHARGE or (kind == DFA and not rules.classic):
        diff = a.piloting - t.piloting
        if diff:
            out.append(Modifier(diff, "piloting difference", "PHY-03"))
    return out


def movement_modifiers(kind: str, a: Unit, t: Unit, a_move: Movement, t_move: Movement,
                       rules: Rules) -> list[Modifier]:  # fmt: skip
    """CMB-12/13 both movements (a DFA attacker always jumped, PHY-13), CMB-19 prone,
    CMB-20 immobile, PSR-25 skids."""
    out: list[Modifier] = []
    mode = "jump" if kind == DFA else a_move.mode
    if attacker_modifier(mode):
        rule = "PHY-13" if kind == DFA else "CMB-12"
        out.append(Modifier(attacker_modifier(mode), f"attacker {MOVED[mode]}", rule))
    if a.prone:
        out.append(Modifier(2, "attacker prone", "CMB-19"))
    if a_move.skidded:
        out.append(Modifier(1, "attacker skidded", "PSR-25"))
    still = immobile_reason(t)
    if still is not None:
        out.append(Modifier(-4, f"target immobile ({still})", "CMB-20"))
    else:
        moved = target_moved(t_move, rules)
        if moved is not None:
            out.append(moved)
        if t_move.mode == "jump":
            out.append(Modifier(1, "target jumped", "CMB-13"))
        if t_move.skidded:
            out.append(Modifier(2, "target skidded", "PSR-25"))
    if t.prone and kind in (KICK, DFA):
        rule = "PHY-08" if kind == KICK else "CMB-19"
        out.append(Modifier(-2, "prone target", rule))
    return out


def limb_modifiers(kind: str, a: Unit, limb: str) -> list[Modifier]:
    """PHY-04 punch: hand +1 (lost with its lower arm, K17), upper arm +2, lower arm +2;
    PHY-06 club: +2 per lost upper or lower arm actuator, both arms; PHY-08 kick (TW,
    verify): upper and lower leg +2 each, foot +1."""
    out: list[Modifier] = []
    if kind == PUNCH:
        lost = lost_parts(a, limb)
        if "hand" in lost or "lower_arm" in lost:
            out.append(Modifier(1, "hand actuator damaged or missing", "PHY-04"))
        for part, label in (("upper_arm", "upper arm"), ("lower_arm", "lower arm")):
            if part in lost:
                out.append(Modifier(2, f"{label} actuator destroyed", "PHY-04"))
    elif kind == CLUB:
        for arm in ("LA", "RA"):
            lost = lost_parts(a, arm)
            for part, label in (("upper_arm", "upper arm"), ("lower_arm", "lower arm")):
                if part in lost:
                    out.append(Modifier(2, f"{arm} {label} actuator missing", "PHY-06"))
    elif kind == KICK:
        lost = lost_parts(a, limb)
        for part, label, v in (("upper_leg", "upper leg", 2), ("lower_leg", "lower leg", 2),
                               ("foot", "foot", 1)):  # fmt: skip
            if part in lost:
                out.append(Modifier(v, f"{label} actuator destroyed", "PHY-08"))
    return out


def damage(kind: str, a: Unit, t: Unit, limb: str, hexes: int, rules: Rules = TW) -> int:
    """What a hit does to the target (PHY-04/06/07/08/11/13, PHY-21)."""
    if kind == PUNCH:  # ceil(t/10), halved (round down) per lost upper or lower arm
        lost = lost_parts(a, limb)
        halvings = ("upper_arm" in lost) + ("lower_arm" in lost)
        return math.ceil(a.tons / 10) // (2**halvings)
    if kind == KICK:  # ceil(t/5), halved per lost upper or lower leg (TW, verify)
        lost = lost_parts(a, limb)
        halvings = ("upper_leg" in lost) + ("lower_leg" in lost)
        return math.ceil(a.tons / 5) // (2**halvings)
    if kind == CLUB:
        return math.ceil(a.tons / 5)
    if kind == CHARGE:
        return charge_damage(a.tons, hexes, rules)
    if kind == DFA:
        return dfa_damage(a.tons)
    return 0  # PHY-07: a push does no damage


def attacker_damage(kind: str, a: Unit, t: Unit) -> int:
    """PHY-11: a charger takes ceil(target tons / 10); PHY-13: a DFA ceil(own tons / 5)."""
    if kind == CHARGE:
        return math.ceil(t.tons / 10)
    if kind == DFA:
        return dfa_attacker_damage(a.tons)
    return 0


def dfa_miss_damage(a: Unit) -> int:
    """PHY-14: a missed DFA falls as from 2 levels: ceil(tons / 10) x 3 (PSR-16)."""
    return math.ceil(a.tons / 10) * (DFA_FALL_LEVELS + 1)


def table(kind: str, t: Unit, level_diff: int, hull_down: bool = False) -> str | None:
    """The location table of a hit (PHY-05/09/15/16); ``level_diff`` = target level -
    attacker level, ``hull_down``: the attacker is (ADV-13: its punches land on the kick
    table). Vehicles use their own table (CMB-27 for vehicles: "normal")."""
    if kind == PUSH:
        return None
    if not t.is_mech or t.prone:
        return "normal"  # PHY-15: kicks and DFAs against prone Mechs
    if kind == PUNCH:
        return "kick" if level_diff == 1 or hull_down else "punch"
    if kind == KICK:
        return "punch" if level_diff == -1 else "kick"
    if kind == CLUB:
        return {1: "kick", -1: "punch"}.get(level_diff, "normal")
    return "punch" if kind == DFA else "normal"


def psrs(kind: str, a: Unit, t: Unit, rules: Rules) -> dict[str, PsrNeed | None]:
    """PSR-08/09: the rolls the attack causes, for the target on a hit, the attacker on a
    hit and on a miss. A missed DFA is an automatic fall (PHY-14)."""
    out: dict[str, PsrNeed | None] = {"target_on_hit": None, "attacker_on_hit": None,
                                      "attacker_on_miss": None}  # fmt: skip
    on_target = {KICK: (0, "was kicked"), PUSH: (0, "was pushed"),
                 CHARGE: (2, "was charged"),
                 DFA: (dfa_target_psr(rules), DFA_TARGET_REASON)}  # fmt: skip
    on_attacker = {CHARGE: (2, "made a successful charge"),
                   DFA: (dfa_attacker_psr(rules), DFA_ATTACKER_REASON)}  # fmt: skip
    if kind in on_target and t.is_mech:
        out["target_on_hit"] = need(t, *on_target[kind], rules=rules)
    if kind in on_attacker:
        out["attacker_on_hit"] = need(a, *on_attacker[kind], rules=rules)
    if kind == KICK:
        out["attacker_on_miss"] = need(a, 0, "missed a kick", rules=rules)
    if kind == DFA:
        base = psr_base_modifiers(a, rules)
        why = Modifier(0, "missed a death from above: automatic fall (PHY-14)")
        out["attacker_on_miss"] = PsrNeed(why.reason, (*base, why), auto_fail=True)
    return out


def need(u: Unit, value: int, reason: str, rules: Rules = TW) -> PsrNeed:
    mods = (*psr_base_modifiers(u, rules), Modifier(value, reason))
    return PsrNeed(reason, mods)
