"""Holiday Fever's families, town track and December calendar, as data (HF-G01–G04, HF-G08).

The rulebook names the kinds of space but not the board, so every number here comes from the
rulings and was calibrated by simulation: change none of them. A space's id is its position on
the track (0–39, clockwise from White Elephant); a December space's id is its day (0 is the
Family Reunion, 25 is Christmas). Money is in whole dollars. A `topic` marks a ★: the family
may give a speech (or sing, for `carol`) on that topic and earns a Christmas Spirit star.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.words import plural

# ----------------------------------------------------------------------------- the numbers
MIN_PLAYERS, MAX_PLAYERS = 2, 6
TRACK_LENGTH = 40
WHITE_ELEPHANT = 0  # every token starts here; passing it does nothing (HF-G37)
REUNION = 0  # the Family Reunion: December's first space, before Dec 1
CHRISTMAS = 25
ONE_DIE_FROM = 12  # from this December space on, movement is one die (HF-G44)
DOUBLES_DEAL = 10  # a movement roll of doubles collects its total × $10 (HF-G10)
MAX_DECORATIONS = 3  # a tree holds 3 Lights and 3 Ornaments at most (HF-G23)
DECORATION_VALUE = 100  # each Light or Ornament at the end
CHRISTMAS_BONUS = 500  # for landing on Christmas
ROUND_LIMIT = 30  # after 30 full rounds the Race begins by itself (HF-G40, HF-G65)
YOUNGEST_SECONDS = 30  # the "I'm the youngest" claim (HF-G21)
REUNION_SECONDS = 60  # the Family Reunion's secret choices (HF-G29)
RACE_SECONDS = 20  # a Race turn rolls by itself after this (HF-G26)

# ----------------------------------------------------------------------------- families
Colour = Literal["red", "orange", "yellow", "green", "blue", "purple"]


@dataclass(frozen=True, slots=True)
class Family:
    """A family colour, its business and where that business is on the track (HF-G04)."""

    colour: Colour
    name: str
    emoji: str
    business: str
    space: int


FAMILIES: tuple[Family, ...] = (
    Family("red", "Red", "🟥", "Rudolph's Auto Repair", 2),
    Family("orange", "Orange", "🟧", "Hearth & Home Firewood", 8),
    Family("yellow", "Yellow", "🟨", "Golden Bell Bakery", 14),
    Family("green", "Green", "🟩", "Evergreen Tree Farm", 22),
    Family("blue", "Blue", "🟦", "Blue Spruce Savings & Loan", 28),
    Family("purple", "Purple", "🟪", "Sugar Plum Candy Co.", 36),
)
COLOURS: tuple[Colour, ...] = tuple(f.colour for f in FAMILIES)
FAMILY: dict[Colour, Family] = {f.colour: f for f in FAMILIES}


def seat_colours(players: int) -> tuple[Colour, ...]:
    """The colours handed out in seat order when nobody picks one in the lobby (§2.5 step 1)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Holiday Fever seats {MIN_PLAYERS}–{MAX_PLAYERS} families, not {players}")
    return COLOURS[:players]


# ----------------------------------------------------------------------------- the town track
SpaceKind = Literal[
    "white_elephant",  # everyone draws a Gift and a Value, then keeps or swaps
    "naughty_or_nice",  # draw a Naughty-or-Nice card
    "business",  # `colour`'s business: its owner collects, anyone else pays the owner
    "store",  # buy up to `items` items for `price` in all
    "pawn",  # buy one item for `price`, or sell one for `sell`
    "donation",  # every family may pay `pay` with a speech on `topic`
    "estate_sale",  # buy another family's Gift for `price` × 2d6, or sell one for `sell`
    "miracle",  # draw Naughty-or-Nice; next roll of double `doubles` collects `collect`
    "institution",  # draw `gifts` Gift and `values` Values for free
    "cook_off",  # collect `collect`
    "vacation",  # pay `pay`, draw `gifts` Gift and `values` Values
    "auction",  # guess another family's Gift to take it, or sell one for `sell`
]


@dataclass(frozen=True, slots=True)
class Space:
    """One space of Eastern Star. Fields a kind does not use stay 0 / None."""

    pos: int
    kind: SpaceKind
    name: str
    effect: str  # one line, in our words
    colour: Colour | None = None
    items: int = 0
    price: int = 0
    sell: int = 0
    collect: int = 0
    pay: int = 0
    gifts: int = 0
    values: int = 0
    doubles: int = 0
    topic: str | None = None

    @property
    def star(self) -> bool:
        return self.topic is not None


