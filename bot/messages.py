"""The two kinds of game message: the public table and a player's private hand.

Both are Components V2 cards: a header, the picture, text, and the controls. The pictures and
their alt text come from `render`, so nothing game-specific lives here.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import ui
from bot.session import Session
from render import describe, render

MAX_LINES = 6


@dataclass(frozen=True, slots=True)
class Card:
    """A ready-to-send message: the layout and the picture it shows."""

    view: discord.ui.LayoutView
    png: bytes
    filename: str

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=self.filename)


def jump_url(session: Session) -> str | None:
    row = session.row
    if row.table_message_id is None:
        return None
    return f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}/{row.table_message_id}"


def status_line(session: Session, public: dict[str, Any], deadline: float | None) -> str:
    row = session.row
    if row.status == "abandoned":
        return "This game was abandoned."
    result = session.game.result(session.state)
    if result is not None:
        names = [session.mention(i) for i in result.winners]
        best = result.scores[result.winners[0]]
        if len(names) == 1:
            return f"🏆 {names[0]} wins with **{best}** points!"
        return f"🏆 Shared victory: {', '.join(names)} with **{best}** points each!"
    waiting = ", ".join(session.mention(i) for i in sorted(session.game.to_act(session.state)))
    clock = f" · ⏳ <t:{int(deadline)}:R>" if deadline else ""
    return f"Waiting for {waiting}{clock}"


def table_card(session: Session, lines: Sequence[str], deadline: float | None) -> Card:
    """The public table message for the game's current state."""
    row = session.row
    public = session.game.view(session.state, None)
    png = render(public, session.names)
    filename = f"table-{row.id}-{row.version}.png"
    header = f"### 🎄 {session.game.title} · game #{row.id}\n**{public['headline']}**"
    children: list[discord.ui.Item[Any]] = [
        ui.text(f"{header}\n{status_line(session, public, deadline)}"),
        ui.media(filename, describe(public, session.names)),
    ]
    if lines:
        children.append(ui.text("\n".join(f"• {line}" for line in lines[-MAX_LINES:])))
    if row.status == "running":
        children.append(
            discord.ui.ActionRow(
                ui.button(
                    "My hand",
                    ui.custom_id(row.id, "H", "hand"),
                    discord.ButtonStyle.primary,
                    emoji="🂠",
                ),
                ui.button("How to play", ui.custom_id(row.id, "H", "rules"), emoji="📜"),
            )
        )
    return Card(ui.layout(*children), png, filename)


def hand_card(session: Session, seat: int, where: str, note: str = "") -> Card:
    """A player's private message: their own picture and, on their turn, their controls.

    `where` names the game's server and channel for a DM (empty for an ephemeral reply).
    """
    row = session.row
    game = session.game
    view = game.view(session.state, seat)
    png = render(view, session.names)
    filename = f"hand-{row.id}-{row.version}-{seat}.png"
    header = f"### 🎄 {game.title} · game #{row.id}"
    if where:
        header += f"\n{where}"
        if url := jump_url(session):
            header += f" · [table]({url})"
    children: list[discord.ui.Item[Any]] = [
        ui.text(header),
        ui.media(filename, describe(view, session.names)),
    ]
    legal = game.legal(session.state, seat) if row.status == "running" else ()
    if row.status != "running":
        children.append(
            ui.text(
                "This game has ended." if row.status == "finished" else "This game was abandoned."
            )
        )
    elif legal:
        prompt = view.get("prompt") or "Your move."
        children.append(ui.text(f"**Your turn.** {prompt}" + (f"\n{note}" if note else "")))
        children.extend(ui.move_controls(row.id, row.version, legal, prompt))
    else:
        waiting = ", ".join(session.names[i] for i in sorted(game.to_act(session.state)))
        children.append(ui.text(f"Waiting for {waiting}." + (f"\n{note}" if note else "")))
    return Card(ui.layout(*children), png, filename)
