"""The record sheet's pilot line: a dead pilot is dead, not unconscious (PSR-19)."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.board import build_board  # noqa: E402
from game.designs.roster import make_unit  # noqa: E402
from game.setup import new_game  # noqa: E402
from game.ui.widgets import record_sheet  # noqa: E402


def pilot_lines(monkeypatch, hits: int, unconscious: bool) -> list[str]:
    pygame.init()
    u = make_unit("HBK-4G", "A1", "A")
    u = replace(u, damage=replace(u.damage, pilot_hits=hits, unconscious=unconscious))
    s = replace(new_game(build_board(4, 4), seed=1), units=(u,))
    lines: list[str] = []
    monkeypatch.setattr(record_sheet.Sheet, "line", lambda self, text, *a, **k: lines.append(text))
    record_sheet.pilot(record_sheet.Sheet(s, u, 300, 14))
    return lines


def test_psr_19_the_sixth_hit_kills_and_the_sheet_says_dead(monkeypatch) -> None:
    assert pilot_lines(monkeypatch, 6, True) == ["The pilot is dead"]
    assert pilot_lines(monkeypatch, 3, True) == ["The pilot is unconscious"]
    assert pilot_lines(monkeypatch, 3, False) == []
