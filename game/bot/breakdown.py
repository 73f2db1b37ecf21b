"""The numbers behind one of the computer's choices, in words: the breakdown the log
shows under (or over) its why-line (issue 21, "the player can open the same breakdown the
human sees"). The numbers are the ones the bot scored with (game.bot.moving, firing,
fighting: expected damage both ways, the to-hit number and its chance on 2d6, the chance
to fall, the heat after, the woods it ends in)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.bot.numbers import success
from game.narrate.words import percent

WOODS = {1: "light woods (+1 to be hit)", 2: "heavy woods (+2 to be hit)",
         3: "ultra-heavy woods (+2 to be hit)"}  # fmt: skip


def _to_hit(v: float) -> str:
    n = round(v)
    return f"needs {n} on 2d6 ({percent(success(n))})" if n <= 12 else f"needs {n}: no chance"


def _cover(v: float) -> str:
    return WOODS.get(round(v), "open ground") if v else "open ground"


def _count(one: str, many: str) -> Callable[[float], str]:
    return lambda v: "none" if not round(v) else f"{round(v)} {one if round(v) == 1 else many}"


WORDS: tuple[tuple[str, str, Callable[[float], str]], ...] = (
    ("dealt", "expected damage dealt", lambda v: f"{v:.1f}"),
    ("taken", "expected damage taken", lambda v: f"{v:.1f}"),
    ("to_hit", "to-hit", _to_hit),
    ("weapons", "weapons fired", _count("weapon", "weapons")),
    ("kill", "chance to destroy the vehicle", percent),
    ("avoided", "expected damage of charges and DFAs avoided", lambda v: f"{v:.1f}"),
    ("given_up", "expected damage of its weapons given up", lambda v: f"{v:.1f}"),
    ("move", "score of its best move", lambda v: f"{v:.1f}"),
    ("damage", "damage if it hits", lambda v: f"{v:.0f}"),
    ("self_damage", "damage to itself", lambda v: f"{v:.0f}"),
    ("fall", "chance to fall", percent),
    ("heat", "heat after the turn", lambda v: f"{v:.0f}"),
    ("cover", "cover", _cover),
    ("rear", "rear open to", _count("enemy", "enemies")),
    ("score", "score (expected damage points)", lambda v: f"{v:.1f}"),
)


def breakdown(numbers: Iterable[tuple[str, float]]) -> list[str]:
    """One line per number the bot gave, in a fixed order ("expected damage dealt: 4.2")."""
    given = dict(numbers)
    lines = [f"{label}: {say(given[key])}" for key, label, say in WORDS if key in given]
    known = {key for key, _, _ in WORDS}
    lines += [f"{k}: {v:g}" for k, v in given.items() if k not in known]
    return lines
