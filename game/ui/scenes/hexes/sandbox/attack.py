"""The sandbox's attack views (issue 13): the weapon attack and physical attack screens'
interaction on the sandbox screen's map, with what-if odds.

:class:`FireView` is the weapon attack interaction
(game.ui.scenes.hexes.parts.attack.interaction, drawn by
game.ui.scenes.hexes.parts.attack.draw) without its turn order: any unit that can fire is
selected, every unit of another side it can see carries its best number, the weapon rows and
their breakdown are the same; Enter sends a SandboxFire that resolves at once, its dice pop
up one by one. :class:`StrikeView` is the physical attack interaction likewise (punch, kick,
push, club, and charge and death from above with the movement the unit counts as having
made), sending SandboxStrike. With the what-if toggle on, every number carries its chance to
hit and the damage to expect, and the volley the odds of each location's breach and
destruction (game.rules.combat.odds). Both views share the sandbox screen's map view, layout
and app; they never edit the state.
"""

from __future__ import annotations

from game.narrate.words import percent
from game.phases.physical import options_at as strike_option
from game.phases.sandbox import SandboxFire, SandboxStrike
from game.phases.sandbox_fire import enemies
from game.phases.weapons import declarations_for
from game.rules.combat.odds import VolleyOdds, hit_chance
from game.rules.combat.platoon_odds import what_if
from game.rules.combat.records import Declaration
from game.rules.combat.tohit import WeaponOption
from game.rules.physical.options import PhysicalOption
from game.rules.physical.records import CHARGE, DFA, Blow
from game.ui.scenes.hexes.parts.attack.interaction import AttackInteraction
from game.ui.scenes.hexes.parts.physical.interaction import PhysicalInteraction
from game.ui.scenes.hexes.sandbox.host import SandboxHost, hosted_stage
from game.ui.widgets.palette import BAD, DIM, GOOD, TEXT, WARN
from game.ui.widgets.panels import Row

FIRE_BUTTONS = (("declare", "Fire (Enter)", True), ("hold", "Back to moving (Esc)", False),
                ("left", "Twist L (Q)", False), ("right", "Twist R (E)", False))  # fmt: skip
