"""The level a computer plays a seat at.

A computer seat plays at its own level, chosen in the lobby. A human's seat the computer
plays for a while (a timed-out move, or after too many timeouts until its player takes it
back) is played by `normal`: quick, and the player's own choices pick up where it left off.
A seat handed to the computer for good (its player resigned) is played at the lobby's level:
the strongest level among the game's computer seats (`normal` when it has none), so the
players left face the opposition they chose.
"""

from __future__ import annotations

from bot.storage import GameRow, SeatRow
from engine import GAMES

#: The level of a human's seat the computer plays for a while.
STAND_IN = "normal"


def playing_level(row: GameRow, seat: SeatRow) -> str:
    """The level the computer plays `seat` of the game `row` at (see the module's text)."""
    if seat.user_id is None:
        return seat.bot_level or STAND_IN
    if not seat.resigned:
        return STAND_IN
    order = list(GAMES[row.game].bots)
    chosen = [s.bot_level for s in row.seats if s.user_id is None and s.bot_level in order]
    return max(chosen, key=order.index, default=STAND_IN)
