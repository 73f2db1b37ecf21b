"""One sentence per kind of rules event (game.rules.piloting.falls.Event types), looked up in
:data:`TELLERS` (events with a roll or a result to explain) and :data:`SIMPLE`."""

from __future__ import annotations

import re
from collections.abc import Callable

from game.core.dice import Roll
from game.rules.piloting.falls import RulesEvent

from .damage import damage_text, hurt_other, vehicle_damage
from .platoons import platoon_damage_text
from .vehicle_words import crash_text, critical_text, forced_landing_text
from .words import Context, Teller, dice_text, facing_name, mods_text, plural

CUT = re.compile(r"step \d+ \('[^']*'\) is not possible now: (.*)")
SKID_STOPS = {
    "distance": "",
    "terrain": ": the terrain stops it",
    "map edge": " at the map edge",
    "higher hex": " against a higher hex",
    "unit": " against another unit",
    "building": " against a building",
    "drop": " where the ground drops away",
    "water": " in the water",
    "prohibited terrain": " in terrain it cannot enter",
    "higher ground": " against ground higher than it flies",  # ADV-21/23/28
    "infantry": " against infantry as high as it flies",  # ADV-28
    "woods": " in the woods",  # ADV-21
}


# PSR-14: the new facing as the table says it (right = clockwise)
FALL_TURNS = {
    0: "keeps its facing",
    1: "turns 1 hexside clockwise",
    2: "turns 2 hexsides clockwise",
    3: "turns to face the other way",
    4: "turns 2 hexsides counter-clockwise",
    5: "turns 1 hexside counter-clockwise",
}


def _verdict(ok: bool, good: str = "passes", bad: str = "fails") -> str:
    return good if ok else bad


