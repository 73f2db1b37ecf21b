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
    h = History.begin(Fake(0, 0))
    made = [h.current]
    for op in seq:
        if op in ("act", "roll"):
            p = h.current
            d = h.dice_to_discard()
            used = p.faces_used + (d.faces if d else 0) + (2 if op == "roll" else 0)
            h = h.push(Fake(len(made), used))
            made.append(h.current)
        elif op == "undo":
            h = h.undo()
        else:
            h = h.redo()
    return h, made


@given(ops)
def test_undo_then_redo_is_the_identity(seq: list[str]) -> None:
    h, _ = run(seq)
    before = h
    if h.can_undo:
        assert h.undo().redo() == before
    assert h.redo().undo() == h or not h.can_redo


@given(ops)
def test_undoing_everything_gives_the_start(seq: list[str]) -> None:
    h, made = run(seq)
    while h.can_undo:
        h = h.undo()
    assert h.current is made[0]


@given(ops)
def test_dice_never_run_backwards_for_new_actions(seq: list[str]) -> None:
    h, made = run(seq)
    peak = max(s.faces_used for s in made)
    d = h.dice_to_discard()
    assert (h.current.faces_used + (d.faces if d else 0)) == peak


def test_a_new_action_forgets_the_redo() -> None:
    h = History.begin(Fake(0, 0)).push(Fake(1, 2)).undo()
    assert h.can_redo and h.dice_to_discard() == DiscardDice(2)
    h = h.push(Fake(2, 2))
    assert not h.can_redo and h.current == Fake(2, 2)
