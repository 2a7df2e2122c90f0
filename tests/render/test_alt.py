"""Alt text is cut only between whole items, most important lines first (`render.alt.fit`)."""

from __future__ import annotations

import re

from render.alt import ALT_LIMIT, fit


def test_short_text_is_kept_whole():
    assert fit(["Ann wins.", "Bea: 3 points"]) == "Ann wins.\nBea: 3 points"


def test_lines_past_the_limit_are_dropped_whole_and_marked():
    lines = ["Headline: Ann leads", "x" * 995]
    assert fit(lines) == "Headline: Ann leads\n…"


def test_a_line_that_does_not_fit_keeps_its_whole_leading_items():
    lines = ["Bea: in $1,000, out $1,050 · Gifts: Puppy $450, Jigsaw $100"]
    cut = fit(lines, limit=40)
    assert cut == "Bea: in $1,000, out $1,050…"
    assert len(cut) <= 40


def test_never_cuts_inside_a_word_or_number():
    words = [f"item {i} worth ${i * 100:,}" for i in range(200)]
    text = fit(["; ".join(words)])
    assert len(text) <= ALT_LIMIT
    kept = text.removesuffix("…").split("; ")
    assert all(re.fullmatch(r"item \d+ worth \$[\d,]+", w) for w in kept)
    assert kept == words[: len(kept)]
