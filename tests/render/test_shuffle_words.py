"""The words on the Holiday Shuffle pictures and in their alt text."""

from __future__ import annotations

import copy
import re

from engine.shuffle import GAME
from render import describe
from render.shuffle import hand, table
from tests.render.drawn import drawn_words

NAMES = ["Ann", "Bea", "Cal", "Dot"]


def _ones(view):
    """`view` with one point each and a single card left on each pile."""
    out = copy.deepcopy(view)
    out["scores"] = [1] * len(out["scores"])
    out["draw_size"] = out["discard_size"] = 1
    return out


def _lines(draw, view) -> list[str]:
    with drawn_words() as drawn:
        draw(view, NAMES)
    return [line for line, _ in drawn]


def test_one_card_left_and_one_point_are_counted_in_words():
    state = GAME.new(4, {}, 1)
    (seat,) = GAME.to_act(state)
    for draw, view, pile in (
        (table, GAME.view(state, None), "1 card"),  # under the discard pile
        (hand, GAME.view(state, seat), "1 card in the draw pile"),
    ):
        view = _ones(view)
        drawn = _lines(draw, view)
        assert pile in drawn, drawn
        for words in ("\n".join(drawn), describe(view, NAMES)):
            assert not re.search(r"\b1 (cards|points)\b", words), words
            assert re.search(r"\b1 point\b", words), words
