"""Holiday Fever pictures: the public table and a seat's own picture, plus text.

The town is a ring of 40 spaces (White Elephant at the top left, clockwise) with the December
calendar in its middle; tokens are discs in the family's colour with its initial, each seat in
a fixed spot of a space so that several on one space all show. The right column says what is
going on (round, dice, decks, a store visit, a White Elephant, the Reunion, the last
Naughty-or-Nice card); the families' panels sit under the board. A Gift is face down unless
the view names it. At the end the score sheets replace the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.fever.board import TRACK
from engine.fever.cards import NN
from engine.fever.views import FamilyView, FeverView, GiftSlotView
from engine.words import plural
from render.alt import ALT_LIMIT
from render.common import (
    BG,
    GOLD,
    GREEN,
    INK,
    MUTED,
    PANEL,
    PANEL_HI,
    canvas,
    fit,
    font,
    pill,
    png,
    star,
    text,
)
from render.fever_parts import (
    CELL,
    DARK,
    FAMILY_BY,
    FAMILY_RGB,
    RING,
    bare_board,
    cell_box,
    day_box,
    day_token_offset,
    flag,
    gift_back,
    gift_face,
    initials,
    lines_in,
    little_tree,
    stocking,
    token,
    token_offset,
)
from render.fever_sheets import (
    GAP,
    HEADER,
    LOSS,
    WIDTH,
    money,
    sheet_lines,
    sheets_page,
    value_card,
)
from render.fever_side import side
from render.fever_words import (
    CAUSE,
    DICE_FOR,
    MOMENT,
    deck_words,
    gift_name,
    gift_words,
    known_worth,
    plain,
    status_line,
    where,
)

View = FeverView
Draw = ImageDraw.ImageDraw

TITLE = "Holiday Fever: A Family Tradition"
#: The alt text Discord keeps: past it, the families' rows are told in fewer words.
ALT_ROOM = ALT_LIMIT
PRIVATE_H = 206  # a seat's own strip: the prompt, its Gifts, Anytime cards, the drawn Value
PANEL_H = 152
PANEL_W = (WIDTH - 32 - GAP) // 2


def _board_top(private: bool) -> int:
    return HEADER + (PRIVATE_H if private else 0)


def space_xy(k: int, private: bool = False) -> tuple[int, int]:
    """The centre of town space k in the picture (tests look for tokens with it)."""
    x, y = cell_box(k)
    return 16 + x + CELL // 2, _board_top(private) + y + CELL // 2


def token_xy(k: int, seat: int, private: bool = False) -> tuple[int, int]:
    """The centre of seat's token when it stands on town space k."""
    x, y = cell_box(k)
    dx, dy = token_offset(seat)
    return 16 + x + dx, _board_top(private) + y + dy


def day_xy(day: int, seat: int, private: bool = False) -> tuple[int, int]:
    """The centre of seat's token on December day `day` (0 = the Family Reunion)."""
    x, y, _, _ = day_box(day)
    dx, dy = day_token_offset(day, seat)
    return 16 + x + dx, _board_top(private) + y + dy


# --------------------------------------------------------------------- the board


def _board(img: Image.Image, draw: Draw, view: View, names: Sequence[str], top: int) -> None:
    colours = tuple(f["colour"] for f in view["families"])
    img.paste(bare_board(colours), (16, top))
    letters = initials(names)
    for fam in view["families"]:
        seat, colour = fam["seat"], fam["colour"]
        if fam["december"] is not None:
            x, y = day_xy(fam["december"], seat, top != HEADER)
            token(draw, x, y, 11 if fam["december"] == 0 else 10, colour, letters[seat])
        elif fam["track"] is not None:
            x, y = token_xy(fam["track"], seat, top != HEADER)
            token(draw, x, y, 10, colour, letters[seat])
    if view["race"]:
        _, y0, x1, _ = day_box(0)
        flag(draw, x1 - 150, top + y0 + 10)
        text(draw, (x1 - 112, top + y0 + 14), "RACE!", 22, GOLD, True)


