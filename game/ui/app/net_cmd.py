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
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.net.setup import AUTOSAVE, lan_address
from game.state import GameState

from .play import Args, PlayError, parse_args, parse_size, run_window

if TYPE_CHECKING:
    import pygame

    from game.net.host_lobby import HostLobby
    from game.net.hosting import Hosting
    from game.net.joining import Joining
    from game.net.lobby import Lobby
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
    from game.net.host_lobby import HostLobby

    ap = _net_options("python main.py host")
    ap.add_argument("--local", action="store_true", help="listen on this machine only")
    ns, rest = ap.parse_known_args(list(argv))
    args = parse_args(rest)
    lobby = _lobby(args)
    _check_computer(ns.computer)
    code, port = _code(ns.code), _port(ns.port)
    link = HostLink(code, port, local=ns.local)
    try:
        port = link.start()
    except OSError as e:
        raise PlayError(f"cannot listen on port {port}: {e}") from None
    host = HostLobby(lobby, link, autosave=save_dir() / AUTOSAVE)
    where = f"{'127.0.0.1' if ns.local else lan_address()}:{port}"
    print(f"hexplate host: listening on {where} ({link.bind}), join code {code}; the guest "
          f"runs: python main.py join {where} --code {code}", flush=True)  # fmt: skip
    return run_window(args.size, False,
                      lambda s: _lobby_app(s, host, where, code, ns.computer))  # fmt: skip


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
    _check_computer(ns.computer)
    where = f"{host}:{port}"
    _wait_for_welcome(joining, where)
    state, side = joining.state, joining.side or "B"
    if state is None:  # the lobby first: pick side B's force, say ready
        return run_window(parse_size(ns.size), False,
                          lambda s: _lobby_app(s, joining, where, "", ns.computer))  # fmt: skip
    return run_window(parse_size(ns.size), False,
                      lambda s: _app(s, state, joining, side, where, "", ns.computer))  # fmt: skip


def _wait_for_welcome(joining: Joining, where: str) -> None:
    end = time.monotonic() + JOIN_WAIT
    while time.monotonic() < end:
        for change in joining.pump():
            if change.kind in ("fatal", "desync", "bye"):
                joining.link.close()
                raise PlayError(f"cannot join {where}: {change.text}")
        if joining.copy is not None or joining.lobby is not None:
            return
        time.sleep(0.02)
    joining.link.close()
    raise PlayError(f"no hexplate host answers at {where} (is it hosting, is the port open?)")


def _lobby(args: Args) -> Lobby:
    """The host's lobby: a scenario's or a save's forces fixed; on a map (the default map
    if none is named) side A the default force and side B the default as a first offer
    the guest changes."""
    from game.core.options import Rules
    from game.net.lobby import fixed_lobby, open_lobby
    from game.setup import DEFAULT_FORCES, GAME_ROOT, new_game_from_map, with_turn_limit

    from .play import initial_state

    try:
        if args.load is not None or args.scenario is not None:
            return fixed_lobby(initial_state(args))
        seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
        path = args.map or GAME_ROOT / "maps" / "default.tmx"
        base = new_game_from_map(path, rules=Rules(tacops=args.tacops), seed=seed)
        return open_lobby(with_turn_limit(base, args.turns), DEFAULT_FORCES)
    except ValueError as e:
        raise PlayError(str(e)) from None


def _check_computer(kind: str | None) -> None:
    if kind:
        from game.bot.players import make_player

        try:
            make_player(kind)
        except ValueError as e:
            raise PlayError(f"--computer: {e}") from None


def _lobby_app(screen: pygame.Surface, end: HostLobby | Joining, where: str, code: str,
               computer: str | None) -> App:  # fmt: skip
    from game.ui.app.app import App

    from . import screens  # noqa: F401 - registers every screen by name

    app = App(screen)
    app.show("lobby", end=end, where=where, code=code, computer=computer, back=False)
    return app


def _app(screen: pygame.Surface, state: GameState, end: Hosting | Joining, side: str,
         where: str, code: str, computer: str | None) -> App:  # fmt: skip
    """The play screens of a started network game (a guest that resumes, the tests)."""
    from game.ui.app.app import App

    from . import screens  # noqa: F401 - registers every screen by name
    from .net_enter import enter_game

    app = App(screen)
    try:
        enter_game(app, state, end, side, where, code, computer)
    except ValueError as e:
        raise PlayError(f"--computer: {e}") from None
    return app
