"""Holiday Fever at the end: every family's score sheet as a picture, and as text.

A sheet shows every entry as a chip: Gifts (turned up) with their Values' total, deposits in
green, debts in red, a forgiven debt greyed and struck through. The notes of the entries are
in the text description; a chip would not hold them on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.fever.views import EntryView, FeverView, SheetView
from engine.protocol import fill_names
from engine.words import plural
from render.common import (
    BG,
    GOLD,
    INK,
    MUTED,
    PANEL,
    PANEL_HI,
    Color,
    canvas,
    fit,
    font,
    pill,
    star,
    text,
)
from render.fever_parts import COAL, DARK, initials, token

Draw = ImageDraw.ImageDraw
WIDTH, GAP, HEADER = 1200, 10, 58  # every Fever picture: its width, gaps, title band
SHEET_W = (WIDTH - 32 - GAP) // 2
CHIP_H, LINE = 24, 28
LABEL_W = 56  # the "Gifts" / "In" / "Out" column
#: Most chip lines per list, with up to four sheets and with five or six: three rows of
#: sheets must fit the picture's height.
MOST_LINES = {"gifts": 4, "in": 7, "out": 7}
MOST_LINES_6 = {"gifts": 2, "in": 5, "out": 5}
DEPOSIT: Color = (46, 120, 76)
DEBT: Color = (150, 52, 58)
STRUCK: Color = (70, 78, 86)
LOSS: Color = (240, 110, 110)

Chip = tuple[str, Color, Color, bool]  # label, fill, ink, struck through


def money(n: int) -> str:
    return f"−${-n:,}" if n < 0 else f"${n:,}"


def value_card(draw: Draw, x: float, y: float, w: float, h: float, amount: int | None) -> None:
    """A Value card: a green note with its dollars (just "$" when face down)."""
    draw.rounded_rectangle(
        (x, y, x + w, y + h), radius=5, fill=(60, 140, 84), outline=DARK, width=2
    )
    label = "$" if amount is None else f"${amount}"
    if h >= 30:  # room for the note's inner frame
        draw.rounded_rectangle((x + 4, y + 4, x + w - 4, y + h - 4), 4, outline=(150, 210, 160))
        size = max(10, min(int(h * 0.55), int(w / max(2, len(label)) * 1.5), 30))
    else:
        size = max(9, min(int(h * 0.7), int(w / max(2, len(label)) * 1.6)))
    text(draw, (x + w / 2, y + h / 2), label, size, (255, 255, 255), True, "mm")


def _flow(draw: Draw | None, chips: Sequence[Chip], x: int, y: int, width: int, most: int) -> int:
    """Lay chips left to right in lines of `width`; draw them if `draw` is given. Returns
    the lines used; past `most` lines the rest become one "+N more" chip."""
    f = font(14, True)
    cx, line, right = x, 0, x + width
    for k, (label, fill, ink, struck) in enumerate(chips):
        w = int(f.getlength(label)) + 14
        more = f"+{len(chips) - k} more"
        room = int(f.getlength(more)) + 20 if k + 1 < len(chips) else 0
        if line == most - 1 and cx + w + room > right:
            if draw is not None:  # the rest, counted, where this chip would go
                _chip(
                    draw,
                    cx,
                    y + line * LINE,
                    int(f.getlength(more)) + 14,
                    more,
                    PANEL,
                    MUTED,
                    False,
                )
            return most
        if cx + w > right and cx > x:
            line, cx = line + 1, x
        if draw is not None:
            _chip(draw, cx, y + line * LINE, w, label, fill, ink, struck)
        cx += w + 6
    return line + 1


def _chip(
    draw: Draw, x: int, y: int, w: int, label: str, fill: Color, ink: Color, struck: bool
) -> None:
    pill(draw, (x, y, x + w, y + CHIP_H), fill, radius=6)
    text(draw, (x + w / 2, y + CHIP_H / 2 + 1), label, 14, ink, True, "mm")
    if struck:
        draw.line((x + 3, y + CHIP_H / 2 + 1, x + w - 3, y + CHIP_H / 2 + 1), fill=INK, width=2)


def _lists(sheet: SheetView) -> dict[str, list[Chip]]:
    gifts: list[Chip] = []
    for g in sheet["gifts"]:
        total = sum(v or 0 for v in g["values_seen"])
        name = g["name"] or "?"
        coal = bool(g["coal"])
        gifts.append(
            (
                f"{name} {money(-total if coal else total)}",
                COAL if coal else (230, 222, 200),
                INK if coal else DARK,
                False,
            )
        )
    forgiven = len(sheet["debts"]) if sheet["full_forgiveness"] else sheet["forgiven"]
    return {
        "gifts": gifts,
        "in": [(f"+{e['amount']}", DEPOSIT, INK, False) for e in sheet["deposits"]],
        "out": [
            (
                f"−{e['amount']}",
                STRUCK if k < forgiven else DEBT,
                MUTED if k < forgiven else INK,
                k < forgiven,
            )
            for k, e in enumerate(sheet["debts"])
        ],
    }


def _sheet_height(sheet: SheetView, most: dict[str, int]) -> int:
    chips = _lists(sheet)
    width = SHEET_W - LABEL_W - 28
    lines = sum(_flow(None, chips[k], 0, 0, width, most[k]) for k in chips)
    return 74 + lines * LINE + 3 * 6 + 34


def _sheet(
    draw: Draw,
    view: FeverView,
    names: Sequence[str],
    sheet: SheetView,
    x: int,
    y: int,
    h: int,
    letters: Sequence[str],
    most: dict[str, int],
) -> None:
    seat = sheet["seat"]
    result = view["result"]
    winner = result is not None and seat in result["winners"]
    pill(
        draw,
        (x, y, x + SHEET_W, y + h),
        PANEL_HI if winner else PANEL,
        GOLD if winner else None,
        3,
        radius=14,
    )
    token(draw, x + 26, y + 24, 14, view["families"][seat]["colour"], letters[seat])
    rank = f"#{result['ranks'][seat]}  " if result is not None else ""
    you = " (you)" if view["seat"] == seat else ""
    value = money(sheet["value"])
    vw = int(font(26, True).getlength(value))
    name = fit(rank + names[seat], 21, SHEET_W - 90 - vw - 60 * bool(you), True)
    text(draw, (x + 48, y + 11), name + you, 21, GOLD if winner else INK, True)
    ink = GOLD if sheet["value"] >= 0 else LOSS
    text(draw, (x + SHEET_W - 14, y + 8), value, 26, ink, True, "ra")
    star(draw, x + 24, y + 54, 10)
    notes = [f"×{sheet['stars']}"]
    if sheet["christmas"]:
        notes.append("reached Christmas")
    if sheet["full_forgiveness"]:
        notes.append("full tree: every debt forgiven")
    elif sheet["forgiven"]:
        notes.append(f"stars forgave {plural(sheet['forgiven'], 'debt')}")
    text(draw, (x + 38, y + 45), fit(" · ".join(notes), 16, SHEET_W - 60), 16, INK)
    cy = y + 74
    chips = _lists(sheet)
    for key, label in (("gifts", "Gifts"), ("in", "In"), ("out", "Out")):
        text(draw, (x + 14, cy + 4), label, 15, MUTED, True)
        used = _flow(draw, chips[key], x + 14 + LABEL_W, cy, SHEET_W - LABEL_W - 28, most[key])
        cy += used * LINE + 6
    kept = sheet["debts"][
        (len(sheet["debts"]) if sheet["full_forgiveness"] else sheet["forgiven"]) :
    ]
    line = (
        f"In {money(_sum(sheet['deposits']))} − Out {money(_sum(kept))} = {money(sheet['value'])}"
    )
    text(draw, (x + 14, y + h - 28), fit(line, 15, SHEET_W - 28), 15, MUTED, True)


def _sum(entries: Sequence[EntryView]) -> int:
    return sum(e["amount"] for e in entries)


def sheets_page(view: FeverView, names: Sequence[str], status: str) -> Image.Image:
    """The end: a result banner over every family's score sheet, two to a row."""
    sheets = view["sheets"] or []
    most = MOST_LINES if len(sheets) <= 4 else MOST_LINES_6
    heights = [_sheet_height(s, most) for s in sheets]
    rows = [max(heights[k : k + 2]) for k in range(0, len(sheets), 2)]
    banner = 62
    height = max(400, HEADER + banner + GAP + sum(r + GAP for r in rows) + 6)
    img, draw = canvas(WIDTH, height, BG)
    text(draw, (20, 12), "Holiday Fever", 28, GOLD, True)
    text(draw, (WIDTH - 20, 18), fit(status, 22, WIDTH - 260), 22, INK, anchor="ra")
    y = HEADER
    pill(draw, (16, y, WIDTH - 16, y + banner), PANEL, GOLD, 2, radius=14)
    star(draw, 46, y + banner / 2, 16)
    text(
        draw,
        (72, y + banner / 2),
        fit(_winners(view, names), 24, WIDTH - 120, True),
        24,
        GOLD,
        True,
        "lm",
    )
    y += banner + GAP
    letters = initials(names)
    for k, sheet in enumerate(sheets):
        row = k // 2
        sy = y + sum(r + GAP for r in rows[:row])
        sx = 16 + (k % 2) * (SHEET_W + GAP)
        _sheet(draw, view, names, sheet, sx, sy, rows[row], letters, most)
    return img


