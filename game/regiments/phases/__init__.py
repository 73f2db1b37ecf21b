"""The regiments game's phases and their order: a round begins (markers cleared, who
activates first rolled), then the sides alternate activations; a charge whose target (or
a unit it meets) may countercharge opens the countercharge phase until that side decides,
then activations go on. When every regiment carries a marker the next round begins.
A sandbox (``RegimentStart.mode`` "sandbox") has one phase of its own that never ends."""

from __future__ import annotations

from types import MappingProxyType

from ...core.phase import PhaseRules
from ..state import RegimentState
from . import activation, countercharge, round_start, sandbox

PHASES = MappingProxyType(
    {str(m.RULES.name): m.RULES for m in (round_start, activation, countercharge, sandbox)}
)
FIRST = str(round_start.RULES.name)
FIRST_OF_MODE = MappingProxyType({"game": FIRST, "sandbox": str(sandbox.RULES.name)})


class UnknownPhaseError(ValueError):
    """A state names a phase this rule set does not have (a damaged save)."""


def get(name: str) -> PhaseRules[RegimentState, None]:
    try:
        return PHASES[str(name)]
    except KeyError:
        raise UnknownPhaseError(f"the regiments game has no phase {name!r}") from None


def first(mode: str) -> str:
    """The phase a game of this mode begins in (game.regiments.state.MODES)."""
    try:
        return FIRST_OF_MODE[mode]
    except KeyError:
        raise UnknownPhaseError(f"a regiments game is a game or a sandbox, not {mode!r}") from None


def following(name: str, state: RegimentState) -> str:
    """round -> activation; activation -> countercharge while a charge waits, else the
    next round; countercharge -> activation; the sandbox never leaves its phase."""
    if name == round_start.NAME:
        return activation.NAME
    if name == activation.NAME:
        return countercharge.NAME if state.pending is not None else round_start.NAME
    if name == countercharge.NAME:
        return activation.NAME
    if name == sandbox.NAME:
        return sandbox.NAME
    raise UnknownPhaseError(f"the regiments game has no phase {name!r}")
