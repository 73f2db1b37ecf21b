"""Command-line dispatcher: ``hexplate [play|sandbox|preview|rules] ...``.

Every subcommand lives in its own module and is imported lazily, so the referee never
loads pygame and ``--help`` stays fast. Errors the user can fix (a broken map, scenario
or save) are :class:`UserFacingError`: one sentence on stderr, exit code 2.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from game.core.errors import UserFacingError, one_line

EXIT_BAD_INPUT = 2
# A reader of stdout gone early (``| head``) leaves the question valid: the referee's
# contract knows 0 (a valid question) and 2 (a bad file or arguments), no third status
# (docs/scenario-format.md, "Commands and exit codes").
EXIT_READER_GONE = 0


def _rules(argv: Sequence[str]) -> int:
    from game.referee.moves import main as referee_main

    return referee_main(argv)


def _preview(argv: Sequence[str]) -> int:
    from game.ui.scenes.hexes.preview.command import main as preview_main

    return preview_main(argv)


def _play(argv: Sequence[str]) -> int:
    from game.ui.app.play import main as play_main

    return play_main(argv)


def _regiments(argv: Sequence[str]) -> int:
    from game.ui.app.regiments_cmd import main as regiments_main

    return regiments_main(argv)


def _sandbox(argv: Sequence[str]) -> int:
    from game.ui.app.sandbox_cmd import main as sandbox_main

    return sandbox_main(argv)


def _autoplay(argv: Sequence[str]) -> int:
    from game.bot.autoplay import main as autoplay_main

    return autoplay_main(argv)


def _map(argv: Sequence[str]) -> int:
    from game.referee.maps import main as map_main

    return map_main(argv)


def _designs(argv: Sequence[str]) -> int:
    from game.referee.designs import main as designs_main

    return designs_main(argv)


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
    "map": _map,
    "designs": _designs,
    "rules": _rules,
    "autoplay": _autoplay,
    "preview": _preview,
    "play": _play,
    "regiments": _regiments,
    "sandbox": _sandbox,
}

USAGE = """usage: python main.py [COMMAND] ...

commands:
  (none)             open the start screen (the bundled default map is chosen)
  play [MAP.tmx]     start a hot-seat game on a map (--scenario FILE, --load SAVE)
  sandbox [MAP.tmx]  the solo sandbox: place, move and attack freely, undo, what-if
                     odds; saves scenarios (--scenario FILE); see docs/sandbox.md
  preview MAP.tmx    open a map in the previewer (--png OUT.png renders without a window)
  regiments [MAP]    the regiments rule set (seed 002, cm): armies, table, hot-seat
                     (--scenario FILE with "ruleset": "regiments", --load SAVE;
                     --sandbox [MAP | --scenario FILE]: place regiments, try orders freely)
  map dump FILE      the board of a .tmx or MegaMek .board map (--json: as a scenario's
                     board block, with what was left out); map convert X.board OUT.tmx;
                     map check FILE|FOLDER ...; see docs/megamek.md
  designs import FILE|FOLDER   copy MegaMek .mtf/.blk designs into your design folder;
                     designs list [--search TEXT]; designs show KEY|FILE [--json]
  rules ...          the rules referee (move, reach, order, regiment); see docs/referee.md
  autoplay MAP.tmx   play a whole game headless with random legal actions
                     (--scenario FILE, --seed N, --turns K, --quiet)
"""


PLAYING = ("play", "regiments", "sandbox")  # the commands that write saves


def _tidy_saves() -> None:
    """Temporary files an interrupted save left in the save folder go at the start."""
    from game.core.atomic import remove_stale_in
    from game.core.files import save_dir

    remove_stale_in(save_dir())


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        code = _dispatch(args)
        sys.stdout.flush()  # a reader gone early shows here, not at the interpreter's exit
        return code
    except BrokenPipeError:
        return _reader_gone()


def _dispatch(args: list[str]) -> int:
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    cmd, rest = (args[0], args[1:]) if args else ("play", [])
    if cmd not in COMMANDS:
        if not cmd.endswith((".tmx", ".board")):
            print(f"hexplate: unknown command '{cmd}'.\n\n{USAGE}", file=sys.stderr)
            return EXIT_BAD_INPUT
        cmd, rest = "play", args
    if cmd in PLAYING:
        _tidy_saves()
    try:
        return COMMANDS[cmd](rest)
    except UserFacingError as e:
        with contextlib.suppress(BrokenPipeError):  # its reader gone too: still a bad file
            print(f"hexplate: {one_line(e)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


def _reader_gone() -> int:
    """The reader of stdout closed early (``... | head``): nothing more can be said, so
    stdout points at the null device (the interpreter's last flush then fails quietly
    too) and the command ends as a valid question does (exit 0), without a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return EXIT_READER_GONE


if __name__ == "__main__":
    sys.exit(main())
