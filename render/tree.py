"""My First Christmas Tree pictures and text: the public table, a seat's own picture, the text
under them and the score cards and discard pile on demand.

Phone first: the picture is 800 px wide, with no text under 22 px, and holds what is spatial —
the tree with its cubes, markers, Star and Base tiles; the pool; both preparation rows; and, on
a seat's picture, its hand, each card marked with what playing it would do. Scores, supplies,
boxes, pile sizes and the turn so far are text under the picture (`panel`), where Discord draws
them in the reader's own font size; the score cards and the discard pile are one press away
(`details`), and once the game is over the score cards are the panel.

A player's pieces are squares (player 1) or discs (player 2) and carry no letter or digit
(`render.tree_parts.piece`); the panel's 🟥 and 🔵 are their legend. The tiles a preparation
row matches are ringed in its player's colour (the first segment, the one the segment buttons
list first, thick and badged with the owner's piece; any others thin).

Drawing is most of what a move costs, so everything that does not change during a game is
drawn once for every game alike (`_ground`: the tree with its blank, numbered tiles; the six
symbols; the cards) and a picture pastes those and draws only its pieces, rings and names:
nothing is kept per game, so memory stays flat however many games run.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.tree import cards as C
from engine.tree.scoring import card_text, not_placed, number, points
from engine.tree.views import ScorePartView, TreeView
from engine.words import plural
from render.common import (
    BG,
    CARD_DIM,
    GOLD,
    GREEN,
    INK,
    MB,
    MUTED,
    PANEL,
    PANEL_HI,
    SLOT_EDGE,
    Color,
    canvas,
    empty_slot,
    fit,
    kept,
    pill,
    png,
    star,
    text,
)
from render.more import Detail, Shown
from render.tree_parts import DARK, PLAYER, TILE, card, glyph, piece

View = TreeView

WIDTH = 800
SMALL = 22  # the smallest text (tile ids, points): 11 px once shown 400 px wide
WORD = 34  # words: names and labels, large enough to read at a glance on a phone
TREE_X = 400  # the tree's centre line
TW, TH = 96, 100  # a tile
PITCH, PITCH_Y = 104, 106  # tile to tile, along a row and down
TILE_ID = 26  # a tile's number, as the menus name tiles ("3.2")
GLYPH = 40  # a tile's symbol
CUBE = 30  # a cube on a tile
ROW1_Y = 100
STAR_Y = 50
BASE_Y = ROW1_Y + 5 * PITCH_Y + 8  # the Base tiles' top
TREE_H = BASE_Y + 70  # the tree's part of the picture
WARN: Color = (255, 140, 0)
TREE_GREEN: Color = (30, 92, 56)
TRUNK: Color = (110, 72, 40)
ID_INK: Color = (120, 112, 96)
COMMITS = {
    "wipe": "wipe the pool",
    "take2": "take two",
    "extra": "one more card",
    "colours": "two colours",
}
#: The panel's legend of the pieces: player 1's squares, player 2's discs.
EMOJI = ("🟥", "🔵")


def _player(view: View, seat: int) -> int:
    """0 for player 1 (the seat `first`, red squares), 1 for player 2 (blue discs)."""
    return 0 if seat == view["first"] else 1


def tile_xy(r: int, i: int) -> tuple[float, float]:
    """The top-left corner of tile (r, i), 1-based (tests find pixels with it too)."""
    width = (r + 1) * PITCH - (PITCH - TW)
    return TREE_X - width / 2 + (i - 1) * PITCH, ROW1_Y + (r - 1) * PITCH_Y


def cube_xy(r: int, i: int, player: int) -> tuple[float, float]:
    """The top-left corner of a player's cube on tile (r, i): player 1's at the bottom left,
    player 2's at the bottom right."""
    x, y = tile_xy(r, i)
    return x + (5 if player == 0 else TW - 5 - CUBE), y + TH - 4 - CUBE


def _matches(view: View, seat: int) -> list[list[str]]:
    """The seat's matching segments, the one chosen for the cubes being placed first."""
    found = view["matches"][seat]
    chosen = view["segment"]
    if chosen is None or seat != view["turn"] or chosen not in found:
        return found
    return [chosen, *(m for m in found if m != chosen)]


