"""Every town space (§2.6), the roll (HF-G10, G11, G37, G46, G53) and the Stocking (HF-G15,
HF-G50), with rigged decks and dice."""

from __future__ import annotations

from engine.fever.game import GAME
from engine.fever.state import FeverState
from engine.protocol import Kind
from tests.engine.fever.helpers import (
    act,
    acts,
    give,
    ids,
    land,
    lands,
    money,
    opened,
    per_seat,
    rig_dice,
    stage,
    top_card,
)

# Two families, Ann (0, red) and Bea (1, orange); Ann opens with a Puppy ($100), Bea with a
# Telescope ($150).
GIFTS = ["puppy", "telescope", "cookbook", "fruitcake", "bathrobe", "coal-1"]
VALUES = [100, 150, 200, 50, 250, 300, 100, 150]


def start(**rig: object) -> FeverState:
    return opened(2, gifts=GIFTS, values=VALUES, **rig)  # type: ignore[arg-type]


def test_doubles_deal_pays_the_total_times_ten_and_no_extra_turn() -> None:
    # HF-G10, HF-G11: double 4 collects $80; then the turn goes on to the space, and ends.
    s = land(start(), 8, (4, 4))  # Hearth & Home Firewood: Bea's (orange)
    assert money(s, 0)[0][:1] == [80]
    assert money(s, 0)[1] == [200] and money(s, 1)[0] == [200]  # HF-G12: paid to the owner
    assert s.turn == 1


def test_own_business_collects_and_unused_colours_do_nothing() -> None:
    # §2.6 Business, HF-G04.
    s = land(start(), 2)  # Rudolph's Auto Repair is Ann's (red)
    assert money(s, 0) == ([200], [])
    s = land(s, 14)  # Bea lands on yellow: nobody plays yellow
    assert money(s, 1) == ([], [])


def test_passing_white_elephant_does_nothing() -> None:
    # HF-G37: from 38, a 5 goes past White Elephant to Gingerbread Grocery.
    s = per_seat(start(), "track", 0, 38)
    s = act(rig_dice(s, 2, 3), 0, "roll")
    assert s.track[0] == 3 and stage(s) == "store"


def test_store_takes_up_to_n_items_for_one_price() -> None:
    # HF-G13: Northern Lights, up to 3 items for $30 in all, one debt entry; HF-D11: picked
    # into a basket, paid when done; HF-G60: the items come in the order picked, so a Value
    # may go under a Gift bought in the same visit; HF-G66: each Value is seen as drawn.
    s = land(start(), 5)
    assert set(ids(s, 0)) == {"buy:gift", "buy:value", "buy:light", "buy:ornament", "leave"}
    s = act(s, 0, "buy:gift", "buy:value", "buy:light")
    assert ids(s, 0) == ["done", "back", "leave"] and money(s, 0) == ([], [])
    assert GAME.view(s, None)["store"] == {
        "space": 5,
        "left": 0,
        "bought": 3,
        "basket": ["gift", "value", "light"],
    }
    s = act(s, 0, "back")
    assert "buy:ornament" in ids(s, 0)
    s = act(s, 0, "buy:light", "done")
    assert money(s, 0)[1] == [30]
    assert s.gifts[0] == ("puppy", "cookbook") and s.values[0][1] == (200,)
    assert GAME.view(s, 0)["drawn"] == 50 and GAME.view(s, None).get("drawn") is None
    s = act(s, 0, "under:2")
    assert s.values[0][1] == (200, 50) and s.lights[0] == 1
    assert money(s, 0)[1] == [30] and s.turn == 1


def test_leaving_a_store_costs_nothing_and_decorations_stop_at_three() -> None:
    # HF-G23: a fourth Light is never offered.
    s = per_seat(start(), "lights", 0, 2)
    s = land(s, 23)  # Mistletoe Mall: 4 items, but only one more Light fits the tree
    s = act(s, 0, "buy:light")
    assert "buy:light" not in ids(s, 0)
    s = act(s, 0, "leave")
    assert money(s, 0) == ([], [])


def test_pawn_buys_or_sells_one_item() -> None:
    # HF-G03, §2.6: Holiday Pawn $120 both ways; a Light sells for $120; a Coal sells for
    # its Values (HF-G18).
    s = per_seat(start(), "lights", 0, 1)
    s = give(s, 0, ("coal-1", (300, 50)))
    s = land(s, 13)
    assert {"sell:light", "sell:1", "sell:2", "pass", "buy:gift"} <= set(ids(s, 0))
    s2 = act(s, 0, "sell:light")
    assert s2.lights[0] == 0 and money(s2, 0)[0] == [120]
    s3 = act(s, 0, "sell:2")
    assert money(s3, 0)[0] == [350] and "coal-1" in s3.gone
    sold = GAME.view(s3, None)["sold_open"]
    assert sold == [{"gift": "coal-1", "name": "Coal", "values": [50, 300]}]  # HF-D06
    s4 = act(s, 0, "buy:ornament")
    assert s4.ornaments[0] == 1 and money(s4, 0)[1] == [120]


