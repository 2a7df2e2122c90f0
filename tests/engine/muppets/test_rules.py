"""The Muppets game, rule by rule, with rigged deals. Ruling ids (MUP-Gnn) are the binding
rulings; MUP-Tinsel-n are Tinsel's own decisions. Both are listed in docs/games/muppets.md."""

from __future__ import annotations

import random

import pytest

from engine import ActionError, Decision, ErrorCode, bot_move, replay
from engine.muppets import GAME
from engine.muppets import cards as C
from engine.muppets.game import SING_SECONDS, TURN_CAP
from engine.protocol import Kind, TextSpec
from tests.engine.muppets.helpers import (
    GIFTS,
    NAMES,
    act,
    centre,
    ids,
    label,
    new_game,
    patched,
    rigged_deck,
    row,
    started,
    with_pool,
)
from tests.engine.steps import kinds

# Three players. Ann and Bea each have an outer pair that shares a colour; Cal has nothing.
ANN = ("Red-Kermit", "Blue-Piggy", "Red-Gonzo")
BEA = ("Green-Piggy", "Yellow-Rizzo", "Green-Fozzie")
CAL = ("Orange-Robin", "Purple-Kermit", "Blue-Gonzo")
BASE = [ANN, BEA, CAL]


def all_tiles(state):
    """Every Story tile revealed (they leave the deck, which keeps its cards in order)."""
    deck = tuple(x for x in state.deck if x not in C.TILE_SET)
    return patched(state, story=C.TILES, deck=deck)


def with_discard(state, *cards):
    """Move `cards` from the deck to the discard pile (the last one on top)."""
    deck = tuple(x for x in state.deck if x not in cards)
    assert len(deck) == len(state.deck) - len(cards)
    return patched(state, deck=deck, discard=state.discard + cards)


# --------------------------------------------------------------------- components


def test_components_are_data():  # MUP-G02, MUP-G03
    assert len(C.CARDS) == 42 and len(C.ALL_CARDS) == 42
    assert sum(1 for c in C.CARDS if C.is_wild(c)) == 6
    assert {C.colour(c) for c in C.CARDS if not C.is_wild(c)} == set(C.COLOURS)
    assert {C.character(c) for c in C.CARDS if not C.is_wild(c)} == set(C.CHARACTERS)
    assert "Red-Kermit" in C.ALL_CARDS and "Wild-6" in C.ALL_CARDS
    assert sorted(C.GIFT_VALUES) == [1] * 7 + [2] * 6 + [3] * 5 and sum(C.GIFT_VALUES) == 34


@pytest.mark.parametrize(
    ("cards", "is_set", "name"),
    [
        (("Red-Kermit", "Red-Piggy", "Red-Gonzo"), True, "Red"),
        (("Red-Kermit", "Blue-Kermit", "Green-Kermit"), True, "Kermit"),
        (("Red-Kermit", "Wild-1", "Red-Piggy"), True, "Red"),
        (("Blue-Piggy", "Wild-1", "Green-Piggy"), True, "Piggy"),
        (("Red-Kermit", "Wild-1", "Blue-Kermit"), True, "Kermit"),
        (("Red-Kermit", "Wild-1", "Blue-Piggy"), False, None),  # nothing shared
        (("Wild-1", "Purple-Robin", "Wild-2"), True, "Purple"),  # two Wilds and anything
        (("Wild-1", "Wild-2", "Wild-3"), True, "Wild"),
        (("Red-Kermit", "Red-Piggy", "Blue-Kermit"), False, None),  # pairs, but no triple
        (("Red-Kermit", None, "Red-Piggy"), False, None),  # an empty slot (MUP-G17)
    ],
)
def test_set_detection_with_wilds(cards, is_set, name):  # MUP-G24, MUP-Tinsel-6
    assert C.is_set(*cards) is is_set
    if is_set:
        assert C.set_name(cards) == name  # a colour is named before a character (MUP-G25)


# --------------------------------------------------------------------- setup


def test_deal_three_consecutive_cards_per_seat():  # MUP-G29
    state = new_game(BASE, then=["Wild-1"])
    assert [row(state, p) for p in range(3)] == BASE
    for p in range(3):
        mine = GAME.view(state, p)
        assert centre(mine, p) == {
            "card": BASE[p][1],
            "face_up": False,
            "empty": False,
            "know": "owner",
        }
        for other in range(3):
            if other != p:
                assert centre(mine, other)["card"] is None
        assert mine["rows"][p][0]["card"] == BASE[p][0]  # outer cards are public
    assert centre(GAME.view(state, None), 0)["card"] is None


@pytest.mark.parametrize(
    ("seats", "stacks"), [(2, [9, 9, 9, 9]), (3, [9, 8, 8, 8]), (4, [8, 8, 7, 7])]
)
def test_deck_is_four_stacks_under_the_tiles_in_story_order(seats, stacks):  # MUP-G04, G05
    rows = [ANN, BEA, CAL, ("Yellow-Gonzo", "Orange-Piggy", "Purple-Fozzie")][:seats]
    state = new_game(rows)
    cards = rigged_deck(rows)[3 * seats :]
    expected = []
    at = 0
    for tile, size in zip(C.TILES, stacks, strict=True):
        expected += [tile, *cards[at : at + size]]
        at += size
    # Scrooge was on top, so it is revealed at once and is the only tile at the start.
    assert state.story == (C.SCROOGE,)
    assert list(state.deck) == expected[1:]
    view = GAME.view(state, None)
    assert view["deck"] == 42 - 3 * seats and view["story"] == ["SCROOGE"]
    assert view["next_tile"] == "PAST" and view["next_tile_in"] == stacks[0]


