"""Ghosts of Christmas, rule by rule, with fixed deals. Ruling ids (GOC-Gnn) are in
docs/games/ghosts.md."""

from __future__ import annotations

import pytest

from engine import ActionError, ErrorCode
from engine.ghosts import GAME
from engine.ghosts.cards import deck
from tests.engine.ghosts.helpers import act, bid, new_game, plays

# Four players, every suit mixed: the round in `TRICK_ROUND` is legal from this deal.
MIXED = [
    ["N5", "C3", "S5", "C1", "C2", "C4", "C5", "C6", "N1", "N2", "S1", "H6"],
    ["N9", "S4", "S10", "N3", "N4", "N6", "S2", "S3", "H7", "H8", "H9", "H10"],
    ["S12", "C12", "H2", "C7", "C8", "C9", "C10", "C11", "H1", "H3", "H4", "H5"],
    ["N7", "S8", "S11", "N8", "N10", "N11", "N12", "S6", "S7", "S9", "H11", "H12"],
]
# (seat, card, era) in turn order from seat 0.
TRICK_ROUND = [
    (0, "N5", "past"),  # sets the Past dial to Notes; seat 0 holds the marker
    (1, "N9", "past"),
    (2, "S12", "past"),  # seat 2 has no Notes, so anything goes
    (3, "N7", "past"),
    (0, "C3", "present"),  # sets the Present dial to Candles
    (1, "S4", "present"),  # no Candles: free choice
    (2, "C12", "present"),
    (3, "S8", "present"),
    (0, "S5", "future"),  # sets the Future dial to Scales
    (1, "S10", "future"),
    (2, "H2", "future"),  # no Scales left: a low Heart
    (3, "S11", "future"),
]


def one_suit_each(seats: int = 4, first: int = 0) -> list[list[str]]:
    """Deal the cards in order, a dozen per seat: with four players seat `first` gets every
    Heart, the next seat every Candle, and so on."""
    cards = sorted(deck(seats), key=lambda c: ("HCNS".index(c[0]), int(c[1:])))
    hands: list[list[str]] = [[] for _ in range(seats)]
    for k in range(seats):
        hands[(first + k) % seats] = cards[12 * k : 12 * k + 12]
    return hands


def play_round_simply(state):
    """Every seat plays its first offered card into its first offered era."""
    for _ in range(state.seats * len(state.dials)):
        (seat,) = GAME.to_act(state)
        card = GAME.legal(state, seat)[0].id
        state, _ = act(state, seat, card)
        state, _ = act(state, seat, GAME.legal(state, seat)[0].id)
    return state


# --------------------------------------------------------------------- components & set-up


def test_four_players_use_all_48_cards_and_three_drop_ranks_1_to_3():
    assert len(deck(4)) == 48
    three = deck(3)
    assert len(three) == 36 and not {c for c in three if int(c[1:]) <= 3}
    for seats in (3, 4):
        state = GAME.new(seats, {}, 5)
        assert [len(h) for h in state.hands] == [12] * seats
        assert sorted(c for h in state.hands for c in h) == sorted(deck(seats))


def test_rigged_deal_and_start_player():
    state = new_game(MIXED, marker=2)
    for seat in range(4):
        assert sorted(state.hands[seat]) == sorted(MIXED[seat])
    assert GAME.to_act(state) == {2}
    assert state.marker == 2


