"""Muppets on a phone: the picture holds the rows, piles and tiles; the text under it
(`panel`) the counts, gift values and scores; the discard pile is behind a button. The public
table's text and details never name a card or a gift value that was not shown openly."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from engine import bot_move
from engine.muppets import GAME
from engine.muppets.cards import is_wild, label, plain
from render import detail, details, measure, panel
from render import muppets as R
from render.common import smallest_text
from tests.engine.muppets.helpers import NAMES, act, started
from tests.render.drawn import drawn_words

ROWS = [
    ("Red-Kermit", "Blue-Piggy", "Red-Gonzo"),
    ("Green-Piggy", "Yellow-Rizzo", "Green-Fozzie"),
    ("Orange-Robin", "Purple-Kermit", "Blue-Gonzo"),
]


def played(seats: int, seed: int) -> Iterator[Any]:
    """Every state of a computer game, from the first to the last."""
    state = GAME.new(seats, {}, seed)
    yield state
    while to_act := sorted(GAME.to_act(state)):
        state, _ = GAME.apply(state, to_act[0], bot_move(GAME, state, to_act[0], "normal"))
        yield state


def secrets(state: Any) -> set[str]:
    """Cards the public table must not name: centre cards not shown openly, Scrooge's card."""
    hidden = {
        state.rows[3 * p + 1]
        for p in range(state.seats)
        if state.phase != "over" and not state.public[p]
    }
    hidden.add(state.held)
    return {c for c in hidden if c is not None and not is_wild(c)}


def public_words(state: Any, names: list[str]) -> str:
    view = GAME.view(state, None)
    shown = [detail(view, names, d.key) for d in details(view)]
    return "\n".join([panel(view, names), *(s.text for s in shown if s is not None)])


@pytest.mark.parametrize("seats", [2, 4])
def test_the_public_text_and_details_name_no_hidden_card_and_no_gift_value(seats: int) -> None:
    names = NAMES[:seats]
    for state in played(seats, 3):
        words = public_words(state, names)
        for card in secrets(state):
            assert plain(card) not in words and label(card) not in words, (card, words)
        if state.phase != "over":
            assert "point" not in words and "Your gifts" not in words, words


def test_the_table_text_gives_every_players_gifts_and_sets_and_who_acts() -> None:
    state = started(ROWS, then=["Green-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:1:C")  # Ann completes Bea's set
    said = panel(GAME.view(state, None), NAMES[:3]).splitlines()
    assert said[0] == "▶ **Ann** · 🎁 0 gifts · 0 sets — choosing which gift to give"
    assert said[1] == "✓ **Bea** · 🎁 0 gifts · 1 set — set complete! gift on its way"
    assert said[2] == "**Cal** · 🎁 0 gifts · 0 sets"


def test_a_seats_text_adds_its_own_gift_values_and_the_gifts_it_gave() -> None:
    state = started(ROWS, then=["Green-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:1:C")
    low, high = sorted(GAME.view(state, 0)["offer"] or [])
    state, _ = act(state, 0, f"give:{low}")
    ann = panel(GAME.view(state, 0), NAMES[:3])
    assert f"🎁 **Your gifts:** {plural_points(high)}" in ann
    assert f"**You gave:** a {low} to Bea" in ann
    assert "**Ann** (you)" in ann
    bea = panel(GAME.view(state, 1), NAMES[:3])
    assert f"🎁 **Your gifts:** {plural_points(low)} (a {low} from Ann)" in bea
    assert "You gave" not in bea
    for said in (panel(GAME.view(state, None), NAMES[:3]), panel(GAME.view(state, 2), NAMES[:3])):
        assert "point" not in said  # values are for the giver and the receiver only
        assert "**Ann** · 🎁 1 gift" in said and "**Bea** · 🎁 1 gift · 1 set" in said


def plural_points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def test_the_text_at_the_end_gives_the_winner_and_every_score_with_its_gifts() -> None:
    *_, state = played(3, 4)
    view = GAME.view(state, None)
    result, scores, values = view["result"], view["scores"], view["gift_values"]
    assert result and scores and values
    lines = panel(view, NAMES[:3]).splitlines()
    assert lines[0].startswith("🏆 ")
    assert all(f"**{NAMES[w]}**" in lines[0] for w in result["winners"])
    for p in range(3):
        gifts = " + ".join(map(str, sorted(values[p], reverse=True))) or "no gifts"
        assert any(line.startswith(f"**{NAMES[p]}** {scores[p]} point") for line in lines)
        assert any(f": {gifts} (" in line for line in lines if line.startswith(f"**{NAMES[p]}**"))


def test_the_discard_pile_is_one_press_away_top_first() -> None:
    state = started(ROWS, then=["Yellow-Kermit", "Orange-Gonzo"])
    assert details(GAME.view(state, None)) == ()
    state, _ = act(state, 0, "tile:scrooge", "put:2:C")  # Purple Kermit is discarded
    state, _ = act(state, 1, "tile:scrooge", "put:0:L")  # then Red Kermit
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        (button,) = details(view)
        assert button.label == "Discard pile (2)"
        shown = detail(view, NAMES[:3], button.key)
        assert shown is not None and shown.png is None
        assert "**Top:** 🟥 Red Kermit" in shown.text
        assert "**Below, newest first:** 🟪 Purple Kermit" in shown.text
        assert "Yellow Kermit" not in shown.text  # face down in Cal's centre


def test_a_known_face_down_card_shows_in_its_knowers_picture_only() -> None:
    state = started(ROWS, then=["Yellow-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:2:C")  # Ann put Yellow Kermit in Cal's centre
    drawn: dict[int | None, set[str]] = {}
    for seat in (None, 0, 1, 2):
        png, lines = measure(GAME.view(state, seat), NAMES[:3])
        drawn[seat] = {w for w, _ in lines}
        width = Image.open(io.BytesIO(png)).width
        assert width == R.WIDTH and min(s for _, s in lines) >= smallest_text(width)
    assert {"hidden", "you put it", "Yellow"} <= drawn[0]  # Ann's, and her own card "yours"
    assert "yours" in drawn[0] and "yours" in drawn[2]
    assert "Yellow" not in drawn[None] and "hidden" not in drawn[None]
    assert "you put it" not in drawn[1]  # Bea knows only her own centre card


def test_a_seats_picture_shows_the_card_it_drew_and_the_gifts_it_chooses_between() -> None:
    state = started(ROWS, then=["Green-Kermit"])
    state, _ = act(state, 0, "tile:scrooge")
    with drawn_words() as words:
        R.hand(GAME.view(state, 0), NAMES[:3])
    assert "You drew this card" in {w for w, _ in words}
    with drawn_words() as words:
        R.table(GAME.view(state, None), NAMES[:3])
    assert "You drew this card" not in {w for w, _ in words}
    state, _ = act(state, 0, "put:1:C")
    offer = GAME.view(state, 0)["offer"]
    assert offer
    with drawn_words() as words:
        R.hand(GAME.view(state, 0), NAMES[:3])
    said = [w for w, _ in words]
    assert "Your two gifts" in said and "Give one to Bea," in said
    assert all(str(v) in said for v in offer)