BUSINESS_FEE = 200  # own business: collect it; another family's: pay it to the owner
GIFT_SALE = 150  # Estate Sale, Holiday Auction and Yard Sale pay this for a Gift (Coal: HF-G18)

_HELP = "How you would like to help the world"
_SUCCESS = "What goes into a successful life"
_TRIP = "Where you would take everyone on a trip"
_THANKS = "What you are thankful for"


def _nn(pos: int) -> Space:
    return Space(pos, "naughty_or_nice", "Naughty-or-Nice", "Draw a Naughty-or-Nice card.")


def _business(pos: int, colour: Colour) -> Space:
    return Space(
        pos,
        "business",
        FAMILY[colour].business,
        f"{FAMILY[colour].name} family collects ${BUSINESS_FEE}; anyone else pays them that.",
        colour=colour,
        collect=BUSINESS_FEE,
        pay=BUSINESS_FEE,
    )


def _store(pos: int, name: str, items: int, price: int) -> Space:
    what = ("up to " if items > 1 else "") + plural(items, "item")
    return Space(pos, "store", name, f"Buy {what} for ${price}.", items=items, price=price)


def _pawn(pos: int, name: str, price: int) -> Space:
    return Space(
        pos,
        "pawn",
        name,
        f"Buy or sell {plural(1, 'item')} for ${price}.",
        items=1,
        price=price,
        sell=price,
    )


def _donation(pos: int) -> Space:
    return Space(
        pos,
        "donation",
        "Charitable Donation",
        "Each family may give $50 and a speech for a ★.",
        pay=50,
        topic=_HELP,
    )


def _estate_sale(pos: int) -> Space:
    return Space(
        pos,
        "estate_sale",
        "Estate Sale",
        f"Buy another family's Gift for 2d6 × $10, or sell one of yours for ${GIFT_SALE}.",
        price=10,
        sell=GIFT_SALE,
    )


def _miracle(pos: int, doubles: int) -> Space:
    return Space(
        pos,
        "miracle",
        "Roll A Miracle",
        f"Draw a Naughty-or-Nice card; roll double {doubles}s next time for $720.",
        collect=720,
        doubles=doubles,
    )


def _institution(pos: int) -> Space:
    return Space(
        pos,
        "institution",
        "The Institution of Assisted Happiness",
        "Draw a Gift and 2 Values for free; a speech earns a ★.",
        gifts=1,
        values=2,
        topic=_THANKS,
    )


def _cook_off(pos: int) -> Space:
    return Space(
        pos,
        "cook_off",
        "Chili Cook-Off",
        "Collect $300; a speech earns a ★.",
        collect=300,
        topic=_SUCCESS,
    )


def _vacation(pos: int) -> Space:
    return Space(
        pos,
        "vacation",
        "Family Vacation",
        "Pay $150, draw a Gift and 3 Values; a speech earns a ★.",
        pay=150,
        gifts=1,
        values=3,
        topic=_TRIP,
    )


def _auction(pos: int) -> Space:
    return Space(
        pos,
        "auction",
        "Holiday Auction",
        f"Name another family's Gift to take it, or sell one of yours for ${GIFT_SALE}.",
        sell=GIFT_SALE,
    )


#: HF-G01, HF-G02, HF-G03, HF-G09: the 40 spaces, clockwise from White Elephant.
TRACK: tuple[Space, ...] = (
    Space(
        0,
        "white_elephant",
        "White Elephant",
        "Everyone draws a Gift and a Value, then keeps or swaps.",
        gifts=1,
        values=1,
    ),
    _nn(1),
    _business(2, "red"),
    _store(3, "Gingerbread Grocery", 1, 10),
    _donation(4),
    _store(5, "Northern Lights", 3, 30),
    _nn(6),
    _estate_sale(7),
    _business(8, "orange"),
    _store(9, "Snowflake Sweets", 2, 20),
    _miracle(10, 6),
    _institution(11),
    _nn(12),
    _pawn(13, "Holiday Pawn", 120),
    _business(14, "yellow"),
    _cook_off(15),
    _store(16, "Jingle Bell Toys", 2, 40),
    _nn(17),
    _vacation(18),
    _store(19, "Tinsel Town Treasures", 1, 5),
    _auction(20),
    _nn(21),
    _business(22, "green"),
    _store(23, "Mistletoe Mall", 4, 60),
    _donation(24),
    _store(25, "Candy Cane Corner", 2, 30),
    _nn(26),
    _miracle(27, 1),
    _business(28, "blue"),
    _pawn(29, "Nobel Books", 80),
    _estate_sale(30),
    _institution(31),
    _store(32, "Frosty's Outlet", 3, 45),
    _auction(33),
    _nn(34),
    _cook_off(35),
    _business(36, "purple"),
    _store(37, "Reindeer Games", 1, 15),
    _vacation(38),
    _nn(39),
)

