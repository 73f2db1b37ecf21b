"""Who plays each side and the computer's notes (game.core.seats), their words
(game.bot.breakdown), and the names both agree on (issue 21)."""

from __future__ import annotations

import pytest

from game.bot import style
from game.bot.breakdown import breakdown
from game.core import seats
from game.core.seats import HUMAN, Note, Seats, seat_kind, seats_from_json, seats_to_json


def test_the_core_knows_the_bot_s_styles_and_levels_by_their_names() -> None:
    assert tuple(style.STYLES) == seats.STYLES and tuple(style.LEVELS) == seats.LEVELS
    assert (seats.DEFAULT_STYLE, seats.DEFAULT_LEVEL) == (style.DEFAULT_STYLE, style.DEFAULT_LEVEL)


@pytest.mark.parametrize(
    ("text", "kind"),
    [("human", HUMAN), ("bot", "bot:balanced:normal"), ("bot:cautious", "bot:cautious:normal"),
     ("bot:aggressive:easy", "bot:aggressive:easy"), ("bot::easy", "bot:balanced:easy"),
     ("random", "random"), ("greedy", "greedy")],
)  # fmt: skip
def test_a_player_s_kind_reads_its_short_forms(text: str, kind: str) -> None:
    assert seat_kind(text) == kind
    assert seats.style_and_level(kind)[0] in seats.STYLES


@pytest.mark.parametrize("bad", ["Human", "robot", "bot:reckless", "bot:cautious:hard",
                                 "bot:cautious:easy:x", "Random", "greedy:cautious", 3, None,
                                 ["bot"]])  # fmt: skip
def test_a_bad_kind_is_one_clause_naming_what_there_is(bad: object) -> None:
    with pytest.raises(ValueError, match="human") as e:
        seat_kind(bad)
    assert "\n" not in str(e.value)


def test_players_and_notes_go_to_json_and_back() -> None:
    s = Seats({"B": "bot:cautious:easy"}, (Note(3, "B", "B1 runs to 0907: woods",
                                                (("dealt", 2.5), ("to_hit", 7.0))),))  # fmt: skip
    players, why = seats_to_json(s)
    back = seats_from_json(players, why, ("A", "B"), actions=10)
    assert dict(back.players) == {"B": "bot:cautious:easy"} and back.notes == s.notes
    assert back.computer() == {"B": "bot:cautious:easy"}
    assert seats_from_json(None, None, ("A", "B"), 0) == Seats()


@pytest.mark.parametrize(
    ("players", "why", "words"),
    [
        (["B"], None, "'players' must be an object"),
        ({"C": "human"}, None, "side 'C'"),
        ({"B": "bot:sneaky"}, None, "not 'human', 'random', 'greedy' or 'bot:STYLE:LEVEL'"),
        (None, {"action": 1}, "'why' must be a list"),
        (None, [{"action": 1, "side": "B", "why": "x"}], "exactly action, side, why, numbers"),
        (None, [{"action": 10, "side": "B", "why": "x", "numbers": {}}], "action 10"),
        (None, [{"action": True, "side": "B", "why": "x", "numbers": {}}], "action True"),
        (None, [{"action": 1, "side": "Q", "why": "x", "numbers": {}}], "a side of the game"),
        (None, [{"action": 1, "side": "B", "why": "", "numbers": {}}], "a line of text"),
        (None, [{"action": 1, "side": "B", "why": "x", "numbers": {"a": "7"}}], "name: number"),
        (None, [{"action": 1, "side": "B", "why": "x", "numbers": {"a": float("nan")}}],
         "name: number"),
    ],
)  # fmt: skip
def test_bad_players_or_notes_are_refused_in_one_clause(players, why, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")) as e:
        seats_from_json(players, why, ("A", "B"), actions=10)
    assert "\n" not in str(e.value)


def test_the_breakdown_words_the_numbers_in_a_fixed_order() -> None:
    lines = breakdown((("fall", 0.031), ("to_hit", 7.0), ("dealt", 4.25), ("taken", 2.0),
                       ("heat", 9.0), ("cover", 1.0), ("rear", 1.0), ("odd", 2.0)))  # fmt: skip
    assert lines == [
        "expected damage dealt: 4.2",
        "expected damage taken: 2.0",
        "to-hit: needs 7 on 2d6 (58%)",
        "chance to fall: 3%",
        "heat after the turn: 9",
        "cover: light woods (+1 to be hit)",
        "rear open to: 1 enemy",
        "odd: 2",
    ]
    assert breakdown((("cover", 0.0), ("to_hit", 13.0), ("rear", 0.0), ("weapons", 3.0))) == [
        "to-hit: needs 13: no chance", "weapons fired: 3 weapons", "cover: open ground",
        "rear open to: none"]  # fmt: skip
