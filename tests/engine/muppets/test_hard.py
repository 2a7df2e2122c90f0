"""Level `hard` for the Muppets (engine/muppets/hard.py): where its playouts stop, what it
searches, and `normal`'s swap valuation, which its playouts lean on."""

from __future__ import annotations

import random
from itertools import combinations

from engine import bot_move
from engine.muppets import GAME, hard
from engine.muppets import cards as C
from engine.muppets.ai import swap_value, swap_values
from engine.search import Budget, candidates, search
from tests.engine.muppets.helpers import act, patched, started

ANN = ("Red-Kermit", "Blue-Piggy", "Red-Gonzo")
BEA = ("Green-Piggy", "Yellow-Rizzo", "Green-Fozzie")
CAL = ("Orange-Robin", "Purple-Kermit", "Blue-Gonzo")


def test_a_playout_is_judged_by_gift_points_a_round_later() -> None:
    root = started([ANN, BEA, CAL])  # three players: a round is three turns
    gifts = ((0, 1), (2,), ())  # rigged values: 3, 1 for Ann; 2 for Bea
    assert hard.cut(root, patched(root, gifts=gifts), 5) is None
    assert hard.cut(root, patched(root, gifts=gifts, turns=3 + hard.BEYOND_ROUND - 1), 5) is None
    later = patched(root, gifts=gifts, turns=3 + hard.BEYOND_ROUND)
    assert hard.cut(root, later, 5) == [4.02, 2.01, 0.0]  # a token is worth a tie-break
    assert hard.cut(root, patched(later, phase="over"), 5) is None  # the result judges it


def test_the_lower_gift_is_given_without_a_search() -> None:
    state, _ = act(started([ANN, BEA, CAL], then=["Green-Kermit"]), 0, "tile:scrooge", "put:1:C")
    assert [a.id for a in candidates(GAME, state, 0)] == ["give:1", "give:3"]
    found = search(GAME, state, 0, random.Random(1), Budget(50))
    assert found.instant and found.choice == "give:1" == bot_move(GAME, state, 0, "normal")


def test_every_slot_of_a_placement_is_searched() -> None:
    state, _ = act(started([ANN, BEA, CAL], then=["Orange-Kermit"]), 0, "tile:scrooge")
    moves = candidates(GAME, state, 0)
    assert len(moves) == 9
    assert GAME.shortlist(state, 0, moves) == moves


def test_swap_values_are_swap_value_for_every_pair() -> None:
    rng = random.Random(5)
    for _ in range(300):
        seats = rng.choice([2, 3, 4])
        cards = rng.sample(C.CARDS, 3 * seats)
        rows = [
            [c if rng.random() > 0.3 else None for c in cards[3 * p : 3 * p + 3]]
            for p in range(seats)
        ]
        me = rng.randrange(seats)
        pairs = combinations(range(3 * seats), 2)
        assert list(swap_values(rows, me)) == [(swap_value(rows, me, a, b), a, b) for a, b in pairs]
