"""Charges and deaths from above planned on the movement screen (PHY-02, PHY-10..14).

Pure logic (no pygame), like game.ui.scenes.hexes.move_plan: with a unit's plan open, pointing
at an enemy asks the rules (game.phases.charges.attack_plan) what attack the move would make:
walking or running, a charge along the cheapest path into a hex beside the enemy, facing
it, then the step into its hex (the side to come from follows the pointer around the
enemy's hex, the middle of the hex takes the cheapest); jumping, a death from above onto
its hex. The answer holds the move really made (its preview: MP, heat, the PSRs on the
way), the attack's number with every modifier and the PSRs the attack brings for both
units, or one sentence saying why there is no such attack. Nothing here edits the state;
the declaration is a DeclareCharge (game.phases.movement) through ``App.act``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.hexgrid import Hex, neighbour
from game.phases.charges import AttackPlan, attack_plan, target_reason
from game.phases.movement import DeclareCharge
from game.phases.movers import preview_move
from game.rules.physical.numbers import PsrNeed
from game.rules.physical.records import NAMES
from game.state import GameState
from game.ui.scenes.hexes.move_plan import Plan
from game.units.unit import Unit

PSR_WORDS = {
    "target_on_hit": "{t} if hit",
    "attacker_on_hit": "{a} if it hits",
    "attacker_on_miss": "{a} if it misses",
}


@dataclass(frozen=True, slots=True)
class Need:
    """A number shown as a marker on the map (hover: its modifiers): the attack's to-hit
    number or a piloting roll the attack brings. ``target`` is an int or "auto-fail";
    ``modifiers`` have ``value`` and ``reason``."""

    reason: str
    target: int | str
    modifiers: tuple[Any, ...]
    auto_fail: bool = False


@dataclass(frozen=True, slots=True)
class ChargeView:
    """The attack the plan would declare against ``target_id`` (``error``: why not)."""

    target_id: str
    kind: str  # "charge" or "dfa"
    steps: tuple[str, ...] = ()  # the DeclareCharge steps
    plan: AttackPlan | None = None
    move: Any = None  # the previewed move before the attack (MoveResult), if any
    stage: Hex | None = None  # where the attacker stands for the attack
    facing: int | None = None
    error: str | None = None

    @property
    def ready(self) -> bool:
        """The attack can be declared (allowed, and a number of 12 or less)."""
        return self.error is None and self.plan is not None and self.plan.option.attacks

    @property
    def name(self) -> str:
        return NAMES.get(self.kind, self.kind)

    def action(self, unit_id: str, mode: str) -> DeclareCharge:
        return DeclareCharge(unit_id, mode, self.steps, self.target_id)

    def to_hit(self) -> Need | None:
        """The attack's number as a marker (None: no attack)."""
        if self.plan is None:
            return None
        o = self.plan.option
        number: int | str = o.target if o.target is not None else "12+"
        return Need(f"{self.name.capitalize()} on {self.target_id}, to hit", number, o.modifiers,
                    auto_fail=o.target is None)  # fmt: skip

    def psrs(self, attacker: str) -> list[tuple[str, Need]]:
        """(which unit, marker) for each piloting roll the attack brings (PSR-08/09)."""
        if self.plan is None:
            return []
        out = []
        for key, need in self.plan.option.psrs.items():
            if not isinstance(need, PsrNeed):
                continue
            who = self.target_id if key.startswith("target") else attacker
            words = PSR_WORDS.get(key, key).format(t=self.target_id, a=attacker)
            out.append((who, Need(f"{words} ({need.reason})", need.target, need.modifiers,
                                  need.auto_fail)))  # fmt: skip
        return out


def enemy_at(state: GameState, unit_id: str, h: Hex | None) -> Unit | None:
    """An enemy of ``unit_id`` in play in hex ``h`` (the one a charge would be aimed at)."""
    me = state.unit(unit_id)
    if me is None or h is None:
        return None
    return next(
        (u for u in state.units
         if u.at == h and u.side != me.side and not state.is_destroyed(u)),
        None,
    )  # fmt: skip


def approaches(plan: Plan, state: GameState, target: Unit) -> list[tuple[int, Hex, int, int]]:
    """(side of the target, hex beside it, facing it, MP to get there) for every hex beside
    the target the plan's reach ends in facing it, cheapest first."""
    view = plan.reach(state)
    out = []
    for d in range(6):
        h = neighbour(target.at, d)
        face = (d + 3) % 6
        if h in view.hexes and face in view.hexes[h][1]:
            cost = plan.cost_to(state, h, face)
            if cost is not None and cost < view.mp_available:  # 1 MP at least into its hex
                out.append((d, h, face, cost))
    return sorted(out, key=lambda x: (x[3], x[0]))


