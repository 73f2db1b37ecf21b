"""The referee's combat commands: ``rules los``, ``rules attack``, ``rules heat``
(docs/scenario-format.md, Extension 2). Thin, like game.referee.moves: read, ask, print."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from game.core.errors import UserFacingError
from game.core.options import Rules


def add_parsers(sub: Any, positive: Callable[[str], int], seed: Callable[[str], int],
                variant: Callable[[argparse.ArgumentParser], None]) -> None:  # fmt: skip
    lo = sub.add_parser("los", help="line of sight of the attack block (or --from/--to)")
    lo.add_argument("scenario")
    lo.add_argument("--from", dest="frm", metavar="XXYY", default=None)
    lo.add_argument("--to", metavar="XXYY", default=None)
    lo.add_argument("--repeat", type=positive, default=None)
    variant(lo)
    at = sub.add_parser("attack", help="to-hit numbers of the attack block; --resolve rolls")
    at.add_argument("scenario")
    at.add_argument("--resolve", action="store_true")
    at.add_argument("--seed", type=seed, default=1)
    at.add_argument("--repeat", type=positive, default=None)
    variant(at)
    ht = sub.add_parser("heat", help="one unit's heat phase; --resolve rolls")
    ht.add_argument("scenario")
    ht.add_argument("--unit", default=None)
    ht.add_argument("--resolve", action="store_true")
    ht.add_argument("--seed", type=seed, default=1)
    ht.add_argument("--repeat", type=positive, default=None)
    variant(ht)
    ph = sub.add_parser("physical", help="the physical block's attack; --resolve rolls")
    ph.add_argument("scenario")
    ph.add_argument("--resolve", action="store_true")
    ph.add_argument("--seed", type=seed, default=1)
    ph.add_argument("--repeat", type=positive, default=None)
    variant(ph)


class _Usage(UserFacingError):
    pass


def _attacks(s: Any, command: str) -> Any:
    from game.core.files import ScenarioError

    if not s.attacks:
        raise ScenarioError(f"{s.path}: the scenario has no 'attack' or 'attacks' to ask about")
    return s.attacks


def los(args: argparse.Namespace, rules: Rules, timed: Callable[..., Any]) -> dict[str, Any]:
    from game.hexgrid import HexNameError, parse_hex_name
    from game.rules.combat.los import line_of_sight, standing_mech_at, viewer
    from game.scenario.reader import load_scenario

    s = load_scenario(args.scenario)
    rules = s.rules(rules)
    if (args.frm is None) != (args.to is None):
        raise _Usage("rules los: give both --from and --to, or neither")
    if args.frm is not None:
        ends = []
        for name in (args.frm, args.to):
            try:
                h = parse_hex_name(name)
            except HexNameError:
                raise _Usage(f"rules los: '{name}' is not a hex name (XXYY)") from None
            if not s.board.contains(h):
                raise _Usage(f"rules los: hex {name} is off the board")
            ends.append(standing_mech_at(s.board, h))
        a, t = ends
    else:
        d = _attacks(s, "los")[0]
        a, t = viewer(s.board, s.unit(d.attacker)), viewer(s.board, s.unit(d.target))
    result, timing = timed(lambda: line_of_sight(s.board, a, t))
    return _with(result.to_json(s.board), timing)


def attack(args: argparse.Namespace, rules: Rules, timed: Callable[..., Any]) -> dict[str, Any]:
    from game.core.dice import Dice
    from game.rules.combat.resolve import resolve_attack
    from game.rules.combat.tohit import weapon_options
    from game.scenario.reader import load_scenario

    s = load_scenario(args.scenario)
    rules = s.rules(rules)
    decls = _attacks(s, "attack")
    units = {u.id: u for u in s.units}

    def options() -> list[Any]:
        out, used = [], set()
        for d in decls:
            o = weapon_options(s.board, units, d.attacker, d.target, s.movements, rules,
                               weapons=_free(d, used, units), secondary=d.secondary,
                               aim=d.aim, twist=d.twist)  # fmt: skip
            used |= {w.index for w in o.weapons}
            out.append(o)
        return out

    if not args.resolve:
        opts, timing = timed(options)
        answers = [o.to_json(s.board) for o in opts]
        return _with(_combine(answers, opts), timing)
    cups = iter([Dice(seed=args.seed, script=s.dice or ()) for _ in range(args.repeat or 1)])

    def play() -> list[tuple[Any, Any]]:
        dice, now, out = next(cups), dict(units), []
        for d, o in zip(decls, options(), strict=True):
            now, res = resolve_attack(s.board, now, d, o, dice, rules)
            out.append((o, res))
        return out

    played, timing = timed(play)
    answers = [_resolved(s.board, o, res) for o, res in played]
    return _with(_combine(answers, [o for o, _ in played]), timing)


def _free(d: Any, used: set[int], units: dict[str, Any]) -> Any:
    """The declared weapons (default all), less those an earlier attack already fires."""
    from game.rules.combat.tohit import weapon_count

    wanted = d.weapons if d.weapons is not None else tuple(range(weapon_count(units[d.attacker])))
    return tuple(i for i in wanted if i not in used)


def _combine(answers: list[dict[str, Any]], opts: list[Any]) -> dict[str, Any]:
    if len(answers) == 1:
        return answers[0]
    return {"attacks": answers, "heat": sum(o.heat for o in opts)}


def _resolved(board: Any, o: Any, res: Any) -> dict[str, Any]:
    out = o.to_json(board)
    out["weapons"] = [shot.to_json() for shot in res.shots]
    from game.rules.piloting.falls import jsonable

    out["events"] = [jsonable(e, board) for e in res.events]
    out["target_after"] = target_after(res.target_after)
    return out


def target_after(u: Any) -> dict[str, Any]:
    """The contract's `target_after`: every location's armour and structure, and more; a
    platoon's troopers left (Extension 4)."""
    if u.platoon is not None:
        return {"troopers": u.platoon.troopers, "destroyed": u.destroyed}
    body = u.body if u.body is not None else u.hull
    armor: dict[str, int] = {}
    structure: dict[str, int] = {}
    lost: list[str] = []
    parts: list[dict[str, str]] = []
    if body is not None:
        from game.units.locations import REAR_KEYS, TORSOS

        for code in body.codes:
            loc = body[code]
            armor[code] = loc.armour
            structure[code] = loc.structure
            if loc.destroyed:
                lost.append(code)
        if u.body is not None:
            for code in body.codes:
                if code in TORSOS:
                    armor[REAR_KEYS[code]] = body[code].rear
            for i, (code, row) in enumerate(zip(body.codes, body.built.layout, strict=True)):
                for k, slot in enumerate(row):
                    if slot is not None and body.hits[i] >> k & 1:
                        parts.append({"location": code, "component": slot.item})
    return {
        "armor": armor,
        "structure": structure,
        "destroyed": u.destroyed,
        "destroyed_locations": lost,
        "components_destroyed": parts,
        "pilot_hits": u.damage.pilot_hits,
        "pilot_conscious": not u.damage.unconscious,
    }


