"""Weapon attacks, heat and what they do, as the log reads them (the weapon attack and
heat phases; damage from blows too, game.narrate.physical).

The combat rules answer with their own events (game.rules.piloting.falls.Event) and roll their
dice into the phase's cup; :func:`game_events` turns both into the game's events: each
roll goes to the event it belongs to (the dice pop-ups show it before the result) and is
told with its dice, each damage group as the falls' are (game.narrate.damage: the
location roll, the location, front or rear, armour and structure before -> after,
transfers and destroyed locations), e.g.

    "A1 fires AC/20 at B2: needs 8, rolls 5+4 = 9 - hit"
    "AC/20 hits B2 for 20 from the front: location roll 3+4 = 7 - centre torso (front):
     armour 20 -> 0, structure 12 -> 12 ..."
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.core.actions import Event
from game.core.dice import Roll
from game.rules.damage.land import PlatoonHit
from game.rules.piloting.falls import RulesEvent
from game.units.locations import LOCATION_NAMES
from game.units.unit import heat_mp_penalty

from ..designs import weapons_table
from ..rules.combat.modifiers import heat_to_hit
from ..rules.heat import HeatReport
from ..state import GameState
from . import Narrator
from .damage import group_text
from .platoons import platoon_hit_text, rifle_cluster_text
from .tellers import TELLERS
from .vehicle_words import vehicle_critical_text
from .words import dice_text, plural

SAID = ("shot", "damage", "critical", "explosion", "destroyed", "pilot", "psr", "shutdown",
        "restart", "explosion_avoided")  # fmt: skip


def game_events(s: GameState, raw: Iterable[RulesEvent], rolls: Sequence[Roll]) -> list[Event]:
    """The game's events for the combat rules' events ``raw``; ``rolls`` are the dice the
    resolution rolled, in order (each goes to the event whose roll it is)."""
    n = Narrator(s.board, s.units, rolls)
    events = list(raw)
    out: list[Event] = []
    for i, e in enumerate(events):
        if e.type == "psr" and e.get("roll") is None and e.get("success") is None:
            continue  # a roll the damage calls for: made at the end of the phase, logged then
        who = e.get("unit") or e.get("target")
        before = n.claimed()
        for _, value in e.data:
            n.claim(value)  # the rolls an event carries are its own
        text = say(n, e, events[i + 1 :])
        out.append(Event(e.type, text, str(who) if who else None, n.claimed_since(before), e))
    return out


def say(n: Narrator, e: RulesEvent, after: Sequence[RulesEvent] = ()) -> str:
    """The sentence of one combat event (``after``: the events that follow it)."""
    d = dict(e.data)
    if e.type == "shot":
        return _shot(n, d, after)
    if e.type == "damage":
        return _damage(n, d)
    if e.type == "critical":
        return _critical(n, d)
    if e.type == "explosion":
        return _explosion(n, d)
    if e.type == "destroyed":
        return f"{d['unit']} is destroyed ({d.get('cause') or 'damage'})"
    if e.type == "pilot":
        return _pilot(n, d)
    if e.type == "psr":
        return _psr(n, e)
    if e.type == "shutdown":
        return _shutdown(n, d)
    if e.type == "restart":
        return _restart(n, d)
    if e.type == "explosion_avoided":
        roll = n.take_roll("avoid ammunition explosion")
        return f"{d['unit']} avoids an ammunition explosion: {_rolled(roll, d.get('roll'))}"
    return n.say(e, str(d.get("unit") or d.get("target") or ""))


def _rolled(roll: Roll | None, total: Any) -> str:
    """'needs 8, rolls 5+4 = 9' (the target from the roll), or the total alone."""
    if roll is None:
        return f"rolls {total}"
    need = f"needs {roll.target}, " if roll.target is not None else ""
    return f"{need}rolls {dice_text(roll)}"


def _shot(n: Narrator, d: dict[str, Any], after: Sequence[RulesEvent]) -> str:
    roll = n.take_roll("to-hit")
    rolled = f"rolls {dice_text(roll)}" if roll is not None else f"rolls {d['roll']}"
    verdict = "hit" if d.get("hit") else "miss"
    text = f"{d['attacker']} fires {d['weapon']} at {d['target']}: needs {d['needs']}, " \
           f"{rolled} - {verdict}"  # fmt: skip
    w = weapons_table().get(str(d["weapon"]))
    if d.get("hit") and w is None:  # a platoon's rifles (CMB-42)
        said = rifle_cluster_text(n, str(d["weapon"]))
        return text + ("; " + said if said else "")
    if d.get("hit") and w is not None and w.cluster:  # CMB-23/24: how many missiles hit
        cluster = n.take_roll(f"cluster {d['weapon']}")
        if cluster is not None:
            text += "; " + _cluster(d, cluster, after)
    return text


def _cluster(d: dict[str, Any], roll: Roll, after: Sequence[RulesEvent]) -> str:
    """CMB-23/24: how many missiles of the salvo hit (the damage groups that follow)."""
    groups = []
    for e in after:
        if (
            e.type != "damage"
            or e.get("index") != d.get("index")
            or e.get("attacker") != d.get("attacker")
        ):
            break
        groups.append(e.get("group"))
    w = weapons_table().get(str(d["weapon"]))
    total = sum(int(getattr(g, "damage", 0)) for g in groups)
    if w is not None and w.damage and w.missiles:
        hits = total // w.damage
        return f"cluster roll {dice_text(roll)}: {hits} of {w.missiles} missiles hit"
    return f"cluster roll {dice_text(roll)}: {plural(len(groups), 'group')} hit"


def _damage(n: Narrator, d: dict[str, Any]) -> str:
    """A weapon's or a blow's damage group (CMB-26..29)."""
    g, target = d["group"], str(d["target"])
    if isinstance(d.get("hit"), PlatoonHit):  # CMB-39..41: troopers, no location roll
        return platoon_hit_text(n, d, d["hit"])
    what = str(d.get("weapon") or "the attack")
    own = what.endswith("(its own damage)")
    side = d.get("side", "front")
    if own:  # a charger's or jumper's own damage (PHY-10/13)
        head = f"{target} takes {g.damage} from its own {what.removesuffix(' (its own damage)')}"
    else:
        head = f"{_cap(what)} hits {target} for {g.damage} from the {side}"
    if getattr(g, "cover", False):
        roll = n.location_roll()
        rolled = f"location roll {dice_text(roll)} - " if roll is not None else ""
        where = LOCATION_NAMES.get(g.location, g.location)
        return f"{head}: {rolled}the {where}, behind cover: the cover takes it (CMB-17)"
    hit = d.get("hit")
    if hit is None or not getattr(hit, "parts", None) and not getattr(hit, "lost", 0):
        return head
    return f"{head}: " + group_text(n, target, hit, 1, 1)


def _cap(text: str) -> str:
    """'kick (left leg)' -> 'The kick (left leg)'; a weapon's name stays as it is."""
    if text[:1].islower():
        return f"The {text}"
    return text


