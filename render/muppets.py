"""Muppet Christmas Carol pictures: the public table and a seat's own view, drawn for a phone.

The picture is 800 px wide with no text under 22 px (11 px once Discord shows it 400 px wide)
and holds only what needs space: each player's row of three cards, the deck, the top of the
discard pile and the four Story tiles; in a seat's picture also the card it drew or the two
gifts it chooses between. Counts, gift values, what each player is doing and the scores are
text under the picture (`render.muppets_text`), the whole discard pile is behind a button.

Every colour has a shape of its own on the card's band (Red ● circle, Orange ▲ triangle,
Yellow ★ star, Green tree, Blue ◆ diamond, Purple ■ square) and its name under the character,
so the cards read without colour vision and in greyscale. A face-down centre card is drawn as
a card back unless the viewer knows it; then it is drawn face up with a dark red "hidden"
ribbon and a gold caption saying how the viewer knows it. The player to act has a warm panel
and a gold ▶, a player whose set is being resolved a green panel and a ✓.

Made to be read small: light words on dark ground everywhere (the card faces too), no bright
frames around groups, no rings or letters beside words that read as stray letters — each of
those made tesseract, standing in for a tired eye on a phone, lose whole panels at 400 px.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.muppets.cards import (
    COLOURS,
    TILE_SHORT,
    TILES,
    character,
    colour,
    is_wild,
)
from engine.muppets.views import MuppetsView, SlotView
from engine.words import plural
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
    RED,
    Color,
    canvas,
    fit,
    font,
    kept,
    pill,
    png,
    star,
    text,
)
from render.muppets_text import (
    KNOW_SHORT,
    coming,
    describe,
    detail,
    details,
    named,
    panel,
)

__all__ = ["describe", "detail", "details", "hand", "named", "panel", "table"]

View = MuppetsView
Draw = ImageDraw.ImageDraw

WIDTH = 800
#: The smallest text drawn: 11 px at 400 px wide (`render.common.smallest_text(WIDTH)`).
SMALL = 22
#: Labels and a card's colour name: a step above the smallest, 12 px on a phone.
LABEL = 24
# Okabe–Ito-like colours, each with its own shape.
COLOUR_RGB = {
    "Red": (204, 51, 63),
    "Orange": (230, 140, 0),
    "Yellow": (236, 214, 60),
    "Green": (0, 150, 110),
    "Blue": (0, 110, 178),
    "Purple": (160, 70, 160),
}
#: The colour's name on a dark card face: a light tint of the colour.
COLOUR_WORD = {
    "Red": (255, 128, 128),
    "Orange": (255, 172, 70),
    "Yellow": (245, 222, 90),
    "Green": (90, 214, 162),
    "Blue": (120, 184, 255),
    "Purple": (218, 150, 236),
}
FACE = (26, 28, 36)
FACE_EDGE = (84, 96, 110)
DARK_INK = (30, 30, 30)
LIGHT_BAND = {"Orange", "Yellow"}  # bands light enough for dark ink
BACK = (120, 36, 44)
BACK_LINE = (160, 60, 66)
TILE_ON = (70, 56, 120)
TILE_SUB = (206, 200, 230)
#: The panel of the player to act: warm, beside the gold ▶ and name (no frames: a bright
#: frame round a panel makes OCR, and a glance, take it for one picture).
ACT_FILL = (82, 68, 34)
HOLE = (16, 28, 40)

CW, CH = 112, 156  # a card
M = 14  # the margin around everything
GAP = 12  # between panels
CARD_GAP = 10
PW = (WIDTH - 2 * M - GAP) // 2  # a player's panel
ROW_Y = 52  # the cards, from the top of a player's panel
PANEL_H = ROW_Y + CH + 40  # a player's panel: name, cards, a caption line
PILES_H = CH + 36  # deck, discard, tiles
FOCUS_H = 150  # a seat's drawn card or gift offer


# --------------------------------------------------------------------- drawing pieces


def shape(draw: Draw, name: str, cx: float, cy: float, r: float, fill: Color) -> None:
    """The colour's own shape centred on (cx, cy) with radius r."""
    if name == "Red":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif name == "Orange":
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill)
    elif name == "Yellow":
        star(draw, cx, cy, r * 1.1, fill)
    elif name == "Green":  # a little tree: two tiers and a trunk
        draw.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx - r * 0.7, cy)], fill=fill)
        draw.polygon(
            [(cx, cy - r * 0.5), (cx + r, cy + r * 0.6), (cx - r, cy + r * 0.6)], fill=fill
        )
        draw.rectangle((cx - r * 0.18, cy + r * 0.6, cx + r * 0.18, cy + r), fill=fill)
    elif name == "Blue":
        draw.polygon(
            [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=fill
        )
    else:  # Purple
        draw.rectangle((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=fill)


def gift_box(draw: Draw, x: float, y: float, s: float, value: int | None = None) -> None:
    """A wrapped present, s pixels square; with a value, the value is written on it."""
    draw.rectangle((x, y + s * 0.25, x + s, y + s), fill=RED)
    draw.rectangle((x + s * 0.42, y + s * 0.25, x + s * 0.58, y + s), fill=GOLD)
    draw.rectangle((x - s * 0.06, y + s * 0.18, x + s * 1.06, y + s * 0.36), fill=(180, 40, 50))
    # A bow of two filled wings (rings read as letters "oo" to OCR).
    mid, top = x + s / 2, y + s * 0.2
    draw.polygon([(mid, top), (x + s * 0.2, y), (x + s * 0.2, y + s * 0.3)], fill=GOLD)
    draw.polygon([(mid, top), (x + s * 0.8, y), (x + s * 0.8, y + s * 0.3)], fill=GOLD)
    if value is not None:
        cx, cy = x + s / 2, y + s * 0.64
        draw.ellipse((cx - s * 0.3, cy - s * 0.3, cx + s * 0.3, cy + s * 0.3), fill=CARD)
        text(draw, (cx, cy), str(value), int(s * 0.42), DARK_INK, bold=True, anchor="mm")


def card_face(img: Image.Image, x: float, y: float, card_id: str) -> None:
    sprite, mask = _face_sprite(card_id)
    img.paste(sprite, (int(x), int(y)), mask)


def card_back(img: Image.Image, x: float, y: float, count: int | None = None) -> None:
    """A card back; with a count, the count in its middle (the deck)."""
    sprite, mask = _back_sprite(count)
    img.paste(sprite, (int(x), int(y)), mask)


def _sprite(fill: Color, edge: Color = CARD_EDGE) -> tuple[Image.Image, Image.Image, Draw]:
    """A card-sized picture with its rounded-corner mask. Cards are drawn once and pasted
    after that: drawing text is most of the cost of a picture."""
    sprite = Image.new("RGB", (CW + 1, CH + 1), BG)
    mask = Image.new("L", (CW + 1, CH + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, CW, CH), radius=9, fill=255)
    draw = ImageDraw.Draw(sprite)
    pill(draw, (0, 0, CW, CH), fill, edge, 2, radius=9)
    return sprite, mask, draw


BAND = 46  # the coloured band on top of a card face


@kept(4 * MB)
def _face_sprite(card_id: str) -> tuple[Image.Image, Image.Image]:
    """A card face: a band in the colour with its shape, the character's name,
    and the colour's name spelled out. The bottom is left free for a "hidden" ribbon.

    Faces are dark with light words, like the rest of the picture: a light card on the dark
    table is an island whose words OCR (and tired eyes) read worse at phone size."""
    sprite, mask, draw = _sprite(FACE, FACE_EDGE)
    if is_wild(card_id):
        sw = (CW - 4) / len(COLOURS)
        for k, name in enumerate(COLOURS):
            draw.rectangle((2 + k * sw, 2, 2 + (k + 1) * sw, BAND), fill=COLOUR_RGB[name])
        star(draw, CW / 2, BAND / 2 + 1, BAND * 0.42, FACE)
        text(draw, (CW / 2, 84), "WILD", 30, INK, True, "mm")
        return sprite, mask
    name = colour(card_id)
    rgb = COLOUR_RGB[name]
    ink = DARK_INK if name in LIGHT_BAND else CARD
    draw.rounded_rectangle((2, 2, CW - 2, BAND), radius=8, fill=rgb)
    draw.rectangle((2, BAND - 8, CW - 2, BAND), fill=rgb)
    shape(draw, name, CW / 2, BAND / 2 + 1, BAND * 0.34, ink)
    who = fit(character(card_id) or "", 26, CW - 8, True)
    text(draw, (CW / 2, 74), who, 26, INK, True, "mm")
    text(draw, (CW / 2, 106), name, LABEL, COLOUR_WORD[name], True, "mm")
    return sprite, mask


@kept(1 * MB)
def _back_sprite(count: int | None) -> tuple[Image.Image, Image.Image]:
    sprite, mask, draw = _sprite(BACK)
    # Diagonals u - v = k, clipped to a box inset from the rounded corners.
    for k in range(-(CH - 16), CW - 16, 16):
        u0, v0 = max(k, 0), max(-k, 0)
        u1, v1 = min(CW - 16, CH - 16 + k), min(CH - 16, CW - 16 - k)
        if u1 > u0:
            draw.line((8 + u0, 8 + v0, 8 + u1, 8 + v1), fill=BACK_LINE, width=2)
    cx, cy, r = CW / 2, CH / 2, 32
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BACK, outline=GOLD, width=3)
    if count is None:
        star(draw, cx, cy, r * 0.6, GOLD)
    else:
        text(draw, (cx, cy), str(count), 32, GOLD, True, "mm")
    return sprite, mask


def empty_place(draw: Draw, x: float, y: float) -> None:
    """Where a card could lie: a darker place, no outline (an outline round a word makes it
    part of a picture to OCR)."""
    pill(draw, (x, y, x + CW, y + CH), HOLE, radius=9)
    text(draw, (x + CW / 2, y + CH / 2), "empty", SMALL, MUTED, anchor="mm")


def slot(img: Image.Image, draw: Draw, x: float, y: float, cell: SlotView, centre: bool) -> None:
    """One card of a row; a known face-down centre card with its ribbon and caption."""
    card_id = cell["card"]
    if cell["empty"]:
        empty_place(draw, x, y)
    elif card_id is None:
        card_back(img, x, y)
    else:
        card_face(img, x, y, card_id)
        if centre and not cell["face_up"]:
            # Known but face down: a ribbon, so it never looks like a public outer card.
            draw.rectangle((x + 2, y + CH - 32, x + CW - 2, y + CH - 3), fill=BACK)
            text(draw, (x + CW / 2, y + CH - 17), "hidden", LABEL, GOLD, True, "mm")
            know = cell["know"]
            assert know is not None, "a known centre card says how it is known"
            text(draw, (x + CW / 2, y + CH + 6), KNOW_SHORT[know], LABEL, GOLD, True, "ma")


def tile(draw: Draw, x: float, y: float, w: float, h: float, name: str, note: str) -> None:
    """A Story tile: bright with what it does once it has turned up, dim with when it
    comes before (`note`: "in 3 cards", "later")."""
    shown = not note
    if shown:
        pill(draw, (x, y, x + w, y + h), TILE_ON, radius=12)
        sub, ink = _TILE_WHAT[name], INK
    else:
        pill(draw, (x, y, x + w, y + h), PANEL, radius=12)
        sub, ink = note, MUTED
    text(draw, (x + w / 2, y + h * 0.32), TILE_SHORT[name], 26, ink, True, "mm")
    text(draw, (x + w / 2, y + h * 0.72), sub, LABEL, TILE_SUB if shown else MUTED, anchor="mm")


_TILE_WHAT = {
    "SCROOGE": "draw a card",
    "PAST": "take the discard",
    "PRESENT": "swap two cards",
    "YET_TO_COME": "reveal a centre",
}


# --------------------------------------------------------------------- layout


def _height(view: View, focus: bool) -> int:
    rows = (view["seats"] + 1) // 2
    return M + (FOCUS_H + GAP) * focus + PILES_H + GAP + rows * (PANEL_H + GAP) - GAP + M


def _draw(view: View, names: Sequence[str]) -> bytes:
    focus = bool(view.get("held") or view.get("offer"))
    img, draw = canvas(WIDTH, _height(view, focus))
    y = M
    if focus:
        _focus(img, draw, view, names, y)
        y += FOCUS_H + GAP
    img.paste(_piles(view["deck"], tuple(view["discard"][-1:]), _tiles(view)), (0, y))
    y += PILES_H + GAP
    for p in range(view["seats"]):
        x = M + (p % 2) * (PW + GAP)
        img.paste(_player(view, names, p), (x, y + (p // 2) * (PANEL_H + GAP)))
    return png(img)


def _tiles(view: View) -> tuple[tuple[str, str], ...]:
    """Each Story tile with its note: "" once it has turned up, else when it comes."""
    shown = set(view["story"])
    return tuple(
        (
            name,
            "" if name in shown else (coming(view) if name == view["next_tile"] else "later"),
        )
        for name in TILES
    )


@kept(4 * MB)
def _piles(deck: int, top: Sequence[str], tiles: tuple[tuple[str, str], ...]) -> Image.Image:
    """The deck with its count, the top of the discard pile, and the Story tiles 2 × 2."""
    img, draw = canvas(WIDTH, PILES_H)
    x = M
    if deck:
        card_back(img, x, 0, deck)
    else:
        empty_place(draw, x, 0)
    text(draw, (x + CW / 2, CH + 6), "deck", LABEL, MUTED, True, "ma")
    x += CW + GAP
    if top:
        card_face(img, x, 0, top[0])
    else:
        empty_place(draw, x, 0)
    text(draw, (x + CW / 2, CH + 6), "discard", LABEL, MUTED, True, "ma")
    x += CW + 2 * GAP
    tw, th = (WIDTH - M - x - GAP) / 2, (PILES_H - GAP) / 2
    for k, (name, note) in enumerate(tiles):
        tile(draw, x + (k % 2) * (tw + GAP), (k // 2) * (th + GAP), tw, th, name, note)
    return img


def _player(view: View, names: Sequence[str], p: int) -> Image.Image:
    """A player's panel: name, gifts (or points at the end), the row of three."""
    row = view["rows"][p]
    cells = tuple(
        (c["card"], c["face_up"], c["empty"], c["know"] if i == 1 else None)
        for i, c in enumerate(row)
    )
    pending = view.get("pending")
    first = pending.get("first") if pending else None
    picked = first[1] if first and first[0] == p else None
    scores = view["scores"]
    result = view["result"]
    return _panel(
        names[p],
        view["seat"] == p,
        "act" if p in view["to_act"] else ("set" if view["completing"] == p else ""),
        view["gift_counts"][p],
        None if scores is None else scores[p],
        bool(result and p in result["winners"]),
        cells,
        picked,
    )


@kept(8 * MB)
def _panel(
    name: str,
    me: bool,
    mark: str,
    gifts: int,
    score: int | None,
    won: bool,
    cells: tuple[tuple[str | None, bool, bool, str | None], ...],
    picked: int | None,
) -> Image.Image:
    img, draw = canvas(PW, PANEL_H)
    fill = {"act": ACT_FILL, "set": PANEL_HI}.get(mark, PANEL)
    pill(draw, (0, 0, PW - 1, PANEL_H - 1), fill, radius=16)
    # The score (at the end) or the gifts, right; the name, left.
    right: float = PW - 14
    if score is None:
        text(draw, (right, 10), str(gifts), 30, INK, True, "ra")
        right -= font(30, True).getlength(str(gifts)) + 52
        gift_box(draw, right, 10, 32)
    else:
        points = plural(score, "pt")
        text(draw, (right, 10), points, 30, GOLD if won else INK, True, "ra")
        right -= font(30, True).getlength(points) + 12
        if won:
            star(draw, right - 16, 28, 17)
            right -= 36
    x = 14
    if mark == "act":
        draw.polygon([(x, 16), (x + 20, 28), (x, 40)], fill=GOLD)
        x += 34
    elif mark == "set":
        draw.line([(x, 28), (x + 8, 38), (x + 22, 16)], fill=GREEN, width=5)
        x += 34
    you = "  you" if me else ""
    room = int(right - x - 10 - (font(SMALL).getlength(you) if me else 0))
    who = fit(name, 30, room, True)
    text(draw, (x, 10), who, 30, GOLD if mark == "act" else INK, True)
    if me:
        text(draw, (x + font(30, True).getlength(who), 18), you, SMALL, MUTED, True)
    cx = (PW - 3 * CW - 2 * CARD_GAP) // 2
    for pos, (card, face_up, empty, know) in enumerate(cells):
        cell: SlotView = {"card": card, "face_up": face_up, "empty": empty, "know": know}
        sx = cx + pos * (CW + CARD_GAP)
        if pos == picked:
            pill(draw, (sx - 5, ROW_Y - 5, sx + CW + 5, ROW_Y + CH + 5), GOLD, radius=12)
        slot(img, draw, sx, ROW_Y, cell, pos == 1)
    return img


def _focus(img: Image.Image, draw: Draw, view: View, names: Sequence[str], y: int) -> None:
    """What a seat chooses with, large: the card it drew, or the two gifts it took."""
    pill(draw, (M, y, WIDTH - M, y + FOCUS_H), PANEL_HI, radius=16)
    if held := view.get("held"):
        card_face(img, WIDTH - M - 24 - CW, y - 3 + (FOCUS_H - CH) // 2 + 3, held)
        text(draw, (M + 24, y + 40), "You drew this card", 30, GOLD, True)
        text(draw, (M + 24, y + 92), "only you see it", 26, INK)
        return
    offer = view.get("offer") or []
    completing = view["completing"]
    assert completing is not None, "gifts are offered while a set is resolved"
    for k, v in enumerate(offer):
        gift_box(draw, WIDTH - M - 24 - (len(offer) - k) * 120 + 12, y + 22, 100, v)
    text(draw, (M + 24, y + 34), "Your two gifts", 30, GOLD, True)
    room = WIDTH - M - 24 - len(offer) * 120 - (M + 24)
    to = fit(f"Give one to {names[completing]},", 24, room)
    text(draw, (M + 24, y + 84), to, 24, INK)
    text(draw, (M + 24, y + 114), "keep the other.", 24, INK)


# --------------------------------------------------------------------- entry points


def table(view: View, names: Sequence[str]) -> bytes:
    return _draw(view, names)


def hand(view: View, names: Sequence[str]) -> bytes:
    return _draw(view, names)


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("draw", 1, "scrooge-draw"),
    ("reveal", 1, "yet-to-come"),
    ("set", 1, "first-set"),
    ("offer", 1, "giving"),
    ("tile_revealed", 3, "present-revealed"),
)
