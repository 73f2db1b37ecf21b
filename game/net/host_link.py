"""The host's end of the wire (issue 23): a WebSocket server on its own thread.

The server (``websockets`` over asyncio) runs on a daemon thread beside the window's
loop. It reads each frame, refuses what is no message (game.net.protocol: not JSON, too
big, unknown type) with a ``refused`` answer, checks the join code of every ``hello``
(game.net.codes.Gate: wrong codes are refused, logged and, after a few, made to wait)
and answers ``ping``. Everything else goes to :attr:`HostLink.inbox` for the main thread
(game.net.hosting), which alone touches the game. One guest at a time: a guest that
joins again with the code replaces the old connection (a dropped link the host has not
noticed yet). The server listens on all interfaces, or on 127.0.0.1 only (``local``).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from dataclasses import dataclass

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .codes import LOG, Gate
from .protocol import FRAME_LIMIT, GUEST_TYPES, MAX_GUEST_BYTES, Bad, Message, decode, encode

HELLO_WITHIN = 10.0  # seconds a new connection has to say hello
PING = 3.0  # seconds between keep-alive pings (a dead link shows within ~2 of these)


@dataclass(frozen=True, slots=True)
class Inbound:
    """What the wire tells the main thread: "joined" (with the hello), "message" or "left"."""

    kind: str
    link: int
    message: Message | None = None


class HostLink:
    """The server thread, its join gate and the current guest's connection."""

    def __init__(self, code: str, port: int, local: bool = False) -> None:
        self.gate = Gate(code)
        self.port = port
        self.bind = "127.0.0.1" if local else "0.0.0.0"
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.refusals = 0  # messages refused on the wire (bad JSON, too big, wrong code)
        self._loop = asyncio.new_event_loop()
        self._server: Server | None = None
        self._guest: ServerConnection | None = None
        self._links = 0
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hexplate-host", daemon=True)

    def start(self) -> int:
        """Listen; the port listened on (port 0 asks the system for a free one)."""
        self._thread.start()
        self._ready.wait(10)
        if self._server is None:
            raise OSError(f"cannot listen on port {self.port} ({self.bind})")
        return self.port

    def send(self, text: str) -> None:
        """Send to the joined guest (any thread); nothing if no guest is there."""
        guest = self._guest
        if guest is not None:
            asyncio.run_coroutine_threadsafe(_send(guest, text), self._loop)

    def close(self) -> None:
        if self._server is not None:
            self._loop.call_soon_threadsafe(self._server.close)
        self._thread.join(5)

    # --- the server thread ----------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._serve())
        except OSError as e:
            LOG.warning("the host cannot listen: %s", e)
            self._ready.set()

    async def _serve(self) -> None:
        async with serve(self._handle, self.bind, self.port, max_size=FRAME_LIMIT,
                         ping_interval=PING, ping_timeout=PING) as server:  # fmt: skip
            self._server = server
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await server.wait_closed()

    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        hello = await self._hello(ws, address)
        if hello is None:
            return
        old, self._guest = self._guest, ws
        self._links += 1
        link = self._links
        if old is not None:
            await old.close(4000, "the guest joined again")
        self.inbox.put(Inbound("joined", link, hello))
        try:
            async for raw in ws:
                await self._message(ws, link, raw)
        except ConnectionClosed:
            pass
        finally:
            if self._guest is ws:
                self._guest = None
                self.inbox.put(Inbound("left", link))

    async def _hello(self, ws: ServerConnection, address: str) -> Message | None:
        """The first message: a hello with the right code, or the connection is closed."""
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_WITHIN)
        except (TimeoutError, ConnectionClosed):
            return None
        msg = decode(raw, GUEST_TYPES, MAX_GUEST_BYTES)
        why = msg.reason if isinstance(msg, Bad) else None
        if isinstance(msg, Message):
            why = "say hello with the join code first" if msg.type != "hello" else None
            why = why or self.gate.check(address, str(msg.get("code")))
        if why is not None:
            self.refusals += 1
            await _send(ws, encode("refused", reason=why, fatal=True))
            await ws.close(4001, why[:100])
            return None
        return msg if isinstance(msg, Message) else None

    async def _message(self, ws: ServerConnection, link: int, raw: str | bytes) -> None:
        msg = decode(raw, GUEST_TYPES, MAX_GUEST_BYTES)
        if isinstance(msg, Bad):
            self.refusals += 1
            await _send(ws, encode("refused", reason=msg.reason))
        elif msg.type == "ping":
            await _send(ws, encode("pong"))
        elif msg.type == "hello":
            self.refusals += 1
            await _send(ws, encode("refused", reason="this guest has joined already"))
        else:
            self.inbox.put(Inbound("message", link, msg))


async def _send(ws: ServerConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(text)