# --------------------------------------------------------------------- the families


def _panel(draw: Draw, view: View, names: Sequence[str], fam: FamilyView, x: int, y: int) -> None:
    seat, colour = fam["seat"], fam["colour"]
    acting = seat in view["to_act"]
    me = view["seat"] == seat
    pill(
        draw,
        (x, y, x + PANEL_W, y + PANEL_H),
        PANEL_HI if acting else PANEL,
        GOLD if acting else None,
        3,
        radius=14,
    )
    draw.rectangle((x + 3, y + 14, x + 9, y + PANEL_H - 14), fill=FAMILY_RGB[colour])
    little_tree(draw, x + 16, y + 30, fam["lights"], fam["ornaments"])
    token(draw, x + 30, y + 20, 13, colour, initials(names)[seat])
    place = where(fam)
    right = x + PANEL_W - 14
    wide = font(15).getlength(place)
    you = " (you)" if me else ""
    name = fit(
        ("▶ " if view["turn"] == seat else "") + names[seat],
        21,
        int(PANEL_W - 80 - wide - 20 - 70 * bool(you)),
        True,
    )
    text(draw, (x + 50, y + 9), name + you, 21, GOLD if acting else INK, True)
    text(draw, (right, y + 13), place, 15, INK, anchor="ra")
    fx = x + 108
    business = f"{FAMILY_BY[colour].name} · {FAMILY_BY[colour].business}"
    left = _badges(draw, fam, right, y + 36)
    text(draw, (fx, y + 38), fit(business, 14, left - fx - 12), 14, MUTED)
    _gift_row(draw, fam["gifts"], fx, y + 60, right - fx)
    _totals(draw, fam, names, fx, y + 128, right - fx)


def _badges(draw: Draw, fam: FamilyView, right: int, y: int) -> int:
    """Stars, Anytime cards held and a Miracle awaited, right-aligned; returns their left."""
    x = right
    if fam["miracle"]:
        label = f"Miracle: double {fam['miracle']}"
        x -= int(font(14, True).getlength(label))
        text(draw, (x, y + 3), label, 14, GOLD, True)
        x -= 12
    label = f"×{fam['anytime']}"
    x -= int(font(17, True).getlength(label))
    text(draw, (x, y), label, 17, INK, True)
    x -= int(font(14).getlength("Anytime")) + 4
    text(draw, (x, y + 3), "Anytime", 14, MUTED)
    x -= 14
    label = f"×{fam['stars']}"
    x -= int(font(17, True).getlength(label))
    text(draw, (x, y), label, 17, INK, True)
    star(draw, x - 12, y + 10, 11)
    return x - 24


