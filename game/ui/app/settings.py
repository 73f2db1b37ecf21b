"""The player's settings, remembered between starts (issue 25): whether the camera follows
the action, how fast the dice and moves play, the UI scale, the sound's volume and mute.

They live in ``settings.json`` beside the saves' parent folder (``$HEXPLATE_SETTINGS`` if
set, else ``$XDG_CONFIG_HOME/hexplate/settings.json``, default ``~/.config/...``), written
atomically (game.core.atomic). A missing, damaged or half-valid file never stops the game: what
cannot be read takes its default. No pygame here.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.core.atomic import write_atomic

DICE_SPEEDS = (0.5, 1.0, 2.0, 4.0)  # x the normal pace of dice pop-ups and moves
UI_SCALES = (1.0, 1.25, 1.5)
VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass(frozen=True, slots=True)
class Settings:
    """``follow_action``: the camera goes to where things happen (hand-offs, a new phase,
    N); off, only the player moves it. ``dice_speed``: one of DICE_SPEEDS. ``ui_scale``:
    one of UI_SCALES (text and panels). ``volume`` 0..1 and ``mute`` for the sounds."""

    follow_action: bool = False
    dice_speed: float = 1.0
    ui_scale: float = 1.0
    volume: float = 0.5
    mute: bool = False

    def stepped(self, name: str) -> Settings:
        """The setting ``name`` moved to its next value (a toggle flips)."""
        value = getattr(self, name)
        if isinstance(value, bool):
            return replace(self, **{name: not value})
        choices = CHOICES[name]
        i = choices.index(value) if value in choices else -1
        return replace(self, **{name: choices[(i + 1) % len(choices)]})


CHOICES: dict[str, tuple[float, ...]] = {
    "dice_speed": DICE_SPEEDS,
    "ui_scale": UI_SCALES,
    "volume": VOLUMES,
}


def settings_path() -> Path:
    env = os.environ.get("HEXPLATE_SETTINGS")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "hexplate" / "settings.json"


def _valid(name: str, value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    choices = CHOICES.get(name)
    return float(value) in choices if choices else 0.0 <= float(value) <= 1.0


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; each one missing or not valid takes its default."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    base = Settings()
    good = {}
    for f in fields(Settings):
        value = data.get(f.name)
        default = getattr(base, f.name)
        if _valid(f.name, value, default):
            good[f.name] = value if isinstance(default, bool) else float(value)
    return replace(base, **good)


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; None, or the sentence saying why they could not be kept."""
    path = path or settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings), indent=1) + "\n")
    except OSError as e:
        return f"{path}: the settings cannot be saved ({e.strerror or e})"
    return None
