"""The tile stacks of a whole map at once: one merge per distinct stack, not per hex.

A map of a million hexes is painted with a few dozen tiles, so it holds only a few
hundred distinct stacks (the tiles of one hex across the layers). Each distinct stack is
parsed, merged (schema.merge_stack) and turned into a HexSpec (schema.to_spec) once, and
numpy spreads the result over every hex that shows it. Errors are the ones the per-hex
walk of the layers would meet first: tiles are parsed in the order they first appear
(layer by layer, row by row), and a stack that cannot be merged or used is reported at
its first hex in that order, so a broken map reads the same sentence whatever its size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..board import ARRAY_FIELDS, BOARD_DTYPES, HexSpec
from .schema import MapError, Value, is_feature, merge_stack, to_spec

Props = dict[str, Value]


@dataclass(frozen=True, slots=True, eq=False)
class Stacks:
    """Every hex's stack as an index into ``combos`` (-1: no tile with properties).

    ``combos[k]`` is the k-th distinct stack, gids per layer (0: nothing there);
    ``merged[k]`` its merged properties; ``first[k]`` the flat hex index (our columns)
    where the layer walk meets it first and ``order`` every hex's place in that walk.
    """

    rows: int
    cols: int
    index: np.ndarray  # (rows * cols,) int64
    combos: np.ndarray  # (K, layers) int64
    merged: tuple[Props, ...]
    order: np.ndarray  # (rows * cols,) int64, place in the layer walk (large: no tiles)

    def first_hex(self, k: int, skip: frozenset[int] = frozenset()) -> int | None:
        """The first hex (flat index) of stack k in walk order, leaving out ``skip``."""
        hexes = np.flatnonzero(self.index == k)
        if skip:
            hexes = hexes[~np.isin(hexes, np.fromiter(skip, np.int64))]
        return None if hexes.size == 0 else int(hexes[np.argmin(self.order[hexes])])


def tile_props(
    layers: Sequence[np.ndarray],
    parse: Callable[[int, int, int], Props],
) -> dict[int, Props]:
    """Properties of every gid used, parsed in order of first appearance (layer by layer,
    row-major), as the per-hex walk would: ``parse(gid, row, col)`` may raise MapError."""
    seen: dict[int, Props] = {}
    for gids in layers:
        flat = gids.ravel()
        used, first = np.unique(flat, return_index=True)
        for i in np.argsort(first, kind="stable"):
            gid = int(used[i])
            if gid and gid not in seen:
                r, c = divmod(int(first[i]), gids.shape[1])
                seen[gid] = parse(gid, r, c)
    return seen


def build_stacks(
    layers: Sequence[np.ndarray],
    ranks: Sequence[int],
    props: Mapping[int, Props],
    shift: int,
    label: Callable[[int], str],
) -> Stacks:
    """Group the hexes by stack and merge each stack once (MOV-14/15 via merge_stack).

    ``layers`` are gid arrays [row, tiled col]; the board has ``shift`` more columns on
    the west. ``label(flat hex)`` names a hex for messages."""
    rows, tcols = layers[0].shape
    cols = tcols + shift
    n, nl = rows * cols, len(layers)
    keys = np.zeros((n, nl), np.int64)
    useful = np.array([g for g, p in props.items() if g and p], np.int64)
    for i, gids in enumerate(layers):
        mask = np.isin(gids, useful)
        col = np.zeros((rows, cols), np.int64)
        col[:, shift:] = np.where(mask, gids, 0)
        keys[:, i] = col.ravel()
    any_tile = keys != 0
    first_layer = np.where(any_tile.any(axis=1), any_tile.argmax(axis=1), nl)
    order = first_layer * n + np.arange(n)
    combos, index = _unique_rows(keys)
    empty = np.flatnonzero(~combos.any(axis=1))
    if empty.size:  # the all-empty stack is no stack
        index = np.where(index == empty[0], -1, index - (index > empty[0]))
        combos = np.delete(combos, empty[0], axis=0)
    firsts = np.full(len(combos), np.iinfo(np.int64).max)
    has = index >= 0
    np.minimum.at(firsts, index[has], order[has])
    merged: list[Props | None] = [None] * len(combos)
    for k in np.argsort(firsts, kind="stable"):  # errors at the first hex in walk order
        stack = [(is_feature(props[int(g)]), ranks[i], props[int(g)])
                 for i, g in enumerate(combos[k]) if g]  # fmt: skip
        stack.sort(key=lambda t: t[:2])
        merged[k] = merge_stack([p for _, _, p in stack], label(int(firsts[k] % n)))
    return Stacks(rows, cols, index, combos, tuple(m or {} for m in merged), order)


def _unique_rows(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """np.unique(keys, axis=0, return_inverse=True), fast: the columns are folded into
    one dense code column by column, so every sort is a plain 1-D one."""
    code = np.zeros(len(keys), np.int64)
    for j in range(keys.shape[1]):
        values, col = np.unique(keys[:, j], return_inverse=True)
        _, code = np.unique(code * len(values) + col.ravel(), return_inverse=True)
        code = code.ravel().astype(np.int64)
    first = np.zeros(int(code.max(initial=-1)) + 1, np.int64)
    first[code[::-1]] = np.arange(len(code))[::-1]
    return keys[first], code


def stack_specs(
    st: Stacks,
    overridden: Mapping[int, Props],
    label: Callable[[int], str],
) -> tuple[list[HexSpec], dict[int, HexSpec]]:
    """HexSpecs per stack and per overridden hex (flat index), raising the to_spec error
    of the first hex in walk order (hexes only overrides reach come last, in their
    order) as the per-hex loop would."""
    skip = frozenset(overridden)
    failures: list[tuple[int, str]] = []
    specs: list[HexSpec] = []
    for k, merged in enumerate(st.merged):
        try:
            specs.append(to_spec(merged, "?"))
        except MapError:
            h = st.first_hex(k, skip)
            specs.append(HexSpec())
            if h is not None:
                failures.append((int(st.order[h]), _spec_error(merged, label(h))))
    own: dict[int, HexSpec] = {}
    for extra, (h, merged) in enumerate(overridden.items()):
        try:
            own[h] = to_spec(merged, label(h))
        except MapError as e:  # a hex only an override reaches comes after the tiled ones
            place = int(st.order[h]) if st.index[h] >= 0 else len(st.order) * 1000 + extra
            failures.append((place, str(e)))
    if failures:
        raise MapError(min(failures)[1])
    return specs, own


def _spec_error(merged: Props, where: str) -> str:
    try:
        to_spec(merged, where)
    except MapError as e:
        return str(e)
    return f"{where}: the hex cannot be used."  # pragma: no cover - to_spec is pure


def spec_arrays(st: Stacks, specs: Sequence[HexSpec]) -> dict[str, np.ndarray]:
    """Board arrays [row, col] from the stacks' specs (road exits left to the caller);
    hexes without a stack are clear level-0 ground (HexSpec())."""
    clear = HexSpec()
    out: dict[str, np.ndarray] = {}
    for f in ARRAY_FIELDS:
        if f == "road_exits":
            continue
        values = np.array([getattr(s, f) for s in (*specs, clear)], dtype=BOARD_DTYPES[f])
        out[f] = values[st.index].reshape(st.rows, st.cols)  # -1 picks the clear spec
    return out
