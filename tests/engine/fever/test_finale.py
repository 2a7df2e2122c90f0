"""Holiday Fever at the end, in words: dollars, the score cards, the sing-along post."""

from __future__ import annotations

from engine.fever.finale import MOST_ENTRIES_6, carol_lines, money
from engine.fever.game import GAME
from engine.protocol import fill_names
from tests.engine.fever.helpers import edit, give
from tests.engine.fever.test_scoring import lines, over

NAMES = ["Ann", "Bea", "Cal", "Dot", "Eve", "Fin"]


def report(s) -> str:
    return "\n".join(fill_names(line, NAMES) for line in GAME.final_report(s))


def test_scores_are_dollars_as_the_table_writes_them() -> None:
    assert GAME.score_text(3210) == money(3210) == "$3,210"
    assert GAME.score_text(-150) == "−$150"
    assert GAME.record_name == "family record" and GAME.keepsake


def test_the_score_card_lists_entries_totals_and_marks_forgiven_debts() -> None:
    s = over(
        christmas=0,
        deposits=(lines(1000, 200), ()),
        debts=(lines(50, 300, 100), lines(70)),
        stars=(1, 0),
        lights=(2, 0),
        ornaments=(1, 0),
    )
    s = give(s, 0, ("puppy", (200, 250)))
    text = report(s)
    assert "**Ann** · **$2,050** · ★ 1 star (forgave 1 debt) · 🎄 reached Christmas" in text
    assert "➕ In $2,450: $1,000 entry 1, $200 entry 2, $200 Puppy, $250 Puppy" in text
    assert "tree (2 Lights, 1 Ornament) $300; Christmas bonus $500" in text
    assert "➖ Out $400 of $450: ~~$50 entry 1~~, $300 entry 2, $100 entry 3" in text
    assert "**Bea** · **−$70** · ★ 0 stars" in text and "➕ In $0: nothing" in text
    assert "➖ Out $70 of $70: $70 entry 1" in text


def test_a_full_tree_on_christmas_strikes_every_debt() -> None:
    s = over(christmas=0, debts=(lines(500, 700), ()), lights=(3, 0), ornaments=(3, 0))
    text = report(s)
    assert "every debt forgiven" in text
    assert "~~$500 entry 1~~, ~~$700 entry 2~~" in text


def test_six_families_with_long_lists_stay_compact() -> None:
    many = lines(*range(10, 400, 10))
    s = over(christmas=5)
    s = edit(
        s,
        seats=6,
        deposits=(many,) * 6,
        debts=(many,) * 6,
        stars=(3,) * 6,
        lights=(1,) * 6,
        ornaments=(2,) * 6,
        gifts=((),) * 6,
        values=((),) * 6,
    )
    text = report(s)
    assert text.count(f"+{len(many) - MOST_ENTRIES_6} more") == 12
    assert len(text) < 2600, "room left in one message for the scores above it"


def test_nothing_before_the_end_and_the_sing_along_after_it() -> None:
    s = over(christmas=1)
    assert GAME.final_report(edit(s, phase="main")) == ()
    assert GAME.farewell(edit(s, phase="main")) == ()
    (post,) = GAME.farewell(s)
    assert post.startswith("🎶 **Sing-along!** {p1} made it to Christmas")
    assert any(line in post for line in carol_lines())
