"""``python main.py [play [MAP.tmx] [--scenario FILE] [--load SAVE]]``: the hot-seat game.

With no map, scenario or save the start screen opens; a map skips it with the default
forces (each side then deploys), a scenario starts with its units already placed, a save
continues where it stopped. The window's class name is "hexplate" (for window managers
and ``xdotool search --classname hexplate``). See docs/play.md.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.errors import UserFacingError
from game.rules.options import Rules

if TYPE_CHECKING:
    import pygame

DEFAULT_SIZE = (1280, 800)


class PlayError(UserFacingError):
    """Bad arguments to ``play`` (one sentence)."""


@dataclass(frozen=True, slots=True)
class Args:
    map: Path | None
    scenario: Path | None
    load: Path | None
    size: tuple[int, int]
    seed: int | None
    tacops: bool = False  # the Tactical Operations movement modes (ADV-01..16)


def parse_args(argv: Sequence[str]) -> Args:
    ap = argparse.ArgumentParser(prog="python main.py play", description=__doc__)
    ap.add_argument("map", nargs="?", type=Path, help="a Tiled map (.tmx) to play on")
    ap.add_argument("--scenario", type=Path, help="a scenario file with units placed")
    ap.add_argument("--load", type=Path, help="a saved game to continue")
    ap.add_argument("--size", default=None, help="window size, e.g. 1600x900")
    ap.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    tacops = "Tactical Operations movement: crawl, careless, hull-down, defence"
    ap.add_argument("--tacops", action="store_true", help=tacops)
    ns = ap.parse_args(list(argv))
    given = [x for x in (ns.map, ns.scenario, ns.load) if x is not None]
    if len(given) > 1:
        raise PlayError("give one of MAP, --scenario or --load, not several")
    size = DEFAULT_SIZE
    if ns.size:
        try:
            w, h = (int(v) for v in ns.size.lower().split("x"))
        except ValueError:
            raise PlayError(f"--size {ns.size!r} must look like 1280x800") from None
        if not (640 <= w <= 8192 and 400 <= h <= 8192):
            raise PlayError(f"--size {ns.size} must be between 640x400 and 8192x8192")
        size = (w, h)
    for p, what in ((ns.map, "map"), (ns.scenario, "scenario"), (ns.load, "save")):
        if p is not None and not p.is_file():
            raise PlayError(f"{p}: no such {what} file")
    return Args(ns.map, ns.scenario, ns.load, size, ns.seed, ns.tacops)


def initial_state(args: Args):
    """The game to open (None: the start screen). Errors are UserFacingErrors."""
    from game.save import load_game
    from game.setup import new_game_from_map, new_game_from_scenario, with_forces

    seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
    rules = Rules(tacops=args.tacops)
    if args.load is not None:
        return load_game(args.load)
    if args.scenario is not None:
        state = new_game_from_scenario(args.scenario, rules=rules, seed=seed)
        for side in state.sides:
            if not state.side_units(side):
                raise PlayError(f"{args.scenario}: side {side} has no units; a game needs both")
        return state
    if args.map is not None:
        return with_forces(new_game_from_map(args.map, rules=rules, seed=seed))
    return None


def make_app(args: Args, screen):
    """The App on its first scene (used by main and by the tests)."""
    from . import screens  # noqa: F401 - registers every screen by name
    from .play_app import App

    app = App(screen)
    state = initial_state(args)
    if state is None:
        app.show("start", rules=Rules(tacops=args.tacops))
        return app
    try:
        app.start_game(state)
    except UserFacingError as e:  # e.g. the map cannot be drawn: name the file given too
        given = args.load or args.scenario or args.map
        raise PlayError(f"{given}: the game cannot be shown ({e})") from None
    return app


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "hexplate")
    import pygame

    state_check = (
        initial_state(args) if args.load or args.scenario else None
    )  # fail before a window
    del state_check
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption("hexplate", "hexplate")
        screen = pygame.display.set_mode(args.size, pygame.RESIZABLE)
        splash(screen, "loading the map..." if args.map or args.scenario else "")
        pygame.key.set_repeat(300, 40)
        app = make_app(args, screen)
        return app.run()
    finally:
        pygame.quit()


def splash(screen: pygame.Surface, note: str = "") -> None:
    """The window's first frame, at once: the start screen's colours and the title (never
    a black window while the game loads)."""
    import pygame

    from .fonts import font, ui_size

    size = ui_size(screen.get_height())
    screen.fill((23, 26, 31))
    title = font(size * 3, True).render("hexplate", True, (255, 246, 192))
    screen.blit(title, (size * 2, size))
    if note:
        screen.blit(font(size).render(note, True, (169, 166, 156)), (size * 2, size * 5))
    pygame.display.flip()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
