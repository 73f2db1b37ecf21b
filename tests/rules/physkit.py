"""Helpers for the physical attack tests: a scenario in memory, asked through the referee."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from game.referee.moves import answer


def unit(uid: str, at: str, facing: int = 0, side: str = "A", **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": uid, "side": side, "kind": "biped", "tons": 50, "walk": 4,
                            "at": at, "facing": facing}  # fmt: skip
    return base | kw


def ask(units: list[dict[str, Any]], physical: dict[str, Any], *, hexes: dict | None = None,
        dice: list[int] | None = None, resolve: bool = False, variant: str = "tw",
        **top: Any) -> dict[str, Any]:  # fmt: skip
    data: dict[str, Any] = {"version": 1, "board": {"width": 12, "height": 12,
                                                    "hexes": hexes or {}},
                            "units": units, "physical": physical, **top}  # fmt: skip
    if dice is not None:
        data["dice"] = dice
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "s.json"
        path.write_text(json.dumps(data))
        args = ["physical", str(path), "--variant", variant] + (["--resolve"] if resolve else [])
        return answer(args)


def mods(out: dict[str, Any]) -> dict[str, int]:
    return {m["reason"]: m["value"] for m in out["modifiers"]}


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["type"] == kind]
