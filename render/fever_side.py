"""Holiday Fever's right-hand column: where the game is and whom it waits for, the last roll,
the decks, and what is under way (a store visit, a White Elephant, the Reunion, the last
Naughty-or-Nice card), with the key to the board's colours at the foot when there is room."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.fever.board import TRACK
from engine.fever.cards import NN
from engine.fever.views import FeverView
from engine.words import plural
from render.common import GOLD, GREEN, INK, MUTED, PANEL, fit, pill, text
from render.fever_parts import (
    DARK,
    LEGEND,
    RING,
    die,
    flag,
    gift_back,
    initials,
    lines_in,
    swatch,
    token,
)
from render.fever_sheets import GAP, WIDTH, value_card
from render.fever_words import CAUSE, DICE_FOR, deck_words, gift_name, race_lead, when

View = FeverView
Draw = ImageDraw.ImageDraw

SIDE_X = 16 + RING + 12  # the column's left, beside the board
SIDE_W = WIDTH - 16 - SIDE_X


def _box(draw: Draw, y: int, h: int, title: str) -> None:
    pill(draw, (SIDE_X, y, SIDE_X + SIDE_W, y + h), PANEL, radius=12)
    text(draw, (SIDE_X + 14, y + 8), fit(title, 16, SIDE_W - 70, True), 16, MUTED, True)


def side(draw: Draw, view: View, names: Sequence[str], top: int) -> None:
    """The right column: where the game is and whom it waits for, dice, decks, then whatever
    is under way."""
    y, bottom = top, top + RING
    _where(draw, view, names, y)
    y += 116 + GAP
    # the last roll
    x = SIDE_X + 14
    _box(draw, y, 96, "Snow Day: keep one roll" if view["snow_rolls"] else "Last roll")
    rolls = view["snow_rolls"] or ([view["dice"]] if view["dice"] else [])
    dx = x
    for k, roll in enumerate(rolls):
        for face in roll:
            die(draw, dx, y + 34, 50, face)
            dx += 58
        if k + 1 < len(rolls):
            text(draw, (dx + 4, y + 58), "or", 18, MUTED, anchor="lm")
            dx += 36
    if rolls and not view["snow_rolls"]:
        label = f"= {sum(view['dice'])} {DICE_FOR.get(view['dice_for'], '')}"
        text(
            draw, (dx + 8, y + 59), fit(label, 18, SIDE_X + SIDE_W - dx - 20), 18, INK, anchor="lm"
        )
    elif not rolls:
        text(draw, (x, y + 50), "no roll yet", 18, MUTED)
    y += 96 + GAP
    y = _decks(draw, view, y)
    for part in (_store, _elephant, _reunion, _card):
        y = part(draw, view, names, y, bottom)
    _legend(draw, y, bottom)


def _where(draw: Draw, view: View, names: Sequence[str], y: int) -> None:
    """The round (or who leads the Race), whose turn it is (or what every family is doing at
    once) and whom the table waits for."""
    x = SIDE_X + 14
    race = view["race"]
    _box(draw, y, 116, "Race to Christmas" if race else "Where we are")
    if race:
        flag(draw, SIDE_X + SIDE_W - 48, y + 8)
    turn, stage = view["turn"], view["stage"]
    together = view["phase"] == "youngest" or stage == "reunion"  # everyone answers at once
    if view["phase"] == "youngest" or (view["round"] == 0 and not race):
        big = "Getting ready"
        doing = "Who is the youngest?" if view["phase"] == "youngest" else when(view)
    else:
        big = (race_lead(view, names) or "Everyone at the start") if race else when(view)
        doing = "Family Reunion" if stage == "reunion" else ""
    text(draw, (x, y + 32), fit(big, 24, SIDE_W - 28, True), 24, INK, True)
    if doing:
        text(draw, (x, y + 66), fit(doing, 20, SIDE_W - 28, True), 20, GOLD, True)
    elif turn is not None:
        fam = view["families"][turn]
        token(draw, x + 12, y + 76, 12, fam["colour"], initials(names)[turn])
        mine = f"{names[turn]}'s turn"
        text(draw, (x + 32, y + 66), fit(mine, 20, SIDE_W - 60, True), 20, GOLD, True)
    waiting = [names[s] for s in view["to_act"] if together or s != turn]
    if waiting:
        line = "waiting for " + ", ".join(waiting)
        text(draw, (x, y + 94), fit(line, 15, SIDE_W - 28, True), 15, GREEN, True)
    elif race:
        text(draw, (x, y + 94), fit(CAUSE[view["race_cause"]], 14, SIDE_W - 28), 14, MUTED)


def _decks(draw: Draw, view: View, y: int) -> int:
    """The cards left in each deck: Gifts and Values, then the Naughty-or-Nice cards."""
    x = SIDE_X + 14
    _box(draw, y, 90, "Cards left")
    gifts, values, nn = deck_words(view["decks"])
    gift_back(draw, x, y + 30, 22, 24)
    text(draw, (x + 28, y + 30), gifts, 18, INK, True)
    value_card(draw, x + 150, y + 30, 30, 24, None)
    text(draw, (x + 186, y + 30), values, 18, INK, True)
    swatch(draw, x + 2, y + 60, "naughty_or_nice", 20)
    text(draw, (x + 28, y + 59), nn, 18, INK, True)
    return y + 90 + GAP


def _legend(draw: Draw, y: int, bottom: int) -> None:
    """The key to the board's colours, at the column's foot, when there is room."""
    h = 36 + 24 * len(LEGEND)
    if bottom - y < h:
        return
    y = bottom - h
    _box(draw, y, h, "The spaces")
    for k, (kind, words) in enumerate(LEGEND):
        swatch(draw, SIDE_X + 14, y + 32 + 24 * k, kind)
        text(
            draw, (SIDE_X + 42, y + 42 + 24 * k), fit(words, 16, SIDE_W - 56), 16, INK, anchor="lm"
        )


def _store(draw: Draw, view: View, names: Sequence[str], y: int, bottom: int) -> int:
    store = view["store"]
    if store is None:
        return y
    space = TRACK[store["space"]]
    turn = view["turn"]
    _box(draw, y, 96, "Shopping" if turn is None else f"{names[turn]} is shopping")
    x = SIDE_X + 14
    text(draw, (x, y + 30), fit(space.name, 21, SIDE_W - 28, True), 21, INK, True)
    line = (
        f"${space.price} for up to {plural(space.items, 'item')} · {store['bought']} in the basket"
    )
    text(draw, (x, y + 62), fit(line, 16, SIDE_W - 28), 16, GOLD)
    return y + 96 + GAP


def _elephant(draw: Draw, view: View, names: Sequence[str], y: int, bottom: int) -> int:
    packages = view["white_elephant"]
    if packages is None:
        return y
    h = 36 + 26 * len(packages)
    _box(draw, y, h, "White Elephant: keep or swap")
    letters = initials(names)
    for seat, gift in enumerate(packages):
        cy = y + 44 + 26 * seat
        token(draw, SIDE_X + 26, cy, 10, view["families"][seat]["colour"], letters[seat])
        who = fit(names[seat], 16, 130)
        text(draw, (SIDE_X + 44, cy), who, 16, INK, anchor="lm")
        name = "—" if gift is None else gift_name(gift)
        text(draw, (SIDE_X + 184, cy), fit(name, 16, SIDE_W - 184, True), 16, GOLD, True, "lm")
    return y + h + GAP


def _reunion(draw: Draw, view: View, names: Sequence[str], y: int, bottom: int) -> int:
    chosen = view["reunion"]
    if chosen is None:
        return y
    rows = (len(chosen) + 1) // 2
    h = 36 + 26 * rows
    _box(draw, y, h, "Family Reunion: choosing in secret")
    letters = initials(names)
    half = SIDE_W // 2
    for seat, done in enumerate(chosen):
        cx = SIDE_X + 26 + (seat % 2) * half
        cy = y + 44 + 26 * (seat // 2)
        token(draw, cx, cy, 10, view["families"][seat]["colour"], letters[seat])
        mark = "✓ chosen" if done else "choosing"
        text(draw, (cx + 16, cy), fit(names[seat], 15, half - 110), 15, INK, anchor="lm")
        edge = SIDE_X + (seat % 2 + 1) * half - 14
        text(draw, (edge, cy), mark, 15, GREEN if done else MUTED, done, "rm")
    return y + h + GAP


def _card(draw: Draw, view: View, names: Sequence[str], y: int, bottom: int) -> int:
    card_id = view["card"]
    if card_id is None or card_id not in NN or bottom - y < 110:
        return y
    card = NN[card_id]
    rows = lines_in(card.effect, 16, SIDE_W - 36, False, 3)
    h = 72 + 20 * len(rows)
    pill(draw, (SIDE_X, y, SIDE_X + SIDE_W, y + h), (246, 240, 226), GOLD, 2, radius=12)
    draw.rounded_rectangle((SIDE_X + 2, y + 2, SIDE_X + SIDE_W - 2, y + 30), 10, (44, 110, 72))
    draw.polygon(
        [
            (SIDE_X + 2, y + 2),
            (SIDE_X + SIDE_W / 2, y + 2),
            (SIDE_X + SIDE_W / 2 - 28, y + 30),
            (SIDE_X + 2, y + 30),
        ],
        fill=(170, 44, 52),
    )
    kind = "Play Now" if card.when == "now" else "Play Anytime"
    text(draw, (SIDE_X + 14, y + 16), "Last card shown", 15, (255, 255, 255), True, "lm")
    text(draw, (SIDE_X + SIDE_W - 14, y + 16), kind, 14, (255, 255, 255), anchor="rm")
    title = card.name + (" ★" if card.star else "")
    text(draw, (SIDE_X + 14, y + 38), fit(title, 20, SIDE_W - 28, True), 20, DARK, True)
    for k, row in enumerate(rows):
        text(draw, (SIDE_X + 14, y + 64 + 20 * k), row, 16, (60, 60, 60))
    return y + h + GAP
