"""Drawing the weapon attack screen (game.ui.scenes.hexes.attack.scene): the map with the line of
sight and every enemy's best number, the weapon list with numbers or reasons, the heat the fire
will build, the dice of the resolution."""

from __future__ import annotations

import pygame

from game.flow import actor
from game.narrate.words import need_text
from game.phases.weapons import targets_of, to_declare
from game.rules.combat.modifiers import heat_to_hit
from game.rules.heat import HeatReport
from game.state import GameState
from game.ui.scenes.hexes.parts.attack.odds import (
    reason_rows,
    twist_active,
    twist_text,
    volley_rows,
    weapon_row,
)
from game.ui.scenes.hexes.parts.attack.shown import AttackShown
from game.ui.scenes.hexes.target_draw import SELECT, TARGET, draw_log, draw_on_top, draw_sheet
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
    tooltip,
)
from game.units.unit import heat_mp_penalty

LOS_HEX, BLOCK, WOODS = (250, 215, 60), (235, 60, 50), (110, 200, 110)
ATTACK_KEYS: tuple[tuple[str, str], ...] = (
    ("Click a ringed unit, N", "select the unit that fires (N: the next one)"),
    ("Click an enemy, Tab", "make it the target (the first one is the primary target)"),
    ("1 .. 9, click a weapon", "fire that weapon at the target, or not"),
    ("Q / E  or  [ / ]", "twist the torso left / right (two-legged Mechs, CMB-09)"),
    ("Enter", "declare the attacks; H holds fire"),
    ("Hover a number", "its modifiers, each with its rule"),
    ("Esc", "drop the selection; again: the menu"),
    ("Middle drag, arrows, wheel", "pan and zoom"),
    ("F or Home, L", "fit the whole map in view; the whole game's log"),
    ("Ctrl+S / Ctrl+O / F1", "save / load / this help"),
    (
        "Ctrl+Z",
        "take back the plan, or the last declaration while its phase goes on (rolled dice stand)",
    ),
)


ATTACK_BUTTONS = (("declare", "Declare (Enter)", True), ("hold", "Hold fire (H)", False),
                  ("left", "Twist L (Q)", False), ("right", "Twist R (E)", False))  # fmt: skip


def draw_attack(scene: AttackShown, screen: pygame.Surface) -> None:
    """One frame. What does not change from frame to frame is kept in ``scene.cache``,
    keyed by what it shows: the side to act, the rings, the badge numbers, the banner, the
    side panel (unit, weapon list, heat projection, buttons), the log, the tooltip."""
    state, view = scene.state, scene.view
    view.sync(state.board)
    view.draw_map(screen)
    plan = scene.plan
    target = plan.target if plan is not None else None
    side = scene.cache.get("actor", id(state), lambda: actor(state))
    shown = _hovered_enemy(scene, side) or target
    if plan is not None and shown is not None:
        _draw_los(scene, screen, shown)
    unit = plan.unit_id if plan is not None else None
    rings = scene.cache.get("rings", (id(state), side, unit, target),
                            lambda: _rings(state, side, unit, target))  # fmt: skip
    view.draw_units(screen, state.units, ring=rings)
    if plan is not None:
        _draw_badges(scene, screen)
    lay = scene.layout
    extra = f"- {plan.unit_id} fires" if plan is not None else ""
    head = getattr(scene, "dice_banner", None) if scene.popups else None
    key = (id(state), extra, lay.banner.size, lay.size, head)
    banner = scene.cache.get(
        "banner", key, lambda: banner_surface(state, extra, lay.banner, lay.size, head)
    )
    screen.blit(banner, lay.banner.topleft)
    if scene.panels:
        _draw_side(scene, screen, shown)
        draw_log(scene, screen)
    _draw_row_tip(scene, screen, shown)
    draw_on_top(scene, screen, "Weapon attacks", getattr(scene, "help_keys", ATTACK_KEYS))


