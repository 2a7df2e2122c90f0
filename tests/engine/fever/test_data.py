"""Holiday Fever's components against the numbers the rulings state (HF-G01–G09 and the
constants of §2.2–§2.8). Every expected number below is copied from the rulings' tables, never
computed from the data under test, so a typo in `engine/fever/` fails here."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest

from engine.fever import board as B
from engine.fever import cards as C

# ----------------------------------------------------------------------------- the track

#: HF-G01 (§2.3.1): every position's kind and name, as printed in the rulings' table.
LAYOUT = {
    0: ("white_elephant", "White Elephant"),
    1: ("naughty_or_nice", "Naughty-or-Nice"),
    2: ("business", "Rudolph's Auto Repair"),
    3: ("store", "Gingerbread Grocery"),
    4: ("donation", "Charitable Donation"),
    5: ("store", "Northern Lights"),
    6: ("naughty_or_nice", "Naughty-or-Nice"),
    7: ("estate_sale", "Estate Sale"),
    8: ("business", "Hearth & Home Firewood"),
    9: ("store", "Snowflake Sweets"),
    10: ("miracle", "Roll A Miracle"),
    11: ("institution", "The Institution of Assisted Happiness"),
    12: ("naughty_or_nice", "Naughty-or-Nice"),
    13: ("pawn", "Holiday Pawn"),
    14: ("business", "Golden Bell Bakery"),
    15: ("cook_off", "Chili Cook-Off"),
    16: ("store", "Jingle Bell Toys"),
    17: ("naughty_or_nice", "Naughty-or-Nice"),
    18: ("vacation", "Family Vacation"),
    19: ("store", "Tinsel Town Treasures"),
    20: ("auction", "Holiday Auction"),
    21: ("naughty_or_nice", "Naughty-or-Nice"),
    22: ("business", "Evergreen Tree Farm"),
    23: ("store", "Mistletoe Mall"),
    24: ("donation", "Charitable Donation"),
    25: ("store", "Candy Cane Corner"),
    26: ("naughty_or_nice", "Naughty-or-Nice"),
    27: ("miracle", "Roll A Miracle"),
    28: ("business", "Blue Spruce Savings & Loan"),
    29: ("pawn", "Nobel Books"),
    30: ("estate_sale", "Estate Sale"),
    31: ("institution", "The Institution of Assisted Happiness"),
    32: ("store", "Frosty's Outlet"),
    33: ("auction", "Holiday Auction"),
    34: ("naughty_or_nice", "Naughty-or-Nice"),
    35: ("cook_off", "Chili Cook-Off"),
    36: ("business", "Sugar Plum Candy Co."),
    37: ("store", "Reindeer Games"),
    38: ("vacation", "Family Vacation"),
    39: ("naughty_or_nice", "Naughty-or-Nice"),
}


def test_hf_g01_the_track_has_40_spaces_in_order() -> None:
    assert B.TRACK_LENGTH == 40
    assert len(B.TRACK) == 40
    assert [s.pos for s in B.TRACK] == list(range(40))
    assert {s.pos: (s.kind, s.name) for s in B.TRACK} == LAYOUT


def test_hf_g01_space_counts() -> None:
    """The count line under the table in §2.3.1."""
    kinds = Counter(s.kind for s in B.TRACK)
    assert kinds == {
        "white_elephant": 1,
        "business": 6,
        "naughty_or_nice": 8,
        "store": 9,
        "pawn": 2,
        "donation": 2,
        "cook_off": 2,
        "vacation": 2,
        "institution": 2,
        "miracle": 2,
        "estate_sale": 2,
        "auction": 2,
    }
    assert B.TRACK[B.WHITE_ELEPHANT].kind == "white_elephant"


def test_hf_g02_store_items_and_prices() -> None:
    stores = {s.pos: (s.items, s.price) for s in B.TRACK if s.kind == "store"}
    assert stores == {
        3: (1, 10),
        5: (3, 30),  # Northern Lights, the seed's own example
        9: (2, 20),
        16: (2, 40),
        19: (1, 5),
        23: (4, 60),
        25: (2, 30),
        32: (3, 45),
        37: (1, 15),
    }
    assert min(p for _, p in stores.values()) == 5
    assert max(p for _, p in stores.values()) == 60
    assert B.STORE_ITEMS == ("gift", "value", "light", "ornament")


def test_hf_g03_pawn_and_books_buy_and_sell_at_one_price() -> None:
    pawns = {s.pos: (s.name, s.items, s.price, s.sell) for s in B.TRACK if s.kind == "pawn"}
    assert pawns == {13: ("Holiday Pawn", 1, 120, 120), 29: ("Nobel Books", 1, 80, 80)}


def test_hf_g04_families_and_businesses() -> None:
    assert [(f.colour, f.business) for f in B.FAMILIES] == [
        ("red", "Rudolph's Auto Repair"),
        ("orange", "Hearth & Home Firewood"),
        ("yellow", "Golden Bell Bakery"),
        ("green", "Evergreen Tree Farm"),
        ("blue", "Blue Spruce Savings & Loan"),
        ("purple", "Sugar Plum Candy Co."),
    ]
    spaces = {s.colour: s.pos for s in B.TRACK if s.kind == "business"}
    assert spaces == {"red": 2, "orange": 8, "yellow": 14, "green": 22, "blue": 28, "purple": 36}
    assert all(B.TRACK[f.space].colour == f.colour for f in B.FAMILIES)


def test_hf_g12_business_fee() -> None:
    for s in B.TRACK:
        if s.kind == "business":
            assert (s.collect, s.pay) == (200, 200)


def test_hf_g09_miracle_doubles() -> None:
    miracles = {s.pos: (s.doubles, s.collect) for s in B.TRACK if s.kind == "miracle"}
    assert miracles == {10: (6, 720), 27: (1, 720)}


def test_space_semantics_2_6() -> None:
    """Amounts of §2.6: donation $50, Cook-Off $300, Vacation $150 with 1 Gift + 3 Values,
    the Institution 1 Gift + 2 Values, Estate Sale 2d6 × $10 or sell for $150, Auction sell
    for $150, White Elephant 1 Gift + 1 Value each."""
    got = {
        s.kind: (s.collect, s.pay, s.gifts, s.values, s.price, s.sell)
        for s in B.TRACK
        if s.kind
        in {
            "donation",
            "cook_off",
            "vacation",
            "institution",
            "estate_sale",
            "auction",
            "white_elephant",
        }
    }
    assert got == {
        "donation": (0, 50, 0, 0, 0, 0),
        "cook_off": (300, 0, 0, 0, 0, 0),
        "vacation": (0, 150, 1, 3, 0, 0),
        "institution": (0, 0, 1, 2, 0, 0),
        "estate_sale": (0, 0, 0, 0, 10, 150),
        "auction": (0, 0, 0, 0, 0, 150),
        "white_elephant": (0, 0, 1, 1, 0, 0),
    }
    assert B.GIFT_SALE == 150
    assert B.BUSINESS_FEE == 200


def test_stars_on_the_track() -> None:
    """The ★ spaces of §2.3.1: Charitable Donation, the Institution, Chili Cook-Off and Family
    Vacation, twice each."""
    assert [s.pos for s in B.TRACK if s.star] == [4, 11, 15, 18, 24, 31, 35, 38]


# ----------------------------------------------------------------------------- December

#: HF-G08 (§2.3.2): the day names.
DAYS = {
    0: "Family Reunion",
    1: "Advent Begins",
    2: "Naughty-or-Nice",
    3: "Cookie Exchange",
    4: "Snow Shoveling",
    5: "Holiday Card Mail",
    6: "St. Nicholas Day",
    7: "Naughty-or-Nice",
    8: "Ugly Sweater Party",
    9: "Office Party",
    10: "Caroling",
    11: "Holiday Travel",
    12: "Year-End Bonus",
    13: "Tangled Lights",
    14: "Naughty-or-Nice",
    15: "Gift Wrapping",
    16: "Winter Concert",
    17: "Bake Sale",
    18: "Naughty-or-Nice",
    19: "Last-Minute Shopping",
    20: "Toy Drive",
    21: "Winter Solstice",
    22: "Flight Delay",
    23: "Cookies for Santa",
    24: "Christmas Eve",
    25: "Christmas",
}


def test_hf_g08_the_calendar_runs_from_the_reunion_to_christmas() -> None:
    assert len(B.CALENDAR) == 26  # the Family Reunion and Dec 1 … Dec 25
    assert [d.day for d in B.CALENDAR] == list(range(26))
    assert {d.day: d.name for d in B.CALENDAR} == DAYS
    assert B.CALENDAR[B.REUNION].kind == "reunion"
    assert B.CHRISTMAS == 25
    assert B.CALENDAR[B.CHRISTMAS].kind == "christmas"


def test_hf_g08_december_money() -> None:
    collect = {d.day: d.collect for d in B.CALENDAR if d.collect}
    pay = {d.day: d.pay for d in B.CALENDAR if d.pay}
    assert collect == {1: 100, 5: 50, 9: 150, 12: 200, 17: 100, 21: 150, 24: 240}
    assert pay == {4: 50, 11: 100, 15: 50, 19: 150, 20: 50, 22: 100}


def test_hf_g08_december_instructions() -> None:
    kinds = {d.day: d.kind for d in B.CALENDAR}
    assert [day for day, k in kinds.items() if k == "naughty_or_nice"] == [2, 7, 14, 18]
    assert [d.day for d in B.CALENDAR if d.star] == [3, 8, 10, 16, 20, 23]
    assert kinds[10] == "carol"
    assert kinds[13] == "lose_light"
    assert (kinds[6], B.CALENDAR[6].values) == ("value", 1)
    assert (kinds[19], B.CALENDAR[19].gifts, B.CALENDAR[19].values) == ("shopping", 1, 1)
    # Dec 20 works like Charitable Donation (§2.3.2).
    assert kinds[20] == "donation"
    assert B.CALENDAR[20].pay == B.TRACK[4].pay == 50


# ----------------------------------------------------------------------------- Gifts

#: HF-G05 (§2.4.1): the names of each colour group; neutral is None.
GIFT_LIST = {
    None: [
        "Sweat Pants",
        "Fruitcake",
        "Video Game Console",
        "Puppy",
        "Ugly Sweater",
        "Nutcracker Tickets",
        "Cookbook",
        "Bathrobe",
        "Telescope",
        "Karaoke Machine",
        "Hot Cocoa Set",
        "Jigsaw Puzzle",
        "Coal",
        "Coal",
    ],
    "red": ["Red Sled", "Ruby Slippers", "Toy Fire Truck"],
    "orange": ["Basketball", "Orange Scarf", "Pumpkin Pie"],
    "yellow": ["Gold Watch", "Rubber Duck", "Banana Phone"],
    "green": ["Potted Fern", "Board Game", "Gift Card"],
    "blue": ["Blue Jeans", "Fishing Rod", "Snow Globe"],
    "purple": ["Sugar Plums", "Purple Bicycle", "Grape Jelly of the Month"],
}


def test_hf_g05_gift_list() -> None:
    assert len(C.GIFTS) == 32
    assert len({g.id for g in C.GIFTS}) == 32
    groups: dict[str | None, list[str]] = {}
    for g in C.GIFTS:
        groups.setdefault(g.colour, []).append(g.name)
    assert groups == GIFT_LIST


def test_hf_g05_two_coal_both_neutral() -> None:
    coal = [g for g in C.GIFTS if g.coal]
    assert [(g.id, g.colour) for g in coal] == [("coal-1", None), ("coal-2", None)]
    assert sum(g.colour is None for g in C.GIFTS) == 14


@pytest.mark.parametrize(("players", "size"), [(2, 20), (3, 23), (4, 26), (5, 29), (6, 32)])
def test_seed_setup_2_gift_deck_sizes(players: int, size: int) -> None:
    """The seed's counts, 14 + 3 per family (HF-G05, §2.5 step 2)."""
    deck = C.gift_deck(B.seat_colours(players))
    assert len(deck) == size
    assert len(set(deck)) == size


