"""The SQL of leaving: a lobby closed (cancelled, emptied or expired) and a player resigning
a running game."""

from __future__ import annotations

import time

from bot.storage.sqlite.connection import Connections


class Leaving(Connections):
    """`close_lobby` and `resign` of `SqliteRepository`."""

    async def close_lobby(self, game_id: int) -> bool:
        changed = await self._write(
            "UPDATE games SET status = 'cancelled', finished = ?, wake_at = NULL"
            " WHERE id = ? AND status = 'lobby'",
            (time.time(), game_id),
        )
        return changed == 1

    async def resign(
        self,
        game_id: int,
        seat: int,
        wake_at: float | None,
        deadline: float | None,
        abandon: bool = False,
    ) -> bool:
        """Hand a human seat to the computer for good, with the game's next alarm; with
        `abandon` the game ends instead (no human plays on). False (nothing written) if the
        game is not running or the seat has resigned already."""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE seats SET replaced = 1, resigned = 1, timeouts = 0 WHERE game_id = ?"
                " AND seat = ? AND user_id IS NOT NULL AND resigned = 0 AND EXISTS (SELECT 1"
                " FROM games WHERE id = ? AND status = 'running')",
                (game_id, seat, game_id),
            )
            if cur.rowcount != 1:
                return False
            if abandon:
                await db.execute(
                    "UPDATE games SET status = 'abandoned', finished = ?, wake_at = NULL,"
                    " deadline = NULL WHERE id = ?",
                    (time.time(), game_id),
                )
            else:
                await db.execute(
                    "UPDATE games SET wake_at = ?, deadline = ? WHERE id = ?",
                    (wake_at, deadline, game_id),
                )
        return True
