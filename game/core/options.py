"""Rule variants (docs/rule-ids.md): Total Warfare by default, classic as options; the
optional Tactical Operations movement modes (seed 004, ADV-01..16) on top of either.

The record is plain data read by every floor of the hex game, the body records
(game.units) included, so it sits in the core, below them; the regiments rule set has
options of its own (game.regiments.options)."""

from __future__ import annotations

from dataclasses import dataclass

TACOPS = "tacops"
OPTIONS = (TACOPS,)  # the scenario's `"options"` list and the start screen's choices


@dataclass(frozen=True, slots=True, repr=False)
class Rules:
    """Which published variant decides where the rule texts disagree, and which optional
    rules are on.

    ``variant="tw"`` is the default everywhere; ``"classic"`` switches every rule the
    digest marks "Variant `classic`" (water costs MOV-09, jump limit MOV-05, unequal
    numbers TURN-09, stand-up heat MOV-23, ...). ``tacops`` turns on the Tactical
    Operations modes: physical attack defence, crawling, careless movement, hull-down
    (ADV-01..16); off by default.
    """

    variant: str = "tw"
    tacops: bool = False

    @property
    def classic(self) -> bool:
        return self.variant == "classic"

    @property
    def options(self) -> tuple[str, ...]:
        return (TACOPS,) if self.tacops else ()

    def __repr__(self) -> str:
        # Without options the repr is the one saves were digested with before options
        # existed (game.save digests the start), so old saves keep their digest.
        extra = ", tacops=True" if self.tacops else ""
        return f"Rules(variant={self.variant!r}{extra})"


TW = Rules()
CLASSIC = Rules("classic")
