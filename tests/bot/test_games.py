"""Whole seeded games with the bot (game.bot.match): every action it sends is accepted by
the core (play_match raises otherwise, and the bot's own check records no refusal), the
invariants hold after every action, the game replays exactly from its save, and the
``autoplay --side ... --json`` object is the one of spec Extension 4."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.bot.autoplay import check_replay, parse_args, players_for, start_state
from game.bot.match import play_match, summary
from game.bot.players import BotPlayer
from game.save import load_game, save_game

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))


def _match(map_path: Path, seed: int, kinds: dict[str, str], turns: int):
    ns = parse_args([str(map_path), "--seed", str(seed), "--turns", str(turns)])
    state = start_state(ns)
    players = players_for(state, kinds, seed)
    m = play_match(state, players, turns)
    for p in players.values():
        if isinstance(p, BotPlayer):
            assert p.refused == [], p.refused
    return m


def test_a_bot_game_is_legal_and_replays_from_its_save(tmp_path: Path) -> None:
    m = _match(MAPS[0], 1, {"A": "bot", "B": "random"}, 3)
    check_replay(m.state)
    save_game(m.state, tmp_path / "bot.json")
    again = load_game(tmp_path / "bot.json")
    assert again == m.state and again.log == m.state.log


@pytest.mark.parametrize("map_path", MAPS[:2], ids=lambda p: p.stem)
def test_bot_against_greedy_and_styles_against_each_other(map_path: Path) -> None:
    m = _match(map_path, 2, {"A": "greedy", "B": "bot:aggressive"}, 3)
    assert m.actions > 10
    m = _match(map_path, 3, {"A": "bot:cautious:easy", "B": "bot:balanced"}, 2)
    assert m.actions > 10


@pytest.mark.slow
@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_the_bot_beats_random_on_every_bundled_map(map_path: Path) -> None:
    wins = 0
    for seed in range(4):
        bot, other = ("A", "B") if seed % 2 else ("B", "A")
        m = _match(map_path, seed, {bot: "bot", other: "random"}, 10)
        wins += summary(m)["winner"] == bot
    assert wins >= 3


def test_autoplay_json_is_the_extension_4_object() -> None:
    out = subprocess.run(
        [sys.executable, "main.py", "autoplay", str(MAPS[0]), "--seed", "4", "--turns", "2",
         "--side", "A=bot:cautious", "--side", "B=greedy", "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    got = json.loads(out.stdout)
    assert set(got) == {"winner", "reason", "turns", "damage", "decide_ms"}
    assert got["winner"] in ("A", "B", None) and isinstance(got["reason"], str)
    assert got["turns"] == 2 and set(got["damage"]) == {"A", "B"}
    for side in "AB":
        ms = got["decide_ms"][side]
        assert set(ms) == {"p50", "p95", "max"} and 0 <= ms["p50"] <= ms["p95"] <= ms["max"]


def test_autoplay_text_has_the_why_lines_and_bad_sides_are_one_sentence() -> None:
    run = [sys.executable, "main.py", "autoplay", str(MAPS[0]), "--seed", "1", "--turns", "1"]
    out = subprocess.run(run + ["--side", "A=bot"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0 and "(bot:balanced) A1 deploys at" in out.stdout
    for bad in ("A=wizard", "C=bot", "Abot", "A=bot:reckless"):
        out = subprocess.run(run + ["--side", bad], cwd=ROOT, capture_output=True, text=True)
        assert out.returncode == 2 and out.stderr.count("\n") == 1, (bad, out.stderr)
