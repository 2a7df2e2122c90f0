"""Level `hard` for The Muppet Christmas Carol: the few moves the generic searcher
(`engine.search`) plays out.

Placing a card or swapping two offers a dozen slots or more, and a budget of about a second
affords a few dozen playouts: too few to play every slot out on two deals each. `shortlist`
keeps the slots `normal`'s row valuation rates nearly best, so the search weighs what the
valuation cannot see (the cards still face down, what the others will do next) between
those few.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.muppets import cards as C
from engine.muppets.ai import known_rows, place_value, swap_value
from engine.muppets.views import MuppetsView
from engine.protocol import Action

#: Root moves searched at most.
SHORTLIST = 4


def shortlist(view: MuppetsView, moves: Sequence[Action]) -> list[Action]:
    """The best few of `moves` by `normal`'s valuation of the rows they make (the legal
    order for ties); every move when the decision is not one of slots."""
    me = view["seat"]
    assert me is not None, "a computer player sees its own seat's view"
    rows = known_rows(view)
    slots = 3 * len(rows)
    pending = view["pending"]
    gains: dict[str, float] = {}
    for move in moves:
        verb, _, rest = move.id.partition(":")
        if verb not in ("put", "swap", "with") or pending is None:
            return list(moves)
        seat, _, pos = rest.partition(":")
        slot = 3 * int(seat) + C.POSITIONS.index(pos)
        if verb == "put":
            card = view["held"] or view["discard"][-1]
            gains[move.id] = place_value(rows, me, slot, card)
        elif verb == "swap":
            gains[move.id] = max(swap_value(rows, me, slot, b) for b in range(slots) if b != slot)
        else:
            first = pending["first"]
            assert first is not None, "Present's first card is chosen"
            gains[move.id] = swap_value(rows, me, 3 * first[0] + first[1], slot)
    ranked = sorted(moves, key=lambda a: -gains[a.id])
    return ranked[:SHORTLIST]