def _rings(view: View) -> dict[str, list[tuple[int, int]]]:
    """Per tile "r.i", the rings to draw: (player, width), thick for the first segment (a
    one-card row has none: it fits every tile of its symbol alike)."""
    out: dict[str, list[tuple[int, int]]] = {}
    for seat in (view["first"], 1 - view["first"]):
        width: dict[str, int] = {}
        for k, seg in enumerate(_matches(view, seat)):
            for tile in seg:
                width[tile] = max(width.get(tile, 0), 7 if k == 0 and len(seg) > 1 else 3)
        for tile, w in width.items():
            out.setdefault(tile, []).append((_player(view, seat), w))
    return out


# --------------------------------------------------------------------- the tree


@kept(3 * MB)
def _ground() -> Image.Image:
    """The tree part of every picture before anything of a game is on it: the tree and its
    trunk, the 20 tiles blank but numbered as the menus name them (`r.i`), a free marker slot
    at each row's end showing its worth, the Star face down and both Base tiles free. The
    same for every game, so it is drawn once."""
    img, draw = canvas(WIDTH, TREE_H)
    apex, foot = ROW1_Y - 30, ROW1_Y + 4 * PITCH_Y + TH + 8
    half = 3 * PITCH + 40
    draw.polygon([(TREE_X, apex), (TREE_X - half, foot), (TREE_X + half, foot)], fill=TREE_GREEN)
    draw.rectangle((TREE_X - 30, foot, TREE_X + 30, TREE_H - 6), fill=TRUNK)
    for r in range(1, C.ROWS + 1):
        for i in range(1, r + 2):
            x, y = tile_xy(r, i)
            pill(draw, (x, y, x + TW, y + TH), TILE, DARK, 2, radius=10)
            text(draw, (x + 7, y + 2), f"{r}.{i}", TILE_ID, ID_INK, bold=True)
        mx, my = _marker_xy(r)
        draw.rectangle((mx, my, mx + MARK, my + MARK), fill=BG, outline=SLOT_EDGE, width=2)
        text(draw, (mx + MARK / 2, my + MARK / 2), f"+{r + 1}", SMALL, MUTED, True, "mm")
    star(draw, TREE_X, STAR_Y, 40, (96, 104, 112))
    text(draw, (TREE_X + 50, STAR_Y), f"+{C.STAR_POINTS}", WORD, MUTED, True, "lm")
    for side, worth in enumerate(C.BASE_POINTS):
        box = _base_box(side)
        pill(draw, box, (60, 74, 88), SLOT_EDGE, 2, radius=10)
        text(draw, _base_label(side, False), f"Base +{worth}", WORD, INK, True, "mm")
    return img


MARK = 44  # a row's marker slot


def _marker_xy(r: int) -> tuple[float, float]:
    x, y = tile_xy(r, r + 1)
    return x + TW + 10, y + (TH - MARK) / 2


def _base_box(side: int) -> tuple[float, float, float, float]:
    """A Base tile's box: the left one (0) left of the trunk, the right one right of it."""
    left, _ = tile_xy(5, 1)
    right = 2 * TREE_X - left
    if side == 0:
        return left, BASE_Y, TREE_X - 44, BASE_Y + 58
    return TREE_X + 44, BASE_Y, right, BASE_Y + 58


def _base_label(side: int, owned: bool) -> tuple[float, float]:
    """The middle of a Base tile's label, moved right of the owner's piece once it has one."""
    x0, y0, x1, y1 = _base_box(side)
    return (x0 + x1) / 2 + (22 if owned else 0), (y0 + y1) / 2


@kept(1 * MB)
def _symbol(sym: str) -> Image.Image:
    """A symbol as drawn on a tile, on the tile's colour, to paste into a blank tile."""
    img, draw = canvas(GLYPH, GLYPH, TILE)
    glyph(draw, sym, GLYPH / 2, GLYPH / 2, GLYPH - 2, DARK, TILE)
    return img


