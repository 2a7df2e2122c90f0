"""What `determinize` may rearrange in Ghosts, for the conformance suite's secrecy checks."""

from __future__ import annotations

import random

from engine import bot_move
from engine.ghosts import GAME


def test_a_picked_card_stays_with_its_holder_when_the_rest_is_redealt():
    state = GAME.new(4, {"variant": "tiny_tim"}, 3)
    (seat,) = GAME.to_act(state)
    pick = GAME.legal(state, seat)[0].id  # "card:<id>": picked, not yet played
    state, _ = GAME.apply(state, seat, pick)
    card = pick.partition(":")[2]
    rng = random.Random(1)
    for viewer in (None, (seat + 1) % 4):
        hands = set()
        for _ in range(10):
            other = GAME.determinize(state, viewer, rng)
            assert card in other.hands[seat], "the picked card left its holder's hand"
            assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
            assert GAME.legal(other, seat) == GAME.legal(state, seat)  # still playable
            hands.add(other.hands[seat])
        assert len(hands) > 1  # the rest of that hand is still rearranged
    # And the move can be finished in the rearranged state.
    other = GAME.determinize(state, None, rng)
    GAME.apply(other, seat, bot_move(GAME, other, seat, "normal"))
