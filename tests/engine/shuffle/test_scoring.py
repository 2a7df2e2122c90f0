"""Holiday Shuffle scoring and Wild designation, mat by mat (HS rules §4.5–4.6). Ruling ids
(HS-Gnn, and our own HS-Dnn) are in docs/games/shuffle.md."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.shuffle import cards as C
from engine.shuffle.scoring import designate, in_order, prefix_length, score_days, score_mat


def day(card_or_date: str) -> int:
    """Day of the year of a card id, or of an `MMDD` date that has no card (e.g. `0229`)."""
    m, d = int(card_or_date[:2]), int(card_or_date[2:])
    return C.MONTH_START[m - 1] + d - 1


# --------------------------------------------------------------------- the cards


def test_the_deck_is_60_holidays_12_celebrations_and_6_wilds():  # HS-G01, HS-G02, HS-G03
    kinds = [C.kind(c) for c in C.ALL_CARDS]
    assert len(C.ALL_CARDS) == len(set(C.ALL_CARDS)) == 78
    assert (kinds.count(C.HOLIDAY), kinds.count(C.CELEBRATION), kinds.count(C.WILD)) == (60, 12, 6)
    effects = list(C.EFFECT.values())
    assert sorted(effects) == sorted([C.SWITCH, C.TRADE, C.EXTRA] * 4)
    # Six dated cards a month, five Holidays and one Celebration, all on different days.
    for month in range(1, 13):
        cards = [c for c in C.DAY if C.MONTH_OF[C.DAY[c]] == month]
        assert len(cards) == 6 and sum(c in C.EFFECT for c in cards) == 1
    assert len(set(C.DAY.values())) == 72


def test_dates_are_days_of_2004_a_leap_year():  # HS-G04, HS-G05
    assert C.DAY["0101"] == 1 and C.DAY["0301"] == 61 and C.DAY["1231"] == 366
    assert C.DAYS_IN_YEAR == 366 and C.date_text(60) == "Feb 29"
    assert C.label("0704") == "Jul 4 Independence Day" and C.short("1125") == "Nov 25"
    assert C.label("W3") == "Wild card" and C.short("W3") == "Wild"


# --------------------------------------------------------------------- chronological order


def test_order_is_strict_and_wilds_fill_greedily():  # HS-G06, HS-G25
    assert in_order(
        ("0101", "0106", "0301", "0308", "0501", "0505", "0701", "0704", "0906", "1225")
    )
    assert (
        prefix_length(
            ("0704", "0101", "0106", "0119", "0122", "0125", "0202", "0212", "0214", "0216")
        )
        == 1
    )
    # A Wild takes the earliest free day after its left neighbour...
    assert in_order(("0101", "W1", "0106", "0301", "0308", "0501", "0505", "0701", "0704", "1225"))
    # ...which must not be a day already on the mat: nothing fits between Jun 18 and Jun 19.
    mat = ("0618", "W1", "0619", "0701", "0704", "0801", "0906", "1001", "1101", "1225")
    assert prefix_length(mat) == 2 and not in_order(mat)


def test_no_date_fits_between_jan_31_and_feb_1():  # HS-G07 (rulebook's example)
    rest = ("0202", "0212", "0214", "0216", "0224", "0301")
    # Jan 29 … Feb 2 leaves room for three days only: Jan 30, Jan 31 and Feb 1.
    assert in_order(("0129", "W1", "W2", "W3", *rest))
    assert not in_order(("0129", "W1", "W2", "W3", "W4", *rest[:5]))


def test_feb_29_is_a_date_a_wild_can_be():  # HS-G05
    mat = ("0224", "W1", "W2", "W3", "W4", "W5", "0301", "0308", "0314", "0317")
    assert in_order(mat)  # Feb 25, 26, 27, 28 and 29
    days = designate(mat)
    assert [C.date_text(d) for d in days[1:6]] == ["Feb 25", "Feb 26", "Feb 27", "Feb 28", "Feb 29"]
    assert not in_order(("0224", "W1", "W2", "W3", "W4", "W5", "W6", "0301", "0308", "0314"))


# --------------------------------------------------------------------- scoring


def test_rulebook_figure_3_scores_13():
    # Five in order (Jan 1 … Jun 14), Mar–Apr–May–Jun in consecutive months (4) and four
    # February cards in date order (4).
    mat = ("0101", "0301", "0401", "0501", "0614", "0202", "0212", "0214", "0216", "1225")
    s = score_mat(mat)
    assert (s.prefix, s.month_runs, s.same_runs, s.points) == (5, (4,), (4,), 13)


def test_prefix_is_at_least_one():
    # The second card is earlier than the first: one point for order.
    s = score_mat(("0704", "0101", "1225", "0301", "1125", "0501", "1031", "0614", "0906", "0202"))
    assert s.prefix == 1 and s.points == 1


def test_the_winner_scores_10_plus_bonuses():  # HS-G23
    mat = ("0101", "0106", "0119", "0202", "0301", "0308", "0501", "0505", "0701", "1225")
    s = score_mat(mat, winner=True)
    # Jan ×3 in order (3), Jan 19–Feb–Mar in consecutive months (3), plus all ten in order.
    assert (s.prefix, s.month_runs, s.same_runs, s.points) == (10, (3,), (3,), 16)


def test_december_to_january_is_not_consecutive():  # HS-G09
    mat = ("1225", "1031", "1125", "1208", "0101", "0202", "0301", "0704", "0614", "0505")
    s = score_mat(mat)
    assert s.month_runs == (3, 3)  # Oct–Nov–Dec and Jan–Feb–Mar, not one run of six


def test_two_cards_of_one_month_break_a_month_run():  # HS-G12
    assert score_mat(("0301", "0401", "0501", *_tail())).month_runs == (3,)
    assert score_mat(("0301", "0401", "0411", "0501", *_tail()[:6])).month_runs == ()


def _tail() -> tuple[str, ...]:
    """Seven late-to-early cards that add nothing: prefix ends, no runs."""
    return ("1225", "1111", "0906", "0801", "0614", "1031", "0119")


def test_a_card_can_count_in_both_kinds_of_run_and_every_run_scores():  # HS-G10
    # Jan 1, Jan 6, Jan 19 are one month (3); Jan 19, Feb 2, Mar 1 are consecutive months (3);
    # Jun 14, Jul 1, Aug 1, Sep 6 are a second month run (4).
    mat = ("0101", "0106", "0119", "0202", "0301", "0614", "0701", "0801", "0906", "0505")
    s = score_mat(mat)
    assert s.same_runs == (3,) and s.month_runs == (3, 4)
    assert s.prefix == 9 and s.points == 9 + 3 + 3 + 4


def test_same_month_runs_need_rising_dates():
    assert score_mat(("0101", "0119", "0106", "0122", *_tail()[:6])).same_runs == ()
    assert score_mat(("0101", "0106", "0119", "0122", *_tail()[:6])).same_runs == (4,)


def test_same_month_runs_beyond_six_score_their_length():  # HS-G11
    six = ("0101", "0106", "0119", "0122", "0125", "0129")
    assert score_mat((*six, "1225", "0704", "0505", "0301")).same_runs == (6,)
    s = score_mat((*six, "W1", "1225", "0704", "0505"))
    assert s.same_runs == (7,) and s.wilds == ((6, day("0130")),)


# --------------------------------------------------------------------- Wild designation


def test_a_wild_takes_the_best_date():  # HS-G07
    mat = ("0301", "0308", "W1", "0317", "0704", "0101", "1225", "0906", "0614", "1111")
    s = score_mat(mat)
    # Between Mar 8 and Mar 17 it makes a March run of four; Mar 9 is the earliest such day.
    assert s.wilds == ((2, day("0309")),) and s.same_runs == (4,) and s.prefix == 5


def test_a_useless_wild_takes_the_earliest_free_day_and_wilds_never_share_one():  # HS-G07
    # Nothing after Dec 31, no December → January run, and every neighbour pair is cut off
    # from a third card: both Wilds are useless, and both would like Jan 1.
    mat = ("1231", "W1", "0106", "1225", "0704", "1226", "W2", "0119", "1111", "0614")
    s = score_mat(mat)
    assert s.points == 1 and s.wilds == ((1, day("0101")), (6, day("0102")))
    # A day on the mat is never a Wild's date.
    mat = ("1231", "W1", "0106", "1225", "0704", "0101", "1111", "0614", "0906", "0202")
    assert score_mat(mat).wilds == ((1, day("0102")),)


def test_a_wild_is_one_date_for_every_bonus():
    # It can finish Oct–Nov–Dec or a run of three December days, not both: either is worth 3,
    # and the earlier date (Nov 1) wins the tie.
    mat = ("1031", "W1", "1213", "1221", "0704", "0101", "0906", "0614", "0505", "0202")
    s = score_mat(mat)
    assert s.points == 4 + 3 and s.wilds == ((1, day("1101")),)


def test_the_round_winner_keeps_the_order_its_wilds_made():  # HS-D02
    mat = ("0308", "0422", "0501", "0720", "0801", "0815", "0919", "W1", "1001", "1225")
    assert in_order(mat)
    # Free to choose, Oct 2 would score more (Aug–Sep–Oct, but only 8 in order)...
    free = score_mat(mat)
    assert (free.prefix, free.points, free.wilds) == (8, 14, ((7, day("1002")),))
    # ...but the winner's Wild must be the date that put the mat in order.
    won = score_mat(mat, winner=True)
    assert (won.prefix, won.points, won.wilds) == (10, 13, ((7, day("0920")),))


def _brute_force(mat: tuple[str, ...]) -> tuple[int, ...]:
    """Every combination of distinct free days for the Wilds; the first best one."""
    fixed = [C.DAY.get(c) for c in mat]
    free = [d for d in range(1, 367) if d not in fixed]
    slots = [i for i, d in enumerate(fixed) if d is None]
    best: tuple[int, list[int]] | None = None
    for combo in itertools.product(free, repeat=len(slots)):
        if len(set(combo)) < len(combo):
            continue
        days = list(fixed)
        for i, d in zip(slots, combo, strict=True):
            days[i] = d
        points = score_days(days)
        if best is None or points > best[0]:
            best = (points, days)  # type: ignore[assignment]
    assert best is not None
    return tuple(best[1])


@pytest.mark.parametrize("seed", range(4))
def test_designation_matches_brute_force(seed):  # HS-G07
    rng = random.Random(seed)
    dated = sorted(C.DAY, key=C.DAY.get)
    for _ in range(12):
        cards = rng.sample(dated, 9)
        if rng.random() < 0.7:
            cards.sort(key=C.DAY.get)
        cards.insert(rng.randrange(10), "W1")
        assert designate(tuple(cards)) == _brute_force(tuple(cards)), cards
