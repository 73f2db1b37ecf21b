"""Drawing the physical attack screen (game.ui.scenes.hexes.physical.scene): the map with each
adjacent enemy's best number, the list of attacks with numbers, damage and tables or reasons, the
modifiers and PSRs of the hovered row, the dice of the resolution."""

from __future__ import annotations

from typing import Any

import pygame

from game.flow import actor
from game.narrate.words import need_text
from game.phases.physical import to_declare
from game.ui.map.overlays import MoveWarning
from game.ui.scenes.hexes.parts.physical.defence_walk import WalkPlan
from game.ui.scenes.hexes.parts.physical.shown import PhysicalShown
from game.ui.scenes.hexes.target_draw import (
    SELECT,
    TARGET,
    draw_log,
    draw_on_top,
    draw_sheet,
)
from game.ui.widgets.fonts import font
from game.ui.widgets.hud import wrap
from game.ui.widgets.palette import BAD, BG, DIM, GOOD, TEXT, WARN
from game.ui.widgets.panels import (
    Button,
    Row,
    banner_surface,
    draw_button,
    rows_surface,
    side_colour,
    summary_rows,
    tooltip,
)

PHYSICAL_KEYS: tuple[tuple[str, str], ...] = (
    ("Click a ringed unit, N", "select the unit that attacks (N: the next one)"),
    (
        "A defending Mech (Tac Ops)",
        "its walking reach is shaded first (ADV-01): it may walk, then attack from where it ends",
    ),
    (
        "Hover / click a shaded hex",
        "the walk there with MP per step and its rolls marked; a "
        "click keeps that hex, a second click pins it as a waypoint (Backspace: undo)",
    ),
    ("Q / E, [ / ]", "turn the facing at the walk's end"),
    (
        "Enter, Walk",
        "walk now: its rolls are made at once (a fall ends it), then choose "
        "the attack from the new hex",
    ),
    ("S, Stay and strike", "no walk: choose the attack from where it stands"),
    ("Click an enemy beside it, Tab", "show the attacks on it"),
    ("1 .. 6, click a row", "choose that attack (two punch rows: both arms)"),
    ("Hover a row", "its modifiers with their rules, the PSRs it causes"),
    ("Enter / H", "declare / make no physical attack"),
    ("Esc", "drop the selection; again: the menu"),
    ("Middle drag, arrows, wheel", "pan and zoom"),
    ("F or Home, L", "fit the whole map in view; the whole game's log"),
    ("Ctrl+S / Ctrl+O / F1", "save / load / this help"),
    (
        "Ctrl+Z",
        "take back the plan, or the last declaration while its phase goes on (rolled dice stand)",
    ),
)


def draw_physical(scene: PhysicalShown, screen: pygame.Surface) -> None:
    state, view = scene.state, scene.view
    view.sync(state.board)
    view.draw_map(screen)
    walk = scene.walking() if hasattr(scene, "walking") else None
    if walk is not None:  # ADV-01: the defence walk's reach and path, as on the movement screen
        for layer in walk.layers(state, view.layout, view.camera.zoom):
            layer.draw(screen, view.camera)
    plan = scene.plan
    side = actor(state)
    rings = {u.id: side_colour(side) for u in to_declare(state, side)} if side else {}
    if plan is not None:
        rings[plan.unit_id] = SELECT
        if plan.target is not None:
            rings[plan.target] = TARGET
    view.draw_units(screen, state.units, ring=rings)
    if plan is not None:
        _badges(scene, screen)
    lay = scene.layout
    extra = f"- {plan.unit_id} attacks" if plan is not None else ""
    if walk is not None:
        extra = f"- {walk.unit_id} may walk first (physical attack defence, ADV-01)"
    head = getattr(scene, "dice_banner", None) if scene.popups else None  # finding 4
    screen.blit(banner_surface(state, extra, lay.banner, lay.size, head), lay.banner.topleft)
    if scene.panels:
        _side(scene, screen)
        draw_log(scene, screen)
    _tip(scene, screen)
    draw_on_top(scene, screen, "Physical attacks", getattr(scene, "help_keys", PHYSICAL_KEYS))


