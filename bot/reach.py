"""Where Tinsel cannot post, and telling the right person once instead of failing every move.

- A channel that refuses (missing Send Messages, Attach Files or View Channel: 403) is set
  aside for RETRY_AFTER seconds: tables and pings there are not attempted meanwhile, and the
  game's host is told once, by DM.
- A player whose DMs are closed gets one 📭 notice per channel (not per game); it is deleted
  as soon as a DM reaches them again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot import names
from bot.storage import GameRow, Repository, SeatRow

log = logging.getLogger(__name__)

#: Seconds before posting is tried again in a channel that refused.
RETRY_AFTER = 300.0


class Reach:
    def __init__(self, client: discord.Client, storage: Repository, clock: Callable[[], float]):
        self.client = client
        self.storage = storage
        self.clock = clock
        #: Channel id → when it last refused a post.
        self.refused_at: dict[int, float] = {}

    # ------------------------------------------------------------------ channels
    def can_post(self, channel_id: int) -> bool:
        since = self.refused_at.get(channel_id)
        return since is None or self.clock() - since >= RETRY_AFTER

    def posted(self, channel_id: int) -> None:
        self.refused_at.pop(channel_id, None)

    async def refused(self, row: GameRow, error: discord.HTTPException) -> None:
        """The game's channel refused a post: stop trying for a while; tell the host once."""
        first = row.channel_id not in self.refused_at
        self.refused_at[row.channel_id] = self.clock()
        if not first:
            return
        log.warning("channel %s refuses posts (%s): host told", row.channel_id, error.text)
        await self.dm(row.host_id, self._refusal(row))

    def _refusal(self, row: GameRow) -> str:
        channel = self.client.get_channel(row.channel_id)
        guild = self.client.get_guild(row.guild_id) if row.guild_id else None
        where = f"<#{row.channel_id}>" if channel is None else f"#{getattr(channel, 'name', '?')}"
        server = f" on **{names.shown(guild.name)}**" if guild else ""
        return (
            f"⚠️ I can't post in {where}{server}: I'm missing a permission there (View Channel,"
            f" Send Messages or Attach Files). Game #{row.id} goes on — players can still play"
            " from their DMs and **My hand** — but its table and turn pings can't be shown."
            " Once I have the permissions, the table comes back with the next move."
        )

    async def dm(self, user_id: int, text: str) -> bool:
        """Send one DM; False (logged) if it cannot be delivered."""
        try:
            channel = await self.client.http.start_private_message(user_id)  # type: ignore[arg-type]
            dm = self.client.get_partial_messageable(
                int(channel["id"]), type=discord.ChannelType.private
            )
            await dm.send(text, allowed_mentions=names.NO_PINGS)
        except discord.HTTPException as exc:
            log.warning("could not DM user %s: %s", user_id, exc.text)
            return False
        return True

    # ------------------------------------------------------------------ closed DMs
    async def dm_closed(self, row: GameRow, seat: SeatRow) -> None:
        """A player's DMs are closed: one notice in this channel, whatever the game."""
        assert seat.user_id is not None
        if not self.can_post(row.channel_id):
            return
        if await self.storage.dm_notice(row.channel_id, seat.user_id) is not None:
            return
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        try:
            message = await channel.send(
                f"📭 <@{seat.user_id}>, I can't send you direct messages, so your hand can't"
                " come by DM. Allow DMs from server members and press **My hand** (I'll try"
                " again then), or just use **My hand** on the table at any time.",
                allowed_mentions=names.pinging([seat.user_id]),
            )
        except discord.Forbidden as exc:
            await self.refused(row, exc)
            return
        await self.storage.add_dm_notice(row.channel_id, seat.user_id, message.id)

    async def dm_open(self, user_id: int) -> None:
        """A DM reached the player: their 📭 notices are out of date, in every channel."""
        for channel_id, message_id in await self.storage.take_dm_notices(user_id):
            channel = self.client.get_partial_messageable(channel_id)
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException as exc:
                log.info("could not delete DM notice %s: %s", message_id, exc.text)
