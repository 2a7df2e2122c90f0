"""Holiday Fever's cards, as data: the Gifts, the Value deck and the Naughty-or-Nice deck
(HF-G05–G07).

The rulebook leaves all three lists to the "back of the rules", so they come from the rulings
and were calibrated by simulation: change none of the numbers. A Gift's id is its name in
lower case with dashes (the two Coal are `coal-1` and `coal-2`); Value cards are just their
dollar values; a Naughty-or-Nice card's id is `N01`–`N18` (Play Now) or `A01`–`A07` (Play
Anytime), shared by the copies of a card.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from engine.fever.board import COLOURS, MAX_PLAYERS, MIN_PLAYERS, Colour

# ----------------------------------------------------------------------------- Gifts
COAL = "Coal"


@dataclass(frozen=True, slots=True)
class Gift:
    """A Gift card. `colour` None is a neutral Gift, always in play (HF-G05)."""

    id: str
    name: str
    colour: Colour | None

    @property
    def coal(self) -> bool:
        return self.name == COAL


def _gift(name: str, colour: Colour | None = None, copy: int = 0) -> Gift:
    slug = name.lower().replace(" ", "-")
    return Gift(f"{slug}-{copy}" if copy else slug, name, colour)


_NEUTRAL = (
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
)
_COLOURED: dict[Colour, tuple[str, str, str]] = {
    "red": ("Red Sled", "Ruby Slippers", "Toy Fire Truck"),
    "orange": ("Basketball", "Orange Scarf", "Pumpkin Pie"),
    "yellow": ("Gold Watch", "Rubber Duck", "Banana Phone"),
    "green": ("Potted Fern", "Board Game", "Gift Card"),
    "blue": ("Blue Jeans", "Fishing Rod", "Snow Globe"),
    "purple": ("Sugar Plums", "Purple Bicycle", "Grape Jelly of the Month"),
}

#: HF-G05: 14 neutral Gifts (2 of them Coal), then 3 per family colour: 32 in all.
GIFTS: tuple[Gift, ...] = (
    *(_gift(name) for name in _NEUTRAL),
    _gift(COAL, copy=1),
    _gift(COAL, copy=2),
    *(_gift(name, colour) for colour in COLOURS for name in _COLOURED[colour]),
)
GIFT: dict[str, Gift] = {g.id: g for g in GIFTS}


def gift_deck(colours: Collection[Colour]) -> tuple[str, ...]:
    """The Gift ids in play for the families' colours, unshuffled: the neutral Gifts and the
    three of each colour at the table; the colours nobody plays leave the box (§2.5 step 2).
    That is 14 + 3 × families: 20, 23, 26, 29 or 32."""
    if len(set(colours)) != len(colours) or not MIN_PLAYERS <= len(colours) <= MAX_PLAYERS:
        raise ValueError(f"{MIN_PLAYERS}–{MAX_PLAYERS} different colours, not {colours!r}")
    return tuple(g.id for g in GIFTS if g.colour is None or g.colour in colours)


def gift_names(deck: Collection[str]) -> tuple[str, ...]:
    """The names a Holiday Auction guess chooses from: each name in `deck` once, in list
    order, so the two Coal are one guess (HF-G33, HF-D03)."""
    return tuple(dict.fromkeys(g.name for g in GIFTS if g.id in deck))


# ----------------------------------------------------------------------------- Values
#: HF-G06: (dollars, cards) in every game, and added again for each family.
VALUE_BASE = ((50, 2), (100, 2), (150, 2), (200, 1), (300, 1))
VALUE_PER_FAMILY = ((50, 2), (100, 3), (150, 2), (200, 2), (250, 1))


def value_deck(players: int) -> tuple[int, ...]:
    """The Value cards for `players` families, unshuffled, lowest first: 8 + 10 per family
    (HF-G06)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Holiday Fever seats {MIN_PLAYERS}–{MAX_PLAYERS} families, not {players}")
    cards = [v for v, n in VALUE_BASE for _ in range(n)]
    cards += [v for v, n in VALUE_PER_FAMILY for _ in range(n * players)]
    return tuple(sorted(cards))


# ----------------------------------------------------------------------------- Naughty-or-Nice
When = Literal["now", "anytime"]
#: When a Play Anytime card may be played (HF-G38, HF-G71): before your movement roll, right
#: after it, at any point of your own turn, or out of turn against a take from you.
Moment = Literal["before_roll", "after_roll", "own_turn", "reaction"]
NNKind = Literal[
    "collect",  # collect `amount`
    "collect_each",  # every other family pays you `amount`
    "speech",  # pay `amount` (if any) and a speech on `topic` earns a ★
    "carol",  # a typed carol line earns a ★
    "bargain",  # a Value for a Gift without the Stocking, or else a Gift and a Value
    "decoration",  # gain a Light or an Ornament
    "move_stocking",  # you may shift your Stocking onto a different Gift
    "lucky_roll",  # roll 2d6, collect the total × `amount`
    "coal_tax",  # every family pays `amount` per Coal it holds
    "lose_light",  # lose a Light
    "lose_ornament",  # lose an Ornament
    "pay_each",  # pay `amount` to every other family
    "receipt",  # take a Value from under one of your Gifts and collect what it shows
    "pay",  # pay `amount`
    "next_store",  # move on to the next store and shop there
    "reroll",  # roll twice, keep one result
    "cancel_take",  # stop another family taking your Gift or Value
    "steal_value",  # move a Value from another family's Gift to yours
    "sell_gift",  # sell a Gift for `amount`
    "erase_debt",  # strike out your latest debt entry
    "extra_move",  # move `amount` spaces further
    "place_stocking",  # put or move your Stocking on any of your Gifts
]


