"""Level `normal` for My First Christmas Tree: plan the rest of the turn, value where it ends.

Every decision searches the rest of the current turn from the seat's view: the pool card to
take (or a wipe, or a second take), the hand cards to prepare at either end, whether to place,
then the segment, the tiles and the box card. Each way the turn can end is valued as

- the board: what the seat would score if the game ended now (cubes left in supply cost a
  point each, markers, completed rows, the Star, the Base tiles), plus a share of the prizes it
  is on its way to (a row's marker weighs more the more of the row it covers and the further
  ahead of the other player it is; the Star the more rows it reaches);
- the box card claimed, the own box counting a little extra for the longer rows it allows;
- the row and hand it keeps: the best placement they can still grow into along the row's line
  (hand cards count as sure, pool cards as likely, unseen cards as a chance), discounted per
  turn it needs.

Where a choice opens many ways (starting the row afresh, taking two pool cards, wiping the
pool, the cards to play after a take), only the likeliest by a first look are followed
to the end of the turn (`WIPE_PLAYS`, `PAIR_SEARCH`, `WIPE_SEARCH`, `PLAY_BEAM`); the others
count as the turn would stand with the cards kept.
The prizes still ahead shrink as the turn limit nears, so the last turns place whatever can be
placed. The policy sees only its seat's view. Each step of a turn runs the same search from
where the turn now stands, so the steps of one plan follow each other (and a step a human
started before timing out is finished sensibly).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import TypeVar

from engine.kept import Kept
from engine.protocol import Action
from engine.tree import cards as C
from engine.tree.views import TreeView

# The constants below were tuned with bench/ai_strength.py and bench/tree_selfplay.py.
DISCOUNT = 0.75  # a placement one turn later is worth this share of one now
AHEAD = 10  # the prizes still ahead count fully while at least this many turns are left
ROW_SHARE = 0.6  # share of a row's prize counted for the tiles already covered
STAR_SHARE = 0.5  # share of the Star counted for the rows already reached
OWN_BOX_BONUS = 2.5  # a longer maximum row is worth this much beyond the card's number
IN_POOL = 0.7  # chance a pool card is still there next turn
UNSEEN = 0.35  # chance an unseen card turns up within a turn or two
FIND_IN_POOL = 0.85  # chance of getting some card of a symbol the pool shows
FIND_UNSEEN = 0.65  # chance of getting some card of a symbol only unseen cards have
HAND_CARD = 0.05  # a spare hand card keeps options open
WIPE_SEARCH = 1  # unseen cards searched in full when weighing a wipe
WIPE_PLAYS = 3  # hand cards searched in full as a first card that wipes the row
PAIR_SEARCH = 1  # pairs of pool cards searched in full as a double take
PLAY_BEAM = 3  # plays searched in full at each card of a turn the search looks ahead to

#: DISCOUNT ** turns, by turns
_DISCOUNTS = tuple(DISCOUNT**k for k in range(2 * C.LONGEST + 1))

#: A row and hand as `_Turn._grow` reads them: the row's symbols, its colours sorted, and the
#: hand cards that may help it
_RowKey = tuple[str, str, tuple[str, ...]]

#: A way a search may follow: a move id, a pool card, or a hand
_Way = TypeVar("_Way", str, tuple[str, ...])

Tile = int  # a tile's index in reading order (`C.INDEX`)
Line = tuple[Tile, ...]
Cubes = int  # a set of tiles as a bit mask: bit k is tile k


@cache
def _lines() -> tuple[Line, ...]:
    return tuple(tuple(C.INDEX[t] for t in line) for line in C.lines())


def _mask(tiles: Sequence[Tile]) -> Cubes:
    return sum(1 << k for k in tiles)


_ROW_MASKS = tuple(_mask([C.INDEX[t] for t in C.row_tiles(r + 1)]) for r in range(C.ROWS))


class _Turn:
    """The search over the rest of one turn, from one view (built afresh for each decision)."""

    def __init__(self, view: TreeView) -> None:
        seat = view["seat"]
        assert seat is not None, "a computer player sees its own seat's view"
        self.seat = seat
        self.tree = "".join(s for row in view["tree"] for s in row)
        flat = [seats for row in view["cubes"] for seats in row]
        self.mine = _mask([k for k, seats in enumerate(flat) if seat in seats])
        self.theirs = _mask([k for k, seats in enumerate(flat) if seat not in seats and seats])
        self.markers = view["markers"]
        self.star = view["star"]
        self.base = view["base"]
        self.pool = tuple(view["pool"])
        self.row = tuple(view["rows"][seat])
        self.hand = tuple(sorted(view["hand"]))
        top = view["max_len"][seat]
        self.cap = C.LONGEST if top is None else top
        self.own_box = view["own_box"][seat]
        self.neutral = view["neutral"]
        self.decoration = view["decoration"][seat]
        self.finishing = view["finishing"][seat]
        self.commit = view["commit"]
        self.played = view["played"]
        left = 0 if view["ending"] else view["turn_limit"] - view["turn_no"]
        self.ahead = min(1.0, left / AHEAD)  # weight of the prizes still ahead
        self.turns_left = left
        total = (
            view["deck_size"]
            + view["discard_size"]
            + len(self.pool)
            + sum(view["hand_sizes"])
            + sum(len(r) for r in view["rows"])
        )
        deck = C.deck_cards(6 if total > len(C.deck_cards(4)) else 4)
        self.colours = tuple(sorted({C.colour(c) for c in deck}))
        seen = {*self.hand, *self.pool, *(c for r in view["rows"] for c in r)}
        self.unseen = tuple(c for c in deck if c not in seen)
        self.deck = deck
        # what the board and the best cubes are worth depends on these only, and is shared
        # by every `_Turn` that has them (the steps of one turn, the deals a search imagines)
        boards = (
            seat,
            self.mine,
            self.theirs,
            tuple(self.markers),
            self.star,
            tuple(self.base),
            self.decoration,
            self.finishing,
            self.ahead,
        )
        self._board, self._gain = _BOARDS.get(boards, lambda: ({}, {}))
        self._deal(self.pool)
        self._place: dict[tuple[tuple[str, ...], str | None], tuple[float, Cubes]] = {}

    def _deal(self, pool: tuple[str, ...]) -> None:
        """Set the pool, and with it the chances of finding each symbol and card soon (the
        searches that depend on them start afresh)."""
        self.pool = pool
        self.find = {
            s: FIND_IN_POOL
            if any(C.symbol(c) == s for c in pool)
            else FIND_UNSEEN
            if any(C.symbol(c) == s for c in self.unseen)
            else 0.0
            for s in C.SYMBOLS
        }
        self.likely = {
            c: IN_POOL if c in pool else UNSEEN if c in self.unseen else 0.0 for c in self.deck
        }
        #: per symbol, the chance of finding k cards of it, by k
        self.powers = {s: [f**k for k in range(C.LONGEST + 1)] for s, f in self.find.items()}
        self._prep: dict[tuple[tuple[str, ...], tuple[str, ...], int, str | None], float] = {}
        #: the pairs of pool cards not searched in full, with what they look worth
        self._pairs: dict[tuple[str, ...], float] | None = None
        self._pot: dict[tuple[_RowKey, Cubes], float] = {}
        self._looks: dict[_RowKey, dict[int, tuple[int, float]]] = {}
        finds = (self.tree, self.cap, self.turns_left, *(self.find[s] for s in C.SYMBOLS))
        self._reach = _REACHES.get(finds, dict)

    # ------------------------------------------------------------------ the board
    def board(self, mine: Cubes) -> float:
        """The seat's points if the game ended after this turn with its cubes on `mine`
        (markers, Star and Base as the end of the turn gives them), plus the prizes ahead."""
        got = self._board.get(mine)
        if got is None:
            got = self._board[mine] = self._board_value(mine)
        return got

    def _board_value(self, mine: Cubes) -> float:
        seat = self.seat
        spent = mine.bit_count() - self.mine.bit_count()
        done = [r for r in range(C.ROWS) if mine & _ROW_MASKS[r] == _ROW_MASKS[r]]
        points = 0.0
        finishing = self.finishing
        for r in done:
            owner = self.markers[r]
            if owner is None and finishing:
                owner = seat
                finishing -= 1
            points += r + 2 if owner == seat else (r + 2) // 2
        reached = sum(1 for r in range(C.ROWS) if mine & _ROW_MASKS[r])
        star = self.star
        if star is None and reached == C.ROWS:
            star, spent = seat, spent + 1
        points += C.STAR_POINTS if star == seat else 0
        base = list(self.base)
        held = base.count(seat)
        apart = any(b - a >= 2 for a in done for b in done)
        if held == 0 and apart and None in base:
            base[base.index(None)] = seat
            held, spent = 1, spent + 1
        if held == 1 and len(done) >= 4 and None in base:
            base[base.index(None)] = seat
            spent += 1
        points += sum(p for p, owner in zip(C.BASE_POINTS, base, strict=True) if owner == seat)
        points -= max(0, self.decoration - spent)
        if self.ahead <= 0:
            return points
        return points + self.ahead * self._prizes(mine, done, reached, star)

    def _prizes(self, mine: Cubes, done: list[int], reached: int, star: int | None) -> float:
        """The shares of the rows' prizes and of the Star the cubes on `mine` are on their way
        to (`done`: the rows they complete; `reached`: the rows they touch; `star`: the Star's
        owner then)."""
        ahead = 0.0
        for r in range(C.ROWS):
            if r in done:
                continue
            n = r + 2
            have = (mine & _ROW_MASKS[r]).bit_count()
            if self.markers[r] is None:
                theirs = (self.theirs & _ROW_MASKS[r]).bit_count()
                win = (n - theirs + 0.5) / (2 * n - have - theirs + 1)
                prize = win * n + (1 - win) * (n // 2)
            else:
                prize = n // 2
            ahead += ROW_SHARE * prize * (have / n) ** 2
        if star is None:
            ahead += STAR_SHARE * C.STAR_POINTS * (reached / C.ROWS) ** 2
        return ahead

    def outlook(self) -> float:
        """What the position promises the seat beyond its points now: the prizes its cubes are
        on their way to, and the next placement its row and hand can grow into."""
        mine = self.mine
        done = [r for r in range(C.ROWS) if mine & _ROW_MASKS[r] == _ROW_MASKS[r]]
        reached = sum(1 for r in range(C.ROWS) if mine & _ROW_MASKS[r])
        prizes = (
            self.ahead * self._prizes(mine, done, reached, self.star) if self.ahead > 0 else 0.0
        )
        return prizes + self.potential(self.row, self.hand, mine)

    # ------------------------------------------------------------------ placing
    def best_cubes(self, seg: Line, n: int, mine: Cubes) -> tuple[float, Cubes]:
        """The best board after n cubes on free tiles of the segment (all, if they fit)."""
        board = self.board
        return max((board(mine | m), mine | m) for m in _picks(seg, n, mine))

    def box_values(self, row: tuple[str, ...], commit: str | None) -> dict[str, float]:
        """Outcome -> value of the box cards the row can claim (as `game.box_outcomes`)."""
        counts: dict[str, int] = {}
        for card in row:
            counts[C.colour(card)] = counts.get(C.colour(card), 0) + 1
        totals = set(counts.values())
        if commit is None:
            totals |= {a + b for a, b in combinations(counts.values(), 2)}
        out: dict[str, float] = {}
        for total in totals:
            prize = self.prize(total)
            if prize is not None:
                out[prize[0]] = prize[1]
        return out

    def prize(self, total: int) -> tuple[str, float] | None:
        """The box outcome a colour count of `total` wins, and its value: the own stack first
        (a longer maximum row is worth a little more while turns are left), else a neutral
        stack."""
        if self.own_box and total == self.own_box[0]:
            return "own", total + (OWN_BOX_BONUS * self.ahead if len(self.own_box) > 1 else 0.0)
        if total in C.BOX_VALUES and self.neutral[total - 4]:
            return str(total), float(total)
        return None

    def place(self, row: tuple[str, ...], commit: str | None) -> tuple[float, Cubes]:
        """The best placement of the row: board value plus box, and the cubes after it."""
        key = (row, commit)
        got = self._place.get(key)
        if got is None:
            n = C.most_of_one_colour(row)
            best = max(self.best_cubes(seg, n, self.mine) for seg in _matching(self.tree, row))
            box = max(self.box_values(row, commit).values(), default=0.0)
            got = self._place[key] = (best[0] + box, best[1])
        return got

    # ------------------------------------------------------------------ what a row may become
    def potential(self, row: tuple[str, ...], hand: tuple[str, ...], mine: Cubes) -> float:
        """The discounted value of the next placement the row and hand can grow into."""
        word = C.word(row)
        useful = _needed(self.tree, word, self.cap)
        cards = tuple(c for c in hand if c[1] in useful)
        # `_grow` reads the row's symbols and its colour counts, not its order of colours
        key = (word, "".join(sorted([c[0] for c in row])), cards)
        got = self._pot.get((key, mine))
        if got is None:
            got = self._pot[key, mine] = self._grow(row, cards, mine, key)
        return got + HAND_CARD * len(hand)

    def _grow(
        self, row: tuple[str, ...], hand: tuple[str, ...], mine: Cubes, key: _RowKey
    ) -> float:
        """The best target along the row's lines: each segment the row can grow into (up to the
        maximum; any segment for an empty row) is valued by the cubes its likeliest colour would
        place there, times the chance of finding the missing symbols, discounted per turn it
        takes. What a target is worth apart from the board (`mine`) is kept, by `key`."""
        best = 0.0
        if self.turns_left <= 0:
            return best
        in_hand: dict[str, int] = {}
        for c in hand:
            in_hand[c[1]] = in_hand.get(c[1], 0) + 1
        held = set(hand)
        colours = self.colours
        likely = self.likely
        #: per symbol, what a card of it adds to each colour's count: 1 for a hand card of that
        #: colour; a chance for a card still to be found (when the hand has none of the symbol);
        #: worked out for the symbols a target that passes the cuts below needs
        adds: dict[str, list[float]] = {}
        base = [sum(1.0 for card in row if card[0] == c) for c in colours]
        gains = self._gain
        symbols = "".join(sorted([c[1] for c in hand]))
        #: per target (by its place in the list), the cubes its likeliest colour would place
        #: and the box card it may win, worth so much
        looks = self._looks.get(key)
        if looks is None:
            looks = self._looks[key] = {}
        reach = self._reachable(key[0], symbols, in_hand)
        for i, (seg, bits, size, need, weight) in enumerate(reach):
            if bits & ~mine == 0:
                continue
            full = gains.get((bits, size, mine))
            if full is None:
                full = self.gain_of(seg, bits, size, mine)
            if full * weight <= best:
                continue
            look = looks.get(i)
            if look is None:
                counts = base[:]
                for s, _ in need:
                    add = adds.get(s)
                    if add is None:
                        add = adds[s] = [
                            1.0 if c + s in held else 0.0 if s in in_hand else likely[c + s]
                            for c in colours
                        ]
                    for j, a in enumerate(add):
                        counts[j] += a
                counts.sort()
                look = looks[i] = (
                    max(1, int(counts[-1] + 0.5)),
                    max(self.chance_of_box(counts[-1]), self.chance_of_box(sum(counts[-2:]))),
                )
            n, box = look
            value = gains.get((bits, n, mine))
            if value is None:
                value = self.gain_of(seg, bits, n, mine)
            value = (value + box) * weight
            if value > best:
                best = value
        return best

    def _reachable(
        self, word: str, symbols: str, in_hand: dict[str, int]
    ) -> list[tuple[Line, Cubes, int, tuple[tuple[str, int], ...], float]]:
        """The targets of a row reading `word` that a hand with these `symbols` (counted in
        `in_hand`) may reach in the turns left: (tiles, mask, size, missing symbols, the chance
        of finding them discounted per turn it takes)."""
        key = (word, symbols)
        got = self._reach.get(key)
        if got is not None:
            return got
        got = self._reach[key] = []
        powers = self.powers
        for seg, bits, need, soonest in _targets(self.tree, word, self.cap):
            chance = 1.0
            unknown = 0
            for s, k in need:
                short = k - in_hand.get(s, 0)
                if short > 0:
                    unknown += short
                    chance *= powers[s][short]
            turns = unknown if unknown > soonest else soonest
            if chance > 0 and turns <= self.turns_left:
                got.append((seg, bits, len(seg), need, chance * _DISCOUNTS[turns]))
        return got

    def chance_of_box(self, count: float) -> float:
        """A box card for a colour count expected to be `count`, times the chance of it."""
        total = int(count + 0.5)
        prize = self.prize(total)
        return 0.0 if prize is None else prize[1] * min(1.0, 1.0 - (total - count))

    def gain_of(self, seg: Line, bits: Cubes, n: int, mine: Cubes) -> float:
        """What the best n cubes on the segment (its tiles and their mask) add to the board."""
        key = (bits, n, mine)
        got = self._gain.get(key)
        if got is None:
            if n >= (bits & ~mine).bit_count():  # every free tile: one way to do it
                got = self.board(mine | bits) - self.board(mine)
            else:
                got = self.best_cubes(seg, n, mine)[0] - self.board(mine)
            self._gain[key] = got
        return got

    # ------------------------------------------------------------------ the turn
    def prepare(
        self, row: tuple[str, ...], hand: tuple[str, ...], played: int, commit: str | None
    ) -> float:
        """The best value reachable from the prepare step with this row and hand."""
        key = (row, hand, played, commit)
        got = self._prep.get(key)
        if got is None:
            got = max(v for _, v in self.prepare_moves(row, hand, played, commit))
            self._prep[key] = got
        return got

    def prepare_moves(
        self,
        row: tuple[str, ...],
        hand: tuple[str, ...],
        played: int,
        commit: str | None,
        every: bool = False,
    ) -> list[tuple[str, float]]:
        """(action id, value) for each move of the prepare step (`more` excluded). Plays that
        start the row anew (wiping it, or into an empty row) are weighed as a turn's first card
        and, when `every` asks for every move's value, at any card; either way only the
        likeliest few are followed to the end of the turn (`_wipe_plays`). Later in the search
        a card that does not fit the row is no play. Beyond the moves asked about, only the
        `PLAY_BEAM` plays that look best at once (the turn ended after them) are followed further:
        a big hand otherwise makes thousands of ways through three cards."""
        if len(row) >= self.cap:  # a full row is placed at once (TREE-G35)
            value, mine = self.place(row, commit)
            return [("place", value + self.potential((), hand, mine))]
        moves: list[tuple[str, float]] = [("end", self.ended(row, hand))]
        if len(row) >= C.MIN_PLACE:
            value, mine = self.place(row, commit)
            moves.append(("place", value + self.potential((), hand, mine)))
        limit = 3 if commit in (None, "extra") else 2
        if played < limit:
            after = "extra" if played == 2 else commit
            ends = ("",) if len(row) <= 1 else (":L", ":R")
            wipes: list[tuple[str, str]] = []
            plays: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
            for card in sorted(set(hand)):
                rest = _without(hand, card)
                for end in ends:
                    new = (card, *row) if end == ":L" else (*row, card)
                    anew = not row
                    if not anew and not C.matching_word(self.tree, C.word(new)):
                        if played and not every:
                            continue
                        new, anew = (card,), True
                    if anew and (every or not played):
                        wipes.append((card, end))
                        continue
                    plays.append((f"play:{card}{end}", new, rest))
            moves += self._plays(plays, played + 1, after, beam=not every)
            moves += self._wipe_plays(wipes, hand, played + 1, after)
        return moves

    def _plays(
        self,
        plays: list[tuple[str, tuple[str, ...], tuple[str, ...]]],
        played: int,
        commit: str | None,
        beam: bool,
    ) -> list[tuple[str, float]]:
        """Plays (action id, row after, hand after) valued by the best way on; with `beam`,
        only the best `PLAY_BEAM` by a first look are searched, the others keep that look."""
        if not beam or len(plays) <= PLAY_BEAM:
            return [(m, self.prepare(row, hand, played, commit)) for m, row, hand in plays]
        looks = {m: self.ended(row, hand) for m, row, hand in plays}
        follow = _likeliest(looks, PLAY_BEAM)
        return [
            (m, self.prepare(row, hand, played, commit) if m in follow else looks[m])
            for m, row, hand in plays
        ]

    def _wipe_plays(
        self, wipes: list[tuple[str, str]], hand: tuple[str, ...], played: int, commit: str | None
    ) -> list[tuple[str, float]]:
        """Plays (card, end) that start the row anew with the card, valued: each first as
        ending the turn with the card alone in the row (a lower bound of what it leads to),
        and the best `WIPE_PLAYS` cards by that measure searched in full. A big hand starts a
        row many ways, and searching each is what made the first steps of a turn slow."""
        guess = {card: self.ended((card,), _without(hand, card)) for card, _ in wipes}
        for card in _likeliest(guess, WIPE_PLAYS):
            guess[card] = self.prepare((card,), _without(hand, card), played, commit)
        return [(f"play:{card}{end}", guess[card]) for card, end in wipes]

    def ended(self, row: tuple[str, ...], hand: tuple[str, ...]) -> float:
        """The turn ended now with this row and hand: the board as it stands and what they can
        grow into (the first look at a way the search may not follow to the end)."""
        return self.board(self.mine) + self.potential(row, hand, self.mine)

    def after_take(self, hand: tuple[str, ...], commit: str | None) -> float:
        return self.prepare(self.row, hand, 0, commit)

    def more_value(self, hand: tuple[str, ...], pool: tuple[str, ...]) -> float:
        return max((self.pair_value(_sorted(*hand, c)) for c in pool), default=-1e9)

    def pair_value(self, hand: tuple[str, ...]) -> float:
        """The best turn with two pool cards taken (`hand` holds them): followed to the end of
        the turn for the `PAIR_SEARCH` pairs that look best before any card is played, else
        that look (a lower bound: the turn ended with both cards kept). Following all six pairs
        was a third of a take's time; it chose no better (bench.tree_selfplay --versus)."""
        if self._pairs is None:
            hands = {_sorted(*self.hand, *two) for two in combinations(self.pool, 2)}
            looks = {h: self.ended(self.row, h) for h in hands}
            followed = _likeliest(looks, PAIR_SEARCH)
            self._pairs = {h: v for h, v in looks.items() if h not in followed}
        guess = self._pairs.get(hand)
        return self.after_take(hand, "take2") if guess is None else guess

    def take_value(self, card: str) -> float:
        """The best turn after taking the card, a second take included. Between two orders of
        the same two takes, the card that is better on its own goes first (a hair's weight)."""
        hand = _sorted(*self.hand, card)
        alone = self.after_take(hand, None)
        rest = tuple(c for c in self.pool if c != card)
        both = self.more_value(hand, rest) if rest else alone
        return max(alone, both) + 1e-3 * alone

    def wipe_value(self) -> float:
        """The expected best take from four cards dealt from the unseen ones: each card is first
        guessed at by what it adds to the row's prospects, and the likeliest (`WIPE_SEARCH`)
        are searched (the best of four is what counts)."""
        wiped = copy.copy(self)  # the same board, but the pool is gone to the discards
        wiped._deal(())
        hands = [_sorted(*self.hand, c) for c in self.unseen]
        guess = sorted((wiped.ended(self.row, h), h) for h in hands)
        cut = len(guess) - WIPE_SEARCH
        values = [v for v, _ in guess[:cut]]
        values += [max(v, wiped.after_take(h, "wipe")) for v, h in guess[cut:]]
        return _expected_best(sorted(values), C.POOL_SIZE)


