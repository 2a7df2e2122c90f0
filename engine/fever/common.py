"""What every Holiday Fever rule works with: the agenda, the score card, the rows of Gifts with
who knows what, the decks, the dice and the tree. All functions change a draft in place and
append the events they cause.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.state import MISSED_SHIFT, NOT_COAL, PUBLIC, Entry, EventKind, FeverDraft, Line
from engine.protocol import Action, Event, seat_ref

_make_tuple = tuple.__new__


def event(
    kind: EventKind, data: Mapping[str, Any], visible_to: frozenset[int] | None = None
) -> Event:
    """`Event(kind, data, visible_to)`, made without the named tuple's `__new__` (a Python
    function behind the class call): a move makes several events, a third quicker so."""
    return _make_tuple(Event, (kind, data, visible_to))


#: `Action`, handed out again when asked for with the same words: decisions repeat their
#: choices from state to state, and making an `Action` is the dearest part of listing them.
act: Callable[..., Action] = lru_cache(maxsize=4096)(Action)


def bit(seat: int) -> int:
    return 1 << seat


#: Each seat alone, as events name who may see them.
_ONLY = tuple(frozenset({seat}) for seat in range(B.MAX_PLAYERS))


def only(seat: int) -> frozenset[int]:
    return _ONLY[seat]


def fam(seat: int) -> str:
    """A family in labels and notes: the bot fills in the player's name."""
    return seat_ref(seat)


# ----------------------------------------------------------------------------- the agenda
def task(name: str, seat: int, a: int = -1, b: int = -1, c: int = -1, d: int = -1) -> Entry:
    return (name, seat, a, b, c, d)


def push(t: FeverDraft, *entries: Entry) -> None:
    """Put `entries` on top of the agenda, the first to be done first."""
    t.agenda = (*entries, *t.agenda)


def pop(t: FeverDraft) -> Entry:
    top, t.agenda = t.agenda[0], t.agenda[1:]
    return top


def replace_top(t: FeverDraft, entry: Entry) -> None:
    t.agenda = (entry, *t.agenda[1:])


def with_item(values: tuple[Any, ...], k: int, value: Any) -> tuple[Any, ...]:
    copy = list(values)
    copy[k] = value
    return tuple(copy)


# ----------------------------------------------------------------------------- the score card
def collect(t: FeverDraft, seat: int, amount: int, note: str, events: list[Event]) -> None:
    """ "Collect $X": a deposit entry (§2.6 money verbs)."""
    t.deposits = with_item(t.deposits, seat, (*t.deposits[seat], (amount, note)))
    events.append(event("collect", {"seat": seat, "amount": amount, "note": note}))


def pay(
    t: FeverDraft, seat: int, amount: int, note: str, events: list[Event], to: int = -1
) -> None:
    """ "Pay $X": a debt entry; "pay $X to P" also writes P's deposit (HF-G12, HF-G49)."""
    where = f"{note} · {fam(to)}" if to >= 0 else note
    t.debts = with_item(t.debts, seat, (*t.debts[seat], (amount, where)))
    events.append(event("pay", {"seat": seat, "amount": amount, "note": note, "to": to}))
    if to >= 0:
        line: Line = (amount, f"{note} · {fam(seat)}")
        t.deposits = with_item(t.deposits, to, (*t.deposits[to], line))


def star(t: FeverDraft, seat: int) -> None:
    t.stars = with_item(t.stars, seat, t.stars[seat] + 1)


# ----------------------------------------------------------------------------- rows of Gifts
def place_of(t: FeverDraft, seat: int, gift: str) -> int:
    return t.gifts[seat].index(gift)


def is_coal(gift: str) -> bool:
    return C.GIFT[gift].coal


#: Every Gift name once, in list order: a missed Auction guess is the bit of its name.
NAMES: tuple[str, ...] = tuple(dict.fromkeys(g.name for g in C.GIFTS))


def missed_bit(name: str) -> int:
    return 1 << (MISSED_SHIFT + NAMES.index(name))


def ruled_out(mask: int, gift: str) -> bool:
    """Whether a public miss proved the Gift with this mask is not `gift`."""
    return bool(mask & missed_bit(C.GIFT[gift].name))


def open_places(t: FeverDraft, seat: int) -> list[int]:
    """Places whose Gift may receive a Value: every Gift but the stockinged one (HF-G15)."""
    sock = t.stocking[seat]
    return [k for k, g in enumerate(t.gifts[seat]) if g != sock]


