"""The bundled maps load, are well formed and hold the terrain their descriptions promise."""

import importlib.util
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
import pytest

from game.board import Board
from game.hexgrid import Hex, line, neighbour, neighbours, parse_hex_name
from game.maps import DEFAULT_MAP, MAPS_DIR, MapError, bundled_map, bundled_maps, load_map
from game.rules.deploy import legal_deploy_hexes

REPO = Path(__file__).resolve().parents[2]
NAMES = ("city", "default", "grassland", "harbour", "river")


@pytest.fixture(scope="module")
def boards() -> dict[str, Board]:
    return {name: load_map(bundled_map(name)) for name in NAMES}


def hexes_where(mask: np.ndarray) -> set[Hex]:
    return {Hex(int(c), int(r)) for r, c in np.argwhere(mask)}


def components(cells: set[Hex]) -> list[set[Hex]]:
    left, out = set(cells), []
    while left:
        todo, comp = [left.pop()], set()
        while todo:
            h = todo.pop()
            comp.add(h)
            for n in neighbours(h):
                if n in left:
                    left.remove(n)
                    todo.append(n)
        out.append(comp)
    return out


def road_components(b: Board) -> list[set[Hex]]:
    """Road networks by the road links (MOV-24: both hexes' exits), not mere touching."""
    left, out = hexes_where(b.road), []
    while left:
        todo, comp = [left.pop()], set()
        while todo:
            h = todo.pop()
            comp.add(h)
            for d in range(6):
                n = neighbour(h, d)
                linked = int(b.road_exits[h.row, h.col]) >> d & 1
                if n in left and linked and int(b.road_exits[n.row, n.col]) >> (d + 3) % 6 & 1:
                    left.remove(n)
                    todo.append(n)
        out.append(comp)
    return out


def neighbour_pairs(b: Board) -> Iterable[tuple[Hex, Hex]]:
    for r in range(b.height):
        for c in range(b.width):
            for n in neighbours(Hex(c, r)):
                if b.contains(n):
                    yield Hex(c, r), n


def test_locator_finds_every_bundled_map() -> None:
    assert [p.stem for p in bundled_maps()] == list(NAMES)
    assert DEFAULT_MAP == MAPS_DIR / "default.tmx" and DEFAULT_MAP.is_file()
    assert bundled_map("river.tmx") == bundled_map("river") == MAPS_DIR / "river.tmx"
    with pytest.raises(MapError, match="no bundled map of that name"):
        bundled_map("moon")


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("grassland", (16, 17)),
        ("river", (16, 17)),
        ("city", (16, 17)),
        ("harbour", (16, 17)),
        ("default", (32, 34)),
    ],
)
def test_sizes_names_and_deployment_on_opposite_edges(boards, name: str, size) -> None:
    b = boards[name]
    assert (b.width, b.height) == size and b.name == name
    zones = {z.side: z.hexes for z in b.zones}
    assert set(zones) == {"A", "B"}
    west = {Hex(c, r) for c in range(3) for r in range(b.height)}
    east = {Hex(c, r) for c in range(b.width - 3, b.width) for r in range(b.height)}
    assert zones["A"] == west and zones["B"] == east


@pytest.mark.parametrize("name", NAMES)
def test_hills_are_terraces_without_cliffs(boards, name: str) -> None:
    b = boards[name]
    assert all(
        abs(int(b.level[a.row, a.col]) - int(b.level[n.row, n.col])) <= 1
        for a, n in neighbour_pairs(b)
    )


@pytest.mark.parametrize("name", NAMES)
def test_roads_are_one_network_and_cross_water_only_on_bridges(boards, name: str) -> None:
    b = boards[name]
    road = hexes_where(b.road)
    if name == "grassland":
        assert not road
        return
    assert len(components(road)) == 1 and len(road_components(b)) == 1
    wet_road = hexes_where(b.road & (b.water >= 0))
    assert wet_road == hexes_where((b.bridge_class > 0) & (b.water >= 0))
    assert any(h.col == 0 for h in road) and any(h.col == b.width - 1 for h in road)


