"""Muppet Christmas Carol pictures: the public table and a seat's own view, plus text.

Every colour is paired with a letter and a shape of its own (Red ● circle, Orange ▲
triangle, Yellow ★ star, Green ♣ tree, Blue ◆ diamond, Purple ■ square) and its name is
printed on the card, so the cards read without colour vision and in greyscale. A face-down
centre card is drawn as a card back unless the viewer knows it; then it is drawn face up
with a dark "FACE DOWN" ribbon and a caption saying how the viewer knows it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.muppets.cards import (
    COLOUR_LETTER,
    COLOURS,
    TILE_NAME,
    TILE_SHORT,
    TILES,
    character,
    colour,
    is_wild,
    plain,
)
from engine.muppets.views import MuppetsView, SlotView
from engine.protocol import fill_names
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
    SLOT_EDGE,
    Color,
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

View = MuppetsView
Draw = ImageDraw.ImageDraw

WIDTH = 1200
# Okabe–Ito-like colours, each with its own shape and letter.
COLOUR_RGB = {
    "Red": (204, 51, 63),
    "Orange": (230, 140, 0),
    "Yellow": (236, 214, 60),
    "Green": (0, 150, 110),
    "Blue": (0, 110, 178),
    "Purple": (160, 70, 160),
}
DARK_INK = (30, 30, 30)
MUTED_INK = (90, 90, 90)
LIGHT_BAND = {"Orange", "Yellow"}  # bands light enough for dark ink
BACK = (120, 36, 44)
BACK_LINE = (160, 60, 66)
#: How the viewer knows a face-down card (the view's `know`): a caption's second line.
KNOW_TEXT = {
    "owner": "(your own card)",
    "placed": "(you put it there)",
    "revealed": "(it was revealed)",
    "seen": "(seen face up)",
    "had": "(it was yours)",
    "everyone": "(it was shown)",
}
CW, CH = 112, 156  # a row card


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
    draw.ellipse(
        (x + s * 0.2, y, x + s * 0.5, y + s * 0.25), outline=GOLD, width=max(2, int(s / 12))
    )
    draw.ellipse(
        (x + s * 0.5, y, x + s * 0.8, y + s * 0.25), outline=GOLD, width=max(2, int(s / 12))
    )
    if value is not None:
        cx, cy = x + s / 2, y + s * 0.66
        draw.ellipse((cx - s * 0.26, cy - s * 0.26, cx + s * 0.26, cy + s * 0.26), fill=CARD)
        text(draw, (cx, cy), str(value), int(s * 0.38), DARK_INK, bold=True, anchor="mm")


def card_face(img: Image.Image, x: float, y: float, w: int, h: int, card_id: str) -> None:
    sprite, mask = _face_sprite(card_id, w, h)
    img.paste(sprite, (int(x), int(y)), mask)


def card_back(img: Image.Image, x: float, y: float, w: int, h: int) -> None:
    sprite, mask = _back_sprite(w, h)
    img.paste(sprite, (int(x), int(y)), mask)


def _sprite(w: int, h: int, fill: Color) -> tuple[Image.Image, Image.Image, Draw]:
    """A card-sized picture with its rounded-corner mask. Cards are drawn once per size and
    pasted after that: drawing text is most of the cost of a picture."""
    sprite = Image.new("RGB", (w + 1, h + 1), BG)
    mask = Image.new("L", (w + 1, h + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w, h), radius=9, fill=255)
    draw = ImageDraw.Draw(sprite)
    pill(draw, (0, 0, w, h), fill, CARD_EDGE, 2, radius=9)
    return sprite, mask, draw


@kept(12 * MB)
def _face_sprite(card_id: str, w: int, h: int) -> tuple[Image.Image, Image.Image]:
    """A card face: a band in the colour with its shape and letter, the character's name,
    and the colour's name spelled out."""
    sprite, mask, draw = _sprite(w, h, CARD)
    band = h * 0.3
    if is_wild(card_id):
        stripes = [COLOUR_RGB[c] for c in COLOURS]
        sw = (w - 4) / len(stripes)
        for k, rgb in enumerate(stripes):
            draw.rectangle((2 + k * sw, 2, 2 + (k + 1) * sw, band), fill=rgb)
        star(draw, w / 2, band / 2 + 1, band * 0.42, CARD)
        text(draw, (w / 2, h * 0.55), "WILD", int(h * 0.15), DARK_INK, True, "mm")
        text(draw, (w / 2, h * 0.74), "matches all", int(h * 0.085), MUTED_INK, anchor="mm")
        return sprite, mask
    name = colour(card_id)
    rgb = COLOUR_RGB[name]
    ink = DARK_INK if name in LIGHT_BAND else CARD
    draw.rounded_rectangle((2, 2, w - 2, band), radius=8, fill=rgb)
    draw.rectangle((2, band - 8, w - 2, band), fill=rgb)
    r = band * 0.3
    shape(draw, name, 8 + r, band / 2 + 1, r, ink)
    text(draw, (w - 9, band / 2 + 1), COLOUR_LETTER[name], int(band * 0.55), ink, True, "rm")
    size = int(h * 0.15)
    who = fit(character(card_id) or "", size, w - 8, True)
    text(draw, (w / 2, h * 0.55), who, size, DARK_INK, True, "mm")
    word = rgb if name not in LIGHT_BAND else (120, 100, 0)
    text(draw, (w / 2, h * 0.74), name, int(h * 0.1), word, True, "mm")
    return sprite, mask


