"""Rule variants (docs/rule-ids.md): Total Warfare by default, classic as options."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """Which published variant decides where the rule texts disagree.

    ``variant="tw"`` is the default everywhere; ``"classic"`` switches every rule the
    digest marks "Variant `classic`" (water costs MOV-09, jump limit MOV-05, unequal
    numbers TURN-09, stand-up heat MOV-23, ...).
    """

    variant: str = "tw"

    @property
    def classic(self) -> bool:
        return self.variant == "classic"


TW = Rules()
CLASSIC = Rules("classic")
