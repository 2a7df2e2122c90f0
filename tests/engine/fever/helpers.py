"""Shortcuts for Holiday Fever's rules tests: rigged games, moves, and states edited to put a
family where an example needs it."""

from __future__ import annotations

from typing import Any

from engine.fever import cards as C
from engine.fever.game import GAME
from engine.fever.state import CODEC, FeverState
from engine.protocol import Event

SPEECH_TEXT = "A few warm words for the family"


def new(seats: int = 2, seed: int = 1, **rig: Any) -> FeverState:
    return GAME.new(seats, {}, seed, rig or None)


def opened(seats: int = 2, first: int = 0, seed: int = 1, **rig: Any) -> FeverState:
    """A game after `first` claimed to be the youngest and everyone kept their White Elephant
    package: the youngest is about to roll."""
    s = act(new(seats, seed, **rig), first, "claim")
    while s.agenda[0][0] == "trade":
        s = act(s, s.agenda[0][1], "keep")
    return s


#: A plain opening: Gifts and Values of known worth, no Coal.
GIFTS = ["puppy", "telescope", "bathrobe", "cookbook", "fruitcake", "hot-cocoa-set"]
VALUES = [100, 150, 200, 50, 250, 300, 100, 150]


def start(seats: int = 2) -> FeverState:
    """Families opened (seat 0 the youngest) on the plain Gifts and Values above."""
    return opened(seats, gifts=GIFTS, values=VALUES)


def acts(s: FeverState, seat: int, *ids: str) -> tuple[FeverState, list[Event]]:
    """Apply `ids` for `seat` (speeches and donations get a line of text)."""
    events: list[Event] = []
    for action in ids:
        decision = GAME.decision(s, seat)
        spec = decision.text if decision is not None else None
        text = SPEECH_TEXT if spec is not None and spec.action == action else None
        s, ev = GAME.apply(s, seat, action, text)
        events += ev
    return s, events


def act(s: FeverState, seat: int, *ids: str) -> FeverState:
    return acts(s, seat, *ids)[0]


def ids(s: FeverState, seat: int) -> list[str]:
    return [a.id for a in GAME.legal(s, seat)]


def edit(s: FeverState, **fields: Any) -> FeverState:
    """The same state with some fields replaced (per-seat tuples as whole tuples)."""
    t = CODEC.thaw(s)
    for name, value in fields.items():
        setattr(t, name, value)
    return CODEC.freeze(t)


def per_seat(s: FeverState, field: str, seat: int, value: Any) -> FeverState:
    values = list(getattr(s, field))
    values[seat] = value
    return edit(s, **{field: tuple(values)})


def rig_dice(s: FeverState, *dice: int) -> FeverState:
    """The next dice rolled are `dice`."""
    rig = dict(s.rig or {})
    rig["dice"] = [1] * s.rolls + list(dice)
    return edit(s, rig=rig)


def land(s: FeverState, space: int, dice: tuple[int, int] = (1, 2)) -> FeverState:
    """Put the family whose turn it is `sum(dice)` spaces before `space`, and roll `dice`."""
    seat = s.turn
    s = per_seat(s, "track", seat, (space - sum(dice)) % 40)
    return act(rig_dice(s, *dice), seat, "roll")


def lands(
    s: FeverState, space: int, dice: tuple[int, int] = (1, 2)
) -> tuple[FeverState, list[Event]]:
    seat = s.turn
    s = per_seat(s, "track", seat, (space - sum(dice)) % 40)
    return acts(rig_dice(s, *dice), seat, "roll")


def give(s: FeverState, seat: int, *gifts: tuple[str, tuple[int, ...]]) -> FeverState:
    """Add Gifts (id, Values) to the end of `seat`'s row, taken out of the decks (a Value the
    deck no longer has comes from nowhere: only tests that check no totals do that)."""
    t = CODEC.thaw(s)
    for gift, values in gifts:
        t.gift_deck = tuple(g for g in t.gift_deck if g != gift)
        deck = list(t.value_deck)
        for v in values:
            if v in deck:
                deck.remove(v)
        t.value_deck = tuple(deck)
        t.gifts = _with(t.gifts, seat, (*t.gifts[seat], gift))
        t.values = _with(t.values, seat, (*t.values[seat], values))
        t.gseen = _with(t.gseen, seat, (*t.gseen[seat], 1 << seat))
        t.vseen = _with(t.vseen, seat, (*t.vseen[seat], (1 << seat,) * len(values)))
    return CODEC.freeze(t)


def hand(s: FeverState, seat: int, *cards: str) -> FeverState:
    """`seat` holds these Anytime cards (taken out of the Naughty-or-Nice deck)."""
    deck = list(s.nn_deck)
    for c in cards:
        deck.remove(c)
    s = edit(s, nn_deck=tuple(deck), nn_open=min(s.nn_open, len(deck)))
    return per_seat(s, "hands", seat, (*s.hands[seat], *cards))


def top_card(s: FeverState, card: str) -> FeverState:
    """The next Naughty-or-Nice card drawn is `card`."""
    deck = list(s.nn_deck)
    deck.remove(card)
    return edit(s, nn_deck=(card, *deck), nn_open=0)


def stage(s: FeverState) -> str:
    return s.agenda[0][0] if s.agenda else ""


def money(s: FeverState, seat: int) -> tuple[list[int], list[int]]:
    """(deposits, debts) of `seat` as amounts."""
    return [a for a, _ in s.deposits[seat]], [a for a, _ in s.debts[seat]]


def _with(values: tuple[Any, ...], k: int, value: Any) -> tuple[Any, ...]:
    return (*values[:k], value, *values[k + 1 :])


def table_secrets(s: FeverState) -> set[str]:
    """The names the public table must never show: Gifts lying face down (unless the same
    name lies face up somewhere, as a second Coal may) and Anytime cards in a hand."""
    public = GAME.view(s, None)
    known = {g["name"] for f in public["families"] for g in f["gifts"] if g["name"]}
    known |= {C.GIFT[g].name for g in public["white_elephant"] or () if g}
    hidden = {
        C.GIFT[g].name
        for f, row in zip(public["families"], s.gifts, strict=True)
        for slot, g in zip(f["gifts"], row, strict=True)
        if slot["name"] is None
    }
    held = {C.NN[c].name for hand in s.hands for c in hand}
    return (hidden - known) | held


#: Every card's name: a secret name inside a longer one ("Ugly Sweater" in the Naughty or
#: Nice card "Ugly Sweater Contest") is that other card, not the secret.
CARD_NAMES = {g.name for g in C.GIFTS} | {c.name for c in C.NN.values()}


def secrets_named(words: str, secrets: set[str]) -> set[str]:
    """The secret names `words` shows, each as itself rather than inside a longer card name."""
    named = set()
    for secret in secrets:
        rest = words
        for longer in CARD_NAMES:
            if secret in longer and secret != longer:
                rest = rest.replace(longer, "")
        if secret in rest:
            named.add(secret)
    return named
