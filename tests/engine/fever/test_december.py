"""December (§2.7.3, HF-G08, G24, G27, G44, G64), the Family Reunion (HF-G29, G43, G70), the
Race to Christmas (§2.7.2, HF-G25–G28, G52, G65) and Christmas (§2.7.4, HF-G54)."""

from __future__ import annotations

from engine.fever.game import GAME
from engine.fever.state import FeverState
from engine.protocol import ActionError, ErrorCode, Kind
from tests.engine.fever.helpers import (
    act,
    acts,
    edit,
    give,
    hand,
    ids,
    land,
    money,
    per_seat,
    rig_dice,
    stage,
    start,
)


def decorated(s: FeverState, seat: int) -> FeverState:
    return per_seat(per_seat(s, "lights", seat, 3), "ornaments", seat, 3)


def in_december(s: FeverState, seat: int, day: int) -> FeverState:
    return per_seat(decorated(s, seat), "december", seat, day)


def test_a_finished_tree_goes_to_the_reunion_at_the_end_of_the_turn() -> None:
    # HF-G22: the tree completes mid-store, the token moves when the turn ends; HF-G29: the
    # Reunion is a secret choice for everyone, applied together, a star per giver.
    s = per_seat(per_seat(start(), "lights", 0, 3), "ornaments", 0, 2)
    s = give(s, 0, ("jigsaw-puzzle", (50,)))
    s = land(s, 5)
    s = act(s, 0, "buy:ornament")
    assert s.december[0] == -1 and stage(s) == "store"
    s = act(s, 0, "done")
    assert s.december[0] == 0 and stage(s) == "reunion"
    assert GAME.to_act(s) == {0, 1}
    d = GAME.decision(s, 0)
    assert d is not None and d.kind == Kind.SECRET and d.seconds == 60 and d.on_timeout == "none"
    assert d.timeout_event == "chosen"  # a late family's "has chosen" is the clock's to tell
    s = act(s, 0, "give:2")
    assert ids(s, 0) == ["back", "none", "to:1"]
    s = act(s, 0, "to:1")
    assert GAME.view(s, None)["reunion"] == [True, False]  # who has chosen, never what
    assert s.gifts[1] == ("telescope",)  # nothing moves before everyone has chosen
    s = act(s, 1, "none")
    assert s.gifts[1] == ("telescope", "jigsaw-puzzle") and s.stars == (1, 0)
    assert GAME.view(s, None)["families"][1]["gifts"][1]["gift"] is None
    assert GAME.view(s, 1)["families"][1]["gifts"][1]["gift"] == "jigsaw-puzzle"
    assert s.turn == 1


def test_coal_cannot_be_given_but_its_holder_still_chooses() -> None:
    # HF-G29: no Coal; HF-D09: a family whose Gifts are all Coal still owes the choice.
    empty = ((), ())
    s = edit(start(), gifts=empty, values=empty, gseen=empty, vseen=empty)
    s = decorated(give(give(s, 0, ("coal-1", (100,))), 1, ("cookbook", (50,))), 0)
    s = act(land(s, 3), 0, "leave")
    assert stage(s) == "reunion" and ids(s, 0) == ["none"]


def test_december_turns_roll_two_dice_then_one() -> None:
    # HF-G44: two dice below the 12th, one from the 12th on; days act (HF-G08).
    s = in_december(start(), 0, 0)
    s = act(rig_dice(s, 1, 3), 0, "roll")
    assert s.december[0] == 4 and money(s, 0)[1] == [50]  # Snow Shoveling
    s = in_december(start(), 0, 12)
    s = act(rig_dice(s, 5), 0, "roll")
    assert s.december[0] == 17 and money(s, 0)[0] == [100]  # Bake Sale
    assert GAME.view(s, None)["dice"] == [5]


def test_overshooting_christmas_stays() -> None:
    # §2.7.3 step 2, HF-G27.
    s = in_december(start(), 0, 23)
    s, ev = acts(rig_dice(s, 3), 0, "roll")
    assert s.december[0] == 23 and "stay" in [e.kind for e in ev]


def test_tangled_lights_sends_the_family_back_to_its_business() -> None:
    # HF-G24, G64: below 3 Lights in December before the Race: to your business, ignoring
    # it; a full tree again starts December over at the Reunion.
    s = in_december(start(), 0, 12)
    s = act(rig_dice(s, 1), 0, "roll")
    assert s.december[0] == -1 and s.track[0] == 2 and s.lights[0] == 2
    assert money(s, 0) == ([], [])  # the business space did nothing
    s = act(land(s, 5), 1, "leave")
    s = act(land(s, 3), 0, "buy:light", "done")
    assert s.december[0] == 0 and stage(s) == "reunion"


