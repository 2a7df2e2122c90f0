"""Holiday Shuffle, rule by rule, with fixed deals. Ruling ids (HS-Gnn, and our own HS-Dnn) are
in docs/games/shuffle.md; scoring and Wilds are in test_scoring.py."""

from __future__ import annotations

import random

import pytest

from engine import ActionError, ErrorCode, Event
from engine.shuffle import GAME
from engine.shuffle.cards import ALL_CARDS, DAY
from engine.shuffle.game import MAX_REBUILDS, TURN_LIMIT, choose_dealer
from tests.engine.shuffle.helpers import (
    act,
    deal_order,
    deck,
    draw_and_discard,
    ids,
    new_game,
)
from tests.engine.steps import kinds

NAMES = ["Ann", "Bea", "Cal", "Dot"]
# In order with no runs of three; slot 10 is the card that spoils it.
ALMOST = ["0101", "0106", "0301", "0308", "0501", "0505", "0701", "0704", "0906", "0202"]
# Latest first: never in order, scores 1.
DOWN = ["1231", "1125", "1031", "0922", "0826", "0725", "0624", "0531", "0430", "0330"]
DOWN2 = ["1226", "1111", "1024", "0917", "0819", "0720", "0621", "0515", "0422", "0320"]


def slot_ids(verb: str) -> list[str]:
    return [f"{verb}:{k}" for k in range(1, 11)]


# --------------------------------------------------------------------- choosing the dealer


def test_the_earliest_date_deals():  # HS rules §4.3 step 2
    state = GAME.new(3, {}, 1, rig={"dealer_draw": ["0704", "0119", "1225"]})
    assert state.dealer == 1 and GAME.to_act(state) == {2}
    assert GAME.view(state, None)["dealer_draw"] == [[0, "0704"], [1, "0119"], [2, "1225"]]


def test_wild_draws_redraw_until_nobody_holds_one():  # HS-G08
    draw = ["W1", "0704", "W2", "1225", "0106", "W3", "0101"]
    dealer, draws = choose_dealer(4, 1, draw)
    # Seats 0 and 2 redraw; seat 2 draws a Wild again and redraws once more. A redrawn card
    # competes with the others' first cards: Jan 1 beats Jan 6 and Jul 4.
    assert draws == (
        (0, "W1"),
        (1, "0704"),
        (2, "W2"),
        (3, "1225"),
        (0, "0106"),
        (2, "W3"),
        (2, "0101"),
    )
    assert dealer == 2


def test_dealer_draws_cannot_tie():  # HS-G08, HS-D03
    # Ties would redraw, but every dated card has its own day and a drawn card is not put back
    # until the dealer is known, so two players never hold the same date.
    assert len(set(DAY.values())) == len(DAY) == 72
    for seed in range(50):
        dealer, draws = choose_dealer(4, seed)
        final = {seat: card for seat, card in draws}
        assert all(card in DAY for card in final.values())
        assert dealer == min(final, key=lambda s: DAY[final[s]])


def test_the_first_dealer_comes_from_the_seed():
    assert {GAME.new(4, {}, seed).dealer for seed in range(40)} == {0, 1, 2, 3}
    assert GAME.new(4, {}, 9) == GAME.new(4, {}, 9)


# --------------------------------------------------------------------- the deal


def test_deal_goes_left_from_the_dealer_onto_mats_left_to_right():  # HS-G26
    top = [c for c in reversed(ALL_CARDS) if c in DAY][:32]  # latest first: nobody in order
    state = GAME.new(3, {}, 1, rig={"decks": [top], "dealer": 1})
    # Card k goes to seat (dealer + 1 + k) mod 3: seat 2 first, then seat 0, then seat 1.
    assert state.mats[2] == tuple(top[0:30:3])
    assert state.mats[0] == tuple(top[1:30:3])
    assert state.mats[1] == tuple(top[2:30:3])
    # The next card starts the discard pile; the rest is the draw pile, in order.
    assert state.discard == (top[30],) and state.draw[0] == top[31]
    assert len(state.draw) == 78 - 31
    assert GAME.to_act(state) == {2}  # left of the dealer starts (HS rules §4.3 step 7)
    assert deal_order([state.mats[0], state.mats[1], state.mats[2]], 1) == top[:30]


