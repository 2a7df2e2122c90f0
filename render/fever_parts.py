"""Drawing pieces for Holiday Fever: the town ring and the December calendar (drawn once per
set of colours and pasted), tokens, dice, the little tree, Gift cards and the Stocking.

Every town space carries a short label of its own plus what it does, so the board reads on a
phone without the rules at hand; the kinds are told apart by fill as well as by words.
Businesses are a pale tint of their family's colour under a full-colour bar, so a token in
that colour still stands out on its own business.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.fever.board import (
    CALENDAR,
    FAMILIES,
    ONE_DIE_FROM,
    TRACK,
    Day,
    Family,
    Space,
)
from render.common import (
    BG,
    CARD,
    GOLD,
    MB,
    MUTED,
    PANEL,
    SLOT_EDGE,
    Color,
    canvas,
    fit,
    font,
    kept,
    star,
    text,
)

Draw = ImageDraw.ImageDraw

DARK: Color = (28, 30, 34)
WHITE: Color = (255, 255, 255)
FAMILY_RGB: dict[str, Color] = {
    "red": (214, 48, 56),
    "orange": (240, 136, 20),
    "yellow": (240, 214, 50),
    "green": (40, 170, 90),
    "blue": (50, 120, 230),
    "purple": (164, 80, 200),
}
LIGHT_FAMILIES = {"orange", "yellow", "green"}  # dark ink reads better on these
TREE_GREEN: Color = (34, 120, 64)
BULB: Color = (255, 226, 90)
BAUBLE: Color = (226, 60, 70)
HOLE: Color = (20, 58, 36)
WRAP: Color = (176, 42, 52)
RIBBON: Color = (240, 196, 80)
COAL: Color = (54, 54, 58)

# ----------------------------------------------------------------------------- geometry
CELL = 70  # a town space; the ring is 11 cells a side (40 spaces)
RING = 11 * CELL
DAY_W, DAY_H, DAY_GAP = 114, 90, 6  # a December day in the ring's middle
CAL_X = CELL + (9 * CELL - 5 * DAY_W - 4 * DAY_GAP) // 2  # calendar's left, in board pixels
CAL_Y = CELL + 44  # the Family Reunion's top; days follow below
REUNION_H = 56


def ring_cell(k: int) -> tuple[int, int]:
    """Column and row (0–10) of town space k: 0 top left, clockwise along the top first."""
    side, step = divmod(k % 40, 10)
    return [(step, 0), (10, step), (10 - step, 10), (0, 10 - step)][side]


def cell_box(k: int) -> tuple[int, int]:
    """The top-left corner of town space k, in board pixels."""
    col, row = ring_cell(k)
    return col * CELL, row * CELL


def day_box(day: int) -> tuple[int, int, int, int]:
    """The box of December day `day` (0 = the Family Reunion), in board pixels."""
    if day == 0:
        return CAL_X, CAL_Y, CAL_X + 5 * DAY_W + 4 * DAY_GAP, CAL_Y + REUNION_H
    row, col = divmod(day - 1, 5)
    x = CAL_X + col * (DAY_W + DAY_GAP)
    y = CAL_Y + REUNION_H + DAY_GAP + row * (DAY_H + DAY_GAP)
    return x, y, x + DAY_W, y + DAY_H


def token_offset(seat: int) -> tuple[int, int]:
    """Where seat's token sits inside a town cell: three across, two rows, at the bottom."""
    return 13 + (seat % 3) * 22, 46 + (seat // 3) * 15


def day_token_offset(day: int, seat: int) -> tuple[int, int]:
    """Where seat's token sits in a December box: one row along the bottom."""
    if day == 0:
        return 210 + seat * 26, REUNION_H // 2
    return 13 + seat * 18, DAY_H - 15


# ----------------------------------------------------------------------------- labels
_STORE_SHORT = {
    "Gingerbread Grocery": "Grocery",
    "Northern Lights": "N. Lights",
    "Snowflake Sweets": "Sweets",
    "Jingle Bell Toys": "Toys",
    "Tinsel Town Treasures": "Tinsel",
    "Mistletoe Mall": "Mall",
    "Candy Cane Corner": "Candy C.",
    "Frosty's Outlet": "Outlet",
    "Reindeer Games": "Reindeer",
    "Holiday Pawn": "Pawn",
    "Nobel Books": "Books",
}
_BUSINESS_SHORT = {
    "red": "Auto",
    "orange": "Hearth",
    "yellow": "Bakery",
    "green": "Trees",
    "blue": "Savings",
    "purple": "Plum Co.",
}


def space_label(space: Space) -> tuple[str, str]:
    """Two short lines for a town space: what it is, then what it does."""
    kind = space.kind
    if kind == "store":
        return _STORE_SHORT[space.name], f"{space.items} for ${space.price}"
    if kind == "pawn":
        return _STORE_SHORT[space.name], f"1 · ${space.price}"
    if kind == "business":
        assert space.colour is not None, "a business has its family's colour"
        return _BUSINESS_SHORT[space.colour], f"${space.pay}"
    return {
        "white_elephant": ("White", "Elephant"),
        "naughty_or_nice": ("Naughty", "or Nice"),
        "donation": ("Charity", "$50 ★"),
        "estate_sale": ("Estate", "Sale"),
        "miracle": ("Miracle", f"double {space.doubles}"),
        "institution": ("Institute", "free ★"),
        "cook_off": ("Chili", "+$300 ★"),
        "vacation": ("Vacation", "−$150 ★"),
        "auction": ("Auction", "guess"),
    }[kind]


def short_place(space: Space) -> str:
    """A town space in a few words, for a panel's "where" line."""
    if space.kind in ("store", "pawn"):
        return _STORE_SHORT[space.name]
    if space.kind == "business":
        assert space.colour is not None, "a business has its family's colour"
        return _BUSINESS_SHORT[space.colour]
    return {
        "white_elephant": "White Elephant",
        "naughty_or_nice": "Naughty or Nice",
        "donation": "Charity",
        "estate_sale": "Estate Sale",
        "miracle": "Miracle",
        "institution": "Institute",
        "cook_off": "Chili",
        "vacation": "Vacation",
        "auction": "Auction",
    }[space.kind]


_DAY_SHORT = {
    "Naughty-or-Nice": "Naughty/Nice",
    "Advent Begins": "Advent",
    "Cookie Exchange": "Cookies",
    "Snow Shoveling": "Shovel",
    "Holiday Card Mail": "Cards",
    "St. Nicholas Day": "St. Nick",
    "Ugly Sweater Party": "Sweater",
    "Office Party": "Office",
    "Holiday Travel": "Travel",
    "Year-End Bonus": "Bonus",
    "Tangled Lights": "Tangled",
    "Gift Wrapping": "Wrapping",
    "Winter Concert": "Concert",
    "Bake Sale": "Bake Sale",
    "Last-Minute Shopping": "Shopping",
    "Toy Drive": "Toy Drive",
    "Winter Solstice": "Solstice",
    "Flight Delay": "Flight",
    "Cookies for Santa": "Santa",
    "Christmas Eve": "Xmas Eve",
}


def day_label(day: Day) -> tuple[str, str]:
    """A December day's short name, and its effect in a few characters ("" if a name says it)."""
    name = _DAY_SHORT.get(day.name, day.name)
    what = {
        "collect": f"+${day.collect}",
        "pay": f"−${day.pay}",
        "speech": "★",
        "carol": "★",
        "donation": "★",
        "value": "+Value",
        "lose_light": "−Light",
        "shopping": "−$150",
    }.get(day.kind, "")
    return name, what


# ----------------------------------------------------------------------------- colours
_FILL: dict[str, Color] = {
    "white_elephant": (236, 232, 220),
    "naughty_or_nice": (44, 110, 72),
    "store": (246, 238, 214),
    "pawn": (222, 206, 170),
    "donation": (120, 84, 160),
    "institution": (120, 84, 160),
    "cook_off": (120, 84, 160),
    "vacation": (120, 84, 160),
    "estate_sale": (70, 96, 150),
    "auction": (70, 96, 150),
    "miracle": (196, 150, 40),
}
#: The key to the board's colours, for the side column when it has room: (kind, words).
LEGEND: tuple[tuple[str, str], ...] = (
    ("store", "Store: items for one price"),
    ("pawn", "Pawn, Books: buy or sell one"),
    ("business", "Business: $200 to its family"),
    ("naughty_or_nice", "Naughty or Nice: draw a card"),
    ("donation", "★ Speech for a star"),
    ("estate_sale", "Estate Sale, Auction: get a Gift"),
    ("miracle", "Miracle: doubles next roll $720"),
)
_DARK_INK_KINDS = {"white_elephant", "store", "pawn", "miracle", "business"}


def tint(rgb: Color, amount: float) -> Color:
    """`rgb` mixed with white (amount 1 = white)."""
    r, g, b = rgb
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


# ----------------------------------------------------------------------------- the board


@kept(24 * MB)
def bare_board(colours: tuple[str, ...]) -> Image.Image:
    """The ring of 40 spaces and the December calendar without tokens, for the colours at
    the table (an unplayed colour's business is grey). Drawn once per game, then pasted."""
    img, draw = canvas(RING, RING, BG)
    draw.rectangle((CELL, CELL, 10 * CELL, 10 * CELL), fill=PANEL)
    for space in TRACK:
        _space(draw, space, colours)
    _calendar(draw)
    return img


def _space(draw: Draw, space: Space, colours: tuple[str, ...]) -> None:
    x, y = cell_box(space.pos)
    ink = DARK if space.kind in _DARK_INK_KINDS else WHITE
    if space.kind == "business":
        assert space.colour is not None, "a business has its family's colour"
        played = space.colour in colours
        full = FAMILY_RGB[space.colour] if played else (120, 120, 120)
        draw.rectangle((x, y, x + CELL, y + CELL), fill=tint(full, 0.62 if played else 0.4))
        draw.rectangle((x, y, x + CELL, y + 7), fill=full)
    else:
        draw.rectangle((x, y, x + CELL, y + CELL), fill=_FILL[space.kind])
    if space.kind == "naughty_or_nice":  # half red, half green
        draw.polygon([(x, y), (x + CELL, y), (x, y + CELL)], fill=(170, 44, 52))
    draw.rectangle((x, y, x + CELL, y + CELL), outline=DARK, width=1)
    top, bottom = space_label(space)
    text(draw, (x + 3, y + 9), fit(top, 13, CELL - 4, True), 13, ink, True)
    text(draw, (x + 3, y + 24), fit(bottom, 12, CELL - 4), 12, ink)
    text(draw, (x + CELL - 3, y + CELL - 2), str(space.pos), 10, ink, anchor="rd")


def swatch(draw: Draw, x: float, y: float, kind: str, s: int = 18) -> None:
    """A small square in a kind of space's fill (businesses in a neutral tint)."""
    fill = _FILL.get(kind, tint(FAMILY_RGB["blue"], 0.62))
    draw.rectangle((x, y, x + s, y + s), fill=fill, outline=DARK)
    if kind == "naughty_or_nice":
        draw.polygon([(x, y), (x + s, y), (x, y + s)], fill=(170, 44, 52))
    if kind == "business":
        draw.rectangle((x, y, x + s, y + 4), fill=FAMILY_RGB["blue"])


def _calendar(draw: Draw) -> None:
    left = CAL_X
    text(draw, (left, CELL + 10), "December", 24, GOLD, True)
    text(
        draw,
        (left + 5 * DAY_W + 4 * DAY_GAP, CELL + 16),
        "one die from the 12th",
        15,
        MUTED,
        anchor="ra",
    )
    x0, y0, x1, y1 = day_box(0)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=(74, 60, 110), outline=GOLD, width=2)
    text(draw, (x0 + 12, y0 + 8), "Family Reunion", 19, WHITE, True)
    text(draw, (x0 + 12, y0 + 32), "give a Gift ★", 14, (220, 210, 240))
    for day in CALENDAR[1:]:
        x0, y0, x1, y1 = day_box(day.day)
        xmas = day.day == 25
        fill = (232, 196, 70) if xmas else (CARD if day.day < ONE_DIE_FROM else (214, 226, 236))
        draw.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=fill, outline=SLOT_EDGE, width=1)
        text(draw, (x0 + 6, y0 + 3), str(day.day), 22, (150, 30, 40) if xmas else DARK, True)
        name, what = ("Christmas!", "") if xmas else day_label(day)
        ink = (30, 120, 60) if what.startswith("+") else (170, 40, 50)
        text(draw, (x1 - 6, y0 + 8), what, 15, (190, 130, 0) if what == "★" else ink, True, "ra")
        text(draw, (x0 + 6, y0 + 31), fit(name, 15, DAY_W - 10), 15, DARK)


