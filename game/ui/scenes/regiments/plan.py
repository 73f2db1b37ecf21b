"""The order being planned on the regiments screen, and the mouse drags that build it.

No drawing here: a :class:`Plan` is the selected regiment's order so far (a Move or March
of steps, a formation change, a hold or a charge), :func:`grab` says which part of the
regiment the mouse took (a front corner: wheel about the other; the front edge: move
straight), :func:`drag_step` turns the drag into the step it means, and :func:`preview`
asks the rules for the verdict of the plan with that step (nothing is committed: the
screen sends the action on Enter); :func:`plan_for_key` and :func:`plan_for_button` are
the keys and panel buttons that pick an order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pygame

from game.core.actions import Action
from game.regiments.actions import (
    RegimentCharge,
    RegimentFace,
    RegimentHold,
    RegimentMove,
    RegimentReshape,
    steps_to_tokens,
)
from game.regiments.geometry import signed_angle
from game.regiments.orders import check_order
from game.regiments.paths import Leg, leg_end
from game.regiments.regiment import Regiment
from game.regiments.state import RegimentState
from game.regiments.verdict import Order, Verdict

MOVE_KINDS = ("move", "march")
MIN_STEP_CM = 0.05
MIN_WHEEL_DEG = 0.2


@dataclass(frozen=True, slots=True)
class Plan:
    """The selected regiment's order so far."""

    unit: str
    kind: str = "move"
    steps: tuple[Leg, ...] = ()
    turn: int = 0
    files: int = 0
    side: str = ""
    target: str = ""

    def order(self, extra: Leg | None = None) -> Order:
        steps = self.steps + ((extra,) if extra is not None else ())
        if self.kind in MOVE_KINDS or self.kind == "charge":
            return Order(self.unit, self.kind, steps, target=self.target)
        return Order(self.unit, self.kind, turn=self.turn, files=self.files, side=self.side)

    def with_step(self, step: Leg) -> Plan:
        """The plan with one more step; a straight step after a straight one in the same
        direction merges with it."""
        if self.steps and self.steps[-1].kind == step.kind and step.kind != "wheel":
            last = self.steps[-1]
            return replace(
                self, steps=self.steps[:-1] + (Leg(step.kind, last.amount + step.amount),)
            )
        return replace(self, steps=self.steps + (step,))

    def undo_step(self) -> Plan:
        return replace(self, steps=self.steps[:-1])


def pose_after(reg: Regiment, steps: tuple[Leg, ...]) -> Regiment:
    """Where the steps take the regiment, legal or not (the base of the next drag)."""
    for s in steps:
        reg = leg_end(reg, s)
    return reg


@dataclass(frozen=True, slots=True)
class Drag:
    """A drag on the planned pose: ``part`` "left"/"right" (a front corner: wheel about the
    other one) or "edge" (the front edge: straight on or back)."""

    part: str
    base: Regiment
    start: tuple[float, float]
    points: list[tuple[float, float]] = field(default_factory=list)


def grab(pose: Regiment, p: np.ndarray, tol: float) -> str | None:
    """Which part of ``pose`` the point ``p`` (cm) takes: a front corner, the front edge."""
    fl, fr = pose.corners()[:2]
    if np.linalg.norm(p - fl) <= tol:
        return "left"
    if np.linalg.norm(p - fr) <= tol:
        return "right"
    e = fr - fl
    t = float((p - fl) @ e / max(float(e @ e), 1e-9))
    if 0 <= t <= 1 and np.linalg.norm(fl + t * e - p) <= tol:
        return "edge"
    return None


def drag_step(drag: Drag, p: np.ndarray) -> Leg | None:
    """The step a drag to ``p`` means: the front edge's travel along the facing (forward,
    or backward); a corner's swing about the other corner, forward only (REG-02)."""
    base = drag.base
    fwd, _ = base.axes()
    if drag.part == "edge":
        d = float((p - np.array(drag.start)) @ fwd)
        if abs(d) < MIN_STEP_CM:
            return None
        return Leg("forward", round(d, 2)) if d > 0 else Leg("backward", round(-d, 2))
    fl, fr = base.corners()[:2]
    pivot, corner = (fr, fl) if drag.part == "left" else (fl, fr)
    a = signed_angle(corner - pivot, p - pivot)
    # the left corner swings forward clockwise about the right one, the right anticlockwise
    a = max(0.0, a) if drag.part == "left" else min(0.0, a)
    if abs(a) < MIN_WHEEL_DEG:
        return None
    return Leg("wheel", round(a, 1))


