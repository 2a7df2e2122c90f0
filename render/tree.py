"""My First Christmas Tree pictures: the public table and a seat's own picture, plus text.

The tree fills the left: five rows of symbol tiles under the Star, the two Base tiles below,
each row's marker at its right end. Both players sit on the right with their preparation rows;
the tiles a row matches are ringed in that player's colour on the tree (the first segment, the
one the segment buttons list first, thick and badged with the owner's piece; any others
thin). Pieces are squares marked 1 for player 1 and discs marked 2 for player 2
(`render.tree_parts.piece`); each player's panel shows theirs beside the name, as a legend.
Once the game is over the players' score cards take the place of the pool and the panels. A
seat's picture adds its hand, every card marked with what playing it would do.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.tree import cards as C
from engine.tree.scoring import card_text, not_placed, number, points
from engine.tree.views import ScorePartView, TreeView
from engine.words import plural
from render.common import (
    CARD_DIM,
    GOLD,
    GREEN,
    INK,
    MB,
    MUTED,
    PANEL,
    PANEL_HI,
    SLOT_EDGE,
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
from render.tree_parts import DARK, FINISH, PLAYER, TILE, card, glyph, piece

View = TreeView

WIDTH = 1200
TOP = 80  # the top of the tree column and the side panels
BOTTOM = 836  # their bottom
TREE_X = 376  # the tree's centre line
TW, TH, PITCH_X, PITCH_Y = 96, 100, 104, 110
ROW1_Y = 176
SIDE_X, SIDE_W = 752, 432  # the pool and player panels
WARN: tuple[int, int, int] = (255, 140, 0)
COMMITS = {
    "wipe": "wipe the pool",
    "take2": "take two",
    "extra": "one more card",
    "colours": "two colours",
}


def _player(view: View, seat: int) -> int:
    """0 for player 1 (the seat `first`, red), 1 for player 2 (blue)."""
    return 0 if seat == view["first"] else 1


def tile_xy(r: int, i: int) -> tuple[float, float]:
    """The top-left corner of tile (r, i), 1-based (tests find pixels with it too)."""
    width = (r + 1) * PITCH_X - (PITCH_X - TW)
    return TREE_X - width / 2 + (i - 1) * PITCH_X, ROW1_Y + (r - 1) * PITCH_Y


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


@kept(32 * MB)
def _bare_tree(layout: str) -> Image.Image:
    """The tree column without any player's pieces, for a layout (the 20 symbols in reading
    order). It never changes during a game, so it is drawn once: half the drawing time."""
    img, draw = canvas(SIDE_X, BOTTOM + 1)
    pill(draw, (16, TOP, SIDE_X - 16, BOTTOM), PANEL, radius=16)
    # the tree's body and trunk behind the tiles
    apex, foot = ROW1_Y - 40, ROW1_Y + 4 * PITCH_Y + TH + 14
    half = (6 * PITCH_X) / 2 + 14
    draw.polygon([(TREE_X, apex), (TREE_X - half, foot), (TREE_X + half, foot)], fill=(30, 92, 56))
    draw.rectangle((TREE_X - 34, foot, TREE_X + 34, BOTTOM - 14), fill=(110, 72, 40))
    for r in range(1, C.ROWS + 1):
        for i in range(1, r + 2):
            x, y = tile_xy(r, i)
            pill(draw, (x, y, x + TW, y + TH), TILE, DARK, 2, radius=10)
            glyph(draw, layout[C.INDEX[(r, i)]], x + TW / 2, y + 40, 46, DARK, TILE)
            # the tile's id, as the buttons name tiles
            text(draw, (x + 6, y + 4), f"{r}.{i}", 14, (120, 112, 96), bold=True)
        x, y = tile_xy(r, 1)
        text(draw, (x - 12, y + TH / 2), str(r), 22, MUTED, bold=True, anchor="rm")
    return img.crop((16, TOP, SIDE_X - 16, BOTTOM + 1))


def _tree(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, names: Sequence[str]) -> None:
    img.paste(_bare_tree("".join("".join(row) for row in view["tree"])), (16, TOP))
    _star(draw, view, names)
    rings = _rings(view)
    for r, row in enumerate(view["tree"], start=1):
        for i in range(1, len(row) + 1):
            _pieces(draw, view, r, i, rings.get(f"{r}.{i}", []))
        x, y = tile_xy(r, r + 1)
        owner = view["markers"][r - 1]
        mx, my = x + TW + 8, y + TH / 2 - 18
        if owner is None:
            draw.rectangle((mx, my, mx + 36, my + 36), outline=SLOT_EDGE, width=2)
            text(draw, (mx + 18, my + 18), f"+{r + 1}", 16, MUTED, bold=True, anchor="mm")
        else:
            piece(draw, mx, my, 36, _player(view, owner), finishing=True)
    _bases(draw, view, names)
    for seat in (view["first"], 1 - view["first"]):
        matches = _matches(view, seat)
        if matches and len(matches[0]) > 1:
            # whose ring it is, without colour: the owner's piece on the segment's first tile
            r, i = (int(n) for n in matches[0][0].split("."))
            x, y = tile_xy(r, i)
            p = _player(view, seat)
            piece(draw, x + TW - 18 - 30 * p, y - 16, 30, p)


def _pieces(
    draw: ImageDraw.ImageDraw,
    view: View,
    r: int,
    i: int,
    rings: Sequence[tuple[int, int]],
) -> None:
    """On tile (r, i): both players' cubes and the rings of the segments it lies on."""
    x, y = tile_xy(r, i)
    for seat in view["cubes"][r - 1][i - 1]:  # player 1's cube at the left, player 2's at the right
        p = _player(view, seat)
        piece(draw, x + (8 if p == 0 else TW - 42), y + TH - 42, 34, p)
    inset = 0
    for p, w in rings:
        box = (x - 4 + inset, y - 4 + inset, x + TW + 4 - inset, y + TH + 4 - inset)
        draw.rounded_rectangle(box, radius=12, outline=PLAYER[p], width=w)
        inset += w