def _critical(n: Narrator, d: dict[str, Any]) -> str:
    unit = d["unit"]
    where = LOCATION_NAMES.get(str(d["location"]), str(d["location"]))
    if "effect" in d and "hits" not in d:  # a vehicle's motive roll (PSR-27)
        roll = n.take_roll("motive system")
        mod = int(d.get("modifier") or 0)
        rolled = dice_text(roll) if roll is not None else str(d["roll"])
        effect = "no effect" if d["effect"] == "none" else f"{d['effect']} damage"
        total = int(d["roll"]) + mod
        return f"{unit} rolls for motive damage: {rolled}, {mod:+d} = {total} - {effect}"
    if "result" in d:
        return vehicle_critical_text(n, d)
    check = n.take_roll("critical check")
    rolled = dice_text(check) if check is not None else str(d["roll"])
    head = f"{unit}'s {where}: critical check {rolled}"
    if d.get("blown_off"):
        return f"{head} - the {where} is blown off"
    hits = d.get("hits") or ()
    if not hits:
        return f"{head} - no critical hit"
    told = [_slot(n, h) for h in hits]
    return f"{head} - {plural(len(hits), 'critical hit')}: " + "; ".join(told)


def _slot(n: Narrator, hit: dict[str, Any]) -> str:
    """CMB-31: the slot's dice - a die for the half and one for the slot in arms and
    torsos, one die in the head and legs; an empty or hit slot is rolled again - and
    what the slot held."""
    want = hit.get("slot")
    tries: list[str] = []
    for _ in range(24):
        first = n.take_roll("critical half", "critical slot")
        if first is None:
            break
        if first.reason.startswith("critical half"):
            second = n.take_roll("critical slot")
            slot = (0 if first.total <= 3 else 6) + (second.total if second else 1) - 1
            tries.append(f"{first.total} then {second.total if second else '?'}")
        else:
            slot = first.total - 1
            tries.append(str(first.total))
        if slot == want:
            break
    said = ""
    if tries:
        again = "".join(f"{t} (nothing to hit: rolled again), " for t in tries[:-1])
        said = f"slot roll {again}{tries[-1]} - "
    effect = f" ({hit['effect']})" if hit.get("effect") else ""
    where = LOCATION_NAMES.get(str(hit.get("location")), str(hit.get("location")))
    return f"{said}{hit.get('component')} in the {where} destroyed{effect}"


def _explosion(n: Narrator, d: dict[str, Any]) -> str:
    where = LOCATION_NAMES.get(str(d["location"]), str(d["location"]))
    hit = d.get("hit")
    bins = ", ".join(str(b) for b in d.get("bins") or ())
    head = f"{d['unit']}'s ammunition explodes in the {where} ({bins}; {d.get('cause')}): " \
           f"{d['damage']} damage"  # fmt: skip
    if hit is None or not getattr(hit, "parts", None):
        return head
    return f"{head} - " + group_text(n, str(d["unit"]), hit, 1, 1, rolled=False)


