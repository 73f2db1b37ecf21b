"""Finding records by id in the game state's tuples without a linear scan per lookup.

GameState keeps units, bodies and move records in tuples (it is immutable, and equality
and saves rely on the order); looking one up by id scanned the tuple, so a phase that
asks about every unit cost units x units. :func:`index_of` builds a dict for a tuple
once and keeps it while that very tuple is in use (the last few built are remembered,
by identity), so each lookup is a dict access. The first record with an id wins, as the
scan's ``next(...)`` did.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")

_KEPT = 32
_INDEXES: OrderedDict[tuple[int, str], tuple[tuple, dict]] = OrderedDict()


def index_of(items: tuple[T, ...], key: Callable[[T], Hashable], kind: str) -> dict:
    """{key(item): item} for the tuple, first occurrence winning; cached per tuple."""
    slot = (id(items), kind)
    hit = _INDEXES.get(slot)
    if hit is not None and hit[0] is items:
        return hit[1]
    table: dict = {}
    for item in items:
        table.setdefault(key(item), item)
    _INDEXES[slot] = (items, table)
    if len(_INDEXES) > _KEPT:  # the oldest built goes (states move on, tuples with them)
        _INDEXES.popitem(last=False)
    return table
