"""Network play over 127.0.0.1 (issue 23, Build 6): a host and a guest in one process,
each end with its own thread, pumped by the test as the window's loop would."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from websockets.sync.client import connect

from game.flow import actor, outcome
from game.net.entries import state_hash
from game.net.guest_link import GuestLink
from game.net.host_link import HostLink
from game.net.hosting import Hosting
from game.net.joining import Joining
from game.net.protocol import encode
from game.net.referee import Referee
from game.save import load_game, save_to_json

from .helpers import begun_game, host_move, legal_action, until

CODE = "TEST42"


@contextmanager
def pumping(hosting: Hosting) -> Iterator[None]:
    """The host's loop on a thread while a raw client talks to it."""
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            hosting.pump()
            time.sleep(0.005)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(5)


class Pair:
    """A host and a joined guest on localhost."""

    def __init__(self, hosting: Hosting, joining: Joining) -> None:
        self.hosting, self.joining = hosting, joining

    def pump(self) -> None:
        self.hosting.pump()
        self.joining.pump()

    def synced(self) -> bool:
        return (
            self.joining.copy is not None and self.joining.copy.count == self.hosting.referee.count
        )

    def step(self, pick: random.Random) -> None:
        """One action of the side to act, from its own end, until both hold it."""
        ref = self.hosting.referee
        action = legal_action(ref.state, pick)
        if actor(ref.state) == ref.guest:
            assert self.joining.state is not None
            self.joining.act(self.joining.state and len(self.joining.state.history), action)
            before = ref.count
            until(lambda: ref.count > before and self.synced(), self.pump)
        else:
            self.hosting.record(host_move(ref.state, action))
            until(self.synced, self.pump)


def _host(state_seed: int = 7, turns: int | None = None, port: int = 0,
          autosave: Path | None = None, state=None) -> Hosting:  # fmt: skip
    link = HostLink(CODE, port, local=True)
    link.start()
    return Hosting(Referee(state or begun_game(state_seed, turns), autosave), link)


def _join(port: int, code: str = CODE) -> Joining:
    link = GuestLink("127.0.0.1", port, code)
    link.start()
    return Joining(link)


@pytest.fixture
def pair() -> Iterator[Pair]:
    hosting = _host()
    joining = _join(hosting.link.port)
    p = Pair(hosting, joining)
    until(lambda: p.synced() and hosting.joined, p.pump)
    yield p
    joining.link.close()
    hosting.link.close()


def test_two_clients_play_a_scripted_game_to_the_end_with_equal_states_and_saves() -> None:
    hosting = _host(state_seed=11, turns=3)
    joining = _join(hosting.link.port)
    p = Pair(hosting, joining)
    try:
        until(p.synced, p.pump)
        pick = random.Random(4)
        while outcome(hosting.state) is None:
            p.step(pick)
        assert joining.state is not None and outcome(joining.state) is not None
        assert state_hash(joining.state) == state_hash(hosting.state)
        mine, theirs = save_to_json(joining.state), save_to_json(hosting.state)
        assert mine["snapshot"] == theirs["snapshot"] and mine["actions"] == theirs["actions"]
    finally:
        joining.link.close()
        hosting.link.close()


def test_a_wrong_code_is_refused_for_good_and_logged() -> None:
    hosting = _host()
    joining = _join(hosting.link.port, code="WRONG1")
    try:
        until(lambda: joining.stopped is not None, joining.pump, hosting.pump)
        assert "wrong join code" in joining.stopped
        assert joining.copy is None and not hosting.joined
        assert "wrong join code from 127.0.0.1" in hosting.link.gate.log[0]
    finally:
        joining.link.close()
        hosting.link.close()


def _raw(port: int, *messages: str, hello: bool = True) -> list[dict]:
    """Send raw frames as a hostile client would; the answers (after the welcome)."""
    answers = []
    with connect(f"ws://127.0.0.1:{port}", max_size=None, open_timeout=5) as ws:
        if hello:
            ws.send(encode("hello", code=CODE, have=0))
            json.loads(ws.recv(timeout=5))  # the welcome (or a refusal)
        for m in messages:
            ws.send(m)
            answers.append(json.loads(ws.recv(timeout=5)))
    return answers


