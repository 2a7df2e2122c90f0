"""The SQL of lobbies: one opened (with its computers), saved, started, and found again as
a rematch."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from bot.storage.rows import GameRow
from bot.storage.sqlite.connection import Connections


class Lobbies(Connections):
    """`create_lobby`, `rematch`, `save_lobby`, `set_message` and `start` of
    `SqliteRepository`."""

    async def create_lobby(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, str],
        timer: int | None,
        seed: int,
        rematch_of: int | None = None,
        computers: Sequence[tuple[str, str]] = (),
        expires: float | None = None,
        computers_unrated: bool = False,
        hints: bool = False,
        learn: bool = False,
    ) -> int:
        """A new lobby with its host in seat 0, then the `computers` (name, level) given, and
        its alarm at `expires`."""
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO games (game, status, guild_id, channel_id, host_id, options, timer,"
                " seed, created, rematch_of, wake_at, computers_unrated, hints, learn)"
                " VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    guild_id,
                    channel_id,
                    host_id,
                    json.dumps(options),
                    timer,
                    seed,
                    time.time(),
                    rematch_of,
                    expires,
                    int(computers_unrated),
                    int(hints),
                    int(learn),
                ),
            )
            game_id = int(cur.lastrowid)  # type: ignore[arg-type]
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, host_id, host_name),
            )
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, bot_level)"
                " VALUES (?, ?, NULL, ?, ?)",
                [(game_id, i, name, level) for i, (name, level) in enumerate(computers, start=1)],
            )
        return game_id

    async def rematch(self, game_id: int) -> tuple[int, str] | None:
        """(id, status) of the newest lobby opened as a rematch of `game_id`, if any."""
        cur = await self.db.execute(
            "SELECT id, status FROM games WHERE rematch_of = ? ORDER BY id DESC LIMIT 1",
            (game_id,),
        )
        row = await cur.fetchone()
        return (int(row[0]), str(row[1])) if row else None

    async def save_lobby(self, game: GameRow) -> None:
        """Write a lobby's host, options, timer and seats (seat numbers are re-packed
        0..n-1)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET host_id = ?, options = ?, timer = ?, table_message_id = ?,"
                " hints = ? WHERE id = ? AND status = 'lobby'",
                (
                    game.host_id,
                    json.dumps(game.options),
                    game.timer,
                    game.table_message_id,
                    int(game.hints),
                    game.id,
                ),
            )
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game.id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, bot_level)"
                " VALUES (?, ?, ?, ?, ?)",
                [(game.id, i, s.user_id, s.name, s.bot_level) for i, s in enumerate(game.seats)],
            )

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._write(
            "UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id)
        )

    async def start(
        self, game: GameRow, state: dict[str, Any], wake_at: float | None, deadline: float | None
    ) -> bool:
        """Lobby → running, with its first alarm; marked as not shown yet and owing its first
        ping, so a restart shows it. False if the lobby was already started or closed."""
        changed = await self._write(
            "UPDATE games SET status = 'running', state = ?, version = 0, wake_at = ?,"
            " deadline = ?, shown_version = -1, ping_due = 1 WHERE id = ? AND status = 'lobby'",
            (json.dumps(state), wake_at, deadline, game.id),
        )
        return changed == 1
