"""Computer players for the Muppets game. Both see only their seat's view.

Neither ever joins the singing race (MUP-G08, rules §6: "bots never take part"): they let
someone else start, so a race with only computers left ends in the seeded draw.

Level `normal` follows the rulings' sketch (MUP §1.9): it scores every Past placement and
every Present swap it can judge from the cards it knows, preferring a move that completes
someone else's set (it keeps the better of two gifts), then one that completes its own set,
then one that gathers a shared colour or character in its own row; otherwise it draws with
Scrooge, first pointing Yet to Come at a centre card it does not know, which costs nothing
and may show it a better move. It gives the lower gift away (MUP-G20) and discards L, C, R
(MUP-G16), and fixes a matching deal by replacing the leftmost useful non-Wild (MUP-G07).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import TypeVar

from engine.muppets import cards as C
from engine.muppets.ids import PASS
from engine.muppets.views import MuppetsView
from engine.protocol import Action, Policy, RandomPolicy

T = TypeVar("T")

# Values of outcomes, in the order of the rulings' sketch; the numbers were checked with
# bench/ai_strength.py.
OTHER_SET = 100.0  # completes someone else's set: the better of two gifts
OWN_SET = 60.0  # completes our own set: one gift
PROGRESS = 10.0  # per card of our row sharing one colour or character
CROWD = 1.0  # per card of another row sharing one (a set for whoever moves next)
SCROOGE = 5.0  # a fresh card from the deck, when nothing known does better
GOOD = 30.0  # below this (no set to complete), a Yet to Come reveal first is worth it

Rows = list[list[str | None]]


@dataclass(frozen=True, slots=True)
class StaysQuiet:
    """Wraps a policy so it never sings: computer players let the humans race."""

    inner: Policy[MuppetsView]
    name: str = "easy"

    def choose(self, view: MuppetsView, legal: Sequence[Action], rng: random.Random) -> str:
        if view["phase"] == "sing":
            return PASS
        return self.inner.choose(view, legal, rng)


EASY = StaysQuiet(RandomPolicy())


class MuppetsNormal:
    name = "normal"

    def choose(self, view: MuppetsView, legal: Sequence[Action], rng: random.Random) -> str:
        ids = [a.id for a in legal if not a.back]
        phase = view["phase"]
        if phase == "sing":
            return PASS
        me = view["seat"]
        assert me is not None, "a computer player sees its own seat's view"
        rows = known_rows(view)
        if phase == "fix":
            return _fix_choice(rows[me], ids)
        pending = view["pending"]
        assert pending is not None, "the seat owes a decision in play"
        stage = pending["stage"]
        if stage == "give":  # keep the better gift (MUP-G20)
            return min(ids, key=lambda i: int(i.split(":")[1]))
        if stage == "discard":
            return "top:R"
        if stage == "tile":
            return _tile_choice(view, rows, me, ids)
        if stage == "place":
            card = view["held"] or view["discard"][-1]
            scored = [(place_value(rows, me, slot, card), i) for i, slot in _slots(ids, "put")]
            return _best(scored, rng)
        if stage == "swap":
            first = _best([(value, a) for value, a, _ in swap_values(rows, me)], rng)
            return f"swap:{first // 3}:{C.POSITIONS[first % 3]}"
        if stage == "swap2":
            first_slot = pending["first"]
            assert first_slot is not None, "Present's first card is chosen"
            first = 3 * first_slot[0] + first_slot[1]
            scored = [(swap_value(rows, me, first, slot), i) for i, slot in _slots(ids, "with")]
            return _best(scored, rng)
        # "point": Yet to Come
        target = _reveal_target(rows, me, view["seats"])
        return f"point:{target}" if f"point:{target}" in ids else ids[0]


# --------------------------------------------------------------------- evaluation


def known_rows(view: MuppetsView) -> Rows:
    """Every row as this seat sees it: None where a card is unknown (or a slot empty)."""
    return [[slot["card"] for slot in row] for row in view["rows"]]


def closeness(row: Sequence[str | None]) -> int:
    """The most known cards of the row (of three at most) that share one colour or one
    character. Every card has a colour, so any known card shares one with itself."""
    masks = [C.MASK[c] for c in row if c is not None]
    if len(masks) < 2:
        return len(masks)
    a, b, *rest = masks
    if not rest:
        return 2 if a & b else 1
    (c,) = rest
    if a & b & c:
        return 3
    return 2 if a & b or a & c or b & c else 1


def row_value(row: Sequence[str | None], owner: int, me: int) -> float:
    return _row_value(tuple(row), owner == me)


@cache  # searches value the same few rows again and again
def _row_value(row: tuple[str | None, ...], mine: bool) -> float:
    if None not in row and C.is_set(*row):
        return OWN_SET if mine else OTHER_SET
    return PROGRESS * closeness(row) if mine else -CROWD * closeness(row)


def place_value(rows: Rows, me: int, slot: int, card: str) -> float:
    owner, pos = divmod(slot, 3)
    row = rows[owner]
    after = [card if k == pos else c for k, c in enumerate(row)]
    return row_value(after, owner, me) - row_value(row, owner, me)


def swap_value(rows: Rows, me: int, a: int, b: int) -> float:
    pa, ka = divmod(a, 3)
    pb, kb = divmod(b, 3)
    new = {pa: list(rows[pa]), pb: list(rows[pb])}
    new[pa][ka], new[pb][kb] = rows[pb][kb], rows[pa][ka]
    return sum(row_value(new[p], p, me) - row_value(rows[p], p, me) for p in new)


def swap_values(rows: Rows, me: int) -> Sequence[tuple[float, int, int]]:
    """`swap_value` of every pair of slots (a, b), a < b in order."""
    return _swap_values(tuple(c for row in rows for c in row), me)


@lru_cache(maxsize=64)  # a tile choice and the swap after it value the same table
def _swap_values(table: tuple[str | None, ...], me: int) -> tuple[tuple[float, int, int], ...]:
    """`swap_values` of the rows laid end to end: each row valued once, then each card
    valued once in each slot of another row (`gain`), a swap between two rows being the sum
    of its two halves."""
    rows = [table[k : k + 3] for k in range(0, len(table), 3)]
    mine = [p == me for p in range(len(rows))]
    base = [_row_value(row, mine[p]) for p, row in enumerate(rows)]
    gain: dict[tuple[int, int], float] = {}
    for a in range(len(table)):
        pa, ka = divmod(a, 3)
        before, after, own, was = rows[pa][:ka], rows[pa][ka + 1 :], mine[pa], base[pa]
        for b, card in enumerate(table):
            if b // 3 != pa:
                gain[a, b] = _row_value((*before, card, *after), own) - was
    out = []
    for a, b in combinations(range(len(table)), 2):
        pa, ka = divmod(a, 3)
        if b // 3 == pa:
            kb = b % 3
            row = list(rows[pa])
            row[ka], row[kb] = row[kb], row[ka]
            value = _row_value(tuple(row), mine[pa]) - base[pa]
        else:
            value = gain[a, b] + gain[b, a]
        out.append((value, a, b))
    return tuple(out)


def _slots(ids: Sequence[str], verb: str) -> list[tuple[str, int]]:
    out = []
    for i in ids:
        v, _, rest = i.partition(":")
        if v == verb:
            p, _, pos = rest.partition(":")
            out.append((i, 3 * int(p) + C.POSITIONS.index(pos)))
    return out


def _best(scored: Sequence[tuple[float, T]], rng: random.Random) -> T:
    top = max(v for v, _ in scored)
    return rng.choice([x for v, x in scored if v == top])


def _fix_choice(row: Sequence[str | None], ids: Sequence[str]) -> str:
    """MUP-G07's bot rule: the leftmost non-Wild card among the useful replacements."""
    for i in ids:
        pos = C.POSITIONS.index(i.split(":")[1])
        card = row[pos]
        if card is not None and not C.is_wild(card):
            return i
    return ids[0]


def _tile_choice(view: MuppetsView, rows: Rows, me: int, ids: Sequence[str]) -> str:
    best, choice = SCROOGE, "tile:scrooge"
    if "tile:past" in ids:
        top = view["discard"][-1]
        value = max(place_value(rows, me, slot, top) for slot in range(3 * len(rows)))
        if value > best:
            best, choice = value, "tile:past"
    if "tile:present" in ids:
        value = max(value for value, _, _ in swap_values(rows, me))
        if value > best:
            best, choice = value, "tile:present"
    if best < GOOD and "tile:yet" in ids and _reveal_target(rows, me, len(rows)) != me:
        return "tile:yet"
    return choice if choice in ids else ids[0]


def _reveal_target(rows: Rows, me: int, seats: int) -> int:
    """The first player clockwise whose centre card this seat does not know (itself if it
    knows them all), preferring rows whose outer cards already share something."""
    unknown = [(me + k) % seats for k in range(1, seats) if rows[(me + k) % seats][1] is None]
    if not unknown:
        return me
    return max(unknown, key=lambda p: (closeness([rows[p][0], rows[p][2]]), -unknown.index(p)))
