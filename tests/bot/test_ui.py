"""Small pure pieces of the message builder."""

from __future__ import annotations

from bot.ui import clip


def test_clip_leaves_short_text_alone():
    assert clip("Play 🎵 Notes 7", 100) == "Play 🎵 Notes 7"


def test_clip_cuts_at_a_word_and_stays_within_the_limit():
    text = "Ann (4 in order): 1 Jan 29 National Puzzle Day | 2 Oct 31 Halloween"
    out = clip(text, 40)
    assert len(out) <= 40 and out.endswith("…")
    assert text.startswith(out[:-1]) and out[-2] != " "
    assert out == "Ann (4 in order): 1 Jan 29 National…"


def test_clip_cuts_a_single_long_word_anywhere():
    assert clip("x" * 50, 10) == "x" * 9 + "…"