@pytest.mark.parametrize("name", ["river", "default"])
def test_rivers_flow_from_edge_to_edge_with_channel_pools_and_fords(boards, name: str) -> None:
    b = boards[name]
    water = hexes_where(b.water >= 0)
    biggest = max(components(water), key=len)
    assert min(h.row for h in biggest) == 0 and max(h.row for h in biggest) == b.height - 1
    assert {0, 1, 2, 3} <= set(np.unique(b.water).tolist())
    fords = [
        r for r in range(b.height) if 0 <= b.water[r].max() <= 1 and (b.water[r] >= 0).sum() >= 2
    ]
    assert len(fords) >= 2
    assert not (b.woods > 0)[b.water >= 1].any()


@pytest.mark.parametrize("name", ["river", "default"])
def test_bridge_carries_the_road_over_deep_water(boards, name: str) -> None:
    b = boards[name]
    bridges = hexes_where(b.bridge_class > 0)
    assert bridges
    for h in bridges:
        s = b.spec(h)
        assert s.road and s.water >= 2 and s.bridge_level == s.level and s.bridge_cf == 40
        # the road continues on dry land on both sides of the bridge
        assert sum(1 for n in neighbours(h) if b.contains(n) and b.road[n.row, n.col]) >= 2
        # MOV-24: the deck carries the road through: two exits, both answered
        exits = [d for d in range(6) if int(b.road_exits[h.row, h.col]) >> d & 1]
        assert len(exits) == 2
        for d in exits:
            n = neighbour(h, d)
            assert b.road[n.row, n.col] and int(b.road_exits[n.row, n.col]) >> (d + 3) % 6 & 1


def test_grassland_has_hills_woods_rough_and_open_lanes(boards) -> None:
    b = boards["grassland"]
    assert set(np.unique(b.level).tolist()) == {0, 1, 2, 3}
    assert {1, 2} <= set(np.unique(b.woods).tolist())
    assert b.rough.any() and not (b.water >= 0).any() and not b.building_class.any()
    # firing lanes: straight lines from zone edge to zone edge that no woods hex blocks
    lanes = [
        r
        for r in range(b.height)
        if not any(b.woods[h.row, h.col] for step in line(Hex(2, r), Hex(13, r)) for h in step)
    ]
    assert len(lanes) >= 3


def test_city_has_every_building_class_heights_rubble_and_a_park(boards) -> None:
    b = boards["city"]
    assert set(np.unique(b.building_class).tolist()) == {0, 1, 2, 3, 4}
    assert set(np.unique(b.building_height[b.building_class > 0]).tolist()) >= {1, 2, 3, 4, 5}
    assert b.rubble.sum() >= 4 and {1, 2} <= set(np.unique(b.woods).tolist())
    assert b.pavement.mean() > 0.5
    damaged = b.spec(parse_hex_name("1007"))  # the overrides layer lowers its CF
    assert (damaged.building_class, damaged.building_cf, damaged.building_height) == (3, 60, 5)


def test_default_map_mixes_everything(boards) -> None:
    b = boards["default"]
    assert int(b.level.max()) == 4
    assert b.woods.any() and b.rough.any() and b.rubble.any() and b.building_class.any()
    assert (b.water >= 2).any() and b.bridge_class.any()
    bunker = b.spec(parse_hex_name("0807"))
    assert (bunker.building_class, bunker.building_cf, bunker.level) == (4, 120, bunker.level)
    assert bunker.level >= 3


