"""New games: a board (a Tiled map or a scenario file) and forces picked from the roster;
new sandboxes likewise (their undo, dice and saves are game.phases.sandbox_game's).

Every way into a game (the start screen, ``play MAP``, ``play --scenario``, the headless
autoplay, the tests) starts here, so each gets the same start record (game.state.GameStart)
that saves and replays rely on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.actions import Refused
from game.core.files import ScenarioError
from game.core.options import CLASSIC, TW, Rules
from game.designs.roster import entries
from game.hexgrid import Hex, bearing
from game.phases.actions import AddUnit
from game.phases.sandbox import PlaceUnit, SetMoved
from game.phases.sandbox_game import SANDBOX
from game.rules.deploy import legal_deploy_hexes
from game.units.unit import Unit

from .board import Board
from .flow import apply, apply_strict, initial_state
from .state import SIDES, GameStart, GameState

if TYPE_CHECKING:
    from game.scenario.reader import Scenario

GAME_ROOT = Path(__file__).resolve().parents[1]  # the folder holding game/ and maps/
# A new unit's pilot: gunnery 4, piloting 5 (the board game's regular MechWarrior, G4/P5).
DEFAULT_SKILLS = (4, 5)
# The forces a map game starts with unless the players pick others: (design, G, P).
DEFAULT_FORCES: Mapping[str, tuple[tuple[str, int, int], ...]] = {
    "A": (("HBK-4G", 4, 4), ("JR7-D", 4, 5)),
    "B": (("WVR-6R", 4, 4), ("COM-2D", 4, 5)),
}


def canonical_map_ref(ref: str | Path) -> str:
    """A map inside the game folder is named relative to it (saves survive a move of the
    folder, and the scenario reader finds it from the game root); others absolutely.
    A relative name that is no file from here but one in the game folder (a save's map,
    loaded from elsewhere) is already such a name and stays as it is."""
    if not Path(ref).is_absolute() and not Path(ref).is_file() and (GAME_ROOT / ref).is_file():
        return Path(ref).as_posix()
    path = Path(ref).resolve()
    try:
        return path.relative_to(GAME_ROOT).as_posix()
    except ValueError:
        return str(path)


def new_game(
    board: Board,
    *,
    map_ref: str | Path | None = None,
    rules: Rules = TW,
    seed: int = 1,
    script: tuple[int, ...] = (),
    units: tuple[Unit, ...] = (),
    sides: tuple[str, ...] = SIDES,
) -> GameState:
    """A game in its first phase (setup); ``units`` (from a scenario) are already placed."""
    ref = canonical_map_ref(map_ref) if map_ref is not None else None
    start = GameStart(ref, rules, tuple(sides), seed, tuple(script), tuple(units))
    return initial_state(board, start)


def new_game_from_map(
    path: str | Path, *, rules: Rules = TW, seed: int = 1, sides: tuple[str, ...] = SIDES
) -> GameState:
    """A game in setup on a Tiled map (MapError, a UserFacingError, if it cannot load)."""
    from .maps import load_map  # lazy: pytmx only when a map is really read

    return new_game(load_map(Path(path)), map_ref=path, rules=rules, seed=seed, sides=sides)


def new_game_from_scenario(path: str | Path, *, rules: Rules = TW, seed: int = 1) -> GameState:
    """A game from a scenario file: its board, its placed units and its dice script.

    The sides are the scenario's (sorted), falling back to A and B when it names fewer.
    A scenario's `"options": ["tacops"]` turns the option on; ``rules`` may have it on too.
    """
    sc, map_ref, sides, rules = scenario_start(path, rules)
    return new_game(
        sc.board, map_ref=map_ref, rules=rules, seed=seed, script=sc.dice or (),
        units=sc.units, sides=sides,
    )  # fmt: skip


def scenario_start(
    path: str | Path, rules: Rules = TW
) -> tuple[Scenario, Path | None, tuple[str, ...], Rules]:
    """What a game or a sandbox takes from a scenario file: the scenario, its map file
    (the reader's search: beside it, else the game's), its sides (sorted; A and B when it
    names fewer) and ``rules`` with the scenario's options on (``rules`` may have them on)."""
    from game.scenario.reader import load_scenario

    path = Path(path)
    sc = load_scenario(path)
    map_ref: Path | None = None
    if sc.board_file is not None:
        beside = path.parent / sc.board_file
        map_ref = beside if beside.is_file() else GAME_ROOT / sc.board_file
    named = tuple(sorted({u.side for u in sc.units}))
    return sc, map_ref, named if len(named) >= 2 else SIDES, sc.rules(rules) if sc.tacops else rules


def new_sandbox(
    board: Board,
    *,
    map_ref: str | Path | None = None,
    units: tuple[Unit, ...] = (),
    seed: int = 1,
    script: tuple[int, ...] = (),
    rules: Rules = TW,
    sides: tuple[str, ...] = SIDES,
) -> GameState:
    """An empty (or scenario-filled) sandbox on a board."""
    ref = canonical_map_ref(map_ref) if map_ref is not None else None
    start = GameStart(ref, rules, tuple(sides), seed, tuple(script), tuple(units), SANDBOX)
    return initial_state(board, start)


