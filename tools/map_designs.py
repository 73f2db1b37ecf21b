"""The bundled maps' designs for tools/make_maps.py: one :class:`Plan` per map, each with
a fixed seed, laid out with the shapes of tools/map_plan.py (ridges, rivers, the sea,
woods, roads, buildings)."""

from __future__ import annotations

from collections.abc import Callable

from map_plan import Plan

from game.hexgrid import Hex, distance


# -- the maps ------------------------------------------------------------------------------
def grassland() -> Plan:
    """Rolling grassland: a long western ridge (level 3), a north-eastern hill, a low
    southern rise, woods on the slopes and open valleys between them for firing lanes."""
    p = Plan(16, 17, 11, "Rolling grassland with ridges, woods and open firing lanes")
    p.hills(
        [
            (0.22, 0.12, 0.36, 0.52, 3.6, 1.5),
            (0.70, 0.18, 0.80, 0.28, 2.8, 1.3),
            (0.48, 0.84, 0.82, 0.76, 2.1, 1.1),
            (0.05, 0.80, 0.12, 0.92, 1.4, 1.0),
        ]
    )
    p.forest(0.36, 0.45, 2.6)
    p.forest(0.84, 0.58, 2.4)
    p.forest(0.56, 0.12, 1.6, 0.6)
    p.forest(0.12, 0.88, 1.8)
    p.forest(0.64, 0.92, 1.4, 0.6)
    p.patches(lambda h: p.level[h.row, h.col] >= 2 and not p.woods[h.row, h.col], p.rough, 0.45)
    p.patches(lambda h: 6 <= h.col <= 9 and 5 <= h.row <= 11, p.rough, 0.18)
    return p


def river() -> Plan:
    """A river valley: the river winds south through the middle with a deep channel,
    pools and two fords; a road crosses it on a bridge; woods line the banks; hills
    rise on both sides; a shallow stream comes down from the east."""
    p = Plan(16, 17, 22, "River valley with a bridge, fords and wooded banks")
    p.hills(
        [
            (0.06, 0.10, 0.20, 0.34, 2.9, 1.4),
            (0.10, 0.66, 0.05, 0.98, 2.2, 1.3),
            (0.86, 0.52, 0.94, 0.86, 2.8, 1.4),
            (0.82, 0.04, 0.92, 0.16, 1.8, 1.1),
        ]
    )
    p.river([0.44, 0.34, 0.46, 0.64, 0.60, 0.42, 0.38, 0.52], (24, 40, 66, 80), [0.3, 0.8])
    p.stream([Hex(15, 4), Hex(12, 5), Hex(10, 7)])
    p.relax()
    p.ford(3, 1)
    p.ford(13, 0)
    for fx, fy, r in ((0.34, 0.18, 2.0), (0.68, 0.40, 1.9), (0.30, 0.64, 2.2), (0.70, 0.88, 1.8)):
        p.forest(fx, fy, r)
    p.road_through([Hex(0, 9), Hex(4, 8), Hex(11, 8), Hex(15, 7)])
    p.patches(lambda h: p.level[h.row, h.col] >= 2 and not p.woods[h.row, h.col], p.rough, 0.35)
    return p