@dataclass(frozen=True, slots=True)
class NNCard:
    """A Naughty-or-Nice card (HF-G07). `topic` marks a ★; `moment` is set on Anytime cards."""

    id: str
    name: str
    when: When
    copies: int
    kind: NNKind
    effect: str  # one line, in our words
    amount: int = 0
    topic: str | None = None
    moment: Moment | None = None

    @property
    def star(self) -> bool:
        return self.topic is not None


def _now(
    id_: str,
    name: str,
    kind: NNKind,
    effect: str,
    amount: int = 0,
    topic: str | None = None,
    copies: int = 1,
) -> NNCard:
    return NNCard(id_, name, "now", copies, kind, effect, amount, topic)


def _anytime(
    id_: str, name: str, kind: NNKind, moment: Moment, effect: str, amount: int = 0, copies: int = 1
) -> NNCard:
    return NNCard(id_, name, "anytime", copies, kind, effect, amount, moment=moment)


#: HF-G07 (§2.4.3) with HF-G51, G57, G61–G63, G68, G69, G71: 22 Play Now + 8 Play Anytime.
NN_CARDS: tuple[NNCard, ...] = (
    _now("N01", "Holiday Bonus", "collect", "Collect $200.", 200, copies=2),
    _now("N02", "Secret Santa", "collect_each", "Every other family pays you $50.", 50),
    _now(
        "N03",
        "Favorite Memory",
        "speech",
        "Tell a Christmas memory you love for a ★.",
        topic="A Christmas memory you love",
        copies=2,
    ),
    _now(
        "N04",
        "Thank-You Note",
        "speech",
        "Tell the family on your left what you value in them, for a ★.",
        topic="What you value in the player on your left",
    ),
    _now("N05", "Carol Time", "carol", "Type a carol line for a ★.", topic="A carol line"),
    _now(
        "N06",
        "Found a Bargain",
        "bargain",
        "A Value for one of your Gifts without the Stocking; with none, a Gift and a Value.",
        copies=2,
    ),
    _now("N07", "Extra Decorations", "decoration", "Gain a Light or an Ornament, as you like."),
    _now(
        "N08",
        "Regift",
        "move_stocking",
        "You may shift your Stocking onto a different Gift of yours.",
    ),
    _now("N09", "Lucky Day", "lucky_roll", "Roll 2d6 and collect the total × $20.", 20),
    _now(
        "N10",
        "Naughty List",
        "coal_tax",
        "Every family owes $250 per Coal it has, you first.",
        250,
        copies=2,
    ),
    _now("N11", "Power Outage", "lose_light", "Lose a Light, if you have one."),
    _now("N12", "Broken Ornament", "lose_ornament", "Lose an Ornament, if you have one."),
    _now("N13", "Overdrawn", "pay_each", "Pay $50 to every other family.", 50),
    _now(
        "N14",
        "Gift Receipt",
        "receipt",
        "Take a Value from one of your Gifts (not Coal, not the Stocking's, 2+ Values) "
        "and collect it.",
    ),
    _now("N15", "Late Fees", "pay", "Pay $150.", 150),
    _now(
        "N16",
        "Shopping Spree",
        "next_store",
        "Move on to the next store and shop there (nothing in December).",
    ),
    _now(
        "N17",
        "Ugly Sweater Contest",
        "speech",
        "Pay $50; paint in words the worst sweater imaginable, for a ★.",
        50,
        topic="The worst sweater imaginable",
    ),
    _now(
        "N18",
        "Grateful Heart",
        "speech",
        "Tell everyone something you are grateful for, for a ★.",
        topic="Something you are grateful for",
    ),
    _anytime(
        "A01",
        "Snow Day",
        "reroll",
        "before_roll",
        "Roll for movement twice and keep the roll you like.",
        copies=2,
    ),
    _anytime(
        "A02",
        "Mistletoe",
        "cancel_take",
        "reaction",
        "Stop another family taking your Gift or one of its Values; they pay nothing.",
    ),
    _anytime(
        "A03",
        "Sneaky Elf",
        "steal_value",
        "own_turn",
        "Move a random Value from another family's Gift (2+ Values) under one of yours.",
    ),
    _anytime(
        "A04",
        "Yard Sale",
        "sell_gift",
        "own_turn",
        "Sell one of your Gifts for $150 (Coal: its Values).",
        150,
    ),
    _anytime(
        "A05", "Christmas Miracle", "erase_debt", "own_turn", "Strike out your latest debt entry."
    ),
    _anytime("A06", "Express Shipping", "extra_move", "after_roll", "Move 2 spaces further.", 2),
    _anytime(
        "A07",
        "Stocking Stuffer",
        "place_stocking",
        "own_turn",
        "Put your Stocking on any of your Gifts, or move it there.",
    ),
)
NN: dict[str, NNCard] = {c.id: c for c in NN_CARDS}


def nn_deck() -> tuple[str, ...]:
    """The 30 Naughty-or-Nice cards, unshuffled: each id once per copy."""
    return tuple(c.id for c in NN_CARDS for _ in range(c.copies))
