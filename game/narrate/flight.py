"""The sentences of the log for aerospace moves and control rolls (AERO-01..10).

Each function turns one record of game.rules.aero into a game Event: the line the log
shows, the dice behind it (so the play screens pop them up like piloting rolls) and the
record itself as the payload.
"""

from __future__ import annotations

from game.board import Board
from game.core.actions import Event
from game.core.dice import Roll
from game.narrate.words import dice_text, facing_name, mods_text, plural, unit_label
from game.rules.aero import CollisionCheck, ControlOutcome, ControlRoll, Flight
from game.units.unit import Unit


def needs(roll: ControlRoll) -> str:
    """'needs 7: piloting 5, in atmosphere +2, ...' or 'fails: the pilot is unconscious'."""
    if roll.auto_fail is not None:
        return f"fails automatically: {roll.auto_fail}"
    return f"needs {roll.target}: {mods_text(m.to_json() for m in roll.modifiers)}"


def _rolled(dice: Roll | None) -> str:
    return "no roll" if dice is None else f"rolled {dice_text(dice)}"


def check_events(board: Board, mover: str, check: CollisionCheck) -> list[Event]:
    """AERO-06..08: the check, the unit struck, its evasion, the collision."""
    where = board.hex_name(check.at)
    rolls = (check.roll,) if check.roll is not None else ()
    hit = check.struck is not None
    text = (
        f"Collision check at {where} ({', '.join(check.units)}): {check.target}+ needed, "
        f"{_rolled(check.roll)}: " + ("a collision may occur" if hit else "no collision")
    )
    out = [Event("collision_check", text, mover, rolls, check)]
    if not hit:
        return out
    if check.evasion is not None:
        dice = (check.evasion_roll,) if check.evasion_roll is not None else ()
        how = f"{_rolled(check.evasion_roll)}, {needs(check.evasion)}"
        if check.evaded:
            line = f"{check.struck} evades ({how}): its thrust for this turn is spent (AERO-08)"
            out.append(Event("evasion", line, check.struck, dice, check))
            return out
        out.append(Event("evasion", f"{check.struck} fails to evade ({how})", check.struck,
                         dice, check))  # fmt: skip
    else:
        out.append(
            Event(
                "evasion",
                f"{check.struck} is struck and cannot evade (it has moved,"
                " has no thrust left or is out of control)",
                check.struck,
            )
        )
    line = (
        f"{mover} and {check.struck} collide at {where}: {mover}'s flight ends there "
        "(collision damage, TW p. 241, is not in this build)"
    )
    out.append(Event("collision", line, mover, (), check))
    return out


def flight_summary(board: Board, before: Unit, flight: Flight) -> str:
    """The line that closes an aerospace move."""
    label = unit_label(before)
    c = before.craft
    top = c.thrust if c is not None else 0
    how = (
        f"out of control, straight ahead at velocity {flight.velocity_after}"
        if flight.forced
        else f"velocity {flight.velocity_after}, thrust {flight.thrust_used} of {top}"
    )
    where = board.hex_name(flight.end)
    hexes = plural(len(flight.path), "hex", "hexes")
    if flight.off_map:
        what = f"{hexes} and off the map at" if flight.path else "off the map from"
        return f"{label} flies {what} {where} ({how}): it leaves the game"
    text = f"{label} flies {hexes} to {where}, facing {facing_name(flight.facing)} ({how})"
    for roll in flight.control_rolls:
        text += f"; {roll.reason}: a control roll in the end phase ({needs(roll)})"
    return text


def flight_events(board: Board, before: Unit, flight: Flight) -> list[Event]:
    """Every line of one resolved flight, in the order of its dice."""
    out: list[Event] = []
    for check in flight.collision_checks:
        out += check_events(board, before.id, check)
    out.append(Event("flight", flight_summary(board, before, flight), before.id, (), flight))
    return out


def control_event(o: ControlOutcome) -> Event:
    """An end-phase control roll (AERO-03) or recovery roll (AERO-10)."""
    how = f"{_rolled(o.dice)}, {needs(o.roll)}"
    if o.kind == "regain":
        text = (
            f"{o.unit_id} regains control ({how}): it moves normally from next turn"
            if o.success
            else f"{o.unit_id} stays out of control ({how})"
        )
    else:
        text = (
            f"{o.unit_id} keeps control after {o.roll.reason} ({how})"
            if o.success
            else f"{o.unit_id} loses control after {o.roll.reason} ({how}): out of control, it "
            "flies straight ahead, +2 to its attacks (AERO-05/09)"
        )
    rolls = (o.dice,) if o.dice is not None else ()
    return Event("control_roll", text, o.unit_id, rolls, o)
