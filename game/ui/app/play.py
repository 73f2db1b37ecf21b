"""``python main.py [play [MAP.tmx] [--scenario FILE] [--load SAVE] [--turns K]]``: the
hot-seat game.

With no map, scenario or save the start screen opens; a map skips it with the default
forces (each side then deploys), a scenario starts with its units already placed, a save
continues where it stopped. ``--turns K`` ends a new game after K turns, decided by the
damage each side dealt (game.outcome); a save keeps the limit it was started with. The
window's class name is "hexplate" (for window managers and ``xdotool search --classname
hexplate``). See docs/play.md.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import UserFacingError
from game.core.options import Rules
from game.core.seats import SIMPLE, Seats

if TYPE_CHECKING:
    import pygame

    from game.state import GameState
    from game.ui.app.app import App


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
    turns: int | None = None  # the turn limit of a new game (None: none)
    tacops: bool = False  # the Tactical Operations movement modes (ADV-01..16)
    bots: tuple[str, ...] = ()  # sides the computer plays (issue 21; a save's own otherwise)
    bot_style: str = "balanced"
    bot_level: str = "normal"


def parse_args(argv: Sequence[str]) -> Args:
    ap = argparse.ArgumentParser(prog="python main.py play", description=__doc__)
    ap.add_argument("map", nargs="?", type=Path, help="a map (.tmx or .board) to play on")
    ap.add_argument("--scenario", type=Path, help="a scenario file with units placed")
    ap.add_argument("--load", type=Path, help="a saved game to continue")
    ap.add_argument("--size", default=None, help="window size, e.g. 1600x900")
    ap.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    ap.add_argument("--turns", default=None, help="end the game after K turns (by damage)")
    tacops = "Tactical Operations movement: crawl, careless, hull-down, defence"
    ap.add_argument("--tacops", action="store_true", help=tacops)
    ap.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SIDE",
        help="the computer plays this side (docs/bot.md)",
    )
    ap.add_argument(
        "--bot-style",
        default="balanced",
        help="the computer's style: cautious, balanced or aggressive",
    )
    ap.add_argument(
        "--bot-level",
        default="normal",
        help="the computer's level: random, greedy (the simple players), easy or normal",
    )
    ns = ap.parse_args(list(argv))
    _check_bot(ns.bot_style, ns.bot_level)
    given = [x for x in (ns.map, ns.scenario, ns.load) if x is not None]
    if len(given) > 1:
        raise PlayError("give one of MAP, --scenario or --load, not several")
    size = parse_size(ns.size)
    for p, what in ((ns.map, "map"), (ns.scenario, "scenario"), (ns.load, "save")):
        if p is not None and not p.is_file():
            raise PlayError(f"{p}: no such {what} file")
    return Args(ns.map, ns.scenario, ns.load, size, ns.seed, _turns(ns.turns, ns.load), ns.tacops,
                tuple(ns.bot), ns.bot_style, ns.bot_level)  # fmt: skip


def _check_bot(style: str, level: str) -> None:
    from game.core.seats import GRADES, STYLES

    if style not in STYLES:
        raise PlayError(f"--bot-style {style!r} is not one of {', '.join(STYLES)}")
    if level not in GRADES:
        raise PlayError(f"--bot-level {level!r} is not one of {', '.join(GRADES)}")


def _turns(text: str | None, load: Path | None) -> int | None:
    """The --turns value: a whole number of turns 1..99, for a new game only."""
    from game.setup import MAX_TURN_LIMIT

    if text is None:
        return None
    if load is not None:
        raise PlayError("--turns is for a new game: a saved game keeps its own turn limit")
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_TURN_LIMIT:
        raise PlayError(f"--turns {text!r} must be a whole number of turns, 1 to {MAX_TURN_LIMIT}")
    return int(text)


def parse_size(text: str | None) -> tuple[int, int]:
    """``--size 1600x900`` (None: the default window); PlayError if it is no size."""
    if not text:
        return DEFAULT_SIZE
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise PlayError(f"--size {text!r} must look like 1280x800") from None
    if not (640 <= w <= 8192 and 400 <= h <= 8192):
        raise PlayError(f"--size {text} must be between 640x400 and 8192x8192")
    return w, h


def initial_state(args: Args):
    """The game to open (None: the start screen). Errors are UserFacingErrors."""
    return initial_game(args)[0]


def initial_game(args: Args) -> tuple[GameState | None, Seats]:
    """The game to open (None: the start screen) and who plays it: a save's own players
    unless ``--bot`` names the computer's sides (then exactly those)."""
    from game.save import load_seated

    seats = Seats()
    if args.load is not None:
        state, seats = load_seated(args.load)
    else:
        state = _new_state(args)
    if args.bots:
        sides = state.sides if state is not None else ("A", "B")
        for side in args.bots:
            if side not in sides:
                known = ", ".join(sides)
                raise PlayError(f"--bot {side}: there is no side {side} (sides: {known})")
        simple = args.bot_level in SIMPLE  # random, greedy: no style
        kind = args.bot_level if simple else f"bot:{args.bot_style}:{args.bot_level}"
        seats = Seats({side: kind for side in args.bots}, seats.notes)
    return state, seats


