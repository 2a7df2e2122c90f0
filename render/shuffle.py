"""Holiday Shuffle pictures: the public table and a seat's own mat, plus text.

Each card shows its date large, its holiday small, and its type twice over: a coloured band and
a letter (H Holiday, C Celebration, W Wild), with a word naming a Celebration's effect (SWITCH,
TRADE, +TURN). The cards in order from the left sit on a green bar with a tick and a count, so
the picture reads without colour vision and in greyscale.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.shuffle import cards as C
from engine.shuffle.narration import breakdown, wild_text
from engine.shuffle.views import ShuffleView
from engine.words import and_list, plural
from render.common import (
    BG,
    CARD,
    CARD_EDGE,
    GOLD,
    GREEN,
    INK,
    MB,
    MUTED,
    PANEL,
    PANEL_HI,
    canvas,
    fit,
    font,
    kept,
    pill,
    png,
    text,
)

View = ShuffleView
Color = tuple[int, int, int]

WIDTH = 1200
# Okabe–Ito colours, each paired with a letter.
TYPE_COLOR: dict[str, Color] = {
    C.HOLIDAY: (0, 114, 178),
    C.CELEBRATION: (213, 94, 0),
    C.WILD: (170, 90, 150),
}
TYPE_LETTER = {C.HOLIDAY: "H", C.CELEBRATION: "C", C.WILD: "W"}
EFFECT_MARK = {C.SWITCH: "SWITCH", C.TRADE: "TRADE", C.EXTRA: "+TURN"}
CARD_INK: Color = (35, 35, 40)
CARD_MUTED: Color = (90, 90, 96)
BACK: Color = (60, 40, 90)
_REASON = {"in_order": "won the round", "dealt_in_order": "was dealt a mat in order"}


# --------------------------------------------------------------------- drawing pieces


#: The smallest size a holiday name is shrunk to so that it is shown whole.
MIN_NAME_SIZE = 9


def _wrap(name: str, size: int, width: float) -> list[str]:
    """Words greedily into lines of `width` pixels; a hyphenated word may break after its
    hyphen (Left-|Handers). A single part wider than `width` gets a line of its own."""
    f = font(size)
    lines: list[str] = []
    line = ""
    for word in name.split():
        for k, part in enumerate(re.findall(r"[^-]+-?|-", word)):
            joined = line + ("" if not line else " " if k == 0 else "") + part
            if not line or f.getlength(joined) <= width:
                line = joined
            else:
                lines.append(line)
                line = part
    return [*lines, line]


def name_lines(name: str, size: int, width: float) -> tuple[int, list[str]]:
    """A holiday name in at most two lines of `width` pixels, never cut: the largest size
    from `size` down to `MIN_NAME_SIZE` at which it fits whole."""
    for shrunk in range(size, MIN_NAME_SIZE - 1, -1):
        lines = _wrap(name, shrunk, width)
        if len(lines) <= 2 and all(font(shrunk).getlength(line) <= width for line in lines):
            return shrunk, lines
    return MIN_NAME_SIZE, _wrap(name, MIN_NAME_SIZE, width)


@kept(16 * MB)
def _face(card_id: str, w: int, h: int, wild_day: int | None) -> Image.Image:
    """A card face as an RGBA sprite with transparent corners, drawn once per look and size."""
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    kind = C.kind(card_id)
    col = TYPE_COLOR[kind]
    pill(draw, (0, 0, w, h), CARD, CARD_EDGE, 2, radius=9)
    band = max(18, int(h * 0.17))
    draw.rounded_rectangle((2, 2, w - 2, band), radius=7, fill=col)
    text(draw, (8, 2 + band / 2), TYPE_LETTER[kind], int(band * 0.75), INK, True, "lm")
    if kind == C.CELEBRATION:
        mark = EFFECT_MARK[C.EFFECT[card_id]]
        text(draw, (w - 7, 2 + band / 2), mark, int(band * 0.6), INK, True, "rm")
    cx = w / 2
    if kind == C.WILD:
        text(draw, (cx, h * 0.42), "WILD", int(w * 0.24), col, True, "mm")
        if wild_day is None:
            text(draw, (cx, h * 0.66), "any date", int(w * 0.15), CARD_MUTED, anchor="mm")
        else:
            label = "= " + C.date_text(wild_day)
            text(draw, (cx, h * 0.66), label, int(w * 0.19), CARD_INK, True, "mm")
        return img
    mon, day = C.short(card_id).split()
    named = w >= 80  # a small card has no room for the holiday's name
    top = band + (h * 0.12 if named else h * 0.16)
    text(draw, (cx, top), mon.upper(), int(w * 0.18), col, True, "mm")
    text(draw, (cx, top + h * 0.25), day, int(w * 0.34), CARD_INK, True, "mm")
    if named:
        size, lines = name_lines(C.NAME[card_id], max(11, int(w * 0.125)), w - 8)
        for i, line in enumerate(lines):
            text(draw, (cx, h * 0.775 + i * (size + 2)), line, size, CARD_MUTED, anchor="mm")
    return img


def card(
    img: Image.Image,
    x: float,
    y: float,
    w: int,
    h: int,
    card_id: str,
    wild_day: int | None = None,
    ring: Color | None = None,
) -> None:
    """A card face: type band and letter, date, holiday name (or a Wild and its date)."""
    if ring:
        pill(ImageDraw.Draw(img), (x - 5, y - 5, x + w + 5, y + h + 5), ring, radius=12)
    face = _face(card_id, w, h, wild_day)
    img.paste(face, (int(x), int(y)), face)


@kept(4 * MB)
def _mini_face(card_id: str, w: int, h: int, wild_day: int | None) -> Image.Image:
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    kind = C.kind(card_id)
    band = 18 if h > 56 else 15
    pill(draw, (0, 0, w, h), CARD, CARD_EDGE, 1, radius=7)
    draw.rounded_rectangle((2, 2, w - 2, band), radius=5, fill=TYPE_COLOR[kind])
    text(draw, (5, 2 + band / 2), TYPE_LETTER[kind], band - 4, INK, True, "lm")
    if card_id in C.EFFECT:
        mark = EFFECT_MARK[C.EFFECT[card_id]]
        text(draw, (w - 5, 2 + band / 2), mark, band - 7, INK, True, "rm")
    if kind == C.WILD:
        label = "WILD" if wild_day is None else "=" + C.date_text(wild_day)
    else:
        label = C.short(card_id)
    size = 19 if h > 56 else 16
    while size > 12 and font(size, True).getlength(label) > w - 6:
        size -= 1
    ink = TYPE_COLOR[kind] if kind == C.WILD else CARD_INK
    text(draw, (w / 2, (h + band) / 2), fit(label, size, w - 4, True), size, ink, True, "mm")
    return img


def mini(
    img: Image.Image,
    x: float,
    y: float,
    w: int,
    h: int,
    card_id: str,
    wild_day: int | None = None,
) -> None:
    """A small card: type, effect and date only (a Wild shows its designated date if any)."""
    face = _mini_face(card_id, w, h, wild_day)
    img.paste(face, (int(x), int(y)), face)


def card_back(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float) -> None:
    pill(draw, (x, y, x + w, y + h), BACK, CARD_EDGE, 2, radius=9)
    for k in range(1, 4):
        inset = k * 7
        box = (x + inset, y + inset, x + w - inset, y + h - inset)
        draw.rounded_rectangle(box, radius=6, outline=(110, 90, 150))


def order_bar(
    draw: ImageDraw.ImageDraw, x: float, y: float, step: float, w: float, n: int, size: int
) -> None:
    """The green bar under the first `n` cards, with a tick and the count beside it (or on
    it, in dark ink, when the bar spans the mat)."""
    right = x + (n - 1) * step + w
    label = f"✓ {n} in order" if n < 10 else "✓ all 10 in order"
    if right + 8 + font(size, True).getlength(label) < WIDTH - 12:
        draw.rounded_rectangle((x, y, right, y + 6), radius=3, fill=GREEN)
        text(draw, (right + 8, y + 3), label, size, GREEN, True, "lm")
    else:
        draw.rounded_rectangle((x, y - 3, right, y + size + 1), radius=5, fill=GREEN)
        text(draw, ((x + right) / 2, y + size / 2 - 1), label, size, BG, True, "mm")


def _wild_days(view: View, seat: int) -> dict[int, int]:
    """Designated Wild dates to show, once the game is over (the mats are the final ones)."""
    if not view["finished"] or not view["history"]:
        return {}
    return {slot: day for slot, day in view["history"][-1][seat]["wilds"]}


def _result_text(view: View, names: Sequence[str]) -> str:
    """`Winner: Cal — 39 points`, or `Shared victory: Ann, Bea — 20 points`."""
    result = view["result"]
    assert result is not None, "the game is over"
    winners = [names[i] for i in result["winners"]]
    best = result["scores"][result["winners"][0]]
    head = "Winner: " if len(winners) == 1 else "Shared victory: "
    return f"{head}{', '.join(winners)} — {plural(best, 'point')}"


def _status(view: View, names: Sequence[str]) -> str:
    if view["finished"]:
        return "The game is over."
    turn = view["turn"]
    assert turn is not None, "the game goes on"
    who = names[turn]
    if view["effect"]:
        effect = C.EFFECT_THEY[C.EFFECT[view["effect"]]]
        return f"{who} kept {C.NAME[view['effect']]} and may {effect}."
    if view["drawn_by"] is not None:
        return f"{who} drew a card and is deciding what to do with it."
    if view["bonus_turn"]:
        return f"{who} is taking another turn."
    return f"{who} to play: take the discard or draw."


# --------------------------------------------------------------------- the table

ROW_H = 150
LEFT = 196
CW, CH, GAP = 96, 108, 3


def table(view: View, names: Sequence[str]) -> bytes:
    n = view["seats"]
    header, strip = 56, 112
    footer = _footer_height(view)
    img, draw = canvas(WIDTH, header + strip + n * ROW_H + footer + 16)

    text(draw, (24, 12), "Holiday Shuffle", 30, GOLD, bold=True)
    text(draw, (WIDTH - 24, 18), view["headline"], 22, INK, anchor="ra")

    # The piles and whose turn it is.
    y = header
    pill(draw, (12, y, WIDTH - 12, y + strip - 8), PANEL, radius=14)
    top = view["discard_top"]
    if top:
        card(img, 28, y + 8, 66, 88, top)
    text(draw, (106, y + 20), "Discard", 19, INK, bold=True)
    text(draw, (106, y + 46), plural(view["discard_size"], "card"), 17, MUTED)
    card_back(draw, 226, y + 8, 66, 88)
    text(draw, (259, y + 52), str(view["draw_size"]), 26, INK, True, "mm")
    text(draw, (304, y + 20), "Draw pile", 19, INK, bold=True)
    rebuilt = f"turned over {view['rebuilds']} of {view['max_rebuilds']}"
    text(draw, (304, y + 46), rebuilt, 17, MUTED)
    x = 510
    room = WIDTH - x - 30
    text(draw, (x, y + 10), fit(f"Dealer: {names[view['dealer']]}", 20, room), 20, INK)
    text(draw, (x, y + 38), fit(_status(view, names), 20, room, True), 20, GOLD, bold=True)
    legend = "H Holiday · C Celebration: SWITCH, TRADE or +TURN · W Wild: any date"
    text(draw, (x, y + 70), fit(legend, 16, room), 16, MUTED)

    for seat in range(n):
        y0 = header + strip + seat * ROW_H
        _seat_panel(draw, view, names, seat, y0, seat in view["to_act"])
        wild_days = _wild_days(view, seat)
        img.paste(_slot_numbers(), (LEFT, y0 + 4))
        for k in range(10):
            card(
                img, LEFT + k * (CW + GAP), y0 + 22, CW, CH, view["mats"][seat][k], wild_days.get(k)
            )
        order_bar(draw, LEFT, y0 + 22 + CH + 6, CW + GAP, CW, view["prefix"][seat], 16)

    _footer(img, draw, view, names, header + strip + n * ROW_H, footer)
    return png(img)


@cache
def _slot_numbers() -> Image.Image:
    """The row of slot numbers above a mat, drawn once."""
    img, draw = canvas(10 * (CW + GAP), 16)
    for k in range(10):
        text(draw, (k * (CW + GAP) + CW / 2, 0), str(k + 1), 14, MUTED, anchor="mt")
    return img


def _seat_panel(
    draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], seat: int, y: int, acting: bool
) -> None:
    x, w = 12, LEFT - 22
    box = (x, y + 16, x + w, y + ROW_H - 8)
    pill(draw, box, PANEL_HI if acting else PANEL, GOLD if acting else None, 3, radius=14)
    name = fit(names[seat], 22, w - 40 if acting else w - 20, bold=True)
    text(draw, (x + 12, y + 26), ("▶ " if acting else "") + name, 22, GOLD if acting else INK, True)
    text(draw, (x + 12, y + 56), plural(view["scores"][seat], "point"), 20, GOLD, bold=True)
    tags = []
    if view["dealer"] == seat:
        tags.append("dealer")
    if view["drawn_by"] == seat:
        tags.append("holds a card")
    if tags:
        text(draw, (x + 12, y + 84), " · ".join(tags), 16, MUTED)
    if view["history"]:
        last = view["history"][-1][seat]["points"]
        text(draw, (x + 12, y + 108), f"last round +{last}", 16, MUTED)


RECAP_W, RECAP_H, RECAP_ROW = 104, 38, 70


def _recap(view: View) -> bool:
    """Show the last round's final mats while the next round makes its first go-around."""
    return bool(view["history"]) and not view["finished"] and view["turns"] <= view["seats"]


