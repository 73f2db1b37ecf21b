"""HEXPLATE_DEBUG_LAYOUT for screens that are only buttons (the start screens): the
screen's name and the centre of each button in window pixels, written when it changes, so
an end-to-end test driving the real window with xdotool knows where to click."""

from __future__ import annotations

import json
import os
from pathlib import Path

from .panels import Button

_written = {"text": ""}  # what this process last wrote (the file is rewritten on change)


def write_buttons(screen: str, buttons: list[Button]) -> None:
    """Write ``{"screen": name, "buttons": {action: [x, y]}}`` when asked for and changed."""
    path = os.environ.get("HEXPLATE_DEBUG_LAYOUT")
    if not path:
        return
    data = {"screen": screen, "buttons": {b.action: list(b.rect.center) for b in buttons}}
    text = json.dumps(data)
    if text != _written["text"]:
        try:
            Path(path).write_text(text)
        except OSError:
            return
        _written["text"] = text
