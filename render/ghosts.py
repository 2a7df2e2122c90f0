"""Ghosts of Christmas pictures: the public table and a seat's private hand.

Drawn phone-first (see docs/games/ghosts.md, "What you see"): 800 px wide with text of at
least 22 px, so a phone showing the picture 400 px wide still shows 11 px text. A picture
holds what is spatial — the eras with the cards in them, a seat's cards by suit — and the
bids and tricks won beside each seat; points, card counts, the score sheet and the cards
played this hand are text (`render.ghosts_text`).

Suits are told apart by shape first (heart, candle, note, scales) and colour second, so the
pictures read without colour vision and in greyscale; a winning card has a gold ring and a
star.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.ghosts.cards import ERA_NAME, SUIT_NAME
from engine.ghosts.views import BidView, GhostsView
from render.common import (
    BG,
    CARD,
    CARD_DIM,
    CARD_EDGE,
    GOLD,
    GREEN,
    INK,
    MB,
    MUTED,
    PANEL,
    PANEL_HI,
    canvas,
    empty_slot,
    fit,
    font,
    kept,
    pill,
    png,
    star,
    text,
)
from render.ghosts_text import describe, detail, details, panel, result_line

__all__ = ["describe", "detail", "details", "hand", "panel", "table"]

View = GhostsView
Color = tuple[int, int, int]

# Okabe–Ito colours, each paired with its own shape.
SUIT_COLOR = {"H": (204, 51, 63), "C": (213, 135, 0), "N": (0, 114, 178), "S": (0, 140, 105)}
#: A card's rank, in a darker shade of its suit's colour: at least 4.5:1 against the cream
#: card (the candle's orange is under 3:1), so a rank reads at phone size.
RANK_INK = {"H": (176, 32, 48), "C": (150, 86, 0), "N": (0, 88, 146), "S": (0, 108, 80)}
WIDTH = 800
#: The margin around everything, and the gap between pieces.
M = 12
#: The smallest text drawn: 11 px once a phone shows the picture 400 px wide.
SMALL = 22
#: Bids read as bids: as large as the seat lines.
BID_SIZE = 24
HATCH: Color = (120, 120, 118)


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


@kept(8 * MB)
def _face(card_id: str, w: int, h: int, dim: bool) -> Image.Image:
    """A card's face, transparent outside its rounded corners: portrait (taller than wide) with
    the rank above the suit, or a landscape chip with the rank beside it. A card that may not
    be played now is grey and hatched, so "not playable" reads without colour too."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    pill(draw, (0, 0, w - 1, h - 1), CARD_DIM if dim else CARD, CARD_EDGE, 2, radius=9)
    suit, rank = card_id[0], card_id[1:]
    ink = (70, 70, 70) if dim else RANK_INK[suit]
    if h >= w:
        size = int(h * 0.35)
        text(draw, (w * 0.1, h * 0.02), rank, size, ink, bold=True)
        suit_icon(draw, suit, w * 0.56, h * 0.7, min(w, h) * 0.46)
    else:
        size, icon = int(h * 0.56), h * 0.54
        text(draw, (w * 0.08, h / 2), rank, size, ink, bold=True, anchor="lm")
        suit_icon(draw, suit, w - 6 - icon / 2, h / 2, icon)
    if dim:
        for k in range(-h, w, 14):
            draw.line(
                (max(k, 0), max(-k, 0), min(k + h, w - 1), min(h - 1, w - 1 - k)),
                fill=HATCH,
                width=1,
            )
    return img


def card(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    w: int,
    h: int,
    card_id: str,
    dim: bool = False,
    ring: Color | None = None,
    winner: bool = False,
) -> None:
    """A card at (x, y); `ring` draws a ring around it, `winner` a gold ring and star."""
    if winner:
        ring = GOLD
    if ring:
        pill(draw, (x - 6, y - 6, x + w + 6, y + h + 6), ring, radius=13)
    face = _face(card_id, w, h, dim)
    img.paste(face, (round(x), round(y)), face)
    if winner:  # a star on the corner: the winner is marked by shape as well as colour
        star(draw, x + w, y, 15, BG)
        star(draw, x + w, y, 12)


def bid_label(bid: BidView) -> str:
    """`Bid 3`, or `Bid 3 + red` with the red door."""
    return f"Bid {bid['purple']}" + (" + red" if bid["red"] else "")


def _round_shown(view: View) -> tuple[list[list[str | None]], list[int | None], list[str | None]]:
    """The cards the eras show — this round's, or between rounds (no card of the next one
    down yet) the round just scored — with each era's winner (None while playing) and its
    suit (the dial, or the scoring suit of a scored era)."""
    last = view["last_round"]
    if last is None or any(c for row in view["played"] for c in row):
        return view["played"], [None] * len(view["eras"]), view["dials"]
    tricks = last["tricks"]
    return last["played"], [t["winner"] for t in tricks], [t["suit"] for t in tricks]


