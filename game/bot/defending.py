"""The bot's physical attack defence (ADV-01/02, the tacops option).

A Mech in defence spends no MP in the movement phase and fires nothing; in the physical
attack phase it may walk with its walking MP (game.phases.defence) and then make one
physical attack, and it cannot be charged or jumped on (ADV-02). What the bot weighs:

- what it gives up: the move's value (the best end's score) for standing still's score
  without its volley (it stands where it is for the weapon attacks: target movement
  modifier 0, ADV-01's derived default), and the physical attack the best end leaves it;
- what it gets: the best physical attack after a walk (:func:`strikes`: from where it
  stands and from the WALK_ENDS hexes of its walking reach nearest it beside each enemy,
  each the core's PhysicalOption in a state where the walk was made - +1 as walked - its
  walk's PSRs as a fall chance; an unmoved enemy's counts UNMOVED: it may walk away);
- what it avoids: the charges and deaths from above unmoved enemies could make on it
  (:func:`threats`, the core's option for each from the hex beside it nearest the
  enemy, times CHARGE_LIKELY), and the blows of moved enemies beside it, which its walk
  steps away from if they are declared first (STEP_AWAY).

In the physical phase a defender declares after its side's other units (it sees more
declarations) and walks when a walk's attack, or stepping away from the blows declared
at it, is worth more than staying (:func:`defence_walk`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.bot.blows import blow_value
from game.bot.ends import End, facing_towards
from game.bot.numbers import fail, fall_damage, success
from game.bot.scoring import fall_chance
from game.bot.style import Style
from game.hexgrid import Hex, distance, neighbour, ring
from game.phases.defence import walk_blocker, walk_preview, walk_reach
from game.phases.movement import mode_reason
from game.phases.physical import context, every_option
from game.phases.weapons import in_fight
from game.rules.combat.records import Movement
from game.rules.physical.options import PhysicalOption, adjacent_enemies, physical_option
from game.rules.physical.records import Blow
from game.rules.physical.records import Context as PhysicalContext
from game.state import GameState, MoveRecord
from game.units.unit import Unit

DEFEND_MARGIN = 1.0  # defence must beat the best move by this much
UNMOVED = 0.5  # an unmoved enemy's worth as a target: it may walk away first
CHARGE_LIKELY = 0.3  # the chance an enemy able to charge or jump on the unit does so
STEP_AWAY = 0.5  # the chance a blow of an enemy beside it is declared before its walk
WALK_ENDS = 3  # hexes beside each enemy tried as the walk's end
Plan = tuple[PhysicalOption, ...]
NO_PLAN: Plan = ()


@dataclass(frozen=True, slots=True)
class Strike:
    """One way to make its defence attack: walk ``steps`` (none: from where it stands),
    then ``plan``; ``value`` in damage points (weighted), ``fall`` the walk's chance."""

    value: float
    steps: tuple[str, ...]
    plan: tuple[PhysicalOption, ...]
    fall: float = 0.0
    at: Hex | None = None  # where the walk ends


def best_blows(s: GameState, u: Unit, style: Style,
               moved: frozenset[str] | None = None) -> tuple[float, Plan]:  # fmt: skip
    """The best attack the core allows ``u`` in ``s`` at an enemy beside it (each option, and
    both punches together) by game.bot.blows.blow_value, if it is worth more than nothing.
    ``moved``: the enemies that have moved (another's value counts UNMOVED); None: all."""
    by_id = {x.id: x for x in s.units if in_fight(s, x)}
    best: tuple[float, Plan] = (0.0, NO_PLAN)
    for t in adjacent_enemies(by_id, u):
        opts = [o for o in every_option(s, u.id, t.id) if o.attacks]
        punches = tuple(o for o in opts if o.blow.kind == "punch")
        plans = [(o,) for o in opts] + ([punches] if len(punches) == 2 else [])
        weight = 1.0 if moved is None or t.id in moved else UNMOVED
        for plan in plans:
            value = weight * sum(blow_value(o, u, t, style) for o in plan)
            if value > best[0]:
                best = (value, plan)
    return best


def placed(s: GameState, u: Unit, at: Hex, facing: int, prone: bool, record: MoveRecord,
           ) -> GameState:  # fmt: skip
    """The state with ``u`` moved to ``at`` and its move record ``record`` (nothing rolled)."""
    units = tuple(replace(x, at=at, facing=facing, prone=prone) if x.id == u.id else x
                  for x in s.units)  # fmt: skip
    moves = tuple(m for m in s.moves if m.unit_id != u.id) + (record,)
    return replace(s, units=units, moves=moves)