def _rings(state: GameState, side: str | None, unit: str | None,
           target: str | None) -> dict[str, tuple[int, int, int]]:  # fmt: skip
    """Who is ringed: the side's units still to declare, the selected one, its target."""
    rings = {u.id: side_colour(side) for u in to_declare(state, side)} if side else {}
    if unit is not None:
        rings[unit] = SELECT
        if target is not None:
            rings[target] = TARGET
    return rings


def _hovered_enemy(scene: AttackShown, side: str | None) -> str | None:
    """The unit under the mouse when it is not on the firing unit's side (in the sandbox
    nobody's turn: the attacker's side decides)."""
    a = scene.attacker()
    if a is None or scene.hover is None:
        return None
    here = next((u for u in scene.state.units if u.at == scene.hover), None)
    if here is None or here.side == (a.side if side is None else side):
        return None
    return here.id


def _draw_los(scene: AttackShown, screen: pygame.Surface, target: str) -> None:
    """The line of sight hex by hex: the hexes it crosses, the woods that count, the hex
    that blocks it (CMB-02..05)."""
    opts = scene.options(target)
    a, t = scene.attacker(), scene.state.unit(target)
    if opts is None or a is None or t is None:
        return
    view, sight = scene.view, opts.sight
    board = scene.state.board
    for h in sight.intervening:
        colour = WOODS if board.woods[h.row, h.col] else LOS_HEX
        view.renderer.outline(screen, view.camera, h, colour, 2)
    if sight.blocked_by is not None:
        view.renderer.outline(screen, view.camera, sight.blocked_by, BLOCK, 4)
    colour = LOS_HEX if sight.los else BLOCK
    pygame.draw.line(screen, colour, view.centre(a.at), view.centre(t.at), 3)


def _draw_badges(scene: AttackShown, screen: pygame.Surface) -> None:
    """Each enemy: its best to-hit number, or dimmed with an x when nothing can reach it."""
    zoom = scene.view.camera.zoom
    size = max(11, round(22 * zoom))
    r = max(9, round(16 * zoom))
    assert scene.plan is not None  # badges show for the selected unit
    state, unit = scene.state, scene.plan.unit_id
    for t in scene.cache.get("targets", (id(state), unit), lambda: targets_of(state, unit)):
        opts = scene.options(t.id)
        best = opts.best() if opts is not None else None
        cx, cy = scene.view.centre(t.at)
        if best is None:
            dim = scene.cache.get("dim", r, lambda: _dim(r))
            screen.blit(dim, (cx - r * 2, cy - r * 2))
            text, bg = "x", (70, 70, 74)
        else:
            text = "auto" if need_text(best) == "automatic" else str(best)
            bg = GOOD if best <= 7 else WARN if best <= 9 else BAD
        at = (cx + r, cy - r * 2)
        pygame.draw.circle(screen, bg, at, r)
        pygame.draw.circle(screen, (20, 20, 22), at, r, 2)
        img = scene.cache.get(f"badge {text}", size, lambda t=text: _badge_text(t, size))
        screen.blit(img, img.get_rect(center=at))


def _badge_text(text: str, size: int) -> pygame.Surface:
    return font(size, True).render(text, True, (20, 20, 22))


def _dim(r: int) -> pygame.Surface:
    dim = pygame.Surface((r * 4, r * 4), pygame.SRCALPHA)
    pygame.draw.circle(dim, (10, 10, 12, 150), (r * 2, r * 2), r * 2)
    return dim


def _draw_side(scene: AttackShown, screen: pygame.Surface, shown: str | None) -> None:
    """The side panel, one cached surface per content: the unit, the weapon list (rows are
    remembered so a click toggles them), the heat projection and the buttons."""
    lay, plan = scene.layout, scene.plan
    rect = lay.side
    hovered = next((i for i, b in enumerate(scene.buttons) if b.rect.collidepoint(scene.mouse)),
                   -1)  # fmt: skip
    fire = frozenset((t, frozenset(ws)) for t, ws in plan.fire.items()) if plan else None
    extra = scene.panel_extra() if hasattr(scene, "panel_extra") else None  # sandbox odds on
    key = (id(scene.state), plan.unit_id if plan else None, plan.twist if plan else 0,
           plan.target if plan else None, fire, shown, scene.hover_row, hovered, rect.size,
           lay.size, extra)  # fmt: skip
    surf, rows, buttons = scene.cache.get(
        "side", key, lambda: _side_surface(scene, shown, rect, hovered)
    )
    scene.rows, scene.buttons = rows, buttons
    screen.blit(surf, rect.topleft)


