"""The SQL of kept ratings (`bot.ratings`) and of each server's settings."""

from __future__ import annotations

import json
from collections.abc import Sequence

import aiosqlite

from bot import ratings
from bot.storage.rows import GuildSettings, ResultRow
from bot.storage.sqlite.connection import Connections
from bot.storage.sqlite.schema import RATING_COLUMNS, rating_values, standing

#: The columns `standing` reads.
STANDING_COLUMNS = "user_id, name, mu, sigma, games, wins, places, rated_games, best"


class Standings(Connections):
    """`standings`, `player_standings`, `guild_settings` and `save_guild_settings` of
    `SqliteRepository`, and the rating update its `commit_action` makes at a game's end."""

    async def _keep_ratings(
        self, db: aiosqlite.Connection, game_id: int, rows: Sequence[ResultRow]
    ) -> None:
        """Apply a finished game to its server's standings, for its game type and for all
        games (inside the caller's transaction, the one that stores the result)."""
        cur = await db.execute(
            "SELECT COALESCE(guild_id, 0), game, hints OR (computers_unrated AND EXISTS (SELECT 1"
            " FROM seats WHERE game_id = games.id AND user_id IS NULL)) FROM games WHERE id = ?",
            (game_id,),
        )
        found = await cur.fetchone()
        assert found is not None
        guild_id, game, unrated = found
        seats = [row[1:] for row in sorted(rows)]
        users = [r[0] for r in seats if r[0] is not None]
        marks = ",".join("?" * len(users))
        for key in (str(game), ratings.ALL):
            cur = await db.execute(
                f"SELECT {STANDING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ?"
                f" AND user_id IN ({marks})",
                (guild_id, key, *users),
            )
            kept = {int(r[0]): standing(r) for r in await cur.fetchall()}
            await db.executemany(
                f"INSERT OR REPLACE INTO ratings ({RATING_COLUMNS}) VALUES ({','.join('?' * 11)})",
                [
                    rating_values(guild_id, key, st)
                    for st in ratings.play(kept, seats, rated=not unrated)
                ],
            )

    async def standings(self, guild_id: int | None, game: str | None) -> list[ratings.Standing]:
        cur = await self.reader.execute(
            f"SELECT {STANDING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ?",
            (guild_id or 0, game or ratings.ALL),
        )
        return [standing(r) for r in await cur.fetchall()]

    async def player_standings(
        self, guild_id: int | None, user_id: int
    ) -> dict[str, ratings.Standing]:
        cur = await self.reader.execute(
            f"SELECT game, {STANDING_COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ?",
            (guild_id or 0, user_id),
        )
        return {str(r[0]): standing(r[1:]) for r in await cur.fetchall()}

    # ------------------------------------------------------------------ server settings
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        cur = await self.reader.execute(
            "SELECT timer, lobby_expiry, play_channels, computers_rated FROM guild_settings"
            " WHERE guild_id = ?",
            (guild_id,),
        )
        row = await cur.fetchone()
        if row is None:
            return GuildSettings(guild_id)
        timer, expiry, channels, computers_rated = row
        return GuildSettings(
            guild_id, timer, int(expiry), tuple(json.loads(channels)), bool(computers_rated)
        )

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        await self._write(
            "INSERT OR REPLACE INTO guild_settings (guild_id, timer, lobby_expiry, play_channels,"
            " computers_rated) VALUES (?, ?, ?, ?, ?)",
            (
                settings.guild_id,
                settings.timer,
                settings.lobby_expiry,
                json.dumps(list(settings.play_channels)),
                int(settings.computers_rated),
            ),
        )
