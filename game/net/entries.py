"""The accepted actions as the host sends them: :class:`Entry` (issue 23).

An entry is one action of the game's list, by its index, with who took it (a side, or
"auto" for the steps nobody decides: the initiative roll, ending a phase), the dice it
rolled and the hash of the game after it (:func:`step_hash`: a chain, each hash over the
one before, the action, every rules-relevant field of the state after it and the log
lines it wrote, the board when it changed). The guest applies each entry to its copy and
compares the hash: equal hashes mean equal games, action by action. The chain costs the
same at every action (the save's digest, :func:`state_hash`, covers the whole history
and log each time: the tests compare it at the end).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action, Event
from game.flow import actor, apply_strict, automatic, initial_state
from game.phases.actions import action_from_json, action_to_json
from game.save import snapshot
from game.scenario.writer import board_digest
from game.state import GameState

AUTO = "auto"


@dataclass(frozen=True, slots=True)
class Entry:
    """One accepted action: index, action, who, dice faces rolled, state hash after it."""

    i: int
    action: Action
    by: str
    dice: tuple[tuple[int, ...], ...]
    hash: str

    def to_json(self) -> dict[str, Any]:
        return {"i": self.i, "action": action_to_json(self.action), "by": self.by,
                "dice": [list(f) for f in self.dice], "hash": self.hash}  # fmt: skip


def entry_from_json(data: Any) -> Entry:
    """An entry read back; a ValueError says what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("an entry must be a JSON object")
    i, by, dice, digest = data.get("i"), data.get("by"), data.get("dice"), data.get("hash")
    if isinstance(i, bool) or not isinstance(i, int) or i < 0:
        raise ValueError("an entry needs its index 'i' (a whole number >= 0)")
    if not isinstance(by, str) or not isinstance(digest, str) or not isinstance(dice, list):
        raise ValueError(f"entry {i} needs 'by', 'dice' and 'hash'")
    faces = tuple(tuple(int(f) for f in roll) for roll in dice if isinstance(roll, list))
    return Entry(i, action_from_json(data.get("action")), by, faces, digest)


def state_hash(state: GameState) -> str:
    """The save's digest of the whole state, history and log included (game.save)."""
    return str(snapshot(state)["digest"])


def start_hash(state: GameState) -> str:
    """The chain's first link: the game's start and its board."""
    board = state.start_board or state.board
    return hashlib.sha256(f"{state.start!r}|{board_digest(board)}".encode()).hexdigest()


def step_hash(prev: str, before: GameState, action: Action, after: GameState) -> str:
    """The chain's next link: ``after`` reached from ``before`` by ``action``."""
    fields = (after.units, after.turn, str(after.phase), after.initiative, after.move_order,
              after.pair_left, after.active_unit, after.declared_mode, after.underway,
              after.moves, after.declarations, after.acted, after.wrecked, after.faces_used,
              tuple((e.turn, e.phase, e.event.kind, e.event.unit_id, e.event.rolls)
                    for e in after.log[len(before.log) :]))  # fmt: skip
    h = hashlib.sha256(prev.encode())
    h.update(json.dumps(action_to_json(action), sort_keys=True).encode())
    h.update(repr(fields).encode())
    if after.board is not before.board:  # a fallen bridge, rubble: the board itself
        h.update(board_digest(after.board).encode())
    return h.hexdigest()


def dice_of(events: Sequence[Event]) -> tuple[tuple[int, ...], ...]:
    """The faces of every roll behind the events, in order."""
    return tuple(r.faces for e in events for r in e.rolls)


def who(before: GameState, action: Action) -> str:
    """Who took ``action`` in ``before``: "auto" for a step nobody decides, else the side."""
    if automatic(before) == action:
        return AUTO
    return actor(before) or AUTO


def entries_of(state: GameState) -> Iterator[Entry]:
    """Every action of the game so far as entries, replayed from its start."""
    cur = initial_state(state.start_board or state.board, state.start)
    digest = start_hash(cur)
    for i, action in enumerate(state.history):
        by = who(cur, action)
        out = apply_strict(cur, action)
        digest = step_hash(digest, cur, action, out.state)
        cur = out.state
        yield Entry(i, action, by, dice_of(out.events), digest)
