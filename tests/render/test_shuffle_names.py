"""Holiday Shuffle's pictures show every holiday name whole, at one size, and every date fits
its card: nothing is shrunk below what a phone shows, nothing is cut."""

from __future__ import annotations

from engine.shuffle import cards as C
from render.common import font, smallest_text
from render.shuffle_parts import (
    DATE_SIZE,
    DATE_X,
    DAY_RIGHT,
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


def test_the_date_column_keeps_month_and_day_apart_and_clear_of_the_name() -> None:
    """On a seat's own mat the months start at DATE_X and the days end at DAY_RIGHT: every
    month and every day (a Wild's given date too) leaves a clear gap between them."""
    bold = font(DATE_SIZE, True)
    for month in C.MONTHS:
        for day in ("1", "31"):
            gap = DAY_RIGHT - bold.getlength(day) - (DATE_X + bold.getlength(month.upper()))
            assert gap >= 14, f"{month} {day}: {gap:.0f} px"
    assert NAME_X - DAY_RIGHT >= 16
    for month in C.MONTHS:  # a Wild's given date on a small card
        assert font(LABEL, True).getlength(month.upper()) <= TILE_W - 8, month
