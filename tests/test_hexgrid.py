"""Hex geometry: the spec's test vectors and property tests (round trips, symmetry, BFS)."""

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import (
    Hex,
    HexNameError,
    bearing,
    direction_to,
    distance,
    facing_change_cost,
    from_cube,
    hex_name,
    line,
    neighbour,
    parse_hex_name,
    ring,
    rotate,
    to_cube,
)

hexes = st.builds(Hex, st.integers(0, 40), st.integers(0, 40))
P = parse_hex_name


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        ("0505", ["0504", "0604", "0605", "0506", "0405", "0404"]),
        ("0605", ["0604", "0705", "0706", "0606", "0506", "0505"]),
    ],
)
def test_neighbour_vectors_from_the_spec(start: str, expected: list[str]) -> None:
    assert [hex_name(neighbour(P(start), d)) for d in range(6)] == expected


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [("0101", "0105", 4), ("0101", "0501", 4), ("0101", "0503", 4), ("0101", "0404", 5),
     ("0202", "0703", 5)],
)  # fmt: skip
def test_distance_vectors_from_the_digest(a: str, b: str, d: int) -> None:
    assert distance(P(a), P(b)) == d


@pytest.mark.parametrize(
    ("target", "deg"), [("0702", 30.0), ("0805", 100.89), ("0205", 259.11), ("0509", 180.0)]
)
def test_bearing_vectors_from_the_digest(target: str, deg: float) -> None:
    assert bearing(P("0505"), P(target)) == pytest.approx(deg, abs=0.01)


def test_names_round_trip_and_wide_boards() -> None:
    assert hex_name(Hex(0, 0)) == "0101"
    assert hex_name(Hex(101, 4), 120, 10) == "102005"
    assert parse_hex_name("102005") == Hex(101, 4)
    for bad in ("", "0A05", "505", "0005", "12345", "0500"):
        with pytest.raises(HexNameError):
            parse_hex_name(bad)


@given(hexes)
def test_name_round_trip(h: Hex) -> None:
    assert parse_hex_name(hex_name(h)) == h


@given(hexes)
def test_cube_round_trip(h: Hex) -> None:
    q, r, s = to_cube(h)
    assert q + r + s == 0
    assert from_cube(q, r, s) == h


@given(hexes, st.integers(0, 5))
def test_neighbour_symmetry(h: Hex, d: int) -> None:
    n = neighbour(h, d)
    assert neighbour(n, (d + 3) % 6) == h
    assert distance(h, n) == 1
    assert direction_to(h, n) == d


@given(hexes, st.integers(-12, 12), st.integers(0, 5))
def test_rotation_and_facing_cost(h: Hex, steps: int, f: int) -> None:
    g = rotate(f, steps)
    assert 0 <= g < 6
    assert facing_change_cost(f, g) == min(steps % 6, 6 - steps % 6)  # MOV-17
    assert facing_change_cost(f, (f + 3) % 6) == 3


def _bfs_distance(a: Hex, b: Hex, limit: int = 30) -> int:
    seen = {a: 0}
    q = deque([a])
    while q:
        h = q.popleft()
        if h == b:
            return seen[h]
        for d in range(6):
            n = neighbour(h, d)
            if n not in seen and -limit <= n.col <= 60 and -limit <= n.row <= 60:
                seen[n] = seen[h] + 1
                q.append(n)
    raise AssertionError("unreachable")


@given(st.builds(Hex, st.integers(0, 12), st.integers(0, 12)),
       st.builds(Hex, st.integers(0, 12), st.integers(0, 12)))  # fmt: skip
def test_distance_equals_bfs(a: Hex, b: Hex) -> None:
    assert distance(a, b) == _bfs_distance(a, b)


@given(hexes, hexes)
def test_line_endpoints_and_steps(a: Hex, b: Hex) -> None:
    ln = line(a, b)
    assert ln[0] == (a,)
    assert ln[-1] == (b,)
    assert len(ln) == distance(a, b) + 1
    for prev, cur in zip(ln, ln[1:], strict=False):
        assert 1 <= len(cur) <= 2
        # every candidate of a step is adjacent to some candidate of the step before
        for h in cur:
            assert any(distance(h, p) <= 1 for p in prev)


def test_line_along_a_hexside_reports_both_candidates() -> None:
    # 0101 -> 0301 runs exactly along the side between 0200 (off-map above) and 0201.
    ln = line(P("0101"), P("0301"))
    assert len(ln[1]) == 2
    assert Hex(1, 0) in ln[1]
    # A line straight down a column never splits.
    assert all(len(c) == 1 for c in line(P("0505"), P("0510")))


def test_ring_sizes() -> None:
    c = Hex(10, 10)
    assert list(ring(c, 0)) == [c]
    for r in (1, 2, 3):
        hs = list(ring(c, r))
        assert len(hs) == 6 * r
        assert all(distance(c, h) == r for h in hs)
