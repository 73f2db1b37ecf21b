"""``python main.py regiments [MAP.tmx] [--scenario FILE] [--load SAVE] [--sandbox]``: the
regiments rule set (seed 002) hot-seat, in its own window.

No argument opens the regiments start screen (armies and table); a map opens it with that
map as the table; a scenario (``"ruleset": "regiments"``) starts with its regiments
placed; a save continues. ``--sandbox`` opens the sandbox instead: an empty table (the
map's, or a plain 180 x 120 cm one) or the scenario's regiments, free to place and move.
``play --scenario`` hands regiments scenarios here too.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import UserFacingError

if TYPE_CHECKING:
    from game.regiments.state import RegimentState

DEFAULT_SIZE = (1280, 800)


class RegimentsArgsError(UserFacingError):
    """Bad arguments to ``regiments`` (one sentence)."""


def parse(argv: Sequence[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python main.py regiments", description=__doc__)
    ap.add_argument("map", nargs="?", type=Path, help="a Tiled map as the table (scenery)")
    ap.add_argument("--scenario", type=Path, help="a regiments scenario file")
    ap.add_argument("--load", type=Path, help="a regiments save to continue")
    ap.add_argument("--size", default=None, help="window size, e.g. 1600x900")
    ap.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    ap.add_argument(
        "--sandbox", action="store_true", help="the sandbox: place regiments, try orders freely"
    )
    ns = ap.parse_args(list(argv))
    if sum(x is not None for x in (ns.map, ns.scenario, ns.load)) > 1:
        raise RegimentsArgsError("regiments: give one of MAP, --scenario or --load")
    if ns.sandbox and ns.load is not None:
        raise RegimentsArgsError("regiments: --sandbox takes a MAP or --scenario, not --load")
    for p, what in ((ns.map, "map"), (ns.scenario, "scenario"), (ns.load, "save")):
        if p is not None and not p.is_file():
            raise RegimentsArgsError(f"{p}: no such {what} file")
    ns.size_px = DEFAULT_SIZE
    if ns.size:
        try:
            w, h = (int(v) for v in ns.size.lower().split("x"))
        except ValueError:
            raise RegimentsArgsError(f"--size {ns.size!r} must look like 1280x800") from None
        ns.size_px = (max(640, w), max(400, h))
    return ns


def first_state(ns: argparse.Namespace) -> RegimentState | None:
    """The game (or sandbox) to open; None: the start screen. UserFacingError if bad."""
    from game.regiments.sandbox import new_sandbox, sandbox_from_scenario
    from game.regiments.save import load_game
    from game.regiments.setup import game_from_scenario, table_for

    seed = ns.seed if ns.seed is not None else random.randrange(1, 2**31)
    if ns.load is not None:
        return load_game(ns.load)
    if ns.sandbox:
        if ns.scenario is not None:
            return sandbox_from_scenario(ns.scenario, seed)
        return new_sandbox(table_for(ns.map), seed=seed)
    if ns.scenario is not None:
        return game_from_scenario(ns.scenario, seed)
    return None


def make_app(ns: argparse.Namespace, screen):  # noqa: ANN001, ANN201
    from game.ui.app.app import App

    from . import screens  # noqa: F401 - registers every screen by name

    app = App(screen)
    state = first_state(ns)
    if state is None:
        app.show("regiments-start", map_path=ns.map, seed=ns.seed)
    else:
        app.show("regiments", state=state)
    return app


def main(argv: Sequence[str]) -> int:
    ns = parse(argv)
    first_state(ns)  # a broken scenario or save fails before a window opens
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "hexplate")
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption("hexplate - regiments", "hexplate")
        screen = pygame.display.set_mode(ns.size_px, pygame.RESIZABLE)
        pygame.key.set_repeat(300, 40)
        return make_app(ns, screen).run()
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