def _banners(view: View, names: Sequence[str]) -> list[tuple[str, int, Color]]:
    """The lines above the eras: the winner once the game is over, and that the eras show the
    round just scored when they do."""
    lines = []
    if view["result"]:
        lines.append((result_line(view, names), 28, GOLD))
    if any(w is not None for w in _round_shown(view)[1]):
        lines.append(("Round scored: the winning cards are ringed", SMALL, INK))
    return lines


def _draw_banners(draw: ImageDraw.ImageDraw, lines: list[tuple[str, int, Color]]) -> int:
    """Draw the banner lines from the top; return the height they took."""
    y = M
    for line, size, color in lines:
        x = M + 4
        if size > SMALL:
            star(draw, x + 14, y + size / 2 + 2, 14)
            x += 36
        text(draw, (x, y), fit(line, size, WIDTH - x - M, True), size, color, bold=True)
        y += size + 18
    return y - M


# --------------------------------------------------------------------- the table

#: The table: the seats' column, an era's heading, a seat's row, a card in it.
SEAT_W, HEAD_H, ROW_H = 264, 104, 136
CARD_W, CARD_H = 86, 116


def table(view: View, names: Sequence[str]) -> bytes:
    """The eras as columns and the seats as rows: every card in the eras, each seat's bid and
    tricks won beside its row, the seat to act highlighted and the start marker starred."""
    n, eras = view["seats"], view["eras"]
    banners = _banners(view, names)
    top = M + _draw_height(banners)
    img, draw = canvas(WIDTH, top + HEAD_H + n * ROW_H + M)
    _draw_banners(draw, banners)
    played, winners, suits = _round_shown(view)
    col = (WIDTH - SEAT_W - M) // len(eras)
    for e, era in enumerate(eras):
        img.paste(_era_tile(era, suits[e], winners[e] is not None, col), (SEAT_W + e * col, top))
    to_act = set(view["to_act"])
    tiny = view["variant"] == "tiny_tim"
    for seat in range(n):
        y = top + HEAD_H + seat * ROW_H
        acting = seat in to_act
        made = view["bids"][seat]
        tile = _seat_tile(
            names[seat],
            acting,
            _holds_marker(view, seat),
            None if tiny else _bid_words_drawn(made, acting and view["phase"] == "bid"),
            None if made is None else (made["purple"], made["red"]),
            view["won"][seat],
        )
        img.paste(tile, (0, y))
        for e in range(len(eras)):
            x = SEAT_W + e * col + (col - CARD_W) // 2
            cy = y + (ROW_H - 8 - CARD_H) // 2
            if card_id := played[e][seat]:
                card(img, draw, x, cy, CARD_W, CARD_H, card_id, winner=winners[e] == seat)
            else:
                slot = _slot(CARD_W - 16, CARD_H - 16)
                img.paste(slot, (x + 8, cy + 8), slot)
    return png(img)


def _draw_height(banners: list[tuple[str, int, Color]]) -> int:
    return sum(size + 18 for _, size, _ in banners)


def _holds_marker(view: View, seat: int) -> bool:
    return view["marker"] == seat and not view["finished"]


def _bid_words_drawn(made: BidView | None, bidding: bool) -> str:
    """What a seat's bid line says when it holds no bid (`_seat_tile` draws a bid itself)."""
    return "" if made is not None else "bidding now" if bidding else "no bid yet"


@kept(2 * MB)
def _era_tile(era: str, suit: str | None, scored: bool, w: int) -> Image.Image:
    """An era's name over its dial: the suit's shape and name (the suit to follow, or once
    scored the scoring suit, on a gold-ringed token), or "any" while the dial is face down."""
    img, draw = canvas(w, HEAD_H)
    pill(draw, (4, 0, w - 4, HEAD_H - 12), PANEL, radius=14)
    cx, room = w / 2, w - 24
    name = ERA_NAME[era]
    size = _fitting(name, 26, room)
    text(draw, (cx, 10), name, size, INK, bold=True, anchor="ma")
    word = SUIT_NAME[suit] if suit else "any"
    icon = 26
    half = _TOKEN * icon if scored and suit else 13  # half the width of the dial's mark
    width = 2 * half + 10 + font(SMALL).getlength(word)
    icon_x = cx - width / 2 + half
    if width > room:  # four narrow eras: the dial's shape alone, larger
        word, icon_x, icon = "", cx, 34
    if suit:
        if scored:
            _scored_token(draw, icon_x, 64, icon)
        suit_icon(draw, suit, icon_x, 64, icon)
    else:
        text(draw, (icon_x, 64), "?", icon, MUTED, bold=True, anchor="mm")
    if word:
        text(draw, (icon_x + half + 10, 64), word, SMALL, INK if suit else MUTED, anchor="lm")
    return img


