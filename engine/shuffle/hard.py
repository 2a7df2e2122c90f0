"""Level `hard` for Holiday Shuffle: the few moves the generic searcher (`engine.search`)
plays out.

A playout here runs `normal` to the end of the round, tens of milliseconds, so a budget of
about a second affords a dozen or so: too few to play all ten slots of a placement or a
trade out on two deals each. `shortlist` keeps the moves `normal`'s mat valuation rates
nearly best, so the search weighs what the valuation cannot see (what the others are
collecting, what the draw pile may still hold) between those few.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.protocol import Action
from engine.shuffle.ai import _swap, best_trade, value
from engine.shuffle.views import ShuffleView

#: Root moves searched at most.
SHORTLIST = 3


def shortlist(view: ShuffleView, moves: Sequence[Action]) -> list[Action]:
    """The best few of `moves` by how much they improve the seat's mat (the legal order for
    ties); every move when the decision is not one of slots."""
    seat = view["seat"]
    assert seat is not None, "a computer player sees its own seat's view"
    mats = [tuple(m) for m in view["mats"]]
    gains = {a.id: _gain(view, mats, seat, a.id) for a in moves}
    if any(g is None for g in gains.values()):
        return list(moves)
    ranked = sorted(moves, key=lambda a: -(gains[a.id] or 0.0))
    return ranked[:SHORTLIST]


def _gain(view: ShuffleView, mats: list[tuple[str, ...]], seat: int, move: str) -> float | None:
    """What `move` adds to the seat's mat by `normal`'s valuation; None for a move this
    does not judge (then the decision is searched whole)."""
    mat = mats[seat]
    verb, _, rest = move.partition(":")
    if verb == "place":
        card = view["drawn"] or view["discard_top"]
        if card is None:
            return None
        return value(_swap(mat, int(rest) - 1, card)) - value(mat)
    if verb in ("discard", "skip"):
        return 0.0
    if verb == "give":
        return best_trade(mats, seat, mine=int(rest) - 1)[0]
    if verb == "get":
        pending = view["pending"]
        if pending is None:
            return None
        other, _, slot = rest.partition(":")
        theirs = mats[int(other)]
        a, b = int(pending.partition(":")[0]) - 1, int(slot) - 1
        return value(_swap(mat, a, theirs[b])) - value(mat)
    if verb == "sw":
        first, _, second = rest.partition(":")
        a = int(first) - 1
        if not second:
            return max(
                value(_swap(_swap(mat, a, mat[k]), k, mat[a])) for k in range(len(mat))
            ) - value(mat)
        b = int(second) - 1
        return value(_swap(_swap(mat, a, mat[b]), b, mat[a])) - value(mat)
    return None
