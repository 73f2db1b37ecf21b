"""Issue 25: the UI scale setting (1x, 1.25x, 1.5x) grows the text and panels of every
screen, takes effect at once from the settings and is kept between starts."""

from __future__ import annotations

import pygame

from game.ui.app.settings import Settings, load_settings, save_settings
from game.ui.widgets.fonts import set_ui_scale, ui_size

from .test_attack_scene import attack_app, dismiss


def test_the_scale_grows_the_text_and_the_panels_at_once() -> None:
    app = attack_app()
    scene = dismiss(app)
    try:
        before = (scene.layout.size, scene.layout.side.w)
        app.settings = Settings(ui_scale=1.5)
        app.apply_settings()
        after = (scene.layout.size, scene.layout.side.w)
        assert after[0] == round(before[0] * 1.5) and after[1] > before[1]
        assert ui_size(720) == round(17 * 1.5)
        app.step([], 0.0)  # and it draws
        app.settings = Settings()
        app.apply_settings()
        assert scene.layout.size == before[0]
    finally:
        set_ui_scale(1.0)


def test_a_new_app_starts_at_the_kept_scale() -> None:
    try:
        assert save_settings(Settings(ui_scale=1.25)) is None
        assert load_settings().ui_scale == 1.25
        app = attack_app()
        assert app.top.layout.size == round(17 * 1.25)
        assert pygame.display.get_surface() is not None
    finally:
        set_ui_scale(1.0)
