"""The lobby (issue 23, Build 1): each player picks their own side's force (the guest
over the wire, the host in its own lobby, with the same checks); the game starts when
both say ready. In process: the host's lobby over a fake link, the guest's messages (and
the host's, to the guest's Joining) decoded as the wire would."""

from __future__ import annotations

import json
import queue
from pathlib import Path

import pytest

from game.core.actions import Refused
from game.net.copy import GuestCopy
from game.net.entries import entry_from_json, state_hash
from game.net.host_link import Inbound
from game.net.host_lobby import HostLobby
from game.net.joining import Joining
from game.net.lobby import MAX_UNITS, fixed_lobby, open_lobby, pick, say_ready, start_state
from game.net.protocol import (
    GUEST_TYPES,
    HOST_TYPES,
    MAX_GUEST_BYTES,
    MAX_HOST_BYTES,
    Message,
    decode,
    encode,
)
from game.net.setup import begun
from game.save import save_game
from game.setup import new_game_from_map, new_game_from_scenario, with_forces

from .helpers import begun_game

ROOT = Path(__file__).resolve().parents[2]
A_FORCE = [["HBK-4G", 4, 4]]
B_FORCE = [["WVR-6R", 3, 4], ["COM-2D", 4, 5]]


class FakeLink:
    """The host's link without a socket: what the guest sent, and what went out."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.sent: list[dict] = []

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def close(self) -> None:
        pass

    def guest(self, kind: str, **fields: object) -> None:
        msg = decode(encode(kind, **fields), GUEST_TYPES, MAX_GUEST_BYTES)
        assert isinstance(msg, Message), msg
        self.inbox.put(Inbound("joined" if kind == "hello" else "message", 1, msg))

    def last(self, kind: str) -> dict:
        return next(m for m in reversed(self.sent) if m["type"] == kind)


def _base(seed: int = 4):
    return new_game_from_map(ROOT / "maps" / "default.tmx", seed=seed)


def _open(tmp_path: Path | None = None) -> tuple[HostLobby, FakeLink]:
    link = FakeLink()
    save = tmp_path / "auto.json" if tmp_path else None
    lobby = HostLobby(open_lobby(_base(), {"A": A_FORCE, "B": []}), link, save)  # type: ignore[arg-type]
    link.guest("hello", code="X", have=0)
    lobby.pump()
    return lobby, link


def test_the_guest_picks_side_b_and_the_game_starts_when_both_are_ready(tmp_path) -> None:
    host, link = _open(tmp_path)
    shown = link.last("lobby")
    assert shown["side"] == "B" and shown["lobby"]["forces"] == {"A": A_FORCE, "B": []}
    link.guest("ready", ready=True)  # no units yet: refused
    host.pump()
    assert "no units" in link.last("refused")["reason"] and not host.lobby.ready
    link.guest("pick", side="B", units=B_FORCE)
    link.guest("ready", ready=True)
    host.pump()
    assert link.last("lobby")["lobby"]["forces"]["B"] == B_FORCE
    assert link.last("lobby")["lobby"]["ready"] == ["B"] and host.hosting is None
    assert host.ready().kind == "started" and host.hosting is not None
    welcome = link.last("welcome")
    copy = GuestCopy(welcome["start"])
    for e in welcome["entries"]:
        copy.take(entry_from_json(e))
    ref = host.hosting.referee
    assert state_hash(copy.state) == state_hash(ref.state)
    picked = [(u.side, u.design, u.gunnery, u.piloting) for u in ref.state.units]
    assert picked == [("A", "HBK-4G", 4, 4), ("B", "WVR-6R", 3, 4), ("B", "COM-2D", 4, 5)]
    assert (tmp_path / "auto.json").is_file()  # the autosave holds the start


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"side": "A", "units": B_FORCE}, "side B's force only"),
        ({"side": "B", "units": [["NO-SUCH", 4, 5]]}, "no design"),
        ({"side": "B", "units": [["WVR-6R", 4, 5]] * (MAX_UNITS + 1)}, f"at most {MAX_UNITS}"),
        ({"side": "B", "units": [["WVR-6R", 9, 5]]}, "0 to 8"),
        ({"side": "B", "units": [["WVR-6R", True, 5]]}, "is not [design"),
        ({"side": "B", "units": [{"design": "WVR-6R"}]}, "is not [design"),
    ],
)
def test_a_bad_pick_is_refused_with_its_reason_and_changes_nothing(fields, why) -> None:
    host, link = _open()
    before = host.lobby
    link.guest("pick", **fields)
    host.pump()
    assert why in link.last("refused")["reason"]
    assert host.lobby == before and host.refused == 1


def test_an_action_in_the_lobby_and_a_pick_after_the_start_are_refused() -> None:
    host, link = _open()
    link.guest("action", at=0, action={"type": "EndPhase"})
    host.pump()
    assert "has not started" in link.last("refused")["reason"]
    link.guest("pick", side="B", units=B_FORCE)
    link.guest("ready", ready=True)
    host.pump()
    host.ready()
    assert host.hosting is not None
    before = state_hash(host.hosting.state)
    link.guest("pick", side="B", units=[["COM-2D", 4, 5]])
    link.guest("ready", ready=False)
    host.hosting.pump()
    assert "the forces are fixed" in link.last("refused")["reason"]
    assert state_hash(host.hosting.state) == before


def test_a_changed_pick_takes_back_both_ready_and_a_dropped_guest_is_not_ready() -> None:
    host, link = _open()
    link.guest("pick", side="B", units=B_FORCE)
    link.guest("ready", ready=True)
    host.pump()
    link.guest("pick", side="B", units=B_FORCE[:1])
    host.pump()
    assert host.lobby.ready == frozenset()
    link.guest("ready", ready=True)
    host.pump()
    host.link.inbox.put(Inbound("left", 1))
    host.pump()
    assert host.lobby.ready == frozenset() and not host.joined
    host.ready()
    assert host.hosting is None  # the guest is gone: nothing starts
    link.guest("hello", code="X", have=0)
    host.pump()
    assert link.last("lobby")["lobby"]["forces"]["B"] == B_FORCE[:1]  # its pick is kept


def test_a_scenario_fixes_both_forces_and_only_shows_them() -> None:
    state = new_game_from_scenario(ROOT / "tests" / "scenarios" / "combat_attack.json")
    lobby = fixed_lobby(state)
    assert all(lobby.forces[s] for s in lobby.sides)
    assert isinstance(pick(lobby, "B", B_FORCE), Refused)
    both = say_ready(say_ready(lobby, "A"), "B")  # type: ignore[arg-type]
    assert not isinstance(both, Refused) and both.both_ready
    assert state_hash(start_state(both)) == state_hash(begun(state))


def test_a_guest_rejoining_a_host_hosting_again_from_its_save_resumes_at_once(
    tmp_path,
) -> None:
    game = begun_game(seed=9)
    save_game(game, tmp_path / "s.json")
    from game.save import load_game

    link = FakeLink()
    host = HostLobby(fixed_lobby(load_game(tmp_path / "s.json")), link)
    link.guest("hello", code="X", have=1, last="whatever")
    host.pump()
    assert host.hosting is not None and link.last("welcome")["entries"][0]["i"] == 0


def test_open_lobby_refuses_a_game_with_units_and_a_bad_first_pick() -> None:
    with pytest.raises(ValueError, match="without units"):
        open_lobby(with_forces(_base()), {})
    with pytest.raises(ValueError, match="no design"):
        open_lobby(_base(), {"A": [["NOPE", 4, 5]]})


def test_two_hundred_hostile_picks_are_refused_or_leave_a_valid_force() -> None:
    """A fuzzer's picks (random sides, designs, skills, shapes, lengths): each is refused
    with the lobby unchanged, or leaves side B a force of roster designs and skills."""
    import random

    rnd = random.Random(23)
    lobby = open_lobby(_base(), {"A": A_FORCE, "B": B_FORCE})
    junk = ["WVR-6R", "COM-2D", "NO-SUCH", "", "x" * 300, 4, None, True, [], {}]
    for _ in range(200):
        units = [
            rnd.choice([[rnd.choice(junk), rnd.randint(-2, 10), rnd.randint(-2, 10)],
                        [rnd.choice(junk)], rnd.choice(junk), ["WVR-6R", 4, 5]])
            for _ in range(rnd.choice([0, 1, 2, 13]))
        ]  # fmt: skip
        got = pick(lobby, rnd.choice(["A", "B", "C", 7, None]), units)
        if isinstance(got, Refused):
            assert got.reason and len(got.reason) < 400
            continue
        assert all(len(f) <= MAX_UNITS for f in got.forces.values())
        for design, gunnery, piloting in got.forces["B"] + got.forces["A"]:
            assert design in ("WVR-6R", "COM-2D", "HBK-4G")
            assert 0 <= gunnery <= 8 and 0 <= piloting <= 8
        lobby = got


# --- the host picks side A's force in its lobby ------------------------------------------
def _deliver(guest_link: FakeLink, host_sent: list[dict]) -> None:
    """What the host sent, into the guest's inbox as the wire would hand it over."""
    for m in host_sent:
        msg = decode(json.dumps(m), HOST_TYPES, MAX_HOST_BYTES)
        assert isinstance(msg, Message), msg
        guest_link.inbox.put(Inbound("message", 1, msg))


