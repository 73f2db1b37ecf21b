"""Issue 25: sounds of our own making through pygame's mixer - dice, weapon fire by kind,
hits, falls, a destroyed unit - at the settings' volume, silent and never failing without
an audio device."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.core.actions import Event
from game.ui.app.sound import Sounds, sound_of, weapon_sound
from game.ui.app.sound_synth import RATE, SOUNDS, pcm, write_wavs


def test_every_sound_is_made_by_our_synthesis_short_loud_enough_and_never_clipped() -> None:
    assert set(SOUNDS) == {"dice", "laser", "ballistic", "missile", "flamer", "hit", "fall",
                           "destroyed", "turn", "shutdown"}  # fmt: skip
    for name in SOUNDS:
        x = pcm(name)
        assert x.dtype == np.int16 and 0.1 * RATE < len(x) < 1.5 * RATE
        assert 8000 < int(np.max(np.abs(x.astype(np.int32)))) <= 32000
        assert np.array_equal(x, pcm(name))  # the same sound every run


def test_weapons_sound_by_their_kind() -> None:
    assert [weapon_sound(w) for w in ("Medium Laser", "PPC", "AC/20", "LRM-15", "SRM-4",
                                      "Flamer", "Gauss Rifle", "Machine Gun")] == [
        "laser", "laser", "ballistic", "missile", "missile", "flamer", "ballistic", "ballistic"
    ]  # fmt: skip
    shot = Event("shot", "A1 fires AC/20", "A1", (), {"weapon": "AC/20"})
    assert sound_of(shot) == "ballistic"
    assert sound_of(Event("mech_destroyed", "B1 is destroyed", "B1")) == "destroyed"
    assert sound_of(Event("fall", "x falls", "x")) == "fall"
    assert sound_of(Event("stand_still", "x stands still", "x")) is None


def test_no_audio_device_is_silence_not_a_failure(monkeypatch) -> None:
    def broken(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = Sounds(0.8)
    assert not s.ready and s.why_off and "audio device" in s.why_off
    assert s.play("dice") is False  # nothing happens, nothing raised


def test_mute_and_volume_zero_play_nothing(monkeypatch) -> None:
    monkeypatch.delenv("HEXPLATE_NO_SOUND", raising=False)
    s = Sounds(0.5)
    if not s.ready:
        pytest.skip(f"this machine's SDL has no mixer ({s.why_off})")
    assert s.play("laser")
    s.set_volume(0.0)
    assert not s.play("laser")


def test_the_synthesis_writes_wavs_to_listen_to(tmp_path) -> None:
    paths = write_wavs(tmp_path)
    assert sorted(p.name for p in paths) == sorted(f"{n}.wav" for n in SOUNDS)
    assert all(p.stat().st_size > 2000 for p in paths)


class _Ear:
    """A stand-in for the mixer that remembers what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str | None) -> bool:
        if name is not None:
            self.played.append(name)
        return name is not None


def test_cues_sound_falls_shutdowns_destruction_and_a_new_turn_once() -> None:
    """Issue 25: sounds beyond the movement and weapon dice - what the heat and end phases
    and a move's fall bring, a new turn's chime - never what the attack screens sound."""
    from dataclasses import replace

    from game.core.actions import LogEntry
    from game.ui.app.sound_cues import Cues, loudest

    from .test_play_scene import new_app, ready

    assert loudest([Event("fall", "x falls", "x"), Event("damage", "hit", "x")]) == "fall"
    assert loudest([Event("shutdown", "x shuts down", "x")]) == "shutdown"
    app = new_app()
    ready(app)
    s = app.state
    cues, ear = Cues(), _Ear()
    assert cues.tick(s, ear, False) == []  # a new game: nothing old replayed
    fell = replace(s, log=(*s.log, LogEntry(s.turn, "movement", Event("fall", "A1 falls", "A1"))))
    assert cues.tick(fell, ear, True) == []  # the move still plays: its fall waits
    assert cues.tick(fell, ear, False) == ["fall"]
    assert cues.tick(fell, ear, False) == []  # heard once
    shot = LogEntry(s.turn, "weapon attack", Event("unit_destroyed", "B1 is destroyed", "B1"))
    hot = LogEntry(s.turn, "heat", Event("shutdown", "A2 shuts down", "A2"))
    later = replace(fell, log=(*fell.log, shot, hot), turn=s.turn + 1)
    assert cues.tick(later, ear, False) == ["shutdown", "turn"]  # the attack screen's own
    assert ear.played == ["fall", "shutdown", "turn"]
