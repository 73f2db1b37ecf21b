"""``python main.py host ...`` and ``python main.py join ...``: network play (issue 23).

``host [MAP | --scenario F | --load SAVE] [--port P] [--local] [--code CODE]`` opens the
game as the first side and listens (all interfaces, or this machine only with
``--local``) on port P (default 27023); it prints and shows the address and the join
code (random unless ``--code`` fixes it). ``join HOST[:PORT] --code CODE`` joins as the
second side. Both run today's play screen (game.ui.app.net_turns) and run headless
under ``SDL_VIDEODRIVER=dummy`` too. ``--computer KIND`` lets the computer play this
end's side (random, greedy, bot[:STYLE]), for scripts and tests. See docs/network.md.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from game.net.setup import AUTOSAVE, begun, lan_address
from game.state import GameState

from .play import Args, PlayError, parse_args, parse_size, run_window

if TYPE_CHECKING:
    import pygame

    from game.net.hosting import Hosting
    from game.net.joining import Joining
    from game.ui.app.app import App

JOIN_WAIT = 15.0  # seconds the guest waits for the host's welcome


def _net_options(prog: str) -> argparse.ArgumentParser:
    from game.net.protocol import DEFAULT_PORT

    ap = argparse.ArgumentParser(prog=prog, description=__doc__, add_help=False)
    ap.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (default 27023)")
    ap.add_argument("--code", default=None, help="the join code (host: default random)")
    ap.add_argument("--computer", default=None, metavar="KIND",
                    help="the computer plays this side: random, greedy, bot[:STYLE]")  # fmt: skip
    return ap


def _code(text: str | None) -> str:
    from game.net.codes import CodeError, checked_code, new_code

    if text is None:
        return new_code()
    try:
        return checked_code(text)
    except CodeError as e:
        raise PlayError(str(e)) from None


def _port(port: int) -> int:
    if not 0 <= port <= 65535:
        raise PlayError(f"--port {port} must be 0 to 65535")
    return port


def host_main(argv: Sequence[str]) -> int:
    from game.core.files import save_dir
    from game.net.host_link import HostLink
    from game.net.hosting import Hosting
    from game.net.referee import Referee

    ap = _net_options("python main.py host")
    ap.add_argument("--local", action="store_true", help="listen on this machine only")
    ns, rest = ap.parse_known_args(list(argv))
    args = parse_args(rest)
    state = begun(_first_state(args))
    code, port = _code(ns.code), _port(ns.port)
    link = HostLink(code, port, local=ns.local)
    try:
        port = link.start()
    except OSError as e:
        raise PlayError(f"cannot listen on port {port}: {e}") from None
    hosting = Hosting(Referee(state, autosave=save_dir() / AUTOSAVE), link)
    where = f"{'127.0.0.1' if ns.local else lan_address()}:{port}"
    print(f"hexplate host: listening on {where} ({link.bind}), join code {code}; the guest "
          f"runs: python main.py join {where} --code {code}", flush=True)  # fmt: skip
    side, computer = state.sides[0], ns.computer
    return run_window(args.size, False,
                      lambda s: _app(s, state, hosting, side, where, code, computer))  # fmt: skip


def join_main(argv: Sequence[str]) -> int:
    from game.net.guest_link import GuestLink
    from game.net.joining import Joining
    from game.net.protocol import DEFAULT_PORT

    ap = _net_options("python main.py join")
    ap.add_argument("address", help="HOST or HOST:PORT of the host")
    ap.add_argument("--size", default=None, help="window size, e.g. 1600x900")
    ns = ap.parse_args(list(argv))
    if ns.code is None:
        raise PlayError("join needs the host's join code: --code CODE")
    host, _, port_text = ns.address.rpartition(":") if ":" in ns.address else (ns.address, "", "")
    if not port_text.isdigit() and port_text:
        raise PlayError(f"{ns.address!r} must be HOST or HOST:PORT")
    port = _port(int(port_text) if port_text else DEFAULT_PORT)
    link = GuestLink(host, port, _code(ns.code))
    link.start()
    joining = Joining(link)
    _wait_for_welcome(joining, f"{host}:{port}")
    assert joining.state is not None and joining.side is not None
    state, side, where = joining.state, joining.side, f"{host}:{port}"
    return run_window(parse_size(ns.size), False,
                      lambda s: _app(s, state, joining, side, where, "", ns.computer))  # fmt: skip


def _wait_for_welcome(joining: Joining, where: str) -> None:
    end = time.monotonic() + JOIN_WAIT
    while time.monotonic() < end:
        for change in joining.pump():
            if change.kind in ("fatal", "desync", "bye"):
                joining.link.close()
                raise PlayError(f"cannot join {where}: {change.text}")
        if joining.copy is not None:
            return
        time.sleep(0.02)
    joining.link.close()
    raise PlayError(f"no hexplate host answers at {where} (is it hosting, is the port open?)")


def _first_state(args: Args) -> GameState:
    from game.setup import GAME_ROOT

    from .play import initial_state

    state = initial_state(args)
    if state is None:
        state = initial_state(replace(args, map=GAME_ROOT / "maps" / "default.tmx"))
    return state


def _app(screen: pygame.Surface, state: GameState, end: Hosting | Joining, side: str,
         where: str, code: str, computer: str | None) -> App:  # fmt: skip
    from game.ui.app.app import App
    from game.ui.app.net_turns import NetTurns

    from . import screens  # noqa: F401 - registers every screen by name

    app = App(screen)
    app.start_game(state)
    app.net = NetTurns(end, side, where, code)
    if computer:
        from game.bot.players import make_player
        from game.ui.app.bot_turns import BotTurns

        try:
            app.bots = BotTurns({side: make_player(computer)}, pace=0.05)
        except ValueError as e:
            raise PlayError(f"--computer: {e}") from None
    return app
