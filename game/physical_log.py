"""Moved: the physical attacks' narration is game.narrate.physical (one narration with
game.narrate and game.narrate.combat). This name stays so older imports keep working."""

from __future__ import annotations

from .narrate.physical import physical_events

__all__ = ["physical_events"]