def defend_record(u: Unit, hexes: int = 0, mp: int = 0) -> MoveRecord:
    return MoveRecord(u.id, "defend", hexes, mp, 0, 1)  # ADV-01: +1 as walked


def strikes(s: GameState, u: Unit, style: Style, targets: Sequence[Unit]) -> list[Strike]:
    """The defence attacks open to ``u``: from where it stands, and after a walk to each of
    the WALK_ENDS hexes beside each target its walking reach gets to cheapest (the walk's
    PSRs a fall chance: a fall costs its price and the attack)."""
    moved = frozenset(t.id for t in targets if t.moved or str(s.phase) != "movement")
    here = placed(s, u, u.at, u.facing, u.prone, defend_record(u))
    value, plan = best_blows(here, here.unit(u.id) or u, style, moved)
    out = [Strike(value, (), plan, 0.0, u.at)]
    if u.prone or u.walk_mp() <= 0:
        return out
    reach = walk_reach(s, u.id)
    found = reach.hexes()
    tried: set[Hex] = set()
    for t in targets:
        beside = [h for h in ring(t.at, 1) if h in found and found[h][1] and h != u.at]
        beside.sort(key=lambda h: (found[h][0], h.col, h.row))
        for h in beside[:WALK_ENDS]:
            if h in tried:
                continue
            tried.add(h)
            strike = _walk_strike(
                s, u, style, reach.path_to(h, facing_towards(h, found[h][1], [t.at])), moved
            )
            if strike is not None:
                out.append(strike)
    return out


def _walk_strike(s: GameState, u: Unit, style: Style, steps: list[str] | None,
                 moved: frozenset[str]) -> Strike | None:  # fmt: skip
    if not steps:
        return None
    r = walk_preview(s, u.id, tuple(steps))
    if not r.legal or r.warnings:
        return None
    fall = fall_chance(End("walk", tuple(steps), r))
    there = placed(s, u, r.end_at, r.end_facing, r.end_prone,
                   defend_record(u, r.hexes_moved, r.mp_used))  # fmt: skip
    value, plan = best_blows(there, there.unit(u.id) or u, style, moved)
    cost = fall * (style.fall + style.taken * fall_damage(u))
    return Strike((1.0 - fall) * value - cost, tuple(steps), plan, fall, r.end_at)


def threats(s: GameState, u: Unit, enemies: Sequence[Unit]) -> float:
    """ADV-02: the expected damage of the charges and deaths from above the unmoved enemies
    could make on ``u`` (each the core's option from the free hex beside ``u`` nearest the
    enemy, the hexes it would cover as the charge's; a hit's PSR for ``u`` counted as a
    fall), times CHARGE_LIKELY."""
    taken = {x.at for x in s.units if x.id != u.id}
    total = 0.0
    for e in enemies:
        if e.moved or not e.is_mech or e.immobile:
            continue
        free = [h for h in ring(u.at, 1) if s.board.contains(h) and h not in taken]
        if not free:
            break
        start = min(free, key=lambda h: (distance(h, e.at), h.col, h.row))
        d = distance(start, e.at)
        best = 0.0
        for kind, mode, mp in (("charge", "run", e.run_mp()), ("dfa", "jump", e.jump_mp())):
            far = d if kind == "charge" else distance(e.at, u.at)
            if far > mp or d < 1:
                continue
            facing = next(f for f in range(6) if neighbour(start, f) == u.at)
            units = {x.id: x for x in s.units}
            units[e.id] = replace(e, at=start, facing=facing)
            ctx = PhysicalContext(movements={e.id: Movement(mode, d)}, starts={e.id: e.at})
            o = physical_option(s.board, units, Blow(e.id, u.id, kind, "", d, e.at), ctx, s.rules)
            if not o.attacks:
                continue
            p = success(o.target)
            knock = o.psrs.get("target_on_hit")
            fall = fail(knock.target) * fall_damage(u) if knock is not None else 0.0
            best = max(best, p * (o.damage + fall))
        total += best
    return CHARGE_LIKELY * total


def blows_at(s: GameState, u: Unit, enemies: Sequence[Unit]) -> float:
    """The expected damage of the best blow of each moved enemy beside ``u`` (what a walk
    away would avoid, had they declared it first)."""
    out = 0.0
    for e in enemies:
        if not e.moved or distance(e.at, u.at) != 1 or not e.is_mech:
            continue
        opts = [o for o in every_option(s, e.id, u.id) if o.attacks]
        out += max((success(o.target) * o.damage for o in opts), default=0.0)
    return out


