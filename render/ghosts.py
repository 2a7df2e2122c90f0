"""Ghosts of Christmas pictures: the public table and a seat's private hand, plus text.

Suits are told apart by shape first (heart, candle, note, scales) and colour second, so the
pictures read without colour vision and in greyscale.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.ghosts.cards import ERA_NAME, SUIT_EMOJI, SUIT_NAME
from engine.ghosts.narration import bid_text
from engine.ghosts.views import BidView, GhostsView
from engine.words import and_list, plural
from render.common import (
    BG,
    CARD,
    CARD_DIM,
    CARD_EDGE,
    GOLD,
    GREEN,
    INK,
    MUTED,
    PANEL,
    PANEL_HI,
    PURPLE,
    RED,
    canvas,
    empty_slot,
    fit,
    font,
    pill,
    png,
    star,
    text,
)

View = GhostsView
Color = tuple[int, int, int]

# Okabe–Ito colours, each paired with its own shape.
SUIT_COLOR = {"H": (204, 51, 63), "C": (213, 135, 0), "N": (0, 114, 178), "S": (0, 140, 105)}
WIDTH = 1200


# --------------------------------------------------------------------- drawing pieces


def suit_icon(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, s: float) -> None:
    """Draw the suit's symbol centred on (cx, cy) inside an s×s box."""
    col = SUIT_COLOR[suit]
    h = s / 2
    if suit == "H":  # heart: two lobes and a point
        r = s * 0.27
        draw.ellipse((cx - 2 * r, cy - h * 0.75, cx, cy - h * 0.75 + 2 * r), fill=col)
        draw.ellipse((cx, cy - h * 0.75, cx + 2 * r, cy - h * 0.75 + 2 * r), fill=col)
        draw.polygon(
            [
                (cx - 2 * r + 1, cy - h * 0.75 + r * 1.25),
                (cx + 2 * r - 1, cy - h * 0.75 + r * 1.25),
                (cx, cy + h * 0.9),
            ],
            fill=col,
        )
    elif suit == "C":  # candle: body, wick and flame
        draw.rectangle((cx - s * 0.16, cy - h * 0.2, cx + s * 0.16, cy + h * 0.95), fill=col)
        draw.line(
            (cx, cy - h * 0.2, cx, cy - h * 0.4), fill=(60, 40, 20), width=max(1, int(s / 24))
        )
        draw.ellipse((cx - s * 0.12, cy - h * 0.95, cx + s * 0.12, cy - h * 0.35), fill=GOLD)
        draw.ellipse(
            (cx - s * 0.05, cy - h * 0.7, cx + s * 0.05, cy - h * 0.45), fill=(255, 245, 200)
        )
    elif suit == "N":  # a quaver: head, stem and flag
        draw.ellipse((cx - h * 0.85, cy + h * 0.35, cx + h * 0.05, cy + h * 0.95), fill=col)
        stem = max(2, int(s / 11))
        draw.rectangle(
            (cx - stem + h * 0.05, cy - h * 0.95, cx + h * 0.05, cy + h * 0.65), fill=col
        )
        draw.polygon(
            [
                (cx + h * 0.05, cy - h * 0.95),
                (cx + h * 0.75, cy - h * 0.35),
                (cx + h * 0.6, cy - h * 0.15),
                (cx + h * 0.05, cy - h * 0.55),
            ],
            fill=col,
        )
    else:  # scales: post, beam and two pans
        w = max(2, int(s / 12))
        draw.rectangle((cx - w / 2, cy - h * 0.8, cx + w / 2, cy + h * 0.8), fill=col)
        draw.rectangle((cx - h * 0.45, cy + h * 0.75, cx + h * 0.45, cy + h * 0.95), fill=col)
        draw.rectangle((cx - h * 0.95, cy - h * 0.65, cx + h * 0.95, cy - h * 0.65 + w), fill=col)
        for px in (cx - h * 0.7, cx + h * 0.7):
            draw.line(
                (px, cy - h * 0.6, px - h * 0.25, cy + h * 0.15), fill=col, width=max(1, w // 2)
            )
            draw.line(
                (px, cy - h * 0.6, px + h * 0.25, cy + h * 0.15), fill=col, width=max(1, w // 2)
            )
            draw.chord((px - h * 0.32, cy - h * 0.1, px + h * 0.32, cy + h * 0.4), 0, 180, fill=col)


def card(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    w: float,
    h: float,
    card_id: str,
    dim: bool = False,
    ring: tuple[int, int, int] | None = None,
) -> None:
    suit, rank = card_id[0], card_id[1:]
    if ring:
        pill(draw, (x - 5, y - 5, x + w + 5, y + h + 5), ring, radius=12)
    pill(draw, (x, y, x + w, y + h), CARD_DIM if dim else CARD, CARD_EDGE, 2, radius=9)
    ink = (90, 90, 90) if dim else SUIT_COLOR[suit]
    size = int(h * 0.3)
    text(draw, (x + w * 0.1, y + h * 0.05), rank, size, ink, bold=True)
    suit_icon(draw, suit, x + w * 0.55, y + h * 0.64, min(w, h) * 0.5)
    if dim:  # a hatch so "not playable" reads without colour too
        for k in range(-int(h), int(w), 14):
            draw.line(
                (x + max(k, 0), y + max(-k, 0), x + min(k + h, w), y + min(h, w - k)),
                fill=(120, 120, 118),
                width=1,
            )


def door(draw: ImageDraw.ImageDraw, x: float, y: float, color: Color) -> None:
    """A small door with its knob, 20×28."""
    pill(draw, (x, y, x + 20, y + 28), color, radius=4)
    draw.ellipse((x + 13, y + 13, x + 17, y + 17), fill=INK)


def bid_label(bid: BidView) -> str:
    """`Bid 3`, or `Bid 3 + red` with the red door: large enough to read on a phone."""
    return f"Bid {bid['purple']}" + (" + red" if bid["red"] else "")


#: The bid's text size: about 8 px when a phone shows the picture 400 px wide, as the names.
BID_SIZE = 24


def bid(draw: ImageDraw.ImageDraw, x: float, y: float, value: BidView) -> None:
    """A bid in words, after its doors (purple, and red when taken) — `y` is its top."""
    door(draw, x, y, PURPLE)
    if value["red"]:
        door(draw, x + 25, y, RED)
    at = x + (55 if value["red"] else 30)
    text(draw, (at, y + 14), bid_label(value), BID_SIZE, INK, bold=True, anchor="lm")


def wreath(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=GREEN, width=max(3, int(r / 2.5)))
    draw.ellipse((cx - r * 0.25, cy + r * 0.55, cx + r * 0.25, cy + r * 1.0), fill=RED)


# --------------------------------------------------------------------- the table


def table(view: View, names: Sequence[str]) -> bytes:
    n = view["seats"]
    eras = view["eras"]
    left = 420
    header, col_head, row_h = 64, 86, 132
    footer = _footer_height(view)
    height = header + col_head + n * row_h + footer + 16
    img, draw = canvas(WIDTH, height)
    to_act = set(view["to_act"])

    text(draw, (24, 16), "Ghosts of Christmas", 30, GOLD, bold=True)
    status = view["headline"] + (" · Tiny Tim" if view["variant"] == "tiny_tim" else "")
    text(draw, (WIDTH - 24, 22), status, 22, INK, anchor="ra")

    # Between rounds the cells show the round just scored, winners ringed in gold.
    # The round just scored, shown while no card of the next one is down.
    between = all(c is None for row in view["played"] for c in row)
    last = view["last_round"] if between else None
    played = view["played"] if last is None else last["played"]
    col_w = (WIDTH - left - 24) / len(eras)
    cw, ch = 84, 112
    top = header + col_head
    for e, era in enumerate(eras):
        x0 = left + e * col_w
        if last is not None:
            _era_head(draw, x0, header, col_w, era, last["tricks"][e]["suit"], scored=True)
        else:
            _era_head(draw, x0, header, col_w, era, view["dials"][e], scored=False)

    for seat in range(n):
        y0 = top + seat * row_h
        _seat_panel(draw, view, names, seat, 16, y0, left - 26, row_h, seat in to_act)
        for e in range(len(eras)):
            x0 = left + e * col_w
            cx, cy = x0 + (col_w - cw) / 2, y0 + (row_h - ch) / 2
            card_id = played[e][seat]
            won = last is not None and last["tricks"][e]["winner"] == seat
            if card_id:
                card(draw, cx, cy, cw, ch, card_id, ring=GOLD if won else None)
                if won:
                    text(draw, (cx + cw + 10, cy + ch / 2), "won", 18, GOLD, bold=True, anchor="lm")
            else:
                empty_slot(draw, cx + 10, cy + 10, cw - 20, ch - 20)

    _footer(draw, view, names, top + n * row_h + 8, footer)
    return png(img)


def _era_head(
    draw: ImageDraw.ImageDraw,
    x0: float,
    y: int,
    w: float,
    era: str,
    suit: str | None,
    scored: bool,
) -> None:
    """An era's name, its dial (gold-ringed once scored) and what the dial asks, within a
    column `w` wide: the name shrinks beside the dial, the line under them spans the column,
    so four eras fit next to the seats as well as three."""
    pill(draw, (x0 + 6, y + 4, x0 + w - 6, y + 78), PANEL, radius=14)
    dx, dy, r = x0 + w - 40, y + 30, 22
    name = ERA_NAME[era]
    size = 26
    while size > 16 and font(size, True).getlength(name) > w - 90:
        size -= 1
    text(draw, (x0 + 20, y + 12), name, size, INK, bold=True)
    if scored:
        note = "last round, scored"
        draw.ellipse((dx - r, dy - r, dx + r, dy + r), fill=CARD, outline=GOLD, width=3)
    else:
        note = f"follow {SUIT_NAME[suit]}" if suit else "dial face down"
        fill = CARD if suit else (60, 74, 88)
        draw.ellipse((dx - r, dy - r, dx + r, dy + r), fill=fill, outline=CARD_EDGE, width=2)
    if suit:
        suit_icon(draw, suit, dx, dy, 28)
    else:
        text(draw, (dx, dy), "?", 22, MUTED, bold=True, anchor="mm")
    text(draw, (x0 + 20, y + 56), fit(note, 16, int(w) - 40), 16, MUTED)


def _seat_panel(
    draw: ImageDraw.ImageDraw,
    view: View,
    names: Sequence[str],
    seat: int,
    x: int,
    y: int,
    w: int,
    h: int,
    acting: bool,
) -> None:
    pill(
        draw,
        (x, y + 6, x + w, y + h - 6),
        PANEL_HI if acting else PANEL,
        GOLD if acting else None,
        3,
        radius=16,
    )
    name = fit(names[seat], 26, w - 130, bold=True)
    text(
        draw,
        (x + 18, y + 16),
        ("▶ " if acting else "") + name,
        26,
        GOLD if acting else INK,
        bold=True,
    )
    if view["marker"] == seat:
        star(draw, x + w - 88, y + 31, 15)
        text(draw, (x + w - 68, y + 21), "start", 18, GOLD, bold=True)
    if view["variant"] != "tiny_tim":
        _bid_or_wait(draw, view, seat, x + 18, y + 52, acting)
    right = x + w - 18
    won = f"{view['won'][seat]} won"
    text(draw, (right, y + 66), won, 22, INK, bold=True, anchor="rm")
    wreath(draw, right - font(22, True).getlength(won) - 20, y + 64, 11)
    text(draw, (x + 18, y + 96), plural(view["scores"][seat], "point"), 22, GOLD, bold=True)
    cards = plural(view["hand_sizes"][seat], "card") + " in hand"
    text(draw, (right, y + 109), cards, 17, MUTED, anchor="rm")


def _bid_or_wait(
    draw: ImageDraw.ImageDraw, view: View, seat: int, x: float, y: float, acting: bool
) -> None:
    """The seat's bid, or that it is bidding now or has not bid yet; `y` is the row's top."""
    if (made := view["bids"][seat]) is not None:
        bid(draw, x, y, made)
    elif acting:
        text(draw, (x, y + 14), "bidding now", 22, GOLD, bold=True, anchor="lm")
    else:
        text(draw, (x, y + 14), "no bid yet", 20, MUTED, anchor="lm")


def _footer_height(view: View) -> int:
    rows = len(view["history"])
    return max(120, 44 + 28 * rows + (56 if view["result"] else 0))


def _footer(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], y: int, h: int) -> None:
    pill(draw, (16, y, WIDTH - 16, y + h), PANEL, radius=14)
    result = view["result"]
    if result:
        winners = [names[i] for i in result["winners"]]
        best = result["scores"][result["winners"][0]]
        line = ("Winner: " if len(winners) == 1 else "Shared victory: ") + ", ".join(winners)
        star(draw, 50, y + 32, 20)
        text(
            draw,
            (80, y + 14),
            fit(f"{line} — {plural(best, 'point')}", 30, WIDTH - 130, True),
            30,
            GOLD,
            bold=True,
        )
        y += 56
    history = view["history"]
    if not history:
        text(draw, (36, y + 16), "Each player plays one card into every era per round.", 21, MUTED)
        text(
            draw,
            (36, y + 48),
            "The start player's card sets the scoring suit; Hearts trump.",
            21,
            MUTED,
        )
        text(
            draw,
            (36, y + 80),
            "The trick winner takes the start marker for the next era.",
            21,
            MUTED,
        )
        return
    n = view["seats"]
    col = (WIDTH - 72 - 150) / n
    text(draw, (36, y + 12), "Score sheet", 19, MUTED, bold=True)
    for seat in range(n):
        text(
            draw,
            (186 + seat * col, y + 12),
            fit(names[seat], 19, int(col) - 12, True),
            19,
            INK,
            bold=True,
        )
    for k, rows in enumerate(history):
        ry = y + 40 + 28 * k
        text(draw, (36, ry), f"Hand {k + 1}", 19, MUTED)
        for seat, row in enumerate(rows):
            detail = f"won {row['won']}"
            if row["purple"] >= 0:
                detail = f"bid {row['purple']}{' + red' if row['red'] else ''}, " + detail
            text(draw, (186 + seat * col, ry), f"+{row['points']}", 19, GOLD, bold=True)
            text(draw, (186 + seat * col + 48, ry + 2), detail, 16, MUTED)


# --------------------------------------------------------------------- a seat's hand


def hand(view: View, names: Sequence[str]) -> bytes:
    """A seat's own picture: its cards by suit, and above them what everyone has done this
    round (the bids while bidding, every era's cards while playing), so a player on a phone
    need not switch to the table to decide."""
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    cards = view["hand"]
    playable = view["playable"]
    pending = view.get("pending")
    by_suit = {s: [c for c in cards if c[0] == s] for s in "HCNS"}
    header, strip, row_h = 116, STRIP_H, 132
    img, draw = canvas(WIDTH, header + strip + 4 * row_h + 16)

    text(draw, (24, 14), fit(f"{names[seat]} — your hand", 30, 760, True), 30, GOLD, bold=True)
    text(draw, (WIDTH - 24, 20), view["headline"], 20, MUTED, anchor="ra")
    prompt = view.get("prompt") or "Waiting for " + ", ".join(names[i] for i in view["to_act"])
    if view["finished"]:
        prompt = "The game is over."
    text(draw, (24, 60), fit(prompt, 24, WIDTH - 48), 24, INK)
    facts = f"{plural(view['scores'][seat], 'point')} · {plural(view['won'][seat], 'trick')}"
    facts += " won this hand"
    if view["bids"][seat] is not None:
        facts += " · " + _bid_words(view["bids"][seat])
    text(draw, (24, 88), fit(facts, 22, WIDTH - 48), 22, INK)

    if view["phase"] == "bid":
        _bids_strip(draw, view, names, header)
    else:
        _eras_strip(draw, view, names, header)

    y = header + strip
    cw, ch = 78, 110
    for suit in "HCNS":
        pill(draw, (16, y + 4, WIDTH - 16, y + row_h - 4), PANEL, radius=14)
        suit_icon(draw, suit, 52, y + row_h / 2 - 10, 40)
        text(draw, (52, y + row_h - 30), SUIT_NAME[suit], 16, MUTED, anchor="ma")
        x = 104
        if not by_suit[suit]:
            text(draw, (x, y + row_h / 2), "none", 22, MUTED, anchor="lm")
        for c in by_suit[suit]:
            can = c in playable
            ring = GOLD if c == pending else (GREEN if can and not pending else None)
            card(draw, x, y + 11, cw, ch, c, dim=bool(playable) and not can, ring=ring)
            x += cw + 12
        y += row_h
    return png(img)


STRIP_H = 178  # the hand picture's strip of what everyone did this round


def _who(names: Sequence[str], seat: int, me: int, size: int, width: float) -> str:
    return "You" if seat == me else fit(names[seat], size, int(width), bold=True)


def _bids_strip(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], top: int) -> None:
    """While bidding: every seat's bid so far, in bidding order from the start player."""
    n, me = view["seats"], view["seat"]
    assert me is not None, "a seat's own view"
    pill(draw, (16, top, WIDTH - 16, top + STRIP_H - 10), PANEL, radius=14)
    text(draw, (36, top + 12), "Bids this hand", 22, INK, bold=True)
    w = (WIDTH - 48) / n
    for k in range(n):
        p = (view["marker"] + k) % n
        x, y = 28 + k * w, top + 52
        acting = p in view["to_act"]
        pill(
            draw,
            (x, y, x + w - 12, y + 106),
            PANEL_HI if acting else BG,
            GOLD if acting else None,
            3,
        )
        who = _who(names, p, me, 24, w - 40)
        text(draw, (x + 14, y + 10), who, 24, GOLD if acting or p == me else INK, bold=True)
        if (made := view["bids"][p]) is not None:
            bid(draw, x + 14, y + 52, made)
        else:
            note = "bidding now" if acting else "not yet"
            text(draw, (x + 14, y + 54), note, 22, GOLD if acting else MUTED, bold=acting)


