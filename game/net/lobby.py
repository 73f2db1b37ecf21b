"""The network game's lobby (issue 23): each player picks their own side's force, and the
game starts when both say ready.

A :class:`Lobby` is the game in setup without its picked forces (``base``), each side's
picks (design, gunnery, piloting) and who has said ready. A map game is open: the host's
force comes from its start screen (or the map's default), the guest picks side B's with
a ``pick`` message. A scenario or a loaded save is *fixed*: both forces are the file's,
the lobby only shows them. :func:`pick` and :func:`say_ready` are the host's checks of
every lobby message (a pick of the other side, an unknown design, too many units, bad
skills, a change to a fixed lobby: refused with the reason); a changed pick takes back
both players' ready. :func:`start_state` builds the game from both picks once both are
ready (the host's referee starts from it; the guest's copy from the host's start).
Nothing here knows the wire or the window.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from game.core.actions import IllegalActionError, Refused
from game.core.errors import UserFacingError
from game.designs.roster import RosterError, entry
from game.setup import with_forces
from game.state import GameState

from .setup import begun

MAX_UNITS = 12  # per side, as the start screen allows
MAX_SKILL = 8

Pick = tuple[str, int, int]  # design, gunnery, piloting
Force = tuple[Pick, ...]


@dataclass(frozen=True, slots=True)
class Lobby:
    """The game before it starts: its base, both picks, who is ready."""

    base: GameState
    forces: Mapping[str, Force]
    fixed: bool = False  # a scenario's or a save's forces: nobody picks
    ready: frozenset[str] = frozenset()

    @property
    def sides(self) -> tuple[str, str]:
        return self.base.sides[0], self.base.sides[1]

    @property
    def both_ready(self) -> bool:
        return all(side in self.ready for side in self.sides)


def open_lobby(base: GameState, forces: Mapping[str, Any]) -> Lobby:
    """A map game's lobby: ``base`` in setup without units, each side's first picks
    (a side not given starts empty). A ValueError names a pick that cannot be."""
    if len(base.sides) != 2 or base.start.mode != "game" or base.units:
        raise ValueError("a lobby opens on a game of two sides in setup, without units")
    picks: dict[str, Force] = {}
    for side in base.sides:
        got = _picks(base, side, forces.get(side, []))
        if isinstance(got, Refused):
            raise ValueError(got.reason)
        picks[side] = got
    return Lobby(base, MappingProxyType(picks))


def fixed_lobby(state: GameState) -> Lobby:
    """A scenario's or a save's lobby: its forces are the file's."""
    if len(state.sides) != 2 or state.start.mode != "game":
        raise ValueError("a network game is a game of two sides (not a sandbox)")
    shown = {side: tuple(_shown(state, side)) for side in state.sides}
    return Lobby(state, MappingProxyType(shown), fixed=True)


def pick(lobby: Lobby, side: Any, units: Any) -> Lobby | Refused:
    """``side``'s new force (JSON: a list of [design, gunnery, piloting]); both players'
    ready is taken back when it changes."""
    if lobby.fixed:
        return Refused("the forces of this game are fixed by its scenario or save")
    if side not in lobby.sides:
        return Refused(f"there is no side {_brief(side)} in this game")
    got = _picks(lobby.base, side, units)
    if isinstance(got, Refused):
        return got
    if got == lobby.forces[side]:
        return lobby
    forces = MappingProxyType({**lobby.forces, side: got})
    return replace(lobby, forces=forces, ready=frozenset())


def say_ready(lobby: Lobby, side: str, ready: bool = True) -> Lobby | Refused:
    """``side`` is ready (or not any more); a side without units cannot be ready."""
    if side not in lobby.sides:
        return Refused(f"there is no side {_brief(side)} in this game")
    if ready and not lobby.forces[side]:
        return Refused(f"side {side} has no units yet: pick at least one")
    now = lobby.ready | {side} if ready else lobby.ready - {side}
    return replace(lobby, ready=frozenset(now))


def start_state(lobby: Lobby) -> GameState:
    """The game both picked, started (setup over, the automatic steps taken)."""
    if lobby.fixed:
        return begun(lobby.base)
    forces = {side: list(lobby.forces[side]) for side in lobby.sides}
    return begun(with_forces(lobby.base, forces))


def lobby_to_json(lobby: Lobby) -> dict[str, Any]:
    """What the ``lobby`` message carries (docs/network.md)."""
    s = lobby.base
    return {
        "sides": list(lobby.sides),
        "forces": {side: [list(p) for p in lobby.forces[side]] for side in lobby.sides},
        "fixed": lobby.fixed,
        "ready": sorted(lobby.ready),
        "map": s.board.name or (s.start.map_ref or ""),
        "turn_limit": s.start.turn_limit,
        "rules": s.start.rules.variant,
        "tacops": s.start.rules.tacops,
    }


# --- inside ---------------------------------------------------------------------------------
def _picks(base: GameState, side: str, units: Any) -> Force | Refused:
    """The picks in ``units`` checked: the roster's designs, skills 0..8, at most
    MAX_UNITS, and each one a unit this game takes for ``side``."""
    if not isinstance(units, list | tuple):
        return Refused("a force is a list of [design, gunnery, piloting]")
    if len(units) > MAX_UNITS:
        return Refused(f"at most {MAX_UNITS} units per side, not {len(units)}")
    out: list[Pick] = []
    for u in units:
        one = _one(u)
        if isinstance(one, Refused):
            return one
        out.append(one)
    try:
        with_forces(base, {side: out})
    except (IllegalActionError, UserFacingError, ValueError) as e:
        return Refused(f"side {side}'s force cannot be set up here: {e}")
    return tuple(out)


def _one(u: Any) -> Pick | Refused:
    ok = isinstance(u, list | tuple) and len(u) == 3 and isinstance(u[0], str)
    if not ok or not all(isinstance(v, int) and not isinstance(v, bool) for v in u[1:]):
        return Refused(f"{_brief(u)} is not [design, gunnery, piloting]")
    code, gunnery, piloting = u
    try:
        entry(code)
    except (RosterError, KeyError):
        return Refused(f"there is no design {_brief(code)} in the roster")
    if not (0 <= gunnery <= MAX_SKILL and 0 <= piloting <= MAX_SKILL):
        return Refused(f"{code}: gunnery and piloting are 0 to {MAX_SKILL}")
    return code, gunnery, piloting


def _shown(state: GameState, side: str) -> list[Pick]:
    """A fixed game's units of ``side`` as picks (a unit without a roster design shows
    its name)."""
    return [(u.design or u.name, u.gunnery, u.piloting) for u in state.side_units(side)]


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