def _star(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str]) -> None:
    cy = TOP + 48
    owner = view["star"]
    if owner is None:
        star(draw, TREE_X, cy, 40, (96, 104, 112))
        text(draw, (TREE_X + 52, cy), "Star: 6 points", 20, MUTED, anchor="lm")
        return
    star(draw, TREE_X, cy, 44, GOLD)
    piece(draw, TREE_X - 14, cy - 12, 28, _player(view, owner))
    room = SIDE_X - 40 - (TREE_X + 54) - int(font(22, True).getlength("Star:  +6"))
    who = fit(names[owner], 22, room, True)
    text(draw, (TREE_X + 54, cy), f"Star: {who} +6", 22, GOLD, bold=True, anchor="lm")


def _bases(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str]) -> None:
    y = BOTTOM - 74
    for side, (owner, worth) in enumerate(zip(view["base"], C.BASE_POINTS, strict=True)):
        x = 36 if side == 0 else TREE_X + 48
        w = TREE_X - 48 - 36
        label = ("Left" if side == 0 else "Right") + f" Base {plural(worth, 'point')}"
        if owner is None:
            pill(draw, (x, y, x + w, y + 58), (60, 74, 88), SLOT_EDGE, 2, radius=10)
            text(draw, (x + w / 2, y + 29), label, 21, INK, bold=True, anchor="mm")
            continue
        pill(draw, (x, y, x + w, y + 58), PANEL_HI, GOLD, 3, radius=10)
        piece(draw, x + 10, y + 14, 30, _player(view, owner))
        text(draw, (x + 50, y + 6), label, 18, GOLD, bold=True)
        text(draw, (x + 50, y + 30), fit(names[owner], 20, int(w) - 60, True), 20, INK, bold=True)


# --------------------------------------------------------------------- the side panels

POOL_H = 200  # the pool panel's height
PANEL_H = 266  # a player's panel's height


