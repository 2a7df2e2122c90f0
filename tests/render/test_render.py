"""Every position of a demo game, for every registered game, renders to a sane PNG."""

from __future__ import annotations

import io
import os

import pytest
from PIL import Image

from engine import GAMES, bot_move, bot_words
from render import describe, render
from render.demo import NAMES, run

MAX_BYTES = 200 * 1024
#: Picture every position of this many demo games per game (a budget: rendering is ~20 ms).
EVERY_NTH = int(os.environ.get("TINSEL_RENDER_EVERY", "1"))


def check_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert 1_000 < len(data) <= MAX_BYTES, f"{len(data)} bytes"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert 600 <= img.width <= 1600 and 300 <= img.height <= 1600, img.size
    return img


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_position_of_a_demo_game_renders(key: str) -> None:
    """The table and each deciding seat's picture, at every step of a computer-played game."""
    game = GAMES[key]
    seats = game.max_seats
    names = list(NAMES[:seats])
    state = game.new(seats, {}, 3)
    step = 0
    while True:
        to_act = game.to_act(state)
        if step % EVERY_NTH == 0 or not to_act:
            check_png(render(game.view(state, None), names))
            for seat in sorted(to_act) or range(seats):
                view = game.view(state, seat)
                check_png(render(view, names))
                assert names[seat] in describe(view, names)
            text = describe(game.view(state, None), names)
            assert game.title in text
        if not to_act:
            break
        seat = min(to_act)  # the demo's players: normal and easy seats alternate
        level = "normal" if seat % 2 == 0 else "easy"
        action = bot_move(game, state, seat, level)
        state, _ = game.apply(state, seat, action, bot_words(game, state, seat, action))
        step += 1


@pytest.mark.parametrize("key", sorted(GAMES))
def test_long_names_and_every_seat_count_fit(key: str) -> None:
    game = GAMES[key]
    for seats in range(game.min_seats, game.max_seats + 1):
        names = ["Ebenezer Scrooge the Third of Camden Town"] * seats
        state = game.new(seats, {}, 5)
        check_png(render(game.view(state, None), names))
        check_png(render(game.view(state, 0), names))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_demo_writes_pictures_and_a_transcript(key: str, tmp_path) -> None:
    path = run(key, 1, tmp_path, None, {})
    transcript = path.read_text(encoding="utf-8")
    assert GAMES[key].title in transcript
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) >= 4 * 2
    names = {p.name.split("-", 1)[1].rsplit("-", 1)[0] for p in pngs}
    assert {"start", "final"} <= names
    for p in pngs:
        check_png(p.read_bytes())


def test_muppets_text_counts_cards_in_words() -> None:
    """One card is "1 card", not "1 cards" (the discard pile after the first Scrooge draw)."""
    game = GAMES["muppets"]
    view = dict(game.view(game.new(3, {}, 2), None))
    view["discard"] = view["discard"][:1] or ["Red-Kermit"]
    assert "Discard pile: 1 card," in describe(view, ["Ann", "Bea", "Cal"])
