"""Dice cups parked at a position of a game's dice stream.

A game's dice depend only on its seed, its script and how many faces were drawn so far
(``faces_used``): a state's cup is positioned there. Redrawing every earlier face for each
action would make long games slow, so the cup an action leaves behind is parked here and
taken by the next action's state; both ways give the same next faces.
"""

from __future__ import annotations

from game.core.dice import Dice

_CUPS: dict[tuple[int, tuple[int, ...], int], Dice] = {}
KEEP = 8  # cups parked at once: a few suffice (the newest game's next action)


def cup_at(seed: int, script: tuple[int, ...], faces_used: int) -> Dice:
    """A cup standing after ``faces_used`` faces of (seed, script)'s stream.

    Count new rolls from ``len(cup.log)`` as it is handed over."""
    cup = _CUPS.pop((seed, script, faces_used), None)
    if cup is None:
        cup = Dice(seed, script)
        for _ in range(faces_used):
            cup.d6("earlier roll")
    return cup


def keep_cup(seed: int, script: tuple[int, ...], faces_used: int, cup: Dice) -> None:
    """Park a cup that stands at ``faces_used`` for the next action's state."""
    _CUPS[(seed, script, faces_used)] = cup
    while len(_CUPS) > KEEP:
        del _CUPS[next(iter(_CUPS))]
