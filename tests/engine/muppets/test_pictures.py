"""The Muppets pictures and text show a face-down card only to seats that know it."""

from __future__ import annotations

import io

from PIL import Image

from engine import bot_move
from engine.muppets import GAME
from render import describe, render
from render.muppets import named
from tests.engine.muppets.helpers import NAMES, act, started

ROWS = [
    ("Red-Kermit", "Blue-Piggy", "Red-Gonzo"),
    ("Green-Piggy", "Yellow-Rizzo", "Green-Fozzie"),
    ("Orange-Robin", "Purple-Kermit", "Blue-Gonzo"),
]


def _placed():
    """Ann has put a drawn Yellow Kermit face down in Cal's centre; Bea is to play."""
    state = started(ROWS, then=["Yellow-Kermit", "Orange-Gonzo"])
    state, _ = act(state, 0, "tile:scrooge", "put:2:C")
    return state


def test_text_names_a_centre_card_only_for_seats_that_know_it():
    state = _placed()
    names = NAMES[:3]
    public = describe(GAME.view(state, None), names)
    assert "Yellow Kermit" not in public and "Blue Piggy" not in public
    assert "Purple Kermit" in public  # it went face up to the discard pile
    ann = describe(GAME.view(state, 0), names)
    assert "Yellow Kermit (face down, you know it: you put it there)" in ann
    assert "Blue Piggy (face down, you know it: your own card)" in ann
    assert "Yellow Kermit" not in describe(GAME.view(state, 1), names)


def test_a_drawn_card_appears_only_in_the_drawers_text():
    state = _placed()
    state, _ = act(state, 1, "tile:scrooge")
    names = NAMES[:3]
    assert "Drawn card: Orange Gonzo." in describe(GAME.view(state, 1), names)
    for seat in (None, 0, 2):
        assert "Orange Gonzo" not in describe(GAME.view(state, seat), names)


def test_pictures_are_sane_pngs():
    state = _placed()
    for seat in (None, 0, 1, 2):
        data = render(GAME.view(state, seat), NAMES[:3])
        img = Image.open(io.BytesIO(data))
        assert img.width == 800 and 400 <= img.height <= 900
        assert len(data) <= 150 * 1024


def test_pictures_use_names_where_the_engine_refers_to_a_seat():
    assert named("Give the 1-point gift to {p1}, keep the 3", NAMES) == (
        "Give the 1-point gift to Bea, keep the 3"
    )
    assert named("You drew 🟥 Red Kermit.", NAMES) == "You drew Red Kermit."


# --------------------------------------------------------------------- alt text order


def _giving():
    """Ann completed Bea's set: she chooses which of two gifts to give; Bea waits."""
    state = started(ROWS, then=["Green-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:1:C")
    assert GAME.to_act(state) == {0} and GAME.view(state, 0)["offer"]
    return state


def test_alt_text_puts_standing_then_the_seats_question_and_cards_before_the_rest():
    state = _giving()
    lines = describe(GAME.view(state, 0), NAMES[:3]).splitlines()
    at = {key: next(i for i, line in enumerate(lines) if key in line) for key in KEYS}
    assert list(at.values()) == sorted(at.values()), lines
    assert (
        lines[1] == "Gifts so far: Ann 0 gifts, 0 sets · Bea 0 gifts, 1 set · Cal 0 gifts, 0 sets"
    )


#: What a line starts with or holds, in the order the alt text must give them.
KEYS = (
    "Turn 1 · Ann to play",  # whose turn
    "Gifts so far:",  # who leads
    "give one to Bea",  # what Ann is asked
    "Gifts to choose from:",  # and with what
    "Ann (P1):",  # her own cards
    "Ann's gifts:",
    "Bea: set complete!",  # what is happening
    "Bea (P2):",  # the others' detail
    "Cal (P3):",
    "Story tiles:",
    "Deck:",
)


def test_alt_text_cut_to_its_limit_keeps_the_standing_and_the_question():
    state = _giving()
    names = [f"{n} of the Very Long Name and Title" * 3 for n in NAMES[:3]]
    text = describe(GAME.view(state, 0), names)
    assert len(text) <= 1000 and text.endswith("…")
    assert "Gifts so far:" in text and "give one to" in text and "Gifts to choose from" in text
    for seat in (None, 1, 2):
        assert describe(GAME.view(state, seat), names).splitlines()[1].startswith("Gifts so far")


def test_alt_text_of_a_finished_game_starts_with_the_winner_and_the_scores():
    state = GAME.new(3, {}, 4)
    while to_act := sorted(GAME.to_act(state)):
        state, _ = GAME.apply(state, to_act[0], bot_move(GAME, state, to_act[0], "normal"))
    result = GAME.result(state)
    lines = describe(GAME.view(state, None), NAMES[:3]).splitlines()
    ranked = sorted(range(3), key=lambda p: (result.ranks[p], p))
    first = NAMES[ranked[0]]
    assert lines[1].startswith(f"Winner: {first} · Scores: {first} {result.scores[ranked[0]]}")
    assert [lines[1].index(f" {NAMES[p]} ") for p in ranked] == sorted(
        lines[1].index(f" {NAMES[p]} ") for p in ranked
    )
