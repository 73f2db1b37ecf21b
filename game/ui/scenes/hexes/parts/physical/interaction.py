"""The physical attack screen (issue 12): pick a unit, pick an enemy beside it, choose the
attack and the limb, see every number before declaring; then watch the dice.

Select one of your ringed units: each enemy beside it carries the best number of the
attacks it could make on it. Click the enemy for the list of attacks (punch with each
arm, kick with each leg, push, club), each with its number, damage and location table, or
why it cannot be made; hover a row for its modifiers (each with its rule) and the PSRs it
causes; click a row (or press its number) to choose it, a second punch row adds the other
arm. Enter declares, H makes no attack. Charges and deaths from above were declared in the
movement phase and resolve here with the rest.

A Mech in physical attack defence (ADV-01, the tacops option) first shows its walking
reach: the player plans a walk as on the movement screen
(game.ui.scenes.hexes.parts.physical.defence_walk),
Enter or "Walk" sends it (its rolls pop up like every
roll), then the attacks from the new hex appear; "Stay and strike" (S) attacks from where it stands.
The screen only sends DefendWalk and DeclarePhysical actions; it edits no state.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.flow import actor, phase_of
from game.hexgrid import Hex
from game.phases.defence import walk_blocker
from game.phases.physical import DeclarePhysical, DefendWalk, every_option, to_declare
from game.rules.physical.options import PhysicalOption, adjacent_enemies
from game.ui.scenes.hexes.parts.physical.draw import draw_physical
from game.ui.scenes.hexes.targets import TargetScene
from game.units.unit import Unit

from .defence_walk import WalkPlan
from .plan import BlowPlan


class PhysicalInteraction(TargetScene):
    where = "on the physical attack screen"  # as a refusal names it (the sandbox views: theirs)
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
        s = self.state
        busy = s.active_unit
        if busy is not None and busy != unit_id and busy in s.walked and busy not in s.acted:
            self.app.notify(f"{busy} has walked: it declares its attack first (ADV-01)")
            unit_id = busy
        ids = {u.id for u in to_declare(self.state, actor(self.state))}
        if unit_id not in ids:
            self.app.notify(f"{unit_id} makes no physical attack now", error=True)
            return
        self.plan = BlowPlan(unit_id, walk=WalkPlan(unit_id) if self.may_walk(unit_id) else None)
        enemies = self._visible_enemies()
        if enemies:
            self.aim_at(enemies[0])

    # --- ADV-01: the defence walk -------------------------------------------------------------
    def may_walk(self, unit_id: str) -> bool:
        """The unit is in physical attack defence and has not walked (and the phase takes
        defence walks: the sandbox's strike view does not)."""
        u = self.state.unit(unit_id)
        handled = DefendWalk in phase_of(self.state).handlers
        return handled and u is not None and walk_blocker(self.state, u) is None

    def walking(self) -> WalkPlan | None:
        return self.plan.walk if self.plan is not None else None

    def button_actions(self) -> dict[str, Any]:
        return {**TargetScene.button_actions(self), "walk": self.walk, "stay": self.stay}

    def walk(self) -> None:
        """Enter / Walk: send the planned walk; its rolls pop up; then its attacks."""
        w = self.walking()
        if w is None:
            return
        action = w.action(self.state)
        if action is None:
            self.app.notify("Click a shaded hex to plan the walk first, or Stay and strike (S)",
                            error=True)  # fmt: skip
            return
        base = len(self.state.log)
        if self.app.act(action) is None:
            return
        uid = w.unit_id
        self.plan = None
        self.app.advance()
        self._after(base)
        if self.declaring() and uid in {u.id for u in to_declare(self.state)}:
            self.select(uid)  # its attacks from the new hex

    def carry_out(self, action: object) -> bool:
        """The other player's declaration or defence walk (ADV-01) in a network game
        (issue 23): their rolls pop up here as if sent from this screen."""
        if isinstance(action, DefendWalk):
            return self._send(action)
        return TargetScene.carry_out(self, action)

    def stay(self) -> None:
        """S / Stay and strike: no walk; the attacks from where it stands."""
        if self.plan is not None and self.plan.walk is not None:
            self.plan.walk = None
            self.app.notify(f"{self.plan.unit_id} stays: choose its attack from where it stands")

    def declare(self, hold: bool = False) -> None:
        if not hold and self.walking() is not None:
            self.walk()
            return
        TargetScene.declare(self, hold)

    def twist(self, step: int) -> None:
        w = self.walking()
        if w is not None:
            w.turn(self.state, step)
        else:  # PHY: blows are aimed by their limb, not by a twist
            self.app.notify("Q / E turn a defence walk; a physical attack needs no twist",
                            error=True)  # fmt: skip

    def click_hex(self, h: Hex | None) -> None:
        w = self.walking()
        if w is None or h is None:
            TargetScene.click_hex(self, h)
            return
        why = w.click(self.state, h)
        if why:
            self.app.notify(why, error=True)

    def other_key(self, event: pygame.event.Event) -> bool:
        w = self.walking()
        if w is not None and event.key == pygame.K_s:
            self.stay()
        elif w is not None and event.key == pygame.K_BACKSPACE:
            w.back()
            self._hover_row(self.mouse)
        else:
            return TargetScene.other_key(self, event)  # does nothing here: said so
        return True

    def _hover_row(self, pos: tuple[int, int]) -> None:
        TargetScene._hover_row(self, pos)
        w = self.walking()
        if w is None or not self.layout.map.collidepoint(pos):
            return
        h = self.view.hex_at(pos)
        offset, radius = (0.0, 0.0), 1.0
        if h is not None:
            cx, cy = self.view.centre(h)
            offset = (pos[0] - cx, pos[1] - cy)
            lay = self.view.layout
            radius = lay.tile_width / 2 * lay.scale
        w.hover(self.state, h, offset, radius)

    def aim_at(self, target: str) -> None:
        if self.plan is not None and target in self._visible_enemies():
            self.plan.target = target
        elif self.plan is not None:  # blows reach the hexes beside the unit only
            self.app.notify(f"{target} is not beside {self.plan.unit_id}: a physical attack "
                            "reaches an adjacent enemy only", error=True)  # fmt: skip

    def toggle(self, index: int) -> None:
        """Choose the attack in row ``index`` (a second punch adds the other arm)."""
        plan = self.plan
        if plan is not None and plan.walk is not None:
            self.app.notify("Walk first (Enter), or Stay and strike (S)", error=True)
            return
        if plan is None:
            return
        if plan.target is None:
            self.app.notify(f"{plan.unit_id} has no enemy beside it to strike", error=True)
            return
        opts = self.attacks(plan.target)
        if not 0 <= index < len(opts):
            self.app.notify(f"{plan.unit_id} has no attack {index + 1} at {plan.target}",
                            error=True)  # fmt: skip
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

    def walk_marker(self) -> Any:
        """The roll marker of the planned walk under the pointer (its breakdown shows)."""
        w = self.walking()
        if w is None:
            return None
        _, path = w.layers(self.state, self.view.layout, self.view.camera.zoom)
        return path.marker_at(self.view.camera, *self.mouse)

    def waiting(self, side: str | None) -> tuple[Unit, ...]:
        return tuple(to_declare(self.state, side))

    def draw(self, screen: pygame.Surface) -> None:
        draw_physical(self, screen)