def test_charitable_donation_asks_everyone_lander_first() -> None:
    # HF-G20: pay $50 with a speech for a star; no speech, no donation.
    s = land(start(), 4)
    assert GAME.to_act(s) == {0}
    d = GAME.decision(s, 0)
    assert d is not None and d.kind == Kind.TEXT and d.text is not None
    assert d.text.action == "donate" and not d.text.optional and d.text.canned
    s = act(s, 0, "donate")
    assert GAME.to_act(s) == {1}
    s = act(s, 1, "skip")
    assert money(s, 0)[1] == [50] and s.stars == (1, 0) and money(s, 1) == ([], [])


def test_chili_cook_off_collects_and_offers_a_speech() -> None:
    # §2.6 Chili Cook-Off, HF-G19.
    s = land(start(), 15)
    assert money(s, 0)[0] == [300] and stage(s) == "speech"
    s, ev = acts(s, 0, "speech")
    assert s.stars[0] == 1 and any(e.kind == "speech" and e.data["text"] for e in ev)


def test_family_vacation_draws_a_gift_and_three_values_one_by_one() -> None:
    # §2.6, HF-G34: the new Gift gets at least one Value; HF-G66: one at a time.
    s = land(start(), 18)  # cookbook; Values 200, 50, 250
    assert money(s, 0)[1] == [150]
    assert GAME.view(s, 0)["drawn"] == 200 and set(ids(s, 0)) == {"under:1", "under:2"}
    s = act(s, 0, "under:1", "under:1")  # $200 and $50 under the Puppy
    assert s.values[0][1] == (250,)  # the last Value had to go under the new Gift
    assert stage(s) == "speech"


def test_institution_is_free_and_a_stockinged_gift_gets_no_values() -> None:
    # HF-G15: the Stocking's Gift receives no more Values.
    s = per_seat(start(), "stocking", 0, "puppy")
    s = land(s, 11)  # cookbook; both Values must go under it
    assert s.values[0] == ((100,), (200, 50)) and money(s, 0) == ([], [])
    assert stage(s) == "speech"


def test_estate_sale_buys_a_gift_by_its_place() -> None:
    # HF-G32: by family and place; HF-G10: the price roll pays no Doubles Deal; HF-G69: the
    # owner is offered Mistletoe after the price (whether or not it holds one).
    s = land(start(), 7)
    assert "from:1" in ids(s, 0)
    s = act(s, 0, "from:1")
    assert ids(s, 0) == ["back", "take:1"]
    s = act(rig_dice(s, 3, 3), 0, "take:1")
    d = GAME.decision(s, 1)
    assert d is not None and d.kind == Kind.REACT and d.on_timeout == "allow"
    assert d.timeout_event is None  # letting it happen tells the taker's take, not a choice
    assert ids(s, 1) == ["allow"]  # Bea holds no Mistletoe: only the window
    s = act(s, 1, "allow")
    assert s.gifts[0] == ("puppy", "telescope") and s.gifts[1] == ()
    assert money(s, 0)[1] == [60] and money(s, 1)[0] == [60] and money(s, 0)[0] == []
    assert GAME.view(s, 0)["families"][0]["gifts"][1]["values_seen"] == [150]


def test_estate_sale_cannot_point_at_a_stocking() -> None:
    # HF-G15, HF-G32; the other choice is a sale for $150.
    s = per_seat(start(), "stocking", 1, "telescope")
    s = land(s, 30)
    assert not any(i.startswith("from:") for i in ids(s, 0))
    s = act(s, 0, "sell:1")  # sell the Puppy for $150
    assert s.gifts[0] == () and money(s, 0)[0] == [150]


def test_mistletoe_cancels_the_take_and_the_payment() -> None:
    # HF-G62: the taker pays nothing; the card goes under the deck.
    s = per_seat(start(), "hands", 1, ("A02",))
    s = land(s, 7)
    s = act(rig_dice(s, 2, 5), 0, "from:1", "take:1")
    assert set(ids(s, 1)) == {"mistletoe", "allow"}
    s = act(s, 1, "mistletoe")
    assert s.gifts[1] == ("telescope",) and money(s, 0) == ([], []) and s.hands[1] == ()