def declared_at(s: GameState, u: Unit) -> float:
    """The expected damage of the blows already declared at ``u`` where it stands (a walk
    away leaves them without effect, ADV-01)."""
    units = {x.id: x for x in s.units}
    ctx = context(s)
    out = 0.0
    for b in s.physical:
        if b.target != u.id or b.at != u.at or b.attacker not in units:
            continue
        o = physical_option(s.board, units, b, ctx, s.rules)
        out += success(o.target) * o.damage if o.attacks else 0.0
    return out


@dataclass(frozen=True, slots=True)
class Defence:
    """The movement phase's defence: its score against the best move's and what made it."""

    total: float
    strike: Strike
    avoided: float  # expected damage avoided (charges, DFAs, blows stepped away from)
    given_up: float  # the best move's volley and blows given up for it


def defence_score(s: GameState, u: Unit, style: Style, stand: float, stand_dealt: float,
                  enemies: Sequence[Unit]) -> Defence | None:  # fmt: skip
    """Defence's score on the movement candidates' scale (game.bot.scoring): standing
    still's score without its volley, plus the best defence attack and what it avoids;
    None when it cannot defend (no option, not a Mech, ADV-01) or no attack is in reach
    of its walk (immunity from charges alone is not worth a turn without fire)."""
    if not s.rules.tacops or not u.is_mech or mode_reason(u, "defend") is not None:
        return None
    near = [e for e in enemies if distance(e.at, u.at) <= u.walk_mp() + 1 + (0 if e.moved else 2)]
    avoided = threats(s, u, enemies) + STEP_AWAY * blows_at(s, u, enemies)
    if not near and avoided <= 0.0:
        return None
    options = strikes(s, u, style, near)
    best = max(options, key=lambda x: x.value)
    if not best.plan:  # ADV-01 is a wait for a physical attack: none in reach, no defence
        return None
    total = stand - stand_dealt + best.value + style.taken * avoided
    return Defence(total, best, avoided, stand_dealt)


def move_blows(s: GameState, u: Unit, style: Style, end: End) -> float:
    """The physical attack the best move leaves ``u`` at its end (against moved enemies
    beside it), so defence is weighed against a move and its blow."""
    r = end.result
    if r is None:
        at, facing, prone, rec = u.at, u.facing, u.prone, MoveRecord(u.id, "stand")
    else:
        at, facing, prone = r.end_at, r.end_facing, r.end_prone
        rec = MoveRecord(u.id, r.mode, r.hexes_moved, r.mp_used, r.heat, r.attacker_modifier,
                         r.target_modifier)  # fmt: skip
    if not any(distance(e.at, at) == 1 for e in s.units if e.side != u.side):
        return 0.0
    there = placed(s, u, at, facing, prone, rec)
    moved = frozenset(e.id for e in s.units if e.moved)
    return best_blows(there, there.unit(u.id) or u, style, moved)[0]


def defence_walk(s: GameState, u: Unit, style: Style) -> Strike | None:
    """The physical phase: the walk worth making, or None to strike from where it stands.
    A walk anywhere else leaves the blows declared at it without effect (ADV-01)."""
    if walk_blocker(s, u) is not None:
        return None
    enemies = [e for e in s.units if e.side != u.side and in_fight(s, e) and not e.airborne]
    near = [e for e in enemies if distance(e.at, u.at) <= u.walk_mp() + 1]
    options = strikes(s, u, style, near)
    dodge = style.taken * declared_at(s, u)
    if dodge > 0:
        options += _dodges(s, u, style)

    def worth(x: Strike) -> float:
        return x.value + (dodge * (1.0 - x.fall) if x.steps and x.at != u.at else 0.0)

    best = max(options, key=worth)
    return best if best.steps and worth(best) > worth(options[0]) else None


def _dodges(s: GameState, u: Unit, style: Style) -> list[Strike]:
    """Walks to the cheapest hex of its reach beside no enemy (to step away, ADV-01)."""
    reach = walk_reach(s, u.id)
    found = reach.hexes()
    foes = [e.at for e in s.units if e.side != u.side and in_fight(s, e)]
    clear = [h for h in found if found[h][1] and h != u.at
             and all(distance(h, f) > 1 for f in foes)]  # fmt: skip
    clear.sort(key=lambda h: (found[h][0], h.col, h.row))
    moved = frozenset(e.id for e in s.units)
    out = []
    for h in clear[:2]:
        strike = _walk_strike(s, u, style, reach.path_to(h, found[h][1][0]), moved)
        if strike is not None:
            out.append(strike)
    return out