def heat(args: argparse.Namespace, rules: Rules, timed: Callable[..., Any]) -> dict[str, Any]:
    from game.core.dice import Dice
    from game.core.files import ScenarioError
    from game.rules.combat.records import movement_of
    from game.rules.heat import heat_forecast, heat_phase
    from game.scenario.reader import load_scenario

    s = load_scenario(args.scenario)
    rules = s.rules(rules)
    if args.unit is None:
        uid = _attacks(s, "heat")[0].attacker
    else:
        uid = args.unit
        if not any(u.id == uid for u in s.units):
            raise ScenarioError(f"{s.path}: --unit '{uid}' is not one of the units")
    fired = _fired(s, uid, rules)
    u, mv = s.unit(uid), movement_of(s.movements, uid)
    if not args.resolve:
        rep, timing = timed(lambda: heat_forecast(u, fired, mv, s.board, rules))
        return _with(rep.to_json(), timing)
    cups = iter([Dice(seed=args.seed, script=s.dice or ()) for _ in range(args.repeat or 1)])
    out, timing = timed(lambda: heat_phase(u, fired, mv, s.board, next(cups), rules))
    _, events, rep, rolls = out
    from game.rules.piloting.falls import jsonable

    answer = rep.to_json()
    answer["rolls"] = [r.to_json() for r in rolls]
    answer["events"] = [jsonable(e, s.board) for e in events]
    return _with(answer, timing)