def preview(state: RegimentState, plan: Plan, extra: Leg | None = None) -> Verdict:
    """The rules' verdict on the plan (a charge as if nobody countercharged)."""
    return check_order(state.world(), plan.order(extra), lambda unit: False)


def remaining(v: Verdict) -> float:
    return max(0.0, v.allowance - v.used)


def describe(plan: Plan) -> str:
    """The plan in words for the side panel: 'Move: wheel 30.0, forward 4.5'."""
    if plan.kind in MOVE_KINDS or plan.kind == "charge":
        parts = [f"{s.kind} {s.amount:g}" for s in plan.steps]
        head = {"move": "Move", "march": "March", "charge": f"Charge {plan.target or '?'}"}[
            plan.kind
        ]
        return f"{head}: {', '.join(parts) if parts else '(drag the front edge or a corner)'}"
    if plan.kind == "face":
        return {90: "Face right", -90: "Face left", 180: "About face"}.get(plan.turn, "Face")
    if plan.kind in ("widen", "narrow"):
        return f"{plan.kind.capitalize()} by {plan.files} on the {plan.side}"
    return "Hold (hold marker)"


def angle_text(deg: float) -> str:
    return (
        f"{abs(deg):.1f} deg {'right' if deg > 0 else 'left'}" if not math.isclose(deg, 0) else "0"
    )


def regiment_at(regiments: tuple[Regiment, ...], p: np.ndarray) -> Regiment | None:
    """The regiment whose footprint holds the point ``p`` (cm), if any."""
    for r in regiments:
        c = r.corners()
        e = np.roll(c, -1, axis=0) - c
        w = p - c
        cross = e[:, 0] * w[:, 1] - e[:, 1] * w[:, 0]
        if (cross >= -1e-9).all() or (cross <= 1e-9).all():
            return r
    return None


def action_of(p: Plan) -> Action | None:
    """The action that commits the plan (None: a charge without a target yet)."""
    if p.kind in MOVE_KINDS:
        return RegimentMove(p.unit, steps_to_tokens(p.steps), p.kind == "march")
    if p.kind == "face":
        return RegimentFace(p.unit, p.turn)
    if p.kind in ("widen", "narrow"):
        return RegimentReshape(p.unit, p.kind, p.files, p.side)
    if p.kind == "hold":
        return RegimentHold(p.unit)
    if p.kind == "charge" and p.target:
        return RegimentCharge(p.unit, p.target, steps_to_tokens(p.steps))
    return None


def plan_for_key(plan: Plan | None, k: int) -> dict[str, Any] | None:
    """The plan a key asks for (M, Q / E / Z, W / N, H, C), as Plan fields; None: no such
    key. A move's steps carry over into a march and a charge."""
    steps = plan.steps if plan is not None else ()
    march = "march" if plan is None or plan.kind != "march" else "move"
    keys: dict[int, dict[str, Any]] = {
        pygame.K_m: {"kind": march, "steps": steps},
        pygame.K_q: {"kind": "face", "turn": -90},
        pygame.K_e: {"kind": "face", "turn": 90},
        pygame.K_z: {"kind": "face", "turn": 180},
        pygame.K_w: {"kind": "widen", "files": 1, "side": "both"},
        pygame.K_n: {"kind": "narrow", "files": 1, "side": "both"},
        pygame.K_h: {"kind": "hold"},
        pygame.K_c: {"kind": "charge", "steps": steps},
    }
    return keys.get(k)


def plan_for_button(plan: Plan | None, action: str) -> dict[str, Any] | None:
    """The plan a side-panel order button asks for ("march", "face:90", "widen:left",
    "hold", "charge"), as Plan fields; None: not an order button."""
    kind, _, arg = action.partition(":")
    if kind == "march":
        return plan_for_key(plan, pygame.K_m)
    if kind == "face" and arg:
        return {"kind": "face", "turn": int(arg)}
    if kind in ("widen", "narrow") and arg:
        return {"kind": kind, "files": 1 if arg == "both" else 2, "side": arg}
    if kind == "hold":
        return {"kind": "hold"}
    if kind == "charge":
        return {"kind": "charge", "steps": plan.steps if plan is not None else ()}
    return None
