"""Holiday names on Shuffle cards are shown whole: wrapped, and shrunk if need be, never cut."""

from __future__ import annotations

import pytest

from engine.shuffle import cards as C
from render.common import font
from render.shuffle import CW, HAND_CW, name_lines

DATED = [c for c in C.ALL_CARDS if C.kind(c) != C.WILD]


@pytest.mark.parametrize("width", [CW, HAND_CW])  # the table's and the hand's card widths
def test_every_holiday_name_is_shown_whole(width: int) -> None:
    for card_id in DATED:
        name = C.NAME[card_id]
        size, lines = name_lines(name, max(11, int(width * 0.125)), width - 8)
        assert size >= 10, f"{name!r} shrunk to {size}px"
        assert 1 <= len(lines) <= 2, lines
        assert "".join(lines).replace(" ", "") == name.replace(" ", ""), lines
        for line in lines:
            assert font(size).getlength(line) <= width - 8, f"{line!r} is too wide"


def test_a_long_name_breaks_after_a_hyphen_and_shrinks_only_as_needed() -> None:
    size, lines = name_lines("International Left-Handers Day", 14, 104)
    assert lines == ["International Left-", "Handers Day"] and size == 11
    assert name_lines("Halloween", 14, 104) == (14, ["Halloween"])