def _eras_strip(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], top: int) -> None:
    """While playing: every era's dial and everyone's card in it this round (between rounds,
    the round just scored, its winners ringed)."""
    n, me = view["seats"], view["seat"]
    assert me is not None, "a seat's own view"
    eras = view["eras"]
    # The round just scored, shown while no card of the next one is down.
    between = all(c is None for row in view["played"] for c in row)
    last = view["last_round"] if between else None
    played = view["played"] if last is None else last["played"]
    pending = view.get("pending")
    open_eras = view["playable"].get(pending, []) if pending else []
    w = (WIDTH - 48) / len(eras)
    cell = (w - 28) / n
    cw = min(64, cell - 10)
    ch = cw * 1.36
    for e, era in enumerate(eras):
        x = 24 + e * w
        pill(draw, (x + 4, top, x + w - 4, top + STRIP_H - 10), PANEL, radius=14)
        text(draw, (x + 18, top + 10), ERA_NAME[era], 22, INK, bold=True)
        if last is not None:
            trick = last["tricks"][e]
            suit_icon(draw, trick["suit"], x + w - 30, top + 24, 28)
            text(draw, (x + w - 50, top + 14), "last round", 17, MUTED, anchor="ra")
        elif dial := view["dials"][e]:
            suit_icon(draw, dial, x + w - 30, top + 24, 28)
            if era in open_eras:
                text(draw, (x + w - 52, top + 12), "open", 19, GREEN, bold=True, anchor="ra")
        else:
            text(draw, (x + w - 30, top + 24), "?", 24, MUTED, bold=True, anchor="mm")
            if era in open_eras:
                text(draw, (x + w - 52, top + 12), "open", 19, GREEN, bold=True, anchor="ra")
        for p in range(n):
            cx = x + 14 + p * cell + (cell - cw) / 2
            cy = top + 44
            card_id = played[e][p]
            won = last is not None and last["tricks"][e]["winner"] == p
            if card_id:
                card(draw, cx, cy, cw, ch, card_id, ring=GOLD if won else None)
            else:
                empty_slot(draw, cx + 4, cy + 4, cw - 8, ch - 8)
            who = _who(names, p, me, 17, cell - 4)
            ink = GOLD if won or p == me else MUTED
            text(
                draw,
                (x + 14 + p * cell + cell / 2, cy + ch + 6),
                who,
                17,
                ink,
                bold=True,
                anchor="ma",
            )


