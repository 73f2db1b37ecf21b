"""What the banner says about the rules in play (issue 25, finding 14): the Tactical
Operations modes when the option is on (ADV-01..16: crawl K, careless X, hull-down H,
physical attack defence D), the classic variant when chosen. Long and short forms; the
banner takes the long one when it has the room."""

from __future__ import annotations

from game.core.options import Rules

TACOPS_LONG = "TacOps on: crawl K, careless X, hull-down H, defence D"
TACOPS_SHORT = "TacOps on"


def rules_tags(rules: Rules) -> tuple[str, str]:
    """(long, short) tags for ``rules``; empty strings for plain Total Warfare."""
    long, short = [], []
    if rules.tacops:
        long.append(TACOPS_LONG)
        short.append(TACOPS_SHORT)
    if rules.classic:
        long.append("classic rules")
        short.append("classic")
    return "   ".join(long), "   ".join(short)