def _pool(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    pill(draw, (SIDE_X, y, SIDE_X + SIDE_W, y + POOL_H), PANEL, radius=16)
    x = SIDE_X + 18
    text(draw, (x, y + 12), "Pool", 24, INK, bold=True)
    piles = f"deck {view['deck_size']} · discards {view['discard_size']}"
    text(draw, (SIDE_X + SIDE_W - 18, y + 16), piles, 20, MUTED, anchor="ra")
    for k in range(C.POOL_SIZE):
        cx = x + k * 100
        if k < len(view["pool"]):
            card(draw, cx, y + 48, 86, 108, view["pool"][k])
        else:
            empty_slot(draw, cx + 6, y + 54, 74, 96)
    neutral = "  ".join(
        f"{v}: {n} left" for v, n in zip(C.BOX_VALUES, view["neutral"], strict=True)
    )
    text(draw, (x, y + 166), f"Neutral boxes  {neutral}", 19, MUTED)
    return y + POOL_H + 10


def _unplaced(view: View, seat: int) -> int:
    """The decoration cubes the seat has not placed yet, as its score card counts them."""
    return -next(p["points"] for p in view["score_card"][seat] if p["key"] == "cubes")


def _header(
    draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], seat: int, y: int, size: int
) -> None:
    """A player's piece (the legend of the tree's pieces), name and score on one line."""
    x, right = SIDE_X + 18, SIDE_X + SIDE_W - 18
    acting = seat == view["turn"]
    piece(draw, x, y, 30, _player(view, seat))
    score = points(view["scores"][seat])
    text(draw, (right, y), score, size, GOLD, bold=True, anchor="ra")
    room = right - x - 42 - int(font(size, True).getlength(score)) - 12
    name = ("▶ " if acting else "") + names[seat]
    text(draw, (x + 42, y), fit(name, size, room, True), size, GOLD if acting else INK, bold=True)


def _panel(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], seat: int, y: int) -> int:
    p = _player(view, seat)
    h = PANEL_H
    acting = seat == view["turn"]
    x, right = SIDE_X + 18, SIDE_X + SIDE_W - 18
    pill(
        draw,
        (SIDE_X, y, SIDE_X + SIDE_W, y + h),
        PANEL_HI if acting else PANEL,
        GOLD if acting else None,
        3,
        16,
    )
    _header(draw, view, names, seat, y + 14, 26)
    # what the score counts so far: −1 for every cube still to place
    unplaced = _unplaced(view, seat)
    if unplaced:
        text(draw, (x, y + 50), fit(not_placed(unplaced), 20, right - x), 20, INK)
    else:
        text(draw, (x, y + 50), "every cube placed: nothing taken off", 20, MUTED)
    cap = view["max_len"][seat]
    hand_line = f"Hand: {plural(view['hand_sizes'][seat], 'card')} · row max {cap or 'no limit'}"
    text(draw, (x, y + 78), hand_line, 20, INK)
    # cube supplies, each next to a cube of its colour
    cx = x
    for n, fill, word in (
        (view["decoration"][seat], PLAYER[p], "to place"),
        (view["finishing"][seat], FINISH[p], "finishing"),
    ):
        draw.rectangle((cx, y + 108, cx + 18, y + 126), fill=fill, outline=DARK, width=2)
        label = f"{n} {word}"
        text(draw, (cx + 26, y + 106), label, 20, INK)
        cx += 26 + int(font(20).getlength(label)) + 22
    boxes = " + ".join(map(str, view["boxes"][seat])) or "none"
    own = " ".join(map(str, view["own_box"][seat])) or "empty"
    text(draw, (x, y + 134), fit(f"Boxes {boxes} · own stack {own}", 20, right - x), 20, INK)
    row = view["rows"][seat]
    cy = y + 164
    if not row:
        empty_slot(draw, x, cy, 56, 74)
        text(draw, (x + 70, cy + 37), "no cards prepared", 20, MUTED, anchor="lm")
    for k, c in enumerate(row):
        card(draw, x + k * 62, cy, 56, 74, c)
    matches = _distinct(_matches(view, seat))
    if matches and len(matches[0]) == 1:
        note = f"fits {plural(len(matches), 'tile')} with its symbol, ringed"
    elif len(matches) > 1:
        note = f"matches {plural(len(matches), 'segment')} (first ringed thick)"
    else:
        note = f"matches {_span(matches[0])}, ringed" if matches else ""
    if view["segment"] is not None and seat == view["turn"]:
        note = f"placing on {_span(view['segment'])}, ringed thick"
    text(draw, (x, y + h - 24), note, 18, MUTED)
    return y + h + 10


def _score_card(
    draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], seat: int, y: int, h: int
) -> None:
    """Once the game is over: the seat's score card, a line per part of the scoring (what
    earned it below the label, points at the right) under its piece, name and total."""
    won = view["result"] is not None and seat in view["result"]["winners"]
    pill(draw, (SIDE_X, y, SIDE_X + SIDE_W, y + h), PANEL_HI if won else PANEL, GOLD, 3, 16)
    x, right = SIDE_X + 18, SIDE_X + SIDE_W - 18
    _header(draw, view, names, seat, y + 14, 28)
    for k, part in enumerate(view["score_card"][seat]):
        top = y + 58 + k * 51
        ink = INK if part["points"] else MUTED
        text(draw, (x, top), part["label"], 24, ink, bold=True)
        text(draw, (right, top), _signed(part), 26, GOLD if part["points"] > 0 else ink, True, "ra")
        if part["detail"]:
            text(draw, (x + 12, top + 27), fit(part["detail"], 19, right - x - 80), 19, MUTED)


