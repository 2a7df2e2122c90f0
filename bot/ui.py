"""Discord components: one restart-proof `DynamicItem` and builders for every message.

Every button and select Tinsel sends has a custom_id `t1:<game id>:<version>:<action>`:

- version digits: a move. `<action>` is an engine action id, `~` for a select menu (the chosen
  value is the action id), or `~say` for the "add a line" button.
- version `L`: a lobby control (`join`, `leave`, `start`, `cancel`, `bot:<level>`, `unbot`,
  `opt:<key>`, `timer`).
- version `H`: a control that is valid at any version (`hand`: show me my cards; `rules`;
  `rematch`: a new lobby like this finished game; `reclaim`: take my seat back from the
  computer).

The game id and version make every click self-describing, so buttons keep working after a
restart, and a click on an old message is recognised as stale.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from engine import Action
from engine.protocol import fill_names

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)

PREFIX = "t1"
TEMPLATE = re.compile(
    r"t1:(?P<gid>[0-9]{1,18}):(?P<ver>[0-9]{1,9}|L|H):(?P<act>[A-Za-z0-9:_.~\-]{1,60})"
)
ACCENT = discord.Colour.from_rgb(196, 48, 58)
MAX_BUTTONS_ROW = 5
SELECT = "~"
SAY = "~say"


def custom_id(game_id: int, version: int | str, action: str) -> str:
    return f"{PREFIX}:{game_id}:{version}:{action}"


@dataclass(frozen=True, slots=True)
class Press:
    """A parsed click: which game, which version (or L/H), which action, chosen values."""

    game_id: int
    version: str
    action: str
    values: tuple[str, ...] = ()


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """Every Tinsel button and select. Parsing happens here; the service answers the press.

    Exceptions in a DynamicItem callback never reach `View.on_error`, and a failed
    `interaction_check` answers nothing, so the callback catches everything and always answers.
    """

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Control:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        match = TEMPLATE.fullmatch(self.custom_id)
        assert match is not None
        values = tuple((interaction.data or {}).get("values", ()))  # type: ignore[union-attr]
        press = Press(int(match["gid"]), match["ver"], match["act"], values)
        service: GameService = interaction.client.service  # type: ignore[attr-defined]
        await service.handle_press(interaction, press)  # counted as work by `service.hold`


def button(
    label: str,
    cid: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    emoji: str | None = None,
) -> Control:
    return Control(
        discord.ui.Button(
            label=label[:80], custom_id=cid, style=style, disabled=disabled, emoji=emoji
        )
    )


def select(
    placeholder: str, cid: str, options: Sequence[discord.SelectOption], disabled: bool = False
) -> Control:
    return Control(
        discord.ui.Select(
            placeholder=placeholder[:150],
            custom_id=cid,
            options=list(options)[:25],
            disabled=disabled,
        )
    )


def move_controls(
    game_id: int, version: int, legal: Sequence[Action], prompt: str, names: Sequence[str]
) -> list[discord.ui.ActionRow]:
    """The rows offering one decision, always drawn the same way whatever the labels say.

    An action whose id is a bare verb (`sing`, `draw`, `discard`) is one of a fixed few
    choices: a button. Actions whose ids carry an argument (`card:H5`, `put:0c`) choose among
    things that come and go: the options of one select menu. `back` choices are grey buttons.
    Seat placeholders in labels and hints become names.
    """
    picks = [
        (a, fill_names(a.label, names), fill_names(a.hint, names))
        for a in legal
        if ":" in a.id and not a.back
    ]
    bare = [a for a in legal if ":" not in a.id and not a.back]
    backs = [a for a in legal if a.back]
    rows: list[discord.ui.ActionRow] = []
    if picks:
        options = [
            discord.SelectOption(
                label=clip(label, 100), value=a.id, description=clip(hint, 100) or None
            )
            for a, label, hint in picks
        ]
        menu = select(clip(prompt, 150) or "Choose…", custom_id(game_id, version, SELECT), options)
        rows.append(discord.ui.ActionRow(menu))
    buttons = [
        button(fill_names(a.label, names), custom_id(game_id, version, a.id), style)
        for group, style in (
            (bare, discord.ButtonStyle.primary),
            (backs, discord.ButtonStyle.secondary),
        )
        for a in group
    ]
    for start in range(0, len(buttons), MAX_BUTTONS_ROW):
        rows.append(discord.ui.ActionRow(*buttons[start : start + MAX_BUTTONS_ROW]))
    return rows


def media(filename: str, alt: str) -> discord.ui.MediaGallery:
    return discord.ui.MediaGallery(
        discord.MediaGalleryItem(f"attachment://{filename}", description=clip(alt, 1000) or None)
    )


def layout(*children: discord.ui.Item[Any]) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    container = discord.ui.Container(accent_colour=ACCENT)
    for child in children:
        container.add_item(child)
    view.add_item(container)
    return view


def text(content: str) -> discord.ui.TextDisplay:
    return discord.ui.TextDisplay(clip(content, 3900))


def clip(value: str, limit: int) -> str:
    """`value` within Discord's `limit`, cut at a word and marked with an ellipsis if long."""
    if len(value) <= limit:
        return value
    cut = value[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"
