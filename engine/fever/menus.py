"""Labels for Gift places and the paging that keeps a decision within 25 choices.

Gifts are chosen by their place in a family's row (HF-G32, HF-D02): ids carry the 1-based
place, labels name the Gift only to a seat that knows it (decisions are private).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.fever import cards as C
from engine.fever.common import act, bit, fam, values_label
from engine.fever.finale import money
from engine.fever.state import FeverDraft
from engine.protocol import MAX_CHOICES, MAX_LABEL, Action
from engine.words import plural

PAGE = "page"


def own_label(t: FeverDraft, seat: int, k: int, verb: str) -> str:
    """What pressing does to one of `seat`'s own Gifts, which it always knows: "Sell 2. Puppy
    ($100, $50)". Too long for a label, the Values are summed up instead of listed."""
    gift = t.gifts[seat][k]
    return own_gift_label(verb, k, gift, t.values[seat][k], t.stocking[seat] == gift)


@lru_cache(maxsize=4096)
def own_gift_label(verb: str, k: int, gift_id: str, values: tuple[int, ...], sock: bool) -> str:
    """`own_label` of Gift `gift_id` at place `k` holding `values` (`sock`: stockinged)."""
    gift = C.GIFT[gift_id]
    head = f"{verb} {k + 1}. {gift.name}{' 🧦' if sock else ''}"
    label = f"{head} ({values_label(values)})"
    if len(label) <= MAX_LABEL:
        return label
    return f"{head} ({plural(len(values), 'Value')}, {money(sum(values))})"


def other_label(t: FeverDraft, viewer: int, owner: int, k: int, verb: str) -> str:
    """What pressing does to another family's Gift, named only if `viewer` knows it."""
    count = plural(len(t.values[owner][k]), "Value")
    known = t.gseen[owner][k] & bit(viewer)
    what = f" — {C.GIFT[t.gifts[owner][k]].name}" if known else ""
    return f"{verb} {fam(owner)}'s Gift {k + 1} ({count}){what}"


def paged(t: FeverDraft, head: Sequence[Action], items: Sequence[Action]) -> tuple[Action, ...]:
    """`head` then `items`; when they do not fit one decision, the items come a page at a time
    with a `page:N` action to see the next page (t.page says which)."""
    if len(head) + len(items) <= MAX_CHOICES:
        return (*head, *items)
    size = MAX_CHOICES - len(head) - 1
    pages = -(-len(items) // size)
    now = t.page % pages
    nxt = (now + 1) % pages
    more = act(f"{PAGE}:{nxt}", f"Show more Gifts ({nxt + 1}/{pages})…")
    return (*head, *items[now * size : (now + 1) * size], more)
