"""The weapon attack screen (issue 11): pick a unit, pick targets, toggle weapons, twist the
torso, see every number and the heat it will build, declare; then watch the dice.

Select one of your units (ringed) and every enemy it can see carries its best to-hit
number; the ones it cannot see are dimmed. Click (or hover) an enemy for the line of sight
drawn hex by hex and the weapon list: each weapon's number or why it cannot fire; hover a
row for its modifiers; click a row (or press its number) to fire it or not. Q / E twist the
torso; Enter declares, H holds fire. When the last unit has declared, every attack
resolves at once (game.phases.weapons) and the rolls pop up one by one before the next
phase's screen opens. The screen only sends DeclareFire actions; it edits no state.
"""

from __future__ import annotations

import pygame

from game.flow import actor
from game.phases.weapons import (
    DeclareFire,
    movements,
    options_all,
    options_at,
    targets_of,
    to_declare,
)
from game.rules.combat.records import STOOD_STILL
from game.rules.combat.tohit import AttackOptions
from game.rules.heat import HeatReport, heat_forecast
from game.ui.scenes.hexes.parts.attack.draw import draw_attack
from game.ui.scenes.hexes.parts.attack.plan import FirePlan
from game.ui.scenes.hexes.targets import TargetScene
from game.units.unit import Unit


class AttackInteraction(TargetScene):
    where = "on the weapon attack screen"  # as a refusal names it (the sandbox views: theirs)
    declares = DeclareFire
    plan: FirePlan | None

    # --- what the rules say -----------------------------------------------------------------
    def options(self, target: str) -> AttackOptions | None:
        """Every weapon of the selected unit at ``target`` (its twist, primary or not)."""
        plan = self.plan
        if plan is None:
            return None
        found = self.all_options().get(target)
        if found is not None:
            return found
        key = ("opts", id(self.state), plan.unit_id, target, plan.twist, self._secondary(target))
        return self.cache.get(
            str(key),
            key,
            lambda: options_at(
                self.state, plan.unit_id, target, plan.twist, secondary=self._secondary(target)
            ),
        )

    def all_options(self) -> dict[str, AttackOptions]:
        """The selected unit's answers at every enemy, worked out together (one batch of
        lines of sight and checks, game.rules.combat.tohit_batch) when the selection, the
        twist, the primary target or the game changes."""
        plan = self.plan
        if plan is None:
            return {}
        key = (id(self.state), plan.unit_id, plan.twist, plan.target)
        return self.cache.get(
            "all options",
            key,
            lambda: options_all(self.state, plan.unit_id, plan.twist, plan.target),
        )

    def _secondary(self, target: str) -> bool:
        plan = self.plan
        return plan is not None and plan.target is not None and target != plan.target

    def heat(self) -> HeatReport | None:
        """The heat the declared fire would build against what the sinks remove."""
        plan, u = self.plan, self.attacker()
        if plan is None or u is None or not u.is_mech:
            return None
        fired = sorted(w for ws in plan.fire.values() for w in ws)
        moved = movements(self.state).get(u.id)
        return heat_forecast(u, fired, moved or STOOD_STILL, self.state.board, self.state.rules)

    # --- choosing ---------------------------------------------------------------------------
    def select(self, unit_id: str) -> None:
        ids = {u.id for u in to_declare(self.state, actor(self.state))}
        if unit_id not in ids:
            u = self.state.unit(unit_id)
            why = "has declared already" if u is not None and u.id in self.state.acted else (
                "cannot fire now" if u is not None and u.side == actor(self.state)
                else "is not yours to command now")  # fmt: skip
            self.app.notify(f"{unit_id} {why}", error=True)
            return
        self.plan = FirePlan(unit_id)
        enemies = self._visible_enemies()
        if enemies:
            self.aim_at(enemies[0])

    def no_target(self) -> str:
        """The weapon list with no target (game.ui.scenes.hexes.parts.attack.draw): whether a
        click on an enemy can help at all."""
        if self._visible_enemies():
            return "No target: click an enemy"
        return ("No enemy is within reach of a weapon: Hold fire (H), or hover an enemy to "
                "see why")  # fmt: skip

    def _visible_enemies(self) -> list[str]:
        """Enemies with a possible shot, best number first."""
        plan = self.plan
        if plan is None:
            return []
        scored = []
        for t in targets_of(self.state, plan.unit_id):
            opts = self.options(t.id)
            if opts is not None and opts.best() is not None:
                scored.append((opts.best(), t.id))
        return [t for _, t in sorted(scored)]

    def aim_at(self, target: str) -> None:
        """Make ``target`` the current one; a first aim fires every weapon that can."""
        plan = self.plan
        if plan is None:
            return
        first = target not in plan.fire
        plan.target = target
        if first:
            taken = plan.assigned_elsewhere(target)
            opts = self.options(target)
            plan.fire[target] = (
                {w.index for w in opts.weapons if w.fires} - taken if opts else set()
            )

    def toggle(self, index: int) -> None:
        plan = self.plan
        if plan is None:
            return
        if plan.target is None:
            self.app.notify(f"{plan.unit_id} has no target: click an enemy first", error=True)
            return
        opts = self.options(plan.target)
        row = next((w for w in opts.weapons if w.index == index), None) if opts else None
        if row is None:
            self.app.notify(f"{plan.unit_id} has no weapon {index + 1}", error=True)
            return
        chosen = plan.weapons_at(plan.target)
        if index in chosen:
            chosen.discard(index)
        elif not row.fires:
            self.app.notify(f"{row.name}: {row.why_not or 'needs more than 12'}", error=True)
        else:
            for ws in plan.fire.values():
                ws.discard(index)  # CMB-01: one target per weapon and turn
            chosen.add(index)

    def twist(self, step: int) -> None:
        plan, u = self.plan, self.attacker()
        if plan is None or u is None:
            return
        if u.kind != "biped":
            self.app.notify("only two-legged Mechs twist their torso (CMB-09)", error=True)
            return
        if plan.twist == step:  # CMB-09: one hexside either way
            side = "right" if step > 0 else "left"
            self.app.notify(f"{u.id}'s torso is twisted {side} as far as it goes: one hexside "
                            "(CMB-09)", error=True)  # fmt: skip
            return
        plan.twist = max(-1, min(1, plan.twist + step))
        for t in list(plan.fire):  # the arcs moved: keep only what still fires
            opts = self.options(t)
            good = {w.index for w in opts.weapons if w.fires} if opts else set()
            plan.fire[t] &= good

    def declaration(self, hold: bool) -> DeclareFire:
        plan = self.plan
        assert plan is not None
        return DeclareFire(plan.unit_id, twist=plan.twist) if hold else plan.action()

    def waiting(self, side: str | None) -> tuple[Unit, ...]:
        return tuple(to_declare(self.state, side))

    def draw(self, screen: pygame.Surface) -> None:
        draw_attack(self, screen)
