"""Who sees what (§2.11, HF-G41, G58, G67): views show a Gift or a Value only to those who
held or saw it, Anytime cards only to their holder, and `determinize` re-deals exactly what a
viewer has not seen."""

from __future__ import annotations

import random

from engine.fever.game import GAME
from engine.fever.state import FeverState
from tests.engine.fever.contracts import invariant, known
from tests.engine.fever.helpers import act, give, hand, land, opened, rig_dice

GIFTS = ["puppy", "telescope", "bathrobe", "cookbook", "fruitcake", "hot-cocoa-set"]
VALUES = [100, 150, 200, 50, 250, 300, 100, 150]


def start() -> FeverState:
    return opened(3, gifts=GIFTS, values=VALUES)


def slot(s: FeverState, viewer: int | None, owner: int, place: int) -> dict[str, object]:
    return dict(GAME.view(s, viewer)["families"][owner]["gifts"][place - 1])


def test_an_estate_sale_shows_the_gift_to_the_buyer_only() -> None:
    s = give(start(), 1, ("cookbook", (50, 250)))
    assert slot(s, None, 1, 2)["values"] == 2  # HF-G58: the count is public
    assert slot(s, 0, 1, 2)["gift"] is None and slot(s, 1, 1, 2)["gift"] == "cookbook"
    s = land(s, 7)
    s = act(rig_dice(s, 2, 3), 0, "from:1", "take:2")
    s = act(s, 1, "allow")
    assert slot(s, 0, 0, 2)["gift"] == "cookbook"  # the buyer
    assert slot(s, 0, 0, 2)["values_seen"] == [50, 250]
    assert slot(s, 1, 0, 2)["gift"] == "cookbook"  # the former owner still knows it
    assert slot(s, 2, 0, 2)["gift"] is None and slot(s, None, 0, 2)["gift"] is None


def test_anytime_cards_show_only_as_a_count() -> None:
    # §2.11: the count is public, the texts are the holder's.
    s = hand(start(), 1, "A02", "A05")
    assert GAME.view(s, 1)["hand"] == ["A02", "A05"]
    assert GAME.view(s, 0)["hand"] == []
    assert "hand" not in GAME.view(s, None)
    assert GAME.view(s, None)["families"][1]["anytime"] == 2


def test_a_value_being_placed_is_seen_by_its_drawer_only() -> None:
    # HF-G66: face down means hidden from the others, not from you.
    s = land(start(), 18)  # Family Vacation: the first Value waits to be placed
    assert GAME.view(s, 0)["drawn"] == 50  # after the three White Elephant Values
    assert GAME.view(s, 1)["drawn"] is None


def test_determinize_re_deals_only_the_unseen() -> None:
    # §2.11: only what the viewer has not seen moves.
    s = give(start(), 1, ("cookbook", (50, 250)))
    s = hand(s, 2, "A04")
    rng = random.Random(3)
    for viewer in (None, 0, 1, 2):
        view = GAME.view(s, viewer)
        dealt = set()
        for _ in range(6):
            d = GAME.determinize(s, viewer, rng)
            assert GAME.view(d, viewer) == view
            known(s, d, viewer)
            invariant(GAME, d, d, [])
            dealt.add((d.gift_deck, d.gifts, d.values, d.hands))
        assert len(dealt) > 1  # the decks at least were never seen
    d = GAME.determinize(s, 1, rng)
    assert d.gifts[1] == s.gifts[1] and d.values[1] == s.values[1]
    assert d.gifts[0][0] == "puppy"  # a White Elephant Gift was seen by everyone


def test_a_missed_auction_guess_stays_missed() -> None:
    # HF-G67: the table learns that Bea's Gift 2 is not a Cookbook; a re-deal keeps that.
    s = give(start(), 1, ("bathrobe", (50,)))
    s = land(s, 20)
    s = act(s, 0, "from:1", "guess:2", "name:cookbook")
    rng = random.Random(5)
    for _ in range(30):
        d = GAME.determinize(s, None, rng)
        assert d.gifts[1][1] != "cookbook"
        known(s, d, None)
