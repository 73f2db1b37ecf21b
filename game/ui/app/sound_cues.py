"""Sounds beyond the dice the screens show (issue 25): what happens where no screen shows
dice (the heat phase: a shutdown, an ammunition explosion; the end phase; a fall or a
destroyed unit in the movement phase, when the move has played out) and a new turn's
chime. The screens with dice pop-ups (attacks, physical attacks) sound their own results
(game.ui.scenes.hexes.targets); this listener never plays those twice.

:class:`Cues` is kept by the App and looks at the log once a frame: entries it has not
heard yet, from the phases without dice pop-ups, give the loudest sound among them (a
destroyed unit before a fall, a shutdown, a hit); a turn number that went up gives the
chime. A sandbox, a loaded game or a new game starts it from the log's end (nothing old
replayed)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.state import GameState
from game.ui.app.registry import SCENES, scene_for_phase
from game.ui.app.sound import Sounds, sound_of

LOUDEST = ("destroyed", "shutdown", "fall", "hit")


def sounded_by_its_screen(phase: str) -> bool:
    """Whether the screen that plays ``phase`` sounds its own results (its class says
    ``sounds_its_results``: the attack screens, the sandbox), so this listener keeps off."""
    screen = SCENES.get(scene_for_phase(phase))
    return bool(getattr(screen, "sounds_its_results", False))


def loudest(events: Iterable[Any]) -> str | None:
    """The one sound a batch of events makes: the first of LOUDEST among them."""
    names = set()
    for e in events:
        kind = getattr(e, "kind", "")
        names.add("shutdown" if kind == "shutdown" else sound_of(e))
    return next((n for n in LOUDEST if n in names), None)


class Cues:
    """What the App has heard of the game's log (see the module)."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.heard = 0
        self.turn = 0

    def tick(self, state: GameState | None, sounds: Sounds, busy: bool) -> list[str]:
        """Play what is new in ``state``'s log; ``busy``: a move is still being shown
        (its fall waits for its end). Returns the sounds played (for the tests)."""
        if state is None or sounds is None:
            return []
        log = state.log
        if self.state is None or state.start is not getattr(self.state, "start", None):
            self.state, self.heard, self.turn = state, len(log), state.turn  # a new game
            return []
        if busy or len(log) < self.heard:
            self.state = state
            self.heard = min(self.heard, len(log))  # an undo: from here on
            return []
        new = log[self.heard :]
        self.state, self.heard = state, len(log)
        played = []
        name = loudest(e.event for e in new if not sounded_by_its_screen(str(e.phase)))
        if name is not None and sounds.play(name):
            played.append(name)
        if state.turn > self.turn:
            self.turn = state.turn
            if state.turn > 1 and sounds.play("turn"):
                played.append("turn")
        return played