def _badges(scene: PhysicalShown, screen: pygame.Surface) -> None:
    zoom = scene.view.camera.zoom
    f = font(max(11, round(22 * zoom)), True)
    for tid in scene._visible_enemies():
        t = scene.state.unit(tid)
        assert t is not None  # an enemy beside the attacker is on the map
        best = scene.best(tid)
        cx, cy = scene.view.centre(t.at)
        r = max(9, round(16 * zoom))
        text, bg = ("x", (70, 70, 74)) if best is None else (
            _badge_number(best), GOOD if best <= 7 else WARN if best <= 9 else BAD)  # fmt: skip
        at = (cx + r, cy - r * 2)
        pygame.draw.circle(screen, bg, at, r)
        pygame.draw.circle(screen, (20, 20, 22), at, r, 2)
        img = f.render(text, True, (20, 20, 22))
        screen.blit(img, img.get_rect(center=at))


def _badge_number(best: int) -> str:
    """The badge's text: the number, or 'auto' when any roll hits (2 or less)."""
    return "auto" if need_text(best) == "automatic" else str(best)


def _side(scene: PhysicalShown, screen: pygame.Surface) -> None:
    lay = scene.layout
    rect, size = lay.side, lay.size
    pygame.draw.rect(screen, BG, rect)
    a = scene.attacker()
    scene.rows, scene.buttons = [], []
    if a is None:
        rows: list[Row] = [
            ("No unit selected", TEXT, True),
            (
                "Click one of your ringed units beside an enemy (N: the next one, shown on the "
                "map).",
                DIM,
                False,
            ),
        ]
        screen.blit(rows_surface(rows, size, rect.w), rect.topleft)
        return
    y = draw_sheet(scene, screen, a, rect, rect.h - size * 20)
    walk = scene.walking() if hasattr(scene, "walking") else None
    if walk is not None:
        _walk_rows(scene, screen, rect, y, size, walk)
        _buttons(scene, screen, rect, size, WALK_BUTTONS)
        return
    _attack_rows(scene, screen, rect, y, size)
    _buttons(scene, screen, rect, size)


WALK_BUTTONS = (("walk", "Walk (Enter)"), ("stay", "Stay and strike (S)"))
WALK_NOTE = ("Walk: it moves now, its rolls are made at once (a fall ends the walk); then "
             "its attacks from the new hex. Stay and strike: attacks from where it stands. "
             "Either way it counts as walked (+1 to its attacks).")  # fmt: skip


def _walk_rows(scene: PhysicalShown, screen: pygame.Surface, rect: pygame.Rect, y: int, size: int,
               walk: WalkPlan) -> None:  # fmt: skip
    """ADV-01: the planned walk's summary (the movement screen's) and what the buttons do."""
    rows: list[Row] = summary_rows(walk.info(scene.state))
    rows.append((WALK_NOTE, DIM, False))
    screen.blit(rows_surface(rows, size, rect.w), (rect.x, y))


def _attack_rows(scene: PhysicalShown, screen: pygame.Surface, rect: pygame.Rect, y: int,
                 size: int) -> None:  # fmt: skip
    plan = scene.plan
    assert plan is not None  # the rows are the selected unit's
    if plan.target is None:
        img = rows_surface([("No enemy beside it", DIM, False)], size, rect.w)
        screen.blit(img, (rect.x, y))
        return
    img = rows_surface([(f"Attacks on {plan.target}", TEXT, True)], size, rect.w)
    screen.blit(img, (rect.x, y))
    y += img.get_height()
    f = font(size)
    line = f.get_linesize() + 2
    for i, o in enumerate(scene.attacks(plan.target)):
        b = o.blow
        name = b.kind + (f" ({b.limb})" if b.limb else "")
        mark = "[x]" if (b.kind, plan.target, b.limb) in plan.chosen else "[ ]"
        if o.attacks:
            table = f", {o.table} table" if o.table else ""
            need = need_text(o.target)
            dmg = f"{o.damage} dmg{table}"
            if o.blow.kind == "kick" and o.table is None:  # a platoon: troopers (CMB-44)
                dmg = f"{o.damage} trooper{'' if o.damage == 1 else 's'}"
            text, colour = f"{mark} {i + 1} {name}: {need}  ({dmg})", TEXT
            if hasattr(scene, "row_note"):  # the sandbox's what-if odds
                text += scene.row_note(o)
        elif o.can_attack:
            text, colour = f"    {i + 1} {name}: impossible (12+)", DIM
        else:
            text, colour = f"    {i + 1} {name}: {o.why_not}", DIM
        indent = f.size("    ")[0]  # the whole reason, wrapped (issue 25, finding 5)
        lines = wrap(text, f, rect.w - 16 - indent) or [""]
        r = pygame.Rect(rect.x + 4, y, rect.w - 8, line * len(lines))
        if scene.hover_row == i:
            pygame.draw.rect(screen, (45, 48, 55), r, border_radius=4)
        for k, part in enumerate(lines):
            screen.blit(f.render(part, True, colour), (r.x + 4 + (indent if k else 0),
                                                       r.y + 1 + k * line))  # fmt: skip
        scene.rows.append((r, i))
        y += r.h