#: A scored era's token, in suit icons: its radius.
_TOKEN = 0.72


def _scored_token(draw: ImageDraw.ImageDraw, cx: float, cy: float, icon: float) -> None:
    """Behind a scored era's suit: a cream token ringed in gold, like the winning cards. The
    mark is on the suit, not a frame round the era's name (a frame hugging a word blurs
    into it at phone size)."""
    r = icon * _TOKEN
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CARD, outline=GOLD, width=3)


def _fitting(value: str, size: int, width: float) -> int:
    """The largest bold size from `size` down to `SMALL` at which `value` fits `width`."""
    while size > SMALL and font(size, True).getlength(value) > width:
        size -= 1
    return size


@kept(8 * MB)
def _seat_tile(
    name: str,
    acting: bool,
    marker: bool,
    note: str | None,
    made: tuple[int, bool] | None,
    won: int,
) -> Image.Image:
    """A seat's name (▶ when it is to act, a star when it holds the start marker), its bid
    (or `note` while it has none; no line at all when `note` is None: Tiny Tim has no bids)
    and the tricks it won this hand."""
    img, draw = canvas(SEAT_W, ROW_H)
    x, w = M, SEAT_W - M - 8
    fill, edge = (PANEL_HI, GOLD) if acting else (PANEL, None)
    pill(draw, (x, 0, x + w, ROW_H - 8), fill, edge, 3, radius=16)
    tiny = note is None  # no bid line: the two lines centred
    _name_line(draw, name, x + 14, 30 if tiny else 12, w - 28, acting, marker, 28)
    line = 76 if tiny else 56
    if not tiny:
        if made is not None:
            label = bid_label({"purple": made[0], "red": made[1]})
            text(draw, (x + 14, line), label, BID_SIZE, INK, bold=True)
        else:
            bidding = note == "bidding now"
            label = note or ""
            text(draw, (x + 14, line), label, BID_SIZE, GOLD if bidding else MUTED, bold=bidding)
        line += 38
    text(draw, (x + 14, line), f"{won} won", BID_SIZE, INK, bold=True)
    return img


def _name_line(
    draw: ImageDraw.ImageDraw,
    name: str,
    x: float,
    y: float,
    w: float,
    acting: bool,
    marker: bool,
    size: int,
) -> None:
    """`▶ Name ★`: the name shortened to leave room for the marks."""
    mark = "▶ " if acting else ""
    gap, r = size * 0.6, size / 2  # the start marker's star: a gap, then the star
    room = w - font(size, True).getlength(mark) - (gap + 2 * r if marker else 0)
    value = mark + fit(name, size, int(room), True)
    text(draw, (x, y), value, size, GOLD if acting else INK, bold=True)
    if marker:
        star(draw, x + font(size, True).getlength(value) + gap + r, y + size / 2 + 2, r)


@kept(MB)
def _slot(w: int, h: int) -> Image.Image:
    """An empty place for a card, transparent around it."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    empty_slot(ImageDraw.Draw(img), 0, 0, w - 1, h - 1)
    return img


# --------------------------------------------------------------------- a seat's hand

#: The hand picture's eras: the names' column, an era's heading, a seat's row, a card chip.
NAME_W, STRIP_HEAD, STRIP_ROW = 156, 54, 64
CHIP_W, CHIP_H = 104, 54
#: A suit's row of cards in the hand.
SUIT_W, SUIT_ROW = 112, 124
HAND_W, HAND_H = 82, 110


def hand(view: View, names: Sequence[str]) -> bytes:
    """A seat's own picture: while cards are played, every era's dial and cards this round
    (between rounds, the round just scored) with this seat's row marked, then its cards by
    suit, the playable ones ringed and the rest greyed and hatched. While bidding only the
    cards: the bids so far are in the text under the picture."""
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    banners = _banners(view, names)
    strip = view["phase"] != "bid"
    cards = view["hand"]
    height = M + _draw_height(banners)
    if strip:
        height += STRIP_HEAD + view["seats"] * STRIP_ROW + M
    if cards:
        height += 4 * SUIT_ROW
    img, draw = canvas(WIDTH, height + M)
    y = M + _draw_banners(draw, banners)
    if strip:
        _eras_strip(img, draw, view, names, y)
        y += STRIP_HEAD + view["seats"] * STRIP_ROW + M
    if cards:
        _suit_rows(img, draw, view, y)
    return png(img)


def _eras_strip(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], top: int
) -> None:
    """The table's eras, small: a column per era, a row per seat ("You" for this one)."""
    n, me, eras = view["seats"], view["seat"], view["eras"]
    played, winners, suits = _round_shown(view)
    pending = view.get("pending")
    open_eras = view["playable"].get(pending, []) if pending else []
    col = (WIDTH - NAME_W - M) // len(eras)
    for e, era in enumerate(eras):
        tile = _strip_head(era, suits[e], winners[e] is not None, col)
        img.paste(tile, (NAME_W + e * col, top))
    to_act = set(view["to_act"])
    for p in range(n):
        y = top + STRIP_HEAD + p * STRIP_ROW
        mine = p == me
        if mine:
            pill(draw, (M, y, WIDTH - M, y + STRIP_ROW - 6), PANEL, radius=12)
        who = "You" if mine else names[p]
        img.paste(_strip_name(who, p in to_act, _holds_marker(view, p), mine), (2 * M, y))
        for e, era in enumerate(eras):
            x = NAME_W + e * col + (col - CHIP_W) // 2
            cy = y + (STRIP_ROW - 6 - CHIP_H) // 2
            if card_id := played[e][p]:
                card(img, draw, x, cy, CHIP_W, CHIP_H, card_id, winner=winners[e] == p)
            elif mine and era in open_eras:  # where the picked card may go
                pill(draw, (x, cy, x + CHIP_W, cy + CHIP_H), BG, GREEN, 4, radius=9)
                text(draw, (x + CHIP_W / 2, cy + CHIP_H / 2), "open", SMALL, GREEN, True, "mm")
            else:
                slot = _slot(CHIP_W - 12, CHIP_H - 8)
                img.paste(slot, (x + 6, cy + 4), slot)


