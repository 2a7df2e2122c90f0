"""Every count a player reads is written with `engine.words.plural`: "1 card", never "1 cards",
in the narration, headlines, prompts and labels, the alt text and the pictures."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import bot_move
from engine.muppets import GAME
from engine.protocol import Event, fill_names
from render import describe, muppets, panel
from render.common import measured
from tests.engine.muppets.helpers import NAMES

NOUNS = "card|gift|point|set|turn|stack"
#: A count whose noun does not agree with it: "1 cards", "0 card", "3 gift".
WRONG = re.compile(rf"\b(?:1 (?:{NOUNS})s|(?:0|[2-9]|\d\d+) (?:{NOUNS}))\b(?![-\w])")


def test_the_pattern_finds_counts_that_disagree():
    assert WRONG.search("in 1 cards") and WRONG.search("with 3 point.")
    assert not WRONG.search("1 card, 2 gifts, a 2-point gift, 10 sets, 3 setups")


def played(seats: int, seed: int) -> Any:
    """A computer-played game (level normal) to its end; every state on the way."""
    state = GAME.new(seats, {}, seed)
    states = [state]
    while to_act := sorted(GAME.to_act(state)):
        seat = to_act[0]
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
        states.append(state)
    return states


def drawn_words(view: Any) -> list[str]:
    """Every string the picture of `view` draws (kept drawings' words included)."""
    with measured() as lines:
        (muppets.hand if view["seat"] is not None else muppets.table)(view, NAMES[: view["seats"]])
    return [line for line, _ in lines]


def ones(view: Any) -> Any:
    """`view` with every count at one: a card left, a gift left, one set, one point."""
    out = dict(view)
    out.update(deck=1, gifts_left=1, next_tile="YET_TO_COME", next_tile_in=1, turn_no=1)
    out.update(sets=[1] * view["seats"], gift_counts=[1] * view["seats"])
    if view["seat"] is not None:
        out["my_gifts"] = [{"value": 1, "from": None}]
    if view["finished"]:
        scores = [1] + [0] * (view["seats"] - 1)
        out.update(scores=scores, gift_values=[[1]] + [[]] * (view["seats"] - 1))
        out["result"] = {"scores": scores, "ranks": [1] + [2] * (view["seats"] - 1), "winners": [0]}
    return out


def test_text_counts_one_of_everything_in_the_singular():
    states = played(3, 4)
    middle, last = states[len(states) // 2], states[-1]
    for seat in (None, 0):
        text = describe(ones(GAME.view(middle, seat)), NAMES[:3])
        assert "in 1 card)" in text and not WRONG.search(text), text
        text = describe(ones(GAME.view(last, seat)), NAMES[:3])
        assert "Game over after 1 turn" in text and "1 point" in text
        assert not WRONG.search(text), text


def test_pictures_and_their_text_count_one_of_everything_in_the_singular():
    states = played(3, 4)
    for state in (states[len(states) // 2], states[-1]):
        for seat in (None, 0):
            view = ones(GAME.view(state, seat))
            words = drawn_words(view)
            said = panel(view, NAMES[:3])
            assert not any(WRONG.search(w) for w in words), words
            assert not WRONG.search(said), said
            if not view["finished"]:  # the next tile's count on its tile, the rest in text
                assert "in 1 card" in words and "🎁 1 gift · 1 set" in said
    finished = ones(GAME.view(states[-1], 0))
    assert "1 pt" in drawn_words(finished)
    assert "🏆 **Ann** wins with 1 point" in panel(finished, NAMES[:3])


def test_narration_counts_gifts_and_points_in_words():
    gift = Event("gift", {"seat": 1, "count": 1, "left": 5, "last_for": -1})
    assert GAME.narrate(gift, NAMES) == "🎁 Bea takes a gift without looking (now 1 gift)."
    over = {"reason": "gifts", "scores": [1, 1], "gifts": [1, 0], "centres": [None, None]}
    line = GAME.narrate(Event("game_over", {**over, "ranks": [1, 2], "winners": [0]}), NAMES)
    assert line == (
        "Game over: the last gift has been given out! Ann wins the tie on 1 point with 1 gift."
        " Scores: Ann 1 (1 gift), Bea 1 (0 gifts)."
    )
    deck = Event("deck", {"stacks": [9, 9, 9, 9]})
    assert GAME.narrate(deck, NAMES) == (
        "The deck is split into four stacks of 9, 9, 9 and 9 cards, each under a Story tile."
    )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_count_a_player_reads_disagrees_with_its_noun(seats: int):
    names = NAMES[:seats]
    state = GAME.new(seats, {}, seats)
    lines: list[str] = []
    while to_act := sorted(GAME.to_act(state)):
        for seat in (None, *range(seats)):
            view = GAME.view(state, seat)
            lines += [fill_names(view["headline"], names), describe(view, names)]
            if seat is not None:
                lines.append(fill_names(view.get("prompt", ""), names))
                lines += [
                    fill_names(a.label + " " + a.hint, names) for a in GAME.legal(state, seat)
                ]
        seat = to_act[0]
        state, events = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
        lines += [GAME.narrate(e, names) or "" for e in events]
    lines += [GAME.score_text(n) for n in range(4)]
    wrong = [line for line in lines if WRONG.search(line)]
    assert not wrong, wrong[:5]
