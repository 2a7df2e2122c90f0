"""Discord component builders, and the one restart-proof `DynamicItem` behind every control.

What a custom_id says is `bot.wire`'s business; which controls a decision gets is
`bot.decisions`'. This module only builds components within Discord's limits.
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import limits, wire
from bot.limits import clip
from engine import Action
from engine.protocol import PickSpec, TextSpec, fill_names

log = logging.getLogger(__name__)

ACCENT = discord.Colour.from_rgb(196, 48, 58)
MAX_BUTTONS_ROW = 5


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], template=wire.COMPONENT):
    """Every Tinsel button and select. It parses the press; the client's service answers it.

    Exceptions in a DynamicItem callback never reach `View.on_error`, and a failed
    `interaction_check` answers nothing, so the service catches everything and always answers.
    """

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Control:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = tuple((interaction.data or {}).get("values", ()))  # type: ignore[union-attr]
        press = wire.parse(self.custom_id, values)
        assert press is not None  # the template matched
        # The client owns the service: looked up at run time, so this layer imports no upper one.
        await interaction.client.service.handle_press(interaction, press)  # type: ignore[attr-defined]


def button(
    label: str,
    cid: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    emoji: str | None = None,
) -> Control:
    return Control(
        discord.ui.Button(
            label=clip(label, limits.BUTTON_LABEL) or None,
            custom_id=cid,
            style=style,
            disabled=disabled,
            emoji=emoji,
        )
    )


def select(
    placeholder: str, cid: str, options: Sequence[discord.SelectOption], disabled: bool = False
) -> Control:
    return Control(
        discord.ui.Select(
            placeholder=clip(placeholder, limits.PLACEHOLDER),
            custom_id=cid,
            options=list(options)[:25],
            disabled=disabled,
        )
    )


def move_controls(
    game_id: int,
    version: int,
    legal: Sequence[Action],
    prompt: str,
    names: Sequence[str],
    text: TextSpec | None = None,
    pick: PickSpec | None = None,
) -> list[discord.ui.ActionRow]:
    """The rows offering one decision, always drawn the same way whatever the labels say.

    An action whose id is a bare verb (`sing`, `draw`, `discard`) is one of a fixed few
    choices: a button. Actions whose ids carry an argument (`card:H5`, `put:0c`) choose among
    things that come and go: the options of one select menu. `back` choices are grey buttons.
    Seat placeholders in labels and hints become names. The action that takes typed text
    (`text`) opens a form when pressed; when the text is optional the plain press takes it
    without text, and a second ✍️ button next to it opens the form. The combinations a `pick`
    describes are offered as one multi-select of its items instead.
    """
    picks = [
        a
        for a in legal
        if ":" in a.id and not a.back and not (pick and a.id.startswith(pick.prefix))
    ]
    bare = [a for a in legal if ":" not in a.id and not a.back]
    backs = [a for a in legal if a.back]
    rows: list[discord.ui.ActionRow] = []
    if picks:
        options = [option(a, names) for a in picks]
        menu = select(
            clip(prompt, limits.PLACEHOLDER) or "Choose…",
            wire.move(game_id, version, wire.SELECT),
            options,
        )
        rows.append(discord.ui.ActionRow(menu))
    if pick is not None and pick.items:
        rows.append(discord.ui.ActionRow(pick_menu(game_id, version, prompt, names, pick)))
    buttons: list[Control] = []
    for group, style in (
        (bare, discord.ButtonStyle.primary),
        (backs, discord.ButtonStyle.secondary),
    ):
        for a in group:
            buttons.append(
                button(fill_names(a.label, names), wire.move(game_id, version, a.id), style)
            )
            if text is not None and text.optional and a.id == text.action:
                words = f"{fill_names(a.label, names)} — with words"
                buttons.append(button(words, wire.write(game_id, version, a.id), style, emoji="✍️"))
    for start in range(0, len(buttons), MAX_BUTTONS_ROW):
        rows.append(discord.ui.ActionRow(*buttons[start : start + MAX_BUTTONS_ROW]))
    return rows


def option(action: Action, names: Sequence[str]) -> discord.SelectOption:
    """A menu entry for an action: its label and hint with names filled in, its id as value."""
    return discord.SelectOption(
        label=clip(fill_names(action.label, names), limits.OPTION_LABEL),
        value=action.id,
        description=clip(fill_names(action.hint, names), limits.OPTION_HINT) or None,
    )


def pick_menu(
    game_id: int, version: int, prompt: str, names: Sequence[str], pick: PickSpec
) -> Control:
    """One multi-select in which exactly `pick.count` of the items are chosen."""
    options = [option(a, names) for a in pick.items[:25]]
    count = max(1, min(pick.count, len(options)))
    return Control(
        discord.ui.Select(
            placeholder=clip(prompt or f"Choose {count}…", limits.PLACEHOLDER),
            custom_id=wire.move(game_id, version, wire.PICK),
            options=options,
            min_values=count,
            max_values=count,
        )
    )


def text_form(title: str, custom_id: str, spec: TextSpec) -> discord.ui.Modal:
    """The form in which a player types the text an action takes, within the spec's bounds.
    The label says what to write; its note, that everyone at the table will read it."""
    modal = discord.ui.Modal(title=clip(title, limits.MODAL_TITLE), custom_id=custom_id)
    low, high = (
        max(0, min(spec.min_len, limits.INPUT_MAX)),
        max(1, min(spec.max_len, limits.INPUT_MAX)),
    )
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id="text",
        style=discord.TextStyle.paragraph,
        min_length=low,
        max_length=high,
        required=True,  # pressed to write: the words are what the form is for
    )
    note = f"Everyone at the table will read it ({low}–{high} characters)."
    modal.add_item(
        discord.ui.Label(
            text=clip(spec.label, limits.INPUT_LABEL),
            component=field,
            description=clip(note, limits.LABEL_NOTE),
        )
    )
    return modal


def message_url(guild_id: int | None, channel_id: int, message_id: int | None) -> str | None:
    """The link that opens a message in Discord (None while it has not been posted)."""
    if message_id is None:
        return None
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def media(filename: str, alt: str) -> discord.ui.MediaGallery:
    return discord.ui.MediaGallery(
        discord.MediaGalleryItem(
            f"attachment://{filename}", description=clip(alt, limits.ALT) or None
        )
    )


def layout(*children: discord.ui.Item[Any]) -> discord.ui.LayoutView:
    """One card holding `children`; its text displays share Discord's 4,000 characters
    (`limits.share`: the longest is cut at a whole line and says how much is left out)."""
    displays = [c for c in children if isinstance(c, discord.ui.TextDisplay)]
    for display, fitted in zip(displays, limits.share([d.content for d in displays]), strict=True):
        display.content = fitted
    view = discord.ui.LayoutView(timeout=None)
    container = discord.ui.Container(accent_colour=ACCENT)
    for child in children:
        container.add_item(child)
    view.add_item(container)
    return view


def text(content: str) -> discord.ui.TextDisplay:
    return discord.ui.TextDisplay(limits.lines(content.split("\n"), limits.CARD_TEXT))


def picture_name(stem: str, png: bytes, tail: str = "") -> str:
    """`<stem>-<digest><tail>.png`: a picture's file name says what it shows, so a message
    whose picture has not changed keeps its attachment (see `Card.attachments`)."""
    return f"{stem}-{hashlib.blake2b(png, digest_size=6).hexdigest()}{tail}.png"


@dataclass(frozen=True, slots=True)
class Card:
    """A ready-to-send message: the layout and the picture it shows."""

    view: discord.ui.LayoutView
    png: bytes
    filename: str

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=self.filename)

    def attachments(self, shown: Sequence[str]) -> dict[str, Any]:
        """The edit's attachments argument: none when the message already shows this picture
        (its file is among `shown`, and its name says its content), so it is not uploaded
        again; else the new file, which replaces the old."""
        return {} if self.filename in shown else {"attachments": [self.file()]}