def _winners(view: FeverView, names: Sequence[str]) -> str:
    result = view["result"]
    if result is None or not result["winners"]:
        return "The game is over"
    winners = result["winners"]
    best = money(result["scores"][winners[0]])
    if len(winners) == 1:
        return f"{names[winners[0]]} wins with the most valuable Christmas: {best}"
    return "Shared win: " + ", ".join(names[w] for w in winners) + f" with {best}"


def sheet_lines(view: FeverView, names: Sequence[str]) -> list[str]:
    """Every score sheet as text, every entry with its note."""
    out = [_winners(view, names) + "."]
    for sheet in view["sheets"] or []:
        seat = sheet["seat"]
        forgiven = len(sheet["debts"]) if sheet["full_forgiveness"] else sheet["forgiven"]
        gifts = ", ".join(
            f"{g['name'] or '?'} ({' + '.join(f'${v}' for v in g['values_seen'] if v is not None)})"
            for g in sheet["gifts"]
        )
        deposits = ", ".join(_entry("+", e, names) for e in sheet["deposits"])
        debts = ", ".join(
            _entry("−", e, names) + (" (forgiven)" if k < forgiven else "")
            for k, e in enumerate(sheet["debts"])
        )
        extra = " · reached Christmas" * sheet["christmas"]
        stars = plural(sheet["stars"], "star")
        out.append(
            f"{names[seat]}'s sheet: value {money(sheet['value'])} · {stars}{extra}"
            f" · Gifts: {gifts or 'none'} · deposits: {deposits or 'none'}"
            f" · debts: {debts or 'none'}"
        )
    return out


def _entry(sign: str, e: EntryView, names: Sequence[str]) -> str:
    note = fill_names(e["note"], names)
    return f"{sign}${e['amount']}" + (f" {note}" if note else "")
