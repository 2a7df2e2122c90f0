"""One line per My First Christmas Tree event (issue 20: "Bea prepares ⚙ at the right end —
row ⚙💧➡ matches row 3")."""

from __future__ import annotations

from collections.abc import Sequence

from engine.protocol import Event
from engine.tree import cards as C
from engine.words import plural


def glyphs(cards: Sequence[str]) -> str:
    return "".join(C.GLYPHS[C.symbol(c)] for c in cards)


def narrate(event: Event, names: Sequence[str]) -> str | None:
    d = event.data
    who = names[d["seat"]] if "seat" in d else ""
    kind = event.kind
    if kind == "wipe":
        return f"{who} commits to wipe the pool; new cards: {glyphs(d['pool'])}."
    if kind == "take":
        if d.get("second"):
            return f"{who} commits to a second card and takes the {C.card_name(d['card'])}."
        return f"{who} takes the {C.card_name(d['card'])}."
    if kind == "reshuffle":
        return f"The discards ({plural(d['cards'], 'card')}) are shuffled into a new deck."
    if kind == "prepare":
        card = C.GLYPHS[C.symbol(d["card"])]
        if d.get("third"):
            who += " commits to a third card and"
        if d["wiped"]:
            return f"{who} prepares {card}; it breaks the match, so the row starts again."
        end = {"L": " at the left end", "R": " at the right end"}[d["end"]]
        if len(d["row"]) == 1:
            end = ""
        where = f" matches {d['where']}" if d.get("where") else ""
        return f"{who} prepares {card}{end} — row {glyphs(d['row'])}{where}."
    if kind == "place":
        tiles = d["tiles"]
        if not tiles:
            return f"{who} places on tiles that already hold their cubes: nothing new."
        return f"{who} decorates tile{'s' if len(tiles) > 1 else ''} {', '.join(tiles)}."
    if kind == "box":
        box = "their own box" if d["own"] else "a neutral box"
        counted = " + ".join(C.COLOUR_NAMES[c] for c in d["colours"])
        commit = ", committing to count two colours" if len(d["colours"]) == 2 else ""
        return f"{who} claims {box} card {d['value']} ({counted}{commit})."
    if kind == "marker":
        return f"{who} is the first to decorate all of row {d['row']}."
    if kind == "star":
        return f"{who} puts the Star on top of the tree! 🌟"
    if kind == "base":
        return f"{who} decorates the {d['side']} Base tile."
    if kind == "triggered":
        return "Every row is marked: the game is ending."
    if kind == "game_over":
        return "The tree is finished." if d["reason"] == "trigger" else "Time is up."
    return None
