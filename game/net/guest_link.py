"""The guest's end of the wire (issue 23): a WebSocket client on its own thread.

It connects to ``ws://HOST:PORT``, says hello with the join code and the number of
actions its copy holds (and the hash of the last), and passes every message from the
host to :attr:`GuestLink.inbox` for the main thread (game.net.joining). A dropped
connection is tried again every :data:`RETRY` seconds with the same code, until the
host refuses the guest for good (a wrong code) or the guest closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .host_link import PING, Inbound
from .protocol import HOST_TYPES, MAX_HOST_BYTES, Bad, Message, decode, encode

RETRY = 1.0


class GuestLink:
    """The client thread, reconnecting until told to stop."""

    def __init__(self, host: str, port: int, code: str) -> None:
        self.url = f"ws://{host}:{port}"
        self.code = code
        self.have, self.last = 0, ""  # the copy's action count and last hash (main thread sets)
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.bad = 0  # host messages that were no message
        self._loop = asyncio.new_event_loop()
        self._ws: ClientConnection | None = None
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="hexplate-guest", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def send(self, text: str) -> None:
        """Send to the host (any thread); dropped if the link is down (it is resent after
        the rejoin: game.net.joining keeps its unconfirmed actions)."""
        ws = self._ws
        if ws is not None:
            asyncio.run_coroutine_threadsafe(_send(ws, text), self._loop)

    def drop(self) -> None:
        """Cut the connection (tests: a dropped link); it is tried again as usual."""
        ws = self._ws
        if ws is not None:
            asyncio.run_coroutine_threadsafe(ws.close(), self._loop)

    def close(self) -> None:
        self._stop = True
        self.drop()
        self._thread.join(5)

    # --- the client thread ----------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._connect_loop())

    async def _connect_loop(self) -> None:
        while not self._stop:
            try:
                async with connect(self.url, max_size=MAX_HOST_BYTES, open_timeout=5,
                                   ping_interval=PING, ping_timeout=PING) as ws:  # fmt: skip
                    await self._session(ws)
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI):
                pass
            if self._ws is not None:
                self._ws = None
                self.inbox.put(Inbound("left", 0))
            if not self._stop:
                await asyncio.sleep(RETRY)

    async def _session(self, ws: ClientConnection) -> None:
        self._ws = ws
        await ws.send(encode("hello", code=self.code, have=self.have, last=self.last))
        async for raw in ws:
            msg = decode(raw, HOST_TYPES, MAX_HOST_BYTES)
            if isinstance(msg, Bad):
                self.bad += 1
                continue
            self.inbox.put(Inbound("message", 0, msg))
            if _fatal(msg):
                self._stop = True


def _fatal(msg: Message) -> bool:
    return msg.type in ("refused", "bye") and (msg.type == "bye" or msg.get("fatal") is True)


async def _send(ws: ClientConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(text)
