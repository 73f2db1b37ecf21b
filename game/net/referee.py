"""The host's referee (issue 23): the host's core decides every action of the game.

The guest's actions come in as JSON; :meth:`Referee.submit` accepts one only from the
guest's side, only when that side is to act, only at the game's current action count
(so an old action sent again is refused), and only if ``game.flow.apply`` accepts it
(the same rules and the same refusal sentences as hot-seat). An accepted action, and the
automatic steps after it, become :class:`~game.net.entries.Entry` records for both
screens. The host's own screen acts on its copy of the state; :meth:`Referee.record`
checks those actions (the host's side, or steps nobody decides) and makes their entries.
The referee writes its autosave at every phase change, so a crashed host hosts again
from it (``python main.py host --load``). No refusal ever changes the game.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.core.actions import Action, EndPhase, Event, Refused
from game.core.history import DiscardDice
from game.flow import actor, advance, apply, banner
from game.phases.actions import AddUnit, RemoveUnit, StartGame, action_from_json
from game.save import save_game
from game.state import GameState

from .entries import AUTO, Entry, dice_of, entries_of, start_hash, step_hash, who

LOG = logging.getLogger("hexplate.net")
NOT_THE_GUESTS = (EndPhase, DiscardDice, StartGame, AddUnit, RemoveUnit)  # the host's/auto


class Referee:
    """The authoritative game on the host and the entries both screens receive."""

    def __init__(self, state: GameState, autosave: Path | None = None) -> None:
        self.state = state
        self.host, self.guest = state.sides[0], state.sides[1]
        self.autosave = autosave
        self.entries: list[Entry] = list(entries_of(state))
        self.events: list[Event] = []  # the events of the last submit() or record()
        self._phase_changed = False

    # --- asking ---------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.state.history)

    @property
    def hash(self) -> str:
        return self.entries[-1].hash if self.entries else start_hash(self.state)

    def since(self, n: int) -> list[Entry]:
        """The entries from index ``n`` on (what a rejoining guest missed)."""
        return self.entries[max(n, 0) :]

    # --- the guest's actions --------------------------------------------------------------
    def submit(self, at: Any, data: Any, side: str | None = None) -> list[Entry] | Refused:
        """The guest's action ``data`` (JSON), meant to follow action number ``at``:
        the new entries (it and the automatic steps after it) or why it is refused."""
        side = side or self.guest
        self.events = []
        try:
            action = action_from_json(data)
        except Exception as e:  # noqa: BLE001 - whatever the codec meets, a refusal
            return Refused(f"that is no action ({e})")
        why = self._why_not(side, at, action)
        if why is not None:
            return Refused(why)
        try:
            out = apply(self.state, action)
        except Exception as e:  # noqa: BLE001 - a hostile action must never end the host
            LOG.warning("action %r raised %s", data, e)
            return Refused(f"the action cannot be carried out ({type(e).__name__})")
        if isinstance(out, Refused):
            return out
        first = self.count
        self._take(self.state, action, side, out.state, out.events)
        self._advance()
        self._saved()
        return self.entries[first:]

    def _why_not(self, side: str, at: Any, action: Action) -> str | None:
        """Why ``side`` may not send ``action`` now, or None."""
        if isinstance(action, NOT_THE_GUESTS):
            return f"{type(action).__name__} is not the guest's to send"
        if at != self.count:
            return (f"the game is at action {self.count}, not {at}: an old action, or a "
                    "copy that is behind (it is sent the missed actions)")  # fmt: skip
        now = actor(self.state)
        if now != side:
            return f"it is not side {side}'s turn ({banner(self.state)})"
        return _not_own_unit(self.state, action, side)

    # --- the host's own actions -----------------------------------------------------------
    def record(self, state: GameState) -> list[Entry]:
        """The host's screen's game, some actions on: check them (the host's side, or
        steps nobody decides) and make their entries. ValueError if ``state`` is not this
        game continued so (a bug of the host's screen, never the guest's doing)."""
        self.events = []
        entries = self._record(state)
        self._saved()
        return entries

    def _record(self, state: GameState) -> list[Entry]:
        old = self.state.history
        if state.history[: len(old)] != old:
            raise ValueError("the host's game is not the refereed game continued")
        first, cur = self.count, self.state
        for action in state.history[len(old) :]:
            by = who(cur, action)
            if by not in (AUTO, self.host):
                raise ValueError(f"the host's screen acted for side {by}")
            out = apply(cur, action)
            if isinstance(out, Refused):
                raise ValueError(f"the host's action is refused on replay: {out.reason}")
            self._take(cur, action, by, out.state, out.events)
            cur = out.state
        return self.entries[first:]

    # --- inside ---------------------------------------------------------------------------
    def _take(self, before: GameState, action: Action, by: str, after: GameState,
              events: Sequence[Event]) -> None:  # fmt: skip
        digest = step_hash(self.hash, before, action, after)
        self.state = after
        self.events.extend(events)
        self.entries.append(Entry(len(before.history), action, by, dice_of(events), digest))
        self._phase_changed |= any(e.kind == "phase" for e in events)

    def _advance(self) -> None:
        """The automatic steps after an accepted action, each an entry."""
        after, _ = advance(self.state)
        if len(after.history) > self.count:
            self._record(after)

    def _saved(self) -> None:
        """The autosave, if the last actions changed the phase."""
        if self._phase_changed:
            self._phase_changed = False
            self.save()

    def save(self) -> None:
        """The autosave (atomic; a failure is logged, the game goes on)."""
        if self.autosave is None:
            return
        try:
            self.autosave.parent.mkdir(parents=True, exist_ok=True)
            save_game(self.state, self.autosave)
        except OSError as e:
            LOG.warning("the host's autosave failed: %s", e)


def _not_own_unit(state: GameState, action: Action, side: str) -> str | None:
    """An action for a unit of another side is refused (the rules may allow naming the
    other side's units as targets, never moving them)."""
    uid = getattr(action, "unit_id", None)
    if isinstance(uid, str):
        unit = state.unit(uid)
        if unit is None:
            return f"there is no unit {uid!r}"
        if unit.side != side:
            return f"unit {uid} is side {unit.side}'s, not side {side}'s"
    return None