def test_seed_setup_2_unused_colours_leave_the_box() -> None:
    """The trim is by colour, not at random: exactly the groups of unused businesses go."""
    deck = C.gift_deck(("purple", "orange"))
    colours = {C.GIFT[g].colour for g in deck}
    assert colours == {None, "purple", "orange"}
    assert "red-sled" not in deck
    assert {"coal-1", "coal-2", "grape-jelly-of-the-month", "pumpkin-pie"} <= set(deck)


@pytest.mark.parametrize("colours", [("red",), ("red", "red"), (*B.COLOURS, "red")])
def test_gift_deck_needs_2_to_6_different_colours(colours: tuple[B.Colour, ...]) -> None:
    with pytest.raises(ValueError):
        C.gift_deck(colours)


def test_hf_g33_auction_guesses_name_coal_once() -> None:
    names = C.gift_names(C.gift_deck(B.seat_colours(6)))
    assert len(names) == 31
    assert names.count("Coal") == 1
    assert len(C.gift_names(C.gift_deck(("red", "blue")))) == 19
    assert "Basketball" not in C.gift_names(C.gift_deck(("red", "blue")))


# ----------------------------------------------------------------------------- Values


@pytest.mark.parametrize(("players", "size"), [(2, 28), (3, 38), (4, 48), (5, 58), (6, 68)])
def test_hf_g06_value_deck_sizes(players: int, size: int) -> None:
    assert len(C.value_deck(players)) == size


