"""game.core.history: undo then redo is the identity, undoing everything gives the start,
and dice drawn by undone actions are discarded before the next new action."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from game.core.history import DiscardDice, History


@dataclass(frozen=True)
class Fake:
    n: int
    faces_used: int


ops = st.lists(st.sampled_from(["act", "roll", "undo", "redo"]), max_size=40)


def run(seq: list[str]) -> tuple[History[Fake], list[Fake]]:
    h = History(Fake(0, 0))
    made = [h.present]
    for op in seq:
        if op in ("act", "roll"):
            p = h.present
            d = h.dice_to_discard()
            used = p.faces_used + (d.faces if d else 0) + (2 if op == "roll" else 0)
            h.record(Fake(len(made), used))
            made.append(h.present)
        elif op == "undo":
            h.undo()
        else:
            h.redo()
    return h, made


@given(ops)
def test_undo_then_redo_is_the_identity(seq: list[str]) -> None:
    h, _ = run(seq)
    before = h.present
    if h.can_undo:
        h.undo()
        assert h.redo() is before
    assert h.present is before


@given(ops)
def test_undoing_everything_gives_the_start(seq: list[str]) -> None:
    h, made = run(seq)
    while h.can_undo:
        h.undo()
    assert h.present is made[0]


@given(ops)
def test_dice_never_run_backwards_for_new_actions(seq: list[str]) -> None:
    h, made = run(seq)
    peak = max(s.faces_used for s in made)
    d = h.dice_to_discard()
    assert (h.present.faces_used + (d.faces if d else 0)) == peak


def test_a_new_action_forgets_the_redo() -> None:
    h = History(Fake(0, 0))
    h.record(Fake(1, 2))
    h.undo()
    assert h.can_redo and h.dice_to_discard() == DiscardDice(2)
    h.record(Fake(2, 2))
    assert not h.can_redo and h.present == Fake(2, 2)
