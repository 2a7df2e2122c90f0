"""The words on the Holiday Shuffle pictures, in the text under them and in their alt text."""

from __future__ import annotations

import copy
import re

from engine.shuffle import GAME
from render import describe, panel
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
    for draw, view in ((table, GAME.view(state, None)), (hand, GAME.view(state, seat))):
        view = _ones(view)
        said = panel(view, NAMES)
        assert "Discard pile 1 card · draw pile 1 card" in said, said
        assert "1" in _lines(draw, view)  # the draw pile's count, on its card
        for words in ("\n".join(_lines(draw, view)), said, describe(view, NAMES)):
            assert not re.search(r"\b1 (cards|points)\b", words), words
        for words in (said, describe(view, NAMES)):
            assert re.search(r"\b1 point\b", words), words