def test_unrigged_games_shuffle_from_the_seed():  # ENG-01
    a, b = GAME.new(4, {}, 3), GAME.new(4, {}, 3)
    assert a == b
    assert len({GAME.new(4, {}, seed).rows for seed in range(10)}) == 10
    assert sorted(GAME.new(2, {}, 5).gift_value) == sorted(C.GIFT_VALUES)


def test_bad_rigs_are_refused():
    for rig in (
        {"deck": ["Red-Kermit"] * 42},
        {"gifts": [3] * 18},
        {"first": 3},  # only three seats
        {"cards": []},
    ):
        with pytest.raises(ActionError) as err:
            GAME.new(3, {}, 1, rig=rig)
        assert err.value.code == ErrorCode.BAD_OPTIONS


MATCHED = ("Red-Piggy", "Red-Rizzo", "Red-Robin")


def test_a_matching_deal_is_fixed_by_its_owner_first():  # MUP-G07, MUP-Tinsel-2
    state = new_game([ANN, MATCHED, CAL], then=["Red-Fozzie", "Blue-Robin"])
    # The fix comes before the singing race, and it is Bea's decision alone.
    assert state.phase == "fix" and GAME.to_act(state) == {1}
    assert ids(state, 1) == ["fix:L", "fix:C", "fix:R"]
    assert label(state, 1, "fix:L") == "Replace your left card: 🟥 Red Piggy"
    assert GAME.view(state, 1)["prompt"] and GAME.view(state, None)["headline"].startswith(
        "Setting up"
    )
    # The replacement is the top undealt card, same slot, face up; still red: go again.
    state, events = act(state, 1, "fix:L")
    assert row(state, 1) == ("Red-Fozzie", "Red-Rizzo", "Red-Robin")
    assert events[0].data == {"seat": 1, "pos": "L", "old": "Red-Piggy", "new": "Red-Fozzie"}
    assert GAME.to_act(state) == {1}
    state, _ = act(state, 1, "fix:L")
    assert row(state, 1) == ("Blue-Robin", "Red-Rizzo", "Red-Robin")
    # Fixed: on to the race. No gifts were handed out (MUP-G07).
    assert state.phase == "sing" and len(state.pool) == 18 and state.gifts == ((), (), ())
    # Set-aside cards went under the undealt cards (a rigged deck is not reshuffled).
    assert [x for x in state.deck if x not in C.TILE_SET][-2:] == ["Red-Piggy", "Red-Fozzie"]


def test_a_replaced_centre_card_stays_private():  # MUP-G07
    state = new_game([ANN, MATCHED, CAL], then=["Blue-Robin"])
    state, events = act(state, 1, "fix:C")
    assert row(state, 1) == ("Red-Piggy", "Blue-Robin", "Red-Robin")
    public = [e for e in events if e.visible_to is None]
    assert public[0].data == {"seat": 1, "pos": "C", "old": None, "new": None}
    assert [e.data["card"] for e in events if e.visible_to == {1}] == ["Blue-Robin"]
    assert centre(GAME.view(state, 1), 1)["card"] == "Blue-Robin"
    assert centre(GAME.view(state, 0), 1)["card"] is None


def test_fixes_go_in_seat_order():  # MUP-G07
    state = new_game(
        [MATCHED, BEA, ("Blue-Kermit", "Blue-Piggy", "Blue-Gonzo")],
        then=["Green-Robin", "Orange-Rizzo"],
    )
    assert GAME.to_act(state) == {0}
    state, _ = act(state, 0, "fix:R")
    assert GAME.to_act(state) == {2} and state.phase == "fix"
    state, _ = act(state, 2, "fix:R")
    assert state.phase == "sing"


def test_only_replacements_that_can_break_the_match_are_offered():  # MUP-Tinsel-1
    # Two Wilds match anything, so replacing the third card would never end the fix.
    state = new_game([ANN, ("Wild-1", "Blue-Robin", "Wild-2"), CAL])
    assert ids(state, 1) == ["fix:L", "fix:R"]
    assert (
        GAME.bots["normal"].choose(GAME.view(state, 1), GAME.legal(state, 1), random.Random(1))
        == "fix:L"
    )
    state = new_game([ANN, ("Wild-1", "Wild-2", "Wild-3"), CAL])
    assert ids(state, 1) == ["fix:L", "fix:C", "fix:R"]


def test_the_normal_bot_fixes_the_leftmost_non_wild():  # MUP-G07
    state = new_game([ANN, ("Wild-1", "Red-Rizzo", "Red-Robin"), CAL])
    view, legal = GAME.view(state, 1), GAME.legal(state, 1)
    assert GAME.bots["normal"].choose(view, legal, random.Random(1)) == "fix:C"


# --------------------------------------------------------------------- the singing race


def test_everyone_may_sing_and_the_first_singer_starts():  # MUP-G08, MUP-Tinsel-10
    state = new_game(BASE)
    assert state.phase == "sing" and GAME.to_act(state) == {0, 1, 2}
    race = GAME.decision(state, 2)
    assert race is not None and race.kind == Kind.RACE and race.public
    assert race.seconds == SING_SECONDS == 30 and race.on_timeout == "pass"
    assert race.timeout_event == "pass"  # the clock's own line tells a late seat's pass
    assert race.text == TextSpec("sing", "A line of the carol you're singing", 10, 400, True)
    sing, pass_ = GAME.legal(state, 2)
    assert race.actions == (sing, pass_)
    assert (sing.id, sing.label) == ("sing", "🎶 I'm singing!")
    assert pass_.id == "pass"
    state, _ = act(state, 0, "pass")
    assert GAME.to_act(state) == {1, 2} and GAME.legal(state, 0) == ()
    with pytest.raises(ActionError) as err:
        GAME.apply(state, 0, "sing")
    assert err.value.code == ErrorCode.NOT_YOUR_TURN
    assert GAME.view(state, None)["passed"] == [0]
    state, events = act(state, 2, "sing")
    assert kinds(events) == ["sing", "turn"] and events[0].visible_to is None
    assert state.phase == "play" and GAME.to_act(state) == {2} and state.first == 2
    assert GAME.decision(state, 2) == Decision(Kind.CHOOSE, GAME.legal(state, 2))
    assert GAME.decision(state, 0) is None
    assert (
        GAME.narrate(events[0], NAMES) == "🎶 Cal sings a Christmas carol and takes the first turn!"
    )


