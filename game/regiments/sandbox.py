"""Regiments sandboxes: a free-form table (game.regiments.phases.sandbox) started empty,
from a regiments scenario or from armies, saved as a regiments scenario file of the
referee's format (docs/scenario-format.md, Extension 3), so ``rules regiment`` reads it.

The saved file holds the table (the map it was drawn from as ``"file"``, or its size),
every regiment as it stands (markers too), the options when they differ from the
defaults, and, when given, the order being planned: then the referee judges exactly that
order. Undo and redo are game.core.history over the states (the screen's).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core.atomic import write_atomic
from game.core.errors import UserFacingError

from .armies import deploy
from .engine import new_game
from .options import DEFAULT, Options
from .regiment import Regiment
from .save import regiment_to_json, table_to_json
from .scenario import RULESET, load
from .state import SIDES, RegimentStart, RegimentState
from .table import Obstacle, Table
from .tabletop import table_from_map
from .verdict import Order

SANDBOX = "sandbox"
REPO = Path(__file__).resolve().parents[2]
SAVE_NAME = "regiments-sandbox.json"


class SandboxSaveError(UserFacingError):
    """The sandbox file could not be written (one sentence naming it)."""


def sides_of(regiments: tuple[Regiment, ...]) -> tuple[str, ...]:
    """The sides on the table, at least two (A and B fill in)."""
    found = tuple(sorted({r.side for r in regiments}))
    return found + tuple(s for s in SIDES if s not in found)[: max(0, 2 - len(found))]


def new_sandbox(
    table: Table,
    regiments: tuple[Regiment, ...] = (),
    *,
    options: Options = DEFAULT,
    seed: int = 1,
) -> RegimentState:
    """A sandbox on ``table`` with these regiments (none: an empty table)."""
    regs = tuple(regiments)
    start = RegimentStart(table, regs, options, sides_of(regs), seed, (), table.scenery, SANDBOX)
    return new_game(start)


def sandbox_from_scenario(path: str | Path, seed: int = 1) -> RegimentState:
    """The regiments, table and options of a regiments scenario, free to edit (its
    order, if any, is not carried out). ScenarioError (one sentence) on a broken file."""
    sc = load(path)
    return new_sandbox(sc.table, sc.regiments, options=sc.options, seed=seed)


def sandbox_from_armies(table: Table, picks: dict[str, str], seed: int = 1) -> RegimentState:
    """The armies of ``picks`` (side -> army code; none: an empty table) set up as for a
    game (game.regiments.armies.deploy), free to edit. ArmyError if they do not fit."""
    return new_sandbox(table, deploy(table, picks) if picks else (), seed=seed)


def sandbox_of(state: RegimentState) -> RegimentState:
    """A game's position as a new sandbox (same table, regiments and options)."""
    st = state.start
    return new_sandbox(st.table, state.regiments, options=st.options, seed=st.seed)


def _map_file(ref: str) -> str:
    """The map path as a scenario anywhere can find it: as given when it resolves from
    the repository root (or is absolute), else made absolute."""
    p = Path(ref)
    if p.is_absolute() or (REPO / p).exists() or not p.exists():
        return ref
    return str(p.resolve())


def _table_json(table: Table) -> dict[str, Any]:
    if not table.scenery:
        return table_to_json(table)
    ref = _map_file(table.scenery)
    try:
        from_map: tuple[Obstacle, ...] = table_from_map(_resolved(ref)).obstacles
    except UserFacingError:
        from_map = ()
    extra = [o for o in table.obstacles if o not in from_map]
    out: dict[str, Any] = {"file": ref}
    if extra:
        out["obstacles"] = [{"id": o.id, "points": [list(p) for p in o.points]} for o in extra]
    return out


def _resolved(ref: str) -> Path:
    p = Path(ref)
    return p if p.is_absolute() or p.exists() else REPO / p


def order_to_json(order: Order) -> dict[str, Any]:
    """An order in the scenario's shape (only the keys its type takes)."""
    out: dict[str, Any] = {"unit": order.unit, "type": order.type}
    if order.type in ("move", "march", "charge"):
        out["steps"] = [s.to_json() for s in order.steps]
    if order.type == "face":
        out["turn"] = order.turn
    if order.type in ("widen", "narrow"):
        out["files"], out["side"] = order.files, order.side
    if order.type == "charge":
        out["target"] = order.target
        if order.countercharge:
            out["countercharge"] = list(order.countercharge)
    return out


def scenario_json(state: RegimentState, order: Order | None = None) -> dict[str, Any]:
    """The sandbox as a regiments scenario (with ``order`` for the referee to judge)."""
    out: dict[str, Any] = {"version": 1, "ruleset": RULESET}
    out["table"] = _table_json(state.start.table)
    out["regiments"] = [regiment_to_json(r) for r in state.regiments]
    if state.options != DEFAULT:
        out["options"] = state.options.to_json()
    if order is not None:
        out["order"] = order_to_json(order)
    return out


def save_sandbox(state: RegimentState, path: str | Path, order: Order | None = None) -> None:
    """Write the sandbox as a scenario file, atomically (game.core.atomic)."""
    path = Path(path)
    text = json.dumps(scenario_json(state, order), indent=1) + "\n"
    try:
        write_atomic(path, text)
    except OSError as e:
        raise SandboxSaveError(
            f"{path}: the sandbox could not be written ({e.strerror or e})."
        ) from None