#: Tables shared between `_Turn`s that read the same parts of their views, by those parts
SHARED_KEPT = 64
_Board = tuple[dict[Cubes, float], dict[tuple[Cubes, int, Cubes], float]]
_Reach = dict[tuple[str, str], list[tuple[Line, Cubes, int, tuple[tuple[str, int], ...], float]]]
_BOARDS: Kept[tuple[object, ...], _Board] = Kept(SHARED_KEPT)
_REACHES: Kept[tuple[object, ...], _Reach] = Kept(SHARED_KEPT)


def _likeliest(looks: dict[_Way, float], k: int) -> list[_Way]:
    """The `k` ways that look best at first (ties: the first in sorted order): the ones a
    search follows to the end of the turn."""
    return sorted(looks, key=lambda w: (-looks[w], w))[:k]


def _expected_best(values: list[float], k: int) -> float:
    """E[max] of k values drawn without replacement from the sorted list `values`."""
    n = len(values)
    if n == 0:
        return -1e9
    k = min(k, n)
    ways = math.comb(n, k)
    # values[i] is the best of the k when the other k - 1 come from the i below it
    return sum(v * math.comb(i, k - 1) / ways for i, v in reversed(list(enumerate(values))))


@lru_cache(maxsize=8192)
def _picks(seg: Line, n: int, mine: Cubes) -> tuple[Cubes, ...]:
    """The ways to put n cubes on the segment's tiles free of `mine` (all, if they fit), as
    masks."""
    free = [k for k in seg if not mine >> k & 1]
    picks = [free] if n >= len(free) else combinations(free, n)
    return tuple(_mask(p) for p in picks)


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    k = hand.index(card)
    return hand[:k] + hand[k + 1 :]


