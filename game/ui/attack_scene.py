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

import time
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.flow import actor, phase_of
from game.hexgrid import Hex
from game.phases.weapons import DeclareFire, movements, options_at, targets_of, to_declare
from game.rules.combat.records import STOOD_STILL
from game.rules.combat.tohit import AttackOptions
from game.rules.heat import HeatReport, heat_forecast
from game.units import Unit

from .anim import Popup, popup_of
from .attack_draw import draw_attack
from .keys import is_confirm
from .log_view import LogView
from .panels import PanelCache, button_at, screen_layout
from .play_input import HANDOFF_GRACE, help_key
from .play_view import MapView, tiles_for
from .scenes import for_phase, register

POPUP_SECONDS = 1.1
WEAPON_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}


@dataclass(slots=True)
class FirePlan:
    """The attacks the player is putting together for one unit (UI state only)."""

    unit_id: str
    target: str | None = None
    twist: int = 0
    fire: dict[str, set[int]] = field(default_factory=dict)  # target -> weapon indexes

    def weapons_at(self, target: str) -> set[int]:
        return self.fire.setdefault(target, set())

    def assigned_elsewhere(self, target: str) -> set[int]:
        return {w for t, ws in self.fire.items() if t != target for w in ws}

    def action(self) -> DeclareFire:
        """The DeclareFire of this plan: the current target first (the primary one)."""
        order = sorted((t for t, ws in self.fire.items() if ws), key=lambda t: t != self.target)
        weapons = tuple(tuple(sorted(self.fire[t])) for t in order)
        return DeclareFire(self.unit_id, tuple(order), weapons, self.twist)


