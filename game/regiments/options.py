"""The choices the seed leaves open (REG-18, GAP G35, contradiction K22), as options.

Every field is documented in docs/regiments.md ("Open points and the choices made"); the
defaults follow the digest's suggestions. A scenario may set any of them under
``"options"``; a game keeps them in its start record, so saves replay with the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

EXCLUSION_CM = 3.0  # REG-04: no unit comes within 3 cm of an enemy outside a charge
WHEEL_MEASURES = ("arc", "chord")
MARCH_HALTS = ("stop", "through")
FRONT_AREAS = ("strip", "half-plane")


@dataclass(frozen=True, slots=True)
class Options:
    """- ``wheel``: REG-02, the wheel counts the outer corner's arc or its chord;
    - ``mixed_move``: REG-03, a Move may mix forward and backward movement (backward then
      counts double against the full rate);
    - ``march_vicinity``: REG-05 "immediate vicinity": 0 = inside an enemy's charge range
      (2 x its rate, the suggested default); a number = within that many cm;
    - ``march_halt``: K22, a march entering an enemy's charge range "stop"s (default) or
      goes "through" (the other reading of the seed);
    - ``front_area``: REG-17, the front area is the "strip" ahead between the forward
      extensions of the flanks (default) or the whole "half-plane" ahead of the front;
    - ``command_test``: REG-11 / G35, 0 = no command test (every charge goes); N = a charge
      or countercharge needs 2D6 >= N;
    - ``keep_hold``: REG-06, hold markers survive the start of a new round until used
      (default: every marker is cleared at the start of each round).
    """

    wheel: str = "arc"
    mixed_move: bool = False
    march_vicinity: float = 0.0
    march_halt: str = "stop"
    front_area: str = "strip"
    command_test: int = 0
    keep_hold: bool = False

    def to_json(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT = Options()
CHOICES: dict[str, tuple[str, ...]] = {
    "wheel": WHEEL_MEASURES,
    "march_halt": MARCH_HALTS,
    "front_area": FRONT_AREAS,
}
