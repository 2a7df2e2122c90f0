"""Alt text within what Discord keeps of a picture's description.

Every game's `describe` lists its lines most important first (who is winning, whose turn,
the last move, then the detail). `fit` keeps whole lines while they fit; the first line that
does not is kept item by item (its items end with " · ", "; ", ", " or " | "), and the text
ends with "…" after the last whole item (or on a line of its own when no item of that line
fits). Nothing is ever cut inside a word or a number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Discord keeps at most this many characters of a picture's description.
ALT_LIMIT = 1000
MORE = "…"
#: Where a line may be cut: after an item, before the next (kept with the item before it).
_ITEM = re.compile(r"(?<=[·;,|])\s+")


def fit(lines: Sequence[str], limit: int = ALT_LIMIT) -> str:
    """`lines` joined by line breaks, within `limit` characters, cut only between items."""
    kept: list[str] = []
    used = 0
    for line in lines:
        extra = len(line) + (1 if kept else 0)
        if used + extra <= limit:
            kept.append(line)
            used += extra
            continue
        room = limit - used - (1 if kept else 0) - len(MORE)
        part = _head(line, room)
        if part or used + 1 + len(MORE) <= limit:  # a line of its own says more was left out
            kept.append(part + MORE)
        break
    return "\n".join(kept)


def _head(line: str, room: int) -> str:
    """The longest run of `line`'s leading whole items that fits `room` characters."""
    best = ""
    for cut in _ITEM.finditer(line):
        head = line[: cut.start()]
        if len(head) > room:
            break
        best = head
    return best.rstrip(" ·;,|")
