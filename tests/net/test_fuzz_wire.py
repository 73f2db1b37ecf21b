"""A fuzzer at the host's socket (issue 23, Build 6): hostile messages of every kind
(random bytes, huge frames, wrong codes, the other side's actions, old actions sent
again, actions out of phase, random JSON) are refused and never change the game, which
stays playable after them."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.core.actions import ACTION_TYPES
from game.flow import actor
from game.phases.actions import action_to_json

from .helpers import host_move, legal_action
from .test_localhost import CODE, _host, pumping


def _hostile(pick: random.Random, state, count: int) -> str | bytes:
    """One hostile frame, of a kind drawn at random."""
    kind = pick.randrange(8)
    if kind == 0:
        return bytes(pick.randrange(256) for _ in range(pick.randrange(1, 64)))
    if kind == 1:
        return "[" * pick.randrange(17000, 40000)  # too big (the guest's limit)
    if kind == 2:  # the other side's unit
        theirs = pick.choice(state.side_units(state.sides[0])).id
        return _action(count, {"type": "EndMove", "unit_id": theirs})
    if kind == 3 and state.history:  # an old action sent again
        old = pick.randrange(len(state.history))
        return _action(old, action_to_json(state.history[old]))
    if kind == 4:  # any action type, fields made up
        name = pick.choice(sorted(ACTION_TYPES))
        return _action(count, {"type": name, "unit_id": pick.choice(["B1", "A1", "", 7])})
    if kind == 5:
        return json.dumps({"type": pick.choice(["hello", "action", "ping", "x", 3]), "v": 1,
                           "at": pick.choice([count, -1, "1", None]), "action": {}})  # fmt: skip
    if kind == 6:  # a legal action at the wrong count
        return _action(count + pick.randrange(1, 5), action_to_json(legal_action(state, pick)))
    return json.dumps([pick.random() for _ in range(5)])


def _action(at: object, action: object) -> str:
    return json.dumps({"type": "action", "v": 1, "at": at, "action": action})


def _joined(port: int, stack: ExitStack) -> ClientConnection:
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}", max_size=None, open_timeout=5))
    ws.send(json.dumps({"type": "hello", "v": 1, "code": CODE, "have": 0}))
    assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
    return ws


def _fuzz(n: int, seed: int) -> None:
    hosting = _host(state_seed=seed)
    ref, pick = hosting.referee, random.Random(seed)
    assert actor(ref.state) == ref.host  # the host's turn: every guest action is hostile
    before = (ref.hash, ref.count)
    with pumping(hosting), ExitStack() as stack:
        ws = _joined(hosting.link.port, stack)
        for _ in range(n):
            frame = _hostile(pick, ref.state, ref.count)
            try:
                ws.send(frame)
                answer = json.loads(ws.recv(timeout=5))
                assert answer["type"] in ("refused", "pong"), answer
            except ConnectionClosed:  # a frame above the socket's limit closes it
                ws = _joined(hosting.link.port, stack)
            assert (ref.hash, ref.count) == before
        with connect(f"ws://127.0.0.1:{hosting.link.port}", open_timeout=5) as bad:
            bad.send(json.dumps({"type": "hello", "v": 1, "code": "NOTIT1", "have": 0}))
            assert "wrong join code" in json.loads(bad.recv(timeout=5))["reason"]
    action = legal_action(ref.state, pick)  # still playable
    assert ref.record(host_move(ref.state, action))
    hosting.link.close()


def test_two_hundred_hostile_messages_change_nothing() -> None:
    _fuzz(200, seed=7)


@pytest.mark.slow
def test_a_thousand_hostile_messages_change_nothing() -> None:
    _fuzz(1000, seed=8)
