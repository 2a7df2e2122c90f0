"""A player resigning a running game, and the closed-DM notices."""

from __future__ import annotations

import time

from sqlalchemy import delete, exists, false, select, update

from bot.storage.sql.base import Base
from bot.storage.sql.tables import dm_notices, games, seats


class Leaving(Base):
    async def resign(
        self,
        game_id: int,
        seat: int,
        wake_at: float | None,
        deadline: float | None,
        abandon: bool = False,
    ) -> bool:
        """Hand a human seat to the computer for good, with the game's next alarm; with
        `abandon` the game ends instead (no human plays on)."""
        running = exists().where(games.c.id == game_id, games.c.status == "running")
        hand_over = (
            update(seats)
            .where(seats.c.game_id == game_id, seats.c.seat == seat)
            .where(seats.c.user_id.isnot(None), seats.c.resigned == false(), running)
            .values(replaced=True, resigned=True, timeouts=0)
        )
        then: dict[str, object] = {"wake_at": wake_at, "deadline": deadline}
        if abandon:
            then = {
                "status": "abandoned",
                "finished": time.time(),
                "wake_at": None,
                "deadline": None,
            }
        async with self.db.transaction() as conn:
            if (await conn.execute(hand_over)).rowcount != 1:
                return False
            await conn.execute(update(games).where(games.c.id == game_id).values(then))
        return True

    # ------------------------------------------------------------------ closed-DM notices
    async def dm_notice(self, channel_id: int, user_id: int) -> int | None:
        query = select(dm_notices.c.message_id).where(
            dm_notices.c.channel_id == channel_id, dm_notices.c.user_id == user_id
        )
        rows = await self._rows(query)
        return int(rows[0].message_id) if rows else None

    async def add_dm_notice(self, channel_id: int, user_id: int, message_id: int) -> None:
        values = {"channel_id": channel_id, "user_id": user_id, "message_id": message_id}
        await self._write(self._upsert(dm_notices, values))

    async def take_dm_notices(self, user_id: int) -> list[tuple[int, int]]:
        """Remove and return a user's notices as (channel id, message id), in one step."""
        if not await self._rows(
            select(dm_notices.c.user_id).where(dm_notices.c.user_id == user_id).limit(1)
        ):
            return []  # the usual case: no write needed
        take = (
            delete(dm_notices)
            .where(dm_notices.c.user_id == user_id)
            .returning(dm_notices.c.channel_id, dm_notices.c.message_id)
        )
        async with self.db.transaction() as conn:
            return [(int(c), int(m)) for c, m in await conn.execute(take)]
