"""Network play (issue 23): the time from the guest's action (its click: App.act and the
automatic steps, as a screen does) to both screens showing it on loopback: the host's
referee has accepted it, the host's screen has carried it out, the guest's copy has it
confirmed by the host's hash, one frame drawn at each end. Median over the guest's
actions of random games on the default map (1280x800, dummy driver), in milliseconds.

The baseline (same process) is the same action in hot-seat: App.act, the automatic
steps and one frame drawn in a single window.

    .venv/bin/python benchmarks/net_latency.py [--moves 30]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HEXPLATE_NO_AUTOSAVE", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.flow import actor, outcome  # noqa: E402
from game.net.guest_link import GuestLink  # noqa: E402
from game.net.host_link import HostLink  # noqa: E402
from game.net.hosting import Hosting  # noqa: E402
from game.net.joining import Joining  # noqa: E402
from game.net.referee import Referee  # noqa: E402
from game.net.setup import begun  # noqa: E402
from game.setup import new_game_from_map, with_forces  # noqa: E402
from game.ui.app.net_cmd import _app  # noqa: E402
from tests.net.helpers import legal_action  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def pair(seed: int):
    state = begun(with_forces(new_game_from_map(ROOT / "maps" / "default.tmx", seed=seed)))
    link = HostLink("BENCH1", 0, local=True)
    port = link.start()
    host = _app(
        pygame.display.get_surface(), state, Hosting(Referee(state), link), "A", "", "", None
    )
    glink = GuestLink("127.0.0.1", port, "BENCH1")
    glink.start()
    joining = Joining(glink)
    while joining.copy is None:
        host.step([], 0.016, draw=False)
        joining.pump()
        time.sleep(0.001)
    guest = _app(pygame.Surface((1280, 800)), joining.state, joining, "B", "", "", None)
    return host, guest


def shown(host, guest, n: int) -> bool:
    return (
        len(host.state.history) >= n
        and not guest.net.end.pending
        and (guest.net.end.copy.count >= n)
    )


def measure(moves: int) -> tuple[list[float], list[float]]:
    net, seat, seed = [], [], 1
    pick = random.Random(3)
    while len(net) < moves:
        host, guest = pair(seed)
        seed += 1
        while len(net) < moves and outcome(host.state) is None:
            if actor(host.state) == "A":
                host.act(legal_action(host.state, pick))
                host.advance()
                n = len(host.state.history)
                while guest.net.end.copy.count < n or len(guest.state.history) < n:
                    host.step([], 0.016, draw=False)
                    guest.step([], 0.016, draw=False)
                continue
            action = legal_action(guest.state, pick)
            before = guest.state
            t = time.perf_counter()
            guest.act(action)
            guest.advance()
            n = len(guest.state.history)
            while not shown(host, guest, n):
                host.step([], 0.016, draw=True)
                guest.step([], 0.016, draw=True)
            net.append((time.perf_counter() - t) * 1000)
            seat.append(hot_seat(guest, before, action))
        host.net.close()
        guest.net.close()
    return net, seat


def hot_seat(app, before, action) -> float:
    """The same action in one window: act, the automatic steps, one frame."""
    net, state = app.net, app.state
    app.net, app.session.state = None, before
    t = time.perf_counter()
    app.act(action)
    app.advance()
    app.step([], 0.016, draw=True)
    took = (time.perf_counter() - t) * 1000
    app.net, app.session.state = net, state
    return took


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=30)
    moves = ap.parse_args().moves
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    net, seat = measure(moves)
    print(f"guest's action to both screens, loopback: median {statistics.median(net):.1f} ms "
          f"over {len(net)} actions")  # fmt: skip
    print(f"the same action in hot-seat (baseline):  median {statistics.median(seat):.1f} ms")


if __name__ == "__main__":
    main()
