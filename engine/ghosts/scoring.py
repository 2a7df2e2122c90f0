"""Hand scoring for Ghosts of Christmas: the bidding table and the Tiny Tim tables."""

from __future__ import annotations

#: Tiny Tim: the most wreaths that still score one point each, by player count.
TINY_TIM_CAP = {3: 6, 4: 5}
#: Tiny Tim: points for a hand with no wreaths at all.
TINY_TIM_ZERO = 6


def bid_points(won: int, purple: int, red: bool) -> int:
    """Standard game (GOC-G09): wreaths fill purple doors, then the red door.

    An empty purple door or a wreath with no door left scores nothing; otherwise each wreath
    is worth 1 point with the red door and 2 points without it.
    """
    top = purple + (1 if red else 0)
    if won < purple or won > top:
        return 0
    return won if red else 2 * won


def tiny_tim_points(won: int, seats: int) -> int:
    """Tiny Tim variant: 0 wreaths → 6; 1..cap → 1 each; above the cap → 0 (GOC-G17)."""
    if won == 0:
        return TINY_TIM_ZERO
    return won if won <= TINY_TIM_CAP[seats] else 0