def _side_surface(scene: AttackShown, shown: str | None, rect: pygame.Rect,
                  hovered: int) -> tuple[pygame.Surface, list[tuple[pygame.Rect, int]],
                                     list[Button]]:  # fmt: skip
    """The panel drawn at (0, 0); the weapon rows and buttons it returns are in screen
    coordinates."""
    size = scene.layout.size
    surf = pygame.Surface(rect.size)
    local = pygame.Rect(0, 0, rect.w, rect.h)
    pygame.draw.rect(surf, BG, local)
    a = scene.attacker()
    if a is None:
        rows: list[Row] = [
            ("No unit selected", TEXT, True),
            (
                "Click one of your ringed units to plan its fire (N: the next one, shown on "
                "the map).",
                DIM,
                False,
            ),
        ]
        surf.blit(rows_surface(rows, size, rect.w), (0, 0))
        return surf, [], []
    y = draw_sheet(scene, surf, a, local, rect.h - size * 22)  # the weapons come first
    y, weapon_rows = _draw_weapons(scene, surf, shown, local, y, size)
    heat = scene.heat()
    if heat is not None:
        img = rows_surface(heat_rows(heat), size, rect.w)
        surf.blit(img, (0, y))
        y += img.get_height()
    more = scene.more_rows(shown) if hasattr(scene, "more_rows") else volley_rows(scene, shown)
    if more:
        surf.blit(rows_surface(more, size, rect.w), (0, y))
    buttons = _draw_buttons(scene, surf, local, size, hovered)
    shift = rect.topleft
    return (surf, [(r.move(shift), i) for r, i in weapon_rows],
            [Button(b.rect.move(shift), b.action, b.label, b.active) for b in buttons])  # fmt: skip


def _draw_weapons(scene: AttackShown, surf: pygame.Surface, shown: str | None, rect: pygame.Rect,
                  y: int, size: int) -> tuple[int, list[tuple[pygame.Rect, int]]]:  # fmt: skip
    """One row per weapon: [x] chosen, its number or why it cannot fire."""
    out: list[tuple[pygame.Rect, int]] = []
    if shown is None:
        why = scene.no_target() if hasattr(scene, "no_target") else "No target: click an enemy"
        img = rows_surface([(why, DIM, False)], size, rect.w)
        surf.blit(img, (rect.x, y))
        return y + img.get_height(), out
    opts, plan = scene.options(shown), scene.plan
    if opts is None or plan is None:  # no plan: no options either
        return y, out
    s = opts.sight
    head = f"Target {shown}: range {s.range}, {opts.arc} arc, hits its {opts.side}"
    head += twist_text(scene)  # finding 2: the twist on screen, not only in the log
    if plan.target != shown:
        head += " (hover)"
    title = rows_surface([(head, TEXT, True)] + ([(s.reason or "no line of sight", BAD, False)]
                                                  if not s.los else []), size, rect.w)  # fmt: skip
    surf.blit(title, (rect.x, y))
    y += title.get_height()
    chosen = plan.fire.get(shown, set()) if plan.target == shown else set()
    f = font(size)
    line = f.get_linesize() + 2
    note = getattr(scene, "row_note", None)  # the sandbox's what-if odds
    for w in opts.weapons:
        text, colour = weapon_row(scene, shown, w, chosen, note)
        indent = f.size("    ")[0]  # finding 5: the whole reason, wrapped under the name
        lines = wrap(text, f, rect.w - 16 - indent) or [""]
        r = pygame.Rect(rect.x + 4, y, rect.w - 8, line * len(lines))
        if scene.hover_row == w.index:
            pygame.draw.rect(surf, (45, 48, 55), r, border_radius=4)
        for k, part in enumerate(lines):
            surf.blit(f.render(part, True, colour), (r.x + 4 + (indent if k else 0),
                                                     r.y + 1 + k * line))  # fmt: skip
        out.append((r, w.index))
        y += r.h
    return y + size // 2, out


