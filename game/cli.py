"""Command-line dispatcher: ``hexplate [play|sandbox|preview|rules] ...``.

Every subcommand lives in its own module and is imported lazily, so the referee never
loads pygame and ``--help`` stays fast. Errors the user can fix (a broken map, scenario
or save) are :class:`UserFacingError`: one sentence on stderr, exit code 2.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from game.core.errors import UserFacingError, one_line

EXIT_BAD_INPUT = 2


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
    from .autoplay import main as autoplay_main

    return autoplay_main(argv)


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {
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
  rules ...          the rules referee (move, reach, order, regiment); see docs/referee.md
  autoplay MAP.tmx   play a whole game headless with random legal actions
                     (--scenario FILE, --seed N, --turns K, --quiet)
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if not args:
        return COMMANDS["play"]([])
    cmd, rest = args[0], args[1:]
    if cmd not in COMMANDS:
        if cmd.endswith(".tmx"):
            return COMMANDS["play"](args)
        print(f"hexplate: unknown command '{cmd}'.\n\n{USAGE}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return COMMANDS[cmd](rest)
    except UserFacingError as e:
        print(f"hexplate: {one_line(e)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
