"""`/abandon`: the host or a moderator ends a lobby or a running game (no ratings change), or
clears a damaged one."""

from __future__ import annotations

import discord

from bot import lobby, names
from bot.hub import Hub
from bot.names import shown
from bot.publisher import Publisher
from bot.texts import No, say

#: Game states `/abandon` can end (a quarantined game can only be cleared).
ABANDONABLE = ("running", "lobby", "quarantined")


class Abandons:
    def __init__(self, hub: Hub, publisher: Publisher) -> None:
        self.hub = hub
        self.publisher = publisher

    async def refuse(self, interaction: discord.Interaction, code: No, **details: object) -> None:
        await self.hub.answer(interaction, say(code, **details))

    async def abandon(self, interaction: discord.Interaction, game_id: int | None) -> None:
        storage = self.hub.storage
        channel_id = interaction.channel_id
        if game_id is None:
            here = await storage.games_in_channel(channel_id or 0, ABANDONABLE)
            if not here:
                await self.refuse(interaction, No.NONE_HERE)
                return
            if len(here) > 1:
                ids = ", ".join(f"#{g.id}" for g in here)
                await self.refuse(interaction, No.SEVERAL_HERE, ids=ids)
                return
            game_id = here[0].id
        row = await storage.game(game_id)
        if row is None or row.channel_id != channel_id or row.status not in ABANDONABLE:
            await self.refuse(interaction, No.NOT_HERE, game_id=game_id)
            return
        perms = interaction.permissions
        if interaction.user.id != row.host_id and not (perms and perms.manage_messages):
            await self.refuse(interaction, No.NOT_HOST_OR_MOD)
            return
        if row.status == "lobby":
            await storage.close_lobby(row.id)
            self.hub.alarms.cancel(row.id)
            if row.table_message_id:
                self.hub.spawn(
                    self.hub.channel(row)
                    .get_partial_message(row.table_message_id)
                    .edit(
                        view=lobby.closed_layout(row, "This lobby was closed."),
                        allowed_mentions=names.NO_PINGS,
                    )
                )
            await interaction.response.send_message(f"Game #{row.id} was closed before it started.")
            return
        session = await self.hub.session(row.id)
        if session is None:  # damaged: nothing to show, only the record to close
            if not await storage.abandon(row.id):
                await self.refuse(interaction, No.JUST_ENDED)
                return
            await interaction.response.send_message(
                f"Game #{row.id} was damaged and is now cleared. No ratings change."
            )
            return
        async with session.lock:
            ended = await storage.abandon(session.id)
            if ended:
                session.row.status = "abandoned"
                self.hub.alarms.cancel(row.id)
                session.fresh_lines.append(
                    f"Game abandoned by {shown(interaction.user.display_name)}. No ratings change."
                )
        if not ended:
            await self.refuse(interaction, No.JUST_ENDED)
            return
        await interaction.response.send_message(
            f"Game #{row.id} ({session.game.title}) was abandoned. No ratings change."
        )
        self.publisher.publish(session)
