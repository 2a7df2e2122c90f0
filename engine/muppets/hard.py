"""Level `hard` for The Muppet Christmas Carol: how the generic searcher (`engine.search`)
plays it.

A game lasts only a few turns per player and every set completed changes the lead, so what a
move is worth shows within a round: a playout stops once the turn it began in and a turn of
every player after it have been played (in the searching seat's own turn: up to the end of
its next turn, so what it leaves itself counts) and is judged by the gift points then held
(the gift tokens held break ties, as at the end). Stopped that early a playout costs about
half as much as the whole game (and `normal` is quick), so a second buys hundreds, and every
slot of a placement or a swap is played out: `normal`'s row valuation, which ranks them,
cannot see which rows the next players will complete. Giving a gift away is not searched:
the lower one goes, as `normal` gives it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.muppets.state import MuppetsState
from engine.muppets.views import MuppetsView
from engine.protocol import Action

#: Turns played out after the one the search began in, before a playout is judged, beyond
#: one turn of every player.
BEYOND_ROUND = 1
#: Moves kept where a decision is shortlisted (giving a gift away: the lower one).
SHORTLIST = 1


def cut(root: MuppetsState, s: MuppetsState, steps: int) -> list[float] | None:
    """Each seat's gift points (plus a hundredth per token, the tie-break) once a playout
    has gone a round and `BEYOND_ROUND` turns past the root's turn, else None."""
    if s.phase != "play" or s.turns - root.turns < s.seats + BEYOND_ROUND:
        return None
    return [sum(s.gift_value[g] for g in held) + len(held) / 100 for held in s.gifts]


def shortlist(view: MuppetsView, moves: Sequence[Action]) -> list[Action]:
    """Every move but when giving a gift away: then only the lower one (MUP-G20)."""
    pending = view["pending"]
    if pending is not None and pending["stage"] == "give":
        return sorted(moves, key=lambda a: int(a.id.split(":")[1]))[:SHORTLIST]
    return list(moves)