def test_random_start_player_comes_from_the_seed():
    starts = {GAME.new(4, {}, seed).marker for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert GAME.new(4, {}, 9).marker == GAME.new(4, {}, 9).marker


def test_bad_rig_is_refused():
    with pytest.raises(ActionError) as err:
        GAME.new(4, {}, 1, rig={"decks": [["H1"] * 48]})
    assert err.value.code == ErrorCode.BAD_OPTIONS
    with pytest.raises(ActionError):
        GAME.new(4, {}, 1, rig={"start": 4})
    with pytest.raises(ActionError):
        GAME.new(4, {}, 1, rig={"cards": []})


# --------------------------------------------------------------------- bidding


def test_bidding_runs_clockwise_from_the_start_player_and_is_public():  # GOC-G06
    state = new_game(MIXED, marker=2)
    order = []
    for _ in range(4):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        state, events = bid(state, seat, 2)
        assert events[-1].kind == "bid" and events[-1].visible_to is None
        assert GAME.view(state, None)["bids"][seat] == {"purple": 2, "red": False}
    assert order == [2, 3, 0, 1]
    assert state.phase == "play" and GAME.to_act(state) == {2}


def test_bid_range_is_0_to_12_and_red_goes_with_any_count():  # GOC-G04
    state = new_game(MIXED)
    assert [a.id for a in GAME.legal(state, 0)] == [f"doors:{n}" for n in range(13)]
    for bad in ("doors:13", "doors:-1", "doors:03", "doors:", "bid:0:red"):
        with pytest.raises(ActionError) as err:
            GAME.apply(state, 0, bad)
        assert err.value.code == ErrorCode.ILLEGAL
    state, _ = act(state, 0, "doors:0")
    assert [a.id for a in GAME.legal(state, 0)] == ["bid:0:plain", "bid:0:red", "back"]
    state, _ = act(state, 0, "bid:0:red")
    assert state.bids[0] == (0, True)


def test_door_supply_is_not_enforced():  # GOC-G05
    state = new_game(MIXED)
    for seat in range(4):
        state, _ = bid(state, seat, 12, red=True)
    assert state.bids == ((12, True),) * 4 and state.phase == "play"


def test_back_changes_the_door_count_and_the_half_bid_stays_private():
    state = new_game(MIXED)
    state, events = act(state, 0, "doors:3")
    assert events == []  # nothing to narrate until the bid is complete
    assert GAME.view(state, 0)["pending"] == "3"
    assert GAME.view(state, 1).get("pending") is None
    assert GAME.view(state, None)["bids"][0] is None
    state, _ = act(state, 0, "back")
    assert next(a.id for a in GAME.legal(state, 0)) == "doors:0"
    state, _ = bid(state, 0, 5, red=True)
    assert state.bids[0] == (5, True)


def test_tiny_tim_skips_bidding():  # GOC-G12
    state = new_game(MIXED, variant="tiny_tim")
    assert state.phase == "play"
    assert all(a.id.startswith("card:") for a in GAME.legal(state, 0))
    assert GAME.view(state, None)["bids"] == [None] * 4


def test_standard_bidding_is_the_default():  # GOC-G13
    state = GAME.new(4, {}, 3)
    assert state.variant == "standard" and not state.beyond and state.phase == "bid"


# --------------------------------------------------------------------- playing a round


def test_follow_the_dial_when_you_can():  # GOC-G07, GOC-G08
    state = new_game(MIXED, variant="tiny_tim")
    # A face-down dial accepts anything; the first card sets it.
    offered = {a.id for a in GAME.legal(state, 0)}
    assert offered == {f"card:{c}" for c in MIXED[0]}
    state, _ = act(state, 0, "card:N5")
    assert [a.id for a in GAME.legal(state, 0)] == [
        "play:N5:past",
        "play:N5:present",
        "play:N5:future",
        "back",
    ]
    state, _ = act(state, 0, "play:N5:past")
    assert state.dials == ("N", None, None)
    # Seat 1 holds Notes, so nothing but Notes may go into the Past.
    state, _ = act(state, 1, "card:H7")
    assert [a.id for a in GAME.legal(state, 1)] == ["play:H7:present", "play:H7:future", "back"]
    with pytest.raises(ActionError):
        GAME.apply(state, 1, "play:H7:past")
    state, _ = act(state, 1, "back", "card:N9")
    assert "play:N9:past" in {a.id for a in GAME.legal(state, 1)}
    state, _ = act(state, 1, "play:N9:past")
    # Seat 2 holds no Notes at all: any card may go into the Past.
    state, _ = act(state, 2, "card:S12")
    assert "play:S12:past" in {a.id for a in GAME.legal(state, 2)}


def test_the_follow_rule_looks_at_the_whole_hand():  # GOC-G07
    state = new_game(MIXED, variant="tiny_tim")
    state, _ = plays(state, [(0, "C3", "past")])
    # Seat 1 has no Candles: any card, any era. Seat 2 has Candles: non-Candles avoid the Past
    # even though seat 2 could choose to spend its Candles elsewhere.
    state, _ = plays(state, [(1, "H7", "past")])
    state, _ = act(state, 2, "card:H1")
    assert "play:H1:past" not in {a.id for a in GAME.legal(state, 2)}


def test_each_seat_plays_once_into_every_era_per_round():
    state = new_game(MIXED, variant="tiny_tim")
    state, _ = plays(state, TRICK_ROUND[:4])
    state, _ = act(state, 0, "card:C3")
    assert "play:C3:past" not in {a.id for a in GAME.legal(state, 0)}


def test_tricks_resolve_in_era_order_and_the_marker_sets_the_scoring_suit():  # GOC-G02
    state = new_game(MIXED, variant="tiny_tim")
    state, events = plays(state, TRICK_ROUND)
    tricks = [e.data for e in events if e.kind == "trick"]
    assert tricks == [
        # Seat 0 holds the marker: its Notes score. S12 is not the scoring suit.
        {"era": "past", "leader": 0, "suit": "N", "winner": 1, "card": "N9"},
        # Seat 1 now leads: its Scales score even though the dial says Candles; C12 loses.
        {"era": "present", "leader": 1, "suit": "S", "winner": 3, "card": "S8"},
        # Seat 3 leads Scales, but any Heart beats any plain card.
        {"era": "future", "leader": 3, "suit": "S", "winner": 2, "card": "H2"},
    ]
    assert state.won == (0, 1, 1, 1)
    # The last winner keeps the marker and starts the next round with fresh dials (GOC-G11).
    assert state.marker == 2 and GAME.to_act(state) == {2}
    assert state.dials == (None, None, None)
    assert state.played == ((None,) * 4,) * 3
    assert state.round_no == 1


def test_highest_heart_wins_else_highest_of_the_scoring_suit():
    from engine.ghosts.game import trick_winner

    assert trick_winner(["H3", "S12", "H9", "H4"], "S") == 2
    assert trick_winner(["C2", "C11", "N12", "C5"], "C") == 1
    assert trick_winner(["N2", "C11", "S12", "C5"], "N") == 0


def test_trick_events_are_narrated():
    state = new_game(MIXED, variant="tiny_tim")
    _, events = plays(state, TRICK_ROUND)
    names = ["Ann", "Bea", "Cal", "Dot"]
    lines = [GAME.narrate(e, names) for e in events if e.kind == "trick"]
    assert lines[1] == "Present: Bea leads, scoring suit ⚖️ Scales — Dot wins with ⚖️8."
    first_play = next(e for e in events if e.kind == "play")
    assert GAME.narrate(first_play, names) == "Ann played 🎵5 into the Past."


# --------------------------------------------------------------------- scoring a hand


@pytest.mark.parametrize(
    ("won", "purple", "red", "points"),
    [
        (3, 3, False, 6),  # the rulebook's example row: 6 | 3 | 0 | 0
        (3, 3, True, 3),
        (3, 2, False, 0),  # an extra wreath with no door for it
        (3, 4, False, 0),  # an empty purple door
        (4, 3, True, 4),  # the red door catches the fourth wreath
        (5, 3, True, 0),
        (2, 3, True, 0),
        (0, 0, False, 0),  # GOC-G04: a zero bid scores nothing without the red door...
        (1, 0, True, 1),  # ...and at most 1 with it
        (0, 0, True, 0),
        (12, 12, False, 24),
    ],
)
def test_bid_scoring_table(won, purple, red, points):  # GOC-G09
    from engine.ghosts.scoring import bid_points

    assert bid_points(won, purple, red) == points


@pytest.mark.parametrize(
    ("seats", "table"),
    [
        (3, [6, 1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0]),
        (4, [6, 1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0]),
    ],
)
def test_tiny_tim_tables(seats, table):
    from engine.ghosts.scoring import tiny_tim_points

    assert [tiny_tim_points(w, seats) for w in range(13)] == table


def test_a_whole_bid_hand_scores_each_seat():
    # Seat 0 holds every Heart and wins all 12 tricks.
    state = new_game(one_suit_each(), marker=0)
    for seat, purple, red in [(0, 12, False), (1, 0, False), (2, 0, True), (3, 1, False)]:
        state, _ = bid(state, seat, purple, red)
    for _ in range(4):
        state = play_round_simply(state)
    hand = state.history[0]
    assert [row[2] for row in hand] == [12, 0, 0, 0]
    assert [row[3] for row in hand] == [24, 0, 0, 0]
    assert state.scores == (24, 0, 0, 0)
    # GOC-G03: the marker stays with the winner of the last trick into the next hand.
    assert state.hand_no == 1 and state.phase == "bid" and GAME.to_act(state) == {0}


def test_tiny_tim_hand_scores_from_the_table():
    state = new_game(one_suit_each(), variant="tiny_tim")
    for _ in range(4):
        state = play_round_simply(state)
    assert state.scores == (0, 6, 6, 6)  # 12 wreaths is over the cap; no wreaths scores 6


def test_rotating_start_player_option():  # GOC-G03 option
    hands = one_suit_each()
    state = new_game(hands, marker=2, more_hands=[hands], variant="tiny_tim", start="rotate")
    for _ in range(4):
        state = play_round_simply(state)
    # Seat 0 won the last trick, but the next hand starts left of this hand's first player.
    assert state.hand_no == 1 and GAME.to_act(state) == {3}


# --------------------------------------------------------------------- the whole game


def test_one_hand_per_player_and_shared_victory():  # GOC-G10
    rotations = [one_suit_each(first=h) for h in range(4)]
    state = new_game(rotations[0], more_hands=rotations[1:], variant="tiny_tim")
    while GAME.to_act(state):
        state = play_round_simply(state)
    assert len(state.history) == 4
    assert state.scores == (18, 18, 18, 18)
    result = GAME.result(state)
    assert result.winners == (0, 1, 2, 3) and result.ranks == (1, 1, 1, 1)
    view = GAME.view(state, None)
    assert view["finished"] and view["result"]["winners"] == [0, 1, 2, 3]
    with pytest.raises(ActionError) as err:
        GAME.apply(state, 0, "card:H1")
    assert err.value.code == ErrorCode.GAME_OVER


def test_three_players_play_three_hands():
    state = GAME.new(3, {"variant": "tiny_tim"}, 11)
    hands_seen = set()
    while GAME.to_act(state):
        hands_seen.add(state.hand_no)
        state = play_round_simply(state)
    assert hands_seen == {0, 1, 2} and len(state.history) == 3
    assert all(sum(row[2] for row in hand) == 12 for hand in state.history)


def test_beyond_adds_a_fourth_era_and_plays_three_rounds():  # GOC-G16, GOC-G17
    state = new_game(one_suit_each(), variant="tiny_tim", beyond="on")
    assert len(state.dials) == 4
    view = GAME.view(state, 0)
    assert view["eras"] == ["past", "present", "future", "beyond"] and view["rounds"] == 3
    state, _ = act(state, 0, "card:H1")
    assert "play:H1:beyond" in {a.id for a in GAME.legal(state, 0)}
    state, _ = act(state, 0, "back")
    for _ in range(3):
        state = play_round_simply(state)
    assert state.hand_no == 1
    # 12 tricks a hand and the 4-player cap of 5 still apply.
    assert state.history[0] == (
        (-1, False, 12, 0),
        (-1, False, 0, 6),
        (-1, False, 0, 6),
        (-1, False, 0, 6),
    )


# --------------------------------------------------------------------- errors and views


def test_errors_have_codes_and_change_nothing():
    state = new_game(MIXED)
    before = GAME.dump(state)
    cases = [
        (1, "doors:2", ErrorCode.NOT_YOUR_TURN),
        (0, "card:N5", ErrorCode.ILLEGAL),  # not the bidding step
        (0, "play:N5:past", ErrorCode.ILLEGAL),
        (0, "garbage", ErrorCode.ILLEGAL),
        (7, "doors:2", ErrorCode.NOT_YOUR_TURN),
    ]
    for seat, action, code in cases:
        with pytest.raises(ActionError) as err:
            GAME.apply(state, seat, action)
        assert err.value.code == code and err.value.message
    assert GAME.dump(state) == before


def test_views_show_only_what_each_seat_may_see():
    state = new_game(MIXED, variant="tiny_tim")
    public = GAME.view(state, None)
    assert "hand" not in public and public["hand_sizes"] == [12] * 4
    mine = GAME.view(state, 0)
    assert sorted(mine["hand"]) == sorted(MIXED[0])
    assert mine["playable"]["N5"] == ["past", "present", "future"]
    assert GAME.view(state, 1)["playable"] == {}  # not seat 1's turn
    assert mine["prompt"] and not GAME.view(state, 1)["prompt"]
    state, _ = act(state, 0, "card:N5")
    assert GAME.view(state, None)["played"] == [[None] * 4] * 3
    state, _ = act(state, 0, "play:N5:past")
    assert GAME.view(state, 1)["played"][0][0] == "N5"


def test_played_cards_stay_visible_for_the_rest_of_the_hand():
    state = new_game(MIXED, variant="tiny_tim")
    state, _ = plays(state, TRICK_ROUND)
    view = GAME.view(state, None)
    assert sorted(view["seen"]) == sorted(card for _, card, _ in TRICK_ROUND)
    assert view["last_round"]["tricks"][2] == {
        "era": "future",
        "leader": 3,
        "suit": "S",
        "winner": 2,
    }
