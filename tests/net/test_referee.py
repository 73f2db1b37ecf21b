"""The host's referee and the guest's copy, without the wire (issue 23, Build 2 and 5)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.actions import Refused
from game.flow import actor, outcome
from game.net.copy import CopyError, Desync, GuestCopy, start_message
from game.net.entries import AUTO, entries_of, state_hash
from game.net.referee import Referee
from game.phases.actions import EndMove, action_to_json
from game.save import load_game, save_to_json

from .helpers import begun_game, host_move, legal_action


def _play(ref: Referee, copy: GuestCopy, pick: random.Random, limit: int = 400) -> None:
    """Both sides play random legal actions to the end: the host's through record(),
    the guest's through submit(); the copy takes every entry."""
    for _ in range(limit):
        if outcome(ref.state) is not None:
            return
        action = legal_action(ref.state, pick)
        if actor(ref.state) == ref.guest:
            got = ref.submit(ref.count, action_to_json(action))
            assert isinstance(got, list), got
        else:
            got = ref.record(host_move(ref.state, action))
        for entry in got:
            copy.take(entry)
    raise AssertionError("the game did not end")


def test_a_scripted_game_ends_with_hash_equal_copies_and_equal_saves() -> None:
    ref = Referee(begun_game(seed=11, turns=3))
    copy = GuestCopy(start_message(ref.state))
    for entry in ref.entries:
        copy.take(entry)
    _play(ref, copy, random.Random(4))
    assert outcome(copy.state) is not None
    assert copy.hashes == [e.hash for e in ref.entries]
    assert state_hash(copy.state) == state_hash(ref.state)
    mine, theirs = save_to_json(copy.state), save_to_json(ref.state)
    assert mine["actions"] == theirs["actions"] and mine["snapshot"] == theirs["snapshot"]
    assert {e.by for e in ref.entries} == {"A", "B", AUTO}
    assert any(e.dice for e in ref.entries)  # the dice results travel with the actions


def test_entries_of_a_loaded_game_are_the_played_ones() -> None:
    ref = Referee(begun_game(seed=3))
    ref.record(host_move(ref.state, legal_action(ref.state, random.Random(1))))
    assert list(entries_of(ref.state)) == ref.entries


def _guest_turn(seed: int = 5) -> Referee:
    """A referee whose game waits for side B (the guest)."""
    ref, pick = Referee(begun_game(seed=seed)), random.Random(2)
    while actor(ref.state) != ref.guest:
        ref.record(host_move(ref.state, legal_action(ref.state, pick)))
    return ref


def _unchanged(ref: Referee, got: object, before: tuple[str, int]) -> str:
    assert isinstance(got, Refused), got
    assert (ref.hash, ref.count) == before
    assert ref.entries[-1].hash == before[0]
    return got.reason


def test_the_guest_is_refused_out_of_turn_out_of_phase_and_for_the_others_units() -> None:
    ref = _guest_turn()
    before, at = (ref.hash, ref.count), ref.count
    mine = next(u.id for u in ref.state.side_units("B"))
    theirs = next(u.id for u in ref.state.side_units("A"))
    why = _unchanged(ref, ref.submit(at, {"type": "EndMove", "unit_id": theirs}), before)
    assert why == f"unit {theirs} is side A's, not side B's"
    why = _unchanged(ref, ref.submit(at - 1, action_to_json(EndMove(mine))), before)
    assert "an old action" in why
    why = _unchanged(ref, ref.submit(at, {"type": "EndPhase"}), before)
    assert "not the guest's to send" in why
    why = _unchanged(ref, ref.submit(at, {"type": "Nonsense"}), before)
    assert "unknown action type" in why
    fire = {"type": "DeclareFire", "unit_id": mine, "target_id": theirs, "weapons": []}
    why = _unchanged(ref, ref.submit(at, fire), before)
    assert "phase" in why or "no action" in why
    why = _unchanged(ref, ref.submit(at, action_to_json(EndMove(mine)), side="A"), before)
    assert why.startswith("it is not side A's turn")


def test_an_action_the_rules_refuse_comes_back_with_the_rules_sentence() -> None:
    ref = _guest_turn()
    before = (ref.hash, ref.count)
    mine = next(u.id for u in ref.state.side_units("B"))
    bad = {"type": "CommitMove", "unit_id": mine, "mode": "walk", "steps": ["9999"]}
    reason = _unchanged(ref, ref.submit(ref.count, bad), before)
    assert reason  # the rules' own sentence (or the codec's), never an exception


def test_a_wrong_side_when_the_host_is_to_act() -> None:
    ref = Referee(begun_game(seed=5))
    while actor(ref.state) != ref.host:
        ref.record(host_move(ref.state, legal_action(ref.state, random.Random(0))))
    before = (ref.hash, ref.count)
    action = legal_action(ref.state, random.Random(0))
    why = _unchanged(ref, ref.submit(ref.count, action_to_json(action)), before)
    assert why.startswith("it is not side B's turn")


def test_the_hosts_screen_cannot_act_for_the_guest() -> None:
    ref = _guest_turn()
    with pytest.raises(ValueError, match="side B"):
        ref.record(host_move(ref.state, legal_action(ref.state, random.Random(0))))


def test_the_referee_autosaves_at_every_phase_change(tmp_path: Path) -> None:
    path = tmp_path / "host.json"
    ref = Referee(begun_game(seed=5), autosave=path)
    pick, changes = random.Random(3), 0
    for _ in range(60):
        phase, side = ref.state.phase, actor(ref.state)
        action = legal_action(ref.state, pick)
        if side == ref.host:
            ref.record(host_move(ref.state, action))
        else:
            assert isinstance(ref.submit(ref.count, action_to_json(action)), list)
        if ref.state.phase != phase:
            changes += 1
            again = load_game(path)  # a crashed host reloads it
            assert state_hash(again) == state_hash(ref.state)
            assert Referee(again).hash == ref.hash
            path.unlink()
    assert changes >= 3


def test_the_copy_finds_a_changed_hash_a_gap_and_a_damaged_start() -> None:
    ref = _guest_turn()
    copy = GuestCopy(start_message(ref.state))
    for entry in ref.entries[:-1]:
        copy.take(entry)
    assert copy.take(ref.entries[0]) is None  # sent again: known, skipped
    with pytest.raises(Desync):
        copy.take(replace(ref.entries[-1], hash="0" * 64))
    with pytest.raises(CopyError, match="missing"):
        copy.take(replace(ref.entries[-1], i=ref.count + 3))
    start = start_message(ref.state)
    for key, value in (("board_digest", "x"), ("sides", ["A"]), ("zones", [{"name": 1}])):
        with pytest.raises(CopyError):
            GuestCopy({**start, key: value})
