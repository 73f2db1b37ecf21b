"""Turn structure: phase sequence, initiative and the unit-by-unit move order.

The move order is where the two rule texts disagree most visibly (TURN-08 vs TURN-09),
so both reference algorithms live here side by side and are picked by ``Rules``. The
per-pair sizes are exposed on their own (:func:`pair_sizes`) because the game must
recount before every pair (units destroyed mid-phase, skid dodges, PSR-37); the full
list from :func:`move_order` is the answer when nothing changes during the phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from game.core.options import TW, Rules


class Phase(StrEnum):
    """Phases of a turn (TURN-02..04); the value is the name shown to the player."""

    INITIATIVE = "initiative"
    MOVEMENT = "movement"
    AEROSPACE_MOVEMENT = "aerospace movement"
    REACTION = "reaction"
    WEAPON_ATTACK = "weapon attack"
    PHYSICAL_ATTACK = "physical attack"
    HEAT = "heat"
    END = "end"


# TURN-02: Total Warfare sequence (standard TW list, GAP G01).
PHASES_TW: tuple[Phase, ...] = (
    Phase.INITIATIVE,
    Phase.MOVEMENT,
    Phase.AEROSPACE_MOVEMENT,
    Phase.WEAPON_ATTACK,
    Phase.PHYSICAL_ATTACK,
    Phase.HEAT,
    Phase.END,
)
# TURN-03: classic basic rules.
PHASES_CLASSIC_BASIC: tuple[Phase, ...] = (
    Phase.INITIATIVE,
    Phase.MOVEMENT,
    Phase.WEAPON_ATTACK,
    Phase.END,
)
# TURN-04: classic advanced rules (Reaction = torso twists, TURN-11).
PHASES_CLASSIC_ADVANCED: tuple[Phase, ...] = (
    Phase.INITIATIVE,
    Phase.MOVEMENT,
    Phase.REACTION,
    Phase.WEAPON_ATTACK,
    Phase.PHYSICAL_ATTACK,
    Phase.HEAT,
    Phase.END,
)
# TURN-07: phases declared unit by unit, initiative loser first, unequal-numbers adjusted.
ALTERNATING_PHASES = frozenset(
    {Phase.MOVEMENT, Phase.AEROSPACE_MOVEMENT, Phase.WEAPON_ATTACK, Phase.PHYSICAL_ATTACK}
)
# TURN-11: the one alternating phase where the initiative winner goes first.
WINNER_FIRST_PHASES = frozenset({Phase.REACTION})


def phase_sequence(rules: Rules = TW, *, advanced: bool = True) -> tuple[Phase, ...]:
    """The phases of one turn for a rule variant (TURN-02, TURN-03, TURN-04).

    ``advanced`` only matters for the classic variant: its basic game has no physical
    attack or heat phase. Later phases plug in by keying handlers on :class:`Phase`.
    """
    if not rules.classic:
        return PHASES_TW
    return PHASES_CLASSIC_ADVANCED if advanced else PHASES_CLASSIC_BASIC


def next_phase(current: Phase, rules: Rules = TW, *, advanced: bool = True) -> Phase:
    """The phase after ``current``; after END a new turn starts with INITIATIVE (TURN-14)."""
    seq = phase_sequence(rules, advanced=advanced)
    if current not in seq:
        raise ValueError(f"phase '{current.value}' is not part of this rule variant")
    return seq[(seq.index(current) + 1) % len(seq)]


# --- initiative (TURN-05) -------------------------------------------------------------


class _Total(Protocol):
    @property
    def total(self) -> int: ...


class TwoDice(Protocol):
    """What initiative needs from the dice (game.core.dice.Dice): a logged 2D6 roll."""

    def roll2d6(self, reason: str) -> _Total: ...


@dataclass(frozen=True, slots=True)
class Initiative:
    """The outcome of the initiative phase.

    ``rounds`` holds every roll made, in order: one dict per round with the total each
    rolling side threw (later rounds hold only the sides that re-rolled a tie).
    ``order`` lists the sides from lowest to highest (TURN-05 suggestion for 3+ sides);
    the last one is the winner, the first one acts first in alternating phases.
    """

    rounds: tuple[Mapping[str, int], ...]
    order: tuple[str, ...]

    @property
    def winner(self) -> str:
        return self.order[-1]

    @property
    def loser(self) -> str:
        return self.order[0]

    def to_json(self) -> dict[str, object]:
        return {
            "rolls": [dict(r) for r in self.rounds],
            "order": list(self.order),
            "winner": self.winner,
        }


def roll_initiative(sides: Sequence[str], dice: TwoDice) -> Initiative:
    """TURN-05: every side rolls 2D6, highest wins, tied sides re-roll among themselves.

    With three or more sides only the sides that tied re-roll, and only to order
    themselves (suggested rule, GAP G02); a tie never disturbs sides already placed.
    """
    if len(sides) < 2:
        raise ValueError("initiative needs at least two sides")
    if len(set(sides)) != len(sides):
        raise ValueError(f"sides {list(sides)} are not distinct")
    rounds: list[dict[str, int]] = []

    def resolve(group: list[str]) -> list[str]:
        totals = {side: dice.roll2d6(f"initiative {side}").total for side in group}
        rounds.append(totals)
        ordered: list[str] = []
        for total in sorted(set(totals.values())):
            tied = [s for s in group if totals[s] == total]
            ordered += tied if len(tied) == 1 else resolve(tied)
        return ordered

    order = resolve(list(sides))
    return Initiative(rounds=tuple(rounds), order=tuple(order))


# --- unequal numbers (TURN-06, TURN-08, TURN-09) ----------------------------------------


def pair_sizes(loser: int, winner: int, rules: Rules = TW) -> tuple[int, int]:
    """How many units the loser and then the winner move in the next pair.

    TW (TURN-08): a side with at least twice as many units still to move moves two,
    never more (threshold >= 2x, contradiction K02). Classic (TURN-09): the larger side
    moves floor(more / fewer). When one side is done the other moves the rest.
    Counts are the units still to move, recounted by the caller before every pair.
    """
    if loser < 0 or winner < 0:
        raise ValueError(f"unit counts {loser}, {winner} must not be negative")
    if rules.classic:
        if loser and winner:
            k_l, k_w = max(1, loser // winner), max(1, winner // loser)
        else:
            k_l, k_w = loser, winner
    else:
        k_l = 2 if loser >= 2 * winner else 1
        k_w = 2 if winner >= 2 * loser else 1
    return min(k_l, loser), min(k_w, winner)


def move_order(loser: int, winner: int, rules: Rules = TW) -> list[str]:
    """The whole phase as 'L'/'W' actions, the reference algorithms of TURN-08/TURN-09."""
    order: list[str] = []
    while loser or winner:
        k_l, k_w = pair_sizes(loser, winner, rules)
        order += ["L"] * k_l
        loser -= k_l
        order += ["W"] * k_w
        winner -= k_w
    return order


def order_for_sides(
    initiative_winner: str, counts: Mapping[str, int], rules: Rules = TW
) -> list[str]:
    """Move order by side name for two sides: the side that is not the winner lost.

    The digest defines unequal-numbers alternation for two sides only; three or more
    sides are refused rather than guessed.
    """
    if len(counts) != 2:
        raise ValueError(f"move order needs exactly two sides, got {len(counts)}")
    if initiative_winner not in counts:
        raise ValueError(f"initiative winner '{initiative_winner}' is not one of {list(counts)}")
    (loser_name,) = [s for s in counts if s != initiative_winner]
    names = {"L": loser_name, "W": initiative_winner}
    return [names[a] for a in move_order(counts[loser_name], counts[initiative_winner], rules)]
