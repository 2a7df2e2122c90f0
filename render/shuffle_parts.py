"""Holiday Shuffle drawing pieces: card faces at three sizes and a whole mat as a row.

Pictures are 800 px wide, so no text is under 22 px (`smallest_text(800)`): 11 px when a phone
shows the picture 400 px wide. A card's type shows twice over, colour and shape: a Holiday's
band is blue, a Celebration's orange with a star on the card, a Wild's purple and says WILD;
on the seat's own mat the types are shapes (● ★ ◆). Every piece is kept (`kept`), so a
picture mostly pastes pieces drawn for an earlier one.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.shuffle import cards as C
from render.common import (
    BG,
    GOLD,
    GREEN,
    INK,
    MB,
    MUTED,
    PANEL,
    PANEL_HI,
    font,
    kept,
    pill,
    star,
    text,
)

Color = tuple[int, int, int]

WIDTH = 800
#: The smallest text drawn (`smallest_text(WIDTH)`); labels use a little more.
SMALL = 22
LABEL = 24

# Okabe–Ito hues, darkened so that white words on them keep a contrast of 5.5:1 or more
# (small white months on a band); each type also has a shape or a word.
TYPE_COLOR: dict[str, Color] = {
    C.HOLIDAY: (0, 82, 138),
    C.CELEBRATION: (160, 64, 0),
    C.WILD: (125, 55, 120),
}
EFFECT_MARK = {C.SWITCH: "SWITCH", C.TRADE: "TRADE", C.EXTRA: "+TURN"}
#: Light versions of the type colours, for words on the dark ground.
TYPE_INK: dict[str, Color] = {
    C.HOLIDAY: (120, 190, 240),
    C.CELEBRATION: (245, 150, 80),
    C.WILD: (215, 150, 205),
}


BACK: Color = (60, 40, 90)


# --------------------------------------------------------------------- a mat's small card

#: A small card: ten of them make a mat's row across the picture.
TILE_W, TILE_H, TILE_GAP = 72, 100, 6
TILE_BAND = 38
TILE_BODY: Color = (44, 66, 88)
#: Where the first of ten tiles starts, so that the row is centred.
TILE_X0 = (WIDTH - 10 * TILE_W - 9 * TILE_GAP) // 2


@kept(4 * MB)
def tile(card_id: str, wild_day: int | None) -> Image.Image:
    """A small card: the month on the type's band, the day large below, a Celebration's star
    beside it. A Wild says WILD on its band, and once given a date at the end of a round shows
    that date below. Light words on dark, like the rest of the picture: cards of one polarity
    with no outline read best when small (tesseract agrees, see bench.legibility)."""
    w, h, band = TILE_W, TILE_H, TILE_BAND
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    kind = C.kind(card_id)
    pill(draw, (0, 0, w, h), TILE_BODY, radius=8)
    draw.rounded_rectangle((0, 0, w, band), radius=8, fill=TYPE_COLOR[kind])
    body = (band + h) / 2
    if kind == C.WILD:
        text(draw, (w / 2, band / 2 + 1), "WILD", SMALL, INK, True, "mm")
        if wild_day is None:
            text(draw, (w / 2, body), "any", SMALL, INK, anchor="mm")
        else:
            mon, day = C.date_text(wild_day).split()
            text(draw, (w / 2, band + 15), mon.upper(), LABEL, TYPE_INK[kind], True, "mm")
            text(draw, (w / 2, band + 45), day, 30, TYPE_INK[kind], True, "mm")
        return img
    mon, day = C.short(card_id).split()
    text(draw, (w / 2, band / 2 + 1), mon.upper(), 26, INK, True, "mm")
    if kind == C.CELEBRATION:
        text(draw, (w / 2 - 6, body), day, 34, INK, True, "mm")
        star(draw, w - 11, band + 13, 8, TYPE_INK[kind])
    else:
        text(draw, (w / 2, body), day, 36, INK, True, "mm")
    return img


#: A mat's row: its label line (the owner's name large, as the first thing an eye looks for,
#: then the count in order), the ten tiles, the bar under the cards in order.
ROW_LABEL = 48
NAME_ON_ROW = 30
ROW_H = ROW_LABEL + TILE_H + 22


@kept(8 * MB)
def mat_row(
    name: str,
    mat: tuple[str, ...],
    wilds: tuple[tuple[int, int], ...],
    in_order: int,
    mark: str,
    tag: str,
) -> Image.Image:
    """One player's mat across the picture: its owner's name, how many cards are in order and
    a tag (dealer, a round's points), the ten tiles, a green bar under the cards in order. A
    `mark` (▶ to act, ★ won the round) goes before the name and outlines the row in gold.
    Kept whole: most moves change one or two mats, so the others are pasted as they were."""
    img = Image.new("RGB", (WIDTH, ROW_H), BG)
    draw = ImageDraw.Draw(img)
    hi = bool(mark)
    pill(
        draw,
        (4, 0, WIDTH - 4, ROW_H - 6),
        PANEL_HI if hi else PANEL,
        GOLD if hi else None,
        3,
        radius=12,
    )
    label = f"{mark} {name}" if mark else name
    text(draw, (TILE_X0 + 2, 7), label, NAME_ON_ROW, GOLD if hi else INK, True)
    x = TILE_X0 + 18 + font(NAME_ON_ROW, True).getlength(label)
    counted = in_order_text(in_order)
    text(draw, (x, 9), counted, 28, GREEN, True)
    if tag:
        text(draw, (WIDTH - TILE_X0 - 2, 11), tag, LABEL, MUTED, anchor="ra")
    days = dict(wilds)
    for k, card_id in enumerate(mat):
        face = tile(card_id, days.get(k))
        img.paste(face, (TILE_X0 + k * (TILE_W + TILE_GAP), ROW_LABEL), face)
    right = TILE_X0 + in_order * (TILE_W + TILE_GAP) - TILE_GAP
    if in_order:
        y = ROW_LABEL + TILE_H + 5
        draw.rounded_rectangle((TILE_X0, y, right, y + 8), radius=4, fill=GREEN)
    return img


# --------------------------------------------------------------------- a large card


FACE_W, FACE_H = 124, 166


@kept(2 * MB)
def face(card_id: str) -> Image.Image:
    """A large card (the one in play), drawn like the small ones: the month on the type's
    band, the day large, a Celebration's star and effect word."""
    w, h = FACE_W, FACE_H
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    kind = C.kind(card_id)
    pill(draw, (0, 0, w, h), TILE_BODY, radius=10)
    band = 46
    draw.rounded_rectangle((0, 0, w, band), radius=10, fill=TYPE_COLOR[kind])
    ink = TYPE_INK[kind]
    if kind == C.WILD:
        text(draw, (w / 2, band / 2 + 1), "WILD", 30, INK, True, "mm")
        text(draw, (w / 2, 104), "any date", SMALL, INK, anchor="mm")
        return img
    mon, day = C.short(card_id).split()
    text(draw, (w / 2, band / 2 + 1), mon.upper(), 30, INK, True, "mm")
    if kind == C.CELEBRATION:
        text(draw, (w / 2 - 10, 96), day, 50, INK, True, "mm")
        star(draw, w - 18, band + 20, 12, ink)
        text(draw, (w / 2, 148), EFFECT_MARK[C.EFFECT[card_id]], SMALL, ink, True, "mm")
    else:
        text(draw, (w / 2, 104), day, 54, INK, True, "mm")
    return img


PILE_W, PILE_H = 96, 128


@kept(1 * MB)
def back(count: int) -> Image.Image:
    """The draw pile: a card back with how many cards it holds."""
    w, h = PILE_W, PILE_H
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    pill(draw, (0, 0, w, h), BACK, radius=10)
    text(draw, (w / 2, h / 2), str(count), 34, INK, True, "mm")
    return img


# --------------------------------------------------------------------- a line of one's own mat

#: A slot of the seat's own mat, as a line: slot number, type mark, date, the holiday's whole
#: name. Plain lines of text on the dark ground, striped: boxes and badges around short words
#: are what makes small text hard to read (for an OCR engine too). The date is a column of its
#: own, months left and days right-aligned, so that at phone size month and day stay apart
#: (`JUN 14`, not `JUN14`) and a mat's order reads down the column.
LINE_H = 60
DATE_X = 110
DATE_SIZE = 30
#: Where the day column ends: the widest month, a clear gap, two digits.
DAY_RIGHT = 244
NAME_X = 262
NAME_SIZE = 26


def type_mark(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float) -> None:
    """A card type as a shape in its colour: ● Holiday, ★ Celebration, ◆ Wild."""
    col = TYPE_INK[kind]
    if kind == C.HOLIDAY:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col)
    elif kind == C.CELEBRATION:
        star(draw, cx, cy, r * 1.45, col)
    else:
        k = r * 1.25
        draw.polygon([(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)], fill=col)


