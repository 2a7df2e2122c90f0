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


def test_an_optional_text_gets_a_second_button_that_opens_its_form():
    from bot import wire
    from bot.components import move_controls, text_form
    from engine import Action
    from engine.protocol import TextSpec

    race = [Action("sing", "🎶 I'm singing!"), Action("pass", "Let someone else start")]
    carol = TextSpec("sing", "A line of the carol you're singing, please, in full", 10, 400, True)
    buttons = [
        item.item for row in move_controls(1, 4, race, "", [], carol) for item in row.children
    ]
    ids = [b.custom_id for b in buttons]
    assert buttons[1].label == "🎶 I'm singing! — with words", "says what the ✍️ button does"
    assert [wire.parse(i) for i in ids] == [
        wire.Press(1, wire.Kind.MOVE, "sing", 4),
        wire.Press(1, wire.Kind.WRITE, "sing", 4),
        wire.Press(1, wire.Kind.MOVE, "pass", 4),
    ]
    required = TextSpec("sing", "Words", 10, 400)
    ids = [
        item.item.custom_id
        for row in move_controls(1, 4, race, "", [], required)
        for item in row.children
    ]
    assert [wire.parse(i).kind for i in ids] == [wire.Kind.MOVE, wire.Kind.MOVE], "the press asks"
    form = text_form("T" * 60, wire.form(1, 4, "sing"), carol)
    (label,) = form.children
    field = label.component
    assert len(form.title) <= 45 and len(label.text) <= 45
    assert (field.min_length, field.max_length) == (10, 400)
