"""Holiday Fever's seat picture: the family's own things, drawn large for a phone.

A header with the family's token, name, stars and tree; the Value it is placing (when it drew
one); its Gifts face up with their Values; its Anytime cards. The board is the table's picture
(and the hand's "Board" detail); the prompt and the controls are in the message itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.fever.cards import NN
from engine.fever.views import FeverView, GiftSlotView
from render.common import BG, GOLD, INK, MUTED, PANEL, canvas, fit, pill, star, text
from render.fever_parts import (
    COAL,
    DARK,
    FAMILY_BY,
    NN_GREEN,
    PLUS,
    RIBBON,
    SMALL,
    WHITE,
    WIDTH,
    initials,
    lines_in,
    little_tree,
    stocking,
    token,
)
from render.fever_sheets import money
from render.fever_words import MOMENT, known_worth, where

View = FeverView
Draw = ImageDraw.ImageDraw

HEAD_H = 116
COLS, CARD_W, CARD_H, GAP = 4, 183, 150, 12
LABEL_H = 40  # a section's label above its cards
NAME = 24  # a Gift's name, the word its owner looks for first
NOTE: tuple[int, int, int] = (60, 140, 84)
LOSS: tuple[int, int, int] = (240, 110, 110)
GIFT_FACE: tuple[int, int, int] = (120, 34, 44)  # a Gift turned up: its wrapping, light words on it
ANYTIME: tuple[int, int, int] = (38, 62, 52)


def _rows(count: int) -> int:
    return (count + COLS - 1) // COLS


def hand_picture(view: View, names: Sequence[str]) -> Image.Image:
    """The seat's own picture (see the module's docstring)."""
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    fam = view["families"][seat]
    held = Counter(view.get("hand", []))  # two Snow Days show as one card "×2"
    drawn = view.get("drawn")
    gifts = fam["gifts"]
    height = HEAD_H + LABEL_H + max(1, _rows(len(gifts))) * (CARD_H + GAP)
    if drawn:
        height += LABEL_H + 70 + GAP
    if held:
        height += LABEL_H + _rows(len(held)) * (CARD_H + GAP)
    img, draw = canvas(WIDTH, height + 4, BG)
    _header(draw, view, names)
    y = HEAD_H
    if drawn:
        text(draw, (16, y + 6), "Value to place under a Gift", SMALL, GOLD, True)
        _note(draw, 16, y + LABEL_H, CARD_W, 70, f"${drawn}", 36)
        y += LABEL_H + 70 + GAP
    text(draw, (16, y + 6), "Your Gifts (only you see them all)", SMALL, MUTED, True)
    y += LABEL_H
    if not gifts:
        text(draw, (16, y + 20), "no Gifts yet", 26, MUTED)
    for k, slot in enumerate(gifts):
        _gift(draw, *_spot(k, y), slot)
    y += max(1, _rows(len(gifts))) * (CARD_H + GAP)
    if held:
        text(draw, (16, y + 6), "Your Anytime cards", SMALL, MUTED, True)
        y += LABEL_H
        for k, (card_id, copies) in enumerate(held.items()):
            _anytime(draw, *_spot(k, y), card_id, copies)
    return img


def _spot(k: int, y: int) -> tuple[int, int]:
    row, col = divmod(k, COLS)
    return 16 + col * (CARD_W + GAP), y + row * (CARD_H + GAP)


def _header(draw: Draw, view: View, names: Sequence[str]) -> None:
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    fam = view["families"][seat]
    pill(draw, (8, 8, WIDTH - 8, HEAD_H - 8), PANEL, radius=14)
    token(draw, 46, 58, fam["colour"], initials(names)[seat], r=26, size=30)
    text(draw, (84, 20), fit(names[seat], 30, 440, True), 30, GOLD, True)
    family = FAMILY_BY[fam["colour"]]
    text(draw, (84, 62), fit(f"{family.name} · {where(fam)}", SMALL, 440), SMALL, INK)
    star(draw, 574, 58, 18)
    text(draw, (598, 58), f"×{fam['stars']}", 28, INK, True, "lm")
    little_tree(draw, WIDTH - 110, 10, fam["lights"], fam["ornaments"])


def _note(draw: Draw, x: float, y: float, w: float, h: float, label: str, size: int) -> None:
    """A Value card: a green note with its dollars."""
    draw.rounded_rectangle((x, y, x + w, y + h), radius=6, fill=NOTE, outline=DARK, width=2)
    draw.rounded_rectangle((x + 4, y + 4, x + w - 4, y + h - 4), 4, outline=(150, 210, 160))
    text(draw, (x + w / 2, y + h / 2), fit(label, size, int(w - 10), True), size, WHITE, True, "mm")


def _gift(draw: Draw, x: int, y: int, slot: GiftSlotView) -> None:
    """One of the seat's own Gifts, face up: its place, its name, its Values."""
    coal = bool(slot["coal"])
    fill, ink = (COAL, WHITE) if coal else (GIFT_FACE, WHITE)
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=8, fill=fill, outline=RIBBON, width=3
    )
    text(draw, (x + 8, y + 4), f"#{slot['place']}", SMALL, GOLD, True)
    if slot["stocking"]:
        stocking(draw, x + CARD_W - 30, y + 4, 30)
    rows = lines_in(slot["name"] or "?", NAME, CARD_W - 12, True, 3)
    for k, row in enumerate(rows):
        text(draw, (x + CARD_W / 2, y + 31 + 27 * k), row, NAME, ink, True, "ma")
    seen = slot["values_seen"]
    worth = known_worth(slot)
    bottom = y + CARD_H - 40
    if 0 < len(seen) <= 2 and worth is not None:
        w = (CARD_W - 18) // 2
        for k, v in enumerate(seen):
            _note(draw, x + 6 + k * (w + 6), bottom, w, 34, f"${v}", SMALL)
        return
    count = f"{len(seen)} Values" if len(seen) != 1 else "1 Value"
    label = count if worth is None else f"{count} {money(-worth if coal else worth)}"
    text(
        draw,
        (x + CARD_W / 2, bottom + 6),
        fit(label, SMALL, CARD_W - 10),
        SMALL,
        LOSS if coal else PLUS,
        anchor="ma",
    )


def _anytime(draw: Draw, x: int, y: int, card_id: str, copies: int) -> None:
    """An Anytime card in hand: its name and when it may be played."""
    card = NN.get(card_id)
    pill(draw, (x, y, x + CARD_W, y + CARD_H), ANYTIME, GOLD, 3, radius=8)
    draw.rounded_rectangle((x + 3, y + 3, x + CARD_W - 3, y + 36), 6, NN_GREEN)
    head = "Anytime" + (f" ×{copies}" if copies > 1 else "")
    text(draw, (x + CARD_W / 2, y + 20), head, SMALL, WHITE, True, "mm")
    name = card.name if card else card_id
    for k, row in enumerate(lines_in(name, SMALL, CARD_W - 12, True, 2)):
        text(draw, (x + CARD_W / 2, y + 42 + 25 * k), row, SMALL, WHITE, True, "ma")
    moment = MOMENT.get(card.moment or "", "") if card else ""
    for k, row in enumerate(lines_in(moment, SMALL, CARD_W - 12, False, 2)):
        text(draw, (x + CARD_W / 2, y + 96 + 25 * k), row, SMALL, INK, anchor="ma")
