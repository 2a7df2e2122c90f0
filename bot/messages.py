"""The two kinds of game message: the public table and a player's private hand.

Both are Components V2 cards: a header, the picture, text, and the controls. The pictures and
their alt text come from `render`, so nothing game-specific lives here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot import components, decisions, ending, takeover, wire
from bot.components import Card
from bot.session import MAX_LINES, Snapshot
from engine.protocol import fill_names
from render import describe, render

#: A waiting player's message is not edited for every move of others (see `private_key`).
CATCH_UP = "-# This message catches up when it's your turn; the table shows every move."
ABANDONED = "This game was abandoned."


def clock_text(snap: Snapshot) -> str:
    """ " · ⏳ in 4 minutes" (Discord shows the time left) while a clock runs, else ""."""
    return f" · ⏳ <t:{int(snap.deadline)}:R>" if snap.deadline else ""


def jump_url(snap: Snapshot) -> str | None:
    return components.message_url(snap.guild_id, snap.channel_id, snap.table_message_id)


def awaited(snap: Snapshot) -> list[int]:
    """The seats a decision waits for. Computers answer on their own, so in a decision
    several seats owe at once (a race) only the humans are waited for."""
    to_act = sorted(snap.game.to_act(snap.state))
    return [i for i in to_act if i not in snap.computers] or to_act


def status_line(snap: Snapshot) -> str:
    if snap.status == "abandoned":
        return ABANDONED
    result = snap.game.result(snap.state)
    if result is not None:
        return ending.winners_line(snap.game, result, snap.mentions, snap.replaced)
    waiting = ", ".join(snap.mentions[i] for i in awaited(snap))
    clock = clock_text(snap)
    chosen = decisions.chosen_line(snap)
    return f"Waiting for {waiting}{clock}" + (f" · {chosen}" if chosen else "")


def seen(snap: Snapshot, seat: int | None) -> dict[str, Any]:
    """A seat's view as the picture should show it: an abandoned game asks nobody anything."""
    view = snap.game.view(snap.state, seat)
    if snap.status == "abandoned":
        view = {**view, "to_act": [], "prompt": ABANDONED}
    return view


def table_card(snap: Snapshot, lines: Sequence[str]) -> Card:
    """The public table message for one moment of the game."""
    public = seen(snap, None)
    png = render(public, takeover.picture_names(snap))
    filename = f"table-{snap.game_id}-{snap.version}.png"
    headline = fill_names(public["headline"], snap.text_names)
    header = f"### 🎄 {snap.game.title} · game #{snap.game_id}\n**{headline}**"
    note = takeover.table_note(snap) if snap.status == "running" else ""
    children: list[discord.ui.Item[Any]] = [
        components.text(f"{header}\n{status_line(snap)}" + (f"\n{note}" if note else "")),
        components.media(filename, describe(public, takeover.alt_names(snap))),
    ]
    if lines:
        children.append(components.text("\n".join(f"• {line}" for line in lines[-MAX_LINES:])))
    children.extend(decisions.table_controls(snap))
    if snap.status == "running":
        children.append(
            discord.ui.ActionRow(
                components.button(
                    "My hand",
                    wire.anytime(snap.game_id, "hand"),
                    discord.ButtonStyle.primary,
                    emoji="🂠",
                ),
                components.button("How to play", wire.anytime(snap.game_id, "rules"), emoji="📜"),
            )
        )
    return Card(components.layout(*children), png, filename)


def is_hand(message: discord.Message, game_id: int, seat: int) -> bool:
    """The message is a seat's hand message of a game: its picture is named for both."""
    return any(
        a.filename.startswith(f"hand-{game_id}-") and a.filename.endswith(f"-{seat}.png")
        for a in message.attachments
    )


def hand_card(snap: Snapshot, seat: int, where: str, note: str = "") -> Card:
    """A player's private message: their own picture and, on their turn, their controls.

    `where` names the game's server and channel for a DM (empty for an ephemeral reply).
    """
    game = snap.game
    view = seen(snap, seat)
    png = render(view, takeover.picture_names(snap))
    filename = f"hand-{snap.game_id}-{snap.version}-{seat}.png"  # see `is_hand`
    header = f"### 🎄 {game.title} · game #{snap.game_id}"
    if where:
        header += f"\n{where}"
        if url := jump_url(snap):
            header += f" · [table]({url})"
    children: list[discord.ui.Item[Any]] = [
        components.text(header),
        components.media(filename, describe(view, takeover.alt_names(snap))),
    ]
    legal = game.legal(snap.state, seat) if snap.status == "running" else ()
    if snap.status == "running" and seat in snap.replaced:
        children.extend(takeover.hand_rows(snap, seat))
        return Card(components.layout(*children), png, filename)
    if snap.status != "running":
        children.append(
            components.text(ending.outcome(snap) if snap.status == "finished" else ABANDONED)
        )
    elif legal:
        said = fill_names(view.get("prompt") or "Your move.", snap.text_names)
        notes = [n for n in (decisions.hand_note(snap, seat), note) if n]
        opening = f"**{decisions.heading(snap, seat)}** {said}{clock_text(snap)}"
        children.append(components.text("\n".join([opening, *notes])))
        children.extend(decisions.controls(snap, seat))
    else:
        waiting = ", ".join(snap.text_names[i] for i in awaited(snap))
        children.append(
            components.text(
                f"Waiting for {waiting}." + (f"\n{note}" if note else "") + f"\n{CATCH_UP}"
            )
        )
    return Card(components.layout(*children), png, filename)