def _tree(img: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    img.paste(_ground(), (0, 0))
    rings = _rings(view)
    for r, row in enumerate(view["tree"], start=1):
        for i, sym in enumerate(row, start=1):
            x, y = tile_xy(r, i)
            img.paste(_symbol(sym), (int(x + (TW - GLYPH) / 2), int(y + 27)))
            for seat in view["cubes"][r - 1][i - 1]:
                p = _player(view, seat)
                piece(draw, *cube_xy(r, i, p), CUBE, p)
            _ring(draw, x, y, rings.get(f"{r}.{i}", []))
        owner = view["markers"][r - 1]
        if owner is not None:
            mx, my = _marker_xy(r)
            draw.rectangle((mx, my, mx + MARK, my + MARK), fill=BG)  # the slot is taken
            piece(draw, mx, my, MARK, _player(view, owner), finishing=True)
    badged: set[tuple[int, int]] = set()
    for seat in (view["first"], 1 - view["first"]):
        matches = _matches(view, seat)
        if matches and len(matches[0]) > 1:
            # whose ring it is, without colour: the owner's piece on the segment's first tile,
            # in its top right corner, clear of the tile's number (a second one just below)
            r, i = (int(n) for n in matches[0][0].split("."))
            x, y = tile_xy(r, i)
            below = 30 if (r, i) in badged else 0
            badged.add((r, i))
            piece(draw, x + TW - 31, y + 5 + below, 26, _player(view, seat))
    if view["star"] is not None:
        star(draw, TREE_X, STAR_Y, 44, GOLD)
        piece(draw, TREE_X - 13, STAR_Y - 9, 26, _player(view, view["star"]))
    for side, owner in enumerate(view["base"]):
        if owner is not None:
            box = _base_box(side)
            pill(draw, box, PANEL_HI, GOLD, 3, radius=10)
            piece(draw, box[0] + 14, box[1] + 13, 32, _player(view, owner))
            worth = C.BASE_POINTS[side]
            text(draw, _base_label(side, True), f"Base +{worth}", WORD, GOLD, True, "mm")


def _ring(draw: ImageDraw.ImageDraw, x: float, y: float, rings: Sequence[tuple[int, int]]) -> None:
    """Around a tile, the rings of the segments it lies on, in their players' colours."""
    inset = 0
    for p, w in rings:
        box = (x - 4 + inset, y - 4 + inset, x + TW + 4 - inset, y + TH + 4 - inset)
        draw.rounded_rectangle(box, radius=12, outline=PLAYER[p], width=w)
        inset += w


# --------------------------------------------------------------------- cards

CW, CH = 80, 104  # a card
CARD_PITCH = 90
LETTER = 24  # a card's colour letter


@kept(4 * MB)
def _card(card_id: str, bg: Color) -> Image.Image:
    """A card drawn on `bg` (its rounded corners show it), to paste."""
    img, draw = canvas(CW, CH, bg)
    card(draw, 0, 0, CW, CH, card_id, LETTER)
    return img


def _put(img: Image.Image, card_id: str, x: float, y: float, bg: Color) -> None:
    img.paste(_card(card_id, bg), (int(x), int(y)))


# --------------------------------------------------------------------- pool and rows

BAND_H = 128  # the pool's band and each player's, with the gap below it
CARDS_X = 168  # where a band's cards start, right of its label


def _band(draw: ImageDraw.ImageDraw, y: int, lit: bool) -> Color:
    """A band's background, gold-edged for the player to act; returns its colour."""
    fill = PANEL_HI if lit else PANEL
    pill(draw, (16, y, WIDTH - 16, y + BAND_H - 10), fill, GOLD if lit else None, 3, 16)
    return fill


def _pool(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int, lit: bool) -> None:
    fill = _band(draw, y, lit)
    # words on the line of the cards' letters, never beside their symbols: an eye and an OCR
    # engine both read a label best on a line of its own
    text(draw, (34, y + 8), "Pool", WORD, GOLD if lit else INK, bold=True)
    for k in range(C.POOL_SIZE):
        x = CARDS_X + k * CARD_PITCH
        if k < len(view["pool"]):
            _put(img, view["pool"][k], x, y + 9, fill)
        else:
            empty_slot(draw, x + 4, y + 13, CW - 8, CH - 8)


def _prepared(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    names: Sequence[str],
    seat: int,
    y: int,
) -> None:
    """A player's preparation row: their piece and name at the left (the legend of the tree's
    pieces), then the cards; the band is gold-edged while it is their turn."""
    acting = seat == view["turn"]
    fill = _band(draw, y, acting)
    name = fit(names[seat], WORD, CARDS_X - 44, True)
    text(draw, (34, y + 8), name, WORD, GOLD if acting else INK, bold=True)
    piece(draw, 34, y + 58, 36, _player(view, seat))
    if acting:  # a pointer beside the piece: this player is to act
        draw.polygon([(84, y + 62), (84, y + 90), (108, y + 76)], fill=GOLD)
    row = view["rows"][seat]
    if not row:
        empty_slot(draw, CARDS_X + 4, y + 13, CW - 8, CH - 8)
    for k, c in enumerate(row):
        _put(img, c, CARDS_X + k * CARD_PITCH, y + 9, fill)


def _result(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], y: int) -> None:
    """Once the game is over: who won, and both totals (the score cards are the panel)."""
    result = view["result"]
    assert result is not None
    pill(draw, (16, y, WIDTH - 16, y + RESULT_H - 10), PANEL_HI, GOLD, 3, 16)
    star(draw, 56, y + 35, 22)
    winners = result["winners"]
    scores = result["scores"]
    if len(winners) == 1:
        won = winners[0]
        tail = f" {number(scores[won])} to {number(scores[1 - won])}"
        line = fit(names[won], WORD + 4, WIDTH - 380, True) + " wins"
    else:
        tail = f" both {number(scores[winners[0]])}"
        line = "Shared win"
    text(draw, (94, y + 35), line + " ·" + tail, WORD + 4, GOLD, bold=True, anchor="lm")


