"""One short line of why for each bot action, in the report's words, e.g. "B2 runs to
0907: woods +1, rear away from the Atlas, needs 7 to hit the Jenner"."""

from __future__ import annotations

from collections.abc import Sequence

from game.bot.defending import Defence, Strike
from game.bot.scoring import Score
from game.bot.volley import Volley
from game.hexgrid import distance
from game.phases.movement import DeclareCharge
from game.rules.move.movement import MoveResult
from game.rules.physical.options import PhysicalOption
from game.rules.physical.records import NAMES
from game.state import GameState
from game.units.unit import Unit

VERBS = {"stand": "stands still", "walk": "walks to", "run": "runs to", "jump": "jumps to",
         "crawl": "crawls to", "defend": "declares physical attack defence"}  # fmt: skip
WOODS = {1: "light woods", 2: "heavy woods", 3: "ultra-heavy woods"}


def short_name(u: Unit | None) -> str:
    """'the Atlas' for 'Atlas AS7-D'; the id for a unit without a name."""
    if u is None:
        return "nobody"
    return f"the {u.name.split()[0]}" if u.name else u.id


def _name(s: GameState, uid: str) -> str:
    return short_name(s.unit(uid))


def aim_text(s: GameState, v: Volley) -> str:
    return f"needs {v.best} to hit {_name(s, v.target)}"


def move_why(s: GameState, u: Unit, best: Score, enemies: Sequence[Unit]) -> str:
    """'A1 runs to 0907: woods +1, rear away from the Atlas, needs 7 to hit the Jenner'."""
    verb = VERBS.get(best.end.mode, best.end.mode)
    head = u.id + " " + verb
    r = best.end.result
    if best.end.steps == ("H",):  # ADV-11/12, in place
        head = f"{u.id} goes hull-down where it stands"
    elif best.end.steps and set(best.end.steps) <= {"DV", "RS"} and r is not None:  # ADV-25
        head = f"{u.id}{_band(u, r)} where it is"
    elif best.end.mode == "walk" and not best.end.steps and r is not None:  # ADV-17
        head = f"{u.id} lands where it is"
    elif best.end.mode != "stand":
        head += " " + s.board.hex_name(best.end.at)
        if best.end.careless:
            head += " carelessly"  # ADV-05
        if r is not None and r.end_hull_down:
            head += " and goes hull-down"  # ADV-11/12
        head += _band(u, r)
    parts = []
    if best.woods:
        parts.append(f"{WOODS.get(best.woods, 'woods')} +{min(best.woods, 2)}")
    if best.hidden_rear_from and not best.rear_to:
        parts.append(f"rear away from {_name(s, best.hidden_rear_from[0])}")
    elif best.rear_to:
        parts.append(f"rear open to {_name(s, best.rear_to[0])}")
    if best.volley.weapons:
        parts.append(aim_text(s, best.volley))
    else:
        near = min(enemies, key=lambda e: _dist(best.sight.ghost, e))
        parts.append(f"closing on {short_name(near)}")
    if best.fall >= 0.005:
        parts.append(f"{round(best.fall * 100)}% to fall")
    parts.append(f"expects {best.taken:.1f} damage back")
    return f"{head}: {', '.join(parts)}"


def _band(u: Unit, r: MoveResult | None) -> str:
    """A WiGE taking off or landing (ADV-17/18), a submarine diving or surfacing (ADV-25)."""
    if r is None:
        return ""
    if r.wige and r.end_airborne != u.wige_airborne:
        return " and takes off" if r.end_airborne else " and lands"
    if r.submarine and r.end_depth != u.depth:
        return f" and dives to depth {r.end_depth}" if r.end_depth else " and surfaces"
    return ""


def _dist(a: Unit, b: Unit) -> int:
    return distance(a.at, b.at)


def defence_why(s: GameState, u: Unit, d: Defence, best: Score) -> str:
    """'A1 declares physical attack defence: a kick on the Jenner after its walk (needs 7,
    10 damage), safe from charges and DFAs (3.1 expected), gives up 2.0 expected fire'."""
    parts = []
    plan = d.strike.plan
    if plan:
        o = plan[0]
        where = "after its walk" if d.strike.steps else "from where it stands"
        parts.append(f"{NAMES[o.blow.kind]} on {_name(s, o.blow.target)} {where} (needs "
                     f"{o.target}, {sum(x.damage for x in plan)} damage)")  # fmt: skip
    if d.avoided > 0:
        parts.append(f"safe from charges and DFAs ({d.avoided:.1f} expected damage avoided)")
    parts.append(f"gives up {best.dealt:.1f} expected from its weapons")
    return f"{u.id} declares physical attack defence (ADV-01): {', '.join(parts)}"


def defence_walk_why(s: GameState, u: Unit, strike: Strike) -> str:
    """'A1 walks to 0907 in physical attack defence: a kick on the Jenner next (needs 7)'."""
    head = f"{u.id} walks to {s.board.hex_name(strike.at)} in physical attack defence"
    if not strike.plan:
        return f"{head}: steps away from the blows declared at it (ADV-01)"
    o = strike.plan[0]
    return (f"{head}: {NAMES[o.blow.kind]} on {_name(s, o.blow.target)} next (needs "
            f"{o.target}, {sum(x.damage for x in strike.plan)} damage)")  # fmt: skip


def charge_why(s: GameState, u: Unit, a: DeclareCharge, o: PhysicalOption) -> str:
    what = NAMES[o.blow.kind]
    return (f"{u.id} declares a {what} on {_name(s, a.target)}: needs {o.target}, "
            f"{o.damage} damage against {o.attacker_damage} to itself")  # fmt: skip


def fire_why(s: GameState, u: Unit, volleys: Sequence[Volley], twist: int) -> str:
    if not volleys:
        return f"{u.id} holds its fire: no shot worth its heat"
    lines = []
    for v in volleys:
        n = len(v.weapons)
        kill = f", {round(v.kill * 100)}% to kill" if v.kill >= 0.005 else ""
        lines.append(f"{n} weapon{'s' if n != 1 else ''} at {_name(s, v.target)} "
                     f"(best needs {v.best}, {v.damage:.1f} expected{kill})")  # fmt: skip
    turn = {-1: ", torso twisted left", 1: ", torso twisted right"}.get(twist, "")
    heat = volleys[-1].heat_after
    return f"{u.id} fires {'; '.join(lines)}{turn}; heat after {heat}"


def blow_why(s: GameState, u: Unit, opts: Sequence[PhysicalOption]) -> str:
    if not opts:
        return f"{u.id} makes no physical attack: none worth the risk"
    parts = [f"{NAMES[o.blow.kind]} on {_name(s, o.blow.target)} (needs {o.target}, "
             f"{o.damage} damage)" for o in opts]  # fmt: skip
    return f"{u.id}: {'; '.join(parts)}"
