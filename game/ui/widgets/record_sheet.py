"""The record sheet of one unit, drawn as the board game's sheet reads.

Sections, top to bottom (each a function returning its height, so a section can be
added without touching the others):

- header: id, name, tonnage and kind, side colour, and a small paper doll of the body;
- movement and heat: walk / run / jump MP as they stand now (printed values beside
  when damage or heat lowered them) and the heat level;
- pilot: gunnery and piloting as G/P, the six pilot-hit boxes, unconscious;
- armour: per location front armour, rear armour (torsos) and internal structure,
  each as now / as built, destroyed locations marked (game.units.mech.MechBody is the one
  record of a Mech's damage). Vehicles have no armour record yet: the section says so
  and shows its type and MP (:func:`vehicle_armour` is where vehicle locations go);
- damaged systems: the critical and pilot counters of game.units.unit.Damage;
- weapons (``full`` only): the design's weapons and ammunition as built - the place
  where critical slots, ammunition left and weapon damage go once combat records them.

An infantry platoon has the header and :func:`platoon` instead: its troopers left and their
bar (CMB-41), its rifles (CMB-42), ground and jump MP (MOV-33), no facing, no piloting
rolls.

Nothing here changes the game; the sheet is rebuilt only when the unit changes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.designs.roster import built_body, built_hull
from game.narrate import skills
from game.rules.combat.tohit import mounts, weapon_gone
from game.state import GameState
from game.ui.widgets.palette import BAD, BG, DIM, GOOD, TEXT, Colour
from game.ui.widgets.palette import BG2 as CELL
from game.ui.widgets.palette import SIDE_UI as SIDE
from game.ui.widgets.palette import WARN_SOFT as WARN
from game.units.mech import TORSOS, MechBody
from game.units.unit import INFANTRY, Unit

from .fonts import draw_text, font
from .hud import wrap
from .unit_tip import infantry_line

Section = Callable[["Sheet"], None]


class Sheet:
    """A record sheet being drawn: the surface, the cursor and the unit."""

    def __init__(self, state: GameState, unit: Unit, width: int, size: int) -> None:
        self.state, self.unit, self.size = state, unit, size
        self.width = width
        self.pad = max(6, size // 2)
        self.surface = pygame.Surface((width, 40 * size))
        self.surface.fill(BG)
        self.y = self.pad // 2

    @property
    def inner(self) -> pygame.Rect:
        return pygame.Rect(self.pad, 0, self.width - 2 * self.pad, self.surface.get_height())

    def line(self, text: str, colour: Colour = TEXT, bold: bool = False, dy: int = 0) -> None:
        """A wrapped paragraph at the cursor."""
        f = font(self.size + (2 if bold else 0), bold)
        box = self.inner
        for part in wrap(text, f, box.w) or [""]:
            draw_text(self.surface, part, f, colour, (box.x, self.y), box)
            self.y += f.get_linesize()
        self.y += dy

    def gap(self) -> None:
        self.y += max(3, self.size // 4)

    def done(self) -> pygame.Surface:
        return self.surface.subsurface((0, 0, self.width, self.y + self.pad // 2)).copy()


def record_sheet(
    state: GameState, unit: Unit, width: int, size: int, *, full: bool = False
) -> pygame.Surface:
    """The sheet ``width`` pixels wide (its height is what it needs)."""
    sheet = Sheet(state, unit, width, size)
    sections: list[Section] = [header, movement, pilot, armour, systems]
    if unit.craft is not None:  # an aerospace unit: its flight record instead (AERO-04/05)
        sections = [header, flight, pilot]
    if unit.kind == INFANTRY:  # a platoon: its troopers, rifles and moves (CMB-41/42, MOV-33)
        sections = [header, platoon]
    if unit.hull is not None:  # a vehicle: its critical hits (CMB-47/48)
        sections.append(vehicle_crits)
    if full and unit.platoon is None:
        sections.append(weapons)
    for section in sections:
        section(sheet)
        sheet.gap()
    pygame.draw.rect(sheet.surface, SIDE.get(unit.side, DIM), (0, 0, 4, sheet.y))
    return sheet.done()


# --- sections ---------------------------------------------------------------------------------


def header(s: Sheet) -> None:
    u = s.unit
    top = s.y
    doll_w = doll_width(s.size) if u.body is not None and s.width >= 17 * s.size else 0
    box = pygame.Rect(s.pad, 0, s.inner.w - doll_w, s.surface.get_height())
    fb, f = font(s.size + 2, True), font(s.size)
    title = f"{u.id}  {u.name}" if u.name else f"{u.id}  ({u.tons} t {u.kind})"
    for part in wrap(title, fb, box.w):
        draw_text(s.surface, part, fb, TEXT, (box.x, s.y), box)
        s.y += fb.get_linesize()
    what = "Mech" if u.is_mech else "vehicle"
    if u.craft is not None:
        what = u.craft.kind_label
    kind = f"{u.tons} t {u.kind} {what}" if u.kind != INFANTRY else f"{u.tons} t infantry"
    if u.craft is not None:
        kind = f"{u.tons} t {what}"
    for part in wrap(f"{kind} - side {u.side}", f, box.w):
        draw_text(s.surface, part, f, DIM, (box.x, s.y), box)
        s.y += f.get_linesize()
    if doll_w and u.body is not None:
        h = paper_doll(s.surface, u, u.body, (s.width - s.pad - doll_w, top), s.size)
        s.y = max(s.y, top + h)


def movement(s: Sheet) -> None:
    u = s.unit
    parts = [_mp("walk", u.walk_mp(), u.walk), _mp("run", u.run_mp(), None)]
    if u.jump:
        parts.append(_mp("jump", u.jump_mp(), u.jump))
    s.line("MP  " + "   ".join(parts) + f"    Heat {u.heat}")
    if u.kind == "submarine":  # ADV-25: its depth, and what being under the water means
        if u.submerged:
            s.line(f"Submerged, depth {u.depth}: no attacks either way", WARN)
        else:
            s.line("On the surface (depth 0)", TEXT)
    if u.kind == "vtol":  # ADV-25: its altitude (game.rules.move.vtolflight)
        up = u.flying_height
        s.line(f"Flying at altitude {up} (B/V: 1 MP a level)" if up else "Landed", TEXT)


def _mp(name: str, now: int, printed: int | None) -> str:
    return f"{name} {now}" if printed is None or printed == now else f"{name} {now} ({printed})"


def pilot(s: Sheet) -> None:
    u, f = s.unit, font(s.size)
    d = u.damage
    label = f"Pilot {skills(u.gunnery, u.piloting)}   hits"
    r = draw_text(s.surface, label, f, TEXT, (s.pad, s.y), s.inner)
    box = max(8, s.size * 2 // 3)
    x = r.right + s.size // 2
    for i in range(6):  # PSR-19: the sixth hit kills
        cell = pygame.Rect(x + i * (box + 3), s.y + (r.h - box) // 2, box, box)
        if cell.right > s.inner.right:
            break
        pygame.draw.rect(s.surface, BAD if i < d.pilot_hits else CELL, cell)
        pygame.draw.rect(s.surface, DIM, cell, 1)
    s.y += f.get_linesize()
    if d.pilot_hits >= 6:  # PSR-19: the sixth hit kills
        s.line("The pilot is dead", BAD)
    elif d.unconscious:
        s.line("The pilot is unconscious", BAD)


def armour(s: Sheet) -> None:
    u = s.unit
    body = u.body if u.body is not None else u.hull
    if body is None:
        vehicle_armour(s)
        return
    full = (built_body(u) if u.body is not None else built_hull(u)) or body
    f, fb = font(s.size - 1), font(s.size - 1, True)
    cols = _columns(s, f, fb)
    lh = round(f.get_linesize() * 1.05)
    for text, x in zip(("Loc", "Armour", "Rear", "Structure"), cols, strict=True):
        draw_text(s.surface, text, fb, DIM, (x, s.y), s.inner)
    s.y += lh
    for code in body.codes:
        _armour_row(s, body, full, code, cols, f)
        s.y += lh


def _columns(s: Sheet, f: pygame.font.Font, bold: pygame.font.Font) -> tuple[int, ...]:
    x = s.pad
    gap = max(6, s.size // 2)
    loc_w = max(bold.size("Loc")[0], f.size("RRL")[0]) + gap
    arm_w = max(bold.size("Armour")[0], f.size("88/88")[0] + 2) + gap
    rear_w = max(bold.size("Rear")[0], f.size("88/88")[0] + 2) + gap
    return (x, x + loc_w, x + loc_w + arm_w, x + loc_w + arm_w + rear_w)


def _armour_row(
    s: Sheet, body: MechBody, full: MechBody, code: str, cols: tuple[int, ...], f: pygame.font.Font
) -> None:
    loc, top = body[code], full[code]
    draw_text(s.surface, code, f, BAD if loc.destroyed else TEXT, (cols[0], s.y), s.inner)
    if loc.destroyed:
        draw_text(s.surface, "destroyed", f, BAD, (cols[1], s.y), s.inner)
        return
    cells = [(loc.armour, top.armour), (loc.rear, top.rear) if code in TORSOS else None,
             (loc.structure, top.structure)]  # fmt: skip
    for cell, x in zip(cells, cols[1:], strict=True):
        if cell is None:
            draw_text(s.surface, "-", f, DIM, (x, s.y), s.inner)
            continue
        now, built = cell
        _fraction(s, f, now, built, x)


def _fraction(s: Sheet, f: pygame.font.Font, now: int, built: int, x: int) -> None:
    """'now/built'; in small type with a pixel of air each side of the slash (the default
    font sets it against the digits there: '26/26' read as '2626')."""
    colour = _state_colour(now, built)
    if f.get_height() >= SMALL_TYPE:
        draw_text(s.surface, f"{now}/{built}", f, colour, (x, s.y), s.inner)
        return
    for part in (str(now), "/", str(built)):
        r = draw_text(s.surface, part, f, colour, (x, s.y), s.inner)
        x = r.right + 1


SMALL_TYPE = 11  # font height (pixels) below which the slash needs air


def _state_colour(now: int, built: int) -> Colour:
    if now >= built:
        return TEXT
    return BAD if now <= 0 else WARN


def flight(s: Sheet) -> None:
    """An aerospace unit: velocity, thrust left of the maximum, safe thrust, control."""
    u, c = s.unit, s.unit.craft
    assert c is not None
    s.line(f"Velocity {c.velocity}   thrust {c.thrust} of {c.max_thrust}   safe {c.safe_thrust}")
    if c.out_of_control or u.damage.shutdown:
        s.line("OUT OF CONTROL: straight ahead, no thrust (AERO-05), +2 to attacks", BAD)
    else:
        s.line("In control" + (f"; a control roll due: {', '.join(c.due)}" if c.due else ""),
               WARN if c.due else GOOD)  # fmt: skip
    if c.avionics:
        s.line(f"Avionics hits: {c.avionics}", WARN)


def vehicle_armour(s: Sheet) -> None:
    """Vehicles without an armour record: their type and MP, honestly."""
    u = s.unit
    s.line(f"{u.kind.capitalize()} vehicle: cruise {u.walk_mp()}, flank {u.run_mp()} MP", TEXT)
    s.line("No armour record for this unit.", DIM)


def platoon(s: Sheet) -> None:
    """An infantry platoon: its troopers left (CMB-41), rifles (CMB-42), MP, no facing, no
    piloting rolls, and the damage rules it lives by (CMB-39/40)."""
    u = s.unit
    p = u.platoon
    s.line(infantry_line(u)[0].upper() + infantry_line(u)[1:], TEXT)
    if p is not None:
        colour = GOOD if p.troopers >= p.full else BAD if p.troopers * 3 <= p.full else WARN
        s.line(f"Troopers {p.troopers} / {p.full}", colour, bold=True)
        s.line(troopers_bar(p.troopers, p.full), colour)
        s.line(f"{p.weapon.name}s: {p.weapon.per_trooper} damage a trooper, reach 3 hexes "
               "(CMB-42)", TEXT)  # fmt: skip
    s.line("Hits: cluster roll on the troopers left, 2-point groups (CMB-42)", DIM)
    s.line("Takes weapon damage /10 (missiles: rack /5), doubled in the open (CMB-39/40)", DIM)
    s.line("One trooper a point; destroyed at 0 (CMB-41); kicked or stomped only (CMB-44)", DIM)
    if u.jump_infantry:
        s.line("Jumps like a Mech but never lands in depth 1+ water (MOV-29)", DIM)
    s.line(f"Gunnery {u.gunnery}; no piloting skill, never rolls (PSR-04)", DIM)


def troopers_bar(troopers: int, full: int, width: int = 28) -> str:
    """The troopers as a bar of blocks: '#' one standing, '.' one lost (to the scale of
    ``width`` characters when the platoon is bigger)."""
    scale = max(full, 1)
    left = round(width * troopers / scale) if full > width else troopers
    total = width if full > width else full
    return "#" * left + "." * (total - left)


SYSTEMS = (("gyro", "gyro hit"), ("hips", "hip actuator"), ("leg_actuators", "leg actuator"),
           ("jump_jets", "jump jet"), ("engine", "engine hit"))  # fmt: skip


def systems(s: Sheet) -> None:
    d, c = s.unit.damage, s.unit.crits  # critical hits live on the body (game.units.critslots)
    hurt = []
    for name, label in SYSTEMS:
        n = int(getattr(c, name))
        if n:
            hurt.append(f"{label} x{n}" if n > 1 else label)
    for flag, label in ((c.sensors, "sensors"), (c.life_support, "life support")):
        if flag:
            hurt.append(label)
    hull = s.unit.hull
    if hull is not None and hull.motive:
        hurt.append("motive: " + ", ".join(hull.motive))
    if d.shutdown:
        hurt.append("shut down")
    legs = s.unit.legs_destroyed
    if legs:
        hurt.append(f"{legs} leg{'s' if legs > 1 else ''} destroyed")
    if hurt:
        s.line("Damaged systems: " + ", ".join(hurt), WARN)
    else:
        s.line("Damaged systems: none", GOOD)


def vehicle_crits(s: Sheet) -> None:
    """CMB-48: every lasting effect of the vehicle's critical hits."""
    hull = s.unit.hull
    said = hull.crits.labels() if hull is not None else ()
    if said:
        s.line("Critical hits: " + ", ".join(said), BAD if s.unit.destroyed else WARN)
    else:
        s.line("Critical hits: none", GOOD)


