"""Regiment order checks: how long the rules take to answer the orders the regiments
screen previews while the mouse moves (a drag, a march, a charge's path and alignment).

Run: ``.venv/bin/python benchmarks/regiments.py`` (about 20 s). On the bundled grassland
scenario with the armies 20 cm apart it prints the median time of each order beside a
plain-Python baseline measured in the same process: the same 3 cm check of a whole step
done the straightforward way, one pose at a time with a pure-Python polygon distance
(game.regiments checks a step's swept area in one numpy call). Goal: a drag preview
(move with a wheel) well under a frame budget of 16 ms; a charge preview under 0.5 s.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.regiments.orders import check_order  # noqa: E402
from game.regiments.paths import Leg, World, blockers, sweep, sweep_clash  # noqa: E402
from game.regiments.scenario import load  # noqa: E402
from game.regiments.verdict import Order  # noqa: E402


def median_ms(f: Callable[[], object], runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def world() -> World:
    sc = load(ROOT / "scenarios" / "regiments-grassland.json")
    regs = []
    for r in sc.regiments:
        x, y = r.front_left
        regs.append(r.placed((x, y - 50 if r.side == "A" else y + 55), r.facing))
    return World(sc.table, tuple(regs), sc.options)


def _py_seg(p, a, b) -> float:  # noqa: ANN001
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    dx, dy = bx - ax, by - ay
    den = dx * dx + dy * dy or 1e-18
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / den))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _py_distance(a, b) -> float:  # noqa: ANN001  (disjoint convex polygons)
    pa, pb = a.tolist(), b.tolist()
    out = math.inf
    for p in pa:
        for i in range(len(pb)):
            out = min(out, _py_seg(p, pb[i], pb[(i + 1) % len(pb)]))
    for p in pb:
        for i in range(len(pa)):
            out = min(out, _py_seg(p, pa[i], pa[(i + 1) % len(pa)]))
    return out


def baseline_step_check(w: World, unit: str, step: Leg) -> bool:
    """Pose by pose every 0.1 cm (or 0.25 degree): does it stay 3 cm from every enemy?"""
    reg = w.get(unit)
    n = math.ceil(abs(step.amount) * (4 if step.kind == "wheel" else 10))
    for i in range(n + 1):
        part = Leg(step.kind, step.amount * i / n)
        pose = reg.wheeled(part.amount) if step.kind == "wheel" else reg.forward(part.amount)
        for e in w.enemies(reg):
            if _py_distance(pose.corners(), e.corners()) < 3.0:
                return False
    return True


def main() -> None:
    w = world()
    step = Leg("wheel", 30.0)
    ours = median_ms(lambda: sweep_clash(w, sweep(w.get("A3"), step), blockers(w, w.get("A3"))))
    base = median_ms(lambda: baseline_step_check(w, "A3", step))
    print(f"one 30-degree wheel checked:      {ours:7.2f} ms   baseline {base:7.2f} ms")
    cases = [
        ("drag preview: wheel 14, forward 4",
         Order("A3", "move", (Leg("wheel", 14), Leg("forward", 4)))),
        ("march refused (enemy near)", Order("A1", "march", (Leg("forward", 10),))),
        ("charge straight ahead", Order("A1", "charge", target="B1")),
        ("charge that aligns", Order("A3", "charge", target="B3")),
        ("charge without a path", Order("A1", "charge", target="B2")),
    ]  # fmt: skip
    for label, o in cases:
        ms = median_ms(lambda o=o: check_order(w, o, lambda u: False), runs=7)
        print(f"{label:34s} {ms:7.2f} ms")


if __name__ == "__main__":
    main()
