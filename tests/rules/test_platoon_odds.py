"""The what-if odds at a platoon are in troopers (CMB-39..42): each weapon's converted
damage, doubled in the open, one trooper a point, never more than the platoon has; the
sandbox's and the attack screen's texts say troopers."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

from combatkit import board, mech

from game.designs.roster import make_unit
from game.hexgrid import parse_hex_name
from game.rules.combat.infantry_fire import rifle_damage, troopers_hit
from game.rules.combat.odds import TWO_D6, hit_chance
from game.rules.combat.platoon_odds import what_if
from game.rules.combat.records import Movement
from game.rules.combat.tohit import weapon_options
from game.ui.scenes.hexes.sandbox.attack import odds_rows
from game.units.platoon import platoon
from game.units.unit import Unit

# EX-CMB-09: Medium Laser 5 -> 1, AC/20 20 -> 2, Small Laser 3 -> 1; x2 in the open
HBK_TROOPERS = {"Medium Laser": 2, "AC/20": 4, "Small Laser": 2}


def rifles(uid: str, at: str, side: str = "B", troopers: int = 28) -> Unit:
    u = make_unit("INF-R", uid, side, at=parse_hex_name(at))
    return replace(u, platoon=platoon(troopers, full=28))


def _odds(target: Unit, hexes: dict | None = None, attacker: Unit | None = None):
    b = board(hexes)
    a = attacker or mech("HBK-4G", "m", "0305", 0)
    units = {a.id: a, target.id: target}
    opts = weapon_options(b, units, a.id, target.id, {target.id: Movement("stand", 0)})
    return opts, what_if(opts, target, b)


def test_cmb_39_40_expected_troopers_lost_weapon_by_weapon() -> None:
    opts, v = _odds(rifles("p", "0303"))
    assert v.troopers and v.weapons
    for w in v.weapons:
        assert abs(w.damage - float(w.hit) * HBK_TROOPERS[w.name]) < 1e-9
    assert abs(v.damage - sum(w.damage for w in v.weapons)) < 1e-9  # 28 troopers: no cap
    miss = 1.0
    for w in v.weapons:
        miss *= 1 - float(w.hit)
    assert abs(v.any_hit - (1 - miss)) < 1e-9


def test_cmb_40_not_doubled_in_the_woods() -> None:
    _, v = _odds(rifles("p", "0303"), {"0303": {"woods": 1}})
    for w in v.weapons:
        assert abs(w.damage - float(w.hit) * HBK_TROOPERS[w.name] / 2) < 1e-9


def test_cmb_41_no_more_troopers_than_it_has_and_the_chance_to_wipe_it_out() -> None:
    """3 troopers left: the loss is counted up to 3; wiped out = the chance the hits add
    up to 3 or more (brute force over hit / miss of each weapon)."""
    _, v = _odds(rifles("p", "0303", troopers=3))
    ps = [(Fraction(w.hit), HBK_TROOPERS[w.name]) for w in v.weapons]
    expected, wiped = Fraction(0), Fraction(0)
    for hits in product((0, 1), repeat=len(ps)):
        p = Fraction(1)
        for (q, _), h in zip(ps, hits, strict=True):
            p *= q if h else 1 - q
        total = sum(k for (_, k), h in zip(ps, hits, strict=True) if h)
        expected += p * min(total, 3)
        wiped += p * (total >= 3)
    assert abs(v.damage - float(expected)) < 1e-9
    assert v.destroyed is not None and abs(v.destroyed - float(wiped)) < 1e-9


def test_cmb_42_a_platoons_rifles_at_a_platoon_are_one_block() -> None:
    shooter = rifles("a", "0305", side="A")
    _, v = _odds(rifles("p", "0303"), attacker=shooter)
    [w] = v.weapons
    mean = sum(p * 2 * rifle_damage(troopers_hit(28, r)) for r, p in TWO_D6.items())
    assert abs(w.damage - float(hit_chance(w.target) * mean)) < 1e-9


def test_a_mech_target_keeps_its_damage_odds() -> None:
    _, v = _odds(mech("COM-2D", "t", "0303", 3, side="B"))
    assert not v.troopers and v.locations  # the body's location odds as before


def test_the_sandbox_what_if_text_says_troopers() -> None:
    _, v = _odds(rifles("p", "0303", troopers=3))
    rows = [r[0] for r in odds_rows(v, "p")]
    assert "expected troopers lost (CMB-39/40)" in rows[0] and "~troopers" in rows[0]
    assert any(r.startswith("p wiped out (no troopers left): ") for r in rows)
    assert not any("Criticals" in r for r in rows)
    _, m = _odds(mech("COM-2D", "t", "0303", 3, side="B"))
    assert "expected damage" in odds_rows(m, "t")[0][0]
