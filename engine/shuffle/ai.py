"""Level `normal` for Holiday Shuffle: keep each slot's card inside a window of the year.

Slot k (0-based) aims at the days from 36.6·k to 36.6·(k + 1), so a mat whose every card sits in
its window is in order. A mat is valued by how far its cards stray from their windows, plus a
little for each neighbouring pair already in order, plus everything for a finished mat. The
policy takes the discard when it improves that value by more than a blind draw is expected to
(averaged over the cards on no mat), otherwise draws and keeps the card where it helps most (or
discards it). A Celebration's effect adds the best switch or trade it makes possible, or a flat
value for another turn; effects are used whenever they help, and a trade that would finish
another player's mat (but not ours) counts as a heavy loss.

The policy sees only its seat's view. Each step of a multi-step move recomputes the same plan,
so the second step follows the first even after a human started the move and timed out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from engine.protocol import Action
from engine.shuffle.cards import ALL_CARDS, DAY, EFFECT, EXTRA, SWITCH, TRADE
from engine.shuffle.scoring import in_order
from engine.shuffle.views import ShuffleView

T = TypeVar("T")

SLOTS = 10
WINDOW = 366 / SLOTS  # 36.6 days per slot
# The constants below were tuned with bench/ai_strength.py and self-play (normal vs normal).
WILD_COST = 2.0  # a Wild fits almost anywhere
PAIR = 15.0  # value of a neighbouring pair in order
WIN = 10_000.0  # a mat in order ends the round
TAKE_MIN = 50.0  # take the discard only for at least this much improvement...
DRAW_WEIGHT = 1.0  # ...plus this share of what a blind draw is expected to gain
EXTRA_VALUE = 40.0  # another turn is worth about one good draw
GIFT = 0.5  # weight of the improvement a trade hands the other player


def _cost(card: str, slot: int) -> float:
    day = DAY.get(card)
    if day is None:
        return WILD_COST
    lo, hi = WINDOW * slot, WINDOW * (slot + 1)
    return max(0.0, lo - day, day - hi)


#: Per slot, each card's cost there: a mat's costs are then one lookup per slot.
_COST_AT = tuple({c: _cost(c, k) for c in ALL_CARDS} for k in range(SLOTS))
_cost_at = dict.__getitem__
_day = DAY.get


@lru_cache(maxsize=1 << 14)
def value(mat: tuple[str, ...]) -> float:
    """Higher is better; a mat in order is worth WIN.

    Remembered: a decision values the same mats many times over (every trade a Celebration
    would allow, for each slot it could go into), and consecutive turns share most of them."""
    if in_order(mat):
        return WIN
    v = -sum(map(_cost_at, _COST_AT, mat))
    prev = 0
    for c in mat:
        day = _day(c, prev + 1)
        if day > prev:
            v += PAIR
        prev = day
    return v


def _swap(mat: Sequence[T], k: int, card: T) -> tuple[T, ...]:
    return (*mat[:k], card, *mat[k + 1 :])


def best_switch(mat: tuple[str, ...]) -> tuple[float, int, int]:
    """(gain, a, b) of the best switch of two slots; gain ≤ 0 means none helps."""
    base = value(mat)
    best = (0.0, -1, -1)
    for a in range(SLOTS):
        for b in range(a + 1, SLOTS):
            m = list(mat)
            m[a], m[b] = m[b], m[a]
            gain = value(tuple(m)) - base
            if gain > best[0]:
                best = (gain, a, b)
    return best


def best_trade(
    mats: Sequence[tuple[str, ...]],
    seat: int,
    mine: int | None = None,
    partner: int | None = None,
) -> tuple[float, int, int, int]:
    """(gain, my slot, other seat, their slot) of the best trade, optionally with my card or
    the other player already chosen. Handing another player a mat in order (while ours is
    not) hands them the round, so it counts as a large loss."""
    mat = mats[seat]
    base = value(mat)
    best = (-float("inf"), -1, -1, -1)
    for other, theirs in enumerate(mats):
        if other == seat or partner not in (None, other):
            continue
        their_base = value(theirs)
        for a in range(SLOTS) if mine is None else (mine,):
            for b in range(SLOTS):
                gain = value(_swap(mat, a, theirs[b])) - base
                if gain < WIN / 2:
                    theirs_after = _swap(theirs, b, mat[a])
                    gain -= GIFT * (value(theirs_after) - their_base)
                if gain > best[0]:
                    best = (gain, a, other, b)
    return best


def placement(mats: Sequence[tuple[str, ...]], seat: int, card: str) -> tuple[float, int]:
    """(gain, slot) of the best slot for `card`, counting what a Celebration would add."""
    mat = mats[seat]
    base = value(mat)
    effect = EFFECT.get(card)
    best = (-float("inf"), 0)
    for k in range(SLOTS):
        after = _swap(mat, k, card)
        gain = value(after) - base
        if gain < WIN / 2 and effect is not None:
            if effect == EXTRA:
                gain += EXTRA_VALUE
            elif effect == SWITCH:
                gain += best_switch(after)[0]
            elif effect == TRADE:
                gain += max(0.0, best_trade(_swap(mats, seat, after), seat)[0])
        if gain > best[0]:
            best = (gain, k)
    return best


def draw_gain(mats: Sequence[tuple[str, ...]], seat: int) -> float:
    """The average improvement a card drawn blind would bring (0 when it would be discarded),
    over the cards not on any mat: the draw pile, as far as this seat can tell."""
    seen = {c for m in mats for c in m}
    mat = mats[seat]
    base = value(mat)
    unseen = [c for c in ALL_CARDS if c not in seen]
    total = 0.0
    for card in unseen:
        total += max(0.0, max(value(_swap(mat, k, card)) for k in range(SLOTS)) - base)
    return total / len(unseen)


class ShuffleNormal:
    name = "normal"

    def choose(self, view: ShuffleView, legal: Sequence[Action], rng: random.Random) -> str:
        seat = view["seat"]
        assert seat is not None, "a computer player sees its own seat's view"
        mats = [tuple(m) for m in view["mats"]]
        mat = mats[seat]
        pending = view["pending"]
        effect = view["effect"]
        if effect is not None and EFFECT[effect] == SWITCH:
            gain, a, _ = best_switch(mat)
            if pending is None:
                return f"sw:{a + 1}" if gain > 0 else "skip"
            first = int(pending) - 1
            second = max(
                (k for k in range(SLOTS) if k != first),
                key=lambda k: value(_swap(_swap(mat, first, mat[k]), k, mat[first])),
            )
            return f"sw:{first + 1}:{second + 1}"
        if effect is not None:
            return self._trade(mats, seat, pending)
        if view["drawn"] is not None:
            gain, k = placement(mats, seat, view["drawn"])
            return f"place:{k + 1}" if gain > 0 else "discard"
        top = view["discard_top"]
        assert top is not None, "a turn always starts with a discard pile (HS-G17 keeps one)"
        gain, k = placement(mats, seat, top)
        if pending == "take":
            return f"place:{k + 1}"
        if gain >= WIN / 2:
            return "take"
        return "take" if gain >= TAKE_MIN + DRAW_WEIGHT * draw_gain(mats, seat) else "draw"

    def _trade(self, mats: list[tuple[str, ...]], seat: int, pending: str | None) -> str:
        if pending is None:
            gain, a, _, _ = best_trade(mats, seat)
            return f"give:{a + 1}" if gain > 0 else "skip"
        mine, _, other = pending.partition(":")
        a = int(mine) - 1
        if not other:
            return f"to:{best_trade(mats, seat, mine=a)[2]}"
        _, _, o, b = best_trade(mats, seat, mine=a, partner=int(other))
        return f"get:{o}:{b + 1}"
