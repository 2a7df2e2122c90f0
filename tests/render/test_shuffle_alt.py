"""Holiday Shuffle's alt text keeps what matters within what Discord keeps (`render.alt.fit`):
who is winning, whose turn and what this seat is asked, its own mat, then the other mats
(dates only), the piles' detail and the last round."""

from __future__ import annotations

import re

from engine import bot_move
from engine.shuffle import GAME
from engine.shuffle.cards import ALL_CARDS, NAME, label, short
from render import describe
from render.alt import ALT_LIMIT

NAMES = ["Ann", "Bea", "Cal", "Dot"]
#: The 40 dated cards with the longest names: four mats as long as mats get.
LONG = sorted((c for c in ALL_CARDS if c[0] != "W"), key=lambda c: -len(NAME[c]))[:40]


def _played(steps: int, seed: int = 1):
    state = GAME.new(4, {}, seed)
    for _ in range(steps):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    return state


def _long_mats(view):
    """`view` with four mats of the longest holiday names, and a round already scored."""
    out = dict(view)
    out["mats"] = [LONG[10 * k : 10 * k + 10] for k in range(4)]
    return out


def _index(text: str, part: str) -> int:
    assert part in text, (part, text)
    return text.index(part)


def test_a_four_player_seat_keeps_scores_its_prompt_and_its_mat_before_the_others():
    state = _played(30)
    (seat,) = GAME.to_act(state)
    view = _long_mats(GAME.view(state, seat))
    me = NAMES[seat]
    text = describe(view, NAMES)
    assert len(text) <= ALT_LIMIT
    scores = _index(text, "Scores: ")
    for name, score in zip(NAMES, view["scores"], strict=True):
        assert re.search(rf"\b{name} {score} points?\b", text[scores:]), (name, text)
    asked = _index(text, f"{me}'s view: {view['prompt']}")
    mine = _index(text, f"Your mat ({view['prefix'][seat]} in order): ")
    whole = " | ".join(f"{k + 1} {label(c)}" for k, c in enumerate(view["mats"][seat]))
    assert whole in text, text
    others = [_index(text, f"{NAMES[o]}'s mat") for o in range(4) if o != seat]
    assert scores < asked < mine < min(others), text


def test_other_mats_show_their_dates_whole():
    state = _played(30)
    (seat,) = GAME.to_act(state)
    for view in (_long_mats(GAME.view(state, seat)), _long_mats(GAME.view(state, None))):
        text = describe(view, NAMES)
        for o in range(4):
            if o != view["seat"]:
                dates = ", ".join(short(c) for c in view["mats"][o])
                assert f"in order): {dates}" in text, (NAMES[o], text)


def test_the_finished_game_names_its_winner_first():
    state = GAME.new(4, {"rounds": "1"}, 1)
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    for seat in (None, 0):
        lines = describe(GAME.view(state, seat), NAMES).splitlines()
        assert lines[1].startswith(("Winner: ", "Shared victory: ")), lines
        assert lines[2].startswith("Scores: "), lines