@kept(4 * MB)
def mat_line(
    slot: int, card_id: str, in_order: bool, picked: bool, wild_day: int | None
) -> Image.Image:
    """Slot `slot` of the seat's own mat: a green bar and a green number when the card is in
    order from slot 1 (a grey number when not), the type's mark, the date, the holiday's name
    in full and a Celebration's effect. A slot picked for a switch or trade is ringed in gold."""
    img = Image.new("RGB", (WIDTH, LINE_H), PANEL if slot % 2 else BG)
    draw = ImageDraw.Draw(img)
    mid = LINE_H / 2
    if picked:
        draw.rounded_rectangle((2, 1, WIDTH - 3, LINE_H - 2), 10, outline=GOLD, width=4)
    if in_order:
        draw.rounded_rectangle((8, 2, 14, LINE_H - 2), radius=3, fill=GREEN)
    text(draw, (58, mid), str(slot), 26, GREEN if in_order else MUTED, True, "rm")
    kind = C.kind(card_id)
    type_mark(draw, kind, 82, mid, 11)
    if kind == C.WILD:
        named = "Wild card: any date"
        if wild_day is None:
            text(draw, (DATE_X, mid), "WILD", DATE_SIZE, TYPE_INK[kind], True, "lm")
        else:
            _date(draw, C.date_text(wild_day), mid, TYPE_INK[kind])
            named = "Wild card, scored as this date"
        text(draw, (NAME_X, mid), named, NAME_SIZE, MUTED, anchor="lm")
        return img
    _date(draw, C.short(card_id), mid, INK)
    name = C.NAME[card_id]
    text(draw, (NAME_X, mid), name, NAME_SIZE, INK, anchor="lm")
    if kind == C.CELEBRATION:
        mark = EFFECT_MARK[C.EFFECT[card_id]]
        left = NAME_X + font(NAME_SIZE).getlength(name) + 14
        text(draw, (left, mid), mark, LABEL, TYPE_INK[kind], True, "lm")
    return img


def _date(draw: ImageDraw.ImageDraw, short: str, mid: float, ink: Color) -> None:
    """`Jun 14` as the date column: `JUN` from DATE_X, `14` right-aligned on DAY_RIGHT."""
    mon, day = short.split()
    text(draw, (DATE_X, mid), mon.upper(), DATE_SIZE, ink, True, "lm")
    text(draw, (DAY_RIGHT, mid), day, DATE_SIZE, ink, True, "rm")


def in_order_text(n: int) -> str:
    """`✓ 3 in order`, with an en space between the words: at phone size a plain space
    closes up and the two words run together."""
    return "✓\u2002all\u200210\u2002in\u2002order" if n == 10 else f"✓\u2002{n}\u2002in\u2002order"


def wild_days(wilds: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    """A score row's `[slot, day]` Wilds as a hashable key."""
    return tuple((slot, day) for slot, day in wilds)
