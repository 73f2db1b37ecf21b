"""New regiments games: from two armies on a table (plain or a Tiled map), or from a
regiments scenario file with its regiments already placed."""

from __future__ import annotations

from pathlib import Path

from .armies import deploy
from .engine import new_game
from .options import DEFAULT, Options
from .scenario import ScenarioError, is_regiments_file, load
from .state import RegimentStart, RegimentState
from .table import Table
from .tabletop import table_from_map

PLAIN_TABLE = (180.0, 120.0)  # cm: a common wargames table
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def bundled_scenarios() -> list[Path]:
    """The regiments scenarios that come with the game (scenarios/*.json)."""
    return [p for p in sorted(SCENARIOS.glob("*.json")) if is_regiments_file(p)]


def table_for(map_path: str | Path | None) -> Table:
    """The table a map makes (game.regiments.tabletop), or a plain 180 x 120 cm one."""
    if map_path is None:
        return Table(*PLAIN_TABLE)
    return table_from_map(map_path)


def game_from_armies(
    table: Table, picks: dict[str, str], seed: int = 1, options: Options = DEFAULT
) -> RegimentState:
    """Two armies set up facing each other (game.regiments.armies.deploy)."""
    regs = deploy(table, picks)
    start = RegimentStart(table, regs, options, tuple(picks), seed, (), table.scenery)
    return new_game(start)


def game_from_scenario(path: str | Path, seed: int = 1) -> RegimentState:
    """The regiments of a scenario file, its options and dice."""
    sc = load(path)
    sides = tuple(sorted({r.side for r in sc.regiments}))
    if len(sides) != 2:
        raise ScenarioError(
            f"{path}: a game needs regiments of exactly two sides, not {len(sides)}"
        )
    start = RegimentStart(
        sc.table, sc.regiments, sc.options, sides, seed, sc.dice or (), sc.map_ref
    )
    return new_game(start)