def _gift_row(draw: Draw, gifts: Sequence[GiftSlotView], x: int, y: int, width: int) -> None:
    if not gifts:
        text(draw, (x, y + 16), "no Gifts yet", 16, MUTED)
        return
    n = len(gifts)
    gw = min(70, (width - 6 * (n - 1)) // n)
    for k, slot in enumerate(gifts):
        gx = x + k * (gw + 6)
        edge = GOLD if slot["stocking"] else DARK
        if slot["name"] is not None:
            gift_face(draw, gx, y, gw, 44, slot["name"], bool(slot["coal"]), 11)
        else:
            gift_back(draw, gx, y, gw, 44, edge)
        if slot["stocking"]:
            stocking(draw, gx + gw - 12, y - 9, 18)
        seen = slot["values_seen"]
        known = bool(seen) and all(v is not None for v in seen)
        if gw < 50:  # narrow: the count on the card, the place under it
            _notes(draw, gx + gw - 2, y + 29, slot["values"])
            text(draw, (gx + gw / 2, y + 48), f"{slot['place']}", 13, MUTED, True, "ma")
            continue
        text(draw, (gx + 1, y + 48), f"{slot['place']}", 13, MUTED, True)
        if known:
            total = sum(v or 0 for v in seen) * (-1 if slot["coal"] else 1)
            ink = LOSS if slot["coal"] else GOLD
            text(draw, (gx + gw, y + 48), fit(money(total), 13, gw - 14, True), 13, ink, True, "ra")
        else:
            _notes(draw, gx + gw, y + 48, slot["values"])


def _notes(draw: Draw, right: int, y: int, count: int) -> None:
    """How many Value cards lie under a Gift: a little green note with the number on it."""
    draw.rounded_rectangle((right - 18, y - 1, right, y + 13), 3, (60, 140, 84), DARK)
    text(draw, (right - 9, y + 6), str(count), 12, (255, 255, 255), True, "mm")


def _totals(draw: Draw, fam: FamilyView, names: Sequence[str], x: int, y: int, w: int) -> None:
    """Deposit and debt totals with the latest entry of each (the lists are long)."""
    half = w // 2
    for k, (entries, total, sign, ink) in enumerate(
        (
            (fam["deposits"], fam["deposit_total"], "+", GREEN),
            (fam["debts"], fam["debt_total"], "−", LOSS),
        )
    ):
        hx = x + k * half
        if not entries:
            text(draw, (hx, y + 1), "no deposits" if sign == "+" else "no debts", 15, MUTED)
            continue
        head = f"{sign}{money(total)}"
        text(draw, (hx, y), head, 16, ink, True)
        hw = int(font(16, True).getlength(head)) + 6
        last = entries[-1]
        tail = f"({len(entries)}) last {sign}{last['amount']} {plain(last['note'], names)}"
        text(draw, (hx + hw, y + 2), fit(tail, 13, half - hw - 8), 13, MUTED)


# --------------------------------------------------------------------- a seat's own strip


def _private(img: Image.Image, draw: Draw, view: View, names: Sequence[str]) -> None:
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    fam = view["families"][seat]
    prompt = plain(view.get("prompt") or "", names) or (
        "The game is over." if view["finished"] else "Nothing to do right now."
    )
    top = HEADER
    text(draw, (24, top), fit(f"{names[seat]}: {prompt}", 20, WIDTH - 48, True), 20, GOLD, True)
    pending = view.get("pending")
    if pending:  # what is chosen so far, if anything
        bits = []
        if pending["family"] is not None:
            bits.append(f"{names[pending['family']]}'s Gifts")
        if pending["place"] is not None:
            bits.append(f"Gift #{pending['place']}")
        if pending["group"]:
            bits.append(f"{pending['group']} Gifts")
        if bits:
            line = "So far: " + ", ".join(bits)
            text(draw, (24, top + 26), fit(line, 15, WIDTH - 48), 15, MUTED)
    y = top + 46
    pill(draw, (16, y, WIDTH - 16, y + PRIVATE_H - 56), PANEL, radius=14)
    held = Counter(view.get("hand", []))  # two Snow Days show as one card "×2"
    hand_cards = list(held)
    drawn = view.get("drawn")
    right = WIDTH - 30
    # Anytime cards (as cards, or as a list when there are many) and the drawn Value, from
    # the right; the Gifts take what is left.
    if len(hand_cards) > 3:
        right -= 290
        _anytime_list(draw, right, y, held)
    else:
        for card_id in reversed(hand_cards):
            right -= 104
            _anytime(draw, right, y + 30, 96, 112, card_id, held[card_id])
    if hand_cards:  # the heading may be wider than one card: it then starts further left
        heading = "Your Anytime cards"
        right = min(right, WIDTH - 30 - round(font(15, True).getlength(heading)))
        text(draw, (right, y + 6), heading, 15, MUTED, True)
        right -= 16
    if drawn:
        right -= 90
        value_card(draw, right, y + 30, 80, 112, drawn)
        text(draw, (right, y + 8), "To place", 15, GOLD, True)
        right -= 16
    x = 32
    text(draw, (x, y + 6), "Your Gifts (only you see them)", 15, MUTED, True)
    gifts = fam["gifts"]
    if not gifts:
        text(draw, (x, y + 60), "no Gifts yet", 18, MUTED)
        return
    n = len(gifts)
    gw = min(110, (right - x - 8 * (n - 1)) // n)
    for k, slot in enumerate(gifts):
        _own_gift(draw, x + k * (gw + 8), y + 28, gw, slot)


def _own_gift(draw: Draw, x: int, y: int, w: int, slot: GiftSlotView) -> None:
    """One of the seat's own Gifts, face up, with its Values listed on it."""
    gift_face(draw, x, y, w, 58, slot["name"] or "?", bool(slot["coal"]), 13 if w > 80 else 11, 12)
    text(draw, (x + 4, y + 2), f"#{slot['place']}", 12, GOLD if slot["coal"] else MUTED, True)
    if slot["stocking"]:
        stocking(draw, x + w - 18, y - 8, 26)
    seen = slot["values_seen"]
    total = sum(v or 0 for v in seen) * (-1 if slot["coal"] else 1)
    ink = LOSS if slot["coal"] else GOLD
    if w < 70:  # narrow: the total and how many cards make it
        label = money(total) if all(v is not None for v in seen) else "?"
        text(draw, (x + w / 2, y + 64), fit(label, 14, w, True), 14, ink, True, "ma")
        text(draw, (x + w / 2, y + 84), plural(len(seen), "card"), 12, MUTED, anchor="ma")
        return
    # Values as green notes, two to a row, two rows; then their total.
    nw, nh = (w - 6) // 2, 20
    shown = seen if len(seen) <= 4 else seen[:3]
    for k, v in enumerate(shown):
        nx, ny = x + 2 + (k % 2) * (nw + 2), y + 62 + (k // 2) * (nh + 2)
        value_card(draw, nx, ny, nw, nh, v)
    if len(seen) > 4:
        text(draw, (x + 2 + 1.5 * nw, y + 62 + nh * 1.5), f"+{len(seen) - 3}", 13, INK, True, "mm")
    if (len(seen) > 1 or slot["coal"]) and all(v is not None for v in seen):
        text(draw, (x + w / 2, y + 106), f"= {money(total)}", 14, ink, True, "ma")


def _anytime_list(draw: Draw, x: int, y: int, held: Counter[str]) -> None:
    """Many Anytime cards: a line each, its name (with copies) and when it may be played."""
    for k, (card_id, copies) in enumerate(held.items()):
        card = NN.get(card_id)
        name = (card.name if card else card_id) + (f" ×{copies}" if copies > 1 else "")
        moment = MOMENT.get(card.moment or "", "") if card else ""
        row = y + 30 + 17 * k
        text(draw, (x, row), fit(name, 14, 150, True), 14, INK, True)
        text(draw, (x + 285, row + 1), fit(moment, 13, 125), 13, MUTED, anchor="ra")


def _anytime(draw: Draw, x: int, y: int, w: int, h: int, card_id: str, copies: int) -> None:
    card = NN.get(card_id)
    pill(draw, (x, y, x + w, y + h), (246, 240, 226), GOLD, 2, radius=8)
    draw.rounded_rectangle((x + 2, y + 2, x + w - 2, y + 20), 6, (44, 110, 72))
    head = "Anytime" + (f" ×{copies}" if copies > 1 else "")
    text(draw, (x + w / 2, y + 11), fit(head, 12, w - 6, True), 12, (255, 255, 255), True, "mm")
    if card is None:
        return
    for k, row in enumerate(lines_in(card.name, 14, w - 8, True, 2)):
        text(draw, (x + w / 2, y + 26 + 17 * k), row, 14, DARK, True, "ma")
    moment = MOMENT.get(card.moment or "", "")
    for k, row in enumerate(lines_in(moment, 12, w - 8, False, 2)):
        text(draw, (x + w / 2, y + 70 + 15 * k), row, 12, (90, 90, 90), anchor="ma")


# --------------------------------------------------------------------- layout


def _draw(view: View, names: Sequence[str], private: bool) -> bytes:
    if view["sheets"]:
        return png(sheets_page(view, names, status_line(view, names)))
    n = view["seats"]
    rows = (n + 1) // 2
    top = _board_top(private)
    height = top + RING + GAP + rows * (PANEL_H + GAP) + 6
    img, draw = canvas(WIDTH, height, BG)
    text(draw, (20, 12), "Holiday Fever", 28, GOLD, True)
    status = status_line(view, names)
    text(draw, (WIDTH - 20, 18), fit(status, 22, WIDTH - 260), 22, INK, anchor="ra")
    if private:
        _private(img, draw, view, names)
    _board(img, draw, view, names, top)
    side(draw, view, names, top)
    y = top + RING + GAP
    for k, fam in enumerate(view["families"]):
        _panel(
            draw, view, names, fam, 16 + (k % 2) * (PANEL_W + GAP), y + (k // 2) * (PANEL_H + GAP)
        )
    return png(img)


def table(view: View, names: Sequence[str]) -> bytes:
    return _draw(view, names, private=False)


def hand(view: View, names: Sequence[str]) -> bytes:
    return _draw(view, names, private=True)


def describe(view: View, names: Sequence[str]) -> str:
    """The table (and, for a seat's view, what that seat knows) as plain text, most important
    first: where the game is and whom it waits for, the standings (at the end: who won, then
    the score sheets), the seat's own prompt, Gifts and cards, what is under way, the last
    move, then the detail and each family's Gifts. Past Discord's 1,000 characters
    `render.describe` drops whole items from the end, so the least important go first; a busy
    table tells the families' rows in fewer words."""
    status, headline = status_line(view, names), plain(view["headline"], names)
    first = headline if status in headline else " · ".join(filter(None, (status, headline)))
    lines = [f"{TITLE} — {first}"]
    if view["sheets"]:  # who won, then every score sheet
        winners, *sheets = sheet_lines(view, names)
        lines += [winners, _standings(view, names), *sheets]
    else:
        lines.append(_standings(view, names))
    lines += _own(view, names)
    lines += _under_way(view, names)
    if view["dice"]:
        roll = " + ".join(map(str, view["dice"]))
        if len(view["dice"]) > 1:
            roll += f" = {sum(view['dice'])}"
        lines.append(f"Last roll: {roll} ({DICE_FOR.get(view['dice_for'], '')}).")
    if view["card"] in NN:
        card = NN[view["card"] or ""]
        lines.append(f"Last Naughty-or-Nice card: {card.name} — {card.effect}")
    if view["race"]:
        lines.append(f"The Race to Christmas began: {CAUSE[view['race_cause']]}.")
    lines.append("Cards left: " + ", ".join(deck_words(view["decks"])) + ".")
    families = [_family_line(fam, names) for fam in view["families"]]
    room = ALT_ROOM - len("\n".join(lines)) - 1
    if len("\n".join(families)) > room:  # every family, in fewer words
        families = [_family_short(fam, names) for fam in view["families"]]
    return "\n".join(lines + families)


def _standings(view: View, names: Sequence[str]) -> str:
    """Every family in one line: at the end by final value, in the Race nearest Christmas
    first, else in seat order; where each stands, its stars, tree and score card totals."""
    fams = view["families"]
    if (result := view["result"]) is not None:
        ranked = sorted(range(len(fams)), key=lambda p: (result["ranks"][p], p))
        return "Standings: " + "; ".join(
            f"{result['ranks'][p]}. {names[p]} {money(result['scores'][p])},"
            f" {plural(fams[p]['stars'], 'star')}"
            for p in ranked
        )
    days = [-1 if f["december"] is None else f["december"] for f in fams]
    if view["race"] or max(days) > 0:  # nearest Christmas first
        order = sorted(range(len(fams)), key=lambda p: -days[p])
        return "Families, nearest Christmas first: " + "; ".join(
            _standing(fams[p], names) for p in order
        )
    return "Families: " + "; ".join(_standing(fam, names) for fam in fams)


def _standing(fam: FamilyView, names: Sequence[str]) -> str:
    tree = (
        f"{plural(fam['lights'], 'Light')}, {plural(fam['ornaments'], 'Ornament')}"
        if fam["lights"] or fam["ornaments"]
        else "bare tree"
    )
    return (
        f"{names[fam['seat']]}: {where(fam)}, {plural(fam['stars'], 'star')}, {tree},"
        f" in {money(fam['deposit_total'])}, out {money(fam['debt_total'])}"
    )


def _own(view: View, names: Sequence[str]) -> list[str]:
    """What only this seat sees: what it is asked, the Value it holds, its Gifts and cards."""
    seat = view["seat"]
    if seat is None:
        return []
    out = []
    if view.get("prompt"):
        out.append(plain(view.get("prompt", ""), names))
    if drawn := view.get("drawn"):
        out.append(f"Drawn Value to place: ${drawn}.")
    gifts = view["families"][seat]["gifts"]
    mine = "; ".join(gift_words(g) for g in gifts) or "none"
    out.append(f"{names[seat]}'s Gifts: {mine}.")
    cards = [NN[c].name if c in NN else c for c in view.get("hand", [])]
    out.append(f"{names[seat]}'s Anytime cards: {', '.join(cards) or 'none'}.")
    return out


def _under_way(view: View, names: Sequence[str]) -> list[str]:
    """A store visit, a White Elephant or a Family Reunion in progress."""
    out = []
    if (store := view["store"]) is not None:
        space = TRACK[store["space"]]
        out.append(
            f"Shopping at {space.name}: up to {plural(space.items, 'item')} for ${space.price};"
            f" {store['bought']} in the basket, {store['left']} more allowed."
        )
    if (packages := view["white_elephant"]) is not None:
        shown = ", ".join(
            f"{names[s]}: {'nothing' if g is None else gift_name(g)}"
            for s, g in enumerate(packages)
        )
        out.append(f"White Elephant, in front of each family: {shown}.")
    if (chosen := view["reunion"]) is not None:
        done = [names[s] for s, c in enumerate(chosen) if c]
        out.append("Family Reunion: chosen so far: " + (", ".join(done) or "nobody") + ".")
    return out


def _family_line(fam: FamilyView, names: Sequence[str]) -> str:
    """A family's row beyond the standings: colour and business, cards held, its Gifts."""
    family = FAMILY_BY[fam["colour"]]
    gifts = "; ".join(gift_words(g) for g in fam["gifts"]) or "none"
    parts = [
        f"{names[fam['seat']]} ({family.name}, {family.business})",
        plural(fam["anytime"], "Anytime card"),
        f"deposits {plural(len(fam['deposits']), 'entry', 'entries')},"
        f" debts {plural(len(fam['debts']), 'entry', 'entries')}",
    ]
    if fam["miracle"]:
        parts.append(f"Miracle awaits double {fam['miracle']}")
    return " · ".join(parts) + f" · Gifts: {gifts}"


def _family_short(fam: FamilyView, names: Sequence[str]) -> str:
    """A family's Gifts in as few words as the alt text of a busy table leaves room for."""
    parts = [f"{names[fam['seat']]} ({FAMILY_BY[fam['colour']].name})"]
    if fam["anytime"]:
        parts.append(plural(fam["anytime"], "Anytime card"))
    if fam["miracle"]:
        parts.append(f"Miracle: double {fam['miracle']}")
    gifts = ", ".join(_gift_short(g) for g in fam["gifts"]) or "none"
    return " · ".join(parts) + f" · Gifts: {gifts}"


def _gift_short(slot: GiftSlotView) -> str:
    """ "Puppy $450", "hidden (3 Values)" (face down), with 🧦 for the Stocking."""
    known = known_worth(slot)
    worth = money(known) if known is not None else f"({plural(slot['values'], 'Value')})"
    return f"{slot['name'] or 'hidden'} {worth}" + (" 🧦" if slot["stocking"] else "")


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("swap", 1, "white-elephant"),
    ("buy", 1, "store"),
    ("card", 2, "naughty-or-nice"),
    ("take", 1, "estate-sale"),
    ("december", 3, "december"),
    ("reunion", 1, "reunion"),
    ("race", 1, "race"),
)
