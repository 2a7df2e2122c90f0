"""Labels for Gift places and the paging that keeps a decision within 25 choices.

Gifts are chosen by their place in a family's row (HF-G32, HF-D02): ids carry the 1-based
place, labels name the Gift only to a seat that knows it (decisions are private).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.fever import cards as C
from engine.fever.common import bit, fam, values_label
from engine.fever.state import FeverDraft
from engine.protocol import MAX_CHOICES, Action

PAGE = "page"


def own_label(t: FeverDraft, seat: int, k: int) -> str:
    """One of `seat`'s own Gifts, which it always knows."""
    gift = C.GIFT[t.gifts[seat][k]]
    sock = " 🧦" if t.stocking[seat] == gift.id else ""
    return f"{k + 1}. {gift.name}{sock} ({values_label(t.values[seat][k])})"[:80]


def other_label(t: FeverDraft, viewer: int, owner: int, k: int) -> str:
    """Another family's Gift: its name only if `viewer` knows it."""
    n = len(t.values[owner][k])
    known = t.gseen[owner][k] & bit(viewer)
    what = f" — {C.GIFT[t.gifts[owner][k]].name}" if known else ""
    return f"{fam(owner)}'s Gift {k + 1} ({n} Value{'s' * (n != 1)}){what}"[:80]


def paged(t: FeverDraft, head: Sequence[Action], items: Sequence[Action]) -> tuple[Action, ...]:
    """`head` then `items`; when they do not fit one decision, the items come a page at a time
    with a `page:N` action to see the next page (t.page says which)."""
    if len(head) + len(items) <= MAX_CHOICES:
        return (*head, *items)
    size = MAX_CHOICES - len(head) - 1
    pages = -(-len(items) // size)
    now = t.page % pages
    nxt = (now + 1) % pages
    more = Action(f"{PAGE}:{nxt}", f"More Gifts ({nxt + 1}/{pages})…")
    return (*head, *items[now * size : (now + 1) * size], more)