def _sorted(*cards: str) -> tuple[str, ...]:
    return tuple(sorted(cards))


@lru_cache(maxsize=4096)
def _targets(
    tree: str, word: str, cap: int
) -> tuple[tuple[Line, Cubes, tuple[tuple[str, int], ...], int], ...]:
    """Each segment a row reading `word` can grow into (any segment for an empty row), from
    `C.MIN_PLACE` to `cap` tiles: (its tiles, as a mask, the missing symbols with their counts,
    the fewest turns the missing cards take to prepare: at least one)."""
    out = []
    back = word[::-1]
    size = len(word)
    for line in _lines():
        symbols = "".join(tree[k] for k in line)
        starts = range(len(line) + 1) if not word else range(len(line) - size + 1)
        for start in starts:
            if word and symbols[start : start + size] not in (word, back):
                continue
            end = start + size
            for lo in range(max(0, end - cap), start + 1):
                for hi in range(max(end, lo + C.MIN_PLACE), min(len(line), lo + cap) + 1):
                    if not word and (lo != start or hi == end):
                        continue  # an empty row: each segment once
                    missing = symbols[lo:start] + symbols[end:hi]
                    need = tuple((s, missing.count(s)) for s in sorted(set(missing)))
                    seg = line[lo:hi]
                    out.append((seg, _mask(seg), need, max((len(missing) + 1) // 2, 1)))
    return tuple(out)


def _matching(tree: str, row: tuple[str, ...]) -> tuple[Line, ...]:
    """`C.matching` as tile indices, in its order (for `seg:K`)."""
    return _matching_word(tree, "".join(C.symbol(c) for c in row))


@lru_cache(maxsize=4096)
def _needed(tree: str, word: str, cap: int) -> frozenset[str]:
    """The symbols a row reading `word` may still need (other hand cards cannot help it)."""
    return frozenset(s for _, _, need, _ in _targets(tree, word, cap) for s, _ in need)


@lru_cache(maxsize=4096)
def _matching_word(tree: str, word: str) -> tuple[Line, ...]:
    back = word[::-1]
    return tuple(
        tuple(C.INDEX[t] for t in seg)
        for seg in C.segments(len(word))
        if C.symbols_of(tree, seg) in (word, back)
    )


#: Answers of `TreeNormal.values` kept, the oldest dropped first
ASKED_KEPT = 1024
_ASKED: Kept[str, dict[str, float]] = Kept(ASKED_KEPT)


def _asked(view: TreeView, moves: list[str]) -> str:
    """What `_Turn` reads of the view, and the moves: equal keys get equal values."""
    seat = view["seat"]
    assert seat is not None, "a computer player sees its own seat's view"
    left = 0 if view["ending"] else view["turn_limit"] - view["turn_no"]
    total = view["deck_size"] + view["discard_size"] + sum(view["hand_sizes"])
    return repr(
        (
            seat,
            view["tree"],
            view["cubes"],
            view["markers"],
            view["star"],
            view["base"],
            view["pool"],
            view["rows"],
            sorted(view["hand"]),
            view["max_len"][seat],
            view["own_box"][seat],
            view["neutral"],
            view["decoration"][seat],
            view["finishing"][seat],
            view["commit"],
            view["played"],
            left,
            total,
            moves,
        )
    )


class TreeNormal:
    """The `normal` level: every legal move valued by `_Turn`'s search, ties broken by the
    rng."""

    name = "normal"

    def choose(self, view: TreeView, legal: Sequence[Action], rng: random.Random) -> str:
        moves = [a.id for a in legal if not a.back]
        if len(moves) == 1:
            return moves[0]
        values = self.values(view, moves)
        best = max(values[m] for m in moves)
        top = [m for m in moves if values[m] >= best - 1e-9]
        return top[0] if len(top) == 1 else rng.choice(top)

    def values(self, view: TreeView, moves: list[str]) -> dict[str, float]:
        """Each of `moves` (ids, no `back`) valued by the best way the turn can go on after it.
        Recent answers are kept (`_ASKED`): a search plays the seat's own steps of a turn out
        the same way on every deal it imagines, so it asks most questions more than once."""
        return dict(_ASKED.get(_asked(view, moves), lambda: self._values(view, moves)))

    def _values(self, view: TreeView, moves: list[str]) -> dict[str, float]:
        turn = _Turn(view)
        first = moves[0].partition(":")[0]
        if first in ("take", "wipe", "skip"):
            out: dict[str, float] = {}
            for m in moves:
                if m == "wipe":
                    out[m] = turn.wipe_value()
                elif m == "skip":
                    out[m] = turn.after_take(turn.hand, None)
                else:
                    out[m] = turn.take_value(m[5:])
            return out
        if first in ("seg", "dir"):
            return self._segments(turn, moves)
        if first == "put":
            return self._cubes(turn, moves)
        if first == "box":
            values = turn.box_values(turn.row, turn.commit)
            return {m: values.get(m[4:], 0.0) for m in moves}
        # prepare
        plays = dict(turn.prepare_moves(turn.row, turn.hand, turn.played, turn.commit, True))
        for m in moves:
            if m.startswith("more:"):  # C2: the second card, taken with the commit
                plays[m] = turn.after_take(_sorted(*turn.hand, m[5:]), "take2")
        out = {}
        for m in moves:
            if m.startswith("sym:"):
                out[m] = max(v for k, v in plays.items() if k.startswith("play:") and k[6] == m[4])
            else:
                out[m] = plays.get(m, -1e9)
        return out

    def _segments(self, turn: _Turn, moves: list[str]) -> dict[str, float]:
        n = C.most_of_one_colour(turn.row)
        segs = C.matching(turn.tree, turn.row)
        values = [turn.best_cubes(seg, n, turn.mine)[0] for seg in _matching(turn.tree, turn.row)]
        out = {}
        for m in moves:
            verb, _, arg = m.partition(":")
            if verb == "seg":
                out[m] = values[int(arg) - 1]
            else:
                out[m] = max(
                    v for seg, v in zip(segs, values, strict=True) if _direction(seg) == arg
                )
        return out

    def _cubes(self, turn: _Turn, moves: list[str]) -> dict[str, float]:
        """The segment is not in the view: it is the best of those whose free tiles give
        exactly the offered choices (the one this policy chose, or the only one a human may
        have chosen)."""
        picks = {tuple(int(k) - 1 for k in m[4:]) for m in moves}
        size = len(next(iter(picks)))
        segs = [
            seg
            for seg in _matching(turn.tree, turn.row)
            if set(combinations([j for j, k in enumerate(seg) if not turn.mine >> k & 1], size))
            == picks
        ]
        n = C.most_of_one_colour(turn.row)
        seg = max(segs, key=lambda s: turn.best_cubes(s, n, turn.mine)[0])
        return {m: turn.board(turn.mine | _mask([seg[int(k) - 1] for k in m[4:]])) for m in moves}


def outlook(view: TreeView) -> float:
    """What the view's seat's position promises beyond its points now, as `normal` values it:
    the prizes its cubes are on their way to, and what its row and hand can grow into."""
    return _Turn(view).outlook()


def _direction(seg: C.Segment) -> str:
    (r1, i1), (r2, i2) = seg[0], seg[1]
    return "h" if r1 == r2 else "d" if i2 == i1 + 1 else "a"
