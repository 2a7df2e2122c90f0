"""The two kinds of game message: the public table and a player's private hand.

Both are Components V2 cards: a header, the picture, text, and the controls. The pictures and
their alt text come from `render`, so nothing game-specific lives here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import components, decisions, ending, takeover, wire
from bot.components import Card
from bot.session import MAX_LINES, Snapshot
from engine.protocol import fill_names
from engine.words import and_list
from render import describe, detail, details, panel, render
from render.more import Detail

#: The action of a detail button: the table's shows the public view's detail, a hand's the
#: presser's own (`wire.anytime(game, f"{LOOK}:<key>")`).
LOOK = "look"
OWN = "own"

#: A waiting player's message is not edited for every move of others (see `private_key`).
CATCH_UP = "-# This message catches up when it's your turn; the table shows every move."
ABANDONED = "This game was abandoned."
#: The action of the **💡 Hint** button (`wire.anytime(game, HINT)`).
HINT = "hint"
#: What the hand of a `/play … learn` game adds on its player's first turn.
GUIDE = (
    "👋 **Welcome to {title}!** The picture above is your hand; the table in the channel"
    " shows everyone's moves. Choose your move with the controls below. Not sure? Press"
    " **💡 Hint**: I'll suggest a move and say why. **How to play** on the table has the rules."
)


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
    seats = awaited(snap)
    thinkers = [snap.mentions[i] for i in seats if i in snap.searching]
    waiting = ", ".join(snap.mentions[i] for i in seats if i not in snap.searching)
    parts = [f"Waiting for {waiting}{clock_text(snap)}"] if waiting else []
    if thinkers:
        verb = "is" if len(thinkers) == 1 else "are"
        parts.append(f"🤔 {and_list(thinkers)} {verb} thinking…")
    if chosen := decisions.chosen_line(snap):
        parts.append(chosen)
    return " · ".join(parts)


def levels_line(snap: Snapshot) -> str:
    """The computer players' levels, for the table ("" without computers)."""
    if not snap.levels:
        return ""
    return "-# 🤖 " + " · ".join(f"{snap.text_names[i]}: {level}" for i, level in snap.levels)


def seen(snap: Snapshot, seat: int | None) -> dict[str, Any]:
    """A seat's view as the picture should show it: an abandoned game asks nobody anything."""
    view = snap.view(seat)
    if snap.status == "abandoned":
        view = {**view, "to_act": [], "prompt": ABANDONED}
    return view


def detail_buttons(game_id: int, kind: str, offered: Sequence[Detail]) -> list[components.Control]:
    """A button for each detail the view offers (`kind`: LOOK on the table, OWN in a hand)."""
    return [
        components.button(d.label, wire.anytime(game_id, f"{kind}:{d.key}"), emoji=d.emoji or None)
        for d in offered
    ]


@dataclass(frozen=True, slots=True)
class Pictured:
    """A view's picture, its file name, and the items that show it in a card: the picture
    with its alt text, then the game's text under it (`render.panel`)."""

    png: bytes
    filename: str
    items: list[discord.ui.Item[Any]]


def pictured(snap: Snapshot, view: dict[str, Any]) -> Pictured:
    png = render(view, takeover.picture_names(snap))
    if view["seat"] is None:
        filename = components.picture_name(f"table-{snap.game_id}", png)
    else:  # see `is_hand`
        filename = components.picture_name(f"hand-{snap.game_id}", png, f"-{view['seat']}")
    items: list[discord.ui.Item[Any]] = [
        components.media(filename, describe(view, takeover.alt_names(snap)))
    ]
    if said := panel(view, snap.text_names):
        items.append(components.text(said))
    return Pictured(png, filename, items)


def table_card(snap: Snapshot, lines: Sequence[str]) -> Card:
    """The public table message for one moment of the game."""
    public = seen(snap, None)
    headline = fill_names(public["headline"], snap.text_names)
    header = f"### 🎄 {snap.game.title} · game #{snap.game_id}\n**{headline}**"
    running = snap.status == "running"
    notes = [takeover.table_note(snap), levels_line(snap)] if running else []
    picture = pictured(snap, public)
    children: list[discord.ui.Item[Any]] = [
        components.text("\n".join([header, status_line(snap), *filter(None, notes)])),
        *picture.items,
    ]
    if lines:
        children.append(components.text("\n".join(f"• {line}" for line in lines[-MAX_LINES:])))
    children.extend(decisions.table_controls(snap))
    more = detail_buttons(snap.game_id, LOOK, details(public))
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
                *more,
            )
        )
    elif more:
        children.append(discord.ui.ActionRow(*more))
    return Card(components.layout(*children), picture.png, picture.filename)


def hint_button(game_id: int) -> components.Control:
    """**💡 Hint**, in the hand of a player who owes a move in a game with hints on."""
    return components.button(
        "Hint", wire.anytime(game_id, HINT), discord.ButtonStyle.success, emoji="💡"
    )


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
    picture = pictured(snap, view)
    more = detail_buttons(snap.game_id, OWN, details(view))
    header = f"### 🎄 {game.title} · game #{snap.game_id}"
    if where:
        header += f"\n{where}"
        if url := jump_url(snap):
            header += f" · [table]({url})"
    children: list[discord.ui.Item[Any]] = [components.text(header), *picture.items]
    legal = game.legal(snap.state, seat) if snap.status == "running" else ()
    if snap.status == "running" and seat in snap.replaced:
        children.extend(takeover.hand_rows(snap, seat))
        return _hand(children, more, picture)
    if snap.status != "running":
        children.append(
            components.text(ending.outcome(snap) if snap.status == "finished" else ABANDONED)
        )
        return _hand(children, more, picture)
    more.append(takeover.resign_button(snap.game_id))
    if legal:
        said = fill_names(view.get("prompt") or "Your move.", snap.text_names)
        guide = GUIDE.format(title=game.title) if seat in snap.guided else ""
        notes = [n for n in (decisions.hand_note(snap, seat), note, guide) if n]
        if snap.hints:
            more.insert(0, hint_button(snap.game_id))
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
    return _hand(children, more, picture)


def _hand(
    children: list[discord.ui.Item[Any]], more: list[components.Control], picture: Pictured
) -> Card:
    """The hand card: its items, then the detail buttons the seat's view offers (and, while
    the player plays the seat, **Resign** last), five to a row."""
    for start in range(0, len(more), components.MAX_BUTTONS_ROW):
        children.append(discord.ui.ActionRow(*more[start : start + components.MAX_BUTTONS_ROW]))
    return Card(components.layout(*children), picture.png, picture.filename)


def detail_card(snap: Snapshot, seat: int | None, key: str) -> Card | None:
    """The private answer to a detail button: what `key` shows of the table's public view
    (`seat` None) or of the seat's own view; None when that view offers no such detail."""
    view = seen(snap, seat)
    shown = detail(view, snap.text_names, key)
    if shown is None:
        return None
    header = f"### 🎄 {snap.game.title} · game #{snap.game_id}"
    children: list[discord.ui.Item[Any]] = [components.text(header)]
    png, filename = shown.png or b"", ""
    if shown.png:
        filename = components.picture_name(f"detail-{snap.game_id}", shown.png)
        children.append(components.media(filename, shown.alt))
    if shown.text:
        children.append(components.text(shown.text))
    return Card(components.layout(*children), png, filename)
