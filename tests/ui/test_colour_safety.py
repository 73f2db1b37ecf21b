"""Issue 25, finding 16: the colours that carry meaning stay apart under protanopia,
deuteranopia and tritanopia (the Machado 2009 simulation, game.ui.widgets.colour_vision), and the
screens use them: the record sheet's intact / hit / gone, the target ring against a good
number's badge, the sides, the reach colours."""

from __future__ import annotations

import pytest

from game.ui.scenes.hexes.parts.attack import draw as attack_draw
from game.ui.widgets import palette, panels, record_sheet
from game.ui.widgets.colour_vision import DEFICIENCIES, distance, simulate, worst
from game.ui.widgets.safe_colours import BAD, GOOD, MEANINGFUL, TARGET, WARN

APART = 20.0  # CIE76: well beyond "just noticeable" (2.3); the old red and green were 14


@pytest.mark.parametrize(("what", "a", "b"), MEANINGFUL, ids=[m[0] for m in MEANINGFUL])
def test_each_meaningful_pair_stays_apart_for_everyone(what: str, a, b) -> None:
    gap, seen_by = worst(a, b)
    assert gap >= APART, f"{what}: only {gap:.1f} apart with {seen_by}"


def test_the_old_red_and_green_were_the_same_olive_to_a_deuteranope() -> None:
    """The newcomer's finding, as the simulation sees it (so the test can fail)."""
    old_green, old_red = (120, 200, 120), (235, 95, 85)
    assert worst(old_green, old_red)[0] < APART
    assert distance(simulate(old_green, "deuteranopia"), simulate(old_red, "deuteranopia")) < 16


def test_the_simulation_keeps_grey_grey_and_covers_three_deficiencies() -> None:
    assert set(DEFICIENCIES) == {"protanopia", "deuteranopia", "tritanopia"}
    for d in DEFICIENCIES:
        r, g, b = simulate((128, 128, 128), d)
        assert max(r, g, b) - min(r, g, b) <= 3


def test_the_screens_use_the_safe_colours() -> None:
    assert (palette.GOOD, palette.BAD, palette.WARN) == (GOOD, BAD, WARN)
    assert (panels.GOOD, panels.BAD) == (GOOD, BAD)
    assert (record_sheet.GOOD, record_sheet.BAD) == (GOOD, BAD)
    assert attack_draw.TARGET == TARGET


def test_the_log_uses_the_safe_colours() -> None:
    """Issue 25: the log's passed / failed / damage lines were their own red and green."""
    from game.core.actions import Event, LogEntry
    from game.ui.widgets.log_view import colour_of

    def line(kind: str, **payload) -> tuple:
        return colour_of(LogEntry(1, "movement", Event(kind, "", "A1", (), payload)))[0]

    assert line("psr", success=True) == GOOD
    assert line("psr", success=False) == BAD
    assert line("fall") == WARN and line("damage") == WARN
    assert line("unit_destroyed") == BAD