def test_a_rigged_deck_may_list_only_its_top():
    state = new_game(2, {0: ALMOST}, discard="1225")
    cards = [c for m in state.mats for c in m] + list(state.draw) + list(state.discard)
    assert sorted(cards) == sorted(ALL_CARDS)
    assert state.mats[0] == tuple(ALMOST) and state.discard == ("1225",)


def test_bad_rigs_are_refused():
    for rig in (
        {"decks": [["0101", "0101"]]},
        {"decks": [["XXXX"]]},
        {"dealer": 5},
        {"dealer": 0, "dealer_draw": ["0101"]},
        {"cards": []},
        {"decks": [[]] * 4},
    ):
        with pytest.raises(ActionError) as err:
            GAME.new(4, {}, 1, rig=rig)
        assert err.value.code == ErrorCode.BAD_OPTIONS


def test_a_celebration_dealt_onto_a_mat_does_nothing():  # HS rules §4.3 step 5
    state = new_game(2, {1: ["0129", *DOWN[1:]]}, discard="0202")
    assert ids(state, 1) == ["take", "draw"] and state.effect is None


# --------------------------------------------------------------------- a turn


def test_the_discard_must_be_swapped_in():  # HS rules §4.4 step 1
    state = new_game(2, {1: DOWN}, discard="0704")
    (take, draw) = GAME.legal(state, 1)
    assert take.label == "Take the discard: Jul 4 Independence Day"
    assert draw.label == "Draw from the pile" and draw.hint == "57 cards left"
    state, events = act(state, 1, "take")
    assert events == []  # a pick is private until the card is placed
    assert ids(state, 1) == [*slot_ids("place"), "back"]  # no "discard"
    assert GAME.legal(state, 1)[2].label == "Replace slot 3 (Oct 31 Halloween)"
    state, events = act(state, 1, "place:3")
    assert state.mats[1][2] == "0704" and state.discard == ("1031",)
    assert events[0].kind == "place" and events[0].visible_to is None
    assert GAME.to_act(state) == {0}  # play passes left


def test_back_puts_the_discard_back():  # HS-D05
    state = new_game(2, {1: DOWN}, discard="0704")
    public = GAME.view(state, None)
    state, _ = act(state, 1, "take")
    assert GAME.view(state, None) == public  # nobody else sees the half-made move
    assert GAME.view(state, 1)["pending"] == "take"
    state, _ = act(state, 1, "back")
    assert ids(state, 1) == ["take", "draw"] and state.discard == ("0704",)


def test_a_drawn_card_may_be_swapped_in_or_discarded():  # HS rules §4.4 step 1, HS-D05
    state = new_game(2, {1: DOWN}, discard="0704", draws=["0214", "0317"])
    state, _ = act(state, 1, "draw")
    assert ids(state, 1) == [*slot_ids("place"), "discard"]
    state, events = act(state, 1, "discard")
    assert state.discard == ("0704", "0214") and state.mats[1] == tuple(DOWN)
    assert kinds(events) == ["discard"] and GAME.to_act(state) == {0}
    state, _ = act(state, 0, "draw", "place:1")
    assert state.mats[0][0] == "0317" and state.discard[-1] != "0214"


def test_only_the_drawer_sees_the_drawn_card():  # HS-G22
    state = new_game(2, {1: DOWN}, discard="0704", draws=["0214"])
    state, events = act(state, 1, "draw")
    assert kinds(events) == ["draw", "drew"]
    assert events[0].visible_to is None and "card" not in events[0].data
    assert events[1].visible_to == {1} and events[1].data["card"] == "0214"
    assert GAME.view(state, 1)["drawn"] == "0214"
    assert GAME.view(state, 0)["drawn"] is None
    public = GAME.view(state, None)
    assert "drawn" not in public and public["drawn_by"] == 1
    # Rearranging what only the drawer knows changes no one else's view.
    rng = random.Random(3)
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert GAME.view(GAME.determinize(state, seat, rng), seat) == view
    state, events = act(state, 1, "place:2")
    assert events[0].data == {
        "seat": 1,
        "slot": 1,
        "card": "0214",
        "removed": "1125",
        "source": "draw",
    }


# --------------------------------------------------------------------- Celebrations


