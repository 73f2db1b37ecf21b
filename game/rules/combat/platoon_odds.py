"""What-if odds of a volley at a conventional infantry platoon, in troopers (CMB-39..42).

A platoon is one location: what the player wants to know is how many troopers the volley
takes, not its raw damage. Each weapon that hits does its converted damage (CMB-39:
direct fire ceil(d / 10), ballistic cluster + 1, pulse + 2, missiles ceil(launcher size
/ 5) as one hit, burst-fire weapons their dice), a platoon's rifles their damage as one
block (CMB-42); doubled in the open (CMB-40), one trooper a point (CMB-41). The numbers
are exact (distributions over the dice, never rolled) and follow the resolution in
game.rules.combat.resolve; the expected loss and the chance of wiping the platoon out
are counted on the troopers it has (no more can be lost).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction

from game.board import Board
from game.core.options import TW, Rules
from game.designs import weapons_table
from game.rules.combat.infantry_fire import rifle_damage, troopers_hit
from game.rules.combat.odds import TWO_D6, VolleyOdds, WeaponOdds, hit_chance, volley_odds
from game.rules.combat.tohit import AttackOptions, WeaponOption
from game.rules.damage.infantry import burst_dice, converted, in_open
from game.units.unit import Unit

Dist = dict[int, Fraction]  # troopers lost -> chance


def what_if(options: AttackOptions, target: Unit, board: Board,
            chosen: Iterable[int] | None = None, rules: Rules = TW) -> VolleyOdds:  # fmt: skip
    """The what-if odds the attack screens show: in troopers at a platoon (this module),
    else game.rules.combat.odds.volley_odds."""
    if target.platoon is None:
        return volley_odds(options, target, chosen, rules)
    return troopers_odds(options, target, in_open(board, target.at), chosen)


def troopers_odds(options: AttackOptions, target: Unit, open_ground: bool,
                  chosen: Iterable[int] | None = None) -> VolleyOdds:  # fmt: skip
    """The volley's odds at the platoon ``target``: per weapon the chance to hit and the
    troopers it takes on average; for the volley the expected troopers lost and the chance
    that none is left (``destroyed``)."""
    assert target.platoon is not None
    left = target.platoon.troopers
    picked = set(chosen) if chosen is not None else {w.index for w in options.weapons}
    fired = [o for o in options.weapons if o.index in picked and o.fires]
    weapons, total = [], {0: Fraction(1)}
    miss = Fraction(1)
    for o in fired:
        p = hit_chance(o.target)
        lost = _on_hit(o, 2 if open_ground else 1)
        weapons.append(WeaponOdds(o.index, o.name, o.target, p,
                                  float(p * sum(k * q for k, q in lost.items()))))  # fmt: skip
        one: Dist = defaultdict(Fraction, {0: 1 - p})  # a miss takes nobody
        for k, q in lost.items():
            one[k] += p * q
        total = _add(total, one)
        miss *= 1 - p
    expected = sum(min(k, left) * q for k, q in total.items())
    wiped = sum((q for k, q in total.items() if k >= left), Fraction(0))
    return VolleyOdds(tuple(weapons), float(expected), float(1 - miss), (), float(wiped),
                      troopers=True)  # fmt: skip


def _on_hit(o: WeaponOption, double: int) -> Dist:
    """Troopers one hit takes and their chances (CMB-39/40/42)."""
    if o.infantry_range is not None:  # a platoon's rifles at a platoon: one block
        out: Dist = defaultdict(Fraction)
        for roll, p in TWO_D6.items():
            out[rifle_damage(troopers_hit(o.troopers, roll)) * double] += p
        return dict(out)
    w = weapons_table()[o.name]
    n = burst_dice(w)
    if not n:
        return {converted(w) * double: Fraction(1)}
    dice: Dist = {0: Fraction(1)}
    for _ in range(n):  # the burst dice, one D6 at a time
        dice = _add(dice, {f: Fraction(1, 6) for f in range(1, 7)})
    return {k * double: q for k, q in dice.items()}


def _add(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent counts."""
    out: Dist = defaultdict(Fraction)
    for i, p in a.items():
        for j, q in b.items():
            out[i + j] += p * q
    return dict(out)