def test_hf_g06_value_deck_two_and_six_players() -> None:
    assert Counter(C.value_deck(2)) == {50: 6, 100: 8, 150: 6, 200: 5, 250: 2, 300: 1}
    assert Counter(C.value_deck(6)) == {50: 14, 100: 20, 150: 14, 200: 13, 250: 6, 300: 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hf_g06_value_deck_average_and_maximum(players: int) -> None:
    deck = C.value_deck(players)
    assert max(deck) == 300
    assert min(deck) == 50
    assert 130 <= sum(deck) / len(deck) <= 140  # "about $135"


def test_hf_g06_each_family_adds_ten_cards() -> None:
    extra = Counter(C.value_deck(4)) - Counter(C.value_deck(3))
    assert extra == {50: 2, 100: 3, 150: 2, 200: 2, 250: 1}


@pytest.mark.parametrize("players", [1, 7])
def test_seat_counts_outside_2_to_6_are_refused(players: int) -> None:
    with pytest.raises(ValueError):
        C.value_deck(players)
    with pytest.raises(ValueError):
        B.seat_colours(players)


# ----------------------------------------------------------------------------- Naughty-or-Nice

#: HF-G07 (§2.4.3): id → (name, Now/Anytime, copies).
NN_TABLE = {
    "N01": ("Holiday Bonus", "now", 2),
    "N02": ("Secret Santa", "now", 1),
    "N03": ("Favorite Memory", "now", 2),
    "N04": ("Thank-You Note", "now", 1),
    "N05": ("Carol Time", "now", 1),
    "N06": ("Found a Bargain", "now", 2),
    "N07": ("Extra Decorations", "now", 1),
    "N08": ("Regift", "now", 1),
    "N09": ("Lucky Day", "now", 1),
    "N10": ("Naughty List", "now", 2),
    "N11": ("Power Outage", "now", 1),
    "N12": ("Broken Ornament", "now", 1),
    "N13": ("Overdrawn", "now", 1),
    "N14": ("Gift Receipt", "now", 1),
    "N15": ("Late Fees", "now", 1),
    "N16": ("Shopping Spree", "now", 1),
    "N17": ("Ugly Sweater Contest", "now", 1),
    "N18": ("Grateful Heart", "now", 1),
    "A01": ("Snow Day", "anytime", 2),
    "A02": ("Mistletoe", "anytime", 1),
    "A03": ("Sneaky Elf", "anytime", 1),
    "A04": ("Yard Sale", "anytime", 1),
    "A05": ("Christmas Miracle", "anytime", 1),
    "A06": ("Express Shipping", "anytime", 1),
    "A07": ("Stocking Stuffer", "anytime", 1),
}


def test_hf_g07_the_card_list() -> None:
    assert {c.id: (c.name, c.when, c.copies) for c in C.NN_CARDS} == NN_TABLE


def test_hf_g07_thirty_cards_22_now_8_anytime() -> None:
    deck = C.nn_deck()
    assert len(deck) == 30
    when = Counter(C.NN[c].when for c in deck)
    assert when == {"now": 22, "anytime": 8}


def test_hf_g07_stars() -> None:
    assert [c.id for c in C.NN_CARDS if c.star] == ["N03", "N04", "N05", "N17", "N18"]
    assert sum(C.NN[c].star for c in C.nn_deck()) == 6  # N03 has two copies


def test_hf_g07_n10_is_the_naughty_list() -> None:
    card = C.NN["N10"]
    assert (card.name, card.kind, card.amount, card.copies) == ("Naughty List", "coal_tax", 250, 2)


def test_hf_g07_amounts() -> None:
    amounts = {c.id: c.amount for c in C.NN_CARDS if c.amount}
    assert amounts == {
        "N01": 200,
        "N02": 50,
        "N09": 20,
        "N10": 250,
        "N13": 50,
        "N15": 150,
        "N17": 50,  # paid whatever the speech (HF-G61)
        "A04": 150,
        "A06": 2,
    }


def test_hf_g38_when_anytime_cards_are_played() -> None:
    moments = {c.id: c.moment for c in C.NN_CARDS}
    assert all(moments[c.id] is None for c in C.NN_CARDS if c.when == "now")
    assert {k: v for k, v in moments.items() if v} == {
        "A01": "before_roll",  # "play before rolling" (HF-G68)
        "A02": "reaction",  # out of turn, against a take (HF-G62, HF-G69)
        "A03": "own_turn",
        "A04": "own_turn",
        "A05": "own_turn",
        "A06": "after_roll",  # "after rolling for movement" (HF-G54)
        "A07": "own_turn",
    }


def test_effect_kinds_are_the_cards_named_effects() -> None:
    kinds = {c.id: c.kind for c in C.NN_CARDS}
    assert kinds["N05"] == "carol"
    assert kinds["N11"] == "lose_light"
    assert kinds["N12"] == "lose_ornament"
    assert kinds["N13"] == "pay_each"
    assert kinds["N02"] == "collect_each"
    assert kinds["A02"] == "cancel_take"


# ----------------------------------------------------------------------------- numbers


def test_rule_numbers() -> None:
    assert (B.MIN_PLAYERS, B.MAX_PLAYERS) == (2, 6)  # §2.5 step 1
    assert B.DOUBLES_DEAL == 10  # HF-G10
    assert B.MAX_DECORATIONS == 3  # HF-G23
    assert B.DECORATION_VALUE == 100  # §2.8 step 2
    assert B.CHRISTMAS_BONUS == 500  # §2.8 step 3
    assert B.ONE_DIE_FROM == 12  # HF-G44
    assert B.ROUND_LIMIT == 30  # HF-G40
    assert B.YOUNGEST_SECONDS == 30  # HF-G21
    assert B.REUNION_SECONDS == 60  # HF-G29
    assert B.RACE_SECONDS == 20  # HF-G26
    assert B.seat_colours(3) == ("red", "orange", "yellow")  # colours in seat order (§2.5)


# ----------------------------------------------------------------------------- format

ID = re.compile(r"[A-Za-z0-9:_.-]+")


def test_ids_fit_action_ids() -> None:
    """Ids travel in action ids (docs/protocol.md): ≤ 40 characters of [A-Za-z0-9:_.-], with
    room left for a prefix such as `guess:`."""
    for key in [g.id for g in C.GIFTS] + [c.id for c in C.NN_CARDS]:
        assert ID.fullmatch(key), key
        assert len(key) <= 30, key


def test_topics_fit_a_discord_form_label() -> None:
    """A speech topic becomes a TextSpec label: at most 45 characters (docs/protocol.md)."""
    topics = [x.topic for x in (*B.TRACK, *B.CALENDAR, *C.NN_CARDS) if x.topic]
    assert len(topics) == 8 + 6 + 5
    assert all(len(t) <= 45 for t in topics)


def test_effects_are_one_line() -> None:
    for x in (*B.TRACK, *B.CALENDAR, *C.NN_CARDS):
        assert x.effect and "\n" not in x.effect and len(x.effect) <= 100, x


def test_components_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        B.TRACK[5].price = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        C.NN["N10"].amount = 0  # type: ignore[misc]
    assert isinstance(B.TRACK, tuple) and isinstance(C.GIFTS, tuple)