def city() -> Plan:
    """A city: a street grid of pavement, a tall downtown of heavy buildings, lighter
    blocks outwards, a hardened compound, a collapsed block of rubble and a wooded park;
    open outskirts on the west and east edges for deployment."""
    p = Plan(16, 17, 33, "City blocks, a downtown of tall buildings and a wooded park")
    rng = p.rng
    for hx in p.hexes():
        p.pave[hx.row, hx.col] = 2 <= hx.col <= 13
    for c in (4, 11):
        p.street(Hex(c, r) for r in range(p.height))
    for r in (3, 8, 13):
        p.street(Hex(c, r) for c in range(p.width))
    palettes = {
        "north": [("medium", 2), ("medium", 3), ("light", 2)],
        "downtown": [("heavy", 3), ("heavy", 5), ("heavy", 5), ("medium", 3)],
        "south": [("medium", 2), ("light", 2), ("medium", 3)],
        "edge": [("light", 1), ("light", 2)],
    }
    blocks = [
        ("north", range(5, 11), range(0, 3), 0.85),
        ("downtown", range(5, 11), range(4, 8), 0.9),
        ("south", range(5, 11), range(9, 13), 0.8),
        ("edge", range(2, 4), range(0, 13), 0.45),
        ("edge", range(12, 14), range(0, 13), 0.45),
    ]
    for name, cols, rows, share in blocks:
        for r in rows:
            for c in cols:
                if not p.road[r, c] and rng.random() < share:
                    p.building(Hex(c, r), *rng.choice(palettes[name]))
    for hx in (Hex(8, 5), Hex(8, 6), Hex(7, 6)):  # a plaza in the downtown
        p.feature.pop(hx, None)
    for hx in (Hex(9, 10), Hex(10, 10), Hex(9, 11)):  # the hardened compound
        p.building(hx, "hardened", 4)
    for hx in (Hex(6, 10), Hex(6, 11), Hex(7, 11), Hex(5, 12), Hex(6, 1)):  # collapsed
        p.feature.pop(hx, None)
        p.rubble[hx.row, hx.col] = True
    for r in range(14, 17):  # the park
        for c in range(5, 11):
            p.pave[r, c] = False
    p.level[15, 7] = p.level[15, 8] = p.level[16, 8] = 1
    p.water[14, 6] = p.water[15, 6] = 1  # a pond
    p.water[15, 5] = 0
    p.forest(0.50, 0.93, 1.6, 0.55)
    for hx in (Hex(0, 5), Hex(1, 11), Hex(15, 2), Hex(14, 10)):
        p.building(hx, "light", 1)
        p.pave[hx.row, hx.col] = False
    p.patches(lambda h: (h.col < 2 or h.col > 13) and p.free(h), p.rough, 0.2)
    p.building(Hex(9, 6), "heavy", 5)
    p.overrides.append((Hex(9, 6), {"building_cf": 60, "terrain": "damaged heavy building"}))
    return p


def harbour() -> Plan:
    """A harbour on the south coast: the sea across the whole south edge (a shoal strip,
    depth 1 nearer the shore, a deep channel of depth 2-3 offshore), so each side's zone
    holds sea hexes for vessels (ADV-24); a small town on a paved quay with a mole and a
    pier; a coast road that crosses a tidal inlet on a bridge; a road inland; a wooded
    hill in the north-east, woods in the north-west, a lighthouse on the eastern point."""
    p = Plan(16, 17, 55, "Harbour town on a south coast: deep water, a quay, a pier, an inlet")
    p.hills([(0.70, 0.04, 0.90, 0.16, 3.2, 1.4), (0.10, 0.10, 0.24, 0.22, 1.8, 1.1)])
    p.sea([0.75, 0.76, 0.77, 0.70, 0.66, 0.68, 0.76, 0.77, 0.73], (1.0, 2.0, 3.1))
    for r, depth in ((8, 0), (9, 1), (10, 2), (11, 2), (12, 2), (13, 2)):  # the tidal inlet
        p.water[r, 4] = max(p.water[r, 4], depth)
        for c in (3, 5):
            p.water[r, c] = max(p.water[r, c], 0 if r < 11 else 1)
    _quay(p, range(6, 11), 8, 12)
    p.relax()
    p.road_through([Hex(0, 9), Hex(3, 10), Hex(6, 10), Hex(10, 9), Hex(15, 8)])
    pier = p.road_through([Hex(8, 15), Hex(8, 0)])  # the pier, the mole, the road inland
    for hx in pier[:4]:
        p.pave[hx.row, hx.col] = p.water[hx.row, hx.col] < 0  # the mole is paved like the quay
    _harbour_town(p)
    for fx, fy, r in ((0.16, 0.18, 2.2), (0.84, 0.22, 1.8), (0.50, 0.10, 1.4), (0.24, 0.44, 1.2)):
        p.forest(fx, fy, r)
    p.patches(
        lambda h: p.level[h.row, h.col] >= 2 and p.free(h) and not p.woods[h.row, h.col],
        p.rough,
        0.35,
    )
    p.patches(lambda h: p.free(h) and h.row >= 11 and not p.pave[h.row, h.col], p.rough, 0.3)
    return p


def _quay(p: Plan, cols: range, top: int, shore: int) -> None:
    """The town's shore (rows ``top``..``shore`` of ``cols``) is paved to the water's edge
    and the basin beyond it dredged: no shoal at the quay, depth 1 at least."""
    for hx in p.hexes():
        if hx.col not in cols or hx.row < top:
            continue
        if hx.row <= shore and p.water[hx.row, hx.col] <= 0:
            p.water[hx.row, hx.col] = -1
            p.pave[hx.row, hx.col] = True
        elif p.water[hx.row, hx.col] >= 0:
            p.water[hx.row, hx.col] = max(p.water[hx.row, hx.col], 1)


