"""Drawing pieces for Holiday Fever: the town ring and the December calendar (drawn once per
set of colours and kept), tokens, dice, the little tree, Gift cards and the Stocking.

Every picture is 800 px wide, so no text is under 22 px (see `render.common.smallest_text`).
A town space is 72 px square: its fill tells its kind (as the board's key in the "Town"
detail says), with drawn marks (stars, dice, a parcel per store item) and a short label only
where the mark cannot say it (a speech space's cost or payout, a Gift space's verb); prices and
full names live in text. A December day shows its number and its effect (in the Race, when the
days do nothing, only its number). Businesses are a pale tint of their family's colour under a
full-colour bar, so a token in that colour still stands out on its own business.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.fever.board import CALENDAR, FAMILIES, ONE_DIE_FROM, TRACK, Day, Family, Space
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
NN_RED: Color = (170, 44, 52)
NN_GREEN: Color = (44, 110, 72)

# ----------------------------------------------------------------------------- geometry
WIDTH = 800  # every Fever picture
SMALL = 22  # the smallest text in it: 11 px once shown 400 px wide
CELL = 72  # a town space; the ring is 11 cells a side (40 spaces)
MARGIN = 4  # around the ring
RING = 11 * CELL
TOKEN_R = 16  # a token's radius: room for a 22 px letter
INNER = CELL  # the calendar's left and top, in board pixels
INNER_W = 9 * CELL  # the inside of the ring
DAY_W, DAY_H, DAY_GAP = 124, 100, 5  # a December day
CAL_TITLE = 40  # the calendar's title row
REUNION_H = 58


def ring_cell(k: int) -> tuple[int, int]:
    """Column and row (0–10) of town space k: 0 top left, clockwise along the top first."""
    side, step = divmod(k % 40, 10)
    return [(step, 0), (10, step), (10 - step, 10), (0, 10 - step)][side]


def cell_box(k: int) -> tuple[int, int]:
    """The top-left corner of town space k, in board pixels."""
    col, row = ring_cell(k)
    return col * CELL, row * CELL


def _inward(k: int) -> tuple[int, int]:
    """The step from town space k towards the middle: a corner's is diagonal."""
    side, step = divmod(k % 40, 10)
    if step == 0:
        return [(1, 1), (-1, 1), (-1, -1), (1, -1)][side]
    return [(0, 1), (-1, 0), (0, -1), (1, 0)][side]


def token_spots(k: int, count: int) -> list[tuple[int, int]]:
    """Where `count` tokens on town space k stand, in board pixels, in seat order: one or two
    side by side under the label, three or four two by two, a fifth and sixth on the next
    cell inwards (drawn over the middle, which keeps that band clear of words)."""
    x, y = cell_box(k)
    lo, hi, mid = TOKEN_R + 3, CELL - TOKEN_R - 3, CELL // 2
    if count == 1:
        return [(x + mid, y + hi)]
    if count == 2:
        return [(x + lo, y + hi), (x + hi, y + hi)]
    grid = [(x + lo, y + lo), (x + hi, y + lo), (x + lo, y + hi), (x + hi, y + hi)]
    dx, dy = _inward(k)
    nx, ny = x + dx * CELL, y + dy * CELL
    return [*grid, (nx + lo, ny + mid), (nx + hi, ny + mid)][:count]


def day_box(day: int) -> tuple[int, int, int, int]:
    """The box of December day `day` (0 = the Family Reunion), in board pixels."""
    left = INNER + (INNER_W - 5 * DAY_W - 4 * DAY_GAP) // 2
    top = INNER + CAL_TITLE
    if day == 0:
        return left, top, left + 5 * DAY_W + 4 * DAY_GAP, top + REUNION_H
    row, col = divmod(day - 1, 5)
    x = left + col * (DAY_W + DAY_GAP)
    y = top + REUNION_H + DAY_GAP + row * (DAY_H + DAY_GAP)
    return x, y, x + DAY_W, y + DAY_H