def test_a_singer_may_type_a_line_of_the_carol_and_it_is_part_of_the_move():
    state, _ = act(new_game(BASE), 0, "pass")
    for bad in ("too short", "x" * 401):
        with pytest.raises(ActionError) as err:
            GAME.apply(state, 1, "sing", bad)
        assert err.value.code == ErrorCode.ILLEGAL
    with pytest.raises(ActionError):
        GAME.apply(state, 1, "pass", "Passing with a line of text")
    after, events = GAME.apply(state, 1, "sing", "  Deck the   halls with boughs ")
    assert events[0].data == {"seat": 1, "line": "Deck the halls with boughs"}
    assert GAME.apply(state, 1, "sing", "   ")[1][0].data == {"seat": 1}  # blank: no line
    moves = [(0, "pass"), (1, "sing", "Deck the halls with boughs")]
    rig = {"deck": rigged_deck(BASE, ()), "gifts": list(GIFTS)}
    assert replay(GAME, 3, {}, 1, moves, rig) == after


def test_if_everyone_passes_the_first_player_is_drawn():  # MUP-G08
    state = new_game(BASE, first=1)
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 2, "pass")
    state, events = act(state, 1, "pass")
    assert kinds(events) == ["pass", "drawn", "turn"] and GAME.to_act(state) == {1}
    # Unrigged, the seed decides, the same way every time.
    firsts = []
    for seed in range(30):
        s = GAME.new(4, {}, seed)
        while s.phase == "fix":
            (seat,) = GAME.to_act(s)
            s, _ = GAME.apply(s, seat, GAME.legal(s, seat)[0].id)
        for seat in range(4):
            s, _ = GAME.apply(s, seat, "pass")
        firsts.append(s.turn)
    assert set(firsts) == {0, 1, 2, 3}


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_computer_players_never_sing(level):  # MUP-G08, rules §6
    for seed in range(20):
        state = new_game(BASE)
        state = patched(state, seed=seed)
        for seat in range(3):
            assert bot_move(GAME, state, seat, level) == "pass"


# --------------------------------------------------------------------- tiles


def test_only_scrooge_at_the_start_and_past_needs_a_discard():  # MUP-G11
    state = started(BASE, then=["Yellow-Kermit"])
    assert ids(state, 0) == ["tile:scrooge"]
    assert label(state, 0, "tile:scrooge") == "Scrooge: draw a card"
    state = all_tiles(state)
    assert ids(state, 0) == ["tile:scrooge", "tile:present", "tile:yet"]
    state = with_discard(state, "Orange-Gonzo")
    assert ids(state, 0) == ["tile:scrooge", "tile:past", "tile:present", "tile:yet"]
    assert label(state, 0, "tile:past") == "Past: take 🟧 Orange Gonzo from the discard pile"


def test_scrooge_draws_privately_and_the_card_must_be_placed():  # MUP-G10, MUP-G27
    state = started(BASE, then=["Yellow-Kermit"])
    state, events = act(state, 0, "tile:scrooge")
    drew = [e for e in events if e.kind == "drew"]
    assert drew[0].visible_to == {0} and drew[0].data["card"] == "Yellow-Kermit"
    assert GAME.view(state, 0)["held"] == "Yellow-Kermit"
    assert GAME.view(state, 1)["held"] is None and "held" not in GAME.view(state, None)
    assert GAME.view(state, None)["stage"] == "place"  # the table sees a card was drawn
    # Nine slots, own row included, and no way back once the card is seen.
    assert len(ids(state, 0)) == 9 and "back" not in ids(state, 0)
    assert label(state, 0, "put:1:C") == (
        "Put it in {p1}'s centre (face down), replacing an unknown card"
    )
    assert label(state, 0, "put:0:C") == (
        "Put it in your centre (face down), replacing 🟦 Blue Piggy"
    )
    state, events = act(state, 0, "put:0:L")  # your own slot is allowed (MUP-G27)
    assert row(state, 0) == ("Yellow-Kermit", "Blue-Piggy", "Red-Gonzo")
    assert state.discard == ("Red-Kermit",)  # face up on the discard pile
    assert GAME.to_act(state) == {1} and state.turns == 1


def test_a_card_put_face_down_is_known_to_its_placer_and_owner():  # rules §1.7
    state = started(BASE, then=["Yellow-Kermit"])
    state, events = act(state, 0, "tile:scrooge", "put:2:C")
    assert row(state, 2)[1] == "Yellow-Kermit" and state.discard == ("Purple-Kermit",)
    put = next(e for e in events if e.kind == "put")
    assert put.visible_to is None and put.data["card"] is None
    assert put.data["old"] == "Purple-Kermit"  # the replaced card is face up
    assert centre(GAME.view(state, 0), 2) == {
        "card": "Yellow-Kermit",
        "face_up": False,
        "empty": False,
        "know": "placed",
    }
    assert centre(GAME.view(state, 2), 2)["know"] == "owner"
    assert centre(GAME.view(state, 1), 2)["card"] is None
    assert centre(GAME.view(state, None), 2)["card"] is None


