"""What `determinize` may rearrange in Ghosts, for the conformance suite's secrecy checks."""

from __future__ import annotations

import random

from engine import bot_move
from engine.ghosts import GAME
from engine.ghosts import cards as C


def test_a_picked_card_is_known_to_its_holder_only():
    state = GAME.new(4, {"variant": "tiny_tim"}, 3)
    (seat,) = GAME.to_act(state)
    pick = GAME.legal(state, seat)[0].id  # "card:<id>": picked, not yet played
    state, _ = GAME.apply(state, seat, pick)
    card = pick.partition(":")[2]
    rng = random.Random(1)
    # The holder keeps its hand and its pick.
    for _ in range(10):
        other = GAME.determinize(state, seat, rng)
        assert other.hands[seat] == state.hands[seat] and other.pending == card
    # Anyone else sees a redealt hand with a pick of its own: a playable card in it.
    for viewer in (None, (seat + 1) % 4):
        picks, hands = set(), set()
        for _ in range(20):
            other = GAME.determinize(state, viewer, rng)
            assert other.pending in other.hands[seat]
            assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
            assert GAME.legal(other, seat)  # the move can go on
            picks.add(other.pending)
            hands.add(other.hands[seat])
        assert len(hands) > 1 and len(picks) > 1
    # And the move can be finished in the rearranged state.
    other = GAME.determinize(state, None, rng)
    GAME.apply(other, seat, bot_move(GAME, other, seat, "normal"))
    mine = GAME.view(state, 0)
    assert mine["prompt"] and GAME.view(state, 1)["prompt"] == ""


def test_a_seat_that_showed_a_void_is_dealt_none_of_that_suit():  # GOC-G07
    state = GAME.new(3, {"variant": "tiny_tim"}, 5)
    rng = random.Random(2)
    # Play random cards until someone puts a card of another suit under a turned dial.
    while True:
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)).id)
        voids = [
            (p, dial)
            for dial, row in zip(state.dials, state.played, strict=True)
            for p, c in enumerate(row)
            if c is not None and dial is not None and c[0] != dial
        ]
        if voids and state.pending is None:
            break
    p, suit = voids[0]
    for viewer in (None, (p + 1) % 3):
        for _ in range(20):
            other = GAME.determinize(state, viewer, rng)
            assert not [c for c in other.hands[p] if c[0] == suit]


def test_voids_are_remembered_for_the_whole_hand_and_loaded_from_old_saves():
    state = GAME.new(4, {}, 8)
    rng = random.Random(4)
    remembered: list[set[str]] = [set() for _ in range(4)]
    hand = state.hand_no
    shown_earlier = False
    while GAME.to_act(state) and state.hand_no == hand:
        (seat,) = GAME.to_act(state)
        dials = state.dials
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)).id)
        for e in events:
            if e.kind == "play":
                dial = dials[C.ERAS.index(e.data["era"])]
                if dial is not None and e.data["card"][0] != dial:
                    remembered[e.data["seat"]].add(dial)
        if state.hand_no != hand:
            break
        assert [set(v) for v in state.voids] == remembered
        if state.round_no > 0 and any(remembered):
            shown_earlier = True
            for viewer in (None, 0):
                other = GAME.determinize(state, viewer, rng)
                for p in range(4):
                    if p != viewer:
                        assert not remembered[p] & {c[0] for c in other.hands[p]}
    assert shown_earlier, "the game never showed a void before its last round"
    # A game saved before `voids` existed loads with this round's voids only.
    old = {k: v for k, v in GAME.dump(state).items() if k != "voids"}
    assert len(GAME.load(old).voids) == 4