class AttackScene:
    overlay = False
    scene_name = "attack"

    def __init__(self, app: Any) -> None:
        self.app = app
        s = app.state
        self.view = MapView(s.start_board or s.board, tiles_for(s))
        self.cache = PanelCache()
        self.plan: FirePlan | None = None
        self.hover: Hex | None = None
        self.hover_row: int | None = None
        self.mouse = (0, 0)
        self.help = False
        self.space = False
        self.panels = True
        self.handoff: str | None = actor(s)
        self.shown_side = self.handoff
        self.popups: list[tuple[Popup, int]] = []  # a resolution roll and its log entry
        self.log_shown: int | None = None  # while dice pop up: log entries shown so far
        self.popup_left = 0.0
        self.skipped_at = 0.0
        self.buttons: list[Any] = []
        self.log_view = LogView()
        self.rows: list[tuple[pygame.Rect, int]] = []  # weapon rows on screen -> index
        self.resize(fit=True)
        self.view.focus((u.at for u in to_declare(s, self.handoff)), app.screen.get_height())

    @property
    def state(self):
        return self.app.state

    def resize(self, fit: bool = False) -> None:
        w, h = self.app.screen.get_size()
        self.layout = screen_layout(w, h, self.panels)
        self.view.set_view(self.layout.map, fit=fit)
        self.cache.clear()

    # --- what the rules say -----------------------------------------------------------------
    def attacker(self) -> Unit | None:
        return self.state.unit(self.plan.unit_id) if self.plan is not None else None

    def options(self, target: str) -> AttackOptions | None:
        """Every weapon of the selected unit at ``target`` (its twist, primary or not)."""
        plan = self.plan
        if plan is None:
            return None
        key = ("opts", id(self.state), plan.unit_id, target, plan.twist, target != plan.target)
        return self.cache.get(
            str(key),
            key,
            lambda: options_at(
                self.state, plan.unit_id, target, plan.twist, secondary=self._secondary(target)
            ),
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
        if plan is None or plan.target is None:
            return
        opts = self.options(plan.target)
        row = next((w for w in opts.weapons if w.index == index), None) if opts else None
        if row is None:
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
        plan.twist = max(-1, min(1, plan.twist + step))
        for t in list(plan.fire):  # the arcs moved: keep only what still fires
            opts = self.options(t)
            good = {w.index for w in opts.weapons if w.fires} if opts else set()
            plan.fire[t] &= good

    def declare(self, hold: bool = False) -> None:
        plan = self.plan
        if plan is None:
            self.app.notify("Select one of your units (ringed) first", error=True)
            return
        action = DeclareFire(plan.unit_id, twist=plan.twist) if hold else plan.action()
        base = len(self.state.log)
        if self.app.act(action) is None:
            return
        self.plan = None
        self.app.advance()
        self._after(base)

    def _after(self, base: int) -> None:
        """Queue the resolution's dice (the log shows each result after its dice); hand
        the mouse over when the side changes."""
        log = self.state.log
        for i in range(base, len(log)):
            p = popup_of(log[i].event)
            if p is not None:
                self.popups.append((p, i))
        if self.popups:
            self.log_shown = self.popups[0][1]
            self.popup_left = POPUP_SECONDS
        side = actor(self.state)
        if self.declaring() and side != self.shown_side:
            self.handoff = self.shown_side = side

    def declaring(self) -> bool:
        """The game is still in the weapon attack phase (declarations go on)."""
        return DeclareFire in phase_of(self.state).handlers

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if help_key(self, event):
            return
        if self.help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.help = False
            return
        if self.popups:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.skip_popups()
            return
        if handoff_click(self, event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space = False
        elif self.panels and self.log_view.handle(event, self.layout.log, 4):
            pass
        elif self.view.handle(event, self.space):
            self.hover = self.view.hex_at(getattr(event, "pos", self.mouse))
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.view.hex_at(event.pos)
            self.hover_row = next((i for r, i in self.rows if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            press(self, event.pos)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.view.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_SPACE:
            self.space = True
        elif self.view.handle(event):
            pass
        elif k in WEAPON_KEYS:
            self.toggle(WEAPON_KEYS[k])
        elif k in (pygame.K_q, pygame.K_LEFTBRACKET):
            self.twist(-1)
        elif k in (pygame.K_e, pygame.K_RIGHTBRACKET):
            self.twist(1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.declare()
        elif k == pygame.K_h:
            self.declare(hold=True)
        elif k == pygame.K_n:
            self.next_unit()
        elif k == pygame.K_TAB:
            self.next_target()
        elif k == pygame.K_ESCAPE:
            if self.plan is not None:
                self.plan = None
            else:
                self.app.open("menu")

    def next_unit(self) -> None:
        units = [u.id for u in to_declare(self.state, actor(self.state))]
        if not units:
            return
        cur = self.plan.unit_id if self.plan else None
        nxt = units[(units.index(cur) + 1) % len(units)] if cur in units else units[0]
        self.select(nxt)
        u = self.state.unit(nxt)
        if u is not None:
            self.view.centre_on(u.at)

    def next_target(self) -> None:
        plan = self.plan
        enemies = self._visible_enemies()
        if plan is None or not enemies:
            return
        i = enemies.index(plan.target) + 1 if plan.target in enemies else 0
        self.aim_at(enemies[i % len(enemies)])

    def update(self, dt: float) -> None:
        if self.popups:
            self.popup_left -= dt
            if self.popup_left <= 0:
                self.popups.pop(0)
                self.popup_left = POPUP_SECONDS
                self.log_shown = self.popups[0][1] if self.popups else None
            return
        if not self.help and self.view.held_keys(dt):
            self.hover = self.view.hex_at(pygame.mouse.get_pos())
        if not self.declaring() and self.handoff is None:
            self.app.follow_phase()

    def skip_popups(self) -> None:
        """Show every result now (a click or key while the dice roll)."""
        self.popups, self.log_shown = [], None
        self.skipped_at = time.monotonic()

    def log_upto(self) -> int | None:
        """How many log entries may show now (results never before their dice)."""
        return None if self.log_shown is None else self.log_shown + 1

    def visible_log(self) -> tuple[Any, ...]:
        upto = self.log_upto()
        return self.state.log if upto is None else self.state.log[:upto]

    def draw(self, screen: pygame.Surface) -> None:
        draw_attack(self, screen)


def press(scene: AttackScene, pos: tuple[int, int]) -> None:
    """A left click: a button, a weapon row, one of your units, or an enemy target."""
    b = button_at(scene.buttons, pos)
    if b is not None:
        {"declare": scene.declare, "hold": lambda: scene.declare(hold=True),
         "left": lambda: scene.twist(-1), "right": lambda: scene.twist(1)}[b.action]()  # fmt: skip
        return
    row = next((i for r, i in scene.rows if r.collidepoint(pos)), None)
    if row is not None:
        scene.toggle(row)
        return
    h = scene.view.hex_at(pos)
    here = next((u for u in scene.state.units if u.at == h), None) if h is not None else None
    if here is None:
        return
    a = scene.attacker()
    if a is None or here.side == a.side:
        scene.select(here.id)  # an enemy without a selection: says whose it is
    else:
        scene.aim_at(here.id)


def handoff_click(scene: AttackScene, event: pygame.event.Event) -> bool:
    """The hand-off prompt eats the click or key that dismisses it."""
    if scene.handoff is None:
        return False
    if event.type == pygame.MOUSEBUTTONDOWN or is_confirm(event):
        if time.monotonic() - scene.skipped_at < HANDOFF_GRACE:
            return True
        scene.handoff = None
        units = to_declare(scene.state, actor(scene.state))
        scene.view.focus((u.at for u in units), None)
    return True


register("attack", AttackScene)
for_phase("weapon attack", "attack")  # this is the weapon attack phase's screen