# --------------------------------------------------------------------- text


def _card_text(card_id: str | None) -> str:
    return "—" if card_id is None else f"{SUIT_EMOJI[card_id[0]]}{card_id[1:]}"


def _bid_words(bid: BidView | None) -> str:
    return "no bid yet" if bid is None else f"bid {bid_text(bid['purple'], bid['red'])}"


def describe(view: View, names: Sequence[str]) -> str:
    """The table as text, most important first (`render.alt.fit` drops the end when Discord
    would not keep it all): the winner, everyone's points and bid, whose turn it is, what this
    seat is asked and its hand, then the cards in the eras, how the last round went and the
    score sheet."""
    me = view["seat"]
    tiny = view["variant"] == "tiny_tim"
    lines = [f"Ghosts of Christmas — {view['headline']}" + (" · Tiny Tim" if tiny else "")]
    if result := view["result"]:
        winners = [names[i] for i in result["winners"]]
        head = "Winner: " if len(winners) == 1 else "Shared victory: "
        best = plural(result["scores"][result["winners"][0]], "point")
        lines.append(f"{head}{', '.join(winners)} — {best}.")
    n = view["seats"]
    for i in range(n):
        made = "" if tiny else _bid_words(view["bids"][i]) + ", "
        lines.append(
            f"{names[i]}: {plural(view['scores'][i], 'point')}, {made}"
            f"won {plural(view['won'][i], 'trick')}, {plural(view['hand_sizes'][i], 'card')}"
        )
    if not view["finished"]:
        acting = and_list([names[i] for i in view["to_act"]])
        lines.append(f"Start marker: {names[view['marker']]}. To act: {acting}.")
    if me is not None:
        waiting = f"waiting for {and_list([names[i] for i in view['to_act']])}."
        asked = view.get("prompt") or ("the game is over." if view["finished"] else waiting)
        lines.append(f"{names[me]}'s view: {asked}")
        if view["hand"]:  # empty once the game is over
            held = " | ".join(
                f"{SUIT_NAME[s]}: " + (" ".join(c[1:] for c in view["hand"] if c[0] == s) or "none")
                for s in "HCNS"
            )
            lines.append(f"{names[me]}'s hand: {held}")
    if view["finished"]:  # the eras are empty: the score sheet tells how it went
        return "\n".join([*lines, *_score_sheet(view, names)])
    for e, era in enumerate(view["eras"]):
        dial = view["dials"][e]
        head = f"dial {SUIT_NAME[dial]}" if dial else "dial face down"
        cells = ", ".join(f"{names[i]} {_card_text(view['played'][e][i])}" for i in range(n))
        lines.append(f"{ERA_NAME[era]} ({head}): {cells}")
    if last := view["last_round"]:
        parts = [
            f"{ERA_NAME[t['era']]} {SUIT_NAME[t['suit']]} → {names[t['winner']]}"
            for t in last["tricks"]
        ]
        lines.append("Last round: " + "; ".join(parts))
    return "\n".join([*lines, *_score_sheet(view, names)])


def _score_sheet(view: View, names: Sequence[str]) -> list[str]:
    """`Hand 1: Ann +3, Bea +0, …` for every finished hand."""
    return [
        f"Hand {k + 1}: " + ", ".join(f"{names[i]} +{row['points']}" for i, row in enumerate(rows))
        for k, rows in enumerate(view["history"])
    ]


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("play", 6, "mid-round"),
    ("trick", 3, "end-of-round"),
    ("hand_scored", 1, "end-of-hand"),
)