def takeable(t: FeverDraft, seat: int) -> list[int]:
    """Places another family may point at: not under the Stocking (§2.6)."""
    return open_places(t, seat)


def add_gift(
    t: FeverDraft,
    seat: int,
    gift: str,
    values: tuple[int, ...],
    gseen: int,
    vseen: tuple[int, ...],
) -> int:
    """Put a Gift at the end of `seat`'s row (HF-D02); the family now knows it and its Values.
    Returns its place."""
    me = bit(seat)
    t.gifts = with_item(t.gifts, seat, (*t.gifts[seat], gift))
    t.values = with_item(t.values, seat, (*t.values[seat], values))
    t.gseen = with_item(t.gseen, seat, (*t.gseen[seat], gseen | me))
    t.vseen = with_item(t.vseen, seat, (*t.vseen[seat], tuple([v | me for v in vseen])))
    return len(t.gifts[seat]) - 1


def remove_gift(
    t: FeverDraft, seat: int, k: int
) -> tuple[str, tuple[int, ...], int, tuple[int, ...]]:
    """Take place `k` out of `seat`'s row (the others close up, HF-D02); the Stocking comes
    home if it lay there (HF-G50)."""
    gift, values = t.gifts[seat][k], t.values[seat][k]
    gseen, vseen = t.gseen[seat][k], t.vseen[seat][k]

    def drop(row: tuple[Any, ...]) -> tuple[Any, ...]:
        return row[:k] + row[k + 1 :]

    t.gifts = with_item(t.gifts, seat, drop(t.gifts[seat]))
    t.values = with_item(t.values, seat, drop(t.values[seat]))
    t.gseen = with_item(t.gseen, seat, drop(t.gseen[seat]))
    t.vseen = with_item(t.vseen, seat, drop(t.vseen[seat]))
    if t.stocking[seat] == gift:
        t.stocking = with_item(t.stocking, seat, "")
    return gift, values, gseen, vseen


def move_gift(t: FeverDraft, giver: int, k: int, taker: int, shown: int = 0) -> str:
    """Place `k` of `giver` goes to the end of `taker`'s row with all its Values; `shown` adds
    to who knows which Gift it is."""
    gift, values, gseen, vseen = remove_gift(t, giver, k)
    add_gift(t, taker, gift, values, gseen | shown, vseen)
    return gift


def add_value(t: FeverDraft, seat: int, k: int, value: int, seen: int) -> None:
    """A Value goes under place `k` (after the ones already there)."""
    seen |= bit(seat)
    t.values = with_item(t.values, seat, with_item(t.values[seat], k, (*t.values[seat][k], value)))
    vrow = with_item(t.vseen[seat], k, (*t.vseen[seat][k], seen))
    t.vseen = with_item(t.vseen, seat, vrow)


def draw_gift(t: FeverDraft) -> str:
    gift, t.gift_deck = t.gift_deck[0], t.gift_deck[1:]
    return gift


def draw_value(t: FeverDraft) -> int:
    value, t.value_deck = t.value_deck[0], t.value_deck[1:]
    return value


def gift_with_value(t: FeverDraft, seat: int, events: list[Event]) -> bool:
    """Draw a Gift and a Value to go under it (a store's first item, N06, Dec 19). A Gift never
    comes without a Value (HF-G34). False if a deck is empty."""
    if not t.gift_deck or not t.value_deck:
        return False
    gift, value = draw_gift(t), draw_value(t)
    k = add_gift(t, seat, gift, (value,), 0, (0,))
    events.append(event("drew_gift", {"seat": seat, "place": k + 1}))
    events.append(
        event("placed", {"seat": seat, "gift": gift, "value": value, "place": k + 1}, only(seat))
    )
    return True


def sell(t: FeverDraft, seat: int, k: int, price: int, note: str, events: list[Event]) -> None:
    """Sell place `k`: it leaves the game with its Values. A Coal fetches its Values' total
    instead of `price` (HF-G18) and is shown to everyone to prove it (HF-D06); any other Gift
    leaves face down, and the table now knows it was not Coal."""
    gift, values, gseen, vseen = remove_gift(t, seat, k)
    coal = is_coal(gift)
    everyone = PUBLIC | (bit(t.seats) - 1)
    t.gone = (*t.gone, gift)
    t.gone_seen = (*t.gone_seen, gseen | (everyone if coal else NOT_COAL))
    t.gone_values = (*t.gone_values, *values)
    t.gone_vseen = (*t.gone_vseen, *((v | everyone) if coal else v for v in vseen))
    amount = sum(values) if coal else price
    data: dict[str, Any] = {"seat": seat, "place": k + 1, "coal": coal}
    if coal:
        shown = tuple(sorted(values))
        t.sold_open = (*t.sold_open, (gift, shown))
        data |= {"gift": gift, "values": list(shown)}
    events.append(event("sell", data))
    collect(t, seat, amount, note, events)