def _signed(part: ScorePartView) -> str:
    """A part's points as a score card shows them: "+6", "0", "−20"."""
    return ("+" if part["points"] > 0 else "") + number(part["points"])


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
    """ "1 card taken, 0 played": the turn so far, as the picture's corner shows it."""
    return f"{plural(view['taken'], 'card')} taken, {view['played']} played"


def _status(draw: ImageDraw.ImageDraw, view: View) -> None:
    """What happened this turn so far, at the tree's top left."""
    if view["finished"]:
        return
    x, y = 34, TOP + 14
    text(draw, (x, y), "This turn:", 19, MUTED)
    text(draw, (x, y + 24), _this_turn(view), 19, MUTED)
    if view["commit"]:
        text(draw, (x, y + 50), f"commit: {COMMITS[view['commit']]}", 19, GOLD, bold=True)
    if view["ending"]:
        text(draw, (x, y + 76), "Last turn!", 22, GOLD, bold=True)


def _body(
    view: View, names: Sequence[str], extra: int
) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """The table, on a canvas `extra` pixels taller; returns where the extra space starts."""
    result = view["result"]
    foot = BOTTOM + (74 if result else 10)
    img, draw = canvas(WIDTH, foot + extra)
    text(draw, (24, 16), "My First Christmas Tree", 30, GOLD, bold=True)
    text(draw, (WIDTH - 24, 22), fit(view["headline"], 24, 690), 24, INK, bold=True, anchor="ra")
    _tree(img, draw, view, names)
    _status(draw, view)
    order = (view["first"], 1 - view["first"])
    if view["finished"]:
        h = (BOTTOM - TOP - 10) // 2
        for k, seat in enumerate(order):
            _score_card(draw, view, names, seat, TOP + k * (h + 10), h)
    else:
        y = _pool(draw, view, TOP)
        for seat in order:
            y = _panel(draw, view, names, seat, y)
    if result:
        pill(draw, (16, BOTTOM + 10, WIDTH - 16, BOTTOM + 64), PANEL_HI, GOLD, 3, 14)
        star(draw, 52, BOTTOM + 37, 20)
        _result(draw, view, names, BOTTOM + 37)
    return img, draw, foot


def _result(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str], cy: int) -> None:
    """The winner and both totals; a long name is shortened, never the numbers."""
    result = view["result"]
    assert result is not None
    winners = result["winners"]
    scores = result["scores"]
    if len(winners) == 1:
        loser = 1 - winners[0]
        head, tail = "Winner: ", f" — {points(scores[winners[0]])} to {number(scores[loser])}"
    else:
        head, tail = "Shared win: ", f" — both {points(scores[winners[0]])}"
    room = WIDTH - 130 - int(font(28, True).getlength(head + tail))
    who = fit(" and ".join(names[i] for i in winners), 28, room, True)
    text(draw, (84, cy), head + who + tail, 28, GOLD, bold=True, anchor="lm")


def table(view: View, names: Sequence[str]) -> bytes:
    img, _, _ = _body(view, names, 0)
    return png(img)


# --------------------------------------------------------------------- a seat's hand

HAND_W, HAND_H, HAND_GAP = 84, 110, 14
PER_LINE = (WIDTH - 64) // (HAND_W + HAND_GAP)
MARK_TEXT = {"extends": "fits", "wipes": "wipes row", "full": "row full"}