def weapons(s: Sheet) -> None:
    """The unit's weapons (destroyed ones marked) and ammunition left per bin."""
    u = s.unit
    listed = mounts(u)
    if not listed:
        s.line("Weapons: none", DIM)
        return
    s.line("Weapons", TEXT, bold=True)
    for i, m in enumerate(listed):
        gone = weapon_gone(u, i)
        jammed = u.hull is not None and i in u.hull.crits.jammed  # CMB-48 malfunction
        text = f"{i + 1} {m.weapon}  {m.location}{' (rear)' if m.rear else ''}"
        tail = "  destroyed" if gone else "  jammed" if jammed else ""
        s.line(text + tail, BAD if gone else WARN if jammed else TEXT)
    body = u.body if u.body is not None else u.hull
    bins = body.built.bins if u.body is not None else (u.hull.bins if u.hull else ())  # type: ignore[union-attr]
    for i, b in enumerate(bins):
        left = body.ammo[i] if body is not None and i < len(body.ammo) else b.shots  # type: ignore[union-attr]
        s.line(f"Ammo {b.weapon}  {b.location}  {left}/{b.shots} shots", DIM if left else BAD)


# --- the paper doll -------------------------------------------------------------------------

# (column, row) of each location box; quads read arms as front legs (game.units.mech).
DOLL = {"HD": (2, 0), "LA": (0, 1), "LT": (1, 1), "CT": (2, 1), "RT": (3, 1), "RA": (4, 1),
        "LL": (1, 2), "RL": (3, 2), "FLL": (0, 1), "FRL": (4, 1), "RLL": (1, 2),
        "RRL": (3, 2)}  # fmt: skip


