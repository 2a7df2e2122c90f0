"""Naughty-or-Nice: drawing a card, the Play Now effects (§2.4.3 with HF-G51, G57, G61, G63,
G71) and playing the Anytime cards (HF-G38, HF-D01), with the small choices they ask for.
"""

from __future__ import annotations

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.common import (
    act,
    can_gain,
    collect,
    discard_card,
    elf_sources,
    event,
    fam,
    gain,
    gift_with_value,
    is_coal,
    lose,
    only,
    open_places,
    pay,
    pop,
    push,
    replace_top,
    sell,
    task,
    with_item,
)
from engine.fever.dice import roll
from engine.fever.menus import other_label, own_label, paged
from engine.fever.spaces import BACK, ELF, sell_items
from engine.fever.state import COUNTED, COUNTED_SHIFT, EVERYONE, Entry, FeverDraft, FeverState
from engine.fever.talk import topic_of
from engine.protocol import Action, Event


def run_nn(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """Draw the top card. Play Now: shown to all, done, tucked under the deck. Play Anytime:
    held face down (everyone sees that it is one, not which)."""
    pop(t)
    seat = e[1]
    if not t.nn_deck:  # every card is in a hand: nothing to draw
        return False
    if len(t.nn_deck) == t.nn_open:  # the top card is one the table saw played
        t.nn_open -= 1
    card, t.nn_deck = t.nn_deck[0], t.nn_deck[1:]
    info = C.NN[card]
    if info.when == "anytime":
        t.hands = with_item(t.hands, seat, (*t.hands[seat], card))
        ev.append(event("anytime", {"seat": seat}))
        ev.append(event("peek", {"seat": seat, "card": card}, only(seat)))
        return False
    t.card = card
    t.nn_deck = (*t.nn_deck, card)
    t.nn_open += 1
    ev.append(event("card", {"seat": seat, "card": card}))
    _now(t, seat, info, ev)
    return False


def _now(t: FeverDraft, seat: int, card: C.NNCard, ev: list[Event]) -> None:
    n = t.seats
    kind = card.kind
    if kind == "collect":
        collect(t, seat, card.amount, card.name, ev)
    elif kind == "collect_each":  # HF-G51: each payer its own entry, one deposit in all
        for i in range(1, n):
            p = (seat + i) % n
            t.debts = with_item(
                t.debts, p, (*t.debts[p], (card.amount, f"{card.name} · {fam(seat)}"))
            )
            ev.append(
                event("pay", {"seat": p, "amount": card.amount, "note": card.name, "to": seat})
            )
        collect(t, seat, card.amount * (n - 1), card.name, ev)
    elif kind in ("speech", "carol"):
        if card.amount:  # HF-G61: N17's $50 is paid in any case
            pay(t, seat, card.amount, card.name, ev)
        push(t, task("speech", seat, topic_of(card.topic or "")))
    elif kind == "bargain":  # HF-G63: "none" means no Gift without the Stocking
        if open_places(t, seat):
            push(t, task("place", seat, 1, -1, 0))
        else:
            gift_with_value(t, seat, ev)
    elif kind == "decoration":
        fits = [d for d in ("light", "ornament") if can_gain(t, seat, d)]
        if len(fits) == 2:
            push(t, task("decoration", seat))
        elif fits:
            gain(t, seat, fits[0], ev)
    elif kind == "move_stocking":  # HF-G71: nothing unless the Stocking lies on a Gift
        if t.stocking[seat] and len(t.gifts[seat]) >= 2:
            push(t, task("regift", seat))
    elif kind == "lucky_roll":
        dice = roll(t, 2)
        t.dice, t.dice_for = dice, "lucky"
        ev.append(event("roll", {"seat": seat, "dice": list(dice), "for": "lucky"}))
        collect(t, seat, sum(dice) * card.amount, card.name, ev)
    elif kind == "coal_tax":  # you first, then clockwise; one entry per Coal
        _count_coal(t)
        for i in range(n):
            p = (seat + i) % n
            coal = sum(1 for g in t.gifts[p] if is_coal(g))
            ev.append(event("coal", {"seat": p, "count": coal}))
            for _ in range(coal):
                pay(t, p, card.amount, card.name, ev)
    elif kind == "lose_light":
        lose(t, seat, "light", ev)
    elif kind == "lose_ornament":
        lose(t, seat, "ornament", ev)
    elif kind == "pay_each":  # HF-G51: one entry per family, from the payer's left
        for i in range(1, n):
            pay(t, seat, card.amount, card.name, ev, to=(seat + i) % n)
    elif kind == "receipt":
        if _receipt_gifts(t, seat):
            push(t, task("receipt", seat, -1))
    elif kind == "pay":
        pay(t, seat, card.amount, card.name, ev)
    elif kind == "next_store" and t.december[seat] < 0:  # HF-G63; nothing in December
        pos = t.track[seat]
        while True:
            pos = (pos + 1) % B.TRACK_LENGTH
            if B.TRACK[pos].kind in ("store", "pawn"):
                break
        t.track = with_item(t.track, seat, pos)
        ev.append(event("move", {"seat": seat, "space": pos}))
        push(t, task("space", seat, pos))


def _count_coal(t: FeverDraft) -> None:
    """N10 shows how many Coal each family holds: tag every Gift with the family it is counted
    for (replacing an older count), so `determinize` keeps those numbers."""
    t.gseen = tuple(
        tuple((m & ~COUNTED) | (p + 1) << COUNTED_SHIFT for m in row)
        for p, row in enumerate(t.gseen)
    )
    t.gone_seen = tuple(m & ~COUNTED for m in t.gone_seen)


# ----------------------------------------------------------------------------- N07, N08
def decoration_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    return (act("light", "💡 Take a Light"), act("ornament", "🔴 Take an Ornament"))


def answer_decoration(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    pop(t)
    gain(t, e[1], action, ev)


def regift_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat = e[1]
    items = [
        act(f"stocking:{k + 1}", own_label(s, seat, k, "🧦 Move the Stocking to"))
        for k, g in enumerate(s.gifts[seat])
        if g != s.stocking[seat]
    ]
    return paged(s, (act("stay", "Leave the Stocking where it is"),), items)


def answer_stocking(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    """N08 and A07: the Stocking onto place K (or it stays)."""
    pop(t)
    if action.startswith("stocking:"):
        lay(t, e[1], int(action.partition(":")[2]) - 1, ev)


def lay(t: FeverDraft, seat: int, k: int, ev: list[Event]) -> None:
    t.stocking = with_item(t.stocking, seat, t.gifts[seat][k])
    ev.append(event("stocking", {"seat": seat, "place": k + 1}))


# ----------------------------------------------------------------------------- N14
def _receipt_gifts(t: FeverDraft, seat: int) -> list[int]:
    """HF-G57: your own Gifts without the Stocking, not Coal, with 2+ Values. Both steps are
    asked even with one choice, so the table cannot count Coal by the questions."""
    return [
        k
        for k in open_places(t, seat)
        if not is_coal(t.gifts[seat][k]) and len(t.values[seat][k]) >= 2
    ]


def receipt_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat, k = e[1], e[2]
    if k < 0:
        return paged(
            s,
            (),
            [
                act(f"receipt:{j + 1}", own_label(s, seat, j, "Take a Value out of"))
                for j in _receipt_gifts(s, seat)
            ],
        )
    values = sorted(set(s.values[seat][k]))
    back = act(BACK, "Back", back=True)
    return (back, *(act(f"value:{v}", f"Take out the ${v}") for v in values))


def answer_receipt(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    verb, _, arg = action.partition(":")
    if verb == "receipt":
        replace_top(t, task("receipt", e[1], int(arg) - 1))
    elif verb == BACK:
        replace_top(t, task("receipt", e[1], -1))
    else:
        _receipt(t, e[1], e[2], int(arg), ev)


def _receipt(t: FeverDraft, seat: int, k: int, value: int, ev: list[Event]) -> None:
    """The Value leaves the game face up and its face value is collected."""
    pop(t)
    values, seen = t.values[seat][k], t.vseen[seat][k]
    i = values.index(value)
    t.values = with_item(t.values, seat, with_item(t.values[seat], k, values[:i] + values[i + 1 :]))
    t.vseen = with_item(t.vseen, seat, with_item(t.vseen[seat], k, seen[:i] + seen[i + 1 :]))
    t.gone_values = (*t.gone_values, value)
    t.gone_vseen = (*t.gone_vseen, EVERYONE)
    ev.append(event("receipt", {"seat": seat, "place": k + 1, "value": value}))
    collect(t, seat, value, C.NN["N14"].name, ev)


# ----------------------------------------------------------------------------- Anytime cards
def play(t: FeverDraft, seat: int, card: str, ev: list[Event]) -> None:
    """Play an Anytime card from the hand: it is shown and tucked under the deck."""
    discard_card(t, seat, card)
    t.card = card
    ev.append(event("play", {"seat": seat, "card": card}))
    if card == "A01":
        t.snow = True
    elif card == "A03":
        push(t, task("elf", seat, -1, -1))
    elif card == "A04":
        push(t, task("yard", seat))
    elif card == "A05":
        amount, note = t.debts[seat][-1]
        t.debts = with_item(t.debts, seat, t.debts[seat][:-1])
        ev.append(event("erase", {"seat": seat, "amount": amount, "note": note}))
    elif card == "A07":
        push(t, task("stuffer", seat))


def elf_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat, p = e[1], e[2]
    sources = elf_sources(s, seat)
    if p < 0:
        return tuple(act(f"from:{q}", f"Rob a Gift of {fam(q)}") for q in sources)
    items = [act(f"elf:{k + 1}", other_label(s, seat, p, k, "Rob")) for k in sources[p]]
    return paged(s, (act(BACK, "Back", back=True),), items)


def answer_elf(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    """A03: point at a Gift; its owner may answer with Mistletoe before the Value is drawn
    (HF-G69)."""
    verb, _, arg = action.partition(":")
    seat = e[1]
    if verb == "from":
        replace_top(t, task("elf", seat, int(arg), -1))
    elif verb == BACK:
        replace_top(t, task("elf", seat, -1, -1))
    else:
        pop(t)
        k = int(arg) - 1
        ev.append(event("elf", {"seat": seat, "to": e[2], "place": k + 1}))
        push(t, task("mistletoe", e[2], seat, k, ELF, 0))


def yard_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat = e[1]
    return paged(s, (), sell_items(s, seat, C.NN["A04"].amount))


def answer_yard(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    pop(t)
    sell(t, e[1], int(action.partition(":")[2]) - 1, C.NN["A04"].amount, C.NN["A04"].name, ev)


def stuffer_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat = e[1]
    verb = "🧦 Move the Stocking to" if s.stocking[seat] else "🧦 Lay the Stocking on"
    items = [
        act(f"stocking:{k + 1}", own_label(s, seat, k, verb))
        for k, g in enumerate(s.gifts[seat])
        if g != s.stocking[seat]
    ]
    return paged(s, (), items)