def test_past_takes_the_discard_top_and_everyone_knows_where_it_went():  # MUP-Tinsel-7, 8
    state = with_discard(all_tiles(started(BASE)), "Orange-Gonzo", "Yellow-Robin")
    state, events = act(state, 0, "tile:past")
    assert events == []  # nothing happens until the card is placed
    assert GAME.view(state, None)["stage"] == "tile"  # the choice is still private
    assert GAME.view(state, 0)["pending"] == {"stage": "place", "tile": "PAST", "first": None}
    assert ids(state, 0)[-1] == "back"
    state, _ = act(state, 0, "back")
    assert ids(state, 0)[0] == "tile:scrooge" and state.tile == ""
    state, events = act(state, 0, "tile:past", "put:1:C")
    assert row(state, 1)[1] == "Yellow-Robin"
    assert state.discard == ("Orange-Gonzo", "Yellow-Rizzo")
    for seat in range(3):  # it was face up on the pile a moment ago
        assert centre(GAME.view(state, seat), 1)["card"] == "Yellow-Robin"
    assert centre(GAME.view(state, 0), 1)["know"] == "seen"
    assert centre(GAME.view(state, 1), 1)["know"] == "owner"
    assert centre(GAME.view(state, None), 1)["know"] == "everyone"


def test_a_tile_is_revealed_the_moment_it_surfaces():  # MUP-G06
    state = started(BASE)
    cards = [x for x in state.deck if x not in C.TILE_SET]
    # One card above the Past tile: drawing it reveals Past in the middle of the turn.
    state = patched(
        state,
        deck=(cards[0], C.PAST, *cards[1:4], C.PRESENT, *cards[4:8], C.YET_TO_COME, *cards[8:]),
    )
    state, events = act(state, 0, "tile:scrooge")
    assert kinds(events)[:1] == ["tile_revealed"] and state.story == (C.SCROOGE, C.PAST)
    assert GAME.narrate(events[0], NAMES) == (
        "📜 The Ghost of Christmas Past tile is revealed: it can be used from now on."
    )
    state, _ = act(state, 0, "put:2:R")
    assert "tile:past" in ids(state, 1)  # and stays usable: tiles are never used up


def test_present_swaps_any_two_distinct_slots():  # MUP-G12
    state = all_tiles(started(BASE))
    state, _ = act(state, 0, "tile:present")
    first = ids(state, 0)
    assert len(first) == 10 and first[-1] == "back"
    assert label(state, 0, "swap:1:L") == "{p1}'s left card: 🟩 Green Piggy"
    assert label(state, 0, "swap:0:C") == "Your centre card (face down): 🟦 Blue Piggy"
    assert label(state, 0, "swap:2:C") == "{p2}'s centre card (face down, unknown)"
    state, _ = act(state, 0, "swap:1:L")
    second = ids(state, 0)
    assert "with:1:L" not in second and len(second) == 9 and second[-1] == "back"
    state, _ = act(state, 0, "back")  # pick another first card
    assert GAME.view(state, 0)["pending"]["stage"] == "swap"
    state, events = act(state, 0, "swap:1:L", "with:2:R")
    assert row(state, 1)[0] == "Blue-Gonzo" and row(state, 2)[2] == "Green-Piggy"
    swap = next(e for e in events if e.kind == "swap")
    assert swap.data["shown"] == {"1:L": "Blue-Gonzo", "2:R": "Green-Piggy"}
    assert GAME.narrate(swap, NAMES) == (
        "🔄 Ann uses the Ghost of Christmas Present to swap Bea's left card with Cal's right"
        " card. Bea's left card is now 🟦 Blue Gonzo and Cal's right card is now 🟩 Green Piggy."
    )


def test_present_within_one_row_turns_cards_the_right_way_up():  # MUP-G12
    state = all_tiles(started(BASE))
    state, _ = act(state, 0, "tile:present", "swap:0:L", "with:0:C")
    assert row(state, 0) == ("Blue-Piggy", "Red-Kermit", "Red-Gonzo")
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view["rows"][0][0]["card"] == "Blue-Piggy"  # now face up
        assert centre(view, 0)["card"] == "Red-Kermit"  # everyone saw it face up
    assert centre(GAME.view(state, 1), 0)["know"] == "seen"


def test_present_centre_to_centre_moves_knowledge_with_the_card():  # MUP-G12, MUP-G22
    # Cal swaps Ann's and Bea's centre cards without looking at either.
    state = all_tiles(started(BASE, first=2))
    state, events = act(state, 2, "tile:present", "swap:0:C", "with:1:C")
    assert row(state, 0)[1] == "Yellow-Rizzo" and row(state, 1)[1] == "Blue-Piggy"
    assert next(e for e in events if e.kind == "swap").data["shown"] == {"0:C": None, "1:C": None}
    peeks = {e.data["seat"]: e.data["card"] for e in events if e.kind == "peek"}
    assert peeks == {0: "Yellow-Rizzo", 1: "Blue-Piggy"}
    cal = GAME.view(state, 2)
    assert centre(cal, 0)["card"] is None and centre(cal, 1)["card"] is None
    ann = GAME.view(state, 0)
    assert centre(ann, 0) == {
        "card": "Yellow-Rizzo",
        "face_up": False,
        "empty": False,
        "know": "owner",
    }
    assert centre(ann, 1)["card"] == "Blue-Piggy" and centre(ann, 1)["know"] == "had"
    assert centre(GAME.view(state, 1), 0)["know"] == "had"