def _fit(f: pygame.font.Font, text: str, width: int) -> str:
    while text and f.size(text)[0] > width:
        text = text[:-2] + "…"
        if text == "…":
            break
    return text


def heat_rows(r: HeatReport) -> list[Row]:
    """The heat projection: what the fire and the move build against what the sinks shed,
    and what the new level brings (HEAT-05..09)."""
    built = r.movement + r.weapons + r.engine + r.other
    rows: list[Row] = [(f"Heat {r.heat_before} +{built} (fire {r.weapons}, move {r.movement}"
                        f"{', engine ' + str(r.engine) if r.engine else ''}) -{r.dissipated}"
                        f" sinks = {r.heat_after}", TEXT, True)]  # fmt: skip
    effects = []
    if heat_mp_penalty(r.heat_after):
        effects.append(f"walk -{heat_mp_penalty(r.heat_after)} MP")  # HEAT-06
    if heat_to_hit(r.heat_after):
        effects.append(f"+{heat_to_hit(r.heat_after)} to hit")  # HEAT-07
    if r.shutdown == "automatic":
        effects.append("automatic shutdown")
    elif r.shutdown is not None:
        effects.append(f"shutdown avoid {r.shutdown}+")
    if r.ammo_explosion is not None:
        effects.append(f"ammo explosion avoid {r.ammo_explosion}+")
    colour = GOOD if not effects else (BAD if r.shutdown is not None else WARN)
    rows.append(("Next turn: " + (", ".join(effects) if effects else "no heat effects"),
                 colour, False))  # fmt: skip
    return rows


def _draw_buttons(scene: AttackShown, surf: pygame.Surface, rect: pygame.Rect, size: int,
                  hovered: int) -> list[Button]:  # fmt: skip
    bh = round(size * 1.9)
    y = rect.bottom - bh - size // 2
    specs = getattr(scene, "attack_buttons", ATTACK_BUTTONS)
    w = (rect.w - size * 3) // 2
    buttons = []
    for i, (action, label, active) in enumerate(specs):
        lit = twist_active(scene, action)  # a twist button is lit while the torso is turned
        active = active if lit is None else lit
        x = rect.x + size + (i % 2) * (w + size)
        yy = y - (1 - i // 2) * (bh + size // 3)
        b = Button(pygame.Rect(x, yy, w, bh), action, label, active)
        buttons.append(b)
        draw_button(surf, b, size, i == hovered)
    return buttons


def _draw_row_tip(scene: AttackShown, screen: pygame.Surface, shown: str | None) -> None:
    """The hovered weapon row's modifiers, each with its value and rule."""
    if scene.hover_row is None or shown is None:
        return
    opts = scene.options(shown)
    w = next((w for w in opts.weapons if w.index == scene.hover_row), None) if opts else None
    if w is None or (w.fires and not w.modifiers):
        return
    size = scene.layout.size
    rows: list[Row] = reason_rows(w)  # finding 5: why it cannot fire, in full
    if w.fires:
        rows = [(f"{w.name}: {need_text(w.target)}", WARN, True)]
        rows += [(f"{m.reason}  {m.value:+d}  ({m.rule})", TEXT, False) for m in w.modifiers]
    tip = scene.cache.get("tip", (rows, size), lambda: tooltip(rows, size - 2, size * 20))
    mx, my = scene.mouse
    right = min(mx - 12, scene.layout.side.x - 4)  # left of the panel: the rows stay readable
    x = max(0, min(right - tip.get_width(), screen.get_width() - tip.get_width()))
    screen.blit(tip, (x, min(my + 12, screen.get_height() - tip.get_height())))