def _footer_height(view: View) -> int:
    if not view["history"]:
        return 118
    rows = RECAP_ROW if _recap(view) else 26
    return 90 + 30 * len(view["history"]) + rows * view["seats"] + (56 if view["result"] else 0)


def _footer(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    names: Sequence[str],
    y: int,
    h: int,
) -> None:
    pill(draw, (12, y, WIDTH - 12, y + h), PANEL, radius=14)
    if view["result"]:
        line = fit("★ " + _result_text(view, names), 30, WIDTH - 72, True)
        text(draw, (36, y + 14), line, 30, GOLD, bold=True)
        y += 56
    history = view["history"]
    if not history:
        lines = (
            "Take the discard and swap it in, or draw: swap the card in or discard it.",
            "The first mat in date order, January to December, wins the round.",
            "Score: cards in order from the left, plus runs of 3+ in one month or in months"
            " in a row.",
        )
        for k, line in enumerate(lines):
            text(draw, (36, y + 14 + 32 * k), fit(line, 20, WIDTH - 72), 20, MUTED)
        return
    n = view["seats"]
    col = (WIDTH - 72 - 150) / n
    text(draw, (36, y + 14), "Score sheet", 19, MUTED, bold=True)
    for seat in range(n):
        name = fit(names[seat], 19, int(col) - 12, True)
        text(draw, (186 + seat * col, y + 14), name, 19, INK, bold=True)
    for k, rows in enumerate(history):
        ry = y + 44 + 30 * k
        won_by = view["outcomes"][k]["winner"]
        text(draw, (36, ry), f"Round {k + 1}", 19, MUTED)
        for seat, row in enumerate(rows):
            won = won_by == seat
            points = f"+{row['points']}" + (" ★ won" if won else "")
            text(draw, (186 + seat * col, ry), points, 19, GOLD if won else INK, bold=True)
    _last_round(img, draw, view, names, y + 54 + 30 * len(history))


