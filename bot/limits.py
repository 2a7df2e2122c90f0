"""Discord's limits on what a message may hold, and the one way long text is made to fit.

Everything the bot sends is cut here, by construction: a list of lines keeps whole lines and
says how many more there were (`lines`), a single value is cut at a word (`clip`), and a
Components V2 card shares its 4,000 characters of text among its text displays
(`components.layout` asks `share`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.words import plural

#: A message's content.
CONTENT = 2000
#: All the text displays of one Components V2 message together.
CARD_TEXT = 4000
#: A button's label; a select option's label and description; a select's placeholder.
BUTTON_LABEL = 80
OPTION_LABEL = 100
OPTION_HINT = 100
PLACEHOLDER = 150
#: A picture's description (alt text).
ALT = 1000
#: A text form: its title, an input's label and the note under it, the most it may take.
MODAL_TITLE = 45
INPUT_LABEL = 45
LABEL_NOTE = 100
INPUT_MAX = 4000


def clip(value: str, limit: int) -> str:
    """`value` within `limit` characters, cut at a word and marked with an ellipsis if long."""
    if len(value) <= limit:
        return value
    cut = value[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"


def more_line(count: int, noun: str = "line", many: str | None = None) -> str:
    """The line that stands for lines left out: "-# …and 12 more games"."""
    return f"-# …and {plural(count, f'more {noun}', f'more {many}' if many else None)}"


def lines(
    items: Sequence[str],
    room: int = CONTENT,
    noun: str = "line",
    many: str | None = None,
    more: str | None = None,
) -> str:
    """As many whole `items` as fit in `room` characters, joined by line breaks; when some
    do not fit, a last line says how many more there are (`more` replaces that line). An
    item longer than the room on its own is clipped at a word."""
    text = "\n".join(items)
    if len(text) <= room:
        return text
    kept: list[str] = []
    used = 0
    for i, item in enumerate(items):
        tail = more if more is not None else more_line(len(items) - i, noun, many)
        if used + len(item) + 1 + len(tail) > room:
            if not kept:  # not even the first whole: the first, clipped, then the count
                rest = len(items) - 1
                tail = more if more is not None else more_line(rest, noun, many)
                head = clip(item, max(1, room - len(tail) - 1)) if rest else clip(item, room)
                text = f"{head}\n{tail}" if rest else head
                return clip(text, room)
            return "\n".join([*kept, tail])
        kept.append(item)
        used += len(item) + 1
    return clip(text, room)


def share(texts: Sequence[str], room: int = CARD_TEXT) -> list[str]:
    """Texts that must fit `room` characters together (a card's text displays): while they
    are too long, the longest is cut to what the others leave it, at a whole line."""
    out = list(texts)
    while sum(len(t) for t in out) > room:
        longest = max(range(len(out)), key=lambda i: len(out[i]))
        others = sum(len(t) for j, t in enumerate(out) if j != longest)
        out[longest] = lines(out[longest].split("\n"), max(1, room - others))
    return out
