"""The Tactical Operations movement modes (seed 004, the `tacops` option): physical attack
defence (ADV-01/02), crawling (ADV-03/04), careless movement (ADV-05..10) and hull-down
(ADV-11..16), as the step checker (movesteps.py) and the search (search.py) need them.

Each check answers a sentence with its rule ID, never raises; PSRs are built here and
rolled by the piloting resolver like every other movement roll.
"""

from __future__ import annotations

from dataclasses import replace

from game.hexgrid import Hex
from game.rules.modifier import Modifier
from game.rules.move.movestate import MoveContext, MoveState, StepReport, fail, limit_mp, no_mp
from game.rules.move.steps import Step
from game.rules.physical.limbs import lost_parts
from game.rules.piloting.psr import PSR, make_psr, weight_class_modifier
from game.units.unit import Unit

CRAWL_ARM_PARTS = frozenset({"shoulder", "upper_arm", "lower_arm"})  # ADV-03
CARELESS_KINDS = frozenset({"biped", "quad", "tracked", "wheeled", "hover", "wige", "naval",
                            "vtol", "submarine", "hydrofoil"})  # fmt: skip


def option_error(what: str) -> str:
    return f"{what} is a Tactical Operations rule: it needs the tacops option"


def crawl_error(u: Unit) -> str | None:
    """ADV-03: who may crawl (the mode's MP come from movestate.mode_mp)."""
    if u.kind != "biped":
        return f"only a two-legged Mech with both arms can crawl (ADV-03), not a {u.kind} unit"
    if not u.prone:
        return "only a Mech that begins the movement phase prone may crawl (ADV-03)"
    if u.crits.gyro >= 2:
        return "a Mech with a destroyed gyro cannot crawl (ADV-03)"
    for arm in ("LA", "RA"):
        lost = lost_parts(u, arm) & CRAWL_ARM_PARTS
        if lost:
            which = ", ".join(sorted(p.replace("_", " ") for p in lost))
            return (f"a crawling Mech needs working shoulder, upper and lower arm actuators "
                    f"in both arms; {arm} has lost {which} (ADV-03)")  # fmt: skip
    return None


def defend_error(u: Unit) -> str | None:
    """ADV-01: physical attack defence is declared for a Mech."""
    if not u.is_mech:
        return f"physical attack defence is for Mechs (ADV-01), not a {u.kind} unit"
    return None


def careless_error(u: Unit, mode: str) -> str | None:
    """ADV-05/07: Mechs and vehicles (ProtoMechs too: none in this game) move carelessly."""
    if u.kind not in CARELESS_KINDS:
        return f"{u.kind} units never make piloting rolls, so they cannot move carelessly (ADV-07)"
    if mode == "crawl":
        return "a crawling Mech moves carefully: careless movement does not combine with it"
    return None


def hull_down_mp(u: Unit) -> int:
    """ADV-14: prone -> hull-down costs 1 MP + 1 per missing or destroyed leg actuator
    (hips included); -1 when the Mech may not go hull-down at all (ADV-16)."""
    if not u.is_mech or u.legs_destroyed:
        return -1
    c = u.crits
    return 1 + c.leg_actuators + c.hips


def careless_psr(
    ctx: MoveContext, index: int, target: Hex, ignored: int, terrain: tuple[Modifier, ...]
) -> PSR:
    """ADV-06/08: right after the hex: +2 per ignored MP, the weight class (ADV-10), the
    entered terrain's own PSR modifiers and every damage modifier."""
    u = ctx.unit
    mods = (Modifier(2 * ignored, f"{ignored} MP ignored"), weight_class_modifier(u.tons))
    return make_psr(u, ctx.rules, index, "careless movement", "careless", mods + terrain, target,
                    {"ignored": ignored})  # fmt: skip


def crawl_psr(ctx: MoveContext, index: int, target: Hex) -> PSR:
    """ADV-04: an attempt to crawl into a hex: a standard PSR plus the weight class."""
    u = ctx.unit
    mods = (weight_class_modifier(u.tons),)
    return make_psr(u, ctx.rules, index, f"crawling into {ctx.name(target)}", "crawl", mods,
                    target)  # fmt: skip


def hull_step(ctx: MoveContext, state: MoveState, step: Step, index: int, token: str) -> StepReport:
    """H (standing -> hull-down, facing kept), H:n (prone -> hull-down facing n), H- (leave
    hull-down: 2 MP, a biped rolls): ADV-11..16."""
    u = ctx.unit
    if not ctx.rules.tacops:
        return fail(index, token, state, option_error("hull-down (ADV-11)"))
    if not u.is_mech:
        return fail(index, token, state, f"only Mechs go hull-down (ADV-11), not a {u.kind} unit")
    if ctx.mode == "crawl":
        return fail(index, token, state, "a crawling Mech stays prone this turn (ADV-03)")
    limit = limit_mp(ctx, state)
    if step.kind == "H-":
        if not state.hull_down:
            return fail(index, token, state, "the Mech is not hull-down (ADV-11)")
        if state.mp_used + 2 > limit:
            return fail(index, token, state, no_mp("leaving hull-down", 2, ctx, state, limit))
        after = replace(state, hull_down=False, mp_used=state.mp_used + 2, steps=state.steps + 1)
        psrs: tuple[PSR, ...] = ()
        if u.kind == "biped":  # ADV-12: a kneeling biped rolls to get up; a quad does not
            psrs = (make_psr(u, ctx.rules, index, "leaving hull-down", "hull-down", (), state.at),)
        return StepReport(index, token, True, None, 2, after, psrs)
    if state.hull_down:
        return fail(index, token, state, "the Mech is already hull-down (ADV-11)")
    mp = hull_down_mp(u)
    if mp < 0:
        return fail(index, token, state, "a Mech with a destroyed leg cannot go hull-down (ADV-16)")
    if state.prone:  # ADV-14/15: 1 MP (+ leg actuators), any facing named
        cost, facing = mp, state.facing if step.facing is None else step.facing
    elif step.facing is not None and step.facing != state.facing:
        msg = "H:n names the facing only from prone; going hull-down standing keeps it (ADV-15)"
        return fail(index, token, state, msg)
    else:
        cost, facing = 2, state.facing
    if state.mp_used + cost > limit:
        return fail(index, token, state, no_mp("going hull-down", cost, ctx, state, limit))
    after = replace(state, hull_down=True, prone=False, facing=facing,
                    mp_used=state.mp_used + cost, steps=state.steps + 1)  # fmt: skip
    return StepReport(index, token, True, None, cost, after)
