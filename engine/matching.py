"""Dealing unseen cards under constraints: a card for every place, each where it may go.

`determinize` re-deals what a seat has not seen, and some places rule cards out (a row that
must stay a set, a Gift name a public guess missed). A random deal by trial may not find a
fit; `match` always does when one exists (the real deal is one), and depends only on the
order it is given the places and cards in, never on where the cards really lie.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

P = TypeVar("P")
C = TypeVar("C")


def match(places: Sequence[P], cards: Sequence[C], fits: Callable[[P, C], bool]) -> list[C] | None:
    """A card for each place, all different, each fitting its place (`fits`), or None when
    there is no such deal. Augmenting paths (Kuhn): each place takes the first free card that
    fits, in the given order, else moves an earlier place on to another card; so a shuffled
    `cards` gives a random-looking deal, and the cards in order when they all fit."""
    owner: list[int | None] = [None] * len(cards)  # card index -> place index

    def place(p: int, tried: set[int]) -> bool:
        for c, card in enumerate(cards):  # a free card first: a deal in order stays as it is
            if owner[c] is None and fits(places[p], card):
                owner[c] = p
                return True
        for c, card in enumerate(cards):
            if c in tried or not fits(places[p], card):
                continue
            tried.add(c)
            holder = owner[c]
            if holder is None or place(holder, tried):
                owner[c] = p
                return True
        return False

    for p in range(len(places)):
        if not place(p, set()):
            return None
    dealt = {p: cards[c] for c, p in enumerate(owner) if p is not None}
    return [dealt[p] for p in range(len(places))]
