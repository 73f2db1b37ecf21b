"""A combat vehicle's critical damage (CMB-47/48): the table by location and the record of
what the crits did.

Standard Total Warfare values, not in the seeds (the digest's CMB-45..48a, sources named
there). A leaf module beside game.vehicle: plain data, no dice; the rolls and effects are
game.rules.damage.vehicle_crits.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.units.locations import FRONT, LEFT_SIDE, REAR, RIGHT_SIDE, TURRET

NONE = "no critical"
DRIVER = "driver hit"
COMMANDER = "commander hit"
CARGO = "cargo hit"
MALFUNCTION = "weapon malfunction"
WEAPON = "weapon destroyed"
STABILIZER = "stabilizer"
SENSORS = "sensors"
STUNNED = "crew stunned"
KILLED = "crew killed"
ENGINE = "engine hit"
FUEL = "fuel tank"
AMMO = "ammunition"
TURRET_JAM = "turret jam"
TURRET_LOCK = "turret locks"
TURRET_OFF = "turret blown off"

# CMB-47: the column of a location, then the result of 2D6 = 6..12 (2-5: no critical).
COLUMN = {FRONT: "front", LEFT_SIDE: "side", RIGHT_SIDE: "side", REAR: "rear", TURRET: "turret"}
TABLE: dict[str, tuple[str, ...]] = {  # index = roll - 6
    "front": (DRIVER, MALFUNCTION, STABILIZER, SENSORS, COMMANDER, WEAPON, KILLED),
    "side": (CARGO, MALFUNCTION, STUNNED, STABILIZER, WEAPON, ENGINE, FUEL),
    "rear": (MALFUNCTION, CARGO, STABILIZER, WEAPON, ENGINE, AMMO, FUEL),
    "turret": (STABILIZER, TURRET_JAM, MALFUNCTION, TURRET_LOCK, WEAPON, AMMO, TURRET_OFF),
}
STUN_TURNS = 2  # CMB-48: the rest of this turn and all of the next (end phases count down)
# Energy weapons that keep firing after an engine hit (CMB-48): vehicle flamers.
ENGINE_FREE = frozenset({"Flamer"})


def crit_result(location: str, roll: int) -> str:
    """CMB-47: the printed result of one critical roll on ``location``'s column."""
    if roll < 6:
        return NONE
    return TABLE[COLUMN[location]][min(roll, 12) - 6]


@dataclass(frozen=True, slots=True)
class VehicleCrits:
    """What critical hits did to one vehicle (CMB-48), all kept for the rest of the game.

    ``stunned``: end phases of crew stun left; ``driver``/``commander``: hit; ``sensors``:
    hits (+1 to-hit each); ``stabilizers``: locations whose weapons count the attacker
    movement modifier twice; ``jammed``: weapon indexes that malfunctioned; ``weapons``:
    weapon indexes destroyed by criticals (also in the hull's ``weapons_lost``);
    ``engine``: engine hit (immobile, energy weapons unpowered, turret locked);
    ``turret``: "" free, "jammed", "locked" or "off" (blown off); ``crew_killed``.
    """

    stunned: int = 0
    driver: bool = False
    commander: bool = False
    sensors: int = 0
    stabilizers: frozenset[str] = frozenset()
    jammed: frozenset[int] = frozenset()
    weapons: frozenset[int] = frozenset()
    engine: bool = False
    turret: str = ""
    crew_killed: bool = False
    destroyed_by: str = ""  # "fuel tank" or "ammunition": the hull destroyed by a crit

    @property
    def turret_stuck(self) -> bool:
        """A jammed or locked turret (or an engine hit, CMB-48) fires only where it points."""
        return self.turret in ("jammed", "locked") or self.engine

    def driving_modifier(self) -> int:
        """CMB-48: driver hit +2, commander hit +1 to every driving skill roll."""
        return 2 * self.driver + self.commander

    def to_hit_modifier(self) -> int:
        """CMB-48: commander hit +1, each sensor hit +1."""
        return self.commander + self.sensors

    def counted_down(self) -> VehicleCrits:
        """One end phase later: one turn of stun less."""
        return replace(self, stunned=max(self.stunned - 1, 0)) if self.stunned else self

    def labels(self) -> tuple[str, ...]:
        """Every lasting effect in words, for the record sheet."""
        out = []
        if self.crew_killed:
            out.append("crew killed")
        if self.stunned:
            out.append(f"crew stunned ({self.stunned} end phase{'s' * (self.stunned > 1)})")
        out += ["driver hit"] * self.driver + ["commander hit"] * self.commander
        if self.sensors:
            out.append(f"sensors x{self.sensors}")
        out += [f"stabilizer {code}" for code in sorted(self.stabilizers)]
        if self.engine:
            out.append("engine hit")
        if self.turret:
            out.append({"jammed": "turret jammed", "locked": "turret locked",
                        "off": "turret blown off"}[self.turret])  # fmt: skip
        if self.jammed:
            out.append(f"{len(self.jammed)} weapon{'s' * (len(self.jammed) > 1)} jammed")
        return tuple(out)


NO_VEHICLE_CRITS = VehicleCrits()
