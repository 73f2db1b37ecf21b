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
                           "destroyed"}  # fmt: skip
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