RESULT_H = 80


def _body(
    view: View, names: Sequence[str], extra: int, pool_lit: bool = False
) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """The table, on a canvas `extra` pixels taller; returns where the extra space starts."""
    over = view["finished"]
    height = TREE_H + (RESULT_H if over else 3 * BAND_H) + 6
    img, draw = canvas(WIDTH, height + extra)
    _tree(img, draw, view)
    y = TREE_H + 6
    if over:
        _result(draw, view, names, y)
        return img, draw, height
    _pool(img, draw, view, y, pool_lit)
    for k, seat in enumerate((view["first"], 1 - view["first"])):
        _prepared(img, draw, view, names, seat, y + (k + 1) * BAND_H)
    return img, draw, height


def table(view: View, names: Sequence[str]) -> bytes:
    img, _, _ = _body(view, names, 0)
    return png(img)


# --------------------------------------------------------------------- a seat's hand

PER_LINE = (WIDTH - 48) // CARD_PITCH
HAND_LINE = CH + 50  # a line of hand cards with their marks under them
MARK_TEXT = {"extends": "fits", "wipes": "wipes row", "full": "row full"}


def hand(view: View, names: Sequence[str]) -> bytes:
    """The table with the seat's hand below it: each card says whether it fits the row, would
    wipe it (an orange warning triangle) or cannot be played because the row is full. While
    the seat is to take a card, the pool is gold-edged instead."""
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    # grouped by symbol, the way a row is built
    cards = sorted(view.get("hand", []), key=lambda c: (C.SYMBOLS.index(C.symbol(c)), c))
    marks = view.get("hand_marks", {})
    lines = -(-len(cards) // PER_LINE)
    strip = 60 + lines * HAND_LINE if cards else 110
    to_act = seat in view["to_act"] and not view["finished"]
    taking = to_act and view["played"] == 0 and view.get("prompt", "").startswith("Take")
    img, draw, y = _body(view, names, strip, pool_lit=taking)
    lit = to_act and not taking
    fill = PANEL_HI if lit else PANEL
    pill(draw, (16, y, WIDTH - 16, y + strip - 10), fill, GOLD if lit else None, 3, 16)
    text(draw, (34, y + 8), "Your hand", WORD, GOLD, bold=True)
    piece(draw, 236, y + 12, 34, _player(view, seat))  # your pieces on the tree
    if not cards:
        empty_slot(draw, 34, y + 60, CW - 8, CH - 8)
    pending = view.get("pending") or ""
    for k, c in enumerate(cards):
        x = 34 + (k % PER_LINE) * CARD_PITCH
        cy = y + 56 + (k // PER_LINE) * HAND_LINE
        if pending == f"sym:{C.symbol(c)}":
            pill(draw, (x - 5, cy - 5, x + CW + 5, cy + CH + 5), GOLD, radius=12)
            _put(img, c, x, cy, GOLD)
        else:
            _put(img, c, x, cy, fill)
        _mark(draw, marks.get(c, ""), x, cy)
    return png(img)


def _mark(draw: ImageDraw.ImageDraw, mark: str, x: float, y: float) -> None:
    """Under a hand card, a sign instead of a word (the panel counts them in words): a green
    tick (fits the row), an orange warning triangle, also on the card (wipes the row), or the
    card crossed out and a grey cross (the row is full)."""
    cx, cy = x + CW / 2, y + CH + 22
    if mark == "wipes":
        _warning(draw, x + CW - 20, y + 20, 17)
        _warning(draw, cx, cy, 19)
    elif mark == "full":
        for a, b in (((8, 8), (CW - 8, CH - 8)), ((CW - 8, 8), (8, CH - 8))):
            draw.line((x + a[0], y + a[1], x + b[0], y + b[1]), fill=CARD_DIM, width=5)
        draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=CARD_DIM)
        for d in (1, -1):
            draw.line((cx - 8, cy - 8 * d, cx + 8, cy + 8 * d), fill=DARK, width=4)
    elif mark == "extends":
        draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=GREEN)
        draw.line((cx - 9, cy, cx - 3, cy + 7, cx + 9, cy - 7), fill=DARK, width=4)


