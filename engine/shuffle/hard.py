"""Level `hard` for Holiday Shuffle: what the generic searcher (`engine.search`) needs to know.

A round is a race: its winner scores about 16 points, everyone else about 5, and a round
lasts only some 25 turns. So a mat is judged by how far it is from finishing (`need`): the
fewest cards that must still be replaced for the rest to stay where they are in a mat in
order, each weighted by how few dates the gap it falls in leaves to choose from. Fitted on
rounds of `normal` self-play, the chance of winning the round falls by a factor of about
e^0.55 per card needed (`ODDS`), and the seat to act next has the edge of moving first.

A playout plays a few turns (`HORIZON`) with every seat's `normal`, then `cut` estimates each
seat's final score from those chances (the round is worth `WIN_POINTS` to its winner, a
loser keeps what its mat scores now); a round that ends sooner is scored as it ended. Short
playouts are cheap (a few milliseconds) and vary far less than whole rounds, so the budget
compares the moves on many deals. `shortlist` keeps the moves that leave the seat's mat
closest to finishing (then best by `normal`'s valuation).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache

from engine.protocol import Action
from engine.shuffle.ai import _swap, value
from engine.shuffle.cards import DAY, DAYS_IN_YEAR
from engine.shuffle.scoring import score_mat
from engine.shuffle.state import ShuffleState
from engine.shuffle.views import ShuffleView

#: Root moves searched at most.
SHORTLIST = 3
#: Turns a playout plays before it is cut and estimated.
HORIZON = 4
#: Weight of a gap's crowding: a card to place among few possible dates costs more.
CROWDING = 2.0
#: Log-odds of winning the round per card needed, and for the seats to act first, second
#: and third (fitted on 450 rounds of four `normal` players).
ODDS = -0.55
FIRST = (0.55, 0.37, 0.2)
#: What winning a round is worth, about (the winner scores 10 for order plus runs).
WIN_POINTS = 16.0

_DAYS = sorted(DAY.values())


def _dates_between(lo: int, hi: int) -> int:
    """Dated cards whose date is strictly between `lo` and `hi`."""
    return bisect_left(_DAYS, hi) - bisect_left(_DAYS, lo + 1)


@lru_cache(maxsize=1 << 16)
def need(mat: tuple[str, ...]) -> float:
    """How far `mat` is from being in order: over the ways of keeping some dated cards where
    they are (rising, each gap leaving as many days as it has slots; Wilds stay and fill any
    gap), the fewest cards to replace, each counted 1 + CROWDING × slots in its gap / dates
    that could fill it."""
    kept = [(-1, 0), *((k, DAY[c]) for k, c in enumerate(mat) if c in DAY)]
    kept.append((len(mat), DAYS_IN_YEAR + 1))
    best = [math.inf] * len(kept)
    best[0] = 0.0
    for j in range(1, len(kept)):
        sj, dj = kept[j]
        for i in range(j):
            si, di = kept[i]
            gap = sj - si - 1
            if best[i] == math.inf or di >= dj or gap > dj - di - 1:
                continue
            replaced = j - i - 1
            cost = replaced * (1 + CROWDING * gap / max(1, _dates_between(di, dj)))
            best[j] = min(best[j], best[i] + cost)
    return best[-1]


def estimate(s: ShuffleState) -> tuple[float, ...]:
    """Each seat's expected final score, at the start of a turn in the middle of a round:
    its total so far, plus what the round is worth if it wins it (by the odds of `need`
    and of moving first) or else what its mat scores now."""
    odds = [ODDS * need(m) for m in s.mats]
    for k, edge in enumerate(FIRST):
        if k < s.seats:
            odds[(s.turn + k) % s.seats] += edge
    top = max(odds)
    weights = [math.exp(o - top) for o in odds]
    total = sum(weights)
    return tuple(
        score + (w / total) * WIN_POINTS + (1 - w / total) * score_mat(m).points
        for score, w, m in zip(s.scores, weights, s.mats, strict=True)
    )


def cut(root: ShuffleState, s: ShuffleState, steps: int) -> tuple[float, ...] | None:
    """Judge a playout once the round it began in is scored (the next round is dealt afresh
    from cards nobody has seen), or by `estimate` at the first turn's start once HORIZON
    turns have passed."""
    if s.round_no != root.round_no:
        return tuple(float(x) for x in s.scores)
    if s.turns - root.turns < HORIZON or s.pending is not None or s.drawn is not None:
        return None
    if s.effect is not None:
        return None
    return estimate(s)


def shortlist(view: ShuffleView, moves: Sequence[Action]) -> list[Action]:
    """The best few of `moves` by how close they leave the seat's mat to finishing, then by
    `normal`'s valuation (the legal order for ties); every move when the decision is not
    one of slots."""
    seat = view["seat"]
    assert seat is not None, "a computer player sees its own seat's view"
    mats = [tuple(m) for m in view["mats"]]
    keys = {a.id: _after(view, mats, seat, a.id) for a in moves}
    if any(k is None for k in keys.values()):
        return list(moves)
    ranked = sorted(moves, key=lambda a: keys[a.id] or (0.0, 0.0))
    return ranked[:SHORTLIST]


def _after(
    view: ShuffleView, mats: list[tuple[str, ...]], seat: int, move: str
) -> tuple[float, float] | None:
    """(need, -value) of the seat's mat after `move`, lower is better; None for a move this
    does not judge (then the decision is searched whole)."""
    mat = mats[seat]
    verb, _, rest = move.partition(":")
    if verb == "place":
        card = view["drawn"] or view["discard_top"]
        if card is None:
            return None
        return _judge(_swap(mat, int(rest) - 1, card))
    if verb in ("discard", "skip"):
        return _judge(mat)
    if verb == "give":
        a = int(rest) - 1
        return min(
            _judge(_swap(mat, a, theirs[b]))
            for other, theirs in enumerate(mats)
            if other != seat
            for b in range(len(theirs))
        )
    if verb == "get":
        pending = view["pending"]
        if pending is None:
            return None
        other, _, slot = rest.partition(":")
        a, b = int(pending.partition(":")[0]) - 1, int(slot) - 1
        return _judge(_swap(mat, a, mats[int(other)][b]))
    if verb == "sw":
        first, _, second = rest.partition(":")
        a = int(first) - 1
        if not second:
            return min(_judge(_swap(_swap(mat, a, mat[k]), k, mat[a])) for k in range(len(mat)))
        b = int(second) - 1
        return _judge(_swap(_swap(mat, a, mat[b]), b, mat[a]))
    return None


def _judge(mat: tuple[str, ...]) -> tuple[float, float]:
    return need(mat), -value(mat)