def _harbour_town(p: Plan) -> None:
    """Warehouses behind the quay, houses up the road inland, a lighthouse on the point."""
    town = [
        ("heavy", 3, Hex(7, 10)),
        ("medium", 3, Hex(9, 10)),
        ("medium", 2, Hex(10, 10)),
        ("medium", 2, Hex(7, 8)),
        ("light", 2, Hex(9, 8)),
        ("light", 1, Hex(10, 8)),
        ("light", 1, Hex(9, 7)),
        ("light", 1, Hex(7, 7)),
        ("light", 2, Hex(6, 9)),
        ("hardened", 4, Hex(12, 12)),
    ]
    for cls, height, hx in town:
        if not p.free(hx):
            raise AssertionError(f"{p.description}: hex {hx} is not free for a building")
        p.building(hx, cls, height)
    p.overrides.append((Hex(12, 12), {"terrain": "lighthouse"}))


def default() -> Plan:
    """Four sheets of mixed country: high hills (level 4) in the north-west, a river
    from north to south with a bridge and two fords, a road from west to east, a small
    town east of the bridge with a ruined quarter, woods and rough ground."""
    p = Plan(32, 34, 44, "Mixed country: hills, a river with a bridge, a small town")
    rng = p.rng
    p.hills(
        [
            (0.10, 0.08, 0.32, 0.30, 5.0, 2.0),
            (0.68, 0.08, 0.86, 0.18, 3.2, 1.6),
            (0.08, 0.66, 0.22, 0.86, 2.8, 1.6),
            (0.80, 0.82, 0.92, 0.95, 2.0, 1.4),
            (0.36, 0.56, 0.42, 0.62, 1.6, 1.0),
        ]
    )
    p.river([0.50, 0.42, 0.50, 0.64, 0.58, 0.42, 0.44, 0.60, 0.54], (26, 40, 68, 84), [0.28, 0.7])
    p.stream([Hex(8, 20), Hex(12, 22), Hex(15, 22)])
    p.relax()
    p.ford(6, 1)
    p.ford(27, 0)
    p.road_through([Hex(0, 17), Hex(8, 15), Hex(14, 16), Hex(20, 17), Hex(31, 15)])
    p.road_through([Hex(22, 17), Hex(23, 24), Hex(27, 33)])
    town = [Hex(c, r) for c in range(19, 28) for r in range(13, 24)]
    for hx in town:
        if p.level[hx.row, hx.col] > 0 or p.water[hx.row, hx.col] >= 0 or p.road[hx.row, hx.col]:
            continue
        near = min(distance(hx, Hex(22, 18)), distance(hx, Hex(23, 21)))
        if near <= 3 and rng.random() < 0.75:
            cls = rng.choice([("medium", 2), ("medium", 3), ("heavy", 3), ("light", 2)])
            p.building(hx, *cls)
        elif near <= 5 and rng.random() < 0.35:
            p.building(hx, "light", rng.choice([1, 2]))
    ruined = sorted(p.feature, key=lambda hx: (distance(hx, Hex(25, 20)), hx))[:4]
    for hx in ruined:  # a ruined quarter: the buildings nearest one corner collapsed
        del p.feature[hx]
        p.rubble[hx.row, hx.col] = True
    p.building(Hex(7, 6), "hardened", 4)  # a bunker on the high ground
    p.overrides.append((Hex(7, 6), {"building_cf": 120, "terrain": "hilltop bunker"}))
    for fx, fy, r, heavy in (
        (0.30, 0.12, 2.6, 0.5),
        (0.22, 0.48, 3.2, 0.45),
        (0.66, 0.34, 2.8, 0.45),
        (0.40, 0.84, 3.0, 0.5),
        (0.86, 0.56, 2.6, 0.5),
        (0.64, 0.92, 2.0, 0.6),
        (0.90, 0.16, 1.8, 0.6),
    ):
        p.forest(fx, fy, r, heavy)
    for hx in list(p.feature):
        p.woods[hx.row, hx.col] = 0
    p.patches(lambda h: p.level[h.row, h.col] >= 3 and p.free(h), p.rough, 0.4)
    p.patches(
        lambda h: 0.6 < h.col / 32 < 0.85 and 0.55 < h.row / 34 < 0.8 and p.free(h),
        p.rough,
        0.25,
    )
    for hx in p.hexes():
        if p.woods[hx.row, hx.col] and p.rough[hx.row, hx.col] and hx.col % 3:
            p.rough[hx.row, hx.col] = False
    return p


MAPS: dict[str, Callable[[], Plan]] = {
    "grassland": grassland,
    "river": river,
    "city": city,
    "harbour": harbour,
    "default": default,
}