def test_adv_24_harbour_has_sea_for_vessels_in_both_deployment_zones(boards) -> None:
    """The sea runs along the whole south edge, shoal near the shore and deep offshore,
    and each side's zone holds depth 1+ hexes a vessel may deploy in, and land for the rest."""
    b = boards["harbour"]
    assert (b.water[-1] >= 2).all() and (b.water[-2] >= 1).all()  # the offshore channel
    assert {0, 1, 2, 3} <= set(np.unique(b.water).tolist())
    sea = max(components(hexes_where(b.water >= 0)), key=len)
    assert {h.col for h in sea if h.row == b.height - 1} == set(range(b.width))
    for z in b.zones:
        deep = {h for h in z.hexes if b.water[h.row, h.col] >= 1}
        land = {h for h in z.hexes if b.water[h.row, h.col] < 0}
        assert len(deep) >= 6 and len(land) >= 30, (z.side, len(deep), len(land))
        for kind in ("naval", "submarine"):
            assert legal_deploy_hexes(b, z.side, (), kind) == deep
        # the beach: shallow water between the land and the deeper sea in every zone column
        assert all((b.water[:, h.col] == 0).any() for h in deep)


def test_harbour_has_a_town_on_a_quay_a_pier_an_inlet_bridge_hills_and_woods(boards) -> None:
    b = boards["harbour"]
    assert (b.building_class > 0).sum() >= 8 and b.level.max() >= 3
    assert {1, 2} <= set(np.unique(b.woods).tolist())
    quay = hexes_where(b.pavement & (b.water < 0) & (b.building_class == 0) & ~b.road)
    assert sum(any(b.contains(n) and b.water[n.row, n.col] >= 1 for n in neighbours(h))
               for h in quay) >= 4  # fmt: skip
    bridges = hexes_where(b.bridge_class > 0)
    assert all(b.water[h.row, h.col] >= 2 and b.road[h.row, h.col] for h in bridges)
    ends = [h for h in bridges if bin(int(b.road_exits[h.row, h.col])).count("1") == 1]
    assert len(ends) == 1  # the pier head; the other bridges carry a road on over the water
    inlet = [h for h in bridges if sum(b.road[n.row, n.col] and b.water[n.row, n.col] < 0
                                        for n in neighbours(h) if b.contains(n)) == 2]  # fmt: skip
    assert inlet and b.water[inlet[0].row - 2, inlet[0].col] >= 0  # the inlet reaches inland
    road = hexes_where(b.road)
    assert any(h.row == 0 for h in road)  # the road inland leaves by the north edge
    lighthouse = b.spec(parse_hex_name("1313"))
    assert (lighthouse.building_class, lighthouse.building_height) == (4, 4)


def _load_tool() -> Callable[[list[str]], int]:
    sys.path.insert(0, str(REPO / "tools"))
    spec = importlib.util.spec_from_file_location("make_maps", REPO / "tools" / "make_maps.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.main


def test_generator_is_deterministic_and_matches_the_committed_maps(tmp_path: Path) -> None:
    main = _load_tool()
    assert main([str(tmp_path)]) == 0
    for name in (*NAMES, "terrain"):
        ext = "tsx" if name == "terrain" else "tmx"
        made = (tmp_path / f"{name}.{ext}").read_bytes()
        assert made == (MAPS_DIR / f"{name}.{ext}").read_bytes(), name


def test_tileset_matches_the_contract() -> None:
    from xml.etree import ElementTree

    root = ElementTree.parse(MAPS_DIR / "terrain.tsx").getroot()
    assert root.get("name") == "terrain" and root.get("tilecount") == "32"
    assert (root.get("tilewidth"), root.get("tileheight"), root.get("columns")) == ("84", "72", "8")
    assert root.find("image").get("source") == "terrain.png"
    props = {
        int(t.get("id")): {p.get("name"): p.get("value") for p in t.iter("property")}
        for t in root.iter("tile")
    }
    assert len(props) == 32
    assert props[7]["water"] == "3" and props[13]["level"] == "6" and props[15]["level"] == "-2"
    assert props[20] == {"terrain": "road", "road": "true", "pavement": "true"}
    assert props[25]["bridge"] == "medium" and props[25]["road"] == "true"
    assert props[24]["building"] == "hardened" and props[24]["building_cf"] == "150"
    assert props[31]["building_height"] == "5"
