"""The Holiday Fever state: one value object, treated as immutable.

Every container is a tuple (per-seat tuples are indexed by seat), so `CODEC.thaw` is a shallow
copy and `apply` rebuilds only the fields it changes.

Where every card is. Gifts: `gift_deck` (top first), a family's row `gifts[seat]` (in the
order they arrived, HF-D02; during a White Elephant the package in front of a family is the
last place of its row) and `gone` (sold, out of play). Values: `value_deck` (top first),
`values[seat][place]` (under that Gift, in the order placed), `held` (the Value just drawn,
waiting to be placed, seen only by the family placing it) and `gone_values`. Naughty-or-Nice:
`nn_deck` (top first; its last `nn_open` cards were played face up and tucked under, so the
table knows them) and `hands` (Anytime cards held face down).

Who knows what is explicit, as bit masks: bit `k` is seat k, bit `PUBLIC` the open table (the
channel with its spectators). `gseen[seat][place]` says who knows which Gift is there,
`vseen[seat][place][i]` who knows the i-th Value under it; `gone_seen` and `gone_vseen` the
same for what left the game. A Gift mask also holds what open play proved (`NOT_COAL`,
`COUNTED`, the names missed at the Auction). Knowledge sticks to the card when it moves
(White Elephant history, an Estate Sale, the Reunion). A family always knows its own row.

The turn is an agenda: `agenda` is a stack of tasks, top first, each `(name, seat, a, b, c,
d)`; the game resolves tasks that need nobody and stops at the first that needs a decision
(its seat is then `to_act`). A multi-step choice keeps its partial answer in its task (-1 for
a step not yet taken), so `back` only resets the last field set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.fever.board import Colour
from engine.record import Codec, Draft, Frozen

#: The period of the game: the youngest-player claim, normal play, the Race, the end.
Phase = Literal["youngest", "play", "race", "over"]
#: Why the Race began (HF-G25, HF-G40): a deck ran out, a White Elephant could not be
#: supplied, or 30 rounds were over ("" before the Race).
RaceCause = Literal["", "gifts", "values", "elephant", "rounds"]

#: The tasks of the agenda. Those marked * need a decision from their seat.
Task = Literal[
    "pre",  # * before the roll: roll, lay the Stocking, play an Anytime card
    "snow",  # * Snow Day: keep the first or the second roll (a, b: first die pair packed)
    "express",  # * right after the roll, holding Express Shipping: go, or 2 more spaces
    "move",  # move by `a` (town or December), then push the space
    "space",  # resolve town space `a`
    "day",  # resolve December day `a`
    "store",  # * a store at space `a`: pick items into a basket (`b`, spaces.basket), pay
    "item",  # one bought item arrives: spaces.ITEMS[`a`]
    "pawn",  # * Holiday Pawn / Nobel Books at space `a`: buy or sell one
    "place",  # * draw and place Values: `a` left, `b` the new Gift's place (-1: none)
    "speech",  # * a speech (or carol) for a star: `a` the topic's index in TOPICS
    "donate",  # * Charitable Donation / Toy Drive: pay and speak, or skip; `a` topic
    "nn",  # draw a Naughty-or-Nice card
    "decoration",  # * N07: a Light or an Ornament
    "regift",  # * N08: move the Stocking, or leave it
    "receipt",  # * N14: a Gift (`a`), then one of its Values
    "estate",  # * Estate Sale: family `a`, place `b`; or sell; or pass
    "auction",  # * Holiday Auction: family `a`, place `b`, name group `c`; or sell; or pass
    "elf",  # * Sneaky Elf: family `a`, place `b`
    "elf_under",  # * Sneaky Elf: where the stolen Value goes (`a` the Value)
    "yard",  # * Yard Sale: which Gift to sell
    "stuffer",  # * Stocking Stuffer: which Gift gets the Stocking
    "mistletoe",  # * the targeted family may cancel a take (`a` taker, `b` place, `c` kind,
    # `d` the Estate Sale price)
    "elephant",  # a White Elephant, landed on by `seat`
    "trade",  # * White Elephant: keep, or swap with a family
    "reunion",  # * Family Reunion: everybody chooses in secret (see `gives`)
    "post",  # * after the space: play an on-turn Anytime card, or end the turn
    "end",  # end-of-turn checks (HF-G52): the Race, then the tree, then the next seat
]
#: One agenda entry: (task, seat, a, b, c, d).
Entry = tuple[str, int, int, int, int, int]
#: A score-card entry: (dollars, what for), in the order written.
Line = tuple[int, str]

#: The kinds of `Event` this game emits (narrated in narration.py).
EventKind = Literal[
    "claim",
    "first",
    "elephant",
    "show_gift",
    "drew_value",
    "keep",
    "swap",
    "peek",
    "turn",
    "stocking",
    "play",
    "roll",
    "doubles",
    "miracle",
    "move",
    "stay",
    "space",
    "collect",
    "pay",
    "buy",
    "store",
    "drew_gift",
    "placed",
    "sell",
    "speech",
    "skip",
    "donate",
    "card",
    "anytime",
    "price",
    "take",
    "mistletoe",
    "guess",
    "miss",
    "light",
    "ornament",
    "lose",
    "to_town",
    "december",
    "race",
    "reunion",
    "chosen",
    "gave",
    "received",
    "receipt",
    "elf",
    "stole",
    "erase",
    "coal",
    "round",
    "christmas",
    "game_over",
]

#: Bit of the open table in the knowledge masks (seats use bits 0–5).
PUBLIC = 1 << 6
#: Bit of a Gift mask: the table knows it is not Coal (sold for $150, given at a Reunion, a
#: missed guess of "Coal"), so `determinize` never deals a Coal there.
NOT_COAL = 1 << 7
#: Every seat's bit and the table's.
EVERYONE = (1 << 7) - 1
#: Bits of a Gift mask: 1 + the family that held it when the last Naughty List (N10) showed
#: how many Coal each family held (0: not counted then). `determinize` keeps the number of
#: Coal among each family's counted Gifts, wherever they are now.
COUNTED_SHIFT = 8
COUNTED = 7 << COUNTED_SHIFT
#: Bits of a Gift mask from this one on: the names (`missed_bit`) a public Auction guess
#: proved it is not (HF-G67).
MISSED_SHIFT = 16


@dataclass(slots=True)
class FeverDraft(Draft):
    """The fields (after `Draft`'s seats, seed, rig, step and phase), in a state being built."""

    phase: Phase
    colours: tuple[Colour, ...]  # per seat
    first: int  # the youngest, who plays first (-1 until known)
    fallback: int  # the seat drawn at set-up to begin if nobody claims (HF-G21)
    turn: int  # the family whose turn it is (-1 before the first turn)
    round: int  # the round being played, 1-based (0 before the first turn; HF-G65)
    passed: tuple[bool, ...]  # youngest claim: who said "not me"
    track: tuple[int, ...]  # per seat, town space 0–39 (kept while in December)
    december: tuple[int, ...]  # per seat, December day 0–25 (0 = Reunion), -1 in town
    race_cause: RaceCause
    christmas: int  # the family that landed on Christmas (-1)
    deposits: tuple[tuple[Line, ...], ...]  # per seat, oldest first
    debts: tuple[tuple[Line, ...], ...]  # per seat, oldest first
    stars: tuple[int, ...]
    lights: tuple[int, ...]
    ornaments: tuple[int, ...]
    gifts: tuple[tuple[str, ...], ...]  # per seat, Gift ids in arrival order
    values: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, per place, Values placed
    gseen: tuple[tuple[int, ...], ...]  # per seat, per place: who knows the Gift
    vseen: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, place, Value: who knows it
    stocking: tuple[str, ...]  # per seat, the Gift id under the Stocking ("" if none)
    hands: tuple[tuple[str, ...], ...]  # per seat, Anytime cards held face down
    gift_deck: tuple[str, ...]  # top first
    value_deck: tuple[int, ...]  # top first
    nn_deck: tuple[str, ...]  # top first
    nn_open: int  # the deck's last cards that were played face up and tucked under
    gone: tuple[str, ...]  # Gifts out of play
    gone_seen: tuple[int, ...]  # who knows each of them
    gone_values: tuple[int, ...]  # Values out of play
    gone_vseen: tuple[int, ...]  # who knows each of them
    sold_open: tuple[tuple[str, tuple[int, ...]], ...]  # Gifts shown as they left: (id, Values)
    held: int  # the Value drawn (or stolen) and not yet placed (0 = none)
    held_seen: int  # who knows it: its drawer (and, for a Sneaky Elf, the robbed family)
    dice: tuple[int, ...]  # the last roll
    dice_for: str  # what it was for: "move", "snow", "price", "lucky" ("" none yet)
    rolls: int  # dice rolled so far (the rig's queue, then the seeded stream)
    chance: int  # other draws of chance so far (the Sneaky Elf's pick)
    dice_rule: int  # how the seeded dice are drawn (dice.py: OLD_DICE, SPLITMIX)
    miracle: tuple[int, ...]  # per seat, the doubles a Roll A Miracle awaits (0: none)
    snow: bool  # Snow Day was played before this roll
    snow_rolls: tuple[tuple[int, ...], ...]  # Snow Day's two rolls, while choosing
    card: str  # the last Naughty-or-Nice card shown at the table ("")
    gives: tuple[tuple[int, int], ...]  # Reunion: per seat (place, to); see reunion.py
    page: int  # which page of a long list of Gift places is shown
    agenda: tuple[Entry, ...]  # top first


class FeverState(FeverDraft, Frozen):
    """A Holiday Fever state: never changes once `new`, `apply` or `load` returns it."""

    __slots__ = ()


CODEC = Codec(FeverDraft, FeverState)