def test_the_host_picks_side_a_and_the_guest_sees_it_with_both_ready_taken_back() -> None:
    host, link = _open()
    guest_link = FakeLink()  # the guest's end of the wire, without a socket too
    guest = Joining(guest_link)  # type: ignore[arg-type]
    link.guest("pick", side="B", units=B_FORCE)
    link.guest("ready", ready=True)
    host.pump()
    _deliver(guest_link, link.sent)
    assert [c.text for c in guest.pump()][-1] == ""  # the guest's own changes: nothing said
    mine = [["COM-2D", 2, 3], ["HBK-4G", 4, 4]]
    sent = len(link.sent)
    assert host.pick(mine).kind == "lobby" and host.lobby.ready == frozenset()
    assert link.last("lobby")["lobby"]["forces"]["A"] == mine and link.last("lobby")["side"] == "B"
    _deliver(guest_link, link.sent[sent:])
    assert [c.text for c in guest.pump()] == ["The host has changed side A's force"]
    assert guest.lobby is not None and guest.lobby["ready"] == []
    assert host.pick(mine).kind == "lobby" and len(link.sent) == sent + 1  # the same: not sent
    link.guest("ready", ready=True)
    host.pump()
    assert host.ready().kind == "started" and host.hosting is not None
    picked = [(u.side, u.design, u.gunnery, u.piloting) for u in host.hosting.state.units]
    assert picked[:2] == [("A", "COM-2D", 2, 3), ("A", "HBK-4G", 4, 4)]
    after = host.pick([["HBK-4G", 4, 4]])
    assert after.kind == "refused" and "has started" in after.text


