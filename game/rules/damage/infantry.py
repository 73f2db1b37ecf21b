"""Damage to a conventional infantry platoon (CMB-39..41, CMB-44; standard TW values, not
in the seeds).

A platoon is one location. A non-infantry weapon's damage is first converted by the
weapon's class (CMB-39), then doubled if the platoon is in the open (CMB-40); each point
left removes one trooper (CMB-41). The weapon attack and physical attack resolutions
(game.rules.combat.resolve, game.rules.physical.resolve) land the points with
:func:`game.rules.damage.land.land`; the numbers before the dice are :func:`converted` and
:func:`in_open`.

Readings built where the digest is not sure (docs/infantry.md): a missile launcher's
damage is its launcher size (CMB-39, medium); every attack on a platoon in the open is
doubled, a platoon's own rifle fire included (CMB-40: the exceptions are low confidence).
"""

from __future__ import annotations

from game.board import Board
from game.core.dice import Dice
from game.designs.model import Weapon
from game.hexgrid import Hex
from game.rules.piloting.falls import RulesEvent, event
from game.units.unit import Unit

# CMB-39: burst-fire weapons roll dice instead of their damage (Light MG 1D6 ... Flamer 4D6).
BURST_DICE = {"Light Machine Gun": 1, "Machine Gun": 2, "Heavy Machine Gun": 3,
              "Small Pulse Laser": 2, "Micro Pulse Laser": 2, "AP Gauss Rifle": 2,
              "Flamer": 4}  # fmt: skip
DIRECT, CLUSTER, PULSE, MISSILE, BURST = "direct", "cluster", "pulse", "missile", "burst"
TROOPERS = "troopers"  # the platoon's one location, as the referee names it (Extension 4)


def weapon_class(w: Weapon) -> str:
    """CMB-39: the weapon's damage class against conventional infantry."""
    if w.name in BURST_DICE:
        return BURST
    if w.cluster:
        return MISSILE
    if "Pulse" in w.name:
        return PULSE
    return CLUSTER if w.name.startswith("LB ") else DIRECT


def burst_dice(w: Weapon) -> int:
    """How many D6 a burst-fire weapon rolls against a platoon (0: not a burst weapon)."""
    return BURST_DICE.get(w.name, 0)


def _ceil_tenth(points: int) -> int:
    return -(-points // 10)


def converted(w: Weapon, burst_total: int = 0) -> int:
    """CMB-39: a hit's damage to a platoon before CMB-40 (``burst_total``: the burst dice).

    Direct fire ceil(d/10); ballistic cluster ceil(d/10 + 1); pulse ceil(d/10 + 2);
    missiles ceil(launcher size / 5); burst weapons their dice.
    """
    kind = weapon_class(w)
    if kind == BURST:
        return burst_total
    if kind == MISSILE:
        return -(-w.missiles // 5)
    extra = {DIRECT: 0, CLUSTER: 1, PULSE: 2}[kind]
    return _ceil_tenth(w.damage) + extra


def kick_converted(kick_damage: int) -> int:
    """CMB-39/44: a kick's damage against a platoon, max(1, floor(kick / 10))."""
    return max(1, kick_damage // 10)


def in_open(board: Board, at: Hex) -> bool:
    """CMB-40: in the open unless the hex holds woods, rough, rubble or a building (the
    board's terrain of that list; clear, paved, road and depth-0 water hexes are open)."""
    r, c = at.row, at.col
    covered = (
        int(board.woods[r, c]) > 0
        or bool(board.rough[r, c])
        or bool(board.rubble[r, c])
        or int(board.building_class[r, c]) > 0
    )
    return not covered


def roll_burst(w: Weapon, dice: Dice) -> int:
    """CMB-39: a burst-fire weapon's dice against a platoon, one D6 at a time."""
    return sum(dice.d6(f"burst fire {w.name} ({k + 1} of {burst_dice(w)})")
               for k in range(burst_dice(w)))  # fmt: skip


def destroyed_event(before: Unit, after: Unit) -> tuple[RulesEvent, ...]:
    """A ``destroyed`` event when the hit took the platoon's last trooper (CMB-41)."""
    if after.destroyed and not before.destroyed:
        return (event("destroyed", None, unit=after.id, cause="no troopers left (CMB-41)"),)
    return ()
