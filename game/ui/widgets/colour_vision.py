"""How colours look under the common colour-vision deficiencies, to keep the screens'
meaningful colour pairs apart (issue 25): the Machado, Oliveira and Fernandes (2009)
simulation matrices at full severity, applied in linear RGB, and the CIE76 distance in
CIELAB between two colours. No pygame; numpy only."""

from __future__ import annotations

import numpy as np

Colour = tuple[int, int, int]

# Machado et al. 2009, severity 1.0 (linear RGB -> linear RGB)
DEFICIENCIES: dict[str, np.ndarray] = {
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),  # fmt: skip
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),  # fmt: skip
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),  # fmt: skip
}


def _linear(c: Colour) -> np.ndarray:
    v = np.asarray(c, dtype=float) / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def _srgb(v: np.ndarray) -> np.ndarray:
    v = np.clip(v, 0.0, 1.0)
    return np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(c: Colour, deficiency: str) -> Colour:
    """``c`` as seen with ``deficiency`` (a key of DEFICIENCIES), back in sRGB."""
    out = _srgb(DEFICIENCIES[deficiency] @ _linear(c)) * 255.0
    r, g, b = (int(round(float(x))) for x in out)
    return r, g, b


def lab(c: Colour) -> np.ndarray:
    """CIELAB (D65) of an sRGB colour."""
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = m @ _linear(c) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def distance(a: Colour, b: Colour) -> float:
    """CIE76 colour difference (about 2.3 is just noticeable; 20+ reads as another colour)."""
    return float(np.linalg.norm(lab(a) - lab(b)))


def worst(a: Colour, b: Colour) -> tuple[float, str]:
    """The smallest distance of the pair under normal vision and each deficiency."""
    seen = [(distance(a, b), "normal")]
    seen += [(distance(simulate(a, d), simulate(b, d)), d) for d in DEFICIENCIES]
    return min(seen)
