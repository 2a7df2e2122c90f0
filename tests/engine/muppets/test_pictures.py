"""The Muppets pictures and text show a face-down card only to seats that know it."""

from __future__ import annotations

import io

from PIL import Image

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
        assert img.width == 1200 and 600 <= img.height <= 1100
        assert len(data) <= 200 * 1024


def test_pictures_use_names_where_the_engine_refers_to_a_seat():
    assert named("Give the 1-point gift to {p1}, keep the 3", NAMES) == (
        "Give the 1-point gift to Bea, keep the 3"
    )
    assert named("You drew 🟥 Red Kermit.", NAMES) == "You drew Red Kermit."