def test_switch_two_cards_of_your_own():  # HS rules §4.4 step 2, HS-G13
    state = new_game(2, {1: DOWN}, discard="0129")  # National Puzzle Day: switch
    state, events = act(state, 1, "take", "place:1")
    assert kinds(events) == ["place", "celebration"]
    assert GAME.view(state, None)["effect"] == "0129"
    assert ids(state, 1) == [*slot_ids("sw"), "skip"]
    state, _ = act(state, 1, "sw:1")
    second = ids(state, 1)
    assert second == [f"sw:1:{k}" for k in range(2, 11)] + ["back"]
    state, _ = act(state, 1, "back", "sw:2")  # change your mind about the first card
    # The Celebration itself may be one of the two.
    state, events = act(state, 1, "sw:2:1")
    assert state.mats[1][:2] == ("1125", "0129")
    assert kinds(events) == ["switch"] and GAME.to_act(state) == {0}


def test_every_effect_may_be_skipped():  # HS-G13
    state = new_game(2, {1: DOWN}, discard="0129")
    state, events = act(state, 1, "take", "place:1", "skip")
    assert state.mats[1] == ("0129", *DOWN[1:])
    assert kinds(events)[-1] == "skip" and GAME.to_act(state) == {0}
    state = new_game(3, {1: DOWN}, discard="0209")
    state, _ = act(state, 1, "take", "place:1", "skip")
    assert GAME.to_act(state) == {2}


def test_trade_a_card_with_another_mat():  # HS-G14
    state = new_game(3, {1: DOWN, 2: DOWN2}, discard="0209")  # National Pizza Day: trade
    state, _ = act(state, 1, "take", "place:10")
    assert ids(state, 1) == [*slot_ids("give"), "skip"]
    state, _ = act(state, 1, "give:3")
    actions = GAME.legal(state, 1)
    assert [a.id for a in actions] == ["to:2", "to:0", "back"]
    assert actions[0].label == "Trade with {p2}" and actions[0].hint == "the player on your left"
    assert actions[1].label == "Trade with {p0}" and actions[1].hint == "the player on your right"
    state, _ = act(state, 1, "to:2")
    assert ids(state, 1) == [f"get:2:{k}" for k in range(1, 11)] + ["back"]
    state, _ = act(state, 1, "back")  # back to choosing the player
    assert ids(state, 1)[0] == "to:2"
    state, events = act(state, 1, "to:2", "get:2:5")
    # Position for position: my slot 3 takes their slot 5 and theirs takes mine.
    assert state.mats[1][2] == DOWN2[4] and state.mats[2][4] == DOWN[2]
    assert events[-1].data["other"] == 2 and GAME.to_act(state) == {2}


def test_with_two_players_a_trade_skips_choosing_the_player():  # HS-D07
    state = new_game(2, {1: DOWN}, discard="0209")
    state, _ = act(state, 1, "take", "place:10", "give:1")
    assert ids(state, 1) == [f"get:0:{k}" for k in range(1, 11)] + ["back"]
    state, _ = act(state, 1, "back")
    assert ids(state, 1) == [*slot_ids("give"), "skip"]


def test_four_players_trade_left_across_or_right():
    state = new_game(4, {3: DOWN}, discard="1113", dealer=2)
    state, _ = act(state, 3, "take", "place:1", "give:1")
    offered = GAME.legal(state, 3)[:3]
    assert [a.label for a in offered] == ["Trade with {p0}", "Trade with {p1}", "Trade with {p2}"]
    assert [a.hint for a in offered] == [
        "the player on your left",
        "the player across from you",
        "the player on your right",
    ]
    assert ids(state, 3)[:3] == ["to:0", "to:1", "to:2"]


def test_another_turn_and_extra_turns_chain():  # HS-G15
    state = new_game(2, {1: DOWN}, discard="0314", draws=["0618"])  # Pi Day, Picnic Day
    state, events = act(state, 1, "take", "place:5")
    assert kinds(events) == ["place", "celebration"]
    assert GAME.to_act(state) == {1} and GAME.view(state, None)["bonus_turn"]
    assert ids(state, 1) == ["take", "draw", "end"]
    state, _ = act(state, 1, "draw", "place:6")  # another "another turn"
    assert GAME.to_act(state) == {1} and state.bonus
    state, events = act(state, 1, "end")  # extra turns are optional too
    assert kinds(events) == ["end_turn"] and GAME.to_act(state) == {0}
    assert ids(state, 0) == ["take", "draw"]


