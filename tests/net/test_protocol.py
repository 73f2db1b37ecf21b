"""The network messages and the join codes (issue 23, Build 3 and 5)."""

from __future__ import annotations

import json

import pytest

from game.net.codes import TRIES, WAIT, CodeError, Gate, checked_code, new_code
from game.net.protocol import (
    GUEST_TYPES,
    HOST_TYPES,
    MAX_GUEST_BYTES,
    VERSION,
    Bad,
    Message,
    decode,
    encode,
)


def _guest(raw: str | bytes) -> Message | Bad:
    return decode(raw, GUEST_TYPES, MAX_GUEST_BYTES)


def test_a_message_round_trips_with_its_type_and_version() -> None:
    text = encode("action", at=3, action={"type": "EndMove", "unit_id": "B1"})
    assert json.loads(text)["v"] == VERSION
    msg = _guest(text)
    assert isinstance(msg, Message) and msg.type == "action" and msg.get("at") == 3


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ("{not json", "not valid JSON"),
        (b"\xff\xfe", "not UTF-8"),
        ("[1, 2]", "not a JSON object"),
        ('{"type": "shout", "v": 1}', "unknown message type 'shout'"),
        ('{"type": "ping", "v": 99}', "protocol version 99"),
        ('{"type": "ping"}', "protocol version None"),
        ('{"type": "hello", "v": 1, "code": "X"}', "needs 'have'"),
        ('{"type": "hello", "v": 1, "code": "X", "have": true}', "needs 'have'"),
        ('{"type": "action", "v": 1, "at": 0, "action": []}', "needs 'action'"),
        ("[" * 100000, "too big"),
        ("[" * 5000 + "]" * 5000, "not valid JSON"),  # deep nesting: no RecursionError
    ],
)
def test_what_is_no_message_is_refused_with_a_reason(raw: str | bytes, why: str) -> None:
    msg = _guest(raw)
    assert isinstance(msg, Bad) and why in msg.reason


def test_the_guest_cannot_send_the_hosts_messages() -> None:
    assert isinstance(_guest(encode("entries", entries=[])), Bad)
    assert isinstance(decode(encode("entries", entries=[]), HOST_TYPES, 10**6), Message)


def test_a_new_code_is_six_easy_characters_and_a_given_one_is_checked() -> None:
    code = new_code()
    assert len(code) == 6 and checked_code(code) == code
    assert new_code() != code or new_code() != code  # random (two equal in a row: 1e-18)
    assert checked_code(" abcd ") == "ABCD"
    for bad in ("abc", "a b c d", "ÄBCD", "x" * 33):
        with pytest.raises(CodeError):
            checked_code(bad)


def test_wrong_codes_are_refused_logged_and_after_a_few_tries_must_wait() -> None:
    now = [100.0]
    gate = Gate("K7RM2Q", clock=lambda: now[0])
    assert gate.check("10.0.0.9", "k7rm2q") is None  # any case
    for _ in range(TRIES - 1):
        assert gate.check("10.0.0.9", "WRONG1") == "wrong join code"
    assert "wait" in (gate.check("10.0.0.9", "WRONG1") or "")
    assert len(gate.log) == TRIES and "10.0.0.9" in gate.log[0]
    assert "wait" in (gate.check("10.0.0.9", "K7RM2Q") or "")  # even the right code waits
    assert gate.check("10.0.0.8", "K7RM2Q") is None  # another address does not
    now[0] += WAIT + 1
    assert gate.check("10.0.0.9", "K7RM2Q") is None