@kept(2 * MB)
def _back_sprite(w: int, h: int) -> tuple[Image.Image, Image.Image]:
    sprite, mask, draw = _sprite(w, h, BACK)
    # Diagonals u - v = k, clipped to a box inset from the rounded corners.
    for k in range(-(h - 16), w - 16, 16):
        u0, v0 = max(k, 0), max(-k, 0)
        u1, v1 = min(w - 16, h - 16 + k), min(h - 16, w - 16 - k)
        if u1 > u0:
            draw.line((8 + u0, 8 + v0, 8 + u1, 8 + v1), fill=BACK_LINE, width=2)
    cx, cy = w / 2, h / 2
    draw.ellipse((cx - 22, cy - 22, cx + 22, cy + 22), fill=BACK, outline=GOLD, width=2)
    text(draw, (cx, cy), "?", 28, GOLD, True, "mm")
    return sprite, mask


def empty_place(draw: Draw, x: float, y: float, w: float, h: float) -> None:
    empty_slot(draw, x, y, w, h)
    text(draw, (x + w / 2, y + h / 2), "empty", 16, MUTED, anchor="mm")


def slot(img: Image.Image, draw: Draw, x: float, y: float, cell: SlotView, pos: int) -> None:
    """One slot of a row with its caption underneath."""
    caption, why = ("left", "centre", "right")[pos], ""
    card_id = cell["card"]
    if cell["empty"]:
        empty_place(draw, x, y, CW, CH)
    elif card_id is None:
        card_back(img, x, y, CW, CH)
        caption = "face down"
    else:
        card_face(img, x, y, CW, CH, card_id)
        if pos == 1 and cell["face_up"]:
            caption = "turned up"
        elif pos == 1:
            # Known but face down: a ribbon, so it never looks like a public outer card.
            draw.rectangle((x + 2, y + CH - 24, x + CW - 2, y + CH - 3), fill=(40, 40, 48))
            text(draw, (x + CW / 2, y + CH - 13), "FACE DOWN", 13, GOLD, True, "mm")
            know = cell["know"]
            assert know is not None, "a known centre card says how it is known"
            caption = "everyone knows it" if know == "everyone" else "you know it"
            why = KNOW_TEXT[know]
    ink = GOLD if why else MUTED
    text(draw, (x + CW / 2, y + CH + 4), caption, 15, ink, bool(why), "ma")
    if why:
        text(draw, (x + CW / 2, y + CH + 22), fit(why, 14, CW + 16), 14, GOLD, anchor="ma")