def _psr(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    reason, mods = str(e.get("reason")), mods_text(e.get("modifiers") or ())
    roll = e.get("roll")
    if not isinstance(roll, Roll):
        return f"{who}, {reason}: fails automatically (no roll; {mods or 'no modifiers'})"
    ok = bool(e.get("success"))
    return (
        f"{who}, {reason}: piloting roll needs {e.get('target')} ({mods}), "
        f"rolls {dice_text(roll)} - {_verdict(ok)}"
    )


def _fall(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    levels = int(e.get("levels") or 0)
    how = f" {plural(levels, 'level')}" if levels else ""
    wet = " into water (damage halved)" if e.get("into_water") else ""
    turn = (int(e.get("facing")) - int(e.get("old_facing", e.get("facing")))) % 6
    turned = FALL_TURNS[turn]
    dmg = int(e.get("damage") or 0)
    hurt = f", {dmg} damage on its {e.get('side')}" if dmg else ", no damage"
    face = e.get("facing_roll")
    n.take_roll("fall: new facing")  # PSR-14: the die is this line's
    rolled = f"facing roll {face} - it {turned}" if face is not None else f"it {turned}"
    return (
        f"{who} falls{how}{wet} in {n.where(e.get('at'))} ({e.get('cause')}): {rolled} and "
        f"lies face down facing {facing_name(e.get('facing'))}{hurt}"
    )


def _pilot_hit(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    hits = int(e.get("hits") or 1)
    return f"{who}'s pilot takes {plural(hits, 'hit')} ({e.get('cause')}): {e.get('total')} of 6"


def _consciousness(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    roll = e.get("roll")
    ok = bool(e.get("conscious"))
    verdict = "stays conscious" if ok else "is knocked out"
    rolled = f", rolls {dice_text(roll)}" if isinstance(roll, Roll) else ""
    hits = plural(int(e.get("hits") or 0), "hit")
    return f"{who}'s pilot, {hits}: to stay conscious needs {e.get('target')}{rolled} - {verdict}"


def _pilot_check(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    mods = mods_text(e.get("modifiers") or ())
    if e.get("automatic"):
        return f"{who}'s pilot is hurt in the fall, no roll ({e.get('automatic')})"
    roll = e.get("roll")
    hurt = bool(e.get("injured"))
    rolled = dice_text(roll) if isinstance(roll, Roll) else "?"
    verdict = "is injured" if hurt else "is unhurt"
    return (
        f"{who}'s pilot rolls to avoid injury in the fall: needs {e.get('target')} ({mods}), "
        f"rolls {rolled} - {verdict}"
    )


def _wake_up(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    roll = e.get("roll")
    rolled = f", rolls {dice_text(roll)}" if isinstance(roll, Roll) else ""
    verdict = "wakes up" if e.get("conscious") else "stays unconscious"
    hits = plural(int(e.get("hits") or 0), "hit")
    return f"{who}'s unconscious pilot, {hits}: to wake up needs {e.get('target')}{rolled} - " \
           f"{verdict}"  # fmt: skip


def _move_ends(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    reason = str(e.get("reason"))
    cut = CUT.fullmatch(reason)
    if cut:
        return f"{who} cannot go on along the planned path now: {cut.group(1)}"
    return f"{who}'s move ends: {reason}"


def _slide(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    what = "skids" if e.type == "skid" else "sideslips"
    d = e.get("direction")
    way = f" to the {facing_name(d)}" if isinstance(d, int) else ""
    dist = int(e.get("distance") or 0)
    return f"{who} {what} from {n.where(e.get('start'))}{way}: up to {plural(dist, 'hex', 'hexes')}"


def _slide_end(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    what = "skid" if e.type == "skid_end" else "sideslip"
    moved = len(e.get("path") or ())
    stop = SKID_STOPS.get(str(e.get("stopped_by")), f" ({e.get('stopped_by')})")
    return (
        f"{who}'s {what} ends in {n.where(e.get('at'))} after {plural(moved, 'hex', 'hexes')}{stop}"
    )


def _collision(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    what, dmg = str(e.get("what")), e.get("damage")
    if what == "drop":
        return f"{who} drops {plural(int(e.get('levels') or 0), 'level')} and takes {dmg} damage"
    place = f" in {n.where(e.get('at'))}" if e.get("at") is not None else ""
    article = "" if what == "prohibited terrain" else "a "
    text = f"{who} crashes into {article}{what}{place} and takes {dmg} damage"
    if e.get("building_damage") is not None:
        text += (
            f"; the building takes {e.get('building_damage')} "
            f"(CF {e.get('cf_before')} -> {e.get('cf_left')})"
        )
    return text


def _building_damage(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    return (
        f"{who} fails to pass the building in {n.where(e.get('at'))} cleanly: it takes "
        f"{e.get('damage')} damage, the building {e.get('building_damage')} "
        f"(CF left {e.get('cf_left')})"
    )


def _building_collapse(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    if e.get("load") is not None:
        return (
            f"The roof of the building in {n.where(e.get('at'))} gives way under "
            f"{e.get('load')} t (CF {e.get('cf')}): the hex collapses into rubble (MOV-32)"
        )
    return (
        f"The building in {n.where(e.get('at'))} collapses: "
        f"{e.get('damage')} damage to every unit inside"
    )


def _bridge_collapse(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    at = n.where(e.get("at"))
    if e.get("load") is not None:
        return (
            f"The bridge in {at} gives way under {e.get('load')} t (CF {e.get('cf')}) - "
            "every unit on it falls (MOV-27)"
        )
    hexes = ", ".join(n.where(h) for h in e.get("hexes") or ())
    return f"More than half of the bridge is down: {hexes} fall too (MOV-27)"


def _dodge(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    if e.get("automatic"):
        return f"{who} dodges {mover} in {n.where(e.get('at'))} (infantry always dodge)"
    roll = e.get("roll")
    ok = bool(e.get("success"))
    rolled = dice_text(roll) if isinstance(roll, Roll) else "?"
    verdict = "dodges" if ok else "fails to dodge"
    mods = mods_text(e.get("modifiers") or ())
    need = f"needs {e.get('target')} ({mods})"
    return f"{who} tries to dodge {mover}: {need}, rolls {rolled} - {verdict}"


def _to_hit(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    roll = e.get("roll")
    rolled = dice_text(roll) if isinstance(roll, Roll) else "?"
    verdict = "hits" if e.get("hit") else "misses"
    mods = mods_text(e.get("modifiers") or ())
    what = "charges into" if e.type == "accidental_charge" else "falls onto"
    return (
        f"{mover} accidentally {what} {e.get('target')}: needs {e.get('to_hit')} ({mods}), "
        f"rolls {rolled} - {verdict}"
    )


def _motive(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    roll = e.get("roll")
    rolled = dice_text(roll) if isinstance(roll, Roll) else "?"
    mod = int(e.get("modifier") or 0)
    return (
        f"{who} rolls for motive damage: {rolled}, {mod:+d} = {e.get('total')} - {e.get('effect')}"
    )


SIMPLE: dict[str, Callable[[Context, RulesEvent, str], str]] = {
    "blocked": lambda n, e, w: f"{w} cannot be pushed out of {n.where(e.get('at'))}: it stays",
    "unit_falls": lambda n, e, w: f"{w} is knocked down:",
    "unit_hit": lambda n, e, w: f"{w} is caught in the {e.get('cause')}:",
    "leg_destroyed": lambda n, e, w: f"{w} has lost a leg ({e.get('legs')} gone)",
    "mech_destroyed": lambda n, e, w: f"{w} is destroyed ({e.get('cause')})",
    "unit_destroyed": lambda n, e, w: f"{w} is destroyed: {e.get('cause')}",
    "pilot_killed": lambda n, e, w: f"{w}'s pilot is killed ({e.get('total')} hits)",
    "lands_beside": lambda n, e, w: (
        f"{w} misses and lands beside the unit, in {n.where(e.get('at'))}"
    ),
    "comes_down_beside": lambda n, e, w: (
        f"{w} has no room in {n.where(e.get('full'))} ({_rule_first(str(e.get('why')))}), "
        f"so it comes down beside it, in {n.where(e.get('at'))} (ADV-28)"
    ),
    # advanced movement (docs/advanced-movement.md)
    "crawl_failed": lambda n, e, w: (
        f"{w} fails to crawl into {n.where(e.get('into'))}: the MP are spent, it stays "
        f"in {n.where(e.get('at'))} (ADV-04)"
    ),
    "hull_down_stays": lambda n, e, w: (
        f"{w} does not get up and stays hull-down in {n.where(e.get('at'))} (ADV-12)"
    ),
    "wige_landing": lambda n, e, w: (
        f"{w} comes down on {e.get('terrain')} in {n.where(e.get('at'))}: {e.get('result')} "
        "(ADV-18)"
    ),
    "passes_over": lambda n, e, w: (
        f"The slide passes over the submerged {w} in {n.where(e.get('at'))}: a submerged "
        "submarine cannot be charged (ADV-25, PSR-33)"
    ),
    "passes_under": lambda n, e, w: (
        f"The slide passes under {w}, flying over {n.where(e.get('at'))}: it is above the "
        "slider's height band (MOV-34, PSR-33)"
    ),
    "steps_aside": lambda n, e, w: (
        f"{w} steps aside to {n.where(e.get('to'))} instead of being pushed (PHY-19)"
    ),
    # the heat phase (HEAT-08/09); weapon fire is told by game.narrate.combat
    "shutdown": lambda n, e, w: (
        f"{w}'s reactor {'shuts down' if e.get('shutdown') else 'keeps running'}"
        f" (avoid number {e.get('target')}"
        + (f", rolls {e.get('roll')})" if e.get("roll") is not None else ")")
    ),
    "restart": lambda n, e, w: (
        f"{w}'s reactor {'restarts' if e.get('restarted') else 'stays shut down'}"
        f" ({e.get('target')})"
    ),
    "explosion_avoided": lambda n, e, w: (
        f"{w} avoids an ammunition explosion (rolls {e.get('roll')})"
    ),
}


def _rule_first(why: str) -> str:
    """'already holds 2 units ...; at most two of a side per hex (MOV-34)' as 'MOV-34:
    already holds ...' (no brackets inside brackets)."""
    m = re.fullmatch(r"(.*) \(([A-Z]+-\d+)\)", why)
    return f"{m.group(2)}: {m.group(1)}" if m else why


def _displaced(n: Context, e: RulesEvent, who: str, mover: str) -> str:
    why = f": {e.get('reason')}" if e.get("reason") else ""
    return f"{who} is pushed into {n.where(e.get('to'))}{why}"


def generic(n: Context, e: RulesEvent, who: str) -> str:
    simple = SIMPLE.get(e.type)
    if simple is not None:
        return simple(n, e, who)
    words = e.type.replace("_", " ")
    return f"{who}: {words}"


TELLERS: dict[str, Teller] = {
    "psr": _psr,
    "fall": _fall,
    "damage": damage_text,
    "pilot_hit": _pilot_hit,
    "consciousness": _consciousness,
    "pilot_check": _pilot_check,
    "wake_up": _wake_up,
    "move_ends": _move_ends,
    "skid": _slide,
    "sideslip": _slide,
    "skid_end": _slide_end,
    "sideslip_end": _slide_end,
    "collision": _collision,
    "building_damage": _building_damage,
    "building_collapse": _building_collapse,
    "bridge_collapse": _bridge_collapse,
    "dodge": _dodge,
    "accidental_charge": _to_hit,
    "fall_from_above": _to_hit,
    "charge_damage": hurt_other,
    "dfa_damage": hurt_other,
    "vehicle_damage": vehicle_damage,
    "platoon_damage": platoon_damage_text,
    "motive_damage": _motive,
    "displaced": _displaced,
    "crash": crash_text,
    "forced_landing": forced_landing_text,
    "critical": critical_text,
}