def test_celebrations_moved_by_an_effect_do_nothing():  # HS-G24
    # Ann's Cocoa Day (another turn) reaches Bea by a trade: nothing happens.
    mats = {0: ["1213", *DOWN2[1:]], 1: DOWN}
    state = new_game(2, mats, dealer=0, discard="0209")
    state, events = act(state, 1, "take", "place:10", "give:1", "get:0:1")
    assert state.mats[1][0] == "1213" and "celebration" not in kinds(events)[2:]
    assert GAME.to_act(state) == {0} and not state.bonus
    # A switched Celebration does nothing either.
    state = new_game(2, {1: DOWN}, discard="0426")
    state, events = act(state, 1, "take", "place:1", "sw:1", "sw:1:2")
    assert kinds(events) == ["place", "celebration", "switch"] and GAME.to_act(state) == {0}


def test_a_discarded_celebration_waits_for_whoever_takes_it():  # HS rules §4.4 step 2
    state = new_game(2, {0: DOWN2, 1: DOWN}, discard="0704", draws=["0426"])
    state, events = act(state, 1, "draw", "discard")
    assert "celebration" not in kinds(events) and GAME.to_act(state) == {0}
    state, events = act(state, 0, "take", "place:2")
    assert kinds(events) == ["place", "celebration"] and GAME.legal(state, 0)[-1].id == "skip"


# --------------------------------------------------------------------- the draw pile


def test_an_empty_draw_pile_is_the_discard_pile_turned_over():  # HS rules §4.4 step 4
    state = new_game(4, {}, discard="0704")
    pile = state.draw
    assert len(pile) == 37
    for _ in range(37):
        state, _ = draw_and_discard(state)
    assert state.draw == () and state.discard == ("0704", *pile)
    (seat,) = GAME.to_act(state)
    # HS-D04: only drawing turns the pile over; taking the discard leaves it as it is.
    taken, _ = act(state, seat, "take", "place:1")
    assert taken.rebuilds == 0 and taken.draw == () and len(taken.discard) == 38
    assert GAME.legal(state, seat)[1].label == "Draw: turn the discard pile over first"
    state, events = act(state, seat, "draw")
    # Not shuffled: the old bottom card (the first discard) starts the new discard pile and
    # the card above it is the new top of the draw pile.
    assert kinds(events) == ["rebuild", "draw", "drew"]
    assert state.discard == ("0704",) and state.drawn == pile[0] and state.draw == pile[1:]
    # HS-G20: the discard pile is never left empty.
    assert state.rebuilds == 1 and GAME.view(state, None)["rebuilds"] == 1


def test_a_third_rebuild_ends_the_round_with_no_winner():  # HS-G17
    state = new_game(4, {}, discard="0704", more=[[]])
    while not (state.rebuilds == MAX_REBUILDS and not state.draw):
        state, _ = draw_and_discard(state)
    (seat,) = GAME.to_act(state)
    assert GAME.legal(state, seat)[1].label == "Draw: the pile is spent, so the round ends"
    state, events = act(state, seat, "draw")
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["winner"] is None and over.data["reason"] == "stalemate"
    assert [row["points"] for row in over.data["rows"]] == [1, 1, 1, 1]  # all scored
    assert state.round_no == 1 and state.rebuilds == 0 and state.scores == (1, 1, 1, 1)


def test_the_turn_limit_ends_a_round_nobody_draws_in():  # HS-D01
    # HS-G17 stays reachable: with two players a round must last 3 × 57 + 1 turns to need a
    # third rebuild, which is within the limit.
    assert TURN_LIMIT > 3 * (78 - 2 * 10 - 1)
    state = new_game(2, {}, discard="0704", more=[[]])
    for turn in range(1, TURN_LIMIT + 1):
        assert state.turns == turn and state.round_no == 0
        (seat,) = GAME.to_act(state)
        state, events = act(state, seat, "take", "place:1")
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["winner"] is None and over.data["reason"] == "turn_limit"
    assert state.round_no == 1 and state.turns == 1


# --------------------------------------------------------------------- the end of a round


def test_the_first_mat_in_order_wins_the_round():  # HS-G16
    state = new_game(2, {1: ALMOST}, discard="1225")
    state, events = act(state, 1, "take", "place:10")
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["winner"] == 1 and over.data["reason"] == "in_order"
    assert over.data["rows"][1] == {
        "points": 10,
        "prefix": 10,
        "month_runs": [],
        "same_runs": [],
        "wilds": [],
    }
    assert state.scores[1] == 10 and state.round_no == 1
    # The deal passes left: seat 1 deals round 2 and seat 0 goes first.
    assert state.dealer == 1 and GAME.to_act(state) == {0}
    assert kinds(events) == ["place", "round_over", "deal"]


