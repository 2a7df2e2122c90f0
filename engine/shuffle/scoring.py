"""Holiday Shuffle: chronological order, Wild designation and round scoring (HS rules §4.5–4.6).

A mat scores its chronological prefix (the longest strictly increasing run from slot 1, at
least 1), plus n points for every maximal run of n ≥ 3 neighbours in consecutive months
(no December → January wrap, HS-G09; two cards of one month break it, HS-G12) and n points for
every maximal run of n ≥ 3 neighbours in the same month with rising dates (HS-G10, HS-G11).

Wilds float during play. The in-order test is greedy: a Wild becomes the earliest free day after
its left neighbour (HS-G25). At round end each Wild is designated the one day that maximises its
owner's score, never a day already on the mat and never the same day as another Wild; ties go
to the earliest days read left to right (HS-G07).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from engine.shuffle.cards import DAY, DAYS_IN_YEAR, MONTH_DAYS, MONTH_OF, MONTH_START

MIN_RUN = 3


@dataclass(frozen=True, slots=True)
class MatScore:
    """One mat's round score and how it was made."""

    points: int
    prefix: int
    month_runs: tuple[int, ...]  # lengths of consecutive-month runs that score
    same_runs: tuple[int, ...]  # lengths of same-month runs that score
    wilds: tuple[tuple[int, int], ...]  # (slot 0–9, designated day) per Wild, left to right


def prefix_length(mat: tuple[str, ...]) -> int:
    """How many cards from the left are in chronological order, with Wilds placed greedily
    (HS-G25): each takes the earliest day after its left neighbour that is not on the mat."""
    taken: set[int] | None = None  # the mat's dated days, worked out at its first Wild
    last = 0
    for i, card in enumerate(mat):
        day = DAY.get(card)
        if day is None:
            if taken is None:
                taken = {DAY[c] for c in mat if c in DAY}
            day = last + 1
            while day in taken:
                day += 1
            if day > DAYS_IN_YEAR:
                return max(i, 1)
        elif day <= last:
            return max(i, 1)
        last = day
    return len(mat)


def in_order(mat: tuple[str, ...]) -> bool:
    """The round-ending test (HS-G06): every card strictly later than the one on its left."""
    return prefix_length(mat) == len(mat)