# ----------------------------------------------------------------------------- pieces


def token(draw: Draw, cx: float, cy: float, r: float, colour: str, letter: str) -> None:
    """A family's token: a disc in its colour with a dark rim and the family's letter."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=FAMILY_RGB[colour], outline=DARK, width=2)
    ink = DARK if colour in LIGHT_FAMILIES else WHITE
    text(draw, (cx, cy + 1), letter, int(r * 1.15), ink, True, "mm")


_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die(draw: Draw, x: float, y: float, s: float, face: int) -> None:
    """A white die, s pixels square, showing `face` as pips."""
    draw.rounded_rectangle((x, y, x + s, y + s), radius=s * 0.18, fill=CARD, outline=DARK, width=2)
    r, step = s * 0.09, s * 0.27
    for dx, dy in _PIPS.get(face, ()):
        cx, cy = x + s / 2 + dx * step, y + s / 2 + dy * step
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DARK)


def little_tree(draw: Draw, x: float, y: float, lights: int, ornaments: int) -> None:
    """A tree 84 wide and 96 high: three bulbs on a garland and three baubles; missing
    decorations are dark holes, and a full tree gets its gold star."""
    cx = x + 42
    draw.polygon([(cx, y + 10), (x + 80, y + 84), (x + 4, y + 84)], fill=TREE_GREEN)
    draw.rectangle((cx - 7, y + 84, cx + 7, y + 96), fill=(110, 72, 40))
    draw.line((x + 24, y + 46, x + 62, y + 72), fill=(210, 200, 160), width=2)
    for k, (bx, by) in enumerate(((x + 28, y + 49), (x + 43, y + 59), (x + 58, y + 69))):
        on = k < lights
        draw.ellipse(
            (bx - 6, by - 4, bx + 6, by + 10),
            fill=BULB if on else HOLE,
            outline=DARK if on else (60, 100, 70),
        )
        draw.rectangle((bx - 3, by - 6, bx + 3, by - 2), fill=(150, 150, 150))
    for k, (ox, oy) in enumerate(((cx, y + 34), (x + 22, y + 72), (x + 64, y + 50))):
        on = k < ornaments
        draw.ellipse(
            (ox - 7, oy - 7, ox + 7, oy + 7),
            fill=BAUBLE if on else HOLE,
            outline=DARK if on else (60, 100, 70),
        )
        if on:
            draw.ellipse((ox - 3, oy - 4, ox, oy - 1), fill=(255, 190, 190))
    full = lights >= 3 and ornaments >= 3
    star(draw, cx, y + 9, 9, GOLD if full else (90, 110, 96))


def stocking(draw: Draw, x: float, y: float, s: float) -> None:
    """A Christmas stocking about s pixels high with its top-left at (x, y)."""
    w = s * 0.5
    draw.rectangle((x + s * 0.1, y + s * 0.22, x + s * 0.1 + w, y + s * 0.75), fill=(220, 40, 50))
    draw.ellipse((x - s * 0.05, y + s * 0.55, x + s * 0.1 + w, y + s), fill=(220, 40, 50))
    draw.rectangle((x, y, x + s * 0.2 + w, y + s * 0.25), fill=WHITE, outline=DARK)


def gift_back(draw: Draw, x: float, y: float, w: float, h: float, edge: Color = DARK) -> None:
    """A face-down Gift: wrapping paper with a ribbon."""
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=WRAP, outline=edge, width=2)
    cx = x + w / 2
    draw.rectangle((cx - w * 0.08, y + 2, cx + w * 0.08, y + h - 2), fill=RIBBON)
    draw.rectangle((x + 2, y + h * 0.42, x + w - 2, y + h * 0.54), fill=RIBBON)


def lines_in(value: str, size: int, width: float, bold: bool, most: int) -> list[str]:
    """`value` broken into at most `most` lines of `width` pixels (the last one shortened)."""
    f = font(size, bold)
    out: list[str] = []
    words = value.split()
    while words and len(out) < most:
        line = words.pop(0)
        while words and f.getlength(line + " " + words[0]) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out[-1] = out[-1] + " " + " ".join(words)
    return [fit(line, size, int(width), bold) for line in out]


def gift_face(
    draw: Draw,
    x: float,
    y: float,
    w: float,
    h: float,
    name: str,
    coal: bool,
    size: int,
    pad: int = 0,
) -> None:
    """A Gift turned up: its name on a card (Coal on a dark one), centred below `pad` pixels
    kept free at the top."""
    fill, ink = (COAL, WHITE) if coal else (CARD, DARK)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=fill, outline=RIBBON, width=2)
    longest = max((font(size, True).getlength(word) for word in name.split()), default=0)
    if longest > w - 6 and size > 9:  # one long word: a size smaller rather than cut
        size -= 1 if longest <= (w - 6) * (size / (size - 1)) else 2
    rows = lines_in(name, size, w - 6, True, 3 if h - pad > 3.6 * size else 2)
    top = y + (h + pad) / 2 - (len(rows) * (size + 2)) / 2
    for k, row in enumerate(rows):
        text(draw, (x + w / 2, top + k * (size + 2)), row, size, ink, True, "ma")


def initials(names: Sequence[str]) -> list[str]:
    """Per seat, the letter on its token: the name's initial, or the seat number when two
    families would share a letter (or a name has no letter the font draws)."""
    letters = [n.strip()[:1].upper() for n in names]
    if len(set(letters)) < len(letters) or not all(c.isalnum() and ord(c) < 0x500 for c in letters):
        return [str(k + 1) for k in range(len(names))]
    return letters


#: A family by its colour as a view spells it (a plain string).
FAMILY_BY: dict[str, Family] = {f.colour: f for f in FAMILIES}


def flag(draw: Draw, x: float, y: float) -> None:
    """A chequered race flag on a pole, 34 × 36."""
    draw.rectangle((x, y, x + 3, y + 36), fill=(200, 200, 200))
    for r in range(3):
        for c in range(4):
            fill = DARK if (r + c) % 2 else (250, 250, 250)
            draw.rectangle((x + 4 + c * 7, y + r * 7, x + 10 + c * 7, y + 6 + r * 7), fill=fill)
