"""December: the days a decorated tree plays (HF-G08), the Race to Christmas (§2.7.2), the
Family Reunion's secret gifts (HF-G29, G43, G70) and landing on Christmas (§2.7.4).
"""

from __future__ import annotations

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.common import (
    act,
    collect,
    event,
    fam,
    gift_with_value,
    is_coal,
    lose,
    move_gift,
    only,
    open_places,
    pay,
    place_of,
    pop,
    push,
    star,
    task,
)
from engine.fever.menus import own_label, paged
from engine.fever.state import NOT_COAL, Entry, FeverDraft, FeverState
from engine.fever.talk import topic_of
from engine.fever.turn import CAUSES
from engine.protocol import Action, Event

NONE = "none"
#: `gives[seat]` while the Reunion is open: (place, to). CHOOSING: the Gift is still to be
#: chosen; (k, -1): Gift k chosen, the family still to be; OUT: gives nothing (chosen, or no
#: Gift at all); (k, p): done.
CHOOSING, OUT = (-2, -1), (-1, -1)


def run_day(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """Follow a December day (HF-G08), for a decorated tree before the Race."""
    pop(t)
    seat, day = e[1], B.CALENDAR[e[2]]
    kind = day.kind
    if kind == "collect":
        collect(t, seat, day.collect, day.name, ev)
    elif kind == "pay":
        pay(t, seat, day.pay, day.name, ev)
    elif kind == "naughty_or_nice":
        push(t, task("nn", seat))
    elif kind in ("speech", "carol"):
        push(t, task("speech", seat, topic_of(day.topic or "")))
    elif kind == "value":  # only with a Gift to take it and a Value to draw
        if t.value_deck and open_places(t, seat):
            push(t, task("place", seat, 1, -1, 0))
    elif kind == "lose_light":
        lose(t, seat, "light", ev)
    elif kind == "shopping":  # the $150 in any case; the Gift and Value as a pair
        pay(t, seat, day.pay, day.name, ev)
        gift_with_value(t, seat, ev)
    elif kind == "donation":  # HF-D04: as Charitable Donation, the lander first
        topic = topic_of(day.topic or "")
        n = t.seats
        push(t, *(task("donate", (seat + i) % n, topic, day.pay) for i in range(n)))
    return False


def run_race(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """Every token still in town goes to the Family Reunion, which happens once (HF-G70);
    tokens already in December stay where they are."""
    pop(t)
    t.phase = "race"
    cause = CAUSES[e[2]]
    t.race_cause = cause
    t.december = tuple(max(d, 0) for d in t.december)
    ev.append(event("race", {"seat": e[1], "cause": cause}))
    push(t, task("reunion", e[1]))
    return False


def run_christmas(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """The game ends at once; no card can be played any more (§2.7.4)."""
    t.agenda = ()
    t.christmas = e[1]
    t.phase = "over"
    ev.append(event("christmas", {"seat": e[1]}))
    return False


# ----------------------------------------------------------------------------- the Reunion
def _givable(t: FeverDraft, seat: int) -> list[int]:
    """Any Gift but Coal; a stockinged one too (HF-G29)."""
    return [k for k, g in enumerate(t.gifts[seat]) if not is_coal(g)]


def reunion_owes(s: FeverDraft) -> list[int]:
    return [p for p, (k, to) in enumerate(s.gives) if k == CHOOSING[0] or (k >= 0 and to < 0)]


def run_reunion(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """Everybody with a Gift chooses in secret (a family whose Gifts are all Coal still
    chooses, so the table learns nothing); the gifts then change hands together."""
    if not t.gives:
        t.gives = tuple(CHOOSING if t.gifts[p] else OUT for p in range(t.seats))
        ev.append(event("reunion", {"seat": e[1]}))
    if reunion_owes(t):
        return True
    pop(t)
    moves = [(p, t.gifts[p][k], to) for p, (k, to) in enumerate(t.gives) if k >= 0]
    t.gives = ()
    for giver, gift, to in moves:
        k = place_of(t, giver, gift)
        move_gift(t, giver, k, to, NOT_COAL)
        star(t, giver)
        ev.append(event("gave", {"seat": giver, "to": to, "place": k + 1}))
        ev.append(
            event("received", {"seat": giver, "to": to, "gift": gift}, frozenset({giver, to}))
        )
    return False


def reunion_choices(s: FeverState, seat: int) -> tuple[Action, ...]:
    k = s.gives[seat][0]
    none = act(NONE, "Give nothing")
    if k < 0:
        items = [act(f"give:{j + 1}", own_label(s, seat, j, "Give")) for j in _givable(s, seat)]
        return paged(s, (none,), items)
    gift = C.GIFT[s.gifts[seat][k]].name
    to_family = [
        act(f"to:{p}", f"Give the {gift} to {fam(p)}") for p in range(s.seats) if p != seat
    ]
    return (act("back", "Back", back=True), none, *to_family)


def answer_reunion(t: FeverDraft, seat: int, action: str, ev: list[Event]) -> None:
    verb, _, arg = action.partition(":")
    gives = list(t.gives)
    if verb == "give":
        gives[seat] = (int(arg) - 1, -1)
    elif verb == "back":
        gives[seat] = CHOOSING
    elif verb == "to":
        gives[seat] = (gives[seat][0], int(arg))
    else:
        gives[seat] = OUT
    t.gives = tuple(gives)
    if verb in ("to", NONE):
        ev.append(event("chosen", {"seat": seat}))
        ev.append(event("peek", {"seat": seat, "gives": list(t.gives[seat])}, only(seat)))
