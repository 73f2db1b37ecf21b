"""The words for what happens to vehicles and flyers: critical hits (CMB-47/48), crashes
and forced landings (ADV-26..29). Shared by the combat report and the movement report."""

from __future__ import annotations

from typing import Any

from game.core.dice import Roll
from game.rules.piloting.falls import RulesEvent

from .words import Context, dice_text

VEHICLE_SIDES = {"FR": "front", "LS": "left side", "RS": "right side", "RR": "rear",
                 "TU": "turret"}  # fmt: skip
# CMB-48 in a few words, for the report.
CRIT_WORDS = {
    "no critical": "no critical hit",
    "driver hit": "driver hit: +2 to its driving rolls",
    "commander hit": "commander hit: +1 to hit and to its driving rolls",
    "cargo hit": "cargo hit: it carries none, no effect",
    "weapon malfunction": "weapon malfunction",
    "weapon destroyed": "weapon destroyed",
    "stabilizer": "stabilizer hit: its movement counts twice for these weapons",
    "sensors": "sensors hit: +1 to hit",
    "crew stunned": "crew stunned: no moving or firing this turn and next",
    "engine hit": "engine hit: immobile, energy weapons unpowered, turret locked",
    "fuel tank": "the fuel tank explodes: destroyed",
    "ammunition": "its ammunition explodes",
    "crew killed": "crew killed: out of the game",
    "turret jam": "turret jammed: fires only ahead",
    "turret locks": "turret locked: fires only ahead",
    "turret blown off": "turret blown off",
}


def vehicle_critical_text(n: Context, d: dict[str, Any]) -> str:
    """CMB-47/48: 'tank's right side: vehicle critical 4+4 = 8 - crew stunned: ...'."""
    roll = n.take_roll("vehicle critical")
    rolled = dice_text(roll) if roll is not None else str(d["roll"])
    where = VEHICLE_SIDES.get(str(d["location"]), str(d["location"]))
    effect, printed = str(d["effect"]), str(d["result"])
    words = CRIT_WORDS.get(effect, effect)
    if effect in ("weapon malfunction", "weapon destroyed"):
        words += f" ({d['weapon']})" if d.get("weapon") else ": no working weapon there, no effect"
    if printed != effect:
        words = f"{printed}, counts as {words}"
    return f"{d['unit']}'s {where}: vehicle critical {rolled} - {words}"


def crash_text(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    """ADV-27/28: 'w crashes in 0507 (crash landing on rough): falls 1 level, facing roll
    4 - its rear strikes, 6 damage'."""
    face = n.take_roll("crash: new facing")
    rolled = dice_text(face) if face is not None else str(e.get("facing_roll"))
    return (
        f"{who} crashes in {n.where(e.get('at'))} ({e.get('cause')}): falls "
        f"{e.get('fall')} level{'s' * (e.get('fall') != 1)}, facing roll {rolled} - its "
        f"{e.get('side')} strikes, {e.get('damage')} damage ({_crash_rule(e)})"
    )


def _crash_rule(e: RulesEvent) -> str:
    """ADV-28 for a sideslip crash (hexes moved x tons / 10), ADV-27 for the others."""
    return "ADV-28" if str(e.get("cause", "")).startswith("sideslip") else "ADV-27"


def forced_landing_text(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    """ADV-29: the driving roll of a forced landing."""
    roll = n.take_roll("forced landing")
    if roll is None and isinstance(e.get("roll"), Roll):  # the event carries it (claimed)
        roll = e.get("roll")
    rolled = dice_text(roll) if roll is not None else "?"
    verdict = "lands" if e.get("success") else "crashes"
    return (
        f"{who} must land in {n.where(e.get('at'))} ({e.get('cause')}): needs "
        f"{e.get('target')}, rolls {rolled} - it {verdict} (ADV-29)"
    )


def critical_text(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    """A vehicle critical hit from moving into things (the hull's table, CMB-46)."""
    return vehicle_critical_text(n, dict(e.data))