def test_a_trade_can_finish_another_players_mat():  # HS-G16
    mine = ["1225", "0624", "0214", "0216", "0317", "0320", "0411", "0422", "0515", "0212"]
    state = new_game(3, {1: mine, 2: ALMOST}, discard="0209")
    # Bea places Pizza Day, then gives her Christmas Day for Cal's Feb 2: her own mat still
    # ends with Feb 12, but Cal's is now in order, so Cal wins the round.
    state, events = act(state, 1, "take", "place:2", "give:1", "to:2", "get:2:10")
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["winner"] == 2 and state.outcomes[-1] == (2, "in_order")
    assert state.last_mats[1][0] == "0202" and state.last_mats[2][9] == "1225"


def test_when_a_trade_finishes_both_mats_the_active_player_wins():  # HS-G16
    mine = ["1225", "0624", "0214", "0216", "0317", "0320", "0411", "0422", "0515", "0531"]
    other = [*ALMOST[:9], "0119"]
    state = new_game(3, {1: mine, 2: other}, discard="0209")
    state, _ = act(state, 1, "take", "place:2", "give:1", "to:2", "get:2:10")
    assert state.outcomes[-1] == (1, "in_order")
    assert state.history[-1][1][1] == 10 and state.history[-1][2][1] == 10


def test_another_turn_is_lost_when_the_round_ends():
    state = new_game(2, {1: ALMOST}, discard="1213")
    state, events = act(state, 1, "take", "place:10")  # Cocoa Day finishes the mat
    assert kinds(events) == ["place", "celebration", "round_over", "deal"]
    assert GAME.to_act(state) == {0}


def test_a_mat_dealt_in_order_wins_before_any_turn():  # HS-G19
    dealt = ["0101", "0106", "0301", "0308", "0501", "0505", "0701", "0704", "0906", "1225"]
    state = new_game(2, {0: dealt}, rounds="1")
    assert GAME.result(state) is not None and GAME.to_act(state) == frozenset()
    assert state.outcomes == ((0, "dealt_in_order"),) and state.scores[0] == 10
    state = new_game(2, {0: dealt})
    view = GAME.view(state, None)
    assert view["last_round"]["winner"] == 0 and view["last_round"]["reason"] == "dealt_in_order"
    assert view["round"] == 2 and view["dealer"] == 1 and view["history"][0][0]["points"] == 10


def test_two_mats_dealt_in_order_go_to_the_first_player():  # HS-G19, HS-D06
    a = ["0101", "0106", "0301", "0308", "0501", "0505", "0701", "0704", "0906", "1225"]
    b = ["0119", "0122", "0314", "0317", "0509", "0515", "0714", "0720", "0912", "1226"]
    state = new_game(2, {0: a, 1: b}, dealer=0, rounds="1")
    assert state.outcomes == ((1, "dealt_in_order"),)  # seat 1 is left of the dealer


# --------------------------------------------------------------------- rounds and winning


def _win_now(seats: int, dealer: int) -> list[str]:
    """A deck whose first player finishes their mat by taking the discard into slot 10."""
    return deck(seats, {(dealer + 1) % seats: ALMOST}, dealer, discard="1225")


def test_three_rounds_with_the_deal_passing_left():  # HS rules §4.7
    decks = [_win_now(3, d) for d in (0, 1, 2)]
    state = GAME.new(3, {}, 1, rig={"decks": decks, "dealer": 0})
    firsts = []
    for _ in range(3):
        (seat,) = GAME.to_act(state)
        firsts.append(seat)
        state, events = act(state, seat, "take", "place:10")
    assert firsts == [1, 2, 0]
    # Each seat won one round (10) and scored 1 for its filler mat in the other two.
    assert kinds(events)[-1] == "game_over" and GAME.result(state).scores == (12, 12, 12)
    assert GAME.result(state).winners == (0, 1, 2)  # HS-G18: a shared victory
    view = GAME.view(state, None)
    assert view["finished"] and len(view["history"]) == 3 and view["headline"] == "Game over"
    assert view["mats"][0] == [*ALMOST[:9], "1225"]  # the final mats stay on show
    with pytest.raises(ActionError) as err:
        GAME.apply(state, 0, "take")
    assert err.value.code == ErrorCode.GAME_OVER


