"""What-if odds speed (issue 13): a volley's odds at a 50-ton dummy, twelve roster Mechs.

Run: ``.venv/bin/python benchmarks/odds.py`` (some seconds). Each Mech stands three hexes
from the dummy on a clear board and fires everything at it; one query is
game.rules.combat.odds.volley_odds (the exact body distribution when the volley is small,
else location by location on numpy arrays). The location-by-location part is also timed
alone (``max_states=0``) beside a plain-Python baseline in the same process: the same
distribution of the damage on each side torso and its limbs kept in dicts, then the same
breach and destruction sums (they must agree). Prints the medians per Mech. Goal: every
query <= 200 ms (the sandbox computes it once per target and weapon choice; the
machine this ran on when it was written: 8 to 120 ms, the exact answer for 3 of 12).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.board import build_board  # noqa: E402
from game.designs import weapons_table  # noqa: E402
from game.flow import apply_strict  # noqa: E402
from game.hexgrid import Hex  # noqa: E402
from game.phases.sandbox import PlaceDummy, PlaceUnit  # noqa: E402
from game.phases.weapons import options_at  # noqa: E402
from game.rules.combat.odds import hit_chance, hit_groups, spots, volley_odds  # noqa: E402
from game.setup import new_sandbox  # noqa: E402
from game.units.locations import LT, RT, TRANSFER  # noqa: E402

CODES = ["LCT-1V", "COM-2D", "JR7-D", "HBK-4G", "SHD-2H", "WVR-6R", "CPLT-C1", "TDR-5S",
         "WHM-6R", "MAD-3R", "AWS-8Q", "AS7-D"]  # fmt: skip


def situation(code: str):
    s = new_sandbox(build_board(12, 12), seed=1)
    s = apply_strict(s, PlaceUnit(code, "A", Hex(5, 8), 0)).state
    s = apply_strict(s, PlaceDummy("B", Hex(5, 5), 3)).state
    return options_at(s, "A1", "B1"), s.unit("B1")


def baseline(options, target) -> dict[str, tuple[float, float]]:
    """Plain Python: the side torsos with their limbs, the damage on each in dicts."""
    body = target.body
    table = spots(options.side, target.kind == "quad", False)
    volley = [(float(hit_chance(o.target)), hit_groups(weapons_table()[o.name]))
              for o in options.weapons if o.fires]  # fmt: skip
    out = {}
    for torso in (LT, RT):
        group = tuple(c for c in body.codes if TRANSFER.get(c) == torso) + (torso,)
        caps = [body[c].armour + body[c].structure for c in group]
        top = [cap + (caps[-1] if i < len(group) - 1 else 0) for i, cap in enumerate(caps)]
        chance = [float(sum((p for c, _, p, _ in table if c == code), Fraction(0)))
                  for code in group]  # fmt: skip
        dist: dict[tuple[int, ...], float] = {(0,) * len(group): 1.0}
        for p, groups in volley:
            nxt: dict[tuple[int, ...], float] = defaultdict(float)
            for d, q in dist.items():
                nxt[d] += q * (1 - p)
            for g, pg in groups.items():
                branch = {d: q * p * float(pg) for d, q in dist.items()}
                for dmg in g:
                    step: dict[tuple[int, ...], float] = defaultdict(float)
                    for d, q in branch.items():
                        step[d] += q * (1 - sum(chance))
                        for i, c in enumerate(chance):
                            step[d[:i] + (min(d[i] + dmg, top[i]),) + d[i + 1 :]] += q * c
                    branch = step
                for d, q in branch.items():
                    nxt[d] += q
            dist = dict(nxt)
        skin, full = body[torso].armour, caps[-1]
        breach = destroy = 0.0
        for d, q in dist.items():
            inflow = d[-1] + sum(max(d[k] - caps[k], 0) for k in range(len(group) - 1))
            breach += q * (inflow > skin)
            destroy += q * (inflow >= full)
        out[torso] = (breach, destroy)
    return out


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"{'Mech':<9}{'weapons':>8}{'query ms':>10}{'exact':>7}{'numpy ms':>10}{'plain ms':>10}")
    worst = 0.0
    for code in CODES:
        options, target = situation(code)
        v = volley_odds(options, target)
        by_loc = {x.code: x for x in volley_odds(options, target, max_states=0).locations}
        for torso, (breach, destroy) in baseline(options, target).items():
            assert abs(by_loc[torso].breach - breach) < 1e-9, (code, torso)
            assert abs(by_loc[torso].destroy - destroy) < 1e-9, (code, torso)
        query = median_ms(lambda o=options, t=target: volley_odds(o, t), 5)
        fast = median_ms(lambda o=options, t=target: volley_odds(o, t, max_states=0), 5)
        base = median_ms(lambda o=options, t=target: baseline(o, t), 3)
        worst = max(worst, query)
        n = sum(w.fires for w in options.weapons)
        print(f"{code:<9}{n:>8}{query:>10.1f}{str(v.exact):>7}{fast:>10.1f}{base:>10.1f}")
    verdict = "met" if worst <= 200 else "NOT met"
    print(f"goal: every query <= 200 ms: {verdict} (worst {worst:.0f} ms)")


if __name__ == "__main__":
    main()