def _last_round(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], y: int
) -> None:
    """How the last round scored, with its final mats while they are no longer on the table."""
    last = view["last_round"]
    assert last is not None, "a round has been played"
    winner = last["winner"]
    if winner is None:
        head = f"Round {last['round']}: no winner ({last['reason'].replace('_', ' ')})"
    else:
        head = f"Round {last['round']}: {names[winner]} {_REASON[last['reason']]}"
    recap = _recap(view)
    if recap:
        head += " — the mats as it ended:"
    text(draw, (36, y), fit(head, 18, WIDTH - 72, True), 18, GOLD, bold=True)
    y += 28
    for seat, row in enumerate(view["history"][-1]):
        score = f"{row['points']} = {breakdown(row)}"
        if row["wilds"] and not recap:  # the recap shows each Wild's date on its card
            score += f" · {wild_text(row)}"
        if not recap:
            text(draw, (36, y), fit(f"{names[seat]}: {score}", 17, WIDTH - 72), 17, MUTED)
            y += 26
            continue
        name = fit(names[seat], 17, 300, True)
        text(draw, (36, y), name, 17, INK, bold=True)
        x = 36 + font(17, True).getlength(name)
        text(draw, (x, y), fit(f": {score}", 17, int(WIDTH - 40 - x)), 17, MUTED)
        days = {slot: day for slot, day in row["wilds"]}
        for k, c in enumerate(last["mats"][seat]):
            mini(img, 36 + k * (RECAP_W + 9), y + 25, RECAP_W, RECAP_H, c, days.get(k))
        y += RECAP_ROW


