"""The end of a game: who won, the score sheet, and the Rematch button.

When a game finishes, the channel gets a new message (so players are notified, unlike a silent
edit of the table) naming the winners with every seat's rank and score. Its **Rematch** button
(`t1:<game id>:H:rematch`) opens a new lobby with the same game, options, timer and computer
players; each player of the finished game presses it to take a seat there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot import lobby, names, ui
from bot.session import Snapshot
from bot.storage import GameRow
from engine import GAMES, Result
from engine.protocol import fill_names
from engine.words import and_list, plural

if TYPE_CHECKING:
    from bot.service import GameService

REMATCH = "rematch"
PLAYED_BY_COMPUTER = "played by the computer"


def points(score: int) -> str:
    return plural(score, "point")


def winners_line(result: Result, who: Sequence[str]) -> str:
    """ "🏆 Ann wins with 12 points!" or a shared victory, naming seats as `who` says."""
    names = [who[i] for i in result.winners]
    best = points(result.scores[result.winners[0]])
    if len(names) == 1:
        return f"🏆 {names[0]} wins with **{best}**!"
    return f"🏆 Shared victory: {and_list(names)} with **{best}** each!"


def score_sheet(snap: Snapshot, result: Result) -> list[str]:
    """One line per seat, best first: rank, who, score, and a seat the computer took over."""
    lines = []
    for seat in sorted(range(len(snap.names)), key=lambda s: (result.ranks[s], s)):
        mark = " 🏆" if seat in result.winners else ""
        took_over = f" ({PLAYED_BY_COMPUTER})" if seat in snap.replaced else ""
        lines.append(
            f"{result.ranks[seat]}. {snap.mentions[seat]}{mark} — {points(result.scores[seat])}"
            + took_over
        )
    return lines


def announcement(snap: Snapshot) -> discord.ui.LayoutView:
    """The message posted in the channel when a game has finished."""
    result = snap.game.result(snap.state)
    assert result is not None
    headline = fill_names(snap.game.view(snap.state, None)["headline"], snap.text_names)
    link = f"https://discord.com/channels/{snap.guild_id or '@me'}/{snap.channel_id}"
    table = f" · [final table]({link}/{snap.table_message_id})" if snap.table_message_id else ""
    body = "\n".join(
        [
            f"### 🎄 {snap.game.title} · game #{snap.game_id} is over",
            winners_line(result, snap.mentions),
            f"-# {headline}{table}",
            "**Scores**",
            *score_sheet(snap, result),
        ]
    )
    return ui.layout(
        ui.text(body),
        discord.ui.ActionRow(
            ui.button(
                "Rematch",
                ui.custom_id(snap.game_id, "H", REMATCH),
                discord.ButtonStyle.success,
                emoji="🔁",
            )
        ),
    )


def outcome(snap: Snapshot) -> str:
    """What a player's own hand message says once the game is over."""
    result = snap.game.result(snap.state)
    if result is None:
        return "This game has ended."
    return f"**Game over.** {winners_line(result, snap.text_names)}"


async def rematch(service: GameService, interaction: discord.Interaction, game_id: int) -> None:
    """A player of a finished game pressed Rematch: open the new lobby, or join it."""
    storage = service.storage
    old = await storage.game(game_id)
    if old is None or old.status != "finished":
        await service.answer(interaction, "Only a finished game can be played again.")
        return
    user = interaction.user
    if not any(s.user_id == user.id for s in old.seats):
        await service.answer(
            interaction, f"Only the players of game #{old.id} can join its rematch."
        )
        return
    async with service.lobby_lock(("rematch", old.id)):
        found = await storage.rematch(old.id)
        if found is None or found[1] not in ("lobby", "running"):
            await _open(service, interaction, old)
            return
    new_id, status = found
    if status == "running":
        await service.answer(interaction, f"The rematch, game #{new_id}, has already started.")
        return
    async with service.lobby_lock(new_id):
        row = await storage.game(new_id)
        if row is None or row.status != "lobby":
            await service.answer(interaction, f"The rematch, game #{new_id}, has already started.")
            return
        try:
            lobby.join(row, user.id, user.display_name)
        except lobby.LobbyError as err:
            await service.answer(interaction, f"{err} (the rematch is game #{new_id})")
            return
        await storage.save_lobby(row)
        await service.answer(interaction, f"You took a seat in the rematch, game #{new_id}.")
        if row.table_message_id is not None:
            channel = service.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
            await channel.get_partial_message(row.table_message_id).edit(
                view=_layout(row, old), allowed_mentions=names.NO_PINGS
            )


async def _open(service: GameService, interaction: discord.Interaction, old: GameRow) -> None:
    computers = [(s.name, s.bot_level or "normal") for s in old.seats if s.user_id is None]
    new_id = await service.storage.create_lobby(
        old.game,
        old.guild_id,
        old.channel_id,
        interaction.user.id,
        interaction.user.display_name,
        dict(old.options),
        old.timer,
        service.seeds(),
        rematch_of=old.id,
        computers=computers,
    )
    row = await service.storage.game(new_id)
    assert row is not None
    response = await interaction.response.send_message(
        view=_layout(row, old), allowed_mentions=names.pinging(_missing(row, old))
    )
    if response.message_id is not None:
        await service.storage.set_message(new_id, response.message_id)


def _missing(row: GameRow, old: GameRow) -> list[int]:
    """The old game's players who have not sat down in the rematch yet."""
    seated = {s.user_id for s in row.seats}
    return [s.user_id for s in old.seats if s.user_id is not None and s.user_id not in seated]


def _layout(row: GameRow, old: GameRow) -> discord.ui.LayoutView:
    """The rematch lobby, calling the old game's players who have not sat down yet."""
    missing = [f"<@{uid}>" for uid in _missing(row, old)]
    note = f"🔁 A rematch of game #{old.id} ({GAMES[old.game].title})."
    if missing:
        note += f" {and_list(missing)}: press **Rematch** on its result, or **Join** here."
    return lobby.layout(row, note)