# ----------------------------------------------------------------------------- the tree
def gain(t: FeverDraft, seat: int, what: str, events: list[Event]) -> None:
    """A Light or an Ornament (never a fourth, HF-G23: callers offer only what fits)."""
    if what == "light":
        t.lights = with_item(t.lights, seat, t.lights[seat] + 1)
    else:
        t.ornaments = with_item(t.ornaments, seat, t.ornaments[seat] + 1)
    events.append(event("light" if what == "light" else "ornament", {"seat": seat}))


def can_gain(t: FeverDraft, seat: int, what: str) -> bool:
    have = t.lights[seat] if what == "light" else t.ornaments[seat]
    return have < B.MAX_DECORATIONS


def lose(t: FeverDraft, seat: int, what: str, events: list[Event]) -> None:
    """Lose a Light or an Ornament, if any. In December before the Race, a tree no longer full
    sends the family to its business, whose space does nothing then (§2.7.3, HF-G64)."""
    have = t.lights[seat] if what == "light" else t.ornaments[seat]
    if not have:
        return
    if what == "light":
        t.lights = with_item(t.lights, seat, have - 1)
    else:
        t.ornaments = with_item(t.ornaments, seat, have - 1)
    events.append(event("lose", {"seat": seat, "what": what}))
    full = min(t.lights[seat], t.ornaments[seat]) >= B.MAX_DECORATIONS
    if t.december[seat] >= 0 and t.phase != "race" and not full:
        space = B.FAMILY[t.colours[seat]].space
        t.december = with_item(t.december, seat, -1)
        t.track = with_item(t.track, seat, space)
        events.append(event("to_town", {"seat": seat, "space": space}))


def tree_full(t: FeverDraft, seat: int) -> bool:
    return min(t.lights[seat], t.ornaments[seat]) >= B.MAX_DECORATIONS


# ----------------------------------------------------------------------------- Anytime cards
def discard_card(t: FeverDraft, seat: int, card: str) -> None:
    """A played Anytime card leaves the hand face up and goes under the deck (§2.6)."""
    hand = list(t.hands[seat])
    hand.remove(card)
    t.hands = with_item(t.hands, seat, tuple(hand))
    t.nn_deck = (*t.nn_deck, card)
    t.nn_open += 1


def elf_sources(t: FeverDraft, seat: int) -> dict[int, list[int]]:
    """A03's targets per family: Gifts without the Stocking holding 2+ Values (HF-G58)."""
    out = {}
    for p in range(t.seats):
        if p != seat:
            places = [k for k in takeable(t, p) if len(t.values[p][k]) >= 2]
            if places:
                out[p] = places
    return out


def _any_elf_source(t: FeverDraft, seat: int) -> bool:
    """`bool(elf_sources(t, seat))`, stopping at the first source."""
    for p in range(t.seats):
        if p != seat:
            sock = t.stocking[p]
            for gift, values in zip(t.gifts[p], t.values[p], strict=True):
                if len(values) >= 2 and gift != sock:
                    return True
    return False


def playable(t: FeverDraft, seat: int, card: str, moment: str) -> bool:
    """Whether `seat` may play `card` now (HF-G38, HF-G71, HF-D01): `moment` is "pre" (before
    the movement roll) or "post" (after the space)."""
    if card == "A01":
        return moment == "pre" and not t.snow
    if card == "A03":
        return bool(open_places(t, seat)) and _any_elf_source(t, seat)
    if card == "A04":
        return bool(t.gifts[seat])
    if card == "A05":
        return bool(t.debts[seat])
    if card == "A07":
        n = len(t.gifts[seat])
        return n >= 2 or (n == 1 and not t.stocking[seat])
    return False


def cards_to_play(t: FeverDraft, seat: int, moment: str) -> list[str]:
    return sorted({c for c in t.hands[seat] if playable(t, seat, c, moment)})


def values_label(values: Sequence[int]) -> str:
    return ", ".join(f"${v}" for v in values) or "no Values yet"