# --------------------------------------------------------------------- a seat's picture

HAND_CW, HAND_CH, HAND_GAP = 112, 150, 4
MINI_W, MINI_H, MINI_GAP = 84, 62, 4


def hand(view: View, names: Sequence[str]) -> bytes:
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    n = view["seats"]
    others = [(seat + k) % n for k in range(1, n)]
    header, mat_h, middle, other_h = 108, 214, 150, 100
    img, draw = canvas(WIDTH, header + mat_h + middle + other_h * len(others) + 16)

    text(draw, (24, 12), fit(f"{names[seat]} — your mat", 30, 700, True), 30, GOLD, bold=True)
    text(draw, (WIDTH - 24, 20), view["headline"], 20, MUTED, anchor="ra")
    prompt = view.get("prompt") or "Waiting for " + ", ".join(names[i] for i in view["to_act"])
    if view["finished"]:
        prompt = "Game over. " + _result_text(view, names)
    text(draw, (24, 56), fit(prompt, 24, WIDTH - 48), 24, INK)
    when = "in total" if view["finished"] else "so far"
    text(draw, (24, 86), f"{plural(view['scores'][seat], 'point')} {when}", 17, MUTED)

    pending = view.get("pending") or ""
    effect = view["effect"]
    mine, _, other = pending.partition(":")
    picked = int(mine) - 1 if effect and mine else -1
    partner = int(other) if other else None

    # Your mat, large, with slot numbers and the order bar.
    y = header
    fill = PANEL_HI if view.get("prompt") else PANEL
    pill(draw, (12, y, WIDTH - 12, y + mat_h - 6), fill, radius=14)
    wild_days = _wild_days(view, seat)
    for k in range(10):
        x = 24 + k * (HAND_CW + HAND_GAP)
        text(draw, (x + HAND_CW / 2, y + 8), f"slot {k + 1}", 15, MUTED, anchor="mt")
        ring = GOLD if k == picked else None
        card(img, x, y + 28, HAND_CW, HAND_CH, view["mats"][seat][k], wild_days.get(k), ring)
    bar_y = y + 28 + HAND_CH + 10
    order_bar(draw, 24, bar_y, HAND_CW + HAND_GAP, HAND_CW, view["prefix"][seat], 17)

    # The card in play: the one drawn, the discard being taken, or the piles.
    y += mat_h
    pill(draw, (12, y, WIDTH - 12, y + middle - 10), PANEL, radius=14)
    drawn = view.get("drawn")
    if drawn:
        card(img, 28, y + 10, 96, 128, drawn, ring=GOLD)
        text(draw, (140, y + 24), "You drew this card", 22, GOLD, bold=True)
        text(draw, (140, y + 56), "Only you can see it until you place or discard it.", 18, MUTED)
    else:
        top = view["discard_top"]
        taking = pending == "take"
        if top:
            card(img, 28, y + 10, 96, 128, top, ring=GOLD if taking else None)
        what = "Taking the discard" if taking else "Top of the discard pile"
        text(draw, (140, y + 24), what, 22, GOLD if taking else INK, bold=True)
        pile = plural(view["draw_size"], "card") + " in the draw pile"
        text(draw, (140, y + 56), pile, 18, MUTED)
    if effect:
        line = f"Celebration: {C.NAME[effect]} — {C.EFFECT_YOU[C.EFFECT[effect]]} (optional)"
        text(draw, (140, y + 90), fit(line, 19, WIDTH - 170), 19, INK, bold=True)
    elif view["bonus_turn"] and view.get("prompt"):
        text(draw, (140, y + 90), "This is an extra turn: you may end it instead.", 19, INK)

    # Everyone else's mat, small: what a trade could take.
    y += middle
    for o in others:
        chosen = o == partner
        box = (12, y, WIDTH - 12, y + other_h - 8)
        pill(draw, box, PANEL_HI if chosen else PANEL, GOLD if chosen else None, 3, radius=12)
        text(draw, (24, y + 12), fit(names[o], 19, 200, True), 19, INK, bold=True)
        text(draw, (24, y + 40), plural(view["scores"][o], "point"), 16, GOLD)
        text(draw, (24, y + 62), f"✓ {view['prefix'][o]} in order", 16, GREEN, bold=True)
        days = _wild_days(view, o)
        for k, c in enumerate(view["mats"][o]):
            mini(img, 240 + k * (MINI_W + MINI_GAP), y + 14, MINI_W, MINI_H, c, days.get(k))
        y += other_h
    return png(img)


