"""The sounds through pygame's mixer (issue 25): made once from game.ui.app.sound_synth,
played at the settings' volume. Silent, and never failing, where there is no audio device
(CI, a headless machine): every mixer error turns the sounds off and nothing else; the
environment variable HEXPLATE_NO_SOUND keeps the mixer closed.

:func:`sound_of` says which sound a log event makes: a weapon's shot by its kind, a hit,
a fall, a destroyed unit, the dice of a roll."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pygame

from game.ui.app.sound_synth import RATE, SOUNDS, pcm

MISSILES = ("LRM", "SRM", "MRM", "Streak", "ATM", "Rocket")
FLAMERS = ("Flamer",)
BALLISTIC = ("AC/", "Gauss", "Rifle", "Machine Gun", "LB ", "Ultra", "Rotary")


def weapon_sound(weapon: str) -> str:
    if any(k in weapon for k in MISSILES):
        return "missile"
    if any(k in weapon for k in FLAMERS):
        return "flamer"
    if any(k in weapon for k in BALLISTIC):
        return "ballistic"
    return "laser"


def sound_of(event: Any) -> str | None:
    """The sound a log event makes, or None."""
    kind = getattr(event, "kind", "")
    payload = getattr(event, "payload", None)
    get = getattr(payload, "get", None)
    if kind == "shot" and get is not None:
        return weapon_sound(str(get("weapon") or ""))
    if kind in ("mech_destroyed", "destroyed", "unit_destroyed"):
        return "destroyed"
    if kind == "fall":
        return "fall"
    if kind in ("damage", "blow"):
        return "hit"
    if getattr(event, "rolls", None):
        return "dice"
    return None


def _resampled(samples: Any, freq: int) -> Any:
    """The samples at the mixer's own rate (it may not open at RATE)."""
    if freq == RATE or freq <= 0:
        return samples
    n = int(len(samples) * freq / RATE)
    at = np.linspace(0, len(samples) - 1, n)
    return np.interp(at, np.arange(len(samples)), samples).astype(np.int16)


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error (the C level's, file descriptor 2) sent to /dev/null meanwhile: on a
    machine without a sound card the audio library prints its failed probes there, and the
    game already says why it is silent (``Sounds.why_off``)."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sounds:
    """The mixer and the sounds; ``play`` does nothing while silent or off."""

    def __init__(self, volume: float) -> None:
        self.volume = volume
        self.sounds: dict[str, Any] = {}
        self.ready = False
        self.why_off: str | None = None
        if os.environ.get("HEXPLATE_NO_SOUND"):
            self.why_off = "HEXPLATE_NO_SOUND is set"
            return
        try:
            if pygame.mixer.get_init() is None:
                with _quiet_stderr():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            freq, _, channels = pygame.mixer.get_init()
            for name in SOUNDS:
                samples = _resampled(pcm(name), freq)
                if channels > 1:
                    samples = samples.repeat(channels).reshape(-1, channels)
                self.sounds[name] = pygame.sndarray.make_sound(samples)
            self.ready = freq > 0
        except (pygame.error, OSError, ValueError, TypeError, NotImplementedError) as e:
            self.sounds, self.ready, self.why_off = {}, False, f"no sound: {e}"

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str | None) -> bool:
        """Play ``name`` (a key of SOUNDS); True when it was started."""
        if name is None or not self.ready or self.volume <= 0.0:
            return False
        snd = self.sounds.get(name)
        if snd is None:
            return False
        try:
            snd.set_volume(self.volume)
            snd.play()
        except pygame.error:
            return False
        return True