def sandbox_from_map(path: str | Path, *, seed: int = 1, rules: Rules = TW) -> GameState:
    """An empty sandbox on a Tiled map (MapError, a UserFacingError, if it cannot load)."""
    from game.maps import load_map

    return new_sandbox(load_map(Path(path)), map_ref=path, seed=seed, rules=rules)


def sandbox_from_scenario(path: str | Path, *, seed: int = 1, rules: Rules = TW) -> GameState:
    """A sandbox set up as a scenario file says (ScenarioError if it cannot be read): its
    board, units and dice; each unit's ``movement`` becomes its first SetMoved action, so
    the to-hit modifiers are the scenario's and the state replays from its start."""
    sc, map_ref, sides, rules = scenario_start(path, rules)
    s = new_sandbox(sc.board, map_ref=map_ref, units=sc.units, seed=seed,
                    script=sc.dice or (), rules=rules, sides=sides)  # fmt: skip
    for uid, m in sc.movements.items():
        out = apply(s, SetMoved(uid, m.mode, m.hexes, m.skidded))
        if isinstance(out, Refused):
            raise ScenarioError(f"{path}: unit {uid}'s movement cannot be set: {out.reason}")
        s = out.state
    return s


MAX_TURN_LIMIT = 99


def with_turn_limit(state: GameState, turns: int | None) -> GameState:
    """The game (not yet begun) set to end after ``turns`` turns, decided by damage dealt
    (game.outcome); None: no limit. A ValueError names a limit out of 1..99."""
    if turns is not None and not 1 <= turns <= MAX_TURN_LIMIT:
        raise ValueError(f"a turn limit must be 1 to {MAX_TURN_LIMIT} turns, not {turns}")
    return replace(state, start=replace(state.start, turn_limit=turns))


def forces_of(state: GameState) -> dict[str, list[list[str | int]]]:
    """Each side's picks in a game, as [design, gunnery, piloting]: what a new game on the
    start screen begins with (units without a roster design are left out)."""
    out: dict[str, list[list[str | int]]] = {side: [] for side in state.sides}
    for u in state.units:
        if u.design:
            out.setdefault(u.side, []).append([u.design, u.gunnery, u.piloting])
    return out


def with_forces(
    state: GameState, forces: Mapping[str, Sequence[Sequence[str | int]]] = DEFAULT_FORCES
) -> GameState:
    """The game in setup with each side's picks added: (design, gunnery, piloting) each.

    A pick the roster refuses raises IllegalActionError (game.phases.actions) naming it."""
    for side, picks in forces.items():
        for design, gunnery, piloting in picks:
            add = AddUnit(str(design), side, piloting=int(piloting), gunnery=int(gunnery))
            state = apply_strict(state, add).state
    return state


def bundled_maps() -> list[Path]:
    """The maps that come with the game (maps/*.tmx), by name."""
    return sorted((GAME_ROOT / "maps").glob("*.tmx"))


# --- the start screen's forces in a sandbox (issue 25, finding 10): the Sandbox button opens
# the sandbox with the units picked there already on the map, each side in its deployment
# zone around the zone's middle, facing the middle of the map; each is one PlaceUnit
# action, so the sandbox's undo line and its saved scenario hold them like units placed
# by hand.
def facing_towards(at: Hex, goal: Hex) -> int:
    """The facing (0 = N, clockwise) nearest the bearing from ``at`` to ``goal``."""
    if at == goal:
        return 0
    return round(bearing(at, goal) / 60) % 6


def _spot(state: GameState, side: str, kind: str) -> Hex | None:
    """The free zone hex nearest the zone's middle (any unit takes its hex here)."""
    free = legal_deploy_hexes(state.board, side, state.units, kind, None, CLASSIC)
    if not free:
        return None
    rows = sorted(h.row for h in free)
    cols = sorted(h.col for h in free)
    mid = Hex(cols[len(cols) // 2], rows[len(rows) // 2])
    return min(free, key=lambda h: (abs(h.row - mid.row) + abs(h.col - mid.col), h.row, h.col))


def with_sandbox_forces(
    state: GameState, forces: Mapping[str, Sequence[Sequence[str | int]]]
) -> GameState:
    """``state`` (a sandbox) with each side's picks (design, gunnery, piloting) placed; a
    pick with no room left in its zone is left off the map (the palette places it)."""
    kinds = {e.code: e.kind for e in entries()}
    b = state.board
    middle = Hex(b.width // 2, b.height // 2)
    for side, picks in forces.items():
        for design, gunnery, piloting in picks:
            at = _spot(state, side, kinds.get(str(design), "biped"))
            if at is None:
                continue
            place = PlaceUnit(str(design), side, at, facing_towards(at, middle),
                              gunnery=int(gunnery), piloting=int(piloting))  # fmt: skip
            state = apply_strict(state, place).state
    return state
