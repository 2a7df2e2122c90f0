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
from bot.session import Snapshot
from engine.protocol import fill_names
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


def jump_url(snap: Snapshot) -> str | None:
    if snap.table_message_id is None:
        return None
    place = f"{snap.guild_id or '@me'}/{snap.channel_id}"
    return f"https://discord.com/channels/{place}/{snap.table_message_id}"


def status_line(snap: Snapshot) -> str:
    if snap.status == "abandoned":
        return "This game was abandoned."
    result = snap.game.result(snap.state)
    if result is not None:
        names = [snap.mentions[i] for i in result.winners]
        best = result.scores[result.winners[0]]
        if len(names) == 1:
            return f"🏆 {names[0]} wins with **{best}** points!"
        return f"🏆 Shared victory: {', '.join(names)} with **{best}** points each!"
    waiting = ", ".join(snap.mentions[i] for i in sorted(snap.game.to_act(snap.state)))
    clock = f" · ⏳ <t:{int(snap.deadline)}:R>" if snap.deadline else ""
    return f"Waiting for {waiting}{clock}"


def table_card(snap: Snapshot, lines: Sequence[str]) -> Card:
    """The public table message for one moment of the game."""
    public = snap.game.view(snap.state, None)
    png = render(public, snap.names)
    filename = f"table-{snap.game_id}-{snap.version}.png"
    headline = fill_names(public["headline"], snap.text_names)
    header = f"### 🎄 {snap.game.title} · game #{snap.game_id}\n**{headline}**"
    children: list[discord.ui.Item[Any]] = [
        ui.text(f"{header}\n{status_line(snap)}"),
        ui.media(filename, describe(public, snap.names)),
    ]
    if lines:
        children.append(ui.text("\n".join(f"• {line}" for line in lines[-MAX_LINES:])))
    to_act = sorted(snap.game.to_act(snap.state))
    if snap.status == "running" and to_act and snap.game.decided_in_public(snap.state):
        # Everyone owing this decision has the same, public choices: offer them right here.
        legal = snap.game.legal(snap.state, to_act[0])
        prompt = fill_names(snap.game.view(snap.state, to_act[0]).get("prompt") or "", snap.names)
        children.extend(ui.move_controls(snap.game_id, snap.version, legal, prompt, snap.names))
    if snap.status == "running":
        children.append(
            discord.ui.ActionRow(
                ui.button(
                    "My hand",
                    ui.custom_id(snap.game_id, "H", "hand"),
                    discord.ButtonStyle.primary,
                    emoji="🂠",
                ),
                ui.button("How to play", ui.custom_id(snap.game_id, "H", "rules"), emoji="📜"),
            )
        )
    return Card(ui.layout(*children), png, filename)


def hand_card(snap: Snapshot, seat: int, where: str, note: str = "") -> Card:
    """A player's private message: their own picture and, on their turn, their controls.

    `where` names the game's server and channel for a DM (empty for an ephemeral reply).
    """
    game = snap.game
    view = game.view(snap.state, seat)
    png = render(view, snap.names)
    filename = f"hand-{snap.game_id}-{snap.version}-{seat}.png"
    header = f"### 🎄 {game.title} · game #{snap.game_id}"
    if where:
        header += f"\n{where}"
        if url := jump_url(snap):
            header += f" · [table]({url})"
    children: list[discord.ui.Item[Any]] = [
        ui.text(header),
        ui.media(filename, describe(view, snap.names)),
    ]
    legal = game.legal(snap.state, seat) if snap.status == "running" else ()
    if snap.status != "running":
        children.append(
            ui.text(
                "This game has ended." if snap.status == "finished" else "This game was abandoned."
            )
        )
    elif legal:
        prompt = fill_names(view.get("prompt") or "Your move.", snap.names)
        said = fill_names(view.get("prompt") or "Your move.", snap.text_names)
        children.append(ui.text(f"**Your turn.** {said}" + (f"\n{note}" if note else "")))
        children.extend(ui.move_controls(snap.game_id, snap.version, legal, prompt, snap.names))
    else:
        waiting = ", ".join(snap.text_names[i] for i in sorted(game.to_act(snap.state)))
        children.append(ui.text(f"Waiting for {waiting}." + (f"\n{note}" if note else "")))
    return Card(ui.layout(*children), png, filename)
