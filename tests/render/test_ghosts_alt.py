"""Ghosts' alt text keeps what matters within what Discord keeps (`render.alt.fit`): who is
winning, whose turn and what this seat is asked with its hand, then the eras and the last
round."""

from __future__ import annotations

import re

from engine import bot_move
from engine.ghosts import GAME
from render import describe

NAMES = ["Ann", "Bea", "Cal", "Dot"]


def _play(state, steps: int):
    for _ in range(steps):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    return state


def _order(text: str, parts: list[str]) -> list[int]:
    for part in parts:
        assert part in text, (part, text)
    return [text.index(part) for part in parts]


def test_scores_then_the_seats_question_and_hand_then_the_eras_and_last_round():
    # Four eras, four players, a round scored and the next one under way: the longest text.
    state = _play(GAME.new(4, {"beyond": "on"}, 1), 8 + 2 * 16 + 2 * 6)
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    assert view["last_round"] is not None and any(c for row in view["played"] for c in row)
    me = NAMES[seat]
    text = describe(view, NAMES)
    scores = [
        f"{name}: {score} point{'' if score == 1 else 's'}, bid "
        for name, score in zip(NAMES, view["scores"], strict=True)
    ]
    held = " | ".join(
        f"{suit}: " + (" ".join(c[1:] for c in view["hand"] if c[0] == suit[0]) or "none")
        for suit in ("Hearts", "Candles", "Notes", "Scales")
    )
    order = _order(
        text,
        [
            *scores,
            "Start marker: ",
            f"{me}'s view: {view['prompt']}",
            f"{me}'s hand: {held}",
            "Past (dial ",
            "Beyond (dial ",
            "Last round: ",
        ],
    )
    assert order == sorted(order), text


def test_a_finished_game_names_its_winner_before_the_scores():
    state = GAME.new(3, {"variant": "tiny_tim"}, 2)
    while GAME.to_act(state):
        state = _play(state, 1)
    for seat in (None, 0):
        lines = describe(GAME.view(state, seat), NAMES[:3]).splitlines()
        assert re.match(r"(Winner|Shared victory): .+ — \d+ points?\.$", lines[1]), lines
        assert lines[2].startswith(f"{NAMES[0]}: "), lines
        # Nothing is left in the eras or the hands: no lines of empty places, but the score
        # sheet of every hand.
        assert not [line for line in lines if line.startswith(("Past (", "Ann's hand"))], lines
        assert [line.split(":")[0] for line in lines[-3:]] == ["Hand 1", "Hand 2", "Hand 3"]