def charge_view(plan: Plan, state: GameState, target: Unit, aim: int | None = None) -> ChargeView:
    """The attack the plan makes on ``target``: a DFA when jumping, else a charge from the
    side ``aim`` (a direction from the target; None: the cheapest side that works)."""
    unit = state.unit(plan.unit_id)
    kind = "dfa" if plan.mode == "jump" else "charge"
    reason = target_reason(state, unit, target) if unit is not None else "no such unit"
    if reason is not None:
        return ChargeView(target.id, kind, error=reason)
    if plan.mode == "jump":
        return _dfa(plan, state, target)
    return _charge(plan, state, target, aim)


def _dfa(plan: Plan, state: GameState, target: Unit) -> ChargeView:
    steps = (f"J:{state.board.hex_name(target.at)}",)
    found = attack_plan(state, plan.unit_id, "jump", steps, target.id)
    if isinstance(found, str):
        return ChargeView(target.id, "dfa", steps, error=found)
    unit = state.unit(plan.unit_id)
    assert unit is not None
    move = preview_move(state, unit.id, "jump", found.steps) if found.steps else None
    stage = move.end_at if move is not None else unit.at
    facing = move.end_facing if move is not None else unit.facing
    return _checked(ChargeView(target.id, "dfa", steps, found, move, stage, facing))


def _charge(plan: Plan, state: GameState, target: Unit, aim: int | None) -> ChargeView:
    busy = state.underway
    if busy is not None:
        return ChargeView(
            target.id,
            "charge",
            error=f"{busy.unit_id}'s move is under way: a charge is a whole move",
        )
    ways = approaches(plan, state, target)
    if not ways:
        unit = state.unit(plan.unit_id)
        what = f"{plan.mode} MP" if unit is None else f"{unit.id}'s {plan.mode} MP"
        return ChargeView(
            target.id, "charge", error=f"no hex beside {target.id} facing it is within {what}"
        )
    if aim is not None:  # the side the pointer is on (the nearest reachable one)
        ways.sort(key=lambda w: (min((w[0] - aim) % 6, (aim - w[0]) % 6), w[3]))
        return _charge_from(plan, state, target, ways[0])
    first = None
    for way in ways:
        view = _charge_from(plan, state, target, way)
        first = first or view
        if view.ready:
            return view
    assert first is not None
    return first


def _charge_from(plan: Plan, state: GameState, target: Unit,
                 way: tuple[int, Hex, int, int]) -> ChargeView:  # fmt: skip
    _, h, face, _ = way
    path = plan.steps_to(state, h, face)
    if path is None:
        return ChargeView(target.id, "charge", error=f"no path to {state.board.hex_name(h)}")
    steps = (*path, "F")
    found = attack_plan(state, plan.unit_id, plan.mode, steps, target.id)
    move = plan.preview(state, tuple(path))
    if isinstance(found, str):
        return ChargeView(target.id, "charge", steps, None, move, h, face, error=found)
    return _checked(ChargeView(target.id, "charge", steps, found, move, h, face))


def _checked(view: ChargeView) -> ChargeView:
    """The rules' reason when the attack itself cannot be made."""
    o = view.plan.option if view.plan is not None else None
    if o is not None and not o.can_attack:
        return ChargeView(view.target_id, view.kind, view.steps, view.plan, view.move,
                          view.stage, view.facing, error=o.why_not)  # fmt: skip
    return view


def reach_numbers(plan: Plan, state: GameState) -> dict[Hex, int | str]:
    """Each enemy the plan could charge (or jump on) now: its hex -> the best to-hit
    number (an int, or "12+" when the attack is allowed but impossible) - what the reach
    overlay marks. Enemies still to move cannot be charged (PHY-10) and are left out."""
    unit = state.unit(plan.unit_id)
    if unit is None or not unit.is_mech or state.underway is not None:
        return {}
    out: dict[Hex, int | str] = {}
    for t in enemies(state, unit):
        if plan.mode != "jump" and not approaches(plan, state, t):
            continue
        view = charge_view(plan, state, t)
        if view.plan is not None and view.error is None:
            o = view.plan.option
            out[t.at] = o.target if o.target is not None else "12+"
    return out


def enemies(state: GameState, unit: Unit) -> Sequence[Unit]:
    """Enemies in play that have finished moving this turn (PHY-10)."""
    return [
        u for u in state.units
        if u.side != unit.side and u.moved and not state.is_destroyed(u)
        and state.board.contains(u.at)
    ]  # fmt: skip
