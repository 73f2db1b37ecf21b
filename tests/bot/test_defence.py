"""The bot's physical attack defence (ADV-01/02, the tacops option; game.bot.defending):
declared where it pays and not where it does not, the physical-phase walk to a kick, and
every action accepted by the core."""

from __future__ import annotations

import random
from dataclasses import replace

from game.board import HexSpec
from game.bot.defending import strikes, threats
from game.bot.fighting import decide_physical
from game.bot.moving import decide_move
from game.bot.style import LEVELS, STYLES
from game.core.actions import Refused
from game.core.options import TW, Rules
from game.flow import actor, apply, choices
from game.hexgrid import Hex, distance
from game.phases.actions import CommitMove, StandStill
from game.phases.defence import DefendWalk
from game.phases.physical import DeclarePhysical
from game.phases.weapons import DeclareFire
from game.rules.turn import Phase
from game.units.unit import Unit

from .helpers import act, edit, position

TACOPS = Rules(tacops=True)
BAL = STYLES["balanced"]


def _disarmed(u: Unit) -> Unit:
    """Every weapon slot hit (CMB-28): it fires nothing."""
    b = u.body
    assert b is not None
    for code, row in zip(b.codes, b.built.layout, strict=True):
        for k, slot in enumerate(row):
            if slot is not None and slot.mount >= 0:
                b = b.with_hit(code, k)
    return replace(u, body=b)


def _brawl(armed: bool, rules: Rules = TACOPS):
    """A Hunchback in heavy woods, a Griffin and a Jenner (both jump 5, not moved yet) 3
    hexes off; the enemies fire nothing, the Hunchback only when ``armed``."""
    units = [("HBK-4G", "A", Hex(5, 8), 0), ("GRF-1N", "B", Hex(5, 5), 3),
             ("JR7-D", "B", Hex(8, 8), 4)]  # fmt: skip
    s = position(units, {Hex(5, 8): HexSpec(woods=2)}, rules=rules)
    for uid in ("B1", "B2") if armed else ("A1", "B1", "B2"):
        s = edit(s, uid, _disarmed)
    return s


def _move(s):
    choice = decide_move(s, "A", BAL, LEVELS["normal"], random.Random(1))
    assert not isinstance(apply(s, choice.action), Refused), choice
    return choice


def _defends(action) -> bool:
    return isinstance(action, CommitMove) and action.mode == "defend"


def test_it_defends_when_its_guns_are_gone_and_jumpers_are_near() -> None:
    """ADV-01/02: nothing to fire, a kick after its walk and immunity from two unmoved
    jumpers' deaths from above beat any move."""
    s = _brawl(armed=False)
    u = s.unit("A1")
    assert threats(s, u, [s.unit("B1"), s.unit("B2")]) > 0  # DFA and charge threats
    choice = _move(s)
    assert _defends(choice.action), choice
    assert "physical attack defence" in choice.why and choice.numbers["avoided"] > 0
    assert choice.numbers["score"] > choice.numbers["move"]


def test_it_does_not_defend_when_that_gives_up_its_volley_or_with_the_option_off() -> None:
    """ADV-01: no weapon attacks in defence: an AC/20 and three lasers in reach are worth
    more than a kick; with the option off it is never chosen."""
    armed = _move(_brawl(armed=True))
    assert not _defends(armed.action), armed
    off = _move(_brawl(armed=False, rules=TW))
    assert not _defends(off.action) and "defence" not in off.why


def test_a_defender_walks_up_to_a_moved_enemy_and_kicks() -> None:
    """ADV-01: in the physical phase it walks (its walking MP) beside the Griffin, then
    declares the kick from there; both accepted by the core."""
    s = act(_brawl(armed=False), CommitMove("A1", "defend", ()))
    while str(s.phase) != Phase.PHYSICAL_ATTACK:
        side = actor(s)
        if s.phase == Phase.MOVEMENT:
            uid = next(u.id for u in s.units if u.side == side and not u.moved)
            s = act(s, StandStill(uid))
        elif s.phase == Phase.WEAPON_ATTACK:
            s = act(s, next(a for a in choices(s) if isinstance(a, DeclareFire) and not a.targets))
        else:
            raise AssertionError(s.phase)
    walk = decide_physical(s, "A", BAL)
    assert isinstance(walk.action, DefendWalk), walk
    assert "physical attack defence" in walk.why
    s = act(s, walk.action)
    a1 = s.unit("A1")
    assert min(distance(a1.at, e.at) for e in s.units if e.side == "B") == 1
    blow = decide_physical(s, "A", BAL)
    assert isinstance(blow.action, DeclarePhysical) and blow.action.kinds, blow
    assert not isinstance(apply(s, blow.action), Refused)


def test_strikes_start_with_standing_and_count_the_walks_falls() -> None:
    """The first strike is from where it stands (no steps); walks carry their PSRs' fall
    chance (none on clear ground)."""
    s = _brawl(armed=False)
    found = strikes(s, s.unit("A1"), BAL, [s.unit("B1"), s.unit("B2")])
    assert found[0].steps == () and len(found) > 1
    assert all(x.fall == 0.0 for x in found) and any(x.plan for x in found[1:])
