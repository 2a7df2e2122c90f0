"""My First Christmas Tree scores (rules §5.6), part by part.

One score card per player, in the scoring table's order (Star, Base tiles, row markers, other
completed rows, boxes, cubes not placed), is the only place points are counted: the running
totals, the view's `score_card`, the result post's score cards (`final_report`), the final
picture and its alt text all read it, so their parts always add up to the score shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.protocol import seat_ref
from engine.tree import cards as C
from engine.tree.state import TreeDraft
from engine.tree.views import ScorePartView
from engine.words import plural

MINUS = "−"


def completed(t: TreeDraft, seat: int) -> list[int]:
    """The tree rows with a cube of the seat's on every tile (TREE-G31)."""
    cubes = t.cubes
    done = []
    for r, row in enumerate(C.ROW_INDEX, 1):
        for k in row:
            if seat not in cubes[k]:
                break
        else:
            done.append(r)
    return done


def _rows(rows: Sequence[int]) -> str:
    """ "row 3", "rows 1, 5", or "" for none."""
    if not rows:
        return ""
    return ("row " if len(rows) == 1 else "rows ") + ", ".join(map(str, rows))


def score_card(s: TreeDraft, seat: int) -> list[ScorePartView]:
    """The seat's points as if the game ended now, part by part: what scored (`label`), how
    (`detail`, "" when nothing did) and the points, negative for the cubes not placed."""
    bases = [
        (side, worth)
        for side, worth, owner in zip(("left", "right"), C.BASE_POINTS, s.base, strict=True)
        if owner == seat
    ]
    done = completed(s, seat)
    marked = [r for r in done if s.markers[r - 1] == seat]
    half = [r for r in done if s.markers[r - 1] != seat]
    boxes = s.claimed[seat]
    unplaced = s.decoration[seat]  # TREE-G18: finishing cubes do not count
    parts: list[tuple[str, str, str, int]] = [
        ("star", "Star", "", C.STAR_POINTS if s.star == seat else 0),
        ("base", "Base tiles", " and ".join(b for b, _ in bases), sum(w for _, w in bases)),
        ("markers", "Row markers", _rows(marked), sum(r + 1 for r in marked)),
        ("rows", "Other completed rows", _rows(half), sum((r + 1) // 2 for r in half)),
        ("boxes", "Boxes", " + ".join(map(str, boxes)), sum(boxes)),
        ("cubes", "Cubes not placed", plural(unplaced, "cube") if unplaced else "", -unplaced),
    ]
    return [{"key": k, "label": label, "detail": d, "points": n} for k, label, d, n in parts]


def scores_of(s: TreeDraft) -> list[int]:
    """The totals as if the game ended now (rules §5.6)."""
    return [sum(part["points"] for part in score_card(s, seat)) for seat in range(2)]


def number(n: int) -> str:
    """A number of points as the table writes it, with a real minus sign: "6", "−20"."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def points(n: int) -> str:
    """ "22 points", "1 point", "−12 points"."""
    words = plural(n, "point")
    return MINUS + words[1:] if n < 0 else words


def not_placed(cubes: int) -> str:
    """What the cubes still in supply cost during play: "−20 for 20 cubes not placed yet"."""
    return f"{number(-cubes)} for {plural(cubes, 'cube')} not placed yet"


def card_text(parts: Sequence[ScorePartView], bold: bool = False) -> str:
    """A score card on one line: "Star 6 · Base tiles 4 (left) · …", points in bold for
    Discord."""
    mark = "**" if bold else ""
    return " · ".join(
        f"{p['label']} {mark}{number(p['points'])}{mark}"
        + (f" ({p['detail']})" if p["detail"] else "")
        for p in parts
    )


def final_report(s: TreeDraft) -> tuple[str, ...]:
    """The result post's score cards, in seat order; nothing before the game is over."""
    if s.phase != "over":
        return ()
    out = ["**Score cards**"]
    for seat in range(2):
        parts = score_card(s, seat)
        total = sum(p["points"] for p in parts)
        out += [f"**{seat_ref(seat)}** · **{points(total)}**", card_text(parts, bold=True)]
    return tuple(out)
