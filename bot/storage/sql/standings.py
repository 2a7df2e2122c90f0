"""Kept ratings (`bot.ratings`) and each server's settings."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot import ratings as rating
from bot.storage.rows import GuildSettings, ResultRow
from bot.storage.sql.base import Base
from bot.storage.sql.decode import rating_values, standing
from bot.storage.sql.tables import guild_settings, ratings


class Standings(Base):
    async def _keep_ratings(
        self,
        conn: AsyncConnection,
        guild_id: int,
        game: str,
        rows: Sequence[ResultRow],
        rated: bool,
    ) -> None:
        """Apply a finished game to its server's standings, for its game type and for all
        games (inside the caller's transaction, the one that stores the result)."""
        seats = [row[1:] for row in sorted(rows)]
        users = [r[0] for r in seats if r[0] is not None]
        for key in (game, rating.ALL):
            query = select(ratings).where(
                ratings.c.guild_id == guild_id, ratings.c.game == key, ratings.c.user_id.in_(users)
            )
            kept = {int(r.user_id): standing(r) for r in await conn.execute(query)}
            new = [rating_values(guild_id, key, st) for st in rating.play(kept, seats, rated=rated)]
            if new:
                await conn.execute(self._upsert(ratings), new)

    async def standings(self, guild_id: int | None, game: str | None) -> list[rating.Standing]:
        query = select(ratings).where(
            ratings.c.guild_id == (guild_id or 0), ratings.c.game == (game or rating.ALL)
        )
        return [standing(r) for r in await self._rows(query)]

    async def player_standings(
        self, guild_id: int | None, user_id: int
    ) -> dict[str, rating.Standing]:
        query = select(ratings).where(
            ratings.c.guild_id == (guild_id or 0), ratings.c.user_id == user_id
        )
        return {str(r.game): standing(r) for r in await self._rows(query)}

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        query = select(guild_settings).where(guild_settings.c.guild_id == guild_id)
        rows = await self._rows(query)
        if not rows:
            return GuildSettings(guild_id)
        r = rows[0]
        return GuildSettings(
            guild_id,
            r.timer,
            int(r.lobby_expiry),
            tuple(json.loads(r.play_channels)),
            bool(r.computers_rated),
        )

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        values = {
            "guild_id": settings.guild_id,
            "timer": settings.timer,
            "lobby_expiry": settings.lobby_expiry,
            "play_channels": json.dumps(list(settings.play_channels)),
            "computers_rated": settings.computers_rated,
        }
        await self._write(self._upsert(guild_settings, values))