def tile(
    draw: Draw, x: float, y: float, w: float, h: float, name: str, shown: bool, note: str
) -> None:
    """A Story tile: bright with what it does once revealed, dim with when it comes before."""
    if shown:
        pill(draw, (x, y, x + w, y + h), (58, 48, 96), GOLD, 2, radius=10)
        head, sub, ink = TILE_SHORT[name], _TILE_WHAT[name], INK
    else:
        pill(draw, (x, y, x + w, y + h), BG, SLOT_EDGE, 2, radius=10)
        head, sub, ink = TILE_SHORT[name], note, (100, 116, 128)
    text(draw, (x + w / 2, y + 26), fit(head, 19, int(w - 10), True), 19, ink, True, "mm")
    text(draw, (x + w / 2, y + 56), fit(sub, 15, int(w - 10)), 15, MUTED, anchor="mm")


_TILE_WHAT = {
    "SCROOGE": "draw a card",
    "PAST": "take the discard",
    "PRESENT": "swap two cards",
    "YET_TO_COME": "reveal a centre",
}


# --------------------------------------------------------------------- layout


def named(line: str, names: Sequence[str]) -> str:
    """An engine prompt for a picture: seat placeholders become names, and the colour emoji
    are dropped (the bundled font has none; the colour's name is spelled out anyway)."""
    return _EMOJI.sub("", fill_names(line, names))


_EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]\ufe0f? ?")


def noun(n: int, word: str) -> str:
    """The noun `plural` writes after `n`, for a count drawn large above its noun."""
    return plural(n, word).removeprefix(f"{n} ")


def _status(view: View, names: Sequence[str]) -> str:
    phase = view["phase"]
    if phase == "fix":
        return f"Setting up: {names[view['to_act'][0]]} replaces a card"
    if phase == "sing":
        return "Who sings first? The first singer starts"
    if phase == "over":
        return f"Game over after {plural(view['turn_no'], 'turn')}"
    turn = view["turn"]
    assert turn is not None, "a turn is being played"
    return f"Turn {view['turn_no']} · {names[turn]} to play"


def _doing(view: View, p: int) -> str:
    """A short line under a player's name: what they are doing now, if anything."""
    phase, stage = view["phase"], view["stage"]
    if phase == "sing":
        return "let someone else start" if p in view["passed"] else "may sing to start"
    if phase == "fix":
        return "replacing a card" if p in view["to_act"] else ""
    if view["completing"] == p:
        if stage == "give":
            return "set complete! gift on its way"
        return "set complete! discarding"
    if phase == "play" and view["turn"] == p:
        if stage == "place" and view["using"]:
            return "drew a card with Scrooge"
        if stage == "give":
            return "choosing which gift to give"
        if view["followup"]:
            return "used Yet to Come; choosing another tile"
        return "choosing a Story tile"
    return ""


PANEL_H = 262  # a player's panel
GAP = 10
STRIP_H = 146  # tiles, deck, discard and gifts


def _top(private: bool) -> int:
    """Where the tiles strip starts: below the title, or below the seat's own strip."""
    return 212 if private else 58


def _table_height(view: View, private: bool) -> int:
    grid_rows = (view["seats"] + 1) // 2
    return _top(private) + STRIP_H + GAP + grid_rows * (PANEL_H + GAP) + 58