@pytest.mark.parametrize(
    ("units", "why"),
    [
        ([["NO-SUCH", 4, 5]], "no design"),
        ([["WVR-6R", 4, 5]] * (MAX_UNITS + 1), f"at most {MAX_UNITS}"),
        ([["WVR-6R", 9, 5]], "0 to 8"),
        ([["WVR-6R", True, 5]], "is not [design"),
        ([["WVR-6R", 4]], "is not [design"),
    ],
)
def test_the_hosts_bad_pick_is_refused_as_the_guests_is_and_nothing_goes_out(units, why) -> None:
    host, link = _open()
    link.guest("pick", side="B", units=units)  # the same pick from the guest, for side B
    host.pump()
    assert why in link.last("refused")["reason"]
    before, sent = host.lobby, len(link.sent)
    change = host.pick(units)
    assert change.kind == "refused" and why in change.text
    assert host.lobby == before and len(link.sent) == sent


def test_the_host_cannot_pick_in_a_lobby_fixed_by_its_scenario() -> None:
    state = new_game_from_scenario(ROOT / "tests" / "scenarios" / "combat_attack.json")
    host = HostLobby(fixed_lobby(state), FakeLink())  # type: ignore[arg-type]
    change = host.pick(A_FORCE)
    assert change.kind == "refused" and "fixed by its scenario" in change.text
