"""Issue 25, finding 14: the banner says when the Tactical Operations modes are on, and
which keys they are; without the option it says nothing of them."""

from __future__ import annotations

import pygame

from game.core.options import CLASSIC, TW, Rules
from game.ui.widgets.panels import _hint
from game.ui.widgets.rules_tag import TACOPS_LONG, TACOPS_SHORT, rules_tags

from .test_play_scene import new_app, ready
from .test_play_tacops import TACOPS


def test_the_tags_name_the_modes_and_the_variant() -> None:
    assert rules_tags(TW) == ("", "")
    long, short = rules_tags(Rules(tacops=True))
    assert all(k in long for k in ("crawl K", "careless X", "hull-down H", "defence D"))
    assert short == TACOPS_SHORT
    assert "classic" in rules_tags(CLASSIC)[0]


def test_the_play_banner_shows_the_tacops_tag_wide_and_short() -> None:
    app = new_app(TACOPS)
    ready(app)
    state = app.state
    wide = pygame.Rect(0, 0, 1280, 37)
    assert _hint(state, "Turn 1 - Movement", wide, 14, False)[0].startswith(TACOPS_LONG)
    narrow = pygame.Rect(0, 0, 620, 37)
    hint = _hint(state, "Turn 1 - Movement - Side A to move", narrow, 14, False)[0]
    assert hint.startswith(TACOPS_SHORT + "   F1")
    plain = new_app()
    assert "TacOps" not in _hint(plain.state, "Turn 1", wide, 14, False)[0]