def _fired(s: Any, uid: str, rules: Rules) -> tuple[int, ...]:
    """The weapons the unit fires in the attack blocks (as the attack answer's heat)."""
    from game.rules.combat.tohit import weapon_options

    units = {u.id: u for u in s.units}
    out: list[int] = []
    for d in s.attacks:
        if d.attacker != uid:
            continue
        o = weapon_options(s.board, units, d.attacker, d.target, s.movements, rules,
                           weapons=_free(d, set(out), units), secondary=d.secondary, aim=d.aim,
                           twist=d.twist)  # fmt: skip
        out += [w.index for w in o.weapons if w.fires]
    return tuple(out)


def physical(args: argparse.Namespace, rules: Rules, timed: Callable[..., Any]) -> dict[str, Any]:
    """`rules physical`: the `physical` block's attack, its number and (``--resolve``) its
    dice, events, the target after and where both units end (docs/scenario-format.md)."""
    from game.core.dice import Dice
    from game.core.files import ScenarioError
    from game.rules.physical.options import physical_option
    from game.rules.physical.resolve import end_of, resolve_blow
    from game.rules.piloting.falls import jsonable
    from game.scenario.reader import load_scenario

    s = load_scenario(args.scenario)
    rules = s.rules(rules)
    if s.physical is None:
        raise ScenarioError(f"{s.path}: the scenario has no 'physical' attack to ask about")
    blow = s.physical
    units, ctx = _physical_setup(s, blow, rules)
    if not args.resolve:
        opt, timing = timed(lambda: physical_option(s.board, units, blow, ctx, rules))
        return _with(opt.to_json(), timing)
    cups = iter([Dice(seed=args.seed, script=s.dice or ()) for _ in range(args.repeat or 1)])

    def play() -> tuple[Any, Any, Any]:
        dice = next(cups)
        opt = physical_option(s.board, units, blow, ctx, rules)
        after, res = resolve_blow(s.board, _staged(s.board, units, blow, ctx), opt, dice,
                                  rules, ctx)  # fmt: skip
        return opt, after, (res, dice)

    (opt, after, (res, dice)), timing = timed(play)
    answer = opt.to_json()
    answer["rolls"] = [r.to_json() for r in dice.log]
    answer["events"] = [jsonable(e, s.board) for e in res.events]
    answer["target_after"] = target_after(after[blow.target])
    answer["end"] = {"attacker": end_of(after[blow.attacker], s.board),
                     "target": end_of(after[blow.target], s.board)}  # fmt: skip
    return _with(answer, timing)


def _physical_setup(s: Any, blow: Any, rules: Rules) -> tuple[dict[str, Any], Any]:
    """The units and the turn as the scenario gives them: movement, the weapons the attack
    blocks fire (their locations, PHY-04), MP left from the movement (PHY-19), twists."""
    from game.rules.combat.tohit import mounts
    from game.rules.physical.records import Context

    units = {u.id: u for u in s.units}
    fired: dict[str, frozenset[str]] = {}
    for uid in {d.attacker for d in s.attacks if units[d.attacker].platoon is None}:
        listed = mounts(units[uid])
        fired[uid] = frozenset(listed[i].location for i in _fired(s, uid, rules))
    mp_left = {}
    for u in s.units:
        mv = s.movements.get(u.id)
        mode = "stand" if mv is None else mv.mode
        spent = 0 if mv is None else mv.hexes
        mp = {"stand": u.walk_mp(), "walk": u.walk_mp() - spent, "run": u.run_mp() - spent}
        mp_left[u.id] = max(mp.get(mode, 0), 0)
    return units, Context(s.movements, fired, mp_left, dict(s.twists))


def _staged(board: Any, units: dict[str, Any], blow: Any, ctx: Any) -> dict[str, Any]:
    """PHY-12: a DFA attacker further than one hex away jumps to the hex beside the
    target nearest its start (facing the target) before the attack is resolved."""
    from dataclasses import replace

    from game.hexgrid import direction_to, distance
    from game.rules.physical.options import staging_hex
    from game.rules.physical.records import DFA

    a, t = units[blow.attacker], units[blow.target]
    if blow.kind != DFA or distance(a.at, t.at) <= 1:
        return units
    h = staging_hex(board, units, a, t.at, a.at)
    if h is None:
        return units
    return {**units, a.id: replace(a, at=h, facing=direction_to(h, t.at) or 0)}


def _with(answer: dict[str, Any], timing: dict[str, Any] | None) -> dict[str, Any]:
    return answer if timing is None else {**answer, "timing": timing}