# --------------------------------------------------------------------- text


def _mat_text(mat: Sequence[str]) -> str:
    """A mat in full: `1 Jul 4 Independence Day | 2 Wild card | …`."""
    return " | ".join(f"{k + 1} {C.label(c)}" for k, c in enumerate(mat))


def _dates(mat: Sequence[str]) -> str:
    """A mat by its dates only, `Jul 4, Wild, Dec 25, …`: what order and runs are made of."""
    return ", ".join(C.short(c) for c in mat)


def describe(view: View, names: Sequence[str]) -> str:
    """The table as text, most important first (`render.alt.fit` drops the end when Discord
    would not keep it all): the scores, whose turn it is and what this seat is asked, its own
    mat in full, the piles, everyone else's mat by its dates (four mats with their holidays'
    names would not fit), then how the last round scored."""
    me = view["seat"]
    lines = [f"Holiday Shuffle — {view['headline']}"]
    if view["result"]:
        lines.append(_result_text(view, names) + ".")
    scores = [f"{names[i]} {plural(score, 'point')}" for i, score in enumerate(view["scores"])]
    lines.append("Scores: " + ", ".join(scores) + ".")
    if not view["finished"]:
        lines.append(f"{_status(view, names)} Dealer: {names[view['dealer']]}.")
    if me is not None:
        waiting = "waiting for " + and_list([names[i] for i in view["to_act"]]) + "."
        asked = view.get("prompt") or ("the game is over." if view["finished"] else waiting)
        lines.append(f"{names[me]}'s view: {asked}")
        lines.append(f"Your mat ({view['prefix'][me]} in order): {_mat_text(view['mats'][me])}")
    if not view["finished"]:
        top = view["discard_top"]
        assert top is not None, "a round in play always has a discard pile"
        lines.append(
            f"Discard pile: {C.label(top)} on top"
            f" ({plural(view['discard_size'], 'card')})."
            f" Draw pile: {plural(view['draw_size'], 'card')}."
        )
    n = view["seats"]
    for seat in [(k + (me or 0)) % n for k in range(n)]:
        if seat != me:
            mat = _dates(view["mats"][seat])
            lines.append(f"{names[seat]}'s mat ({view['prefix'][seat]} in order): {mat}")
    last = view["last_round"]
    if last:
        winner = last["winner"]
        who = "no winner" if winner is None else f"won by {names[winner]}"
        parts = [
            f"{names[seat]} +{row['points']} ({breakdown(row)}"
            + (f"; {wild_text(row)})" if row["wilds"] else ")")
            for seat, row in enumerate(view["history"][-1])
        ]
        lines.append(f"Round {last['round']}, {who}: " + "; ".join(parts))
    return "\n".join(lines)


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("draw", 2, "drawn-card"),
    ("celebration", 1, "celebration"),
    ("round_over", 1, "end-of-round"),
)
