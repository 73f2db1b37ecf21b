"""``python main.py sandbox [MAP.tmx] [--scenario FILE] [--size WxH] [--seed N]``: the
solo sandbox (issue 13) on a map (default: the bundled default map) or set up as a
scenario file says. See docs/sandbox.md.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import UserFacingError
from game.setup import GAME_ROOT, sandbox_from_map, sandbox_from_scenario
from game.state import GameState

from .play import PlayError, parse_size, run_window

if TYPE_CHECKING:
    import pygame

    from game.ui.app.app import App

DEFAULT_MAP = GAME_ROOT / "maps" / "default.tmx"


@dataclass(frozen=True, slots=True)
class SandboxArgs:
    map: Path | None
    scenario: Path | None
    size: tuple[int, int]
    seed: int | None


def parse_args(argv: Sequence[str]) -> SandboxArgs:
    ap = argparse.ArgumentParser(prog="python main.py sandbox", description=__doc__)
    ap.add_argument("map", nargs="?", type=Path, help="a .tmx or .board map; default: default.tmx")
    ap.add_argument("--scenario", type=Path, help="a scenario file to set the sandbox up from")
    ap.add_argument("--size", default=None, help="window size, e.g. 1600x900")
    ap.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    ns = ap.parse_args(list(argv))
    if ns.map is not None and ns.scenario is not None:
        raise PlayError("give a MAP or a --scenario, not both")
    for p, what in ((ns.map, "map"), (ns.scenario, "scenario")):
        if p is not None and not p.is_file():
            raise PlayError(f"{p}: no such {what} file")
    return SandboxArgs(ns.map, ns.scenario, parse_size(ns.size), ns.seed)


def sandbox_state(args: SandboxArgs) -> GameState:
    """The sandbox to open (errors are UserFacingErrors naming the file)."""
    seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
    if args.scenario is not None:
        return sandbox_from_scenario(args.scenario, seed=seed)
    return sandbox_from_map(args.map or DEFAULT_MAP, seed=seed)


def make_sandbox_app(
    args: SandboxArgs, screen: pygame.Surface, state: GameState | None = None
) -> App:
    """The App on the sandbox screen (used by main and by the tests)."""
    from game.ui.app.app import App

    from . import screens  # noqa: F401 - registers every screen by name

    app = App(screen)
    try:
        app.start_game(state or sandbox_state(args))
    except UserFacingError as e:  # the map cannot be drawn: name the file given too
        given = args.scenario or args.map or DEFAULT_MAP
        raise PlayError(f"{given}: the sandbox cannot be shown ({e})") from None
    return app


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    state = sandbox_state(args)  # a broken file fails before a window opens
    return run_window(args.size, True, lambda screen: make_sandbox_app(args, screen, state))
