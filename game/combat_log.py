"""Moved: the combat narration is game.narrate.combat (one narration for movement, weapons,
heat and blows). This name stays so older imports keep working."""

from __future__ import annotations

from .narrate.combat import game_events

__all__ = ["game_events"]
