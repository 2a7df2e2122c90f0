"""A paged message: a card of text with ◀ / ▶ buttons, each page rebuilt from storage.

A page source is registered by name (`Pager.add`); it turns the press's interaction, its own
arguments (a filter, a game id) and a page number into a `Page`. The buttons' custom_ids
(`wire.page`) carry the source, the page and the arguments, so a press recomputes its page
from storage — after a restart too — and nothing is kept in memory. Anyone may press a
public pager's buttons; the answer edits that message. An id whose source is unknown or
whose arguments name nothing (forged, or outdated) gets a sentence and changes nothing.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot import components, faults, names, wire

log = logging.getLogger(__name__)

#: The answer to a page id whose source or arguments name nothing.
GONE = "That page no longer exists."


@dataclass(frozen=True, slots=True)
class Page:
    """One page: its text (Components V2 text, up to 4,000 characters), which page it is,
    and how many there are now."""

    text: str
    number: int = 1
    pages: int = 1


#: A page source: (the interaction, the source's arguments, the page asked for) → the page
#: (a source shows its last page when asked for one past it), or None when the arguments
#: name nothing.
Source = Callable[[discord.Interaction, str, int], Awaitable[Page | None]]
Answer = Callable[[discord.Interaction, str], Awaitable[None]]


def clamp(number: int, pages: int) -> int:
    """The page to show when `number` is asked for and there are `pages` (at least one)."""
    return max(1, min(number, pages))


def count(items: int, per_page: int) -> int:
    """How many pages `items` fill, `per_page` to a page (one page when there are none)."""
    return max(1, -(-items // per_page))


class Turner(discord.ui.DynamicItem[discord.ui.Item[Any]], template=wire.PAGE):
    """A pager's ◀ or ▶ button. Like `components.Control`, it answers everything itself:
    the client's pager catches every failure."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Turner:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        match = wire.PAGE.fullmatch(self.custom_id)
        assert match is not None  # the template matched
        # The client owns the service: looked up at run time, as `components.Control` does.
        await interaction.client.service.turn_page(  # type: ignore[attr-defined]
            interaction, match["source"], match["args"], int(match["page"])
        )


def _turner(label: str, emoji: str, custom_id: str, disabled: bool) -> Turner:
    return Turner(
        discord.ui.Button(label=label, emoji=emoji, custom_id=custom_id, disabled=disabled)
    )


def card(source: str, args: str, page: Page) -> discord.ui.LayoutView:
    """The message for a page: its text, "Page k of n" and the ◀ / ▶ buttons (none when
    there is one page). Each button's id names the page it shows, so the two always differ."""
    if page.pages <= 1:
        return components.layout(components.text(page.text))
    k, n = page.number, page.pages
    return components.layout(
        components.text(f"{page.text}\n-# Page {k} of {n}"),
        discord.ui.ActionRow(
            _turner("Previous", "◀️", wire.page(source, max(1, k - 1), args), k <= 1),
            _turner("Next", "▶️", wire.page(source, min(n, k + 1), args), k >= n),
        ),
    )


class Pager:
    """The registry of page sources, and the answer to a pager's buttons."""

    def __init__(self, answer: Answer) -> None:
        self.sources: dict[str, Source] = {}
        self.answer = answer

    def add(self, name: str, source: Source) -> None:
        assert wire.PAGE.fullmatch(wire.page(name, 1, "")), f"bad source name {name!r}"
        self.sources[name] = source

    async def first(
        self, interaction: discord.Interaction, name: str, args: str
    ) -> discord.ui.LayoutView | None:
        """The first page's message of `name` with `args`, or None when they name nothing."""
        page = await self.sources[name](interaction, args, 1)
        return None if page is None else card(name, args, page)

    async def press(
        self, interaction: discord.Interaction, name: str, args: str, number: int
    ) -> None:
        """A ◀ / ▶ press: the message shows the page its button names, rebuilt now."""
        try:
            source = self.sources.get(name)
            page = None if source is None else await source(interaction, args, number)
            if page is None:
                await self.answer(interaction, GONE)
                return
            await interaction.response.edit_message(
                view=card(name, args, page), allowed_mentions=names.NO_PINGS
            )
        except Exception as exc:
            await self.answer(interaction, faults.report(log, f"page {name}:{number}", exc))