def test_present_keeps_what_others_already_knew():  # MUP-G12
    # Ann puts a drawn card face down in Cal's centre, then Bea moves it to her own centre.
    state = started(BASE, then=["Yellow-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:2:C")
    state = all_tiles(state)
    state, _ = act(state, 1, "tile:present", "swap:2:C", "with:1:C")
    assert row(state, 1)[1] == "Yellow-Kermit"
    assert centre(GAME.view(state, 0), 1)["know"] == "placed"  # Ann still knows it
    assert centre(GAME.view(state, 1), 1)["know"] == "owner"
    assert centre(GAME.view(state, 2), 1)["know"] == "had"
    # Bea's old centre card went to Cal: Bea and Cal know it, Ann does not.
    assert centre(GAME.view(state, 0), 2)["card"] is None
    assert centre(GAME.view(state, 1), 2) == {
        "card": "Yellow-Rizzo",
        "face_up": False,
        "empty": False,
        "know": "had",
    }


def test_yet_to_come_reveals_then_another_tile():  # MUP-G13, MUP-Tinsel-8
    state = all_tiles(started(BASE))
    state, events = act(state, 0, "tile:yet")
    assert ids(state, 0) == ["point:0", "point:1", "point:2", "back"]
    assert label(state, 0, "point:0") == "Reveal your own centre card"  # allowed (MUP-G13)
    state, _ = act(state, 0, "back")
    state, events = act(state, 0, "tile:yet", "point:2")
    reveal = events[-1]
    assert reveal.kind == "reveal" and reveal.visible_to is None
    assert reveal.data == {"seat": 0, "owner": 2, "card": "Purple-Kermit"}
    assert GAME.narrate(reveal, NAMES) == (
        "🔮 Ann uses the Ghost of Christmas Yet to Come: Cal's centre card is 🟪 Purple Kermit."
    )
    for seat in (None, 0, 1):
        assert centre(GAME.view(state, seat), 2)["card"] == "Purple-Kermit"
    assert centre(GAME.view(state, 1), 2)["know"] == "revealed"
    assert centre(GAME.view(state, 2), 2)["face_up"] is False  # turned back face down
    # A different tile follows, and there is no going back to the reveal.
    assert ids(state, 0) == ["tile:scrooge", "tile:present"]
    assert GAME.view(state, 0)["prompt"] == "Now choose another tile to use."
    state, _ = act(state, 0, "tile:present")
    assert ids(state, 0)[-1] == "back"
    state, _ = act(state, 0, "back")
    assert ids(state, 0) == ["tile:scrooge", "tile:present"]  # still the follow-up
    state, _ = act(state, 0, "tile:scrooge", "put:0:R")
    assert GAME.to_act(state) == {1} and "tile:yet" in ids(state, 1)


# --------------------------------------------------------------------- completing sets


def test_own_set_one_blind_gift_then_you_discard_and_refill():  # rules §1.4.3, MUP-G09
    refill = ["Orange-Kermit", "Yellow-Piggy", "Purple-Gonzo"]
    state = started(BASE, then=["Red-Robin", *refill])
    state, events = act(state, 0, "tile:scrooge", "put:0:C")
    assert kinds(events)[-3:] == ["set", "gift", "value"]
    setev = events[-3]
    assert setev.data == {
        "seat": 0,
        "by": 0,
        "name": "Red",
        "chain": False,
        "cards": ["Red-Kermit", "Red-Robin", "Red-Gonzo"],
    }
    assert GAME.narrate(setev, NAMES) == (
        "🎉 Ann completed a Red set! (🟥 Red Kermit, 🟥 Red Robin, 🟥 Red Gonzo)"
    )
    gift, value = events[-2:]
    assert gift.visible_to is None and "value" not in gift.data
    assert value.visible_to == {0} and value.data["value"] == 3
    # The set is face up while Ann chooses which card ends on top of the discard pile.
    assert centre(GAME.view(state, 1), 0)["card"] == "Red-Robin"
    assert centre(GAME.view(state, 1), 0)["face_up"] is True
    assert GAME.view(state, None)["stage"] == "discard"
    assert GAME.view(state, 0)["my_gifts"] == [{"value": 3, "from": None}]
    assert GAME.view(state, 1)["my_gifts"] == [] and GAME.view(state, None)["gift_counts"] == [
        1,
        0,
        0,
    ]
    assert ids(state, 0) == ["top:L", "top:C", "top:R"]
    state, events = act(state, 0, "top:C")
    assert state.discard == ("Blue-Piggy", "Red-Kermit", "Red-Gonzo", "Red-Robin")
    assert row(state, 0) == tuple(refill)
    assert centre(GAME.view(state, 0), 0)["know"] == "owner"
    assert centre(GAME.view(state, 1), 0)["card"] is None
    assert GAME.to_act(state) == {1} and state.sets == (1, 0, 0)


def test_someone_elses_set_two_gifts_look_and_give_one():  # rules §1.4.3, MUP-G20, G21
    state = started(BASE, then=["Green-Kermit"])
    state, events = act(state, 0, "tile:scrooge", "put:1:C")
    assert kinds(events)[-3:] == ["set", "offer", "looked"]
    assert events[-1].visible_to == {0} and events[-1].data["values"] == [3, 1]
    assert GAME.to_act(state) == {0} and GAME.view(state, 0)["offer"] == [3, 1]
    assert GAME.view(state, 1)["offer"] is None
    assert GAME.view(state, None)["stage"] == "give" and GAME.view(state, None)["gifts_left"] == 16
    assert ids(state, 0) == ["give:1", "give:3"]
    assert label(state, 0, "give:1") == "Give the 1-point gift to {p1}, keep the 3"
    state, events = act(state, 0, "give:3")
    assert [(e.kind, e.visible_to) for e in events] == [
        ("give", None),
        ("gave", {0}),
        ("received", {1}),
    ]
    assert GAME.narrate(events[0], NAMES) == "🎁 Ann gives Bea a gift and keeps the other."
    assert GAME.view(state, 0)["my_gifts"] == [{"value": 1, "from": None}]
    assert GAME.view(state, 0)["gave"] == [{"to": 1, "value": 3}]
    assert GAME.view(state, 1)["my_gifts"] == [{"value": 3, "from": 0}]
    assert GAME.view(state, 2)["my_gifts"] == [] and GAME.view(state, 2)["gave"] == []
    # Now Bea — not the active player — decides the discard order (MUP-G16).
    assert GAME.to_act(state) == {1} and state.turn == 0
    assert GAME.view(state, 1)["prompt"].startswith("Your set is complete")
    state, _ = act(state, 1, "top:L")
    assert state.discard[-3:] == ("Green-Kermit", "Green-Fozzie", "Green-Piggy")
    assert GAME.to_act(state) == {1} and state.turn == 1  # Bea's own turn is next


def test_equal_gifts_offer_one_choice():  # MUP-G20, MUP-Tinsel-9
    state = started(BASE, then=["Green-Kermit"], gifts=sorted(GIFTS, key=lambda v: v != 2))
    state, _ = act(state, 0, "tile:scrooge", "put:1:C")
    assert [a.label for a in GAME.legal(state, 0)] == [
        "Give a 2-point gift to {p1}, keep the other"
    ]


def test_the_last_gift_goes_to_the_active_player():  # MUP-G19, MUP-G18
    state = with_pool(started(BASE, then=["Green-Kermit"]), 1, holder=2)
    state, events = act(state, 0, "tile:scrooge", "put:1:C")
    gift = next(e for e in events if e.kind == "gift")
    assert gift.data["seat"] == 0 and gift.data["last_for"] == 1
    assert GAME.narrate(gift, NAMES) == "🎁 Only one gift was left, so Ann takes it (now 1 gift)."
    assert len(state.gifts[1]) == 0 and GAME.to_act(state) == {1}  # Bea still discards
    state, events = act(state, 1, "top:R")
    assert kinds(events)[-1] == "game_over" and state.end == "gifts"
    assert GAME.to_act(state) == frozenset()


def test_the_last_gift_for_your_own_set_is_yours():  # MUP-G19
    state = with_pool(started(BASE, then=["Red-Robin"]), 1, holder=2)
    state, _ = act(state, 0, "tile:scrooge", "put:0:C")
    assert len(state.gifts[0]) == 1 and not state.pool


def test_sets_resolve_own_first_then_clockwise_and_each_player_judged_alone():  # G14, G28
    ann = ("Red-Kermit", "Green-Rizzo", "Red-Gonzo")
    bea = ("Green-Piggy", "Red-Robin", "Green-Fozzie")
    state = all_tiles(started([ann, bea, CAL], first=1))
    # Bea swaps the two centre cards: both rows match. Bea's own comes first.
    state, events = act(state, 1, "tile:present", "swap:0:C", "with:1:C")
    sets = [e.data["seat"] for e in events if e.kind == "set"]
    assert sets == [1]  # resolved fully before Ann's
    assert [e.data["seat"] for e in events if e.kind == "gift"] == [1]
    assert GAME.to_act(state) == {1} and state.queue == (0,)
    state, events = act(state, 1, "top:R")
    # Then Ann's set, which Bea completed: Bea looks at two gifts and gives one to Ann.
    assert [e.data["seat"] for e in events if e.kind == "set"] == [0]
    assert GAME.to_act(state) == {1} and GAME.view(state, 1)["offer"] == [1, 2]
    state, _ = act(state, 1, "give:1")
    assert GAME.to_act(state) == {0}
    state, _ = act(state, 0, "top:R")
    assert GAME.to_act(state) == {2} and state.sets == (1, 1, 0)
    assert sorted(state.gift_value[g] for g in state.gifts[1]) == [2, 3]


def test_the_other_two_cards_go_under_the_chosen_top_in_row_order():  # MUP-G16, Tinsel-5
    state = started(BASE, then=["Red-Robin"])
    state, _ = act(state, 0, "tile:scrooge", "put:0:C")
    state, events = act(state, 0, "top:L")
    assert events[0].data["cards"] == ["Red-Robin", "Red-Gonzo", "Red-Kermit"]
    assert GAME.narrate(events[0], NAMES) == (
        "Ann discards the set; 🟥 Red Kermit is on top of the pile."
    )


def test_bots_discard_left_centre_right():  # MUP-G16
    state = started(BASE, then=["Red-Robin"])
    state, _ = act(state, 0, "tile:scrooge", "put:0:C")
    for level in ("normal",):
        assert bot_move(GAME, state, 0, level) == "top:R"


def test_a_matching_refill_earns_another_gift_for_its_owner():  # MUP-G15
    # Ann completes Bea's set; Bea's three new cards match too: the gift goes to Bea.
    refill = ["Yellow-Kermit", "Wild-1", "Yellow-Piggy"]
    state = started(
        BASE, then=["Green-Kermit", *refill, "Orange-Gonzo", "Purple-Rizzo", "Blue-Fozzie"]
    )
    state, _ = act(state, 0, "tile:scrooge", "put:1:C", "give:1")
    state, events = act(state, 1, "top:R")
    assert kinds(events)[-5:] == ["refill", "peek", "set", "gift", "value"]
    chain = events[-3]
    assert chain.data["chain"] and chain.data["seat"] == 1 and chain.data["name"] == "Yellow"
    assert GAME.narrate(chain, NAMES).startswith("🎉 Bea's new cards match too: a Yellow set!")
    assert events[-2].data["seat"] == 1  # not the active player's
    assert GAME.to_act(state) == {1}  # Bea discards again
    state, _ = act(state, 1, "top:R")
    assert row(state, 1) == ("Orange-Gonzo", "Purple-Rizzo", "Blue-Fozzie")
    assert len(state.gifts[1]) == 2 and state.sets == (0, 2, 0) and GAME.to_act(state) == {1}


def test_a_matching_refill_after_the_last_gift_just_stays():  # MUP-G15, MUP-Tinsel-3
    refill = ["Yellow-Kermit", "Wild-1", "Yellow-Piggy"]
    state = with_pool(started(BASE, then=["Red-Robin", *refill]), 1, holder=2)
    state, _ = act(state, 0, "tile:scrooge", "put:0:C")
    state, events = act(state, 0, "top:R")
    assert "set" not in kinds(events) and row(state, 0) == tuple(refill)
    assert state.end == "gifts"


def test_the_deck_running_out_mid_refill_leaves_slots_empty():  # MUP-G17, MUP-G18
    state = all_tiles(started(BASE))
    cards = list(state.deck)
    # Two cards left: Ann draws one with Scrooge and completes her own set with it.
    state = patched(
        state,
        deck=("Red-Robin", "Yellow-Kermit"),
        discard=tuple(c for c in cards if c not in ("Red-Robin", "Yellow-Kermit")),
    )
    state, events = act(state, 0, "tile:scrooge", "put:0:C")
    assert len(state.gifts[0]) == 1  # the set still pays
    state, events = act(state, 0, "top:R")
    assert row(state, 0) == ("Yellow-Kermit", None, None)
    refill = next(e for e in events if e.kind == "refill")
    assert GAME.narrate(refill, NAMES) == "The deck runs out: Ann draws only 🟨 Yellow Kermit."
    assert state.phase == "over" and state.end == "deck"
    assert GAME.view(state, None)["rows"][0][2] == {
        "card": None,
        "face_up": True,
        "empty": True,
        "know": None,
    }


def test_the_game_ends_when_the_deck_is_empty_after_the_turn():  # MUP-G18
    state = all_tiles(started(BASE, then=["Yellow-Kermit"]))
    cards = list(state.deck)
    state = patched(state, deck=("Yellow-Kermit",), discard=tuple(cards[1:]))
    assert cards[0] == "Yellow-Kermit"
    state, events = act(state, 0, "tile:scrooge", "put:2:L")
    assert state.phase == "over" and kinds(events)[-1] == "game_over"
    assert GAME.narrate(events[-1], NAMES).startswith("Game over: the deck is empty!")


def test_the_turn_cap_ends_the_game():  # MUP-G26
    state = patched(started(BASE), turns=TURN_CAP * 3 - 1)
    assert GAME.view(state, None)["turn_no"] == 180 == GAME.view(state, None)["turn_cap"]
    state, _ = act(state, 0, "tile:scrooge", "put:2:L")
    assert state.phase == "over" and state.end == "cap"
    assert GAME.view(state, None)["headline"] == "Game over · the turn limit is reached"


def _finish(gifts):
    """End a game with these tokens held (values from GIFTS: token i is worth GIFTS[i])."""
    state = patched(started(BASE), turns=TURN_CAP * 3 - 1)
    held = {g for hand in gifts for g in hand}
    state = patched(
        state,
        gifts=tuple(tuple(h) for h in gifts),
        pool=tuple(g for g in state.pool if g not in held),
    )
    state, events = act(state, 0, "tile:scrooge", "put:2:L")
    return state, events[-1]


def test_most_points_win_then_most_gifts():  # rules §1.4.4
    # Ann 3 + 3 = 6 with two gifts; Bea 2 + 2 + 1 + 1 = 6 with four; Cal 3.
    state, over = _finish([(0, 3), (2, 5, 1, 4), (6,)])
    result = GAME.result(state)
    assert result.scores == (6, 6, 3) and result.winners == (1,) and result.ranks == (2, 1, 3)
    assert GAME.narrate(over, NAMES) == (
        "Game over: the turn limit has been reached! Bea wins the tie on 6 points with 4 gifts."
        " Scores: Ann 6 (2 gifts), Bea 6 (4 gifts), Cal 3 (1 gift)."
    )
    view = GAME.view(state, None)
    assert view["scores"] == [6, 6, 3] and view["gift_values"] == [[3, 3], [1, 1, 2, 2], [3]]


def test_equal_points_and_gifts_share_the_victory():  # rules §1.4.4, ENG-06
    state, over = _finish([(0, 1), (3, 4), (2,)])
    result = GAME.result(state)
    assert result.scores == (4, 4, 2) and result.winners == (0, 1)
    assert "Ann and Bea share the victory with 4 points" in GAME.narrate(over, NAMES)


def test_at_the_end_every_row_and_gift_is_face_up():  # MUP-Tinsel-4
    state, _ = _finish([(0,), (1,), (2,)])
    public = GAME.view(state, None)
    assert [centre(public, p)["card"] for p in range(3)] == [ANN[1], BEA[1], CAL[1]]
    assert all(centre(public, p)["face_up"] for p in range(3))
    assert public["finished"] and public["result"]["winners"] == [0]
    with pytest.raises(ActionError) as err:
        GAME.apply(state, 1, "tile:scrooge")
    assert err.value.code == ErrorCode.GAME_OVER


# --------------------------------------------------------------------- views and secrets


def test_public_view_shows_only_the_table():
    state = started(BASE, then=["Red-Robin"])
    state, _ = act(state, 0, "tile:scrooge", "put:0:C")
    public = GAME.view(state, None)
    for key in (
        "game",
        "seat",
        "to_act",
        "headline",
        "finished",
        "rows",
        "story",
        "deck",
        "discard",
        "gifts_left",
        "gift_counts",
        "sets",
        "turn",
    ):
        assert key in public
    for key in ("prompt", "my_gifts", "gave", "held", "offer", "pending"):
        assert key not in public
    mine = GAME.view(state, 0)
    assert mine["prompt"] and GAME.view(state, 1)["prompt"] == ""


def test_shuffling_the_unseen_keeps_every_view_and_moves_the_rest():
    state = started(BASE, then=["Yellow-Kermit", "Green-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:2:C")  # Ann and Cal know Cal's centre
    state, _ = act(state, 1, "tile:scrooge")  # Bea holds a card only she has seen
    rng = random.Random(5)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        moved = set()
        for _ in range(20):
            other = GAME.determinize(state, seat, rng)
            assert GAME.view(other, seat) == view
            moved |= {k for k in range(len(state.deck)) if other.deck[k] != state.deck[k]}
            if seat in (0, 2):
                assert other.rows[7] == "Yellow-Kermit"
            if seat == 1:
                assert other.held == state.held == "Green-Kermit"
            else:
                moved.add(other.held != state.held)
        assert len(moved) > 5  # the deck order really is rearranged


def test_shuffling_keeps_gifts_a_seat_knows():
    state = started(BASE, then=["Green-Kermit"])
    state, _ = act(state, 0, "tile:scrooge", "put:1:C", "give:1")
    rng = random.Random(2)
    for _ in range(20):
        for seat, known in ((0, (0, 1)), (1, (1,))):  # Bea only knows the gift she got
            other = GAME.determinize(state, seat, rng)
            for g in known:
                assert other.gift_value[g] == state.gift_value[g]
    assert {GAME.determinize(state, 2, rng).gift_value[0] for _ in range(30)} == {1, 2, 3}


def test_errors_have_codes_and_change_nothing():
    state = started(BASE, then=["Yellow-Kermit"])
    before = GAME.dump(state)
    for seat, action, code in [
        (1, "tile:scrooge", ErrorCode.NOT_YOUR_TURN),
        (0, "tile:past", ErrorCode.ILLEGAL),  # empty discard pile
        (0, "tile:present", ErrorCode.ILLEGAL),  # not revealed yet
        (0, "put:0:L", ErrorCode.ILLEGAL),  # no tile chosen
        (0, "sing", ErrorCode.ILLEGAL),
        (0, "back", ErrorCode.ILLEGAL),
        (9, "tile:scrooge", ErrorCode.NOT_YOUR_TURN),
    ]:
        with pytest.raises(ActionError) as err:
            GAME.apply(state, seat, action)
        assert err.value.code == code and err.value.message
    assert GAME.dump(state) == before
    state, _ = act(state, 0, "tile:scrooge")
    before = GAME.dump(state)
    for bad in ("put:0:X", "put:3:L", "back", "with:0:L"):
        with pytest.raises(ActionError):
            GAME.apply(state, 0, bad)
    assert GAME.dump(state) == before


def test_decisions_fit_discord_with_four_players():
    rows = [ANN, BEA, CAL, ("Yellow-Gonzo", "Orange-Piggy", "Purple-Fozzie")]
    state = all_tiles(started(rows, then=["Yellow-Kermit"]))
    state, _ = act(state, 0, "tile:present")
    assert len(GAME.legal(state, 0)) == 13  # 12 slots and back
    longest = max(len(a.label) for a in GAME.legal(state, 0))
    assert longest <= 80


# --------------------------------------------------------------------- computer players


def test_normal_prefers_someone_elses_set_and_gives_the_lower_gift():  # rules §1.9, G20
    # A Wild would complete Ann's own row or Bea's: Bea's pays Ann more.
    state = started(BASE, then=["Wild-1"])
    state, _ = act(state, 0, "tile:scrooge")
    assert bot_move(GAME, state, 0, "normal") == "put:1:C"
    state, _ = act(state, 0, "put:1:C")
    assert bot_move(GAME, state, 0, "normal") == "give:1"


def test_normal_completes_its_own_set_when_it_cannot_help_another():  # rules §1.9
    state = started(BASE, then=["Red-Robin"])
    state, _ = act(state, 0, "tile:scrooge")
    assert bot_move(GAME, state, 0, "normal") == "put:0:C"


def test_normal_uses_the_past_to_complete_a_set():  # rules §1.9
    state = with_discard(all_tiles(started(BASE)), "Green-Robin")
    assert bot_move(GAME, state, 0, "normal") == "tile:past"
    state, _ = act(state, 0, "tile:past")
    assert bot_move(GAME, state, 0, "normal") == "put:1:C"


def test_normal_swaps_a_shared_colour_into_its_row():  # rules §1.9
    # Cal's left card is red: moving it next to Ann's red pair completes Ann's set.
    cal = ("Red-Robin", "Purple-Kermit", "Blue-Gonzo")
    state = all_tiles(started([ANN, BEA, cal]))
    assert bot_move(GAME, state, 0, "normal") == "tile:present"
    state, _ = act(state, 0, "tile:present")
    first = bot_move(GAME, state, 0, "normal")
    assert first in ("swap:0:C", "swap:2:L")
    state, _ = act(state, 0, first)
    assert bot_move(GAME, state, 0, "normal") == ("with:2:L" if first == "swap:0:C" else "with:0:C")
