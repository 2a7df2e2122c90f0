"""Level `hard`'s knowledge of Holiday Shuffle: how far a mat is from finishing, the playouts'
cut and estimate, and the shortlist."""

from __future__ import annotations

import random

from engine.search import Budget, candidates, search
from engine.shuffle import GAME, hard
from tests.engine.shuffle.helpers import draw_and_discard, new_game

IN_ORDER = ("0101", "0214", "0317", "0401", "0505", "0614", "0704", "0801", "0906", "1031")
# One card out of place (the Christmas card in slot 5), everything else in order.
ONE_OFF = ("0101", "0214", "0317", "0401", "1225", "0614", "0704", "0801", "0906", "1031")
# Late to early: almost every card must go.
BACKWARDS = ("1225", "1111", "1031", "0906", "0801", "0704", "0614", "0505", "0401", "0317")


def test_need_counts_the_cards_still_to_replace() -> None:
    assert hard.need(IN_ORDER) == 0
    assert 1 <= hard.need(ONE_OFF) < 2
    assert hard.need(BACKWARDS) > 8
    # A Wild fills any gap that has room for it.
    assert hard.need(("W1", *IN_ORDER[1:])) == 0


def test_need_weighs_a_crowded_gap_more() -> None:
    """A slot to fill between Jun 14 and Jun 24 has few dates to take; between Apr 1 and
    Jun 14 many."""
    crowded = ("0101", "0214", "0317", "0401", "0505", "0614", "1225", "0624", "0906", "1031")
    roomy = ("0101", "0214", "0317", "0401", "1225", "0614", "0704", "0801", "0906", "1031")
    assert hard.need(crowded) > hard.need(roomy)


def test_the_estimate_favours_the_mat_closest_to_finishing() -> None:
    state = new_game(3, {1: ONE_OFF}, dealer=0)  # the others late to early
    estimate = hard.estimate(state)
    assert max(range(3), key=lambda s: estimate[s]) == 1
    assert all(e > 0 for e in estimate)


def test_a_playout_is_cut_a_few_turns_on_or_when_its_round_is_scored() -> None:
    root = new_game(3, {}, dealer=0, discard="0106", rounds="3")
    state = root
    for _ in range(hard.HORIZON - 1):
        state, _ = draw_and_discard(state)
        assert hard.cut(root, state, 2) is None
    state, _ = draw_and_discard(state)
    assert hard.cut(root, state, 2) == hard.estimate(state)
    (seat,) = GAME.to_act(state)
    state, _ = GAME.apply(state, seat, "draw")
    assert hard.cut(root, state, 3) is None  # not in the middle of a turn
    over = new_game(3, {1: ONE_OFF}, dealer=0, discard="0505", rounds="3")
    over, _ = GAME.apply(over, 1, "take")
    over, _ = GAME.apply(over, 1, "place:5")
    assert over.round_no == 1
    assert hard.cut(root, over, 2) == tuple(float(s) for s in over.scores)


def test_the_shortlist_keeps_the_placement_that_finishes_the_mat() -> None:
    state = new_game(3, {1: ONE_OFF}, dealer=0, discard="0505")
    state, _ = GAME.apply(state, 1, "take")
    moves = candidates(GAME, state, 1)
    short = GAME.shortlist(state, 1, moves)
    assert short[0].id == "place:5" and len(short) <= hard.SHORTLIST
    found = search(GAME, state, 1, random.Random(1), Budget(12))
    assert found.choice == "place:5"
