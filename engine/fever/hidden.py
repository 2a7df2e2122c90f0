"""`determinize`: the game as one seat (or the open table) imagines it (docs/protocol.md).

What a viewer does not know is re-dealt; everything it saw stays where it saw it (the masks
of state.py). What open play proved is kept too (the Gift masks hold it as well): a
Gift the table knows is not Coal (`NOT_COAL`) is dealt a non-Coal, each family keeps its
number of unseen Coal among the Gifts a Naughty List counted for it, wherever they went since
(`COUNTED`), a Gift whose name a public Auction guess missed is dealt another name, and a
held Naughty-or-Nice card stays an Anytime card. At the end every Gift in
a row is face up.
"""

from __future__ import annotations

import random

from engine.fever import cards as C
from engine.fever.common import bit, is_coal, ruled_out
from engine.fever.state import (
    CODEC,
    COUNTED,
    COUNTED_SHIFT,
    NOT_COAL,
    PUBLIC,
    FeverDraft,
    FeverState,
)
from engine.matching import match

#: Plain shuffles tried for Gifts that fit every Auction miss, then as many searched deals.
_TRIES = 20
#: A place a card can be: ("deck" | "row" | "gone", family, index).
Where = tuple[str, int, int]


def determinize(s: FeverState, seat: int | None, rng: random.Random) -> FeverState:
    t = CODEC.thaw(s)
    me = PUBLIC if seat is None else bit(seat)
    over = s.phase == "over"
    _gifts(t, me, over, rng)
    _values(t, me, over, rng)
    _cards(t, seat, rng)
    t.seed = rng.getrandbits(64)
    t.rig = None
    return CODEC.freeze(t)


def _gifts(t: FeverDraft, me: int, over: bool, rng: random.Random) -> None:
    places: list[Where] = [("deck", -1, i) for i in range(len(t.gift_deck))]
    masks: list[int] = [0] * len(places)
    if not over:
        for p in range(t.seats):
            for k, mask in enumerate(t.gseen[p]):
                if not mask & me:
                    places.append(("row", p, k))
                    masks.append(mask)
    for i, mask in enumerate(t.gone_seen):
        if not mask & me:
            places.append(("gone", -1, i))
            masks.append(mask)
    ids = [_gift_at(t, w) for w in places]
    # Sorted before shuffling: the deal depends on what the viewer knows, not on where the
    # Gifts really lie.
    coal = sorted(g for g in ids if is_coal(g))
    others = sorted(g for g in ids if not is_coal(g))
    rng.shuffle(coal)
    # Coal goes only where open play allows it: never on a known non-Coal, and each group a
    # Naughty List counted keeps its number of Coal; the rest may go anywhere else.
    groups: dict[int, list[int]] = {}
    for j, mask in enumerate(masks):
        if not mask & NOT_COAL:
            groups.setdefault((mask & COUNTED) >> COUNTED_SHIFT, []).append(j)
    counted = {tag: sum(1 for j in js if is_coal(ids[j])) for tag, js in groups.items() if tag}

    def fits(j: int, gift: str) -> bool:  # a public Auction miss rules a name out (HF-G67)
        return not ruled_out(masks[j], gift)

    dealt = ids  # never kept in practice: some try below finds a deal that fits
    for attempt in range(2 * _TRIES):
        chosen: set[int] = set()
        for tag, members in groups.items():
            if tag:
                chosen.update(rng.sample(members, counted[tag]))
        chosen.update(rng.sample(groups.get(0, []), len(coal) - len(chosen)))
        rest = [j for j in range(len(places)) if j not in chosen]
        rng.shuffle(others)
        names: list[str] | None = others
        if not all(fits(j, g) for j, g in zip(rest, others, strict=True)):
            # First plain shuffles (every fitting deal as likely), then a search for one.
            names = match(rest, others, fits) if attempt >= _TRIES else None
        if names is not None:
            dealt = [""] * len(places)
            for j, gift in zip(sorted(chosen), coal, strict=True):
                dealt[j] = gift
            for j, gift in zip(rest, names, strict=True):
                dealt[j] = gift
            break
    deck, gone = list(t.gift_deck), list(t.gone)
    rows = [list(r) for r in t.gifts]
    for j, (where, p, i) in enumerate(places):
        gift = dealt[j]
        if where == "deck":
            deck[i] = gift
        elif where == "gone":
            gone[i] = gift
        else:
            rows[p][i] = gift
    socks = [t.gifts[p].index(t.stocking[p]) if t.stocking[p] else -1 for p in range(t.seats)]
    t.gift_deck, t.gone = tuple(deck), tuple(gone)
    t.gifts = tuple(tuple(r) for r in rows)
    # The Stocking lies on a place, and stays there whatever Gift is dealt to it.
    t.stocking = tuple(t.gifts[p][k] if k >= 0 else "" for p, k in enumerate(socks))


def _gift_at(t: FeverDraft, w: Where) -> str:
    where, p, i = w
    if where == "deck":
        return t.gift_deck[i]
    if where == "gone":
        return t.gone[i]
    return t.gifts[p][i]


def _values(t: FeverDraft, me: int, over: bool, rng: random.Random) -> None:
    pool = list(t.value_deck)
    slots: list[tuple[int, int, int]] = []  # (family, place, index) of unseen Values
    if not over:
        for p in range(t.seats):
            for k, masks in enumerate(t.vseen[p]):
                for i, mask in enumerate(masks):
                    if not mask & me:
                        slots.append((p, k, i))
                        pool.append(t.values[p][k][i])
    held = bool(t.held) and not t.held_seen & me
    if held:
        pool.append(t.held)
    gone = [i for i, mask in enumerate(t.gone_vseen) if not mask & me]
    pool += [t.gone_values[i] for i in gone]
    pool.sort()  # the deal depends on what the viewer knows, not where the Values lie
    rng.shuffle(pool)
    t.value_deck = tuple(pool.pop() for _ in t.value_deck)
    values = [[list(v) for v in row] for row in t.values]
    for p, k, i in slots:
        values[p][k][i] = pool.pop()
    t.values = tuple(tuple(tuple(v) for v in row) for row in values)
    if held:
        t.held = pool.pop()
    gone_values = list(t.gone_values)
    for i in gone:
        gone_values[i] = pool.pop()
    t.gone_values = tuple(gone_values)


def _cards(t: FeverDraft, seat: int | None, rng: random.Random) -> None:
    """The deck above the cards seen played, and the other hands (Anytime cards only)."""
    unseen = len(t.nn_deck) - t.nn_open
    others = [p for p in range(t.seats) if p != seat]
    pool = list(t.nn_deck[:unseen]) + [c for p in others for c in t.hands[p]]
    pool.sort()  # the deal depends on what the viewer knows, not where the cards lie
    anytime = [c for c in pool if C.NN[c].when == "anytime"]
    rng.shuffle(anytime)
    hands = list(t.hands)
    for p in others:
        hands[p] = tuple(anytime.pop() for _ in t.hands[p])
    rest = anytime + [c for c in pool if C.NN[c].when != "anytime"]
    rng.shuffle(rest)
    t.hands = tuple(hands)
    t.nn_deck = (*rest, *t.nn_deck[unseen:])