def test_hostile_messages_are_refused_with_reasons_and_change_nothing() -> None:
    hosting = _host()  # the hostile client is the guest here (it has the code)
    ref = hosting.referee
    before = (ref.hash, ref.count)
    port = hosting.link.port
    other = next(u.id for u in ref.state.side_units(ref.host))
    with pumping(hosting):
        answers = _raw(
            port,
            "{oops",
            "x" * 20000,
            encode("shout"),
            encode("hello", code=CODE, have=0),
            encode("action", at=ref.count, action={"type": "EndMove", "unit_id": other}),
            encode("action", at=0, action={"type": "EndMove", "unit_id": other}),
            encode("action", at=ref.count, action={"type": "RollInitiative"}),
        )
    hosting.link.close()
    reasons = [a.get("reason", "") for a in answers]
    assert all(a["type"] == "refused" for a in answers), answers
    assert "not valid JSON" in reasons[0] and "too big" in reasons[1]
    assert "unknown message type" in reasons[2] and "joined already" in reasons[3]
    assert f"side {ref.host}'s" in reasons[4] or "turn" in reasons[4]
    assert all(r for r in reasons[5:])
    assert (ref.hash, ref.count) == before


def test_a_message_before_the_hello_and_wrong_codes_then_a_wait() -> None:
    hosting = _host()
    port = hosting.link.port
    try:
        first = _raw(port, encode("ping"), hello=False)
        assert first[0]["type"] == "refused" and "hello" in first[0]["reason"]
        for _ in range(3):
            got = _raw(port, encode("hello", code="NOPE99", have=0), hello=False)[0]
            assert got["type"] == "refused" and "wrong join code" in got["reason"]
        got = _raw(port, encode("hello", code=CODE, have=0), hello=False)[0]
        assert got["type"] == "refused" and "wait" in got["reason"]  # locked out a while
        assert len(hosting.link.gate.log) == 3
    finally:
        hosting.link.close()


def test_a_dropped_connection_pauses_and_resumes_with_the_missed_actions(pair: Pair) -> None:
    pick = random.Random(9)
    for _ in range(6):
        pair.step(pick)
    ref = pair.hosting.referee
    pair.joining.link.drop()
    until(lambda: not pair.hosting.joined, pair.pump)  # the host sees the guest gone
    while actor(ref.state) == ref.host:  # the host plays on alone: the guest misses these
        pair.hosting.record(host_move(ref.state, legal_action(ref.state, pick)))
    until(lambda: pair.hosting.joined and pair.synced(), pair.pump)
    assert pair.joining.copy is not None
    assert pair.joining.copy.hashes[-1] == ref.hash
    pair.step(pick)  # and the game goes on
    assert pair.synced()


def test_an_action_sent_while_the_link_is_down_is_sent_again_after_the_rejoin(pair: Pair) -> None:
    pick = random.Random(5)
    ref = pair.hosting.referee
    while actor(ref.state) != ref.guest:
        pair.step(pick)
    pair.joining.link.drop()
    until(lambda: not pair.joining.connected, pair.pump)
    action = legal_action(ref.state, pick)
    pair.joining.act(ref.count, action)  # mid-turn, the link down: kept as pending
    until(lambda: pair.synced() and ref.count > 0 and ref.entries[-1].by in ("auto", "B")
          and not pair.joining.pending, pair.pump)  # fmt: skip
    assert action in ref.state.history


def test_a_killed_host_hosts_again_from_its_autosave(tmp_path: Path) -> None:
    save = tmp_path / "host.json"
    hosting = _host(autosave=save)
    port = hosting.link.port
    joining = _join(port)
    p = Pair(hosting, joining)
    until(p.synced, p.pump)
    pick = random.Random(2)
    while not save.is_file():
        p.step(pick)
    hosting.link.close()  # the host is gone; the guest keeps trying
    until(lambda: not joining.connected, joining.pump)
    again = _host(port=port, state=load_game(save))
    p2 = Pair(again, joining)
    try:
        until(lambda: again.joined and p2.synced(), p2.pump, timeout=15)
        assert joining.copy is not None and joining.copy.hashes[-1] == again.referee.hash
        p2.step(pick)
    finally:
        joining.link.close()
        again.link.close()
