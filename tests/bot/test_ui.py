"""Small pure pieces of the message builder."""

from __future__ import annotations

from bot.components import clip


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


def _kinds(rows) -> list[str]:
    return [type(item.item).__name__ for row in rows for item in row.children]


def test_a_decision_is_drawn_the_same_way_whatever_its_labels_or_size():
    from bot.components import move_controls
    from engine import Action

    short = [Action("card:H1", "H1"), Action("card:H2", "H2")]
    long = [Action(f"card:H{i}", "A rather long label " * 3) for i in range(9)]
    assert _kinds(move_controls(1, 0, short, "Pick", [])) == ["Select"]
    assert _kinds(move_controls(1, 0, long, "Pick", [])) == ["Select"]
    race = [Action("sing", "🎶 I'm singing!"), Action("pass", "Let someone else start " * 3)]
    assert _kinds(move_controls(1, 0, race, "Sing?", [])) == ["Button", "Button"]
    mixed = [
        Action("pl:1", "Slot 1"),
        Action("discard", "Discard it"),
        Action("back", "↩", back=True),
    ]
    assert _kinds(move_controls(1, 0, mixed, "Place", [])) == ["Select", "Button", "Button"]
