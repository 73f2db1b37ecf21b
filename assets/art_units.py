"""Unit counters (assets/units/{kind}_{side}.png, 128x128) and UI markers (32x32).

A counter is a round disc in the side's colour with a top-down silhouette of the unit
facing north and an arrowhead notch at the top of the rim: the game rotates the image to
the unit's facing. Infantry has no facing (MOV-16): its counters (foot and jump platoons)
carry no notch and are never rotated. Sides differ in lightness as well as hue (A dark
navy with a light silhouette, B light sand with a dark one) and carry a shape+letter
badge at the bottom (A: circle "A", B: diamond "B"), so they stay distinct for
colour-blind players and in greyscale.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import art_core as c
import numpy as np
from art_palette import EXHAUST, MARKER, NOTCH, SIDES

SIZE = 128
CX = CY = SIZE / 2
DISC_R = 57.0
KINDS = ("biped", "quad", "tracked", "wheeled", "hover", "infantry", "jump_infantry", "wige",
         "naval", "vtol", "aero", "dropship", "submarine")  # fmt: skip
NO_FACING = frozenset({"infantry", "jump_infantry"})  # MOV-16: no facing notch

Mask = np.ndarray


# Silhouettes are designed on a 128 px grid and shrunk by SCALE round the centre, so the
# disc colour dominates each counter (the sides must differ in overall lightness).
SCALE = 0.86


def _p(x: float, y: float) -> tuple[float, float]:
    return CX + (x - CX) * SCALE, CY + (y - CY) * SCALE


def _poly(points: list[tuple[float, float]]) -> Mask:
    return c.polygon_mask([_p(x, y) for x, y in points], SIZE, SIZE)


def _rrect(x0: float, y0: float, x1: float, y1: float, r: float) -> Mask:
    (ax, ay), (bx, by) = _p(x0, y0), _p(x1, y1)
    return c.rounded_rect_mask(ax, ay, bx, by, r * SCALE, SIZE, SIZE)


def _disc(x: float, y: float, r: float) -> Mask:
    return c.disc_mask(*_p(x, y), r * SCALE, SIZE, SIZE)


def _ellipse(x: float, y: float, rx: float, ry: float) -> Mask:
    return c.ellipse_mask(*_p(x, y), rx * SCALE, ry * SCALE, SIZE, SIZE)


def _lines(segments: list, width: float) -> Mask:
    segs = [(_p(*a), _p(*b)) for a, b in segments]
    return c.strokes_mask(segs, width * SCALE, SIZE, SIZE)


def _union(*masks: Mask) -> Mask:
    return np.clip(np.maximum.reduce(masks), 0, 1)


# Each silhouette returns (body, detail, raised) masks: the body is filled with the
# silhouette colour, details (panel lines, windows, tread marks) are cut back in the disc
# colour, and raised parts (turret, cockpit, shoulder pods) throw a small shadow onto the
# body below them, which is what makes a flat silhouette read as a machine seen from above.
Silhouette = tuple[Mask, Mask, Mask]


def biped() -> Silhouette:
    torso = _poly([(47, 46), (81, 46), (86, 60), (80, 84), (48, 84), (42, 60)])
    head = _rrect(56, 34, 72, 52, 5)
    pods = _union(_rrect(33, 46, 52, 66, 5), _rrect(76, 46, 95, 66, 5))
    arm_l = _union(
        _rrect(27, 56, 39, 88, 4), _rrect(30, 22, 36, 58, 1.5), _rrect(28.5, 21, 37.5, 27, 1.5)
    )
    arm_r = _union(_rrect(89, 56, 101, 86, 4), _rrect(91, 40, 99, 58, 2))
    feet = _union(
        _poly([(49, 84), (59, 84), (61, 100), (47, 100)]),
        _poly([(69, 84), (79, 84), (81, 100), (67, 100)]),
    )
    body = _union(torso, head, pods, arm_l, arm_r, feet)
    cockpit = _poly([(59, 38), (69, 38), (67, 46), (61, 46)])
    tubes = _union(*[_disc(x, y, 1.7) for x in (81, 86, 91) for y in (51, 56, 61)])
    seams = _lines([((48, 72), (80, 72)), ((64, 54), (64, 84)), ((30, 70), (37, 70))], 1.0)
    seams = _union(seams, _lines([((91, 70), (99, 70)), ((37, 56), (48, 56))], 1.0))
    return body, _union(cockpit, tubes, seams * body), _union(head, pods)


def quad() -> Silhouette:
    hull = _rrect(46, 36, 82, 96, 12)
    head = _rrect(54, 22, 74, 42, 6)
    legs = _lines(
        [((50, 46), (33, 33)), ((78, 46), (95, 33)), ((50, 86), (33, 99)), ((78, 86), (95, 99))],
        8.0,
    )
    knees = _union(_disc(41, 39, 5), _disc(87, 39, 5), _disc(41, 93, 5), _disc(87, 93, 5))
    feet = _union(_disc(31, 31, 6), _disc(97, 31, 6), _disc(31, 101, 6), _disc(97, 101, 6))
    guns = _union(_rrect(57, 18, 61, 28, 1), _rrect(67, 18, 71, 28, 1))
    turret = _rrect(52, 52, 76, 74, 5)
    body = _union(hull, head, legs, knees, feet, guns, turret)
    cockpit = _poly([(58, 26), (70, 26), (68, 33), (60, 33)])
    seams = _lines([((46, 82), (82, 82)), ((64, 74), (64, 92))], 1.0) * hull
    ring = turret * (1 - _rrect(54, 54, 74, 72, 4))
    return body, _union(cockpit, seams, ring), _union(head, turret)


def tracked() -> Silhouette:
    tracks = _union(_rrect(36, 28, 50, 102, 4), _rrect(78, 28, 92, 102, 4))
    hull = _rrect(44, 32, 84, 100, 4)
    turret = _union(_disc(64, 68, 16), _rrect(52, 68, 76, 86, 5))
    barrel = _rrect(61, 22, 67, 58, 1.5)
    muzzle = _rrect(59.5, 21, 68.5, 27, 1.5)
    body = _union(tracks, hull, turret, barrel, muzzle)
    treads = _lines(
        [((36, y), (50, y)) for y in range(32, 100, 6)]
        + [((78, y), (92, y)) for y in range(32, 100, 6)],
        1.2,
    )
    hatch = _disc(70, 74, 4.5) * (1 - _disc(70, 74, 3.2))
    grille = _lines([((52, y), (76, y)) for y in (92, 95)], 1.0)
    glacis = _lines([((46, 38), (82, 38))], 1.0)
    return body, _union(treads * tracks, hatch, grille, glacis), _union(turret, barrel, muzzle)


def wheeled() -> Silhouette:
    hull = _rrect(44, 24, 84, 104, 9)
    wheels = _union(*[_rrect(x, y - 8, x + 10, y + 8, 3) for x in (36, 82) for y in (38, 64, 90)])
    turret = _disc(64, 62, 12)
    barrel = _rrect(62, 20, 66, 54, 1.2)
    body = _union(hull, wheels, turret, barrel)
    windows = _poly([(50, 30), (78, 30), (76, 38), (52, 38)])
    tyres = _lines([((36, y), (46, y)) for y in (38, 64, 90)], 1.0)
    tyres = _union(tyres, _lines([((82, y), (92, y)) for y in (38, 64, 90)], 1.0))
    deck = _lines([((48, 84), (80, 84)), ((48, 96), (80, 96))], 1.0)
    hatch = _disc(68, 66, 3.5) * (1 - _disc(68, 66, 2.3))
    return body, _union(windows, tyres, deck, hatch), _union(turret, barrel)


def hover() -> Silhouette:
    skirt = _union(_ellipse(64, 64, 28, 42), _rrect(36, 50, 92, 100, 16))
    hull = _union(_ellipse(64, 62, 22, 34), _rrect(42, 56, 86, 94, 12))
    barrel = _rrect(62, 20, 66, 44, 1.2)
    turret = _disc(64, 52, 8)
    body = _union(skirt, barrel, turret)
    gap = skirt * (1 - hull)
    gap = gap * (1 - _union(_ellipse(64, 64, 26, 40), _rrect(38, 52, 90, 98, 14)))
    fans = _union(_disc(52, 86, 7), _disc(76, 86, 7))
    fans = fans * (1 - _union(_disc(52, 86, 5.6), _disc(76, 86, 5.6)))
    blades = _lines([((47, 86), (57, 86)), ((52, 81), (52, 91))], 1.2)
    blades = _union(blades, _lines([((71, 86), (81, 86)), ((76, 81), (76, 91))], 1.2))
    canopy = _ellipse(64, 36, 6, 5)
    return body, _union(gap, fans, blades, canopy), _union(turret, barrel)


def infantry() -> Silhouette:
    parts, details, raised = [], [], []
    for x, y in ((64, 34), (40, 63), (88, 63), (64, 92)):
        shoulders = _ellipse(x, y + 3, 13, 7)
        helmet = _disc(x, y + 1, 6)
        rifle = _rrect(x + 8, y - 14, x + 11, y + 4, 1)
        pack = _rrect(x - 6, y + 6, x + 6, y + 12, 2)
        parts += [shoulders, helmet, rifle, pack]
        details.append(_lines([((x - 6, y + 6.5), (x + 6, y + 6.5))], 0.9))
        raised.append(helmet)
    return _union(*parts), _union(*details), _union(*raised)


# Jump troopers, four in a diamond like the foot platoon's but closer together, so the
# plumes below them stay clear of the side badge.
JUMP_TROOPERS = ((64, 30), (39, 54), (89, 54), (64, 76))


def jump_infantry() -> Silhouette:
    """Troopers with jump packs: a wide pack with twin nozzles on each back (the exhaust
    plumes below them are :func:`jump_exhaust`, painted in flame colours)."""
    parts, details, raised = [], [], []
    for x, y in JUMP_TROOPERS:
        shoulders = _ellipse(x, y + 3, 12, 6.5)
        helmet = _disc(x, y + 1, 5.5)
        rifle = _rrect(x + 8, y - 13, x + 11, y + 4, 1)
        pack = _rrect(x - 8, y + 6, x + 8, y + 12, 2.5)
        nozzles = _union(_disc(x - 4.5, y + 13, 3.2), _disc(x + 4.5, y + 13, 3.2))
        parts += [shoulders, helmet, rifle, pack, nozzles]
        bores = _union(_disc(x - 4.5, y + 13.5, 1.6), _disc(x + 4.5, y + 13.5, 1.6))
        details += [bores, _lines([((x, y + 6.5), (x, y + 11.5))], 0.9)]
        raised += [helmet, pack]
    return _union(*parts), _union(*details), _union(*raised)


def jump_exhaust() -> tuple[Mask, Mask]:
    """The outer flame and its bright core: a short plume under each nozzle."""
    outer, core = [], []
    for x, y in JUMP_TROOPERS:
        for nx in (x - 4.5, x + 4.5):
            outer.append(_poly([(nx - 3, y + 15), (nx + 3, y + 15), (nx + 1.2, y + 23),
                                (nx, y + 25), (nx - 1.2, y + 23)]))  # fmt: skip
            core.append(_ellipse(nx, y + 17.5, 1.4, 3.2))
    return _union(*outer), _union(*core)


def aero() -> Silhouette:
    """An aerospace fighter from above: a delta wing round a long fuselage, nose north."""
    fuselage = _union(_rrect(58, 22, 70, 100, 6), _poly([(58, 26), (64, 12), (70, 26)]))
    wings = _poly([(64, 42), (101, 84), (99, 92), (70, 82), (58, 82), (29, 92), (27, 84)])
    tail = _poly([(56, 88), (72, 88), (82, 102), (46, 102)])
    body = _union(fuselage, wings, tail)
    canopy = _ellipse(64, 36, 3.6, 8)
    lines = _lines([((64, 48), (94, 84)), ((64, 48), (34, 84)), ((52, 96), (76, 96))], 1.0)
    guns = _union(_rrect(44, 70, 47, 80, 1), _rrect(81, 70, 84, 80, 1))
    return body, _union(canopy, lines * wings, guns), _union(fuselage, canopy)


def dropship() -> Silhouette:
    """A DropShip from above: a broad lifting body with its engine bells at the tail."""
    hull = _poly([(64, 14), (94, 70), (96, 98), (32, 98), (34, 70)])
    fins = _union(_poly([(34, 74), (22, 100), (36, 98)]), _poly([(94, 74), (106, 100), (92, 98)]))
    body = _union(hull, fins)
    bridge = _poly([(58, 32), (64, 22), (70, 32)])
    bells = _union(*[_disc(x, 96, 5) for x in (48, 64, 80)])
    bells = bells * (1 - _union(*[_disc(x, 96, 3.2) for x in (48, 64, 80)]))
    bays = _lines([((46, 62), (82, 62)), ((42, 78), (86, 78)), ((64, 40), (64, 88))], 1.0)
    deck = _rrect(52, 44, 76, 86, 6)
    return body, _union(bridge, bells, bays * hull), _union(deck, bridge)


def wige() -> Silhouette:
    """A ground-effect craft: a long hull, broad low wings forward, a high T-tail aft."""
    hull = _union(_ellipse(64, 62, 11, 40), _rrect(56, 60, 72, 100, 6))
    wings = _poly([(53, 50), (75, 50), (104, 70), (104, 78), (75, 72), (53, 72), (24, 78),
                   (24, 70)])  # fmt: skip
    tail = _rrect(46, 92, 82, 100, 3)
    engines = _union(_ellipse(46, 54, 5, 9), _ellipse(82, 54, 5, 9))
    body = _union(hull, wings, tail, engines)
    canopy = _ellipse(64, 34, 5, 7)
    flaps = _lines([((28, 75), (52, 71)), ((76, 71), (100, 75))], 1.0)
    intakes = _union(_disc(46, 47, 2.2), _disc(82, 47, 2.2))
    return body, _union(canopy, flaps, intakes), _union(engines, tail)


def naval() -> Silhouette:
    """A surface vessel: a pointed bow at the top, a square stern, a turret and a bridge."""
    hull = _poly([(64, 14), (80, 40), (84, 70), (82, 106), (46, 106), (44, 70), (48, 40)])
    bridge = _rrect(54, 66, 74, 84, 3)
    turret = _disc(64, 46, 9)
    barrel = _rrect(62, 22, 66, 44, 1.2)
    body = _union(hull, bridge, turret, barrel)
    deck = _lines([((50, 92), (78, 92)), ((50, 99), (78, 99))], 1.0)
    windows = _lines([((57, 70), (71, 70))], 1.6)
    wake = _lines([((52, 56), (52, 62)), ((76, 56), (76, 62))], 1.0)
    return body, _union(deck, windows, wake), _union(bridge, turret, barrel)


def vtol() -> Silhouette:
    """A helicopter: cockpit forward, a tail boom with its small rotor, two long blades."""
    cabin = _union(_ellipse(64, 52, 13, 22), _rrect(58, 60, 70, 80, 5))
    boom = _rrect(61.5, 74, 66.5, 110, 2)
    tail_rotor = _rrect(56, 102, 72, 107, 2)
    blades = _lines([((22, 22), (106, 82)), ((106, 22), (22, 82))], 3.4)
    hub = _disc(64, 52, 6)
    stubs = _rrect(44, 58, 84, 63, 2)
    body = _union(cabin, boom, tail_rotor, blades, hub, stubs)
    canopy = _ellipse(64, 36, 7, 6)
    pods = _lines([((46, 60.5), (50, 60.5)), ((78, 60.5), (82, 60.5))], 1.2)
    return body, _union(canopy, pods), _union(hub, blades)


def submarine() -> Silhouette:
    """A submarine from above: a long rounded hull, the sail (conning tower) forward with
    its diving planes, cross-shaped stern planes and the screw at the tail."""
    hull = _union(_ellipse(64, 58, 15, 40), _poly([(50, 72), (78, 72), (69, 104), (59, 104)]))
    sail = _rrect(58.5, 36, 69.5, 60, 5.5)
    sail_planes = _rrect(46, 44, 82, 49, 2.2)
    stern = _union(_rrect(45, 92, 83, 97, 2.2), _rrect(61.5, 84, 66.5, 110, 1.8))
    screw = _union(_ellipse(64, 109, 7, 2.4), _disc(64, 109, 2.6))
    body = _union(hull, sail, sail_planes, stern, screw)
    spine = _lines([((64, 22), (64, 34)), ((64, 62), (64, 86))], 1.0)
    hatches = _union(_disc(64, 28, 2.0), _disc(64, 70, 2.0), _disc(64, 78, 1.6))
    tubes = _union(_disc(58, 26, 1.5), _disc(70, 26, 1.5))
    scope = _disc(64, 41, 2.2)
    return body, _union(spine * hull, hatches, tubes, scope), _union(sail, sail_planes)


SILHOUETTES: dict[str, Callable[[], Silhouette]] = {
    "biped": biped,
    "quad": quad,
    "tracked": tracked,
    "wheeled": wheeled,
    "hover": hover,
    "infantry": infantry,
    "jump_infantry": jump_infantry,
    "aero": aero,
    "dropship": dropship,
    "wige": wige,
    "naval": naval,
    "vtol": vtol,
    "submarine": submarine,
}


def counter(kind: str, side: str) -> np.ndarray:
    """One 128x128 RGBA counter; ``side`` is "A" or "B"."""
    col = {k: c.rgb(v) for k, v in SIDES[side].items()}
    img = c.canvas(SIZE, SIZE)
    disc = c.disc_mask(CX, CY, DISC_R, SIZE, SIZE)
    c.paint(img, (0, 0, 0), c.blur(c.shift(disc, 2.0, 2.5), 2.5), 0.45)
    x, y = c.coords(SIZE, SIZE)
    # a gently domed disc: lighter to the NW, darker to the SE
    sheen = 1.0 + ((CX - x) + (CY - y)) / (2 * DISC_R) * 0.14
    c.paint(img, np.clip(col["disc"][None, None, :] * sheen[..., None], 0, 1), disc)
    rim = disc * (1 - c.disc_mask(CX, CY, DISC_R - 3.5, SIZE, SIZE))
    c.paint(img, col["disc_rim"], rim)
    inner = c.disc_mask(CX, CY, DISC_R - 3.5, SIZE, SIZE)
    inner = inner * (1 - c.disc_mask(CX, CY, DISC_R - 4.5, SIZE, SIZE))
    c.paint(img, col["silhouette"], inner, 0.35)
    if kind not in NO_FACING:
        _facing_notch(img)
    body, detail, raised = SILHOUETTES[kind]()
    shadow = c.blur(c.shift(body, 1.5, 1.5), 1.2) * (1 - body)
    c.paint(img, (0, 0, 0), shadow, 0.35 if side == "A" else 0.2)
    # soft relief: lit on the NW edges, shaded on the SE edges; raised parts stand higher
    height = c.blur(body, 2.0) * 3.0 + c.blur(raised, 1.5) * 3.0
    relief = np.clip(c.shade_height(height, 1.0), 0.72, 1.15)
    sil = np.clip(col["silhouette"][None, None, :] * relief[..., None], 0, 1)
    c.paint(img, sil, body)
    c.paint(img, col["disc"], detail * body, 0.75)
    drop = c.blur(c.shift(raised, 1.6, 1.6), 0.8) * (1 - raised) * body
    c.paint(img, col["disc"], drop, 0.45)
    if kind == "jump_infantry":
        outer, core = jump_exhaust()
        c.paint(img, c.rgb(EXHAUST["outer"]), outer * (1 - body), 0.95)
        c.paint(img, c.rgb(EXHAUST["core"]), core * (1 - body))
    _side_badge(img, side, col)
    return c.downsample(img)


def _facing_notch(img: np.ndarray) -> None:
    """A large light arrowhead with a dark rim at the top, pointing north - the same on
    both sides, so the facing reads at a glance at every zoom."""
    rim = c.polygon_mask([(CX, 0.5), (CX - 17, 24), (CX + 17, 24)], SIZE, SIZE)
    notch = c.polygon_mask([(CX, 4.5), (CX - 12.5, 21.5), (CX + 12.5, 21.5)], SIZE, SIZE)
    c.paint(img, c.rgb(NOTCH["rim"]), rim)
    c.paint(img, c.rgb(NOTCH["fill"]), notch)


def _side_badge(img: np.ndarray, side: str, col: dict[str, np.ndarray]) -> None:
    """The shape half of the side badge (circle for A, diamond for B); the letter is
    stamped after downsampling."""
    bx, by = CX, 108.0
    if side == "A":
        shape = c.disc_mask(bx, by, 10.5, SIZE, SIZE)
        ring = shape * (1 - c.disc_mask(bx, by, 9.0, SIZE, SIZE))
    else:
        shape = c.polygon_mask(
            [(bx, by - 11.5), (bx + 11.5, by), (bx, by + 11.5), (bx - 11.5, by)], SIZE, SIZE
        )
        inner = c.polygon_mask(
            [(bx, by - 9.8), (bx + 9.8, by), (bx, by + 9.8), (bx - 9.8, by)], SIZE, SIZE
        )
        ring = shape * (1 - inner)
    c.paint(img, col["silhouette"], shape)
    c.paint(img, col["disc_rim"], ring)


def counter_png(kind: str, side: str) -> np.ndarray:
    pixels = counter(kind, side)
    col = {k: c.rgb(v) for k, v in SIDES[side].items()}
    return c.draw_label(pixels, side, (CX, 108.5), 20, col["disc"], col["silhouette"], 0)


def marker(kind: str) -> np.ndarray:
    """32x32 UI markers on a dark-rimmed disc: prone (a double down chevron), moved (a
    tick), hull (hull-down, ADV-11: a low dome behind a wall)."""
    s = 32
    img = c.canvas(s, s)
    disc = c.disc_mask(16, 16, 14.5, s, s)
    c.paint(img, (0, 0, 0), c.blur(c.shift(disc, 0.8, 1.0), 1.0), 0.4)
    c.paint(img, c.rgb(MARKER["rim"]), disc)
    c.paint(img, c.rgb(MARKER[f"{kind}_disc"]), c.disc_mask(16, 16, 13.0, s, s))
    if kind == "prone":
        pts = [((9, 9), (16, 16)), ((16, 16), (23, 9)), ((9, 16), (16, 23)), ((16, 23), (23, 16))]
    elif kind == "hull":
        pts = [((7.5, 21), (24.5, 21)), ((10.5, 17), (12.5, 12)), ((12.5, 12), (19.5, 12)),
               ((19.5, 12), (21.5, 17))]  # fmt: skip
    else:
        pts = [((8.5, 16.5), (13.5, 21.5)), ((13.5, 21.5), (23.5, 10.5))]
    c.paint(img, c.rgb(MARKER[f"{kind}_symbol"]), c.strokes_mask(pts, 3.2, s, s))
    return c.downsample(img)


def write_all(assets_dir: str) -> None:
    for kind in KINDS:
        for side in ("A", "B"):
            c.save_png(
                counter_png(kind, side), os.path.join(assets_dir, "units", f"{kind}_{side}.png")
            )
    for kind in ("prone", "moved", "hull"):
        c.save_png(marker(kind), os.path.join(assets_dir, "ui", f"{kind}.png"))
