"""Holiday Fever's middle of the board while every family is in town: where the game is, whose
turn it is, the last roll as dice, and the one thing under way (a store visit, a White
Elephant, or else the last Naughty-or-Nice card shown). Counts and lists are in the text under
the picture (`render.fever_text`); the band next to the ring stays clear for crowded tokens.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.fever.board import TRACK
from engine.fever.cards import NN
from engine.fever.views import FeverView
from engine.words import plural
from render.common import GOLD, GREEN, INK, MUTED, PANEL, fit, font, pill, text
from render.fever_parts import (
    CELL,
    MARGIN,
    NN_GREEN,
    NN_RED,
    SMALL,
    WHITE,
    die,
    initials,
    lines_in,
    token,
)
from render.fever_words import DICE_FOR, gift_name, when

View = FeverView
Draw = ImageDraw.ImageDraw

LEFT = MARGIN + 2 * CELL + 4  # the middle's content, inside the band next to the ring
RIGHT = MARGIN + 9 * CELL - 4
TOP = MARGIN + 2 * CELL
MID_W = RIGHT - LEFT
CX = (LEFT + RIGHT) // 2


def middle(draw: Draw, view: View, names: Sequence[str]) -> None:
    """The round, whose turn, the dice, then what is under way."""
    _where(draw, view, names)
    _dice(draw, view, TOP + 100)
    y = TOP + 216
    if view["store"] is not None:
        _store(draw, view, names, y)
    elif view["white_elephant"] is not None:
        _elephant(draw, view, names, y)
    elif view["card"] in NN:
        _card(draw, view, y)


def _where(draw: Draw, view: View, names: Sequence[str]) -> None:
    youngest = view["phase"] == "youngest"
    big = "Who is the youngest?" if youngest else when(view)
    text(draw, (CX, TOP), fit(big, 30, MID_W, True), 30, GOLD, True, "ma")
    turn = view["turn"]
    if youngest or turn is None:
        waiting = [names[s] for s in view["to_act"]]
        if waiting:
            line = fit("waiting for " + ", ".join(waiting), SMALL, MID_W, True)
            text(draw, (CX, TOP + 50), line, SMALL, GREEN, True, "ma")
        return
    mine = fit(f"{names[turn]}'s turn", 26, MID_W - 50, True)
    wide = font(26, True).getlength(mine) + 52
    x = CX - wide / 2
    token(draw, x + 16, TOP + 62, view["families"][turn]["colour"], initials(names)[turn])
    text(draw, (x + 52, TOP + 62), mine, 26, INK, True, "lm")


def _dice(draw: Draw, view: View, y: int) -> None:
    """The last roll as dice with its sum, or Snow Day's two rolls to choose from."""
    rolls = view["snow_rolls"] or ([view["dice"]] if view["dice"] else [])
    if not rolls:
        text(draw, (CX, y + 24), "no roll yet", 26, MUTED, anchor="ma")
        return
    size = 64 if len(rolls) > 1 else 72
    faces = sum(len(r) for r in rolls)
    total = "" if view["snow_rolls"] else f"= {sum(view['dice'])}"
    wide = faces * (size + 10) + 50 * (len(rolls) - 1) + (font(36, True).getlength(total) + 14)
    x = CX - wide / 2
    for k, roll in enumerate(rolls):
        for face in roll:
            die(draw, x, y, size, face)
            x += size + 10
        if k + 1 < len(rolls):
            text(draw, (x + 20, y + size / 2), "or", SMALL, MUTED, anchor="mm")
            x += 50
    if total:
        text(draw, (x + 4, y + size / 2), total, 36, INK, True, "lm")
        what = DICE_FOR.get(view["dice_for"], "")
        if view["snow_rolls"] is None and what:
            text(draw, (CX, y + size + 10), what, SMALL, INK, anchor="ma")
    else:
        text(draw, (CX, y + size + 8), "Snow Day: keep one roll", SMALL, GOLD, True, "ma")


def _box(draw: Draw, y: int, h: int, title: str) -> None:
    pill(draw, (LEFT, y, RIGHT, y + h), PANEL, GOLD, 2, radius=12)
    text(draw, (LEFT + 14, y + 10), fit(title, 24, MID_W - 28, True), 24, GOLD, True)


def _store(draw: Draw, view: View, names: Sequence[str], y: int) -> None:
    store = view["store"]
    assert store is not None, "a store visit is under way"
    space = TRACK[store["space"]]
    _box(draw, y, 150, space.name)
    x = LEFT + 14
    line = f"${space.price} for up to {plural(space.items, 'item')}"
    text(draw, (x, y + 50), fit(line, SMALL, MID_W - 28), SMALL, INK)
    basket = f"{store['bought']} in the basket · {store['left']} more allowed"
    text(draw, (x, y + 88), fit(basket, SMALL, MID_W - 28), SMALL, INK, True)


def _elephant(draw: Draw, view: View, names: Sequence[str], y: int) -> None:
    packages = view["white_elephant"]
    assert packages is not None, "a White Elephant is under way"
    step = 38
    _box(draw, y, 52 + step * len(packages), "White Elephant: keep or swap")
    letters = initials(names)
    for seat, gift in enumerate(packages):
        cy = y + 66 + step * seat
        token(draw, LEFT + 30, cy, view["families"][seat]["colour"], letters[seat])
        text(draw, (LEFT + 56, cy), fit(names[seat], SMALL, 150), SMALL, INK, anchor="lm")
        name = "nothing" if gift is None else gift_name(gift)
        label = fit(name, SMALL, RIGHT - LEFT - 230, True)
        text(draw, (LEFT + 216, cy), label, SMALL, GOLD if gift else MUTED, True, "lm")


def _card(draw: Draw, view: View, y: int) -> None:
    card = NN[view["card"] or ""]
    rows = lines_in(card.effect, 24, MID_W - 28, False, 4)
    h = 96 + 30 * len(rows)
    pill(draw, (LEFT, y, RIGHT, y + h), PANEL, GOLD, 2, radius=12)
    # the deck's red-and-green corner, then plain words: no text across the two colours
    draw.polygon([(LEFT + 14, y + 8), (LEFT + 42, y + 8), (LEFT + 14, y + 36)], fill=NN_RED)
    draw.polygon([(LEFT + 42, y + 8), (LEFT + 42, y + 36), (LEFT + 14, y + 36)], fill=NN_GREEN)
    text(draw, (LEFT + 54, y + 22), "Last card shown", 24, WHITE, True, "lm")
    kind = "Play Now" if card.when == "now" else "Anytime"
    text(draw, (RIGHT - 14, y + 22), kind, SMALL, MUTED, anchor="rm")
    title = card.name + (" ★" if card.star else "")
    text(draw, (LEFT + 14, y + 48), fit(title, 26, MID_W - 28, True), 26, INK, True)
    for k, row in enumerate(rows):
        text(draw, (LEFT + 14, y + 88 + 30 * k), row, 24, INK)
