"""The town spaces (§2.6) and the choices they ask for: stores, Holiday Pawn and Nobel Books,
Estate Sale, Holiday Auction, the White Elephant, and placing drawn Values.

Each task has `run_X(t, e, ev) -> bool` (called whenever the task is on top of the agenda:
resolve what needs nobody, and say whether a decision is owed), `X_choices(s, e)` and
`answer_X(t, e, action, ev)`; `flow.py` wires them up.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.common import (
    act,
    add_gift,
    add_value,
    bit,
    collect,
    discard_card,
    draw_gift,
    draw_value,
    event,
    fam,
    gain,
    gift_with_value,
    lose,
    missed_bit,
    move_gift,
    only,
    open_places,
    pay,
    pop,
    push,
    remove_gift,
    replace_top,
    sell,
    takeable,
    task,
    values_label,
    with_item,
)
from engine.fever.dice import pick, roll
from engine.fever.menus import other_label, own_gift_label, own_label, paged
from engine.fever.state import EVERYONE, NOT_COAL, Entry, FeverDraft, FeverState
from engine.fever.talk import topic_of
from engine.protocol import Action, Event
from engine.words import plural

BACK, PASS = "back", "pass"
#: The kinds of take Mistletoe can cancel (HF-G62), as stored in the task, and their names
#: in a view's `pending.take`.
ESTATE, AUCTION, ELF = 0, 1, 2
TAKES = ("buy", "auction", "rob")
#: Auction name groups: the neutral Gifts, then one per colour (task field c).
GROUPS: tuple[str, ...] = ("neutral", *B.COLOURS)
ALL_NAMES = len(GROUPS)  # c when every name fits one menu
#: A store item in a label, after its verb: "🎁 Pick a Gift + Value", "💡 Buy a Light".
_ITEM_LABEL = {
    "gift": ("🎁", "a Gift + Value"),
    "value": ("💵", "a Value for a Gift"),
    "light": ("💡", "a Light"),
    "ornament": ("🔴", "an Ornament"),
}


def _item(verb: str, item: str) -> str:
    emoji, what = _ITEM_LABEL[item]
    return f"{emoji} {verb} {what}"


def slug(name: str) -> str:
    return "coal" if name == C.COAL else name.lower().replace(" ", "-")


def gift_list(t: FeverDraft) -> tuple[str, ...]:
    """The Auction's names: this game's Gift deck, each name once (HF-D03)."""
    return _gift_list(t.colours)


@cache
def _gift_list(colours: tuple[B.Colour, ...]) -> tuple[str, ...]:
    return C.gift_names(C.gift_deck(colours))


# ----------------------------------------------------------------------------- landing
def run_space(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """Resolve town space `a` for `seat` (§2.6)."""
    pop(t)
    land(t, e[1], e[2], ev)
    return False


def land(t: FeverDraft, seat: int, pos: int, ev: list[Event]) -> None:
    """`seat` lands on town space `pos`: do what it says (§2.6)."""
    space = B.TRACK[pos]
    ev.append(event("space", {"seat": seat, "space": pos}))
    kind = space.kind
    if kind == "white_elephant":
        push(t, task("elephant", seat))
    elif kind == "naughty_or_nice":
        push(t, task("nn", seat))
    elif kind == "business":
        owner = t.colours.index(space.colour) if space.colour in t.colours else -1
        if owner == seat:
            collect(t, seat, space.collect, space.name, ev)
        elif owner >= 0:  # HF-G12: the owner is paid
            pay(t, seat, space.pay, space.name, ev, to=owner)
    elif kind == "store":
        push(t, task("store", seat, pos, 0))
    elif kind == "pawn":
        push(t, task("pawn", seat, pos))
    elif kind == "donation":  # HF-G20: everyone may, the lander first
        topic = topic_of(space.topic or "")
        n = t.seats
        push(t, *(task("donate", (seat + i) % n, topic, space.pay) for i in range(n)))
    elif kind == "estate_sale":
        push(t, task("estate", seat, -1, -1, pos))
    elif kind == "auction":
        push(t, task("auction", seat, -1, -1, -1, pos))
    elif kind == "miracle":  # draw first; the flag waits for the next roll (HF-G46, G53)
        t.miracle = with_item(t.miracle, seat, space.doubles)
        push(t, task("nn", seat))
    elif kind == "cook_off":
        collect(t, seat, space.collect, space.name, ev)
        push(t, task("speech", seat, topic_of(space.topic or "")))
    else:  # institution, vacation
        if space.pay:
            pay(t, seat, space.pay, space.name, ev)
        push(t, task("speech", seat, topic_of(space.topic or "")))
        draw_for(t, seat, space.values, ev)  # on top: the Values are placed first


def draw_for(t: FeverDraft, seat: int, values: int, ev: list[Event]) -> None:
    """Draw a Gift and `values` Values to place (Institution, Family Vacation). A short deck
    gives what it has (HF-G47); a Gift comes only with a Value for it (HF-G34)."""
    new = -1
    if t.gift_deck and t.value_deck:
        gift = draw_gift(t)
        new = add_gift(t, seat, gift, (), 0, ())
        ev.append(event("drew_gift", {"seat": seat, "place": new + 1}))
        ev.append(event("peek", {"seat": seat, "gift": gift, "place": new + 1}, only(seat)))
    push(t, task("place", seat, values, new, 0))


# ----------------------------------------------------------------------------- placing Values
def _targets(t: FeverDraft, e: Entry) -> list[int]:
    seat, left, new = e[1], e[2], e[3]
    if new >= 0 and not t.values[seat][new]:
        still = 1 + min(left - 1, len(t.value_deck))
        if still <= 1:  # the new Gift's last chance of a Value (HF-G34)
            return [new]
    return open_places(t, seat)


def run_place(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """Values are drawn and placed one at a time, each seen before it is placed (HF-G66)."""
    seat, left = e[1], e[2]
    if not t.held:
        if left <= 0 or not t.value_deck or not open_places(t, seat):
            pop(t)
            return False
        t.held, t.held_seen = draw_value(t), bit(seat)
        ev.append(event("drew_value", {"seat": seat, "value": t.held}, only(seat)))
    targets = _targets(t, e)
    if len(targets) == 1:
        _put(t, e, targets[0], ev)
        return False
    return True


def place_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    verb = f"Put the ${s.held} under"
    items = [act(f"under:{k + 1}", own_label(s, e[1], k, verb)) for k in _targets(s, e)]
    return paged(s, (), items)


def _put(t: FeverDraft, e: Entry, k: int, ev: list[Event]) -> None:
    seat = e[1]
    value = t.held
    add_value(t, seat, k, value, t.held_seen)
    t.held = t.held_seen = 0
    ev.append(event("placed", {"seat": seat, "place": k + 1}))
    ev.append(event("peek", {"seat": seat, "value": value, "place": k + 1}, only(seat)))
    if e[2] <= 1:
        pop(t)
    else:
        replace_top(t, task("place", seat, e[2] - 1, e[3], e[4]))


def answer_place(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    _put(t, e, int(action.partition(":")[2]) - 1, ev)


# ----------------------------------------------------------------------------- stores
#: Store items in menu order; a basket is stored as their 1-based codes in base 5, first
#: pick lowest (`basket`).
ITEMS: tuple[str, ...] = ("gift", "value", "light", "ornament")


def basket(code: int) -> list[str]:
    """The items picked so far in a store, in the order picked."""
    out = []
    while code:
        code, item = divmod(code, 5)
        out.append(ITEMS[item - 1])
    return out


def _code(items: list[str]) -> int:
    return sum((ITEMS.index(item) + 1) * 5**i for i, item in enumerate(items))


#: Each item's digit in a basket code.
_DIGIT = {item: i + 1 for i, item in enumerate(ITEMS)}


def _with_item(code: int, item: str) -> int:
    """`_code` of basket `code` with `item` picked last: its digit above the others (each
    basket's last digit is non-zero, so the basket of n items is below 5^n)."""
    scale = 1
    while scale <= code:
        scale *= 5
    return code + _DIGIT[item] * scale


def store_items(t: FeverDraft, seat: int, picked: Sequence[str] = ()) -> list[str]:
    """What a store can still sell `seat` with `picked` already in the basket (§2.6, HF-G14,
    HF-G23, HF-D08): each Gift needs a Value, a Value needs a Gift without the Stocking (one
    already owned, or a Gift picked before it)."""
    gifts = picked.count("gift")
    values = gifts + picked.count("value")
    out = []
    more_values = len(t.value_deck) > values
    if more_values and len(t.gift_deck) > gifts:
        out.append("gift")
    if more_values and (gifts or _has_open_place(t, seat)):
        out.append("value")
    if t.lights[seat] + picked.count("light") < B.MAX_DECORATIONS:
        out.append("light")
    if t.ornaments[seat] + picked.count("ornament") < B.MAX_DECORATIONS:
        out.append("ornament")
    return out


def _has_open_place(t: FeverDraft, seat: int) -> bool:
    """Whether `open_places(t, seat)` has a place: a Gift other than the stockinged one."""
    row = t.gifts[seat]
    return len(row) > 1 or (len(row) == 1 and row[0] != t.stocking[seat])


def run_store(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """A visit with nothing to sell ends at once (HF-D11)."""
    if e[3] == 0 and not store_items(t, e[1]):
        pop(t)
        ev.append(event("store", {"seat": e[1], "items": []}))
        return False
    return True


def store_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    picked = basket(e[3])
    full = len(picked) >= B.TRACK[e[2]].items
    return _store_menu(e[2], e[3], () if full else tuple(store_items(s, e[1], picked)))


@lru_cache(maxsize=1024)
def _store_menu(pos: int, code: int, items: tuple[str, ...]) -> tuple[Action, ...]:
    """The store at `pos` with basket `code`, offering `items` to pick."""
    space, picked = B.TRACK[pos], basket(code)
    hint = f"${space.price} for up to {plural(space.items, 'item')}, paid when you are done"
    buys = [act(f"buy:{i}", _item("Pick", i), hint) for i in items]
    if not picked:
        return (*buys, act("leave", "Leave (pay nothing)"))
    done = act("done", f"Pay ${space.price} for {plural(len(picked), 'item')}")
    return (
        done,
        *buys,
        act("back", "Put back the last item", back=True),
        act("leave", "Leave (pay nothing)"),
    )


def answer_store(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    """Pick up to N items into a basket, then pay the store's price once for all of them
    (HF-G13) or leave paying nothing (HF-D11); the items then come in the order picked
    (HF-G60), each Value placed as it is drawn (HF-G66)."""
    seat, pos = e[1], e[2]
    verb, _, arg = action.partition(":")
    if verb == "buy":  # most answers: another item into the basket
        t.agenda = (("store", seat, pos, _with_item(e[3], arg), -1, -1), *t.agenda[1:])
        return
    picked = basket(e[3])
    if verb == "back":
        replace_top(t, task("store", seat, pos, _code(picked[:-1])))
    elif verb == "leave":
        pop(t)
        ev.append(event("store", {"seat": seat, "items": []}))
    else:
        pop(t)
        pay(t, seat, B.TRACK[pos].price, B.TRACK[pos].name, ev)
        ev.append(event("store", {"seat": seat, "items": picked}))
        push(t, *(task("item", seat, ITEMS.index(i)) for i in picked))


def run_item(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """One bought item arrives: a Gift with its Value, a Value to place, a decoration."""
    pop(t)
    _buy(t, e[1], ITEMS[e[2]], ev)
    return False


def _buy(t: FeverDraft, seat: int, item: str, ev: list[Event]) -> None:
    ev.append(event("buy", {"seat": seat, "item": item}))
    if item == "gift":
        gift_with_value(t, seat, ev)
    elif item == "value":
        push(t, task("place", seat, 1, -1, 0))
    else:
        gain(t, seat, item, ev)


# ----------------------------------------------------------------------------- pawn and books
def pawn_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat = e[1]
    price = B.TRACK[e[2]].price
    head = [act(f"buy:{i}", _item("Buy", i), f"Pay ${price}") for i in store_items(s, seat)]
    head += [
        act(f"sell:{d}", f"Sell a {d.title()}", f"Collect ${price}")
        for d, n in (("light", s.lights[seat]), ("ornament", s.ornaments[seat]))
        if n
    ]
    head.append(act(PASS, "Do nothing"))
    return paged(s, head, sell_items(s, seat, price))


def sell_items(s: FeverState, seat: int, price: int) -> tuple[Action, ...]:
    """Every Gift of `seat`'s as a sale (a Coal fetches its Values' total, HF-G18)."""
    return _sales(price, s.gifts[seat], s.values[seat], s.stocking[seat])


@lru_cache(maxsize=1024)
def _sales(
    price: int, gifts: tuple[str, ...], values: tuple[tuple[int, ...], ...], sock: str
) -> tuple[Action, ...]:
    """`sell_items` for a row of `gifts` holding `values`, the Stocking on `sock`."""
    hint = f"Collect ${price} (a Coal: its Values' total)"
    return tuple(
        act(f"sell:{k + 1}", own_gift_label("Sell", k, gift, values[k], gift == sock), hint)
        for k, gift in enumerate(gifts)
    )


def answer_pawn(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    seat, space = e[1], B.TRACK[e[2]]
    verb, _, arg = action.partition(":")
    pop(t)
    if verb == "buy":
        pay(t, seat, space.price, space.name, ev)
        _buy(t, seat, arg, ev)
    elif arg in ("light", "ornament"):
        lose(t, seat, arg, ev)
        collect(t, seat, space.sell, space.name, ev)
    elif verb == "sell":
        sell(t, seat, int(arg) - 1, space.sell, space.name, ev)
    else:
        ev.append(event("skip", {"seat": seat, "topic": ""}))


# ----------------------------------------------------------------------------- Estate Sale, Auction
def _families(t: FeverDraft, seat: int) -> list[int]:
    return [p for p in range(t.seats) if p != seat and _has_open_place(t, p)]


def _target_choices(s: FeverState, e: Entry, verb: str, label: str) -> tuple[Action, ...]:
    seat, p = e[1], e[2]
    items = [act(f"{verb}:{k + 1}", other_label(s, seat, p, k, label)) for k in takeable(s, p)]
    return paged(s, (act(BACK, "Back", back=True),), items)


def _first_step(s: FeverState, e: Entry, what: str) -> tuple[Action, ...]:
    seat = e[1]
    head = [act(f"from:{p}", f"{what} a Gift of {fam(p)}") for p in _families(s, seat)]
    head.append(act(PASS, "Do nothing"))
    return paged(s, head, sell_items(s, seat, B.GIFT_SALE))


def estate_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    if e[2] < 0:
        return _first_step(s, e, "Buy")
    return _target_choices(s, e, "take", "Buy")


def answer_estate(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    seat = e[1]
    verb, _, arg = action.partition(":")
    if verb == "from":
        replace_top(t, task("estate", seat, int(arg), -1, e[4]))
    elif verb == BACK:
        replace_top(t, task("estate", seat, -1, -1, e[4]))
    elif verb == "take":  # roll the price, then the owner may answer (HF-G69)
        pop(t)
        k = int(arg) - 1
        dice = roll(t, 2)
        t.dice, t.dice_for = dice, "price"
        price = sum(dice) * B.TRACK[e[4]].price  # no Doubles Deal (HF-G10)
        ev.append(event("price", {"seat": seat, "to": e[2], "place": k + 1, "dice": list(dice)}))
        push(t, task("mistletoe", e[2], seat, k, ESTATE, price))
    else:
        _sell_or_pass(t, e, verb, arg, "Estate Sale", ev)


def _sell_or_pass(t: FeverDraft, e: Entry, verb: str, arg: str, note: str, ev: list[Event]) -> None:
    pop(t)
    if verb == "sell":
        sell(t, e[1], int(arg) - 1, B.GIFT_SALE, note, ev)
    else:
        ev.append(event("skip", {"seat": e[1], "topic": ""}))


def _names(t: FeverDraft, group: int) -> tuple[str, ...]:
    return _group_names(t.colours, group)


@cache
def _group_names(colours: tuple[B.Colour, ...], group: int) -> tuple[str, ...]:
    """The names of one Auction group (`ALL_NAMES`: every name) at a table of `colours`."""
    names = _gift_list(colours)
    if group == ALL_NAMES:
        return names
    colour = None if group == 0 else GROUPS[group]
    return tuple(n for n in names if next(g for g in C.GIFTS if g.name == n).colour == colour)


def auction_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    if e[2] < 0:
        return _first_step(s, e, "Guess")
    if e[3] < 0:
        return _target_choices(s, e, "guess", "Guess")
    back = act(BACK, "Back", back=True)
    if e[4] < 0:
        groups = [g for g in range(len(GROUPS)) if _names(s, g)]
        return (
            back,
            *(act(f"group:{GROUPS[g]}", f"Show the {GROUPS[g].title()} Gifts") for g in groups),
        )
    return (back, *(act(f"name:{slug(n)}", f"Guess {n}") for n in _names(s, e[4])))


def answer_auction(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    """Guess a Gift by name (HF-G33): the guess is public; a hit lets the owner answer with
    Mistletoe (HF-G69), a miss shows nothing more (HF-G67)."""
    seat, p, k, g, pos = e[1], e[2], e[3], e[4], e[5]
    verb, _, arg = action.partition(":")
    if verb == "from":
        replace_top(t, task("auction", seat, int(arg), -1, -1, pos))
    elif verb == "guess":  # the names fit one menu at 2–3 families, else a group first
        fits = len(gift_list(t)) + 1 <= 25
        replace_top(t, task("auction", seat, p, int(arg) - 1, ALL_NAMES if fits else -1, pos))
    elif verb == "group":
        replace_top(t, task("auction", seat, p, k, GROUPS.index(arg), pos))
    elif verb == BACK:
        back = (-1, -1, -1) if k < 0 else (p, -1, -1) if g < 0 or g == ALL_NAMES else (p, k, -1)
        replace_top(t, task("auction", seat, *back, pos))
    elif verb == "name":
        pop(t)
        name = next(n for n in gift_list(t) if slug(n) == arg)
        ev.append(event("guess", {"seat": seat, "to": p, "place": k + 1, "name": name}))
        if C.GIFT[t.gifts[p][k]].name == name:
            push(t, task("mistletoe", p, seat, k, AUCTION, 0))
        else:
            ev.append(event("miss", {"seat": seat, "to": p, "place": k + 1, "name": name}))
            _mark(t, p, k, missed_bit(name) | (NOT_COAL if name == C.COAL else 0))
    else:
        _sell_or_pass(t, e, verb, arg, "Holiday Auction", ev)


def _mark(t: FeverDraft, seat: int, k: int, mask: int) -> None:
    t.gseen = with_item(t.gseen, seat, with_item(t.gseen[seat], k, t.gseen[seat][k] | mask))


# ----------------------------------------------------------------------------- Mistletoe
def mistletoe_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    """Offered whether or not the family holds Mistletoe, so the window shows nothing."""
    allow = act("allow", "Let it happen")
    if "A02" in s.hands[e[1]]:
        return (act("mistletoe", "🌿 Play Mistletoe", "Cancel the take"), allow)
    return (allow,)


def answer_mistletoe(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    """HF-G62: Mistletoe cancels the take; the taker pays nothing and its space or card is
    spent."""
    pop(t)
    target, taker, k, kind, price = e[1], e[2], e[3], e[4], e[5]
    if action == "mistletoe":
        discard_card(t, target, "A02")
        ev.append(event("mistletoe", {"seat": target, "taker": taker, "place": k + 1}))
        return
    if kind == ELF:
        _steal(t, target, taker, k, ev)
        return
    if kind == ESTATE:
        pay(t, taker, price, "Estate Sale", ev, to=target)
        shown = 0
    else:  # a right guess moves the Gift openly (HF-G67)
        shown = EVERYONE
    gift = move_gift(t, target, k, taker, shown)
    data: dict[str, Any] = {"seat": taker, "from": target, "place": k + 1}
    if kind == AUCTION:
        data["gift"] = gift
    ev.append(event("take", data))
    if kind == ESTATE:
        ev.append(event("peek", {"seat": taker, "gift": gift}, only(taker)))


def _steal(t: FeverDraft, target: int, thief: int, k: int, ev: list[Event]) -> None:
    """A03: a random Value of the Gift moves to one of the thief's Gifts (the rig's `elf`)."""
    values, seen = t.values[target][k], t.vseen[target][k]
    i = pick(t, "elf", len(values))
    t.values = with_item(
        t.values, target, with_item(t.values[target], k, values[:i] + values[i + 1 :])
    )
    t.vseen = with_item(t.vseen, target, with_item(t.vseen[target], k, seen[:i] + seen[i + 1 :]))
    t.held, t.held_seen = values[i], seen[i] | bit(thief) | bit(target)
    ev.append(event("stole", {"seat": thief, "from": target, "place": k + 1}))
    ev.append(event("peek", {"seat": thief, "value": values[i]}, frozenset({thief, target})))
    push(t, task("place", thief, 1, -1, 0))


# ----------------------------------------------------------------------------- White Elephant
def run_elephant(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """§2.6 White Elephant with HF-G30, G31, G59: the lander draws first, trading starts at
    the lander's left and the lander trades last. Too few cards: the Race, at once (HF-G52)."""
    pop(t)
    lander, n = e[1], t.seats
    if len(t.gift_deck) < n or len(t.value_deck) < n:
        push(t, task("race", lander, 3))
        return False
    ev.append(event("elephant", {"seat": lander}))
    for i in range(n):
        p = (lander + i) % n
        gift, value = draw_gift(t), draw_value(t)
        add_gift(t, p, gift, (value,), EVERYONE, (0,))
        ev.append(event("show_gift", {"seat": p, "gift": gift}))
        ev.append(event("drew_value", {"seat": p, "value": value}, only(p)))
    push(t, *(task("trade", (lander + i) % n) for i in range(1, n + 1)))
    return False


def trade_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat = e[1]
    mine = C.GIFT[s.gifts[seat][-1]].name
    keep = act("keep", f"Keep the {mine}", values_label(s.values[seat][-1]))
    swaps = [
        act(f"swap:{p}", f"Swap for {fam(p)}'s {C.GIFT[s.gifts[p][-1]].name}")
        for p in range(s.seats)
        if p != seat
    ]
    return (keep, *swaps)


def answer_trade(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    """Swap the packages in front of two families; each receiver peeks at its Value."""
    pop(t)
    seat = e[1]
    if action == "keep":
        ev.append(event("keep", {"seat": seat}))
        return
    p = int(action.partition(":")[2])
    mine = remove_gift(t, seat, len(t.gifts[seat]) - 1)
    theirs = remove_gift(t, p, len(t.gifts[p]) - 1)
    add_gift(t, seat, *theirs)
    add_gift(t, p, *mine)
    ev.append(event("swap", {"seat": seat, "with": p}))
    for who in (seat, p):
        ev.append(event("peek", {"seat": who, "value": t.values[who][-1][0]}, only(who)))