def day_spots(day: int, count: int) -> list[tuple[int, int]]:
    """Where `count` tokens on December day `day` stand, in board pixels, in seat order: a
    row along the bottom of the day (the Reunion's right end), closer together when many."""
    x0, y0, x1, y1 = day_box(day)
    step = 2 * TOKEN_R + 4
    if day == 0:
        cy, right = (y0 + y1) // 2, x1 - TOKEN_R - 8
        return [(right - (count - 1 - k) * step, cy) for k in range(count)]
    room = x1 - x0 - 2 * TOKEN_R - 8
    step = min(step, room // max(1, count - 1))
    cy = y1 - TOKEN_R - 5
    return [(x0 + TOKEN_R + 4 + k * step, cy) for k in range(count)]


# ----------------------------------------------------------------------------- labels


def day_label(day: Day) -> str:
    """A December day's effect in a few characters, "" when its mark says it (a ★ for a
    speech, the red-and-green corner for a card); the days' names are in the "December"
    detail. Last-Minute Shopping's Gift and Value are its parcel mark."""
    return {
        "collect": f"+${day.collect}",
        "pay": f"−${day.pay}",
        "shopping": f"−${day.pay}",
        "value": "+Value",
        "lose_light": "−Light",
        "christmas": "Christmas",
    }.get(day.kind, "")


def space_label(space: Space) -> str:
    """A town space's one short label where its marks do not say it: a speech space's cost or
    payout, a Gift space's verb. Stores, the Pawn and Books show a parcel per item and
    businesses their family's colour bar; their prices ($200 for every business) are in the
    "Town" detail, and a store's price is in the middle of the board while a family shops."""
    return {
        "donation": f"−{space.pay}",
        "cook_off": f"+{space.collect}",
        "vacation": f"−{space.pay}",
        "institution": "Free",
        "estate_sale": "Sale",
        "auction": "Guess",
        "white_elephant": "Swap",
    }.get(space.kind, "")


# ----------------------------------------------------------------------------- colours
FILL: dict[str, Color] = {
    "white_elephant": (28, 110, 112),
    "naughty_or_nice": NN_GREEN,
    "store": (104, 74, 44),
    "pawn": (84, 84, 52),
    "donation": (100, 64, 140),
    "institution": (100, 64, 140),
    "cook_off": (100, 64, 140),
    "vacation": (100, 64, 140),
    "estate_sale": (50, 76, 130),
    "auction": (50, 76, 130),
    "miracle": (140, 104, 20),
}
_STAR_KINDS = {"donation", "institution", "cook_off", "vacation"}
#: Every text in a Fever picture is light on a dark ground: a picture that mixes dark-on-light
#: with light-on-dark loses its small words when read at phone size (by eye and by OCR).
PLUS: Color = (130, 226, 150)


def shade(rgb: Color, amount: float) -> Color:
    """`rgb` mixed with black (amount 1 = black)."""
    r, g, b = rgb
    return int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount))


# ----------------------------------------------------------------------------- the board


@kept(24 * MB)  # 2.6 MB a board: nine sets of colours and modes
def bare_board(colours: tuple[str, ...], mode: str) -> Image.Image:
    """The ring of 40 spaces without tokens, for the colours at the table (an unplayed
    colour's business is grey), with the middle bare ("town") or the December calendar
    inside it, noting the Race ("race") or the end ("over"). Drawn once per game and mode,
    then copied for each picture."""
    img, _ = canvas(WIDTH, WIDTH, BG)
    board = Image.new("RGB", (RING, RING), BG)
    bd = ImageDraw.Draw(board)
    bd.rectangle((CELL, CELL, 10 * CELL, 10 * CELL), fill=PANEL)
    for space in TRACK:
        _space(bd, space, colours)
    if mode != "town":
        calendar(bd, mode)
    img.paste(board, (MARGIN, MARGIN))
    return img


def _space(draw: Draw, space: Space, colours: tuple[str, ...]) -> None:
    x, y = cell_box(space.pos)
    if space.kind == "business":
        assert space.colour is not None, "a business has its family's colour"
        played = space.colour in colours
        full = FAMILY_RGB[space.colour] if played else (120, 120, 120)
        draw.rectangle((x, y, x + CELL, y + CELL), fill=shade(full, 0.5 if played else 0.3))
        draw.rectangle((x, y, x + CELL, y + 8), fill=full)
    else:
        draw.rectangle((x, y, x + CELL, y + CELL), fill=FILL[space.kind])
    if space.kind == "naughty_or_nice":  # half red, half green
        draw.polygon([(x, y), (x + CELL, y), (x, y + CELL)], fill=NN_RED)
    if space.kind == "miracle":  # the doubles it hopes for
        die(draw, x + 6, y + 8, 28, space.doubles)
        die(draw, x + 38, y + 8, 28, space.doubles)
    if space.kind in ("store", "pawn"):  # one little parcel per item
        for k in range(space.items):
            px = x + CELL - 12 - 12 * k
            draw.rectangle((px, y + CELL - 14, px + 8, y + CELL - 6), fill=WRAP, outline=DARK)
    if space.kind in _STAR_KINDS:
        star(draw, x + CELL - 14, y + CELL - 14, 10)
    draw.rectangle((x, y, x + CELL, y + CELL), outline=DARK, width=1)
    label = space_label(space)
    if label:
        top = y + 11 if space.kind == "business" else y + 5
        text(draw, (x + 4, top), label, SMALL, WHITE, space.kind == "business")


