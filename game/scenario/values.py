"""Values no unit can have, refused with the field named (issue 26).

One validator for every way a unit enters a game: a scenario (the referee and the play
and sandbox windows), the starting units of a save (read through the scenario reader),
and so the referee too. A value a unit could have is accepted; these are the ones the
rules never produce:

- an ammunition bin holding more shots than one ton of that ammunition (``shots`` above
  the weapons table's ``ammo_per_ton``);
- armour above the most a location of that tonnage carries, front and rear together
  for a torso (``armor.CT`` + ``armor.CTR``);
- armour given for a location whose structure is 0 (destroyed: it has none);
- a weapon destroyed twice (``weapons_destroyed`` naming one index twice);
- structure above the table for the tonnage (checked where it is read, with its bound).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.scenario.checks import Reader


def check_shots(r: Reader, at: str, weapon: str, shots: int, per_ton: int) -> None:
    """A bin is one ton: it holds at most ``per_ton`` shots."""
    if shots > per_ton:
        raise r.error(f"{at}.shots is {shots}, more than the {per_ton} shots a bin (one ton) "
                      f"of {weapon} holds")  # fmt: skip


def check_destroyed_armour(r: Reader, where: str, code: str, armour: Mapping[str, object],
                           keys: Sequence[str], structure: int) -> None:  # fmt: skip
    """Armour given (above 0) for a location with no structure left."""
    if structure != 0:
        return
    for k in keys:
        value = armour.get(k)
        if isinstance(value, int) and value > 0:
            raise r.error(f"{where}: armor.{k} is {value}, but structure.{code} is 0: "
                          "a destroyed location has no armour")  # fmt: skip


def check_torso_armour(r: Reader, where: str, code: str, rear_key: str, front: int, rear: int,
                       top: int) -> None:  # fmt: skip
    """Front and rear armour of a torso together at most the location's maximum."""
    if front + rear > top:
        raise r.error(f"{where}: armor.{code} + armor.{rear_key} is {front} + {rear}, more "
                      f"than the {top} a {code} of its tonnage carries")  # fmt: skip


def check_once(r: Reader, at: str, items: Sequence[int], what: str) -> None:
    """Each index at most once (a weapon is destroyed once)."""
    seen: set[int] = set()
    for i in items:
        if i in seen:
            raise r.error(f"{at} names {what} {i} twice (it can be destroyed only once)")
        seen.add(i)