def test_holiday_auction_right_guess_shows_the_gift() -> None:
    # HF-G33, G67: the guess is public; a hit moves the Gift openly.
    s = give(start(), 1, ("cookbook", (50,)))
    s = land(s, 20)
    s = act(s, 0, "from:1", "guess:2")
    assert "name:cookbook" in ids(s, 0)  # two families: every name fits one menu
    s = act(s, 0, "name:cookbook")
    s = act(s, 1, "allow")
    assert s.gifts[0][-1] == "cookbook"
    assert GAME.view(s, None)["families"][0]["gifts"][1]["gift"] == "cookbook"


def test_holiday_auction_wrong_guess_does_nothing() -> None:
    # HF-G67: a miss shows only that it missed.
    s = give(start(), 1, ("cookbook", (50,)))
    s = land(s, 33)
    s, ev = acts(s, 0, "from:1", "guess:2", "name:coal")
    assert s.gifts[1] == ("telescope", "cookbook") and "miss" in [e.kind for e in ev]
    assert GAME.view(s, None)["families"][1]["gifts"][1]["gift"] is None


def test_auction_names_come_in_groups_at_six_families() -> None:
    # HF-G33, HF-D14: 31 names come by group.
    s = opened(6)
    s = land(s, 20)
    s = act(s, 0, "from:1", "guess:1")
    assert "group:neutral" in ids(s, 0) and "group:purple" in ids(s, 0)
    s = act(s, 0, "group:neutral")
    assert "name:coal" in ids(s, 0) and "back" in ids(s, 0)
    s = act(s, 0, "back", "back")
    assert ids(s, 0)[0] == "back" and "guess:1" in ids(s, 0)


def test_naughty_or_nice_play_now_is_public() -> None:
    # §2.6 Naughty-or-Nice: read aloud, then tucked under the deck.
    s = top_card(start(), "N01")
    s = land(s, 1)
    assert money(s, 0)[0] == [200] and GAME.view(s, None)["card"] == "N01"
    assert s.nn_deck[-1] == "N01"  # tucked under the deck


def test_anytime_cards_are_held_face_down() -> None:
    # §2.6 Naughty-or-Nice, §2.11: held face down, the count public.
    s = top_card(start(), "A05")
    s, ev = lands(s, 6)
    assert s.hands[0] == ("A05",)
    assert GAME.view(s, None)["families"][0]["anytime"] == 1
    assert all(e.visible_to == frozenset({0}) for e in ev if "card" in e.data)


def test_roll_a_miracle_pays_on_the_next_roll_only() -> None:
    # HF-G46, G53: double 6 on the next movement roll pays $720 plus the Doubles Deal.
    s = top_card(start(), "N15")
    s = land(s, 10)
    assert s.miracle[0] == 6 and GAME.view(s, None)["families"][0]["miracle"] == 6
    s = land(s, 5)  # Bea
    s = act(s, 1, "leave")
    s = per_seat(s, "track", 0, 20)
    s = act(rig_dice(s, 6, 6), 0, "roll")
    assert 720 in money(s, 0)[0] and 120 in money(s, 0)[0] and s.miracle[0] == 0


def test_a_missed_miracle_is_gone() -> None:
    # HF-G46: the flag lasts one movement roll.
    s = top_card(start(), "N15")
    s = land(s, 27)
    assert s.miracle[0] == 1
    s = act(land(s, 5), 1, "leave")
    s = land(s, 9, (2, 3))
    assert s.miracle[0] == 0


def test_white_elephant_mid_game_starts_left_of_the_lander() -> None:
    # HF-G30: Bea lands; Bea draws first; Ann trades first, Bea last.
    s = act(land(start(), 5), 0, "leave")
    s = land(s, 0, (3, 4))
    assert stage(s) == "trade" and GAME.to_act(s) == {0}
    assert len(s.gifts[0]) == len(s.gifts[1]) == 2


def test_the_stocking_is_laid_before_the_roll_only_once() -> None:
    # HF-G15: on your turn, before rolling, if not already laid.
    s = start()
    assert "stocking:1" in ids(s, 0)
    s = act(s, 0, "stocking:1")
    assert s.stocking[0] == "puppy" and not any(i.startswith("stocking") for i in ids(s, 0))
    assert GAME.view(s, None)["families"][0]["stocking"] == 1


def test_a_long_row_of_gifts_comes_a_page_at_a_time() -> None:
    # HF-D14: never more than 25 choices; `page:N` shows the rest.
    s = opened(6)
    extra = [g for g in s.gift_deck if not g.startswith("coal")][:24]
    s = give(s, 0, *((g, (50,)) for g in extra))
    assert len(s.gifts[0]) == 25
    first = ids(s, 0)
    assert len(first) == 25 and first[-1] == "page:1" and "stocking:1" in first
    s = act(s, 0, "page:1")
    rest = ids(s, 0)
    assert "stocking:25" in rest and "stocking:1" not in rest and len(rest) <= 25
    s = act(s, 0, "stocking:25")
    assert s.stocking[0] == s.gifts[0][24] and s.page == 0
