"""Holiday Fever's score sheets in words: who won, and every family's sheet with every entry
and its note (the end's picture is the board; the sheets are lists, so they are text)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.fever.views import EntryView, FeverView
from engine.protocol import fill_names
from engine.words import plural


def money(n: int) -> str:
    return f"−${-n:,}" if n < 0 else f"${n:,}"


def winners(view: FeverView, names: Sequence[str]) -> str:
    result = view["result"]
    if result is None or not result["winners"]:
        return "The game is over"
    winners = result["winners"]
    best = money(result["scores"][winners[0]])
    if len(winners) == 1:
        return f"{names[winners[0]]} wins with the most valuable Christmas: {best}"
    return "Shared win: " + ", ".join(names[w] for w in winners) + f" with {best}"


def sheet_lines(view: FeverView, names: Sequence[str], notes: bool = True) -> list[str]:
    """Every score sheet as text, every entry with its note (or, to be short, without)."""
    out = [winners(view, names) + "."]
    for sheet in view["sheets"] or []:
        seat = sheet["seat"]
        forgiven = len(sheet["debts"]) if sheet["full_forgiveness"] else sheet["forgiven"]
        gifts = ", ".join(
            f"{g['name'] or '?'} ({' + '.join(f'${v}' for v in g['values_seen'] if v is not None)})"
            for g in sheet["gifts"]
        )
        deposits = ", ".join(_entry("+", e, names, notes) for e in sheet["deposits"])
        debts = ", ".join(
            _entry("−", e, names, notes) + (" (forgiven)" if k < forgiven else "")
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


def _entry(sign: str, e: EntryView, names: Sequence[str], notes: bool) -> str:
    note = fill_names(e["note"], names) if notes else ""
    return f"{sign}${e['amount']}" + (f" {note}" if note else "")
