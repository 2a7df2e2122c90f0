"""Holiday Fever's text beside the pictures and its details: every family's numbers are in the
table's text, a seat's own things in its own, and the public text and details name nothing
the table has not seen."""

from __future__ import annotations

from typing import Any

import pytest

from engine import GAMES
from engine.fever.board import TRACK
from render import detail, details, panel
from render.demo import NAMES, states
from tests.engine.fever.helpers import secrets_named, table_secrets
from tests.render.test_fever import GIFTS, LONG, crowded, december, finished, view

#: The town's names ("Mistletoe Mall") are no card, whatever words they share with one.
PLACES = sorted({space.name for space in TRACK}, key=len, reverse=True)


def public_words(v: dict[str, Any], names: list[str]) -> str:
    """Everything the table's message and its buttons say beside the picture, but the
    December calendar, which is the same in every game (its rules name Coal)."""
    shown = [detail(v, names, d.key) for d in details(v) if d.key != "calendar"]
    words = "\n".join([panel(v, names), *(s.text + s.alt for s in shown if s is not None)])
    for place in PLACES:
        words = words.replace(place, "")
    return words


def test_the_table_text_has_every_familys_numbers() -> None:
    v = view(6)
    said = panel(v, NAMES)
    assert said.startswith("**Round 7 of 30** · 🎲 3 + 4 = **7** to move")
    for fam in v["families"]:
        name = NAMES[fam["seat"]]
        line = next(line for line in said.splitlines() if f"**{name}**" in line)
        assert f"★ {fam['stars']}" in line
        assert f"in ${fam['deposit_total']:,}, out ${fam['debt_total']:,}" in line
    assert "▶ 🟥 **Ann**" in said, "whose turn it is"
    assert "Miracle: double 6 next roll" in said
    assert "Cards left: 12 Gifts · 30 Values · 24 Naughty-or-Nice cards" in said


@pytest.mark.parametrize("make", [view, december, crowded])
def test_the_public_text_and_details_never_name_a_hidden_gift(make: Any) -> None:
    for names in (NAMES, [LONG] * 6):
        words = public_words(make(6), names)
        for _, name, _ in GIFTS:
            assert name not in words
    assert "#1 🧦 face down (1 Value)" in panel(view(2), NAMES)


def test_a_crowded_table_tells_its_gifts_in_fewer_words() -> None:
    said = panel(view(6, gifts=12), [LONG] * 6)
    assert "#1 🧦 ? (1)" in said and len(said) < 3_000


def test_the_calendar_detail_names_the_days_and_pictures_them_while_nobody_is_there() -> None:
    keys = [d.key for d in details(view(4))]
    assert keys == ["cards", "calendar", "board"]
    shown = detail(view(4), NAMES, "calendar")
    assert shown is not None and shown.png and "24. Christmas Eve: Collect $240." in shown.text
    assert shown == detail(view(6, gifts=7), NAMES, "calendar"), "the same in every game"
    assert [d.key for d in details(december(4))] == keys, "the board shows no day's name"
    there = detail(december(4), NAMES, "calendar")
    assert there is not None and there.png is None, "the table picture shows the calendar"
    assert there.text == shown.text


def test_the_town_detail_says_who_stands_where() -> None:
    shown = detail(view(3), NAMES, "board")
    assert shown is not None and shown.png is None, "the table shows the board already"
    assert "3. Gingerbread Grocery: Buy 1 item for $10. — **Ann**" in shown.text
    mine = detail(view(3, seat=1), NAMES, "board")
    assert mine is not None and mine.png, "a seat's picture has no board: its detail does"


def test_the_score_cards_list_every_entry() -> None:
    shown = detail(view(3), NAMES, "cards")
    assert shown is not None
    assert "In $350: +$200 Holiday Bonus, +$150 Bea" in shown.text
    assert "Out $260: −$60 Mistletoe Mall, −$200 Ann" in shown.text
    over = detail(finished(6, entries=40), [LONG] * 6, "cards")
    assert over is not None and len(over.text) <= 3_800 and LONG in over.text


def test_a_seats_text_has_its_gifts_cards_and_value() -> None:
    said = panel(crowded(4, 0), NAMES)
    assert "**To place:** a $150 Value under one of your Gifts" in said
    assert "- #1 Puppy $100 🧦" in said and "- #2 Coal $100 + $100 = $200 (Coal:" in said
    assert "🃏 **Snow Day** ×2 (before your roll):" in said


@pytest.mark.parametrize("seats", [2, 6])
def test_a_real_games_public_text_names_no_secret(seats: int) -> None:
    """Every pictured moment of a seeded game: no Gift lying face down (unless the same name
    lies face up somewhere) and no Anytime card in a hand is named by the table's text."""
    game, names = GAMES["fever"], list(NAMES[:seats])
    for _, state in states("fever", 3, seats):
        public = game.view(state, None)
        words = public_words(public, names)
        assert not secrets_named(words, table_secrets(state))
