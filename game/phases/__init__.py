"""The registry of phases: every phase module and the order they come in.

The game begins with setup and deployment, then repeats the turn sequence of the rule
variant (TURN-02..04, game.rules.turn.phase_sequence) from initiative to end. Adding a
phase means writing its module (a :class:`~game.core.phase.PhaseRules` named ``RULES``)
and listing it here; :mod:`game.flow` asks this registry and names no phase itself.
"""

from __future__ import annotations

from types import MappingProxyType

from game.core.options import Rules

from ..core.phase import Applying, PhaseRules
from ..rules.turn import phase_sequence
from . import (
    aerospace,
    deployment,
    end,
    heat,
    initiative,
    movement,
    physical,
    reaction,
    sandbox,
    setup,
    weapons,
)
from .movers import HexPhase

PRE_GAME: tuple[HexPhase, ...] = (setup.RULES, deployment.RULES)
TURN_MODULES = (initiative, movement, aerospace, reaction, weapons, physical, heat, end)
PHASES = MappingProxyType(
    {str(r.name): r for r in PRE_GAME + tuple(m.RULES for m in TURN_MODULES) + (sandbox.RULES,)}
)
FIRST = str(setup.RULES.name)
MODES = {"game": FIRST, "sandbox": sandbox.NAME}  # GameStart.mode -> the first phase


def first(mode: str) -> str:
    """The phase a game of this mode begins in: setup, or the sandbox's one phase."""
    if mode not in MODES:
        raise UnknownPhaseError(f"there is no game mode {mode!r} (modes: {', '.join(MODES)})")
    return MODES[mode]


class UnknownPhaseError(ValueError):
    """A state names a phase no module implements (a damaged save)."""


def get(name: str) -> HexPhase:
    """The phase called ``name``."""
    try:
        return PHASES[str(name)]
    except KeyError:
        raise UnknownPhaseError(f"there is no phase {name!r}") from None


def following(name: str, rules: Rules) -> str:
    """The phase after ``name``: the pre-game phases once, then the turn sequence, whose
    last phase is followed by its first again (a new turn, TURN-14)."""
    if name == sandbox.NAME:
        return name  # the sandbox has one phase that never ends
    pre = [str(r.name) for r in PRE_GAME]
    turn = [str(p) for p in phase_sequence(rules)]
    if name in pre:
        i = pre.index(name)
        return pre[i + 1] if i + 1 < len(pre) else turn[0]
    if name not in turn:
        raise UnknownPhaseError(f"phase {name!r} is not part of the {rules.variant} sequence")
    return turn[(turn.index(name) + 1) % len(turn)]


__all__ = [
    "FIRST",
    "MODES",
    "PHASES",
    "PhaseRules",
    "Applying",
    "UnknownPhaseError",
    "first",
    "following",
    "get",
]
