"""How a bot weighs what it sees: its style (cautious, balanced, aggressive) and its level
(easy plays with noise and fewer candidates). Weights only; the numbers they weigh come
from the rules core (game.bot.numbers)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Style:
    """Weights of a bot's scores, in expected damage points.

    ``dealt``/``taken``: expected damage dealt and taken; ``fall``: the cost of one fall
    (damage, lying prone); ``heat``: the cost of the heat scale's effects (HEAT-05..09);
    ``cover``: a woods level at the end of the move, where the numbers are equal;
    ``friends``: staying within reach of the side's other units; ``close``: each hex
    closer to the range its weapons like, when nobody can fire yet."""

    name: str
    dealt: float
    taken: float
    fall: float
    heat: float
    cover: float
    friends: float
    close: float


STYLES = MappingProxyType(
    {
        "cautious": Style("cautious", 1.0, 1.4, 14.0, 1.4, 0.6, 0.6, 0.25),
        "balanced": Style("balanced", 1.0, 1.0, 10.0, 1.0, 0.4, 0.4, 0.4),
        "aggressive": Style("aggressive", 1.3, 0.7, 7.0, 0.7, 0.2, 0.2, 0.7),
    }
)
DEFAULT_STYLE = "balanced"


@dataclass(frozen=True, slots=True)
class Level:
    """``noise``: the spread of a random error added to every score (in tens of damage
    points); ``candidates``: end hexes looked at per mode; ``lookahead``: whether it
    counts where the enemies that have not moved yet may walk to fire."""

    name: str
    noise: float
    candidates: int
    lookahead: bool = True


LEVELS = MappingProxyType(
    {"easy": Level("easy", 0.5, 4, lookahead=False), "normal": Level("normal", 0.0, 10)}
)
DEFAULT_LEVEL = "normal"


def style_named(name: str) -> Style:
    """The style called ``name``; an unknown name says which ones there are."""
    if name not in STYLES:
        raise ValueError(f"there is no bot style {name!r} (styles: {', '.join(STYLES)})")
    return STYLES[name]


def level_named(name: str) -> Level:
    if name not in LEVELS:
        raise ValueError(f"there is no bot level {name!r} (levels: {', '.join(LEVELS)})")
    return LEVELS[name]
