"""MegaMek ``.mtf`` Mech files -> our design JSON (docs/megamek.md; facts of the format
only, read from MegaMek's own loader).

An MTF file is ``key:value`` lines (``chassis:``, ``model:``, ``mass:``, ``engine:270
Fusion Engine``, ``heat sinks:10 Single``, ``walk mp:``, ``jump mp:``, ``LA armor:10``,
rear torso armour under ``RTL``/``RTR``/``RTC armor:``), then one block per location
(``Left Arm:`` and its 12 critical slots, ``-Empty-`` for a free one; a quad's legs are
``Front Left Leg:`` ...). Old files give chassis and model as the two lines after
``Version:``. We read the critical slots and take the weapons (a weapon fills as many
slots as our weapons table says; ``(R)`` marks a rear mount), the ammunition bins (one
ton a slot, ``Half`` a half ton), heat sinks, jump jets (their count is the jump MP) and
actuators from them. Walk MP is the engine rating divided by the tonnage. Anything we do
not play is refused in one sentence naming the item, the location and the file.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..units.critslots import HEAT_SINK, JUMP_JET
from ..units.locations import BIPED_LOCATIONS, QUAD_LOCATIONS
from .megamek_names import Item, item
from .model import AMMO_PREFIX, REAR_SUFFIX, Weapon
from .schema import DesignError

BIPED_BLOCKS = {"left arm": "LA", "right arm": "RA", "left torso": "LT",
                "right torso": "RT", "center torso": "CT", "head": "HD", "left leg": "LL",
                "right leg": "RL"}  # fmt: skip
QUAD_BLOCKS = {**{k: v for k, v in BIPED_BLOCKS.items() if "arm" not in k and "leg" not in k},
               "front left leg": "FLL", "front right leg": "FRL", "rear left leg": "RLL",
               "rear right leg": "RRL"}  # fmt: skip
ARMOR_KEYS = {"la": "LA", "ra": "RA", "lt": "LT", "rt": "RT", "ct": "CT", "hd": "HD",
              "ll": "LL", "rl": "RL", "rtl": "LTR", "rtr": "RTR", "rtc": "CTR", "fll": "FLL",
              "frl": "FRL", "rll": "RLL", "rrl": "RRL"}  # fmt: skip
QUAD_ARMOR = {"LA": "FLL", "RA": "FRL", "LL": "RLL", "RL": "RRL"}  # older quad files
SHORT = frozenset({"HD", "LL", "RL", "FLL", "FRL", "RLL", "RRL"})
STANDARD = {  # key: the values that are the standard kind we play
    "structure": ("standard", "isstandard", "clanstandard", ""),
    "armor": ("standard", "standardarmor", "isstandard", ""),
    "gyro": ("standard", "standardgyro", ""),
    "cockpit": ("standard", "standardcockpit", ""),
    "myomer": ("standard", ""),
}
_KEY = re.compile(r"([A-Za-z][A-Za-z ]*?)\s*:(.*)")


class Unread(DesignError):
    """Something in a unit file that hexplate does not play (one sentence)."""


def read_mtf(text: str, where: str, table: Mapping[str, Weapon]) -> dict[str, Any]:
    """The design JSON (format hexplate-design) of an MTF file's text."""
    keys, blocks, loose = _split(text, where)
    config = keys.get("config", "biped").lower()
    if any(k in config for k in ("lam", "tripod", "quadvee")) or not (
        "biped" in config or "quad" in config
    ):
        raise Unread(f"{where}: config '{keys.get('config')}' is not a Mech kind we play.")
    quad = "quad" in config
    chassis = keys.get("chassis") or (loose[0] if loose else "")
    model = keys.get("model") or (loose[1] if len(loose) > 1 else "")
    if not chassis:
        raise DesignError(f"{where}: the file names no chassis (a 'chassis:' line).")
    tons = _int(keys.get("mass"), "mass", where)
    rating, engine_kind = _engine(keys.get("engine", ""), where)
    if rating % tons:
        raise DesignError(f"{where}: engine {rating} is not a whole multiple of {tons} tons.")
    walk = keys.get("walk mp", "").strip()
    if walk and walk != str(rating // tons):
        raise DesignError(f"{where}: walk MP {walk[:10]} is not the engine's {rating} / {tons} tons"
                          f" = {rating // tons}.")  # fmt: skip
    sinks, sink_kind = _sinks(keys.get("heat sinks", ""), where)
    for key, ok in STANDARD.items():
        value = re.sub(r"\(.*?\)", "", keys.get(key, "")).lower()
        if re.sub(r"[^a-z]", "", value) not in ok:
            raise Unread(f"{where}: {key} '{keys[key]}' is not one we play (standard only).")
    for extra in keys.get("nocrit", "").split("|"):
        if extra.strip():
            raise Unread(f"{where}: equipment '{extra.strip()}' is not something we play.")
    codes = QUAD_LOCATIONS if quad else BIPED_LOCATIONS
    slots = _slots(blocks, quad, codes, where)
    doc: dict[str, Any] = {
        "format": "hexplate-design", "version": 1, "design": model.strip() or chassis.strip(),
        "chassis": chassis.strip(), "kind": "quad" if quad else "biped", "tons": tons,
        "engine": rating, "walk": rating // tons, "heat_sinks": sinks,
    }  # fmt: skip
    doc |= _gear(slots, codes, table, where)
    doc["jump"] = sum(row.count(JUMP_JET) for row in doc["slots"].values())
    doc["armor"] = _armor(keys, quad, where)
    doc["_extra"] = {"model": model.strip(), "era": _era(keys.get("era", "")),
                     "engine": engine_kind, "sinks": sink_kind,
                     "tech": keys.get("techbase", "")}  # fmt: skip
    return doc


def _split(text: str, where: str) -> tuple[dict[str, str], dict[str, list[str]], list[str]]:
    """Key lines, location blocks (name -> slot lines) and loose lines (old chassis/model)."""
    keys: dict[str, str] = {}
    blocks: dict[str, list[str]] = {}
    loose: list[str] = []
    current: list[str] | None = None
    names = set(BIPED_BLOCKS) | set(QUAD_BLOCKS)
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            current = None if not line else current
            continue
        low = line.lower()
        if low.endswith(":") and low[:-1] in names:
            current = blocks.setdefault(low[:-1], [])
            continue
        if current is not None and len(current) < 12:
            current.append(line)  # a location holds 12 slot lines, whatever they say
            continue
        current = None
        m = _KEY.fullmatch(line)
        if m is not None:
            key = m.group(1).strip().lower()
            if key == "nocrit" and "nocrit" in keys:
                keys[key] += "|" + m.group(2).strip()
            else:
                keys.setdefault(key, m.group(2).strip())
        elif "," not in line:
            loose.append(line)
    return keys, blocks, loose


def _int(value: str | None, what: str, where: str, lo: int = 1, hi: int = 200) -> int:
    v = (value or "").strip()
    if not re.fullmatch(r"[0-9]{1,4}", v) or not lo <= int(v) <= hi:
        raise DesignError(f"{where}: {what} {v[:20] or 'is missing'!s} is not a whole number "
                          f"{lo}..{hi}.")  # fmt: skip
    return int(v)


def _engine(value: str, where: str) -> tuple[int, str]:
    m = re.fullmatch(r"\s*([0-9]{1,4})\s*(.*)", value)
    if m is None:
        raise DesignError(f"{where}: engine '{value[:30]}' does not start with its rating.")
    kind = m.group(2).lower()
    if any(k in kind for k in ("xl", "light", "compact", "ice", "i.c.e", "fission", "fuel")):
        raise Unread(f"{where}: engine '{value.strip()}' is not one we play (standard fusion).")
    rating = int(m.group(1))
    if not 10 <= rating <= 400:
        raise DesignError(f"{where}: engine rating {rating} is outside 10..400.")
    return rating, "fusion"


def _sinks(value: str, where: str) -> tuple[int, str]:
    m = re.fullmatch(r"\s*([0-9]{1,3})\s*(.*)", value or "10 Single")
    if m is None:
        raise DesignError(f"{where}: heat sinks '{value[:30]}' does not start with a count.")
    kind = m.group(2).strip().lower() or "single"
    if kind != "single":
        raise Unread(f"{where}: heat sinks '{value.strip()}' are not ones we play (single).")
    return int(m.group(1)), "single"


def _era(value: str) -> int:
    m = re.match(r"\s*([0-9]{3,4})", value)
    return int(m.group(1)) if m else 0


def _slots(blocks: dict[str, list[str]], quad: bool, codes: tuple[str, ...],
           where: str) -> dict[str, list[tuple[str, Item]]]:  # fmt: skip
    names = QUAD_BLOCKS if quad else BIPED_BLOCKS
    out: dict[str, list[tuple[str, Item]]] = {}
    for name, code in names.items():
        if name not in blocks:
            raise DesignError(f"{where}: the file has no '{name.title()}:' critical slots.")
        rows = [(raw, item(raw)) for raw in blocks[name]]
        rows += [("-Empty-", Item("empty"))] * (12 - len(rows))
        size = 6 if code in SHORT else 12
        for raw, it in rows[size:]:
            if it.kind != "empty":
                raise DesignError(f"{where}: '{raw}' sits in slot {size + 1}+ of {name.title()}, "
                                  f"which has {size} slots.")  # fmt: skip
        out[code] = rows[:size]
    for code in codes:
        for raw, it in out[code]:
            if it.kind == "unknown":
                raise Unread(f"{where}: '{raw}' in {code} is not something we play (Clan gear, "
                             "later-era weapons, special armour and equipment without rules "
                             "here are refused).")  # fmt: skip
    return out


def _gear(slots: dict[str, list[tuple[str, Item]]], codes: tuple[str, ...],
          table: Mapping[str, Weapon], where: str) -> dict[str, Any]:  # fmt: skip
    weapons: list[dict[str, Any]] = []
    ammo: list[dict[str, Any]] = []
    rows: dict[str, list[str | None]] = {}
    for code in codes:
        row: list[str | None] = []
        counts: Counter[tuple[str, bool]] = Counter()
        for raw, it in slots[code]:
            if it.kind == "weapon":
                counts[(it.name, it.rear)] += 1
                if counts[(it.name, it.rear)] % table[it.name].slots == 1 % table[it.name].slots:
                    weapons.append({"name": it.name, "location": code}
                                   | ({"rear": True} if it.rear else {}))  # fmt: skip
                row.append(it.name + (REAR_SUFFIX if it.rear else ""))
            elif it.kind == "ammo":
                per_ton = table[it.name].ammo_per_ton
                if per_ton is None:
                    raise Unread(f"{where}: '{raw}' in {code}: a {it.name} takes no ammunition.")
                ammo.append({"weapon": it.name, "location": code,
                             "shots": per_ton // 2 if it.half else per_ton})  # fmt: skip
                row.append(AMMO_PREFIX + it.name)
            else:
                row.append(it.name or None)
        for (name, rear), n in counts.items():
            if n % table[name].slots:
                raise DesignError(f"{where}: {code} holds {n} slots of {name}"
                                  f"{' (R)' if rear else ''}, but each takes "
                                  f"{table[name].slots}.")  # fmt: skip
        rows[code] = row
    return {"weapons": weapons, "ammo": ammo, "slots": rows}


def _armor(keys: dict[str, str], quad: bool, where: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, value in keys.items():
        if not key.endswith(" armor"):
            continue
        loc = ARMOR_KEYS.get(key[: -len(" armor")].strip())
        if loc is None:
            continue
        loc = QUAD_ARMOR.get(loc, loc) if quad else loc
        out[loc] = _int(value, f"{key} armour", where, 0, 200)
    return out


def count_sinks(slots: Mapping[str, list[str | None]]) -> int:
    return sum(row.count(HEAT_SINK) for row in slots.values())
