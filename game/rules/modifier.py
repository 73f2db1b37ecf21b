"""One modifier of a target number: its value, the reason a player reads and the rule it
comes from (a rule ID like CMB-13, or "" where the reason says it all). The to-hit
numbers (game.rules.combat.modifiers) and the piloting skill rolls
(game.rules.piloting.psr) are both sums of these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Modifier:
    value: int
    reason: str
    rule: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "value": self.value, "rule": self.rule}
