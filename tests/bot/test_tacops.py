"""The bot's Tactical Operations modes (the tacops option, ADV-03..12; game.bot.tacops):
each taken when its expected value says so, never with the option off, and every action
accepted by the core."""

from __future__ import annotations

import random
from dataclasses import replace

from game.board import HexSpec
from game.bot.moving import decide_move
from game.bot.scoring import fall_chance
from game.bot.style import LEVELS, STYLES
from game.bot.tacops import crawl_ends
from game.core.actions import Refused
from game.core.options import TW, Rules
from game.flow import apply
from game.hexgrid import Hex
from game.phases.actions import CommitMove
from game.rules.move.movement import check_move
from game.units.unit import ground

from .helpers import edit, position

TACOPS = Rules(tacops=True)
BAL = STYLES["balanced"]


def _move(s, style=BAL):
    choice = decide_move(s, "A", style, LEVELS["normal"], random.Random(1))
    assert not isinstance(apply(s, choice.action), Refused), choice
    return choice


def _hull_down_at_end(s, action) -> bool:
    if not isinstance(action, CommitMove):
        return False
    res = check_move(s.board, ground(s.units), "A1", action.mode, action.steps, s.rules)
    return res.legal and res.end_hull_down


def _behind_a_hill(hill: bool, rules: Rules = TACOPS):
    """A Hunchback facing an Atlas (moved) 5 hexes off, a level-1 hill in the hex before
    it (partial cover, TW) or open ground."""
    hexes = {Hex(5, 7): HexSpec(level=1)} if hill else {}
    units = [("HBK-4G", "A", Hex(5, 8), 0), ("AS7-D", "B", Hex(5, 3), 3)]
    return edit(position(units, hexes, rules=rules), "B1", lambda u: replace(u, moved=True))


def test_it_goes_hull_down_behind_partial_cover_and_not_in_the_open() -> None:
    """ADV-11/12: hull-down adds +2 to the Atlas's shots only behind partial cover; there
    it is worth the walk's +1 to its own shots, in the open it is worth nothing."""
    s = _behind_a_hill(True)
    behind = _move(s)
    assert _hull_down_at_end(s, behind.action), behind
    assert "hull-down" in behind.why
    open_ground = _behind_a_hill(False)
    assert not _hull_down_at_end(open_ground, _move(open_ground).action)
    off = _behind_a_hill(True, TW)  # the option off: never
    choice = _move(off)
    assert "H" not in getattr(choice.action, "steps", ()) and "hull-down" not in choice.why


def _woods_band(piloting: int, rules: Rules = TACOPS):
    """A Hunchback behind six hexes of light woods, a Jenner (moved) beyond them: only a
    careless walk (ADV-05) gets it where its guns reach."""
    hexes = {Hex(c, r): HexSpec(woods=1) for c in range(3, 9) for r in range(16)}
    units = [("HBK-4G", "A", Hex(2, 8), 1), ("JR7-D", "B", Hex(12, 8), 4)]
    s = edit(position(units, hexes, rules=rules), "B1", lambda u: replace(u, moved=True))
    return edit(s, "A1", lambda u: replace(u, piloting=piloting))


def test_a_good_pilot_moves_carelessly_a_poor_one_does_not() -> None:
    """ADV-05/06: a careless PSR per woods hex whose extra MP it ignores; with Piloting 2
    the falls are rare and the shots worth them, with Piloting 5 they are not."""
    good = _woods_band(2)
    choice = _move(good)
    assert isinstance(choice.action, CommitMove) and choice.action.careless, choice
    assert "carelessly" in choice.why and choice.numbers["fall"] > 0
    poor = _move(_woods_band(5))
    assert not getattr(poor.action, "careless", False), poor
    assert not getattr(_move(_woods_band(2, TW)).action, "careless", False)


def test_a_prone_mech_may_crawl_and_a_failed_crawl_is_no_fall() -> None:
    """ADV-03/04: crawl candidates for a prone Mech; their PSRs cost MP, not a fall."""
    s = _woods_band(4)
    s = edit(s, "A1", lambda u: replace(u, prone=True))
    ends = crawl_ends(s, s.unit("A1"), [Hex(12, 8)], 6)
    assert ends and all(e.mode == "crawl" for e in ends)
    rolled = check_move(s.board, ground(s.units), "A1", "crawl", ("F",), s.rules)
    assert [p.kind for p in rolled.psrs] == ["crawl"]
    assert fall_chance(replace(ends[0], result=rolled)) == 0.0
    assert all(fall_chance(e) == 0.0 for e in ends)
    _move(s)  # whatever it chooses, the core accepts it
