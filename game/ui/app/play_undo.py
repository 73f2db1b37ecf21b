"""Ctrl+Z in play (issue 25): take back what may be taken back, and say so in one
sentence either way.

First the screen's own plan (a waypoint of the planned path, the path, the fire or blows
being put together), then the last action while the core allows it (game.core.takeback:
no dice rolled, its phase not over). Nothing else: rolled dice stand.
"""

from __future__ import annotations

from typing import Protocol

from game.core.takeback import why_not_take_back
from game.flow import actor
from game.state import GameState

KEEP = 32  # states kept for taking back (only the last one is ever taken back)


class KeepsStates(Protocol):
    """What keeps the states before the last actions (the session, the app)."""

    @property
    def taken_back_to(self) -> list[GameState]: ...


class TakesBack(KeepsStates, Protocol):
    """The app as Ctrl+Z sees it: the game, the states kept and the top screen."""

    state: GameState | None

    @property
    def top(self) -> object: ...


def note_action(app: KeepsStates, before: GameState) -> None:
    """Remember the state before an accepted action (the app's act)."""
    stack = app.taken_back_to
    stack.append(before)
    del stack[:-KEEP]


def take_back(app: TakesBack) -> str:
    """Ctrl+Z: undo the plan or the last action; the sentence to show."""
    top, state = app.top, app.state
    assert state is not None  # Ctrl+Z takes back only in play (App._in_play)
    plan = getattr(top, "plan", None)
    if plan is not None and getattr(plan, "waypoints", None) and hasattr(top, "unpin"):
        top.unpin()
        return "Took back the last waypoint"
    if plan is not None and hasattr(top, "plan") and state.underway is None:  # not under way
        top.plan = None
        if hasattr(top, "_invalidate"):
            top._invalidate()
        return "The plan is cleared (nothing was committed)"
    stack = app.taken_back_to
    last = _words(type(state.history[-1]).__name__) if state.history else "nothing"
    if not stack:
        return "Nothing to undo: no action of this game can be taken back now"
    why = why_not_take_back(stack[-1], state)
    if why is not None:
        return f"Nothing to undo: {last} cannot be taken back ({why})"
    app.state = stack.pop()
    _refresh(top, app.state)
    return f"Took back {last}"


def _refresh(top: object, state: GameState) -> None:
    """The screen after the state went back: no plan, the hand-off if the side changed."""
    if hasattr(top, "plan"):
        top.plan = None
    if hasattr(top, "_after_action"):  # the movement screen
        top._after_action()
        return
    side = actor(state)
    if hasattr(top, "shown_side") and hasattr(top, "handoff") and side != top.shown_side:
        top.handoff = side
        top.shown_side = side
    if hasattr(top, "cache"):
        top.cache.clear()


def _words(name: str) -> str:
    """'DeclareFire' -> 'the declare fire'."""
    out = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return f"the {out}"