def runs(days: Sequence[int]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(prefix, scoring consecutive-month runs, scoring same-month runs) of fully dated days."""
    prefix = 1
    while prefix < len(days) and days[prefix] > days[prefix - 1]:
        prefix += 1
    month_runs: list[int] = []
    same_runs: list[int] = []
    m_len = s_len = 1
    for prev, day in pairwise(days):
        pm, m = MONTH_OF[prev], MONTH_OF[day]
        if m == pm + 1:
            m_len += 1
        else:
            month_runs.append(m_len)
            m_len = 1
        if m == pm and day > prev:
            s_len += 1
        else:
            same_runs.append(s_len)
            s_len = 1
    month_runs.append(m_len)
    same_runs.append(s_len)
    return (
        prefix,
        tuple(n for n in month_runs if n >= MIN_RUN),
        tuple(n for n in same_runs if n >= MIN_RUN),
    )


def score_days(days: Sequence[int]) -> int:
    prefix, month_runs, same_runs = runs(days)
    return prefix + sum(month_runs) + sum(same_runs)


def score_mat(mat: Sequence[str], winner: bool = False) -> MatScore:
    """Designate the Wilds and score the mat (the round winner's stay in order, HS-D02)."""
    days = designate(mat, keep_order=winner)
    prefix, month_runs, same_runs = runs(days)
    wilds = tuple((i, days[i]) for i, c in enumerate(mat) if c not in DAY)
    return MatScore(prefix + sum(month_runs) + sum(same_runs), prefix, month_runs, same_runs, wilds)


# --------------------------------------------------------------------- designating Wilds
#
# The score only looks at neighbours: whether each card is later than the one on its left (for
# the prefix and same-month runs) and how their months compare. So a left-to-right search whose
# state is (previous day, month-run length, same-month-run length, prefix still rising) covers
# it, with run lengths capped at 3 (a run scores 3 when it reaches three cards, then 1 per card).
#
# For a Wild, only its month and whether it is later than its left neighbour matter to its own
# links, and an earlier day is never worse for the links to its right. So for each month it is
# enough to try the earliest free day, and the earliest free day after the left neighbour:
# at most 24 candidates, and the earliest-day tie-break picks among exactly these.
#
# `_Search.bound` solves that problem allowing two Wilds to share a day; it is an exact upper
# bound. The depth-first search then tries candidates in date order with Wilds kept distinct,
# pruned by the bound, so the first complete designation that reaches the target is the
# earliest best one. Sharing a day almost never helps, so the first target nearly always holds.

_State = tuple[int, int, int, bool]  # previous day, month run, same-month run, prefix alive


def _link(state: _State, day: int) -> tuple[int, _State]:
    """Points gained by putting `day` to the right of `state`, and the state after it."""
    prev, m_run, s_run, alive = state
    rising = day > prev
    pm, m = MONTH_OF[prev], MONTH_OF[day]
    gain = 0
    alive = alive and rising
    if alive:
        gain += 1
    if m == pm + 1:
        gain += 3 if m_run == 2 else (1 if m_run == 3 else 0)
        m_run = min(m_run + 1, 3)
    else:
        m_run = 1
    if m == pm and rising:
        gain += 3 if s_run == 2 else (1 if s_run == 3 else 0)
        s_run = min(s_run + 1, 3)
    else:
        s_run = 1
    return gain, (day, m_run, s_run, alive)


class _Search:
    def __init__(self, mat: Sequence[str], keep_order: bool) -> None:
        self.fixed = [DAY.get(c) for c in mat]
        self.keep_order = keep_order
        taken = {d for d in self.fixed if d is not None}
        self.free = [
            [d for d in range(MONTH_START[m], MONTH_START[m] + MONTH_DAYS[m]) if d not in taken]
            for m in range(12)
        ]
        self.memo: dict[tuple[int, _State], int] = {}

    def candidates(self, prev: int, used: frozenset[int] = frozenset()) -> list[int]:
        """For each month, the earliest free day and the earliest free day after `prev`."""
        out: set[int] = set()
        for days in self.free:
            first = next((d for d in days if d not in used), None)
            if first is None:
                continue
            out.add(first)
            if first <= prev:
                k = bisect_right(days, prev)
                while k < len(days) and days[k] in used:
                    k += 1
                if k < len(days):
                    out.add(days[k])
        return sorted(out)

    def options(self, i: int, prev: int, used: frozenset[int] = frozenset()) -> list[int]:
        day = self.fixed[i]
        return [day] if day is not None else self.candidates(prev, used)

    def bound(self, i: int, state: _State) -> int:
        """The most points slots i… can add after `state` (Wilds may share days here);
        -1 when order must be kept and cannot be."""
        if i == len(self.fixed):
            return 0
        key = (i, state)
        best = self.memo.get(key)
        if best is None:
            best = -1
            for day in self.options(i, state[0]):
                gain, after = _link(state, day)
                if after[3] or not self.keep_order:
                    best = max(best, gain + self.bound(i + 1, after))
            self.memo[key] = best
        return best

    def find(
        self, i: int, state: _State, score: int, target: int, used: frozenset[int]
    ) -> list[int] | None:
        """The earliest designation of slots i… reaching `target` with distinct Wilds."""
        if i == len(self.fixed):
            return [] if score >= target else None
        wild = self.fixed[i] is None
        for day in self.options(i, state[0], used):
            gain, after = _link(state, day)
            if (self.keep_order and not after[3]) or score + gain + self.bound(
                i + 1, after
            ) < target:
                continue
            rest = self.find(i + 1, after, score + gain, target, used | {day} if wild else used)
            if rest is not None:
                return [day, *rest]
        return None


def designate(mat: Sequence[str], keep_order: bool = False) -> tuple[int, ...]:
    """The day of every card, Wilds designated to maximise the score (HS-G07).

    With `keep_order` (the round winner's mat, which is in order) only days that keep every card
    later than its left neighbour are allowed, so the winner's prefix is 10 (HS-D02).
    """
    if all(c in DAY for c in mat):
        return tuple(DAY[c] for c in mat)
    search = _Search(mat, keep_order)
    # The first card always scores 1 for the prefix and starts runs of length 1.
    starts = [(day, (day, 1, 1, True)) for day in search.options(0, 0)]
    target = max(1 + search.bound(1, state) for _, state in starts)
    while True:
        for day, state in starts:
            used = frozenset({day}) if search.fixed[0] is None else frozenset()
            rest = search.find(1, state, 1, target, used)
            if rest is not None:
                return (day, *rest)
        target -= 1