@kept(2 * MB)
def calendar_picture() -> Image.Image:
    """The December calendar alone, for the detail that shows it while nobody is there."""
    board = Image.new("RGB", (RING, RING), PANEL)
    calendar(ImageDraw.Draw(board), "december")
    return board.crop((INNER, INNER, INNER + INNER_W, INNER + INNER_W))


def calendar(draw: Draw, mode: str) -> None:
    """December inside the ring: its title and note, the Family Reunion, then the 25 days."""
    x0, _, x1, _ = day_box(0)
    text(draw, (x0, INNER + 6), "December", 26, GOLD, True)
    if mode == "december":
        note = f"one die from the {ONE_DIE_FROM}th"
        text(draw, (x1, INNER + 10), note, SMALL, MUTED, anchor="ra")
    else:
        note = "Race to Christmas" if mode == "race" else "Game over"
        text(draw, (x1, INNER + 8), note, 24, GOLD, True, anchor="ra")
        if mode == "race":
            flag(draw, x1 - font(24, True).getlength(note) - 44, INNER + 2)
    _, y0, _, y1 = day_box(0)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=(74, 60, 110), outline=GOLD, width=2)
    text(draw, (x0 + 12, (y0 + y1) / 2), "Family Reunion", 24, WHITE, True, "lm")
    x = x0 + 24 + font(24, True).getlength("Family Reunion")
    text(draw, (x, (y0 + y1) / 2), "give a Gift", SMALL, (220, 210, 240), anchor="lm")
    star(draw, x + font(SMALL).getlength("give a Gift") + 16, (y0 + y1) / 2, 11)
    for day in CALENDAR[1:]:
        _day(draw, day, mode)


#: A December day's effect: gains green, losses red (the sign says it too).
MINUS: Color = (255, 160, 160)


def _day(draw: Draw, day: Day, mode: str) -> None:
    """One day of December: its number, then its effect and mark; in the Race and after the
    end only the number (the days do nothing then), with where one die begins."""
    x0, y0, x1, y1 = day_box(day.day)
    xmas = day.day == 25
    fill = (140, 36, 44) if xmas else ((52, 78, 104) if day.day < ONE_DIE_FROM else (40, 58, 92))
    draw.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=fill, outline=SLOT_EDGE, width=1)
    size = 24 if mode == "december" else 30  # in the Race the number is all a day says
    text(draw, (x0 + 8, y0 + 3), str(day.day), size, GOLD if xmas else WHITE, True)
    what = day_label(day)
    if xmas:
        text(draw, (x0 + 8, y0 + 38), what, SMALL, WHITE)
    elif mode == "race":
        if day.day == ONE_DIE_FROM:
            text(draw, (x0 + 8, y0 + 38), "one die", SMALL, MUTED)
    elif mode == "december":
        if what:
            ink = PLUS if what.startswith("+") else MINUS
            text(draw, (x0 + 8, y0 + 34), what, 24, ink, True)
        if day.star:
            star(draw, x1 - 18, y0 + 18, 12)
        elif day.kind == "naughty_or_nice":
            draw.polygon([(x1 - 32, y0 + 6), (x1 - 6, y0 + 6), (x1 - 32, y0 + 32)], fill=NN_RED)
            draw.polygon([(x1 - 6, y0 + 6), (x1 - 6, y0 + 32), (x1 - 32, y0 + 32)], fill=NN_GREEN)
        elif day.kind == "shopping":  # a Gift and a Value come with it
            draw.rectangle((x1 - 28, y0 + 10, x1 - 8, y0 + 30), fill=WRAP, outline=DARK)
            draw.rectangle((x1 - 20, y0 + 10, x1 - 16, y0 + 30), fill=RIBBON)


# ----------------------------------------------------------------------------- pieces


def token(
    draw: Draw, cx: float, cy: float, colour: str, letter: str, r: float = TOKEN_R, size: int = 22
) -> None:
    """A family's token: a disc in its colour with a dark rim and the family's letter."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=FAMILY_RGB[colour], outline=DARK, width=2)
    ink = DARK if colour in LIGHT_FAMILIES else WHITE
    text(draw, (cx, cy + 1), letter, size, ink, True, "mm")


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
