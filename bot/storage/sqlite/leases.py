"""The SQL of several processes sharing one database: alarms claimed with a lease, and the
tables a process owes (`lagging`).

A lease is a game's (`lease_owner`, `lease_until`): the process named there wakes the game
until then. SQLite has one writer at a time (`Connections.transaction`, BEGIN IMMEDIATE), so
a claim's check and write are one step and two processes never hold one game at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.rows import Alarm
from bot.storage.sqlite.connection import Connections

#: A game whose alarm may be woken: running, or an open lobby (its expiry).
WAKEABLE = "status IN ('running', 'lobby')"
#: A game whose table (or result) is not shown yet: the condition of the partial index
#: `games_lagging` (migration `_v10`), written the same so that SQLite reads through it.
LAGGING = "(status = 'running' AND shown_version < version) OR (status = 'finished' AND ping_due)"
#: Nobody else holds a live lease on the game (parameters: owner, now).
FREE = "(lease_owner IS NULL OR lease_owner = ? OR lease_until <= ?)"


class Leases(Connections):
    """`claim`, `claim_due`, `release` and `lagging` of `SqliteRepository`."""

    async def claim(self, game_id: int, owner: str, now: float, lease: float) -> bool:
        changed = await self._write(
            f"UPDATE games SET lease_owner = ?, lease_until = ? WHERE id = ? AND {WAKEABLE}"
            f" AND {FREE}",
            (owner, now + lease, game_id, owner, now),
        )
        return changed == 1

    async def claim_due(self, owner: str, now: float, lease: float, limit: int = 50) -> list[Alarm]:
        # Read first (no write, no lock) — the usual answer is "nothing due".
        due = "wake_at <= ? AND (lease_owner IS NULL OR lease_until <= ?)"
        cur = await self.reader.execute(
            f"SELECT 1 FROM games WHERE {due} AND {WAKEABLE} LIMIT 1", (now, now)
        )
        if await cur.fetchone() is None:
            return []
        async with self.transaction() as db:
            cur = await db.execute(
                f"SELECT id, wake_at FROM games WHERE {due} AND {WAKEABLE}"
                " ORDER BY wake_at LIMIT ?",
                (now, now, limit),
            )
            alarms = [(int(i), float(t)) for i, t in await cur.fetchall()]
            await db.executemany(
                "UPDATE games SET lease_owner = ?, lease_until = ? WHERE id = ?",
                [(owner, now + lease, game_id) for game_id, _ in alarms],
            )
        return alarms

    async def release(self, game_id: int, owner: str) -> None:
        await self._write(
            "UPDATE games SET lease_owner = NULL, lease_until = NULL"
            " WHERE id = ? AND lease_owner = ?",
            (game_id, owner),
        )

    async def lagging(self, shard_count: int, shard_ids: Sequence[int]) -> list[int]:
        ids = tuple(shard_ids)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        cur = await self.reader.execute(
            f"SELECT id FROM games WHERE ({LAGGING})"
            f" AND (COALESCE(guild_id, 0) >> 22) % ? IN ({marks})",
            (shard_count, *ids),
        )
        # Sorted here: ORDER BY id would have SQLite scan the table instead of the index.
        return sorted(int(i) for (i,) in await cur.fetchall())
