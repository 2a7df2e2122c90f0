"""Holiday Shuffle's pictures show every holiday name whole, at one size, and every date fits
its card: nothing is shrunk below what a phone shows, nothing is cut."""

from __future__ import annotations

from engine.shuffle import cards as C
from render.common import font, smallest_text
from render.shuffle_parts import (
    EFFECT_MARK,
    LABEL,
    NAME_SIZE,
    NAME_X,
    SMALL,
    TILE_W,
    WIDTH,
)

DATED = [c for c in C.ALL_CARDS if C.kind(c) != C.WILD]


def test_the_smallest_text_is_what_a_phone_can_read() -> None:
    assert smallest_text(WIDTH) <= SMALL


def test_every_holiday_name_fits_its_line_with_its_effect() -> None:
    for card_id in DATED:
        name = C.NAME[card_id]
        right = NAME_X + font(NAME_SIZE).getlength(name)
        if card_id in C.EFFECT:
            right += 14 + font(LABEL, True).getlength(EFFECT_MARK[C.EFFECT[card_id]])
        assert right <= WIDTH - 8, f"{name!r} runs {right - WIDTH + 8:.0f} px over"


def test_every_month_and_day_fits_a_small_card() -> None:
    for card_id in DATED:
        mon, day = C.short(card_id).split()
        assert font(26, True).getlength(mon.upper()) <= TILE_W - 4, mon
        assert font(36, True).getlength(day) <= TILE_W - 12, day
    assert font(SMALL, True).getlength("WILD") <= TILE_W - 4
