"""The game's sounds, synthesised by our own code like the art (issue 25): dice, weapon
fire by kind (lasers and PPCs, ballistic guns, missiles, flamers), a hit, a fall, a
destroyed unit, a new turn, a shutdown. Each is a short mono int16 waveform made from
sines, noise and envelopes with a fixed seed, so the same sound every run. No pygame
here (game.ui.app.sound plays them); ``python -m game.ui.app.sound_synth DIR`` writes
them as WAV files to listen to."""

from __future__ import annotations

import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 22050


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _noise(seconds: float, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, int(RATE * seconds))


def _decay(n: int, rate: float) -> np.ndarray:
    return np.exp(-rate * np.arange(n) / RATE)


def _lowpass(x: np.ndarray, k: int) -> np.ndarray:
    """A moving average over ``k`` samples: a simple low-pass."""
    return np.convolve(x, np.ones(k) / k, mode="same")


def dice() -> np.ndarray:
    """Two dice on a table: a few short clicks."""
    out = np.zeros(int(RATE * 0.35))
    rng = np.random.default_rng(7)
    for start in (0.0, 0.05, 0.11, 0.16, 0.24):
        i = int(start * RATE)
        click = rng.uniform(-1, 1, 300) * _decay(300, 300.0)
        out[i : i + 300] += click * 0.7
    return out


def laser() -> np.ndarray:
    """A falling chirp (lasers, PPCs)."""
    t = _t(0.3)
    freq = 1800 - 3800 * t
    return np.sin(2 * np.pi * np.cumsum(freq) / RATE) * _decay(len(t), 9.0) * 0.6


def ballistic() -> np.ndarray:
    """A gun's bang: a noise crack over a low thump (autocannons, rifles, Gauss)."""
    t = _t(0.35)
    thump = np.sin(2 * np.pi * 70 * t) * _decay(len(t), 12.0)
    crack = _noise(0.35, 3) * _decay(len(t), 30.0)
    return (thump * 0.7 + crack * 0.5) * 0.8


def missile() -> np.ndarray:
    """A whoosh: rising filtered noise (LRMs, SRMs)."""
    t = _t(0.5)
    env = np.sin(np.pi * t / t[-1]) ** 2
    return _lowpass(_noise(0.5, 5), 6) * env * 0.9


def flamer() -> np.ndarray:
    """A roar: low-passed noise that swells and fades."""
    t = _t(0.6)
    return _lowpass(_noise(0.6, 11), 14) * np.sin(np.pi * t / t[-1]) * 1.4


def hit() -> np.ndarray:
    """Metal struck: a short clang."""
    t = _t(0.25)
    ring = np.sin(2 * np.pi * 420 * t) + 0.5 * np.sin(2 * np.pi * 1130 * t)
    return (ring * _decay(len(t), 18.0) + _noise(0.25, 13) * _decay(len(t), 60.0)) * 0.45


def fall() -> np.ndarray:
    """A heavy fall: a low rumble."""
    t = _t(0.7)
    return (np.sin(2 * np.pi * 45 * t) * 0.8 + _lowpass(_noise(0.7, 17), 30) * 1.5) * _decay(
        len(t), 5.0
    )


def destroyed() -> np.ndarray:
    """An explosion: a long noise burst over a falling boom."""
    t = _t(1.2)
    boom = np.sin(2 * np.pi * np.cumsum(90 - 50 * t) / RATE) * _decay(len(t), 3.0)
    return (boom * 0.8 + _lowpass(_noise(1.2, 19), 8) * _decay(len(t), 3.5)) * 0.8


def turn() -> np.ndarray:
    """A new turn: two soft rising tones."""
    out = []
    for f in (523.25, 784.0):
        t = _t(0.18)
        out.append(np.sin(2 * np.pi * f * t) * _decay(len(t), 10.0) * 0.35)
    return np.concatenate(out)


def shutdown() -> np.ndarray:
    """Power lost (a heat shutdown): a falling hum that dies away."""
    t = _t(0.8)
    freq = 220 - 180 * t
    return np.sin(2 * np.pi * np.cumsum(freq) / RATE) * _decay(len(t), 3.0) * 0.5


SOUNDS: dict[str, Callable[[], np.ndarray]] = {
    "dice": dice,
    "laser": laser,
    "ballistic": ballistic,
    "missile": missile,
    "flamer": flamer,
    "hit": hit,
    "fall": fall,
    "destroyed": destroyed,
    "turn": turn,
    "shutdown": shutdown,
}


def pcm(name: str) -> np.ndarray:
    """The sound ``name`` as int16 samples at RATE, never louder than full scale."""
    x = SOUNDS[name]()
    peak = float(np.max(np.abs(x))) or 1.0
    return (x / max(peak, 1.0) * 32000).astype(np.int16)


def write_wavs(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in SOUNDS:
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(pcm(name).tobytes())
        out.append(path)
    return out


if __name__ == "__main__":
    for p in write_wavs(Path(sys.argv[1] if len(sys.argv) > 1 else "sounds")):
        print(p)