def _pilot(n: Narrator, d: dict[str, Any]) -> str:
    hits = int(d.get("hits") or 1)
    head = (f"{d['unit']}'s pilot takes {plural(hits, 'hit')} ({d['cause']}): "
            f"{d['total']} of 6")  # fmt: skip
    if d.get("killed"):
        return head + " - the pilot is killed"
    if "roll" in d:
        roll = n.take_roll("consciousness")
        state = "stays conscious" if d.get("conscious") else "is knocked out"
        return f"{head}; to stay conscious {_rolled(roll, d['roll'])} - {state}"
    return head


def _psr(n: Narrator, e: RulesEvent) -> str:
    who = str(e.get("unit") or "")
    return TELLERS["psr"](n, e, who, who)


def _shutdown(n: Narrator, d: dict[str, Any]) -> str:
    if d.get("target") == "automatic":
        return f"{d['unit']}'s reactor shuts down: heat 30 or more, no roll (HEAT-08)"
    roll = n.take_roll("avoid shutdown")
    verdict = "shuts down" if d.get("shutdown") else "keeps running"
    return f"{d['unit']} tries to avoid a shutdown: {_rolled(roll, d.get('roll'))} - " \
           f"the reactor {verdict}"  # fmt: skip


def _restart(n: Narrator, d: dict[str, Any]) -> str:
    if d.get("target") == "automatic":
        return f"{d['unit']}'s reactor restarts: its heat is low enough, no roll (HEAT-08)"
    roll = n.take_roll("restart")
    verdict = "restarts" if d.get("restarted") else "stays shut down"
    return f"{d['unit']} tries to restart its reactor: {_rolled(roll, None)} - {verdict}"


def heat_text(unit_id: str, r: HeatReport) -> str:
    """The heat phase's line for one Mech (HEAT-01..07), e.g. "A1 builds 16 heat (movement
    2, weapons 14) and sinks 13: heat 4 -> 7" and the scale's effects at the new level."""
    gen = {"movement": r.movement, "weapons": r.weapons, "engine": r.engine, "other": r.other}
    parts = ", ".join(f"{k} {v}" for k, v in gen.items() if v)
    built = sum(gen.values())
    text = f"{unit_id} builds {built} heat" + (f" ({parts})" if parts else "")
    text += f" and sinks {r.dissipated}: heat {r.heat_before} -> {r.heat_after}"
    effects = []
    if heat_mp_penalty(r.heat_after):
        effects.append(f"-{heat_mp_penalty(r.heat_after)} MP")
    if heat_to_hit(r.heat_after):
        effects.append(f"+{heat_to_hit(r.heat_after)} to hit")
    return text + (f" ({', '.join(effects)})" if effects else "")


def fire_text(unit_id: str, targets: Sequence[tuple[str, Sequence[str]]], twist: int) -> str:
    """The weapon attack declaration (CMB-01): "A1 will fire 2 Medium Lasers and an AC/20
    at B2"; with no target, "A1 holds its fire"."""
    turned = {-1: ", its torso twisted left", 1: ", its torso twisted right"}.get(twist, "")
    if not targets:
        return f"{unit_id} holds its fire{turned}"
    parts = [f"{_weapons(names)} at {t}" for t, names in targets]
    return f"{unit_id} will fire {'; '.join(parts)}{turned}"


def _weapons(names: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    said = [f"{k} {name}s" if k > 1 else f"{_article(name)} {name}" for name, k in counts.items()]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _article(name: str) -> str:
    """'an' before a vowel sound as read aloud: an AC/20, an SRM-4, an LRM-20, a PPC."""
    first, second = name[:1].upper(), name[1:2]
    initialism = second.isupper() or not second.isalpha()
    return "an" if first in "AEIOU" or (initialism and first in "FHLMNRSX") else "a"


def initiative_text(rounds: Sequence[dict[str, int]], rolls: Sequence[Roll], winner: str,
                    loser: str) -> str:  # fmt: skip
    """TURN-05: 'Initiative: A rolls 3+4 = 7, B rolls 6+5 = 11 - side B wins, side A moves
    first'; ties are rolled again."""
    by_side = {}
    for r in rolls:
        if r.reason.startswith("initiative "):
            by_side.setdefault(r.reason.removeprefix("initiative "), []).append(r)
    said = []
    for i, rnd in enumerate(rounds):
        part = ", ".join(
            f"{side} rolls "
            + (dice_text(by_side[side][_nth(rounds, i, side)]) if side in by_side else str(v))
            for side, v in rnd.items()
        )
        said.append(part)
    text = "; a tie, rolled again: ".join(said)
    return f"Initiative: {text} - side {winner} wins, side {loser} moves first"


def _nth(rounds: Sequence[dict[str, int]], i: int, side: str) -> int:
    """Which of the side's rolls round ``i`` holds."""
    return sum(1 for r in rounds[:i] if side in r)


__all__ = ["SAID", "fire_text", "game_events", "heat_text", "initiative_text", "say"]