def test_the_one_round_variant():
    state = GAME.new(2, {"rounds": "1"}, 1, rig={"decks": [_win_now(2, 0)], "dealer": 0})
    assert GAME.view(state, None)["rounds"] == 1
    state, events = act(state, 1, "take", "place:10")
    assert kinds(events)[-2:] == ["round_over", "game_over"]
    assert GAME.result(state).winners == (1,) and GAME.result(state).scores[1] == 10


def test_equal_totals_share_the_victory():  # HS-G18
    state = new_game(2, {0: DOWN, 1: DOWN2}, discard="0704", rounds="1")
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        state, _ = act(state, seat, "draw")
        if GAME.to_act(state):
            state, _ = act(state, seat, "discard")
    result = GAME.result(state)
    assert result.scores == (1, 1) and result.winners == (0, 1) and result.ranks == (1, 1)


def test_the_winner_of_a_round_keeps_the_wild_date_that_made_the_order():  # HS-D02
    mat = ["0308", "0422", "0501", "0720", "0801", "0815", "0919", "W1", "1001", "0106"]
    state = new_game(2, {1: mat}, discard="1225", rounds="1")
    state, events = act(state, 1, "take", "place:10")
    row = next(e for e in events if e.kind == "round_over").data["rows"][1]
    assert row["prefix"] == 10 and row["points"] == 13 and row["wilds"] == [[7, DAY["0919"] + 1]]


# --------------------------------------------------------------------- errors, views, words


def test_errors_have_codes_and_change_nothing():
    state = new_game(2, {1: DOWN}, discard="0704")
    before = GAME.dump(state)
    for seat, action, code in [
        (0, "take", ErrorCode.NOT_YOUR_TURN),
        (1, "discard", ErrorCode.ILLEGAL),
        (1, "place:1", ErrorCode.ILLEGAL),
        (1, "place:11", ErrorCode.ILLEGAL),
        (1, "end", ErrorCode.ILLEGAL),
        (1, "sw:1:2", ErrorCode.ILLEGAL),
        (1, "get:0:1", ErrorCode.ILLEGAL),
        (7, "take", ErrorCode.NOT_YOUR_TURN),
    ]:
        with pytest.raises(ActionError) as err:
            GAME.apply(state, seat, action)
        assert err.value.code == code and err.value.message
    assert GAME.dump(state) == before
    state, _ = act(state, 1, "take")
    before = GAME.dump(state)
    for action in ("take", "draw", "discard", "place:0", "back:1"):
        with pytest.raises(ActionError):
            GAME.apply(state, 1, action)
    assert GAME.dump(state) == before


def test_views_carry_the_table_and_only_your_own_secrets():
    state = new_game(3, {1: DOWN}, discard="0704")
    public = GAME.view(state, None)
    for key in ("game", "seat", "to_act", "headline", "finished", "mats", "discard_top"):
        assert key in public
    assert "prompt" not in public and "drawn" not in public
    assert public["headline"] == "Round 1 of 3 · turn 1 · 47 to draw"
    assert public["discard_top"] == "0704" and public["draw_size"] == 47
    assert public["prefix"][1] == 1 and public["dealer"] == 0 and public["turn"] == 1
    mine = GAME.view(state, 1)
    assert mine["prompt"] == "Take the discard (Jul 4 Independence Day) or draw a card."
    assert GAME.view(state, 2)["prompt"] == ""


def test_narration():
    state = new_game(2, {0: DOWN2, 1: DOWN}, discard="0209", draws=["0704"])
    state, events = act(state, 1, "take", "place:10", "give:1", "get:0:2")
    lines = [GAME.narrate(e, NAMES) for e in events]
    assert lines == [
        "Bea took the discard, Feb 9 National Pizza Day, swapped it into slot 10 and discarded"
        " Mar 30 National Doctors' Day.",
        "Celebration! National Pizza Day lets Bea trade a card with another player.",
        "Bea traded slot 1 (Dec 31 New Year's Eve) for Ann's slot 2 (Nov 11 Veterans Day).",
    ]
    state, events = act(state, 0, "draw")
    assert [GAME.narrate(e, NAMES) for e in events] == [
        "Ann drew a card (56 left in the pile).",
        "Ann drew Jul 4 Independence Day.",
    ]


def test_a_switch_is_told_to_the_table_in_the_third_person():
    event = Event("celebration", {"seat": 1, "card": "0718", "effect": "switch"})
    assert GAME.narrate(event, NAMES) == (
        "Celebration! National Ice Cream Day lets Bea switch two of their own cards."
    )