def _buttons(scene: PhysicalShown, screen: pygame.Surface, rect: pygame.Rect, size: int,
             labels: Any = None) -> None:  # fmt: skip
    bh = round(size * 1.9)
    y = rect.bottom - bh - size // 2
    w = (rect.w - size * 3) // 2
    labels = labels or getattr(scene, "strike_buttons", (("declare", "Declare (Enter)"),
                                                         ("hold", "No attack (H)")))  # fmt: skip
    for i, (action, label) in enumerate(labels):
        b = Button(pygame.Rect(rect.x + size + i * (w + size), y, w, bh), action, label, i == 0)
        scene.buttons.append(b)
        draw_button(screen, b, size, b.rect.collidepoint(scene.mouse))


def _tip(scene: PhysicalShown, screen: pygame.Surface) -> None:
    """The hovered attack's modifiers (value and rule), damage and the PSRs it causes."""
    plan = scene.plan
    marker = scene.walk_marker() if hasattr(scene, "walk_marker") else None
    if marker is not None:
        _roll_tip(scene, screen, marker)
        return
    if scene.hover_row is None or plan is None or plan.target is None:
        return
    opts = scene.attacks(plan.target)
    if not 0 <= scene.hover_row < len(opts):
        return
    o = opts[scene.hover_row]
    rows: list[Row] = [(f"{o.blow.kind}: {o.target if o.attacks else 'cannot be made'}",
                        WARN, True)]  # fmt: skip
    rows += [(f"{m.reason}  {m.value:+d}  ({m.rule})", TEXT, False) for m in o.modifiers]
    if o.attacker_damage:
        rows.append((f"the attacker takes {o.attacker_damage}", DIM, False))
    for key, p in o.psrs.items():
        if p is not None:
            rows.append((f"PSR {key.replace('_', ' ')}: {p.target}", DIM, False))
    tip = tooltip(rows, size_of(scene) - 2, size_of(scene) * 20)
    mx, my = scene.mouse
    x = max(0, min(mx - tip.get_width() - 12, screen.get_width() - tip.get_width()))
    screen.blit(tip, (x, min(my + 12, screen.get_height() - tip.get_height())))


def _roll_tip(scene: PhysicalShown, screen: pygame.Surface, psr: Any) -> None:
    """A walk's roll marker under the pointer: its target and modifiers (or the warning)."""
    if isinstance(psr, MoveWarning):
        rows: list[Row] = [("Warning", BAD, True), (psr.text, TEXT, False)]
    else:
        need = f"roll {psr.target}+" if isinstance(psr.target, int) else str(psr.target)
        rows = [(f"{psr.reason}: {need}", WARN, True)]
        rows += [(f"{m.reason}  {m.value:+d}", TEXT, False) for m in psr.modifiers]
    tip = tooltip(rows, size_of(scene) - 2, size_of(scene) * 18)
    mx, my = scene.mouse
    x = max(0, min(mx + 16, screen.get_width() - tip.get_width()))
    screen.blit(tip, (x, max(0, min(my + 16, screen.get_height() - tip.get_height()))))


def size_of(scene: PhysicalShown) -> int:
    return int(scene.layout.size)