def _draw(view: View, names: Sequence[str], private: bool) -> bytes:
    img, draw = canvas(WIDTH, _table_height(view, private))
    text(draw, (24, 12), "Muppet Christmas Carol", 28, GOLD, bold=True)
    text(draw, (WIDTH - 24, 18), fit(_status(view, names), 22, 760), 22, INK, anchor="ra")
    if private:
        _personal(img, draw, view, names)
    y = _top(private)
    _centre_strip(img, draw, view, y)
    y += STRIP_H + GAP
    n = view["seats"]
    pw = (WIDTH - 32 - GAP) / 2
    for p in range(n):
        px = 16 + (p % 2) * (pw + GAP)
        py = y + (p // 2) * (PANEL_H + GAP)
        _player(img, draw, view, names, p, px, py, pw)
    y += ((n + 1) // 2) * (PANEL_H + GAP)
    _footer(draw, view, names, y)
    return png(img)


def _coming(view: View) -> str:
    """When the next Story tile turns up: "in 3 cards"."""
    n = view["next_tile_in"]
    return "" if n is None else f"in {plural(n, 'card')}"


def _centre_strip(img: Image.Image, draw: Draw, view: View, y: int) -> None:
    # Story tiles, in story order.
    pill(draw, (16, y, 640, y + STRIP_H), PANEL, radius=14)
    text(draw, (32, y + 8), "Story tiles (choose one each turn)", 17, MUTED, bold=True)
    shown = set(view["story"])
    for k, name in enumerate(TILES):
        note = _coming(view) if name == view["next_tile"] else "not yet"
        tile(draw, 32 + k * 150, y + 40, 140, 90, name, name in shown, note)
    # Deck, discard pile, gifts.
    pill(draw, (656, y, 1184, y + STRIP_H), PANEL, radius=14)
    card_back(img, 676, y + 17, 80, 112)
    text(draw, (770, y + 28), "Deck", 18, MUTED, bold=True)
    text(draw, (770, y + 52), f"{view['deck']}", 30, INK, bold=True)
    text(draw, (770, y + 90), noun(view["deck"], "card"), 16, MUTED)
    discard = view["discard"]
    if discard:
        card_face(img, 852, y + 17, 80, 112, discard[-1])
    else:
        empty_place(draw, 852, y + 17, 80, 112)
    text(draw, (942, y + 28), "Discard", 18, MUTED, bold=True)
    text(draw, (942, y + 52), f"{len(discard)}", 30, INK, bold=True)
    text(draw, (942, y + 90), "face up", 16, MUTED)
    gift_box(draw, 1040, y + 28, 48)
    text(draw, (1100, y + 34), f"{view['gifts_left']}", 30, INK, bold=True)
    text(draw, (1040, y + 94), noun(view["gifts_left"], "gift") + " left", 16, MUTED)


def _player(
    img: Image.Image,
    draw: Draw,
    view: View,
    names: Sequence[str],
    p: int,
    x: float,
    y: float,
    w: float,
) -> None:
    acting = p in view["to_act"]
    done = view["completing"] == p
    me = view["seat"] == p
    edge = GOLD if acting else (GREEN if done else None)
    pill(
        draw, (x, y, x + w, y + PANEL_H), PANEL_HI if acting or done else PANEL, edge, 3, radius=16
    )
    tag = f"P{p + 1}"
    text(draw, (x + 16, y + 10), tag, 18, MUTED, bold=True)
    you = " (you)" if me else ""
    name = fit(("▶ " if acting else "") + names[p], 24, int(w - 250) - 80 * bool(you), True)
    text(draw, (x + 52, y + 8), name + you, 24, GOLD if acting else INK, bold=True)
    doing = _doing(view, p)
    if doing:
        text(draw, (x + 16, y + 38), fit(doing, 17, int(w - 200)), 17, GREEN if done else MUTED)
    # Gifts and sets, top right.
    count = view["gift_counts"][p]
    gift_box(draw, x + w - 130, y + 8, 30)
    text(draw, (x + w - 92, y + 10), f"× {count}", 22, INK, bold=True)
    sets = view["sets"][p]
    text(draw, (x + w - 16, y + 40), f"{plural(sets, 'set')} done", 16, MUTED, anchor="ra")
    # The row of three.
    cx0 = x + 18
    cy = y + 62
    for pos in range(3):
        slot(img, draw, cx0 + pos * (CW + 14), cy, view["rows"][p][pos], pos)
    info_x = cx0 + 3 * (CW + 14) + 6
    values, scores = view["gift_values"], view["scores"]
    if view["finished"] and values and scores is not None:  # every gift is face up at the end
        text(draw, (info_x, cy), plural(scores[p], "point"), 20, GOLD, bold=True)
        _gift_values(draw, info_x, cy + 30, values[p], x + w - 12)
        return
    # Private: the gifts this seat gave this player (its own are in the strip on top).
    gave = [g["value"] for g in view.get("gave", []) if g["to"] == p]
    if gave:
        text(draw, (info_x, cy), "you gave", 15, MUTED)
        _gift_values(draw, info_x, cy + 22, gave, x + w - 12)


def _gift_values(draw: Draw, x: float, y: float, values: Sequence[int], right: float) -> None:
    s, gap = 32, 8
    per_line = max(1, int((right - x + gap) // (s + gap)))
    for k, v in enumerate(values):
        gift_box(draw, x + (k % per_line) * (s + gap), y + (k // per_line) * (s + gap), s, v)


def _personal(img: Image.Image, draw: Draw, view: View, names: Sequence[str]) -> None:
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    prompt = view.get("prompt") or (
        "The game is over."
        if view["finished"]
        else "Waiting for " + ", ".join(names[i] for i in view["to_act"])
    )
    prompt = named(prompt, names)
    line = f"{names[seat]}: {prompt}"
    if font(22).getlength(line) > WIDTH - 48:  # a long name: the prompt matters more
        line = prompt
    text(draw, (24, 50), fit(line, 22, WIDTH - 48), 22, INK)
    top = 84
    pill(draw, (16, top, WIDTH - 16, top + 118), PANEL, radius=14)
    x = 36
    held, offer = view.get("held"), view.get("offer")
    if held:
        text(draw, (x, top + 12), "You drew", 17, GOLD, bold=True)
        card_face(img, x + 96, top + 8, 72, 102, held)
        text(draw, (x, top + 38), "only you", 15, MUTED)
        text(draw, (x, top + 56), "see it", 15, MUTED)
        x += 200
    elif offer:
        text(draw, (x, top + 12), "Your two gifts", 17, GOLD, bold=True)
        completing = view["completing"]
        assert completing is not None, "gifts are offered while a set is resolved"
        text(draw, (x, top + 34), f"one is for {names[completing]}", 15, MUTED)
        for k, v in enumerate(offer):
            gift_box(draw, x + k * 76, top + 58, 52, v)
        x += 250
    mine = [g["value"] for g in view["my_gifts"]]
    text(draw, (x, top + 12), "Your gifts", 17, MUTED, bold=True)
    if mine:
        _gift_values(draw, x, top + 40, mine, x + 340)
        text(draw, (x + 110, top + 12), plural(sum(mine), "point"), 17, GOLD, bold=True)
    else:
        text(draw, (x, top + 44), "none yet", 18, MUTED)
    x += 360
    gave = view["gave"]
    text(draw, (x, top + 12), "Gifts you gave", 17, MUTED, bold=True)
    if gave:
        line = ", ".join(f"{g['value']} to {names[g['to']]}" for g in gave)
        text(draw, (x, top + 40), fit(line, 18, WIDTH - 40 - x), 18, INK)
    else:
        text(draw, (x, top + 40), "none yet", 18, MUTED)
    text(draw, (x, top + 74), "Gold captions mark face-down", 15, MUTED)
    text(draw, (x, top + 92), "cards you know.", 15, MUTED)


def _footer(draw: Draw, view: View, names: Sequence[str], y: int) -> None:
    pill(draw, (16, y, WIDTH - 16, y + 48), PANEL, radius=14)
    result = view["result"]
    if result:
        winners = result["winners"]
        w0 = winners[0]
        points = plural(result["scores"][w0], "point")
        if len(winners) == 1:
            gifts = plural(view["gift_counts"][w0], "gift")
            line = f"Winner: {names[w0]} with {points} ({gifts})"
        else:
            line = "Shared victory: " + ", ".join(names[i] for i in winners) + f" · {points}"
        star(draw, 44, y + 24, 16)
        text(draw, (70, y + 10), fit(line, 24, WIDTH - 110, True), 24, GOLD, bold=True)
        return
    text(
        draw,
        (32, y + 13),
        "Three cards match by colour or character (Wilds are anything). Your own set: 1 gift."
        " Someone else's: take 2, give 1.",
        16,
        MUTED,
    )


# --------------------------------------------------------------------- entry points


def table(view: View, names: Sequence[str]) -> bytes:
    return _draw(view, names, private=False)


def hand(view: View, names: Sequence[str]) -> bytes:
    return _draw(view, names, private=True)


def _card_text(cell: SlotView) -> str:
    if cell["empty"]:
        return "—"
    if cell["card"] is None:
        return "face down"
    return plain(cell["card"])


def describe(view: View, names: Sequence[str]) -> str:
    """The picture in words, most important first (`render.alt.fit` keeps the head when the
    text is too long): whose turn, who leads, what this seat is asked with its own cards and
    gifts, what is happening now; then the other rows, the Story tiles and the piles."""
    seat = view["seat"]
    lines = [f"The Muppet Christmas Carol: Spirit of Giving — {_status(view, names)}"]
    lines += _standing(view, names)
    if seat is not None:
        lines += _own(view, names, seat)
    busy = [
        f"{names[p]}: {doing}"
        for p in range(view["seats"])
        if (doing := _doing(view, p)) and doing not in _SAID
    ]
    lines += [" · ".join(busy)] if busy else []
    lines += [_row_text(view, names, p) for p in range(view["seats"]) if p != seat]
    shown = ", ".join(TILE_NAME[t] for t in view["story"]) or "none yet"
    coming = f" (next: {TILE_NAME[view['next_tile']]} {_coming(view)})" if view["next_tile"] else ""
    lines.append(f"Story tiles: {shown}{coming}")
    top = plain(view["discard"][-1]) if view["discard"] else "empty"
    lines.append(
        f"Deck: {plural(view['deck'], 'card')}."
        f" Discard pile: {plural(len(view['discard']), 'card')}, top {top}."
        f" {plural(view['gifts_left'], 'gift')} left."
    )
    return "\n".join(lines)


#: What a player may be doing that the status line already says.
_SAID = frozenset({"may sing to start", "replacing a card", "choosing a Story tile"})


def _standing(view: View, names: Sequence[str]) -> list[str]:
    """Who leads: at the end the winners and every score, best first; before, the gifts and
    sets each player has (their values are hidden), once anyone has one."""
    counts = [
        f"{plural(view['gift_counts'][p], 'gift')}, {plural(view['sets'][p], 'set')}"
        for p in range(view["seats"])
    ]
    result, scores = view["result"], view["scores"]
    if result is not None and scores is not None:
        order = sorted(range(view["seats"]), key=lambda p: (result["ranks"][p], p))
        won = " and ".join(names[p] for p in result["winners"])
        head = "Winners" if len(result["winners"]) > 1 else "Winner"
        table = " · ".join(f"{names[p]} {plural(scores[p], 'point')} ({counts[p]})" for p in order)
        return [f"{head}: {won} · Scores: {table}"]
    if not any(view["gift_counts"]) and not any(view["sets"]):
        return []
    return ["Gifts so far: " + " · ".join(f"{names[p]} {c}" for p, c in enumerate(counts))]


def _own(view: View, names: Sequence[str], seat: int) -> list[str]:
    """What the seat is asked and what it has to answer with: the prompt, a drawn card or
    two gifts to choose from, its own row and its gifts."""
    lines = [named(view["prompt"], names)] if view.get("prompt") else []
    if held := view.get("held"):
        lines.append(f"Drawn card: {plain(held)}.")
    if offer := view.get("offer"):
        lines.append(f"Gifts to choose from: {offer[0]} and {offer[1]}.")
    lines.append(_row_text(view, names, seat))
    mine = [g["value"] for g in view["my_gifts"]]
    worth = f"{', '.join(map(str, mine))} ({plural(sum(mine), 'point')})" if mine else "none"
    gave = ", ".join(f"{g['value']} to {names[g['to']]}" for g in view["gave"])
    lines.append(f"{names[seat]}'s gifts: {worth}." + (f" Gave: {gave}." if gave else ""))
    return lines


def _row_text(view: View, names: Sequence[str], p: int) -> str:
    row = view["rows"][p]
    cells = [_card_text(row[0]), _card_text(row[1]), _card_text(row[2])]
    know = row[1]["know"]
    if know == "everyone" and not row[1]["face_up"]:
        cells[1] += " (face down, shown to everyone)"
    elif know and not row[1]["face_up"]:
        cells[1] += f" (face down, you know it: {KNOW_TEXT[know].strip('()')})"
    return f"{names[p]} (P{p + 1}): {' | '.join(cells)}"


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("draw", 1, "scrooge-draw"),
    ("reveal", 1, "yet-to-come"),
    ("set", 1, "first-set"),
    ("offer", 1, "giving"),
    ("tile_revealed", 3, "present-revealed"),
)
