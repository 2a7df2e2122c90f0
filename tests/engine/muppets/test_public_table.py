"""The public table (the channel, with spectators) sees only what was shown openly: never a
centre card just because every seated player happens to know it (MUP-Tinsel-11)."""

from __future__ import annotations

import random

from engine.muppets import GAME
from render import muppets as R
from tests.engine.muppets.helpers import NAMES, act, centre, row, started
from tests.engine.muppets.test_rules import BASE, all_tiles

ANN = ("Red-Kermit", "Blue-Piggy", "Red-Gonzo")
BEA = ("Green-Piggy", "Yellow-Rizzo", "Green-Fozzie")


def public_lines(events):
    return [GAME.narrate(e, NAMES) or "" for e in events if e.visible_to is None]


def test_two_players_both_knowing_a_placed_card_is_not_showing_it():
    # Ann draws with Scrooge and puts the card face down in Bea's centre: with two players
    # both of them know it, but it was never shown at the table.
    state = started([ANN, BEA], then=["Purple-Robin"])
    state, events = act(state, 0, "tile:scrooge", "put:1:C")
    assert centre(GAME.view(state, 0), 1)["know"] == "placed"
    assert centre(GAME.view(state, 1), 1)["know"] == "owner"
    public = GAME.view(state, None)
    assert centre(public, 1) == {"card": None, "face_up": False, "empty": False, "know": None}
    assert "Purple Robin" not in R.describe(public, NAMES)
    assert not any("Purple Robin" in line for line in public_lines(events))


def test_a_swap_between_centres_everyone_knows_names_no_card_in_public():
    # Ann puts a drawn card in Cal's centre (Ann and Cal know it); Bea swaps it into her own
    # centre (now all three know it, none of them from the table).
    state = started(BASE, then=["Yellow-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:2:C")
    state = all_tiles(state)
    state, events = act(state, 1, "tile:present", "swap:2:C", "with:1:C")
    assert row(state, 1)[1] == "Yellow-Kermit"
    assert all(centre(GAME.view(state, seat), 1)["card"] for seat in range(3))
    swap = next(e for e in events if e.kind == "swap")
    assert swap.data["shown"] == {"2:C": None, "1:C": None}
    assert GAME.narrate(swap, NAMES) == (
        "🔄 Bea uses the Ghost of Christmas Present to swap Cal's centre card with Bea's"
        " centre card."
    )
    assert not any("Yellow Kermit" in line for line in public_lines(events))
    # Each new owner is told privately what they now hold.
    peeks = {(e.data["seat"], e.data["card"], e.visible_to) for e in events if e.kind == "peek"}
    assert peeks == {(1, "Yellow-Kermit", frozenset({1})), (2, "Yellow-Rizzo", frozenset({2}))}
    assert centre(GAME.view(state, None), 1)["card"] is None


def test_two_players_swapping_centres_shows_nothing_in_public():
    state = all_tiles(started([ANN, BEA]))
    state, events = act(state, 0, "tile:present", "swap:0:C", "with:1:C")
    for seat in (0, 1):  # each knew their own and now holds the other's
        view = GAME.view(state, seat)
        assert centre(view, 0)["card"] and centre(view, 1)["card"]
    public = GAME.view(state, None)
    assert centre(public, 0)["card"] is None and centre(public, 1)["card"] is None
    assert not any("Blue Piggy" in line or "Yellow Rizzo" in line for line in public_lines(events))


def test_a_card_shown_openly_stays_public_when_it_moves():
    # Yet to Come shows Bea's centre to the table; the Present then moves it into Ann's centre.
    state = all_tiles(started([ANN, BEA]))
    state, events = act(state, 0, "tile:yet", "point:1")
    assert centre(GAME.view(state, None), 1)["card"] == "Yellow-Rizzo"
    assert centre(GAME.view(state, None), 1)["know"] == "everyone"
    state, events = act(state, 0, "tile:present", "swap:1:C", "with:0:C")
    public = GAME.view(state, None)
    assert centre(public, 0)["card"] == "Yellow-Rizzo"  # it was shown, and it moved openly
    assert centre(public, 1)["card"] is None  # Ann's old card was never shown
    swap = next(e for e in events if e.kind == "swap")
    assert swap.data["shown"] == {"1:C": None, "0:C": "Yellow-Rizzo"}


def test_the_public_shuffle_moves_cards_every_seat_knows_privately():
    state = started([ANN, BEA], then=["Purple-Robin"])
    state, _ = act(state, 0, "tile:scrooge", "put:1:C")
    rng = random.Random(3)
    seen = {GAME.determinize(state, None, rng).rows[4] for _ in range(30)}
    assert len(seen) > 1
    for seat in (0, 1):  # each seat still keeps what it knows
        assert {GAME.determinize(state, seat, rng).rows[4] for _ in range(10)} == {"Purple-Robin"}


def test_a_game_saved_before_the_public_flags_loads_on_the_safe_side():
    state = all_tiles(started([ANN, BEA]))
    state, _ = act(state, 0, "tile:yet", "point:1")
    data = GAME.dump(state)
    del data["public"]
    loaded = GAME.load(data)
    assert loaded.public == (False, False)  # what was shown openly was not recorded
    assert centre(GAME.view(loaded, None), 1)["card"] is None
    assert GAME.view(loaded, 0) == GAME.view(state, 0)  # the seats lose nothing