@kept(MB)
def _strip_head(era: str, suit: str | None, scored: bool, w: int) -> Image.Image:
    """An era's name and its dial's shape (on a gold-ringed token once scored), on one line."""
    img, draw = canvas(w, STRIP_HEAD)
    pill(draw, (4, 0, w - 4, STRIP_HEAD - 8), PANEL)
    name = ERA_NAME[era]
    size = _fitting(name, 24, w - 64)
    text(draw, (16, 23), name, size, INK, bold=True, anchor="lm")
    if suit:  # as far from the name as the column allows: the two read apart
        if scored:
            _scored_token(draw, w - 28, 23, 26)
        suit_icon(draw, suit, w - 28, 23, 26)
    else:
        text(draw, (w - 28, 23), "?", 24, MUTED, bold=True, anchor="mm")
    return img


@kept(MB)
def _strip_name(who: str, acting: bool, marker: bool, mine: bool) -> Image.Image:
    """A seat's name in the hand picture's eras, on its row's colour."""
    w = NAME_W - 3 * M
    img, draw = canvas(w, STRIP_ROW - 6, PANEL if mine else BG)
    _name_line(draw, who, 0, 16, w, acting, marker, SMALL + 2)
    return img


def _suit_rows(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, top: int) -> None:
    """The seat's cards, a row per suit; a long row overlaps its cards, ranks still showing."""
    img.paste(_suit_backdrop(), (0, top))
    playable = view["playable"]
    pending = view.get("pending")
    room = WIDTH - M - 8 - SUIT_W
    for k, suit in enumerate("HCNS"):
        y = top + k * SUIT_ROW
        held = [c for c in view["hand"] if c[0] == suit]
        if not held:
            text(draw, (SUIT_W + 8, y + (SUIT_ROW - 8) / 2), "none", 24, MUTED, anchor="lm")
        step = HAND_W + 10
        if len(held) > 1:
            step = min(step, (room - HAND_W) // (len(held) - 1))
        for i, c in enumerate(held):
            can = c in playable
            ring = GOLD if c == pending else (GREEN if can and not pending else None)
            x = SUIT_W + 8 + i * step
            dim = bool(playable) and not can
            card(img, draw, x, y + 6, HAND_W, HAND_H, c, dim=dim, ring=ring)


@kept(4 * MB)
def _suit_backdrop() -> Image.Image:
    """The hand's four suit rows without cards, each led by its suit's shape: the shape on
    the cards, so no name is needed (a name beside the cards was a blur at phone size)."""
    img, draw = canvas(WIDTH, 4 * SUIT_ROW)
    for k, suit in enumerate("HCNS"):
        y = k * SUIT_ROW
        pill(draw, (M, y, WIDTH - M, y + SUIT_ROW - 8), PANEL, radius=14)
        suit_icon(draw, suit, M + SUIT_W / 2 - 8, y + (SUIT_ROW - 8) / 2, 56)
    return img


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("play", 6, "mid-round"),
    ("trick", 3, "end-of-round"),
    ("hand_scored", 1, "end-of-hand"),
)
