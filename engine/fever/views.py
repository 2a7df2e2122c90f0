"""The Holiday Fever view (keys as documented in docs/games/fever.md, "View keys").

One view per viewer: the public table (`seat` None) or a seat. Everything on the table is in
both (tokens, dice, score cards, counts); a Gift's identity and its Values appear only where
the viewer may know them (§2.11, HF-G41, HF-G58): `gift` and `values_seen` are None / partial
otherwise. A seat's view adds its Anytime cards (`hand`), the Value it is placing (`drawn`)
and its half-made choice (`pending`).
"""

# No `from __future__ import annotations`: `NotRequired` must be seen at run time.
from typing import NotRequired, TypedDict

from engine.fever.state import Phase, RaceCause
from engine.views import BaseView, ResultView


class EntryView(TypedDict):
    """One line of a score card: dollars and what for ("Gingerbread Grocery", "{p2}")."""

    amount: int
    note: str


class GiftSlotView(TypedDict):
    """One place in a family's row of Gifts (place numbers are 1-based in ids and labels)."""

    place: int  # 1-based
    values: int  # how many Value cards lie under it (public, HF-G58)
    stocking: bool  # the family's Stocking lies on it
    gift: str | None  # the Gift id, if the viewer may know it (cards.GIFT)
    name: str | None  # its name, likewise
    coal: bool | None  # whether it is Coal, likewise
    values_seen: list[int | None]  # per Value card: its dollars, or None if unknown


class FamilyView(TypedDict):
    """A family's panel: its colour and business, token, tree, stars, Gifts and score card."""

    seat: int
    colour: str  # board.Colour
    business: str
    track: int | None  # town space 0–39, None while in December
    december: int | None  # December day 0–25 (0 = Family Reunion), None while in town
    lights: int  # 0–3
    ornaments: int  # 0–3
    stars: int
    gifts: list[GiftSlotView]
    stocking: int | None  # the 1-based place the Stocking lies on, None if not laid
    anytime: int  # Anytime cards held (count only)
    miracle: int | None  # the doubles a Roll A Miracle awaits on the next roll
    deposits: list[EntryView]  # oldest first
    debts: list[EntryView]  # oldest first; stars forgive from the top at the end
    deposit_total: int
    debt_total: int


class SheetView(TypedDict):
    """A family's final score sheet (§2.8), only once the game is over."""

    seat: int
    gifts: list[GiftSlotView]  # every Gift, face up, in arrival order
    deposits: list[EntryView]  # in-game deposits, then Gift values, tree, Christmas
    debts: list[EntryView]  # in-game debts, then one entry per Coal (HF-G17, HF-G55)
    forgiven: int  # debt entries forgiven, counted from the top
    full_forgiveness: bool  # landed on Christmas with a full tree (HF-G56)
    christmas: bool  # landed on Christmas
    stars: int
    value: int  # deposits minus unforgiven debts; may be negative (HF-G48)


class StoreView(TypedDict):
    """The store visit under way: which space, the basket so far (paid for when done) and
    how many more items it may hold."""

    space: int
    left: int
    bought: int  # items in the basket
    basket: list[str]  # "gift", "value", "light", "ornament", in the order picked


class PendingView(TypedDict):
    """The viewer's half-made choice (Estate Sale, Auction, Sneaky Elf, Reunion, N14), or the
    take it may answer with Mistletoe (`family` is the taker, `place` the viewer's Gift)."""

    stage: str
    family: int | None
    place: int | None  # 1-based
    group: str | None  # Auction: the name group chosen (neutral or a colour)
    take: str | None  # Mistletoe: "buy" (Estate Sale), "auction" or "rob" (Sneaky Elf)
    price: int | None  # Mistletoe against an Estate Sale: the rolled price paid to the seat


class SoldView(TypedDict):
    """A Gift shown to everyone as it left the game (a sold Coal, HF-D06)."""

    gift: str
    name: str
    values: list[int]  # lowest first


class FeverView(BaseView):
    """The public view; a seat's view adds `hand`, `drawn`, `pending` and `prompt`."""

    seats: int
    phase: Phase
    stage: str  # the agenda's top task (state.Task), "" when none
    turn: int | None  # whose turn it is
    first: int | None  # the youngest, who opened
    round: int  # 1-based; 0 before the first turn
    round_limit: int  # 30 (HF-G40)
    race: bool
    race_cause: RaceCause
    families: list[FamilyView]
    dice: list[int]  # the last roll (one or two dice, empty before any)
    dice_for: str  # "move", "snow", "price", "lucky" or ""
    snow_rolls: list[list[int]] | None  # Snow Day's two rolls while choosing
    decks: dict[str, int]  # cards left: "gifts", "values", "nn"
    card: str | None  # the last Naughty-or-Nice card shown at the table (cards.NN)
    store: StoreView | None
    white_elephant: list[str | None] | None  # per seat, the face-up Gift while trading
    reunion: list[bool] | None  # per seat, has chosen (never what) while it is open
    gift_list: list[str]  # the Auction's names for this game (HF-D03)
    sold_open: list[SoldView]  # Gifts shown as they left the game, oldest first
    christmas: int | None  # the family that landed on Christmas
    sheets: list[SheetView] | None  # at the end
    result: ResultView | None
    hand: NotRequired[list[str]]  # the seat's Anytime cards
    drawn: NotRequired[int | None]  # the Value the seat has drawn and must place
    pending: NotRequired[PendingView | None]
