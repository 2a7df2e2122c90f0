"""A Ghosts hand message shows what the others did this round, so a player on a phone can
decide from their own message alone (issue 10, item 7): the bids so far in the text under
the picture, every era's cards in the picture."""

from __future__ import annotations

import copy

from engine import bot_move
from engine.ghosts import GAME
from render.ghosts import hand, panel

NAMES = ["Ann", "Bea", "Cal", "Dot"]


def _play(state, steps):
    for _ in range(steps):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    return state


def test_the_hand_text_shows_the_others_bids_while_bidding():
    state = _play(GAME.new(4, {}, 1), 2)  # the first bidder has bid
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    assert view["phase"] == "bid"
    bidder = next(p for p, bid in enumerate(view["bids"]) if bid is not None)
    other = copy.deepcopy(view)
    other["bids"][bidder] = {"purple": (view["bids"][bidder]["purple"] + 1) % 13, "red": True}
    assert panel(view, NAMES) != panel(other, NAMES)


def test_the_hand_picture_shows_every_eras_cards_while_playing():
    state = _play(GAME.new(4, {}, 1), 8 + 2 * 3)  # bids done, three cards played
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    assert view["phase"] == "play"
    era, player = next(
        (e, p) for e, row in enumerate(view["played"]) for p, c in enumerate(row) if c and p != seat
    )
    other = copy.deepcopy(view)
    other["played"][era][player] = None
    assert hand(view, NAMES) != hand(other, NAMES)
