"""Set-up (§2.5): decks for the table, the youngest-player claim (HF-G21) and the opening
White Elephant (HF-G30, G31, G59, HF-G66), rigs, and the protocol basics."""

from __future__ import annotations

import json

import pytest

from engine.fever import cards as C
from engine.fever.game import GAME
from engine.protocol import ActionError, ErrorCode, Kind
from tests.engine.fever.helpers import act, acts, ids, new, opened, stage


@pytest.mark.parametrize(("seats", "gifts", "values"), [(2, 20, 28), (3, 23, 38), (6, 32, 68)])
def test_decks_are_built_for_the_table(seats: int, gifts: int, values: int) -> None:
    # HF-G05: 14 + 3 per family; HF-G06: 8 + 10 per family; HF-G07: 30 Naughty-or-Nice.
    s = new(seats)
    assert len(s.gift_deck) == gifts and len(s.value_deck) == values and len(s.nn_deck) == 30
    colours = s.colours
    assert all(C.GIFT[g].colour in (None, *colours) for g in s.gift_deck)


def test_the_youngest_claim_is_a_public_timed_race() -> None:
    # HF-G21: a claim button for 30 s, everyone at once, a random family on timeout.
    s = new(3)
    assert GAME.to_act(s) == {0, 1, 2}
    d = GAME.decision(s, 1)
    assert d is not None and d.kind == Kind.RACE and d.public
    assert d.seconds == 30 and d.on_timeout == "none" and d.timeout_event is None  # no event
    s, ev = acts(s, 2, "claim")
    assert s.first == 2 and (ev[0].kind, ev[0].data["seat"]) == ("claim", 2)


def test_nobody_claims_so_the_drawn_family_begins() -> None:
    # HF-G21: everyone declines (or the clock plays "none" for all): the rig's `first`.
    s = new(3, first=1)
    assert "{p" not in GAME.view(s, None)["headline"], "the draw is told once time is up"
    for seat in (0, 2, 1):
        s = act(s, seat, "none")
    assert s.first == 1 and s.phase == "play"


def test_the_opening_white_elephant() -> None:
    # §2.5 step 5, HF-G59: the youngest draws first, then clockwise; HF-G31: trading starts
    # on the youngest's left and the youngest trades last; a receiver peeks at the Value.
    gifts = ["puppy", "telescope", "cookbook"]
    s = act(new(3, gifts=gifts, values=[50, 100, 150]), 1, "claim")
    assert [row[-1] for row in s.gifts] == ["cookbook", "puppy", "telescope"]
    assert [v[-1] for v in s.values] == [(150,), (50,), (100,)]
    table = GAME.view(s, None)
    assert table["white_elephant"] == ["cookbook", "puppy", "telescope"]  # face up
    assert table["families"][0]["gifts"][0]["values_seen"] == [None]  # Values face down
    assert GAME.to_act(s) == {2}
    assert set(ids(s, 2)) == {"keep", "swap:0", "swap:1"}
    s = act(s, 2, "swap:0")  # Cal takes Ann's cookbook; Ann gets the telescope
    assert (s.gifts[0], s.gifts[2]) == (("telescope",), ("cookbook",))
    ann = GAME.view(s, 0)["families"][0]["gifts"][0]
    assert ann["values_seen"] == [100]  # Ann peeked at the Value she received
    cal = GAME.view(s, 2)["families"][0]["gifts"][0]
    assert cal["values_seen"] == [100]  # and Cal saw it when it was in front of him
    s = act(s, 0, "keep")
    s = act(s, 1, "keep")  # the youngest trades last
    assert s.turn == 1 and s.round == 1 and stage(s) == "pre"
    bob = GAME.view(s, 1)["families"][0]["gifts"][0]
    assert bob["gift"] == "telescope" and bob["values_seen"] == [None]  # seen gift, unseen Value


def test_gifts_stay_known_to_whoever_saw_them() -> None:
    # §2.11: a White Elephant Gift was shown to everyone, so even the table knows it.
    s = opened(2, gifts=["puppy", "telescope"])
    assert GAME.view(s, None)["families"][1]["gifts"][0]["gift"] == "telescope"


def test_bad_rigs_are_refused() -> None:
    # HF-G05: a rig only names cards of this game.
    for rig in ({"gifts": ["red-sled", "red-sled"]}, {"dice": [7]}, {"what": 1}, {"first": 5}):
        with pytest.raises(ActionError) as err:
            GAME.new(2, {}, 1, rig)
        assert err.value.code == ErrorCode.BAD_OPTIONS
    with pytest.raises(ActionError):  # a colour not at the table
        GAME.new(2, {}, 1, {"gifts": ["sugar-plums"]})


def test_colours_can_be_rigged() -> None:
    # HF-G04, §2.5 step 2: the colours at the table decide the Gifts.
    s = new(2, colours=["blue", "purple"])
    assert s.colours == ("blue", "purple")
    assert "sugar-plums" in s.gift_deck and "red-sled" not in s.gift_deck


def test_a_state_survives_json_and_replays() -> None:
    # HF-G41: the score card is state, stored as entries.
    s = opened(4, seed=5)
    assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s
    assert opened(4, seed=5) == s
