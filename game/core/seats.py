"""Who plays each side, and what the computer said about its actions (issue 21).

A side's player is ``human``, one of the two simple computer players ``random`` (any
legal action) and ``greedy`` (the baseline, game.bot.greedy), or the computer opponent
``bot:STYLE:LEVEL`` (game.bot.style's names, e.g. ``bot:cautious:easy``); :func:`seat_kind`
reads the short forms too (``bot``, ``bot:aggressive``). A :class:`Note` is the why-line
of one of the computer's actions and the numbers behind it, keyed by the action's index
in the game's history (the log's ``LogEntry.action``). A hex save keeps both
(game.save: the optional ``"players"`` and ``"why"`` keys), so a loaded game goes on
with the same computer and its log shows what it said. Plain data (game.core imports only
itself)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

HUMAN = "human"
# the computer's styles and levels by name (game.bot.style holds their weights; a test
# keeps the two the same)
STYLES = ("cautious", "balanced", "aggressive")
LEVELS = ("easy", "normal")
DEFAULT_STYLE, DEFAULT_LEVEL = "balanced", "normal"
SIMPLE = ("random", "greedy")  # the computer players without a style or level
# the start screen's Level steps, weakest first: the simple players, then the bot's levels
GRADES = (*SIMPLE, *LEVELS)
MAX_WHY = 400  # characters of one why-line in a save


def seat_kind(text: object) -> str:
    """``human``, ``random``, ``greedy`` or the full ``bot:STYLE:LEVEL``; ValueError (a
    clause) for anything else."""
    if not isinstance(text, str):
        raise ValueError(
            f"a player must be 'human', 'random', 'greedy' or 'bot:STYLE:LEVEL', not {text!r}"
        )
    if text == HUMAN or text in SIMPLE:
        return text
    name, _, rest = text.partition(":")
    style, _, level = rest.partition(":")
    style, level = style or DEFAULT_STYLE, level or DEFAULT_LEVEL
    if name != "bot" or style not in STYLES or level not in LEVELS:
        raise ValueError(
            f"player {text!r} is not 'human', 'random', 'greedy' or 'bot:STYLE:LEVEL' (styles: "
            f"{', '.join(STYLES)}; levels: {', '.join(LEVELS)})"
        )
    return f"bot:{style}:{level}"


def style_and_level(kind: str) -> tuple[str, str]:
    """The style and level of a ``bot:STYLE:LEVEL`` kind (the defaults for ``human``); a
    simple player's level is its name (``random``, ``greedy``: one of GRADES)."""
    full = seat_kind(kind)
    if full == HUMAN:
        return DEFAULT_STYLE, DEFAULT_LEVEL
    if full in SIMPLE:
        return DEFAULT_STYLE, full
    _, style, level = full.split(":")
    return style, level


@dataclass(frozen=True, slots=True)
class Note:
    """The computer's why-line for the action at ``index`` of the history, by ``side``,
    and its numbers (``numbers``: name, value pairs; game.bot.breakdown words them)."""

    index: int
    side: str
    why: str
    numbers: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True, slots=True)
class Seats:
    """Who plays each side (a side not named is human) and the computer's notes."""

    players: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    notes: tuple[Note, ...] = ()

    def computer(self) -> dict[str, str]:
        """The sides the computer plays, with their kinds."""
        return {s: k for s, k in self.players.items() if k != HUMAN}


def note_of(index: int, side: str, why: str, numbers: Mapping[str, float]) -> Note:
    kept = tuple((k, float(v)) for k, v in numbers.items() if _number(v))
    return Note(index, side, why, kept)


def seats_to_json(seats: Seats) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """The save's ``players`` object and ``why`` list."""
    why = [{"action": n.index, "side": n.side, "why": n.why, "numbers": dict(n.numbers)}
           for n in seats.notes]  # fmt: skip
    return dict(seats.players), why


def seats_from_json(players: Any, why: Any, sides: Sequence[str], actions: int) -> Seats:
    """The save's ``players`` and ``why`` (either may be None: absent), checked against
    the game's ``sides`` and its number of ``actions``; ValueError (a clause) if bad."""
    kinds: dict[str, str] = {}
    if players is not None:
        if not isinstance(players, dict):
            raise ValueError("'players' must be an object of side: player")
        for side, kind in players.items():
            if side not in sides:
                raise ValueError(f"'players' names side {side!r}, which the game does not have")
            kinds[side] = seat_kind(kind)
    notes = _notes(why, sides, actions) if why is not None else ()
    return Seats(MappingProxyType(kinds), notes)


def _notes(why: Any, sides: Sequence[str], actions: int) -> tuple[Note, ...]:
    if not isinstance(why, list):
        raise ValueError("'why' must be a list of the computer's notes")
    out: list[Note] = []
    for i, n in enumerate(why, 1):
        if not isinstance(n, dict) or set(n) != {"action", "side", "why", "numbers"}:
            raise ValueError(f"note {i} of 'why' must have exactly action, side, why, numbers")
        index, side, text, numbers = n["action"], n["side"], n["why"], n["numbers"]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < actions:
            raise ValueError(f"note {i} of 'why' is for action {index!r}, which the game lacks")
        if side not in sides or not isinstance(text, str) or not 0 < len(text) <= MAX_WHY:
            raise ValueError(f"note {i} of 'why' needs a side of the game and a line of text")
        if not isinstance(numbers, dict) or not all(
            isinstance(k, str) and _number(v) for k, v in numbers.items()
        ):
            raise ValueError(f"note {i} of 'why' must give its numbers as name: number")
        out.append(note_of(index, side, text, numbers))
    return tuple(out)


def _number(v: object) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