STRIKE_BUTTONS = (("declare", "Strike (Enter)"), ("hold", "Back to moving (Esc)"))
FIRE_KEYS: tuple[tuple[str, str], ...] = (
    ("Click a unit, N", "the unit that fires; units of other sides it sees carry numbers"),
    ("Click a numbered unit, Tab", "make it the target (the first one is the primary target)"),
    ("1 .. 9, click a weapon", "fire that weapon at the target, or not"),
    ("Hover a weapon row", "its modifiers, each with its rule"),
    ("Q / E  or  [ / ]", "twist the torso left / right (two-legged Mechs, CMB-09)"),
    ("O", "what-if: the chance to hit, expected damage, location odds (no dice rolled)"),
    ("Enter", "fire now: the dice roll, the damage lands, the log reports it"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo the whole attack (after an undo the dice roll anew)"),
    ("X / M / Esc", "physical attacks / back to moving"),
    ("Ctrl+S / F1", "save the sandbox as a scenario / this help"),
)
STRIKE_KEYS: tuple[tuple[str, str], ...] = (
    ("Click a unit, N", "the unit that attacks; units of other sides beside it carry numbers"),
    ("1 .. 8, click a row", "choose that attack (two punch rows: both arms)"),
    ("Hover a row", "its modifiers with their rules, the PSRs it causes"),
    ("O", "what-if: the chance to hit and expected damage of each attack"),
    ("Enter", "make the attack now"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo it"),
    ("A / M / Esc", "weapon attacks / back to moving"),
)


def odds_rows(v: VolleyOdds, target: str) -> list[Row]:
    """The what-if block under the weapon list: the volley's odds at one target."""
    what = "troopers lost (CMB-39/40)" if v.troopers else "damage"
    head = (
        f"What if (no dice): at least one hit {percent(v.any_hit)}, expected {what} "
        f"{v.damage:.1f} (each row: chance, ~{'troopers' if v.troopers else 'damage'})"
    )
    rows: list[Row] = [(head, WARN, True)]
    if v.destroyed is not None:
        colour = BAD if v.destroyed >= 0.5 else TEXT
        gone = "wiped out (no troopers left)" if v.troopers else "destroyed"
        rows.append((f"{target} {gone}: {percent(v.destroyed)}", colour, False))
    shown = [x for x in v.locations if x.breach >= 0.005]
    if shown:
        parts = [f"{x.code} {percent(x.breach)}/{percent(x.destroy)}" for x in shown]
        rows.append(("Breached / destroyed: " + "  ".join(parts), TEXT, False))
    elif v.locations:
        rows.append(("No location is likely to be breached", GOOD, False))
    if not v.exact:
        rows.append(("(big volley: counted location by location, centre torso at least)",
                     DIM, False))  # fmt: skip
    if not v.troopers:
        rows.append(("Criticals, explosions and pilot hits not counted", DIM, False))
    return rows


class FireView(AttackInteraction):
    """The weapon attack screen's interaction on the sandbox screen (see the module doc)."""

    scene_name = "sandbox fire"
    where = "in the sandbox's Attack view"
    attack_buttons = FIRE_BUTTONS
    help_keys = FIRE_KEYS

    def __init__(self, host: SandboxHost) -> None:
        super().__init__(host.app, hosted_stage(host))
        self.host = host

    def select(self, unit_id: str) -> None:
        """A flier clicked goes to the Fly view (its sheet there, never the last unit's
        text kept with a refusal: issue 25, finding 10)."""
        if not self.host.hand_flier(unit_id):
            super().select(unit_id)

    def declaring(self) -> bool:
        return True  # the sandbox never hands over to another phase's screen

    def busy(self) -> bool:
        """Dice still popping up (a click or key shows them all)."""
        return bool(self.popups)

    def declare(self, hold: bool = False) -> None:
        """Enter fires at once (SandboxFire); the hold button goes back to moving."""
        plan = self.plan
        if hold:
            self.host.set_tool("move")
            return
        if plan is None:
            self.app.notify("Click the unit that fires first", error=True)
            return
        d = plan.action()
        if not d.targets:
            self.app.notify("Choose a target and at least one weapon first", error=True)
            return
        base = len(self.state.log)
        if self.app.act(SandboxFire(d.unit_id, d.targets, d.weapons, d.twist)) is None:
            return
        self._after(base)
        self.host.after_attack()

    # --- what if ------------------------------------------------------------------------
    def odds(self, target: str) -> VolleyOdds | None:
        """The odds of the weapons chosen at ``target`` (all that fire if none is)."""
        plan, opts, t = self.plan, self.options(target), self.state.unit(target)
        if plan is None or opts is None or t is None:
            return None
        chosen = plan.fire.get(target) if plan.target == target else None
        secondary = plan.target is not None and target != plan.target  # its own numbers
        key = ("odds", id(self.state), plan.unit_id, target, plan.twist,
               tuple(sorted(chosen)) if chosen is not None else None, secondary)  # fmt: skip
        return self.cache.get(str(key[:4]), key,
                              lambda: what_if(opts, t, self.state.board, chosen,
                                              self.state.rules))  # fmt: skip

    def no_target(self) -> str:
        """The weapon list with no target (game.ui.scenes.hexes.parts.attack.draw)."""
        if self.plan is not None and not enemies(self.state, self.plan.unit_id):
            return ("No unit of another side on the map: drag the Dummy (side B) from the "
                    "palette onto it, or place a design of the other side")  # fmt: skip
        return "No target: click a unit with a number on it"

    def panel_extra(self) -> object:
        """What else the cached side panel shows (attack.draw): the odds or not."""
        return self.host.what_if

    def row_note(self, target: str, w: WeaponOption) -> str:
        if not self.host.what_if:
            return ""
        v = self.odds(target)
        odd = next((x for x in v.weapons if x.index == w.index), None) if v else None
        if odd is None:
            return f"  {percent(float(hit_chance(w.target)))}"
        return f"  {percent(float(odd.hit))} ~{odd.damage:.1f}"

    def more_rows(self, target: str | None) -> list[Row]:
        if not self.host.what_if:
            return [("Point at a weapon row: its modifiers.  O: what-if odds (chance to hit, "
                     "damage, locations)", DIM, False)]  # fmt: skip
        v = self.odds(target) if target is not None else None
        return odds_rows(v, target) if v is not None and target is not None else []

    def question(self) -> tuple[tuple[Declaration, ...], None]:
        """The attack shown, as declarations (for a saved scenario's attack block)."""
        if self.plan is None:
            return (), None
        d = self.plan.action()
        return (declarations_for(d) if d.targets else ()), None


class StrikeView(PhysicalInteraction):
    """The physical attack screen's interaction on the sandbox screen (module doc)."""

    scene_name = "sandbox strike"
    where = "in the sandbox's Physical view"
    strike_buttons = STRIKE_BUTTONS
    help_keys = STRIKE_KEYS

    def __init__(self, host: SandboxHost) -> None:
        super().__init__(host.app, hosted_stage(host))
        self.host = host

    def select(self, unit_id: str) -> None:
        """A flier clicked goes to the Fly view (its sheet there, never the last unit's
        text kept with a refusal: issue 25, finding 10)."""
        if not self.host.hand_flier(unit_id):
            super().select(unit_id)

    def declaring(self) -> bool:
        return True  # the sandbox never hands over to another phase's screen

    def busy(self) -> bool:
        """Dice still popping up (a click or key shows them all)."""
        return bool(self.popups)

    def attacks(self, target: str) -> list[PhysicalOption]:
        """Every attack at ``target``, charge and death from above included (their
        movement is the one the unit counts as having made: its last move, or SetMoved)."""
        plan = self.plan
        if plan is None:
            return []
        key = ("phys", id(self.state), plan.unit_id, target)

        def build() -> list[PhysicalOption]:
            rows = PhysicalInteraction.attacks(self, target)
            return rows + [strike_option(self.state, plan.unit_id, target, k) for k in
                           (CHARGE, DFA)]  # fmt: skip

        return self.cache.get(str(key) + "+", key, build)

    def declare(self, hold: bool = False) -> None:
        plan = self.plan
        if hold:
            self.host.set_tool("move")
            return
        if plan is None or not plan.chosen:
            self.app.notify("Choose an attack first (click a row or press its number)",
                            error=True)  # fmt: skip
            return
        a = plan.action()
        base = len(self.state.log)
        if self.app.act(SandboxStrike(a.unit_id, a.kinds, a.targets, a.limbs)) is None:
            return
        self._after(base)
        plan.chosen.clear()
        self.host.after_attack()

    def row_note(self, o: PhysicalOption) -> str:
        if not self.host.what_if:
            return ""
        p = float(hit_chance(o.target))
        return f"  {percent(p)} ~{p * o.damage:.1f}"

    def question(self) -> tuple[tuple[Declaration, ...], Blow | None]:
        """The first attack chosen (for a saved scenario's physical block)."""
        plan = self.plan
        if plan is None or not plan.chosen:
            return (), None
        kind, target, limb = plan.chosen[0]
        return (), Blow(plan.unit_id, target, kind, limb)


__all__ = ["FireView", "StrikeView", "odds_rows", "percent"]
