"""Leases on games' alarms, so that each timer and computer move fires in one process only,
and the games whose table lags behind, by shard."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    and_,
    func,
    literal_column,
    or_,
    select,
    update,
)

from bot.storage.rows import Alarm
from bot.storage.sql.base import Base
from bot.storage.sql.tables import RUNNING, UNANNOUNCED, games

#: The games whose alarm a process may take: running ones and open lobbies (their expiry).
_ALARMED = games.c.status.in_(("running", "lobby"))


def _free(owner: str, now: float) -> ColumnElement[bool]:
    """Nobody but `owner` holds a live lease on the game."""
    return or_(
        games.c.lease_until.is_(None), games.c.lease_until <= now, games.c.lease_owner == owner
    )


class Leases(Base):
    async def claim(self, game_id: int, owner: str, now: float, lease: float) -> bool:
        """Take the game's alarm for `owner` until `now + lease` if the game is running (or an
        open lobby) and nobody else holds a live lease on it; True if `owner` holds it now
        (re-claiming one's own lease extends it)."""
        take = (
            update(games)
            .where(games.c.id == game_id, _ALARMED, _free(owner, now))
            .values(lease_owner=owner, lease_until=now + lease)
        )
        return await self._write(take) == 1

    async def claim_due(self, owner: str, now: float, lease: float, limit: int = 50) -> list[Alarm]:
        """Claim up to `limit` games whose alarm is due by `now` and whose lease is free or
        expired (not one `owner` holds still: it is waking them), oldest alarm first. Two
        owners calling at once never get the same game: PostgreSQL skips the rows another
        transaction has locked; SQLite has one writer at a time."""
        unheld = or_(games.c.lease_until.is_(None), games.c.lease_until <= now)
        due = (
            select(games.c.id, games.c.wake_at)
            .where(games.c.wake_at <= now, _ALARMED, unheld)
            .order_by(games.c.wake_at, games.c.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        async with self.db.transaction() as conn:
            alarms = [(int(r.id), float(r.wake_at)) for r in await conn.execute(due)]
            if alarms:
                await conn.execute(
                    update(games)
                    .where(games.c.id.in_([i for i, _ in alarms]))
                    .values(lease_owner=owner, lease_until=now + lease)
                )
        return alarms

    async def release(self, game_id: int, owner: str) -> None:
        """Drop `owner`'s lease on the game (nothing if someone else holds it)."""
        await self._write(
            update(games)
            .where(games.c.id == game_id, games.c.lease_owner == owner)
            .values(lease_owner=None, lease_until=None)
        )

    async def lagging(self, shard_count: int, shard_ids: Sequence[int]) -> list[tuple[int, int]]:
        """Running games whose table lags behind their version and finished games whose
        result is not announced yet, on the shards `shard_ids`: shard = (guild_id >> 22) %
        shard_count; a game outside any guild is on shard 0. As (id, version)."""
        if not shard_ids:
            return []
        guild = func.coalesce(games.c.guild_id, 0)
        shard = guild.op(">>", return_type=BigInteger)(literal_column("22")) % shard_count
        query = (
            select(games.c.id, games.c.version)
            .where(or_(and_(RUNNING, games.c.shown_version < games.c.version), UNANNOUNCED))
            .where(shard.in_(list(shard_ids)))
            .order_by(games.c.id)
        )
        return [(int(r.id), int(r.version)) for r in await self._rows(query)]
