"""Formation changes (REG-07..09): a stationary regiment turns its stands 90 or 180
degrees (REG-08) or widens / narrows by files (REG-09); it may not end off the table, on
another unit or an obstacle, or within 3 cm of an enemy (REG-04/07).

A regiment here is always a full rectangle of stands, so a widening or narrowing must
leave every rank full (docs/regiments.md: partial rear ranks are not modelled).
"""

from __future__ import annotations

import numpy as np

from .paths import World, blockers, footprint_clash
from .regiment import Regiment
from .verdict import Order, Verdict, refused

TURNS = (90, -90, 180)
SIDES = ("left", "right", "both")


def faced(reg: Regiment, turn: int) -> Regiment:
    """REG-08: the edge on the chosen side becomes the new front rank, centred on that
    edge's midpoint; the other stands form up behind it. Stands keep their own width
    across the new front, so rectangular stands change the footprint (Diagram 10)."""
    fwd, right = reg.axes()
    fl = np.array(reg.front_left, float)
    w, d = reg.width, reg.depth
    if turn == 180:
        mid = fl + (w / 2) * right - d * fwd
        new_w = w
        files, ranks = reg.files, reg.ranks
    else:
        side = right if turn == 90 else -right
        mid = fl + (w / 2) * right + (w / 2) * side - (d / 2) * fwd
        files, ranks = reg.ranks, reg.files
        new_w = files * reg.stand[0]
    new = Regiment(
        reg.id, reg.side, files, ranks, reg.stand, reg.front_left, reg.facing + turn,
        reg.move, reg.size, reg.markers, reg.name,
    )  # fmt: skip
    _, new_right = new.axes()
    return new.placed(mid - (new_w / 2) * new_right, reg.facing + turn)


def reshaped(reg: Regiment, kind: str, files: int, side: str) -> Regiment | str:
    """REG-09: widen by up to two files on one side or one on each side; narrow the same
    way. ``side`` "both" is always one file on each side (``files`` 1 or 2 both mean it).
    Returns the new regiment or the sentence saying why it cannot be done."""
    if side not in SIDES:
        return f"a formation change names the side left, right or both, not {side!r}"
    if files not in (1, 2):
        return f"a regiment {kind}s by 1 or 2 files (REG-09), not {files}"
    left = 1 if side == "both" else files if side == "left" else 0
    change = 2 if side == "both" else files
    sign = 1 if kind == "widen" else -1
    new_files = reg.files + sign * change
    if new_files < 1:
        return f"{reg.id} has only {reg.files} files to narrow (REG-09)"
    if reg.stands % new_files:
        return (
            f"{reg.stands} stands do not make full ranks of {new_files} files "
            "(REG-09; a regiment is a full rectangle of stands here)"
        )
    new_ranks = reg.stands // new_files
    if kind == "widen" and new_ranks >= reg.ranks:
        return f"{reg.id} has no rear rank to take stands from (REG-09)"
    _, right = reg.axes()
    fl = np.array(reg.front_left, float) - sign * left * reg.stand[0] * right
    new = Regiment(
        reg.id, reg.side, new_files, new_ranks, reg.stand, reg.front_left, reg.facing,
        reg.move, reg.size, reg.markers, reg.name,
    )  # fmt: skip
    return new.placed(fl, reg.facing)


def check_formation(world: World, order: Order) -> Verdict:
    """A facing change (``face``), ``widen`` or ``narrow`` order (REG-07..09)."""
    reg = world.get(order.unit)
    assert reg is not None
    if order.type == "face":
        if order.turn not in TURNS:
            return refused(
                reg,
                f"a facing change turns 90, -90 or 180 degrees (REG-08), not {order.turn}",
                None,
                0,
                0,
            )
        new: Regiment | str = faced(reg, order.turn)
    else:
        new = reshaped(reg, order.type, order.files, order.side)
    if isinstance(new, str):
        return refused(reg, new, None, 0.0, 0.0)
    clash = footprint_clash(world, new, blockers(world, reg))
    if clash is not None:
        why = clash.reason.replace("would leave", "would not fit on")
        return refused(reg, f"no room for the new formation: {why} (REG-07)", None, 0.0, 0.0)
    end = new.with_markers((*reg.markers, "activation"))  # REG-06/07
    return Verdict(True, None, None, 0.0, 0.0, end, "activation", path=(reg, end), moved=(end,))