def _warning(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """An orange warning triangle with a "!" (drawn, not written), edged in dark."""
    edge = [(cx, cy - r - 3), (cx + r + 4, cy + r * 0.8 + 2), (cx - r - 4, cy + r * 0.8 + 2)]
    draw.polygon(edge, fill=DARK)
    draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=WARN)
    draw.line((cx, cy - r * 0.4, cx, cy + r * 0.25), fill=DARK, width=3)
    draw.rectangle((cx - 1, cy + r * 0.42, cx + 1, cy + r * 0.58), fill=DARK)


# --------------------------------------------------------------------- text

#: How the alt text names each player's pieces (`render.tree_parts.piece`).
PIECES = (
    "player 1 — red squares, green squares as markers",
    "player 2 — blue discs, yellow discs as markers",
)


def _unplaced(view: View, seat: int) -> int:
    """The decoration cubes the seat has not placed yet, as its score card counts them."""
    return -next(p["points"] for p in view["score_card"][seat] if p["key"] == "cubes")


def _distinct(segments: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    """The segments covering different tiles: a one-card row matches a tile once per line
    through it, which is one place to a player."""
    seen: set[frozenset[str]] = set()
    out = []
    for seg in segments:
        if (key := frozenset(seg)) not in seen:
            seen.add(key)
            out.append(seg)
    return out


def _span(seg: Sequence[str]) -> str:
    """A segment in words: "row 3, tiles 1–3" or "tiles 2.1, 3.2, 4.3"."""
    rows = {t.split(".")[0] for t in seg}
    if len(rows) == 1:
        idx = [t.split(".")[1] for t in seg]
        return f"row {rows.pop()}, tiles {idx[0]}–{idx[-1]}" if len(idx) > 1 else f"tile {seg[0]}"
    return "tiles " + ", ".join(seg)


def _this_turn(view: View) -> str:
    """ "1 card taken, 0 played": the turn so far."""
    return f"{plural(view['taken'], 'card')} taken, {view['played']} played"


def _signed(part: ScorePartView) -> str:
    """A part's points as a score card shows them: "+6", "0", "−20"."""
    return ("+" if part["points"] > 0 else "") + number(part["points"])


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(C.card_name(c) for c in cards) or "none"


def _standing(view: View, names: Sequence[str], order: Sequence[int]) -> str:
    """Who is winning: the final result, or the running scores with what the cubes not placed
    yet take off them."""
    result = view["result"]
    if result is not None:
        winners = result["winners"]
        ranked = sorted(order, key=lambda s: s not in winners)
        final = ", ".join(f"{names[s]} {points(result['scores'][s])}" for s in ranked)
        if len(winners) == 1:
            return f"Winner: {names[winners[0]]} — {final}"
        return f"Shared win: {' and '.join(names[s] for s in winners)} — {final}"
    scores = view["scores"]
    ranked = sorted(order, key=lambda s: -scores[s])
    lead = "tied" if scores[0] == scores[1] else f"{names[ranked[0]]} leads"
    shown = []
    for seat in ranked:
        unplaced = _unplaced(view, seat)
        shown.append(
            f"{names[seat]} {points(scores[seat])}"
            + (f" ({not_placed(unplaced)})" if unplaced else "")
        )
    return f"Scores so far ({lead}): " + " · ".join(shown)


def _turn(view: View, names: Sequence[str]) -> str:
    """The turn so far, as the panel says it."""
    items = [f"This turn so far: {_this_turn(view)}"]
    if view["commit"]:
        items.append(f"commit: {COMMITS[view['commit']]}")
    turn = view["turn"]
    if view["segment"] is not None and turn is not None:
        items.append(f"{names[turn]} is placing cubes on {_span(view['segment'])}")
    if view["ending"]:
        items.append("every row is marked: this is the last turn")
    return " · ".join(items)


def _row(view: View, names: Sequence[str], seat: int) -> str:
    """A player's preparation row, its maximum and where it matches."""
    matches = _distinct(_matches(view, seat))
    where = "; ".join(_span(m) for m in matches[:4])
    if len(matches) > 4:
        where += f"; and {len(matches) - 4} more"
    if matches and len(matches[0]) == 1:  # a single card: the tiles with its symbol
        where = "tiles " + ", ".join(m[0] for m in matches)
    prepared = _cards(view["rows"][seat]) if view["rows"][seat] else "empty"
    if matches:
        prepared += f" — matches {where}"
    cap = view["max_len"][seat]
    return f"{names[seat]}'s row (max {cap or 'no limit'}): {prepared}"


def _player_line(view: View, names: Sequence[str], seat: int) -> str:
    own = ", ".join(map(str, view["own_box"][seat])) or "empty"
    return (
        f"{names[seat]} ({PIECES[_player(view, seat)]}):"
        f" {plural(view['decoration'][seat], 'cube')} to place,"
        f" {view['finishing'][seat]} finishing; hand {plural(view['hand_sizes'][seat], 'card')};"
        f" boxes {', '.join(map(str, view['boxes'][seat])) or 'none'}; own stack {own}"
    )


def _tree_lines(view: View, names: Sequence[str]) -> list[str]:
    """The Star, the Base tiles and the tree's rows, tile by tile with the cubes on them."""
    star_owner = "face down" if view["star"] is None else names[view["star"]]
    bases = [
        f"{side} Base ({plural(worth, 'point')}) " + ("free" if owner is None else names[owner])
        for side, owner, worth in zip(("left", "right"), view["base"], C.BASE_POINTS, strict=True)
    ]
    lines = [f"Star ({plural(C.STAR_POINTS, 'point')}): {star_owner} · " + " · ".join(bases)]
    for r, row in enumerate(view["tree"], start=1):
        tiles = []
        for i, sym in enumerate(row):
            seats = view["cubes"][r - 1][i]
            held = f" [{' and '.join(names[s] for s in seats)}]" if seats else ""
            tiles.append(C.SYMBOL_NAMES[sym] + held)
        marker = view["markers"][r - 1]
        mark = f"marked by {names[marker]}" if marker is not None else "unmarked"
        lines.append(f"Row {r} ({plural(r + 1, 'point')}) {mark}: {', '.join(tiles)}")
    return lines


def describe(view: View, names: Sequence[str]) -> str:
    """The picture in words with what the panel says beside it, most important first
    (`render.alt.fit` drops the end of a long text): who is winning (and the score cards once
    the game is over), the turn so far, a seat's prompt and hand, the pool and both rows; then
    the detail: the Star, Base tiles and the tree's rows, the players' supplies and the neutral
    boxes."""
    order = (view["first"], 1 - view["first"])
    over = view["finished"]
    lines = [f"My First Christmas Tree — {view['headline']}", _standing(view, names, order)]
    if over:
        lines += [
            f"{names[seat]}'s score card, {points(view['scores'][seat])}: "
            + card_text(view["score_card"][seat])
            for seat in order
        ]
    else:
        lines.append(_turn(view, names))
    seat = view["seat"]
    if seat is not None:
        if view.get("prompt"):
            lines.append(view["prompt"])
        marks = view.get("hand_marks", {})
        in_hand = [
            f"{C.card_name(c)} ({MARK_TEXT.get(marks.get(c, ''), '?')})"
            for c in view.get("hand", [])
        ]
        lines.append(f"{names[seat]}'s hand: {', '.join(in_hand) or 'empty'}")
    if not over:  # once over, the picture shows the result in place of the pool and rows
        pool = f"Pool: {_cards(view['pool'])}"
        lines.append(f"{pool} · deck {view['deck_size']} · discards {view['discard_size']}")
        lines += [_row(view, names, s) for s in order]
    lines += _tree_lines(view, names)
    if not over:
        lines += [_player_line(view, names, s) for s in order]
        neutral = ", ".join(f"{v}: {n}" for v, n in zip(C.BOX_VALUES, view["neutral"], strict=True))
        lines.append(f"Neutral boxes left: {neutral}")
    return "\n".join(lines)


# --------------------------------------------------------------------- the panel and details


def _who(view: View, names: Sequence[str], seat: int, you: bool = False) -> str:
    """A player as the panel names them: their pieces' legend, then the name in bold."""
    return f"{EMOJI[_player(view, seat)]} **{names[seat]}**" + (" (you)" if you else "")


def _where(view: View, seat: int) -> str:
    """Where the seat's preparation row fits the tree, as its rings show it."""
    matches = _distinct(_matches(view, seat))
    if not view["rows"][seat]:
        return "no cards prepared"
    if not matches:
        return "matches nothing"
    if len(matches[0]) == 1:
        return f"fits {plural(len(matches), 'tile')} with its symbol (ringed)"
    if view["segment"] is not None and seat == view["turn"]:
        return f"placing on {_span(view['segment'])} (ringed thick)"
    if len(matches) == 1:
        return f"matches {_span(matches[0])} (ringed)"
    return f"matches {plural(len(matches), 'segment')} (first ringed thick)"


def _standing_lines(view: View, names: Sequence[str], seat: int, you: bool) -> list[str]:
    """A player's two lines: score, then supplies, hand, boxes and where the row fits."""
    unplaced = _unplaced(view, seat)
    owes = f" ({not_placed(unplaced)})" if unplaced else " · every cube placed"
    turn = " ▶ to play" if seat == view["turn"] else ""
    cap = view["max_len"][seat]
    boxes = " + ".join(map(str, view["boxes"][seat])) or "none"
    own = ", ".join(map(str, view["own_box"][seat])) or "empty"
    hand = plural(view["hand_sizes"][seat], "card")
    return [
        f"{_who(view, names, seat, you)}{turn} · **{points(view['scores'][seat])}**{owes}",
        f"Hand {hand} · {view['finishing'][seat]} finishing cubes · boxes {boxes}"
        f" (own stack {own})",
        f"Row max {cap or 'no limit'} · {_where(view, seat)}",
    ]


def _final_lines(view: View, names: Sequence[str], order: Sequence[int]) -> list[str]:
    """The winner, then each player's score card on a line, points in bold."""
    result = view["result"]
    assert result is not None
    winners, scores = result["winners"], result["scores"]
    if len(winners) == 1:
        won = winners[0]
        top = f"🏆 **{names[won]}** wins, **{points(scores[won])}** to {number(scores[1 - won])}"
    else:
        both = " and ".join(f"**{names[s]}**" for s in winners)
        top = f"🏆 Shared win: {both}, both **{points(scores[winners[0]])}**"
    lines = [top]
    for seat in sorted(order, key=lambda s: s not in winners):
        total = points(view["scores"][seat])
        lines.append(
            f"{_who(view, names, seat)} **{total}**: "
            + card_text(view["score_card"][seat], bold=True)
        )
    return lines


def _hand_line(view: View) -> str:
    """What the seat's hand cards would do, counted as the signs under them show it."""
    marks = list(view.get("hand_marks", {}).values())
    said = [
        f"{n} {word if n > 1 else one}"
        for key, one, word in (
            ("extends", "fits", "fit"),
            ("wipes", "would wipe your row", "would wipe your row"),
            ("full", "cannot be played (row full)", "cannot be played (row full)"),
        )
        if (n := marks.count(key))
    ]
    return f"Your hand: {plural(len(view.get('hand', [])), 'card')} — " + ", ".join(said)


def panel(view: View, names: Sequence[str]) -> str:
    """The text under the picture: per player the score and everything counted beside the
    tree, then the turn so far and the piles; once the game is over, the score cards. A
    seat's panel adds what its hand would do, and calls the seat "you"."""
    order = (view["first"], 1 - view["first"])
    if view["finished"]:
        return "\n".join(_final_lines(view, names, order))
    seat = view["seat"]
    lines = []
    for s in order:
        lines += _standing_lines(view, names, s, you=s == seat)
    if seat is not None and view.get("hand"):
        lines.append(_hand_line(view))
    said = f"this turn: {_this_turn(view)}"
    turn = [f"**Turn {view['turn_no']} of {view['turn_limit']}**", said] if seat is not None else []
    turn = turn or [said[0].upper() + said[1:]]
    if view["commit"]:
        turn.append(f"commit: {COMMITS[view['commit']]}")
    if view["ending"]:
        turn.append("**last turn!**")
    lines.append(" · ".join(turn))
    neutral = ", ".join(f"{v}: {n}" for v, n in zip(C.BOX_VALUES, view["neutral"], strict=True))
    lines.append(
        f"Deck {view['deck_size']} · discards {view['discard_size']} · neutral boxes left {neutral}"
    )
    return "\n".join(lines)


SCORE_CARDS = Detail("score_cards", "Score cards", "🧾")
DISCARDS = Detail("discards", "Discard pile", "🗑️")


def details(view: View) -> tuple[Detail, ...]:
    """During play, every player's score card, and the discard pile once it holds a card.
    Once the game is over the panel shows the score cards and the piles no longer matter."""
    if view["finished"]:
        return ()
    return (SCORE_CARDS, DISCARDS) if view["discard"] else (SCORE_CARDS,)


def detail(view: View, names: Sequence[str], key: str) -> Shown | None:
    """What a detail button shows: open information only, the same from a seat's view."""
    if key == SCORE_CARDS.key:
        lines = ["**Score cards** (as if the game ended now)"]
        for seat in (view["first"], 1 - view["first"]):
            lines.append(f"{_who(view, names, seat)} · **{points(view['scores'][seat])}**")
            lines += [
                f"- {p['label']} **{_signed(p)}**" + (f" ({p['detail']})" if p["detail"] else "")
                for p in view["score_card"][seat]
            ]
        return Shown("\n".join(lines))
    if key == DISCARDS.key:
        pile = view["discard"]
        lines = [f"**Discard pile**: {plural(len(pile), 'card')}, by symbol"]
        for sym in C.SYMBOLS:
            colours = sorted(
                (C.COLOUR_NAMES[C.colour(c)] for c in pile if C.symbol(c) == sym),
            )
            if colours:
                lines.append(f"{C.GLYPHS[sym]} {C.SYMBOL_NAMES[sym]}: {', '.join(colours)}")
        return Shown("\n".join(lines))
    return None


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("prepare", 3, "first-row"),
    ("place", 1, "first-decoration"),
    ("box", 1, "box-card"),
    ("place", 8, "mid-game"),
    ("marker", 1, "first-marker"),
)
