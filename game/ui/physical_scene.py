"""The physical attack screen (issue 12): pick a unit, pick an enemy beside it, choose the
attack and the limb, see every number before declaring; then watch the dice.

Select one of your ringed units: each enemy beside it carries the best number of the
attacks it could make on it. Click the enemy for the list of attacks (punch with each
arm, kick with each leg, push, club), each with its number, damage and location table, or
why it cannot be made; hover a row for its modifiers (each with its rule) and the PSRs it
causes; click a row (or press its number) to choose it, a second punch row adds the other
arm. Enter declares, H makes no attack. Charges and deaths from above were declared in the
movement phase and resolve here with the rest. The screen only sends DeclarePhysical
actions; it edits no state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.flow import actor
from game.phases.physical import DeclarePhysical, every_option, to_declare
from game.rules.physical.options import PhysicalOption, adjacent_enemies
from game.units import Unit

from .physical_draw import draw_physical
from .scenes import for_phase, register
from .target_scene import TargetScene


@dataclass(slots=True)
class BlowPlan:
    """The attacks the player is choosing for one unit (UI state only)."""

    unit_id: str
    target: str | None = None
    chosen: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, target, limb)

    def action(self) -> DeclarePhysical:
        return DeclarePhysical(self.unit_id, tuple(c[0] for c in self.chosen),
                               tuple(c[1] for c in self.chosen),
                               tuple(c[2] for c in self.chosen))  # fmt: skip


class PhysicalScene(TargetScene):
    scene_name = "physical"
    declares = DeclarePhysical
    plan: BlowPlan | None

    def attacks(self, target: str) -> list[PhysicalOption]:
        plan = self.plan
        if plan is None:
            return []
        key = ("phys", id(self.state), plan.unit_id, target)
        return self.cache.get(str(key), key, lambda: every_option(self.state, plan.unit_id,
                                                                  target))  # fmt: skip

    def best(self, target: str) -> int | None:
        numbers = [o.target for o in self.attacks(target) if o.attacks and o.target is not None]
        return min(numbers) if numbers else None

    def heat(self) -> None:
        return None

    def _visible_enemies(self) -> list[str]:
        u = self.attacker()
        if u is None:
            return []
        units = {x.id: x for x in self.state.units if not self.state.is_destroyed(x)}
        return [t.id for t in adjacent_enemies(units, u)]

    def select(self, unit_id: str) -> None:
        ids = {u.id for u in to_declare(self.state, actor(self.state))}
        if unit_id not in ids:
            self.app.notify(f"{unit_id} makes no physical attack now", error=True)
            return
        self.plan = BlowPlan(unit_id)
        enemies = self._visible_enemies()
        if enemies:
            self.aim_at(enemies[0])

    def aim_at(self, target: str) -> None:
        if self.plan is not None and target in self._visible_enemies():
            self.plan.target = target

    def toggle(self, index: int) -> None:
        """Choose the attack in row ``index`` (a second punch adds the other arm)."""
        plan = self.plan
        if plan is None or plan.target is None:
            return
        opts = self.attacks(plan.target)
        if not 0 <= index < len(opts):
            return
        o = opts[index]
        if not o.attacks:
            self.app.notify(o.why_not or "impossible (needs more than 12)", error=True)
            return
        pick = (o.blow.kind, plan.target, o.blow.limb)
        if pick in plan.chosen:
            plan.chosen.remove(pick)
        elif o.blow.kind == "punch" and all(c[0] == "punch" and c[2] != o.blow.limb
                                            for c in plan.chosen):  # fmt: skip
            plan.chosen.append(pick)
        else:
            plan.chosen[:] = [pick]

    def declaration(self, hold: bool) -> DeclarePhysical:
        plan = self.plan
        assert plan is not None
        return DeclarePhysical(plan.unit_id) if hold else plan.action()

    def waiting(self, side: str | None) -> tuple[Unit, ...]:
        return tuple(to_declare(self.state, side))

    def draw(self, screen: pygame.Surface) -> None:
        draw_physical(self, screen)


register("physical", PhysicalScene)
for_phase("physical attack", "physical")  # this is the physical attack phase's screen