def _new_state(args: Args):
    from game.setup import new_game_from_map, new_game_from_scenario, with_forces, with_turn_limit

    seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
    rules = Rules(tacops=args.tacops)
    if args.scenario is not None:
        state = new_game_from_scenario(args.scenario, rules=rules, seed=seed)
        for side in state.sides:
            if not state.side_units(side):
                raise PlayError(f"{args.scenario}: side {side} has no units; a game needs both")
        return with_turn_limit(state, args.turns)
    if args.map is not None:
        game = new_game_from_map(args.map, rules=rules, seed=seed)
        return with_turn_limit(with_forces(game), args.turns)
    return None


def _regiments_file(path: Path) -> bool:
    from game.regiments.scenario import is_regiments_file

    return is_regiments_file(path)


def make_app(args: Args, screen):
    """The App on its first scene (used by main and by the tests)."""
    from game.ui.app.app import App
    from game.ui.app.bot_turns import seat

    from . import screens  # noqa: F401 - registers every screen by name

    app = App(screen)
    state, seats = initial_game(args)
    if state is None:
        app.show("start", turns=args.turns, rules=Rules(tacops=args.tacops),
                 players=dict(seats.players))  # fmt: skip
        return app
    try:
        app.start_game(state)
    except UserFacingError as e:  # e.g. the map cannot be drawn: name the file given too
        given = args.load or args.scenario or args.map
        raise PlayError(f"{given}: the game cannot be shown ({e})") from None
    seat(app, seats)
    return app


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    if args.scenario is not None and _regiments_file(args.scenario):  # Extension 3
        from game.ui.app.regiments_cmd import main as regiments_main

        extra = ["--size", f"{args.size[0]}x{args.size[1]}"]
        extra += ["--seed", str(args.seed)] if args.seed is not None else []
        return regiments_main(["--scenario", str(args.scenario), *extra])
    state_check = (
        initial_state(args) if args.load or args.scenario else None
    )  # fail before a window
    del state_check
    return run_window(args.size, bool(args.map or args.scenario), lambda s: make_app(args, s))


def run_window(
    size: tuple[int, int], loading: bool, app_for: Callable[[pygame.Surface], App]
) -> int:
    """Open the resizable window (class "hexplate"), show the splash, run the App that
    ``app_for(screen)`` builds until it quits."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "hexplate")
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption("hexplate", "hexplate")
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        splash(screen, "loading the map..." if loading else "")
        pygame.key.set_repeat(300, 40)
        app = app_for(screen)
        return int(app.run())
    finally:
        pygame.quit()


def splash(screen: pygame.Surface, note: str = "") -> None:
    """The window's first frame, at once: the start screen's colours and the title (never
    a black window while the game loads)."""
    import pygame

    from game.ui.widgets.fonts import font, ui_size

    size = ui_size(screen.get_height())
    screen.fill((23, 26, 31))
    title = font(size * 3, True).render("hexplate", True, (255, 246, 192))
    screen.blit(title, (size * 2, size))
    if note:
        screen.blit(font(size).render(note, True, (169, 166, 156)), (size * 2, size * 5))
    pygame.display.flip()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
