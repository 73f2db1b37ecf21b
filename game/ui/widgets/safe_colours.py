"""The colours that carry meaning on the play screens, chosen to stay apart under the
common colour-vision deficiencies (issue 25; tests/ui/test_colour_safety.py simulates
protanopia, deuteranopia and tritanopia on every pair of MEANINGFUL). Based on the
Okabe-Ito set (ux.md), lightened for the dark panels: a bluish green for "intact /
good", vermillion for "gone / bad", yellow for "hit / warning". Where colour alone would
carry the meaning a shape or a word goes with it (the destroyed cross, "destroyed")."""

from __future__ import annotations

Colour = tuple[int, int, int]

GOOD: Colour = (60, 190, 150)  # Okabe-Ito bluish green #009E73, lightened
BAD: Colour = (230, 100, 40)  # Okabe-Ito vermillion #D55E00, lightened
WARN: Colour = (250, 215, 60)  # Okabe-Ito yellow #F0E442, warmer
TARGET: Colour = BAD  # the target ring on the attack screens
SIDE_A: Colour = (47, 92, 158)
SIDE_B: Colour = (216, 164, 58)
WALK: Colour = (0, 114, 178)  # reach colours (ux.md): #0072B2, #E69F00, #CC79A7
RUN: Colour = (230, 159, 0)
JUMP: Colour = (204, 121, 167)

# (what the pair tells apart, colour, colour): each pair must stay apart for everyone
MEANINGFUL: tuple[tuple[str, Colour, Colour], ...] = (
    ("record sheet: intact / structure hit or gone", GOOD, BAD),
    ("record sheet: intact / armour hit", GOOD, WARN),
    ("record sheet: armour hit / structure hit", WARN, BAD),
    ("attack screen: target ring / a good number's badge", TARGET, GOOD),
    ("attack screen: a good / a bad number's badge", GOOD, BAD),
    ("attack screen: a fair / a bad number's badge", WARN, BAD),
    ("the two sides", SIDE_A, SIDE_B),
    ("reach: walk / run", WALK, RUN),
    ("reach: walk / jump", WALK, JUMP),
    ("log: a roll passed / failed", GOOD, BAD),
    ("log: damage / a unit lost", WARN, BAD),
    ("log: damage / a roll passed", WARN, GOOD),
)
# The log's own colours (game.ui.widgets.log_view): the same three meanings.
LOG_GOOD: Colour = GOOD
LOG_BAD: Colour = BAD
LOG_HURT: Colour = WARN
# Not a pair: run and jump reach are never shaded together (one mode at a time); to a
# tritanope the ux's Okabe-Ito orange and reddish purple are 17.6 apart (CIE76), a little
# under the 20 the pairs above keep; the mode is also named in the banner and the summary.
