"""Every picture is readable on a phone: shown 400 px wide (a chat picture there), no text in
it is smaller than `MIN_TEXT_AT_400` pixels. The renderer reports the size of every line it
draws (`render.measure`), so this checks what was drawn, not what an eye or OCR makes of it
(`bench.legibility` measures that).

Every pictured moment of a seeded computer game of each title at its fewest and at its most
seats: the table, every seat's picture, and every detail that has a picture.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import GAMES
from render import detail, details, measure
from render.common import MIN_TEXT_AT_400, measured, smallest_text
from render.demo import NAMES, states

SEED = 3


def cases() -> list[tuple[str, int]]:
    return [
        (key, seats)
        for key in sorted(GAMES)
        for seats in sorted({GAMES[key].min_seats, GAMES[key].max_seats})
    ]


def width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width


@pytest.mark.parametrize(("key", "seats"), cases())
def test_no_text_is_smaller_than_a_phone_can_show(key: str, seats: int) -> None:
    game = GAMES[key]
    names = list(NAMES[:seats])
    small: list[str] = []
    pictures = 0
    for moment, state in states(key, SEED, seats):
        for seat in (None, *range(seats)):
            view = game.view(state, seat)
            who = "table" if seat is None else names[seat]
            png, lines = measure(view, names)
            drawn = [(png, [size for _, size in lines], who)]
            for d in details(view):
                with measured() as lines:
                    shown = detail(view, names, d.key)
                if shown is not None and shown.png:
                    drawn.append((shown.png, [size for _, size in lines], f"{who} {d.key}"))
            for picture, sizes, what in drawn:
                pictures += 1
                need = smallest_text(width(picture))
                if sizes and min(sizes) < need:
                    at_400 = min(sizes) * 400 / width(picture)
                    small.append(
                        f"{moment} {what}: {min(sizes)} px text in a {width(picture)} px picture"
                        f" ({at_400:.1f} px at 400 wide; needs {need})"
                    )
    assert pictures
    assert not small, (
        f"{len(small)} pictures hold text under {MIN_TEXT_AT_400} px at 400 px wide:\n"
        + "\n".join(small[:12])
    )
