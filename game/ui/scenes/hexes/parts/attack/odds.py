"""The numbers on the play screen's weapon list (issue 25, findings 1, 2, 5): per weapon its
target number, chance to hit, the damage to expect and the target it is assigned to; under
the list the volley's expected damage and each location's chance to be breached; the twist
the arcs are seen with. The odds are the sandbox's what-if numbers (game.rules.combat.odds),
worked out from the dice exactly and never rolled; here they are always shown.

Everything here reads the attack scene (game.ui.attack_scene) and returns text and colours;
game.ui.attack_draw draws them.
"""

from __future__ import annotations

from collections.abc import Callable

from game.narrate.words import need_text, percent
from game.rules.combat.odds import (
    VolleyOdds,
    WeaponOdds,
    hit_chance,
    spots,
    weapon_odds,
)
from game.rules.combat.platoon_odds import what_if
from game.rules.combat.tohit import AttackOptions, WeaponOption
from game.ui.scenes.hexes.parts.attack.shown import Aiming
from game.ui.widgets.palette import Colour
from game.ui.widgets.panels import BAD, DIM, GOOD, TEXT, WARN, Row
from game.units.unit import Unit

OTHER_TARGET = (110, 200, 235)  # a weapon assigned to another target: sky blue, not dim
TWIST_NAMES = {-1: "left", 0: "", 1: "right"}


def volley(scene: Aiming, target: str) -> VolleyOdds | None:
    """The odds of the weapons chosen at ``target`` (when it is the current target), else
    of every weapon that can fire at it; cached by what it depends on."""
    plan, opts, t = scene.plan, scene.options(target), scene.state.unit(target)
    if plan is None or opts is None or t is None:
        return None
    chosen = plan.fire.get(target) if plan.target == target else None
    picked = tuple(sorted(chosen)) if chosen is not None else None
    key = (id(scene.state), plan.unit_id, target, plan.twist, plan.target, picked)
    return scene.cache.get(
        "play odds " + target,
        key,
        lambda: what_if(opts, t, scene.state.board, chosen, scene.state.rules),
    )


def weapon_note(scene: Aiming, target: str, w: WeaponOption) -> str:
    """'  58% ~2.9': the chance to hit and the damage to expect of one weapon."""
    plan, opts, t = scene.plan, scene.options(target), scene.state.unit(target)
    if plan is None or opts is None or t is None:  # no plan: no options either
        return ""
    key = (id(scene.state), plan.unit_id, target, plan.twist, w.index)
    odd = scene.cache.get(
        f"weapon odds {target} {w.index}", key, lambda: _one(scene, opts, t, w.index)
    )
    if odd is None:
        return f"  {percent(float(hit_chance(w.target)))}"
    unit = "troopers" if t.platoon is not None else "dmg"  # CMB-39/40: in troopers
    return f"  {percent(float(odd.hit))} ~{odd.damage:.1f} {unit}"


def _one(scene: Aiming, opts: AttackOptions, target: Unit, index: int) -> WeaponOdds | None:
    w = next((o for o in opts.weapons if o.index == index and o.fires), None)
    if w is None:
        return None
    if target.platoon is not None:  # its troopers (game.rules.combat.platoon_odds)
        v = what_if(opts, target, scene.state.board, [index], scene.state.rules)
        return v.weapons[0] if v.weapons else None
    sight = opts.sight
    covered = sight.partial_cover or sight.water_cover
    table = spots(opts.side, target.kind == "quad", covered, scene.state.rules)
    return weapon_odds(w, table)


def weapon_row(
    scene: Aiming,
    target: str,
    w: WeaponOption,
    chosen: set[int],
    note: Callable[[str, WeaponOption], str] | None = None,
) -> tuple[str, Colour]:
    """One weapon's line and colour: '[x] 2 Medium Laser (RA) short: 7  58% ~2.9 dmg';
    a weapon assigned to another target names it ('[>B2]', sky blue); a weapon that cannot
    fire says why in full (the panel wraps it). ``note(target, w)``: the text after a
    number (default :func:`weapon_note`; the sandbox passes its what-if note)."""
    plan = scene.plan
    assert plan is not None  # a weapon row is the selected unit's
    elsewhere = next((t for t, ws in plan.fire.items() if t != target and w.index in ws), None)
    name = f"{w.name} ({w.location})" if w.location else w.name  # a platoon: its rifles
    head = f"{w.index + 1} {name}"
    reach = w.bracket or f"{w.infantry_range} hexes"
    if elsewhere is not None:
        return f"[>{elsewhere}] {head}: fires at {elsewhere}", OTHER_TARGET
    mark = "[x]" if w.index in chosen else "[ ]"
    if w.fires:
        told = note(target, w) if note is not None else weapon_note(scene, target, w)
        return f"{mark} {head} {reach}: {need_text(w.target)}{told}", TEXT
    if w.can_fire:
        return f"    {head}: impossible (12+)", DIM
    return f"    {head}: {w.why_not}", DIM


def volley_rows(scene: Aiming, target: str | None) -> list[Row]:
    """The footer under the weapon list: what the chosen volley is expected to do."""
    if target is None or scene.plan is None or scene.plan.target != target:
        return []
    v = volley(scene, target)
    if v is None or not v.weapons:
        return [("No weapon chosen at " + target, DIM, False)]
    what = "troopers lost" if v.troopers else "damage"
    rows: list[Row] = [(f"Volley at {target}: expected {what} {v.damage:.1f}, at least one "
                        f"hit {percent(v.any_hit)}", WARN, True)]  # fmt: skip
    if v.destroyed is not None and v.destroyed >= 0.005:
        colour = BAD if v.destroyed >= 0.5 else TEXT
        gone = "wiped out" if v.troopers else "destroyed"
        rows.append((f"{target} {gone}: {percent(v.destroyed)}", colour, False))
    shown = [x for x in v.locations if x.breach >= 0.005]
    if shown:
        parts = [f"{x.code} {percent(x.breach)}" for x in shown]
        rows.append(("Chance to breach: " + "  ".join(parts), TEXT, False))
    elif v.locations:
        rows.append(("No location is likely to be breached", GOOD, False))
    return rows


def twist_text(scene: Aiming) -> str:
    """' - torso twisted right (CMB-09)' when the plan twists, else ''."""
    plan = scene.plan
    name = TWIST_NAMES.get(plan.twist if plan is not None else 0, "")
    return f" - torso twisted {name} (CMB-09)" if name else ""


def twist_active(scene: Aiming, action: str) -> bool | None:
    """Whether a twist button is lit: the plan twists that way (None: not a twist button)."""
    plan = scene.plan
    twist = plan.twist if plan is not None else 0
    if action == "left":
        return twist < 0
    if action == "right":
        return twist > 0
    return None


def reason_rows(w: WeaponOption) -> list[Row]:
    """The hover tip of a weapon that cannot fire: the whole reason."""
    if w.fires:
        return []
    why = w.why_not or "it needs more than 12 (CMB-11)"
    return [(f"{w.name} cannot fire", WARN, True), (why, TEXT, False)]
