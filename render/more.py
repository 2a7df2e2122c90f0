"""What a message shows beside its picture, and what a player may open on demand.

A picture shows what needs space (a board, a tree, the cards of a hand); lists and numbers
(scores, counts, money, the last roll) are better as text, which Discord draws in the reader's
own font size and screen readers read. So each game's renderer may give, for any view:

- `panel(view, names) -> str`: Discord markdown shown under the picture, in the same message
  (the table's for the public view, a hand's for a seat's view). Whole lines; "" for none.
- `details(view) -> tuple[Detail, ...]`: at most `MAX_DETAILS` things a player sometimes wants
  and the message does not show (a calendar, every family's score card, the discard pile).
  Each becomes a button on the message that answers privately.
- `detail(view, names, key) -> Shown | None`: what that button shows, from the same view: the
  table's buttons show the public view's details to anyone, a hand's the seat's own.

The same rule holds as for the picture: a detail of the public view shows only what was shown
openly at the table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Buttons in a row beside the table's own two ("My hand", "How to play").
MAX_DETAILS = 3
#: A detail key travels in a custom_id.
KEY = re.compile(r"[a-z0-9_]{1,20}")


@dataclass(frozen=True, slots=True)
class Detail:
    """A button that shows more: `key` names it in the custom_id, `label` on the button."""

    key: str
    label: str
    emoji: str = ""

    def __post_init__(self) -> None:
        if not KEY.fullmatch(self.key):
            raise ValueError(f"detail key {self.key!r} is not [a-z0-9_]{{1,20}}")


@dataclass(frozen=True, slots=True)
class Shown:
    """A detail's answer: markdown text and, where it is spatial, a picture with its alt text."""

    text: str
    png: bytes | None = None
    alt: str = ""
