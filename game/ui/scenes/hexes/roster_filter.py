"""The start screen roster's search box and filters (weight class, kind, era): which
designs a list of a thousand shows. Pure functions over designs; no pygame."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from game.designs.model import Design
from game.units.unit import AERO, INFANTRY, MECH_KINDS

WEIGHTS = ("any weight", "light", "medium", "heavy", "assault")
KINDS = ("any kind", "Mechs", "vehicles", "aerospace", "infantry")
ERAS = ("any era", "to 3025", "3026-3050", "3051 on", "era unknown")


def weight_class(d: Design) -> str:
    """Light to 35 tons, medium to 55, heavy to 75, assault above (Mechs and vehicles)."""
    return (
        "light"
        if d.tons <= 35
        else "medium"
        if d.tons <= 55
        else "heavy"
        if d.tons <= 75
        else "assault"
    )


def kind_group(d: Design) -> str:
    if d.kind in MECH_KINDS:
        return "Mechs"
    if d.kind == AERO:
        return "aerospace"
    if d.kind == INFANTRY:
        return "infantry"
    return "vehicles"


def era_group(d: Design) -> str:
    if not d.era:
        return "era unknown"
    return "to 3025" if d.era <= 3025 else "3026-3050" if d.era <= 3050 else "3051 on"


@dataclass(frozen=True, slots=True)
class RosterFilter:
    text: str = ""
    weight: int = 0  # index into WEIGHTS (0: any)
    kind: int = 0  # index into KINDS
    era: int = 0  # index into ERAS

    def keeps(self, d: Design) -> bool:
        if self.weight and weight_class(d) != WEIGHTS[self.weight]:
            return False
        if self.kind and kind_group(d) != KINDS[self.kind]:
            return False
        if self.era and era_group(d) != ERAS[self.era]:
            return False
        hay = f"{d.name} {d.code} {d.kind} {d.tons}t {d.era or ''}".lower()
        return all(word in hay for word in self.text.lower().split())

    def cycled(self, which: str) -> RosterFilter:
        """The filter with one of weight / kind / era stepped to its next value."""
        sizes = {"weight": len(WEIGHTS), "kind": len(KINDS), "era": len(ERAS)}
        return replace(self, **{which: (getattr(self, which) + 1) % sizes[which]})

    def label(self, which: str) -> str:
        return {"weight": WEIGHTS, "kind": KINDS, "era": ERAS}[which][getattr(self, which)]


def filtered(designs: Iterable[Design], f: RosterFilter) -> list[Design]:
    return [d for d in designs if f.keeps(d)]
