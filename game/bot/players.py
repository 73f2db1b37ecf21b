"""Players: who chooses a side's actions. Every player answers through the same core as
the UI (game.flow: choices, apply); a :class:`Decision` is one action and its why-line.

- ``random``: today's autoplay player, a random legal action among the phase's choices;
- ``greedy``: the baseline of game.bot.greedy;
- ``bot[:STYLE[:LEVEL]]``: the computer opponent (game.bot.moving, firing, fighting,
  deploying), styles cautious / balanced / aggressive, levels easy / normal.

A bot checks its own choice with ``apply`` before it answers; were the core to refuse
it (a bug), it counts the refusal in ``refused`` and falls back to the first of the
phase's choices the core accepts, so a game never stops."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from game.bot.deploying import decide_deploy
from game.bot.fighting import decide_physical
from game.bot.firing import decide_fire
from game.bot.flying import decide_flight
from game.bot.greedy import greedy_fire, greedy_move, greedy_strike
from game.bot.moving import Choice, decide_move
from game.bot.style import DEFAULT_LEVEL, DEFAULT_STYLE, Level, Style, level_named, style_named
from game.core.actions import Action, Refused
from game.flow import actor, apply, choices
from game.rules.turn import Phase
from game.state import GameState

KINDS = ("random", "greedy", "bot")


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    why: str = ""
    numbers: Mapping[str, float] = field(default_factory=dict)


class Player(Protocol):
    label: str

    def decide(self, state: GameState) -> Decision: ...


class NoActionError(RuntimeError):
    """The phase offers no action the core accepts (an engine bug)."""


def first_legal(state: GameState, options: list[Action]) -> Action:
    for a in options:
        if not isinstance(apply(state, a), Refused):
            return a
    raise NoActionError(f"side {actor(state)} has no legal action in the {state.phase} phase")


class RandomPlayer:
    """A random legal action among the phase's choices (the autoplay's player)."""

    def __init__(self, pick: random.Random) -> None:
        self.pick, self.label = pick, "random"

    def decide(self, state: GameState) -> Decision:
        options = choices(state)
        self.pick.shuffle(options)
        return Decision(first_legal(state, options))


class _Checked:
    """A player whose answers are checked with apply, falling back to a legal choice."""

    label = ""

    def __init__(self) -> None:
        self.refused: list[str] = []

    def choose(self, state: GameState) -> Choice | None:
        raise NotImplementedError

    def decide(self, state: GameState) -> Decision:
        choice = self.choose(state)
        if choice is not None:
            out = apply(state, choice.action)
            if not isinstance(out, Refused):
                return Decision(choice.action, choice.why, choice.numbers)
            self.refused.append(f"{type(choice.action).__name__}: {out.reason}")
        return Decision(first_legal(state, choices(state)))


class GreedyPlayer(_Checked):
    label = "greedy"
    PHASES: Mapping[str, Callable[[GameState, str], Action]] = {
        Phase.MOVEMENT: greedy_move, Phase.WEAPON_ATTACK: greedy_fire,
        Phase.PHYSICAL_ATTACK: greedy_strike,
    }  # fmt: skip

    def choose(self, state: GameState) -> Choice | None:
        side, how = actor(state), self.PHASES.get(str(state.phase))
        if side is None or how is None:
            return None
        return Choice(how(state, side), "", {})


class BotPlayer(_Checked):
    """The computer opponent (module docstring)."""

    def __init__(self, style: Style, level: Level, seed: int = 0) -> None:
        super().__init__()
        self.style, self.level = style, level
        self.label = f"bot:{style.name}" + ("" if level.name == DEFAULT_LEVEL else f":{level.name}")
        self.seed = seed
        self.pick = random.Random(f"bot:{seed}:{style.name}")
        self.cache: dict = {}  # per turn: enemies' walking reach

    def choose(self, state: GameState) -> Choice | None:
        side, phase = actor(state), str(state.phase)
        if side is None:
            return None
        # the noise of an easy bot: drawn anew for each action, from the game's position
        # alone (the same answer for the same state, whenever and however often asked)
        self.pick.seed(f"bot:{self.seed}:{self.style.name}:{len(state.history)}")
        if phase == "deployment":
            return decide_deploy(state, self.style)
        if phase == Phase.MOVEMENT:
            if self.cache.get("turn") != state.turn:
                self.cache = {"turn": state.turn}
            return decide_move(state, side, self.style, self.level, self.pick, self.cache)
        if phase == Phase.WEAPON_ATTACK:
            return decide_fire(state, side, self.style)
        if phase == Phase.PHYSICAL_ATTACK:
            return decide_physical(state, side, self.style)
        if phase == Phase.AEROSPACE_MOVEMENT:
            return decide_flight(state, side)
        return None  # other phases: the first choice the core accepts


def make_player(kind: str, seed: int = 0, pick: random.Random | None = None) -> Player:
    """``random``, ``greedy`` or ``bot[:STYLE[:LEVEL]]``; a bad kind raises ValueError."""
    name, _, rest = kind.partition(":")
    if name == "random" and not rest:
        return RandomPlayer(pick or random.Random(seed))
    if name == "greedy" and not rest:
        return GreedyPlayer()
    if name == "bot":
        style, _, level = rest.partition(":")
        return BotPlayer(style_named(style or DEFAULT_STYLE), level_named(level or DEFAULT_LEVEL),
                         seed)  # fmt: skip
    raise ValueError(f"there is no player {kind!r} (random, greedy, bot[:STYLE[:LEVEL]])")