def test_the_toy_drive_asks_every_family() -> None:
    # HF-D04: as Charitable Donation, lander first.
    s = in_december(start(), 0, 15)
    s = act(rig_dice(s, 5), 0, "roll")
    assert stage(s) == "donate" and GAME.to_act(s) == {0}
    s = act(s, 0, "donate")
    assert GAME.to_act(s) == {1}


def test_the_race_starts_when_a_deck_runs_out() -> None:
    # HF-G25, G52: checked at the end of the turn; HF-G70: everyone to the Reunion, once.
    s = edit(start(), gift_deck=("bathrobe",))
    s = act(land(s, 3), 0, "buy:gift", "done")
    assert s.phase == "race" and s.race_cause == "gifts" and s.december == (0, 0)
    assert stage(s) == "reunion"
    s = act(act(s, 0, "none"), 1, "none")
    assert s.turn == 1 and stage(s) == "pre"
    d = GAME.decision(s, 1)
    assert d is not None and d.seconds == 20 and d.on_timeout == "roll"  # HF-G26
    assert d.timeout_event is None  # the roll is told: the clock's line does not say it
    s = act(rig_dice(s, 1, 3), 1, "roll")
    assert s.december[1] == 4 and money(s, 1)[1] == []  # HF-G28: days do nothing


def test_the_race_check_comes_before_the_tree_check() -> None:
    # HF-G52: a tree finished in the turn the deck runs out joins the Race like everyone.
    s = per_seat(per_seat(start(), "lights", 0, 3), "ornaments", 0, 2)
    s = edit(s, gift_deck=("bathrobe",))
    s = act(land(s, 5), 0, "buy:gift", "buy:ornament", "done")
    assert s.phase == "race" and [e[0] for e in s.agenda[:2]] == ["reunion", "next"]


def test_families_already_in_december_keep_their_place_in_the_race() -> None:
    # §2.7.2 step 1, HF-G25: a Value deck run dry starts the Race too.
    s = in_december(start(), 1, 9)
    s = edit(s, value_deck=(50,))
    s = act(land(s, 3), 0, "buy:gift", "done")
    assert s.phase == "race" and s.race_cause == "values" and s.december == (0, 9)


def test_a_white_elephant_too_thin_starts_the_race_at_once() -> None:
    # HF-G52: the Race begins on the spot, before the turn ends.
    s = edit(start(), gift_deck=("bathrobe",))
    s = land(s, 0, (3, 4))
    assert s.phase == "race" and s.race_cause == "elephant" and stage(s) == "reunion"


def test_thirty_rounds_start_the_race_and_the_first_player_opens_it() -> None:
    # HF-G40, G65.
    s = edit(start(), round=30)
    s = act(land(s, 3), 0, "leave")
    assert s.phase == "play"  # Ann's turn was not the round's last
    s = act(land(s, 3), 1, "leave")
    assert s.phase == "race" and s.race_cause == "rounds"
    s = act(act(s, 0, "none"), 1, "none")
    assert s.turn == 0


def test_landing_on_christmas_ends_the_game_at_once() -> None:
    # §2.7.4: no card can be played afterwards; the result is known.
    s = hand(in_december(start(), 0, 20), 1, "A05")
    s, ev = acts(rig_dice(s, 5), 0, "roll")
    assert s.phase == "over" and s.christmas == 0 and GAME.to_act(s) == frozenset()
    assert [e.kind for e in ev][-2:] == ["christmas", "game_over"]
    result = GAME.result(s)
    assert result is not None and result.winners == (0,)
    try:
        GAME.apply(s, 1, "play:A05")
    except ActionError as err:
        assert err.code == ErrorCode.GAME_OVER


def test_express_shipping_can_land_on_christmas() -> None:
    # HF-G54: the extra 2 are part of the move.
    s = hand(in_december(start(), 0, 21), 0, "A06")
    s = act(rig_dice(s, 2), 0, "roll", "play:A06")
    assert s.phase == "over" and s.december[0] == 25


def test_a_miracle_waits_for_a_two_dice_roll_in_the_race() -> None:
    # HF-G53: the next movement roll with two dice pays; with one die, the chance is lost.
    s = edit(start(), phase="race", december=(3, 12), miracle=(6, 1))
    s = act(rig_dice(s, 6, 6), 0, "roll")
    assert 720 in money(s, 0)[0] and s.miracle[0] == 0
    s = act(rig_dice(s, 1), 1, "roll")
    assert money(s, 1) == ([], []) and s.miracle[1] == 0


def test_the_race_reunion_happens_even_with_everyone_in_december() -> None:
    # HF-G70: resolved once when the Race begins, even if no token had to move there.
    s = in_december(in_december(start(), 0, 3), 1, 5)
    s = edit(s, gift_deck=())
    s, ev = acts(rig_dice(s, 1, 1), 0, "roll")  # Dec 5: Holiday Card Mail
    assert s.phase == "race" and s.december == (5, 5) and stage(s) == "reunion"
    assert [e.kind for e in ev].count("reunion") == 1
