"""Drawing pieces for My First Christmas Tree: the six symbols, cards, tiles and cubes.

Symbols are told apart by shape alone (a gear, a drop, an arrow, a hammer, three dots, bricks),
drawn with Pillow primitives because the bundled font has no colour emoji. A player's pieces
(cubes and markers) say whose they are by shape besides colour: player 1's are squares, player
2's are discs (the panel's legend is 🟥 and 🔵), and on a tile player 1's sits at the left,
player 2's at the right. No piece carries a letter or a digit: the only letters on a picture
are the card colours in the cards' corners (B = Blue), and a card is a tall coloured card with a
symbol, so a piece is never read as a card nor a card as a player.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.common import CARD_EDGE, pill, text

Color = tuple[int, int, int]

#: Per player (0 = the seat `first`, 1 = the other): decoration and finishing cube colours.
PLAYER: tuple[Color, Color] = ((222, 52, 52), (52, 118, 232))
FINISH: tuple[Color, Color] = ((58, 178, 84), (246, 204, 40))
#: Deck colours, with the ink their symbol is drawn in.
CARD_FILL: dict[str, Color] = {
    "R": (206, 44, 44),
    "G": (34, 140, 64),
    "B": (38, 92, 206),
    "Y": (244, 198, 36),
    "K": (28, 28, 30),
    "W": (248, 248, 244),
}
DARK: Color = (28, 34, 40)
LIGHT: Color = (255, 255, 255)
TILE: Color = (246, 240, 222)


def card_ink(colour: str) -> Color:
    return DARK if colour in "YW" else LIGHT


def glyph(
    draw: ImageDraw.ImageDraw, sym: str, cx: float, cy: float, s: float, ink: Color, bg: Color
) -> None:
    """The symbol `sym` centred on (cx, cy) in an s×s box; `bg` cuts holes and mortar."""
    h = s / 2
    if sym == "G":  # a cog: twelve alternating radii and a hole
        pts = []
        for k in range(32):
            a = 2 * math.pi * k / 32
            rad = h if (k // 2) % 2 == 0 else h * 0.74
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        draw.polygon(pts, fill=ink)
        draw.ellipse((cx - h * 0.3, cy - h * 0.3, cx + h * 0.3, cy + h * 0.3), fill=bg)
    elif sym == "D":  # a drop: a round bottom under a point
        r = h * 0.62
        by = cy + h - r
        draw.ellipse((cx - r, by - r, cx + r, by + r), fill=ink)
        side = r * math.sin(math.radians(62))
        lift = r * math.cos(math.radians(62))
        draw.polygon([(cx, cy - h), (cx - side, by - lift), (cx + side, by - lift)], fill=ink)
    elif sym == "A":  # an arrow pointing right
        t = h * 0.24
        draw.rectangle((cx - h, cy - t, cx + h * 0.1, cy + t), fill=ink)
        draw.polygon(
            [(cx - h * 0.05, cy - h * 0.7), (cx + h, cy), (cx - h * 0.05, cy + h * 0.7)], fill=ink
        )
    elif sym == "H":  # a hammer: a diagonal handle under a head with a claw
        w = max(3, int(s * 0.16))
        draw.line((cx - h * 0.75, cy + h * 0.9, cx + h * 0.25, cy - h * 0.3), fill=ink, width=w)
        head = [(-0.55, -0.5), (0.1, -1.0), (0.95, 0.1), (0.6, 0.38), (0.15, -0.25), (-0.3, 0.0)]
        draw.polygon([(cx + x * h, cy + y * h) for x, y in head], fill=ink)
    elif sym == "T":  # three dots in a row
        r = h * 0.27
        for k in (-1, 0, 1):
            x = cx + k * h * 0.7
            draw.ellipse((x - r, cy - r, x + r, cy + r), fill=ink)
    else:  # bricks: three courses, staggered
        draw.rectangle((cx - h, cy - h * 0.8, cx + h, cy + h * 0.8), fill=ink)
        m = max(2, int(s / 18))
        for k in (1, 2):
            y = cy - h * 0.8 + k * h * 1.6 / 3
            draw.line((cx - h, y, cx + h, y), fill=bg, width=m)
        for k, xs in enumerate(((0.0,), (-0.5, 0.5), (0.0,))):
            y0 = cy - h * 0.8 + k * h * 1.6 / 3
            for x in xs:
                draw.line((cx + x * h, y0, cx + x * h, y0 + h * 1.6 / 3), fill=bg, width=m)


def card(
    draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, card_id: str, letter: int
) -> None:
    """A deck card: its colour as the face, its symbol large, its colour letter (`letter` px)
    in a corner."""
    col, sym = card_id[0], card_id[1]
    fill, ink = CARD_FILL[col], card_ink(col)
    pill(draw, (x, y, x + w, y + h), fill, CARD_EDGE if col != "K" else (150, 150, 150), 2, 9)
    text(draw, (x + 7, y + 3), col, letter, ink, bold=True)
    glyph(draw, sym, x + w / 2, y + h * 0.6, min(w, h) * 0.56, ink, fill)


def piece(
    draw: ImageDraw.ImageDraw, x: float, y: float, s: float, player: int, finishing: bool = False
) -> None:
    """A player's cube seen from above in an s×s box at (x, y): player 1 (0) a square, player
    2 (1) a disc, in the decoration colour or, for a marker, the finishing one."""
    fill = (FINISH if finishing else PLAYER)[player]
    box = (x, y, x + s, y + s)
    if player == 0:
        draw.rectangle(box, fill=fill, outline=DARK, width=2)
    else:
        draw.ellipse(box, fill=fill, outline=DARK, width=2)
