"""The guest's copy of the host's game (issue 23).

The host sends its game's start (:func:`start_message`: the save's start with the board
written out, since the guest may not have the host's map file) and every accepted
action as an :class:`~game.net.entries.Entry`. :class:`GuestCopy` applies each with the
guest's own rules and compares the state's hash with the host's: a mismatch, or a
host's action these rules refuse, is a :class:`Desync` (the game stops; both keep the
host's save). Entries it already holds (sent again after a reconnection) are checked
against the hashes it kept and skipped.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.board import Zone
from game.core.actions import Event, IllegalActionError
from game.core.errors import UserFacingError
from game.core.options import OPTIONS, TACOPS, Rules
from game.flow import apply_strict, initial_state
from game.hexgrid import HexNameError, parse_hex_name
from game.save import start_to_json
from game.scenario.reader import parse_scenario
from game.scenario.writer import board_digest, board_to_json
from game.state import GameStart, GameState

from .entries import Entry, start_hash, step_hash

HOST = Path("<the host's game>")  # names the host's start in error sentences


class CopyError(UserFacingError):
    """The host's start cannot be read, or its entries skip actions (one sentence)."""


class Desync(UserFacingError):
    """The guest's copy does not match the host's game any more (one sentence)."""


def start_message(state: GameState) -> dict[str, Any]:
    """The game's start as the welcome message carries it (game.save's start, the board
    written out, the map's name beside it, and the board's digest to check)."""
    first = state.start_board or state.board
    out = start_to_json(state)
    out["board"] = board_to_json(first)
    out["map_ref"] = state.start.map_ref
    out["board_digest"] = board_digest(first)
    out["board_name"] = first.name
    out["zones"] = [
        {"name": z.name, "side": z.side, "hexes": sorted(first.hex_name(h) for h in z.hexes)}
        for z in first.zones
    ]
    return out


def _zones(value: Any) -> tuple[Zone, ...]:
    """The deployment zones of the host's board (a written-out board has none of its own)."""
    if not isinstance(value, list):
        raise CopyError("the host's start has no list of deployment zones")
    zones = []
    for z in value:
        ok = (
            isinstance(z, dict)
            and isinstance(z.get("name"), str)
            and isinstance(z.get("hexes"), list)
        )
        if not ok or not (z.get("side") is None or isinstance(z.get("side"), str)):
            raise CopyError("a deployment zone of the host's start is damaged")
        try:
            hexes = frozenset(parse_hex_name(h) for h in z["hexes"])
        except (HexNameError, TypeError) as e:
            raise CopyError(f"a deployment zone of the host's start is damaged ({e})") from None
        zones.append(Zone(z["name"], z.get("side"), hexes))
    return tuple(zones)


def copy_start(data: dict[str, Any]) -> GameState:
    """The host's game before its first action, read from the welcome's start."""
    sides, seed, rules = data.get("sides"), data.get("seed"), data.get("rules")
    if not isinstance(sides, list) or len(sides) < 2 or not all(isinstance(s, str) for s in sides):
        raise CopyError("the host's start names no two sides")
    if isinstance(seed, bool) or not isinstance(seed, int) or rules not in ("tw", "classic"):
        raise CopyError("the host's start has no dice seed or no rules")
    options = [o for o in data.get("options") or [] if o in OPTIONS]
    scenario: dict[str, Any] = {"version": 1, "board": data.get("board")}
    scenario.update(units=data.get("units", []), dice=data.get("dice"))
    if options:
        scenario["options"] = options
    try:
        sc = parse_scenario(scenario, HOST)
    except UserFacingError as e:
        raise CopyError(f"the host's start cannot be read: {e}") from None
    name = data.get("board_name")
    board = replace(sc.board, zones=_zones(data.get("zones")),
                    name=name if isinstance(name, str) else sc.board.name)  # fmt: skip
    if board_digest(board) != data.get("board_digest"):
        raise CopyError("the host's board does not read back as the host's board")
    limit = data.get("turn_limit")
    start = GameStart(None, Rules(rules, tacops=TACOPS in options), tuple(sides), seed,
                      tuple(sc.dice or ()), sc.units,
                      turn_limit=limit if isinstance(limit, int) else None)  # fmt: skip
    ref = data.get("map_ref")
    return initial_state(board, replace(start, map_ref=ref if isinstance(ref, str) else None))


class GuestCopy:
    """The guest's game: the host's entries applied and checked one by one."""

    def __init__(self, start: dict[str, Any]) -> None:
        self.state = copy_start(start)
        self.first = start_hash(self.state)
        self.hashes: list[str] = []

    @property
    def count(self) -> int:
        return len(self.state.history)

    def take(self, entry: Entry) -> list[Event] | None:
        """Apply the host's entry: its events, or None if this copy holds it already.
        A Desync if the copy does not reach the host's hash; CopyError on a gap."""
        if entry.i < self.count:
            if self.hashes[entry.i] != entry.hash or self.state.history[entry.i] != entry.action:
                raise Desync(f"action {entry.i + 1} sent again is not the one this copy holds")
            return None
        if entry.i > self.count:
            raise CopyError(f"the host sent action {entry.i + 1}, but this copy has "
                            f"{self.count}: actions are missing")  # fmt: skip
        try:
            out = apply_strict(self.state, entry.action)
        except IllegalActionError as e:
            raise Desync(f"the host's action {entry.i + 1} is refused here ({e}): the two "
                         "copies of the game differ") from None  # fmt: skip
        digest = step_hash(self.hashes[-1] if self.hashes else self.first, self.state,
                           entry.action, out.state)  # fmt: skip
        if digest != entry.hash:
            raise Desync(f"after action {entry.i + 1} this copy of the game differs from the "
                         "host's (the state's hash does not match)")  # fmt: skip
        self.state = out.state
        self.hashes.append(digest)
        return list(out.events)
