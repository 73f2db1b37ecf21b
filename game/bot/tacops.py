"""The bot's Tactical Operations movement (the tacops option, ADV-01..16): extra
candidate ends the option opens, scored like every other end (game.bot.scoring), so a
mode is taken only when its expected value says so.

- careless movement (ADV-05/06): the hexes its careless reach adds (woods and rubble
  crossed without their extra MP), each path checked with ``careless`` on, so its PSRs
  (one per hex whose extra MP it ignored) and their fall chance are in the score;
- hull-down (ADV-11/12): where a walk or run ends with 2 MP left, and in place, the same
  move with ``H`` at its end: the ghost goes hull-down, so the to-hit batch gives the
  enemies' +2 behind partial cover (and no leg-mounted weapons firing, ADV-13);
- crawling (ADV-03/04): a prone Mech's crawl reach, beside standing up in walk or run.

Physical attack defence (ADV-01/02) is weighed apart, against the best of these ends
(game.bot.defending): it is no end position but standing still without a volley."""

from __future__ import annotations

from game.bot.ends import End, best_hexes, checked_end, facing_towards
from game.hexgrid import Hex
from game.phases.movement import mode_reason
from game.phases.movers import reach_of
from game.rules.move.tacops import careless_error, crawl_error
from game.state import GameState
from game.units.unit import Unit

HULL_MP = 2  # going hull-down (ADV-11/12)
HULL_TRIES = 4  # moves tried again ending hull-down


def tacops_ends(s: GameState, u: Unit, enemies: list[Hex], per_mode: int,
                ends: list[End]) -> list[End]:  # fmt: skip
    """The candidates the tacops option adds to ``ends`` (none with the option off)."""
    if not s.rules.tacops or u.immobile or not enemies:
        return []
    return [*careless_ends(s, u, enemies, per_mode), *hull_down_ends(s, u, ends),
            *crawl_ends(s, u, enemies, per_mode)]  # fmt: skip


def careless_ends(s: GameState, u: Unit, enemies: list[Hex], per_mode: int) -> list[End]:
    """ADV-05/06: the best hexes only a careless walk or run reaches."""
    out: list[End] = []
    for mode in ("walk", "run"):
        if mode_reason(u, mode) is not None or careless_error(u, mode) is not None:
            continue
        careful = reach_of(s, u.id, mode).hexes()
        reach = reach_of(s, u.id, mode, careless=True)
        found = {h: v for h, v in reach.hexes().items() if h not in careful}
        for h in best_hexes(s, u, found, enemies, max(2, per_mode // 2)):
            steps = reach.path_to(h, facing_towards(h, found[h][1], enemies))
            end = None if steps is None else checked_end(s, u, mode, tuple(steps), True)
            if end is not None:
                out.append(end)
    return out


def hull_down_ends(s: GameState, u: Unit, ends: list[End]) -> list[End]:
    """ADV-11/12: in place, and the first HULL_TRIES walks and runs with 2 MP left, the
    same move ending hull-down."""
    if not u.is_mech or u.hull_down or mode_reason(u, "walk") is not None:
        return []
    tries: list[tuple[str, tuple[str, ...]]] = [("walk", ())]
    for e in ends:
        if len(tries) > HULL_TRIES:
            break
        if _room_to_kneel(e) and (e.mode, e.steps) not in tries:
            tries.append((e.mode, e.steps))
    out = []
    for mode, steps in tries:
        end = checked_end(s, u, mode, (*steps, "H"))
        if end is not None and end.result is not None and end.result.end_hull_down:
            out.append(end)
    return out


def _room_to_kneel(e: End) -> bool:
    """A careful walk or run that ends standing with the 2 MP hull-down costs left."""
    r = e.result
    if r is None or e.mode not in ("walk", "run") or e.careless or r.end_prone:
        return False
    return r.mp_available - r.mp_used >= HULL_MP


def crawl_ends(s: GameState, u: Unit, enemies: list[Hex], per_mode: int) -> list[End]:
    """ADV-03/04: a prone Mech's best crawls."""
    if not u.prone or mode_reason(u, "crawl") is not None:
        return []
    if crawl_error(u) is not None:
        return []
    reach = reach_of(s, u.id, "crawl")
    found = reach.hexes()
    out = []
    for h in best_hexes(s, u, found, enemies, max(2, per_mode // 2)):
        steps = reach.path_to(h, facing_towards(h, found[h][1], enemies))
        end = None if steps is None else checked_end(s, u, "crawl", tuple(steps))
        if end is not None:
            out.append(end)
    return out