#: What a store sells, in menu order: a Gift with a Value under it, a Value for a Gift you
#: have, a Light, an Ornament (§2.6 Stores).
StoreItem = Literal["gift", "value", "light", "ornament"]
STORE_ITEMS: tuple[StoreItem, ...] = ("gift", "value", "light", "ornament")

# ----------------------------------------------------------------------------- December
DayKind = Literal[
    "reunion",  # every family may give one non-Coal Gift away, for a ★
    "collect",  # collect `collect`
    "pay",  # pay `pay`
    "naughty_or_nice",  # draw a Naughty-or-Nice card
    "speech",  # a speech on `topic` earns a ★
    "carol",  # a typed carol line earns a ★
    "value",  # draw `values` Value for a Gift without the Stocking
    "lose_light",  # lose a Light
    "shopping",  # pay `pay`, draw `gifts` Gift and `values` Value
    "donation",  # every family may give `pay` and a speech for a ★
    "christmas",  # the game ends
]


@dataclass(frozen=True, slots=True)
class Day:
    """One December space (HF-G08). Only a family with a finished tree follows its instruction,
    and only until the Race; in the Race every day is a plain space (HF-G28)."""

    day: int
    kind: DayKind
    name: str
    effect: str  # one line, in our words
    collect: int = 0
    pay: int = 0
    gifts: int = 0
    values: int = 0
    topic: str | None = None

    @property
    def star(self) -> bool:
        return self.topic is not None


def _collect(day: int, name: str, amount: int) -> Day:
    return Day(day, "collect", name, f"Collect ${amount}.", collect=amount)


def _pay(day: int, name: str, amount: int) -> Day:
    return Day(day, "pay", name, f"Pay ${amount}.", pay=amount)


def _speech(day: int, name: str, topic: str) -> Day:
    return Day(
        day, "speech", name, f"A speech earns a ★: {topic[0].lower()}{topic[1:]}.", topic=topic
    )


def _draw(day: int) -> Day:
    return Day(day, "naughty_or_nice", "Naughty-or-Nice", "Draw a Naughty-or-Nice card.")


#: HF-G08: the Family Reunion (day 0), then Dec 1 … Dec 25.
CALENDAR: tuple[Day, ...] = (
    Day(
        0,
        "reunion",
        "Family Reunion",
        "Each family may give one Gift (not Coal) to another, for a ★.",
    ),
    _collect(1, "Advent Begins", 100),
    _draw(2),
    _speech(3, "Cookie Exchange", "The holiday treat you love most"),
    _pay(4, "Snow Shoveling", 50),
    _collect(5, "Holiday Card Mail", 50),
    Day(
        6,
        "value",
        "St. Nicholas Day",
        "Draw a Value for one of your Gifts without the Stocking, if any.",
        values=1,
    ),
    _draw(7),
    _speech(8, "Ugly Sweater Party", "The sweater you wear to the party"),
    _collect(9, "Office Party", 150),
    Day(10, "carol", "Caroling", "Type a carol line for a ★.", topic="A carol line"),
    _pay(11, "Holiday Travel", 100),
    _collect(12, "Year-End Bonus", 200),
    Day(13, "lose_light", "Tangled Lights", "Lose a Light."),
    _draw(14),
    _pay(15, "Gift Wrapping", 50),
    _speech(16, "Winter Concert", "A holiday song you love, and why"),
    _collect(17, "Bake Sale", 100),
    _draw(18),
    Day(
        19,
        "shopping",
        "Last-Minute Shopping",
        "Pay $150, then draw a Gift and a Value.",
        pay=150,
        gifts=1,
        values=1,
    ),
    Day(
        20,
        "donation",
        "Toy Drive",
        "Each family may give $50 and a speech for a ★.",
        pay=50,
        topic=_HELP,
    ),
    _collect(21, "Winter Solstice", 150),
    _pay(22, "Flight Delay", 100),
    _speech(23, "Cookies for Santa", "What you put out for Santa"),
    _collect(24, "Christmas Eve", 240),
    Day(CHRISTMAS, "christmas", "Christmas", "The game ends at once."),
)
