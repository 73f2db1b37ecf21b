"""What a player may take back in play (issue 25): the last action, while it rolled no dice
and its phase goes on. Rolled dice stand (ux.md: undo of the plan, never of dice already
rolled); a phase that has resolved (its attacks rolled together) or ended stands too.
The sandbox has its own undo line (game.core.history), where dice roll anew.
"""

from __future__ import annotations

from .phase import CoreState


def why_not_take_back(before: CoreState, after: CoreState) -> str | None:
    """Why the action that led from ``before`` to ``after`` cannot be taken back (one
    sentence), or None when it may."""
    if after.faces_used != before.faces_used:
        return "its dice have been rolled, and rolled dice stand"
    if after.turn != before.turn or after.phase != before.phase:
        return f"the {before.phase} phase it was made in is over"
    if len(after.history) != len(before.history) + 1:
        return "it is not the last action"
    return None
