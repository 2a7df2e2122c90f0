"""Menu labels and hints say which card they are about: a Celebration in a slot is the card
thrown away or moved, never a bonus for choosing that slot (it does nothing then, HS-G24); only
a Celebration you take and swap in acts."""

from __future__ import annotations

from engine.shuffle import GAME
from engine.shuffle.cards import ALL_CARDS, DAY, EFFECT, NAME
from tests.engine.shuffle.helpers import act, new_game

#: Celebrations in slots 3 (Switch), 5 (+Turn) and 10 (the longest name); a Wild in slot 7.
MAT = ["1231", "1225", "0718", "1125", "1213", "1031", "W1", "0704", "0401", "0813"]
#: Ten plain Holidays and Celebrations none of which is on `MAT`.
OTHER = ["0129", "1208", "1111", "1016", "0922", "0815", "0620", "0505", "0330", "0106"]
#: What a Celebration moved by a switch or a trade does (HS-G24).
MOVED = "Switched or traded, a Celebration does nothing"
LONGEST = max((c for c in ALL_CARDS if c in DAY), key=lambda c: len(NAME[c]))


def _menu(state, seat):
    return {a.id: a for a in GAME.legal(state, seat)}


def test_replacing_a_celebration_says_it_is_the_card_thrown_away():
    state = new_game(2, {1: MAT}, discard="0202")
    state, _ = act(state, 1, "take")
    menu = _menu(state, 1)
    swap = menu["place:3"]
    assert swap.label == "Replace slot 3 (Jul 18 National Ice Cream Day — Celebration card)"
    assert swap.hint == "Discarded unused; whoever takes it next may switch two of their own cards"
    assert menu["place:5"].hint.endswith("may take another turn")
    assert menu["place:1"].label == "Replace slot 1 (Dec 31 New Year's Eve)"
    assert menu["place:1"].hint == ""
    assert menu["place:7"].label == "Replace slot 7 (Wild card)"
    assert "discard" in menu["place:7"].hint.lower()


def test_a_drawn_card_replaces_slots_with_the_same_words():
    state = new_game(2, {1: MAT}, discard="0202", draws=["0214"])
    state, _ = act(state, 1, "draw")
    swap = _menu(state, 1)["place:5"]
    assert swap.label == "Replace slot 5 (Dec 13 National Cocoa Day — Celebration card)"
    assert swap.hint.startswith("Discarded unused")


def test_taking_a_celebration_from_the_discard_promises_its_effect():
    state = new_game(2, {1: MAT}, discard="1001")
    take = _menu(state, 1)["take"]
    assert take.label == "Take the discard: Oct 1 World Smile Day"
    assert take.hint == "Celebration: swap it in and take another turn"


def test_switching_a_celebration_says_it_does_nothing():
    state = new_game(2, {1: MAT}, discard="0426")  # Pretzel Day: switch
    state, _ = act(state, 1, "take", "place:1")
    first = _menu(state, 1)["sw:3"]
    assert first.label == "Switch slot 3 (Jul 18 National Ice Cream Day — Celebration card)"
    assert first.hint == MOVED
    state, _ = act(state, 1, "sw:3")
    second = _menu(state, 1)["sw:3:5"]
    assert second.label == "…with slot 5 (Dec 13 National Cocoa Day — Celebration card)"
    assert second.hint == MOVED


def test_trading_a_celebration_says_it_does_nothing():
    state = new_game(2, {0: MAT, 1: OTHER}, dealer=1, discard="0209")  # Pizza Day: trade
    state, _ = act(state, 0, "take", "place:2")
    give = _menu(state, 0)["give:3"]
    assert give.label == "Give slot 3 (Jul 18 National Ice Cream Day — Celebration card)"
    assert give.hint == MOVED
    state, _ = act(state, 0, "give:3")
    get = _menu(state, 0)["get:1:1"]
    assert get.label == "Take their slot 1 (Jan 29 National Puzzle Day — Celebration card)"
    assert get.hint == MOVED


def test_the_longest_card_fits_every_label_and_hint():
    assert LONGEST in MAT and LONGEST in EFFECT  # the longest name, and a Celebration's suffix
    seen = []
    for mats, discard, steps in (
        ({0: MAT, 1: OTHER}, "0209", ["take", "place:2", "give:10"]),  # trade, giving it
        ({0: OTHER, 1: MAT}, "0209", ["take", "place:2", "give:2"]),  # trade, taking it
        ({0: MAT, 1: OTHER}, "0426", ["take", "place:2", "sw:1"]),  # switch
    ):
        state = new_game(2, mats, dealer=1, discard=discard)
        for step in steps:
            seen += GAME.legal(state, 0)
            state, _ = act(state, 0, step)
        seen += GAME.legal(state, 0)
    assert sum(NAME[LONGEST] in a.label for a in seen) >= 5  # replace, give, take, switch ×2
    for action in seen:
        assert len(action.label) <= 80 and len(action.hint) <= 100, action
