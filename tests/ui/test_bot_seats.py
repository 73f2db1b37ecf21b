"""Playing the computer from the start screen, in saves and in the log (issue 21): the
start screen's Human / Computer choice starts a game the bot plays for that side; a save
keeps who plays what and the loaded game goes on with the same bot (``--bot``
overrides); every why-line goes into the log with its numbers (hover in the log panel,
listed in the full log)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.flow import actor, outcome
from game.ui.app.play import Args, make_app
from game.ui.widgets.log_notes import notes_at
from game.ui.widgets.log_view import LogView, report_lines

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "grassland.tmx"
SIZE = (1280, 800)
ANY_KEY = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r",
                                              "scancode": 0})  # fmt: skip


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXPLATE_SAVE_DIR", str(tmp_path / "saves"))


def _app(args: Args):
    screen = pygame.display.set_mode(SIZE)
    pygame.event.clear()
    return make_app(args, screen)


def _until_b_has_spoken(app, notes: int = 2, limit: int = 600) -> None:
    """Frames (the human's side deployed and moved by the bot's own choices? no: by the
    first legal choice, as a hurried player would) until the computer's side has made
    ``notes`` why-lines."""
    from game.flow import choices

    app.bots.pace = 0.0
    for _ in range(limit):
        if len(app.bots.why) >= notes or outcome(app.state) is not None:
            return
        if getattr(app.top, "overlay", False):
            pygame.event.post(ANY_KEY)
        elif actor(app.state) not in app.bots.players:
            assert app.act(choices(app.state)[0]) is not None
            app.advance()
            app.follow_phase()
        app.bots.join(60)
        app.step(pygame.event.get(), 0.05)
    raise AssertionError("the computer said nothing")


def test_the_start_screen_starts_a_game_the_computer_plays_for_side_b() -> None:
    app = _app(Args(None, None, None, SIZE, 5))
    start = app.top
    # balanced -> aggressive; normal -> random -> greedy -> easy
    for action in ("seat:B,computer", "style:B", "level:B", "level:B", "level:B"):
        start.choose(action)
    assert start.players == {"A": "human", "B": "bot:aggressive:easy"}
    app.step([], 0.01)
    labels = {b.action: b.label for b in start.buttons}
    assert labels["style:B"] == "Style: aggressive" and labels["level:B"] == "Level: easy"
    assert "style:A" not in labels and labels["seat:A,human"] == "Human"
    start.choose("start")
    assert app.state is not None and set(app.bots.players) == {"B"}
    assert app.bots.players["B"].label == "bot:aggressive:easy"
    assert app.session.players == {"B": "bot:aggressive:easy"}
    _until_b_has_spoken(app)
    assert all(n.side == "B" for n in notes_at(app.state).values())


def test_a_new_game_of_humans_has_no_computer() -> None:
    app = _app(Args(MAP, None, None, SIZE, 5, bots=("B",)))
    app.new_game()  # the menu's "new game": the start screen keeps who played
    assert app.top.players["B"] == "bot:balanced:normal"
    app.top.choose("seat:B,human")
    app.top.choose("start")
    assert app.bots is None and app.session.players == {}


def test_a_save_keeps_the_computer_and_loading_goes_on_with_it(tmp_path: Path) -> None:
    app = _app(Args(MAP, None, None, SIZE, 5, bots=("B",), bot_style="cautious"))
    _until_b_has_spoken(app, notes=3)
    path = app.save()
    data = json.loads(path.read_text())
    assert data["players"] == {"B": "bot:cautious:normal"}
    assert len(data["why"]) >= 3 and {n["side"] for n in data["why"]} == {"B"}
    said = notes_at(app.state)

    again = _app(Args(None, None, path, SIZE, None))  # play --load, no --bot
    assert set(again.bots.players) == {"B"} and again.bots.players["B"].label == "bot:cautious"
    assert notes_at(again.state) == said  # the replayed log shows what the computer said
    lines = [line.text for line in report_lines(again.state, notes=notes_at(again.state))]
    assert sum(t.startswith("Computer (B): ") for t in lines) == len(said)

    other = _app(Args(None, None, path, SIZE, None, bots=("A",), bot_level="easy"))
    assert set(other.bots.players) == {"A"}  # --bot overrides the save
    assert other.bots.players["A"].label == "bot:balanced:easy"

    menu = _app(Args(MAP, None, None, SIZE, 5))  # Ctrl+O in a game of humans
    assert menu.bots is None
    assert menu.load(path) and set(menu.bots.players) == {"B"}


def test_the_log_shows_each_why_line_with_its_numbers(monkeypatch) -> None:
    app = _app(Args(MAP, None, None, SIZE, 5, bots=("B",)))
    _until_b_has_spoken(app, notes=3)
    notes = notes_at(app.state)
    lines = report_lines(app.state, notes=notes)
    whys = [line for line in lines if line.note is not None]
    assert [line.note for line in whys] == [n for _, n in sorted(notes.items())]
    # each above the lines of the action it explains
    texts = [line.text for line in lines]
    assert texts.index(whys[0].text) < len(texts) - 1
    detailed = [line.text for line in report_lines(app.state, notes=notes, details=True)]
    assert any(t.strip().startswith("expected damage") for t in detailed) or any(
        t.strip().startswith("score") for t in detailed)  # fmt: skip

    # the log panel: the mouse over a why-line opens its breakdown
    screen = pygame.display.get_surface()
    view, rect = LogView(), pygame.Rect(0, SIZE[1] - 400, SIZE[0], 400)
    view.draw(screen, rect, app.state, 16)
    row = next(i for i, t in enumerate(view.visible) if t.startswith("Computer (B)"))
    from game.ui.widgets.log_view import line_height, pad

    y = rect.y + pad(16) + row * line_height(16) + 2
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (rect.x + 40, y))
    view.draw(screen, rect, app.state, 16)
    assert view.hovered is not None and view.hovered.side == "B"

    app.open("log")  # the full log lists the numbers under each line; W hides them
    log = app.top
    assert log.view.details
    log.handle(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_w, "mod": 0, "unicode": "w"}))
    assert not log.view.details


def test_the_autosave_keeps_the_why_line_of_the_action_that_ended_the_phase() -> None:
    from game.save import autosave_path, load_seated

    app = _app(Args(MAP, None, None, SIZE, 5, bots=("B",)))
    _until_b_has_spoken(app, notes=6)
    state, seats = load_seated(autosave_path())
    noted = {n.index for n in seats.notes}
    by_b = {
        i for i, a in enumerate(state.history) if str(getattr(a, "unit_id", "")).startswith("B")
    }
    assert by_b and by_b <= noted


def test_bad_levels_and_bad_players_in_a_save_are_one_sentence(tmp_path: Path) -> None:
    from game.core.files import SaveError
    from game.save import save_to_json
    from game.ui.app.play import PlayError, initial_game, parse_args

    with pytest.raises(PlayError, match="--bot-level 'hard' is not one of random, greedy, easy"):
        parse_args([str(MAP), "--bot", "B", "--bot-level", "hard"])
    app = _app(Args(MAP, None, None, SIZE, 5))
    data = save_to_json(app.state)
    data["players"] = {"B": "bot:reckless"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=f"^{bad}: player 'bot:reckless' is not"):
        initial_game(parse_args(["--load", str(bad)]))
    assert not app.load(bad) and str(bad) in app.toast[0]  # Ctrl+O: a notice, the game stays