def doll_width(size: int) -> int:
    return 5 * max(8, round(size * 0.9)) + 4 * 2


def paper_doll(
    target: pygame.Surface, unit: Unit, body: MechBody, at: tuple[int, int], size: int
) -> int:
    """Boxes in the body's shape, coloured by what is left of each location (green whole,
    amber hit, red structure hit, dark and crossed destroyed); returns its height."""
    full = built_body(unit) or body
    w = max(8, round(size * 0.9))
    h = round(w * 1.3)
    x0, y0 = at
    for code in body.codes:
        col, row = DOLL[code]
        r = pygame.Rect(x0 + col * (w + 2), y0 + row * (h + 2), w, h)
        loc, top = body[code], full[code]
        if loc.destroyed:
            pygame.draw.rect(target, (60, 30, 30), r)
            pygame.draw.line(target, BAD, r.topleft, r.bottomright, 2)
            pygame.draw.line(target, BAD, r.topright, r.bottomleft, 2)
            continue
        colour = GOOD
        if loc.structure < top.structure:
            colour = BAD
        elif loc.armour + loc.rear < top.armour + top.rear:
            colour = WARN
        pygame.draw.rect(target, colour, r, border_radius=2)
        if colour == BAD:  # a shape besides the colour (issue 25): one slash, hit inside
            pygame.draw.line(target, BG, r.topleft, r.bottomright, 2)
    return 3 * (h + 2)


def sheet_lines(unit: Unit) -> list[str]:
    """The armour table as plain lines ('CT 26/26 0/5 16/16': front, rear, structure), for
    the debug layout an end-to-end test reads; vehicles: what the sheet says instead."""
    body = unit.body
    if unit.platoon is not None:  # CMB-41: a platoon's one location
        return [f"{unit.id} troopers {unit.platoon.troopers}/{unit.platoon.full}"]
    if body is None:
        return [f"{unit.id} {unit.kind}: no armour record yet"]
    full = built_body(unit) or body
    out = []
    for code in body.codes:
        loc, top = body[code], full[code]
        if loc.destroyed:
            out.append(f"{code} destroyed")
            continue
        rear = f"{loc.rear}/{top.rear}" if code in TORSOS else "-"
        out.append(f"{code} {loc.armour}/{top.armour} {rear} {loc.structure}/{top.structure}")
    return out