def hand(view: View, names: Sequence[str]) -> bytes:
    """The table with the seat's hand below it: each card says whether it fits the row, would
    wipe it (an orange warning triangle) or cannot be played because the row is full."""
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    # grouped by symbol, the way a row is built
    cards = sorted(view.get("hand", []), key=lambda c: (C.SYMBOLS.index(C.symbol(c)), c))
    marks = view.get("hand_marks", {})
    lines = -(-len(cards) // PER_LINE)
    strip = 84 + lines * (HAND_H + 44) if cards else 110
    img, draw, y = _body(view, names, strip)
    pill(
        draw,
        (16, y, WIDTH - 16, y + strip - 10),
        PANEL,
        GOLD if seat in view["to_act"] else None,
        3,
        16,
    )
    piece(draw, 36, y + 14, 30, _player(view, seat))  # whose pieces on the tree are yours
    title = fit(f"Your hand ({len(cards)}) · {names[seat]}", 26, 480, True)
    text(draw, (78, y + 12), title, 26, GOLD, bold=True)
    prompt = view.get("prompt") or ("The game is over." if view["finished"] else "Not your turn.")
    text(draw, (WIDTH - 36, y + 16), fit(prompt, 22, 560), 22, INK, anchor="ra")
    pending = view.get("pending") or ""
    if not cards:
        text(draw, (36, y + 56), "no cards", 22, MUTED)
    for k, c in enumerate(cards):
        x = 36 + (k % PER_LINE) * (HAND_W + HAND_GAP)
        cy = y + 56 + (k // PER_LINE) * (HAND_H + 44)
        if pending == f"sym:{C.symbol(c)}":
            pill(draw, (x - 5, cy - 5, x + HAND_W + 5, cy + HAND_H + 5), GOLD, radius=12)
        card(draw, x, cy, HAND_W, HAND_H, c)
        _mark(draw, marks.get(c, ""), x, cy)
    return png(img)


def _mark(draw: ImageDraw.ImageDraw, mark: str, x: float, y: float) -> None:
    """Under a hand card: a tick and "fits", a warning triangle and "wipes row", or the card
    greyed with a cross and "row full"."""
    mx, my = x + HAND_W / 2, y + HAND_H + 20
    if mark == "wipes":
        tri = [(x + HAND_W - 30, y + 30), (x + HAND_W - 4, y + 30), (x + HAND_W - 17, y + 6)]
        draw.polygon(
            [(x + HAND_W + 2, y + 34), (x + HAND_W - 36, y + 34), (x + HAND_W - 17, y)], fill=DARK
        )
        draw.polygon(tri, fill=WARN)
        text(draw, (x + HAND_W - 17, y + 23), "!", 18, DARK, bold=True, anchor="mm")
        text(draw, (mx, my), "⚠ wipes", 18, WARN, bold=True, anchor="mm")
    elif mark == "full":
        draw.line((x + 8, y + 8, x + HAND_W - 8, y + HAND_H - 8), fill=CARD_DIM, width=5)
        draw.line((x + HAND_W - 8, y + 8, x + 8, y + HAND_H - 8), fill=CARD_DIM, width=5)
        text(draw, (mx, my), "row full", 18, MUTED, bold=True, anchor="mm")
    elif mark == "extends":
        draw.line((mx - 34, my, mx - 26, my + 8, mx - 12, my - 8), fill=GREEN, width=4)
        text(draw, (mx + 8, my), "fits", 18, GREEN, bold=True, anchor="mm")


# --------------------------------------------------------------------- text

#: How the alt text names each player's pieces (`render.tree_parts.piece`).
PIECES = (
    "player 1 — red squares marked 1 and green markers",
    "player 2 — blue discs marked 2 and yellow markers",
)


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
    """The turn so far, as the picture's corner shows it."""
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
    """Everything the picture shows, in words, most important first (`render.alt.fit` drops
    the end of a long text): who is winning (and the score cards once the game is over), the
    turn so far, a seat's prompt and hand, the pool and both rows; then the detail: the Star,
    Base tiles and the tree's rows, the players' supplies and the neutral boxes."""
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
    if not over:  # the score cards take the place of the pool and the players' panels
        pool = f"Pool: {_cards(view['pool'])}"
        lines.append(f"{pool} · deck {view['deck_size']} · discards {view['discard_size']}")
        lines += [_row(view, names, s) for s in order]
    lines += _tree_lines(view, names)
    if not over:
        lines += [_player_line(view, names, s) for s in order]
        neutral = ", ".join(f"{v}: {n}" for v, n in zip(C.BOX_VALUES, view["neutral"], strict=True))
        lines.append(f"Neutral boxes left: {neutral}")
    return "\n".join(lines)


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("prepare", 3, "first-row"),
    ("place", 1, "first-decoration"),
    ("box", 1, "box-card"),
    ("place", 8, "mid-game"),
    ("marker", 1, "first-marker"),
)
