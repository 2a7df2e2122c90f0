"""Playing a game: `commit_action`, the one write a move makes, and the small writes around
it (alarms, seats, what is shown), and ending a game without a result."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, exists, insert, select, true, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.errors import Stale
from bot.storage.rows import FinishedRow, ResultRow
from bot.storage.sql.base import same_guild
from bot.storage.sql.decode import finished_row
from bot.storage.sql.standings import Standings
from bot.storage.sql.tables import actions, games, results, seats

#: A seat's timeouts in a row and whether the computer plays it, for several seats at once.
_SEAT_CONTROL = (
    update(seats)
    .where(seats.c.game_id == bindparam("g"), seats.c.seat == bindparam("s"))
    .values(timeouts=bindparam("t"), replaced=bindparam("r"))
)


class Playing(Standings):
    async def commit_action(
        self,
        game_id: int,
        version: int,
        seat: int,
        action: str,
        source: str,
        state: dict[str, Any],
        wake_at: float | None,
        deadline: float | None,
        seat_updates: Sequence[tuple[int, int, bool]] = (),
        result: Sequence[ResultRow] = (),
        ping_due: bool = False,
        text: str | None = None,
    ) -> None:
        """One transaction: the version check and bump with the new state and alarm, the
        logged move, the seats' control and, at the end, the result; `Stale` and nothing
        written if another move got there first."""
        values: dict[str, Any] = {
            "version": games.c.version + 1,
            "state": json.dumps(state),
            "wake_at": wake_at,
            "deadline": deadline,
        }
        if ping_due:  # never cleared here
            values["ping_due"] = true()
        bump = (
            update(games)
            .where(games.c.id == game_id, games.c.version == version)
            .where(games.c.status == "running")
            .values(values)
        )
        move = {
            "game_id": game_id,
            "version": version + 1,
            "seat": seat,
            "action": action,
            "source": source,
            "at": time.time(),
            "text": text,
        }
        async with self.db.transaction(urgent=source == "user") as conn:
            if (await conn.execute(bump)).rowcount != 1:
                raise Stale()
            if result:
                await self._store_result(conn, game_id, result)
            await conn.execute(insert(actions), move)
            if seat_updates:
                await conn.execute(
                    _SEAT_CONTROL,
                    [{"g": game_id, "s": s, "t": t, "r": r} for s, t, r in seat_updates],
                )

    async def _store_result(
        self, conn: AsyncConnection, game_id: int, rows: Sequence[ResultRow]
    ) -> None:
        """Mark a game finished, write its results and keep its humans' standings (inside
        the caller's transaction)."""
        now = time.time()
        computer = exists().where(seats.c.game_id == games.c.id, seats.c.user_id.is_(None))
        query = select(
            games.c.guild_id, games.c.game, games.c.hints, games.c.computers_unrated, computer
        ).where(games.c.id == game_id)
        guild_id, game, hints, computers_unrated, with_computer = (await conn.execute(query)).one()
        await conn.execute(
            update(games)
            .where(games.c.id == game_id)
            .values(status="finished", finished=now, wake_at=None, deadline=None)
        )
        names = ("seat", "user_id", "name", "rank", "score", "won", "abandoned")
        await conn.execute(
            insert(results),
            [
                {"game_id": game_id, "guild_id": guild_id, "game": game, "finished": now}
                | dict(zip(names, row, strict=True))
                for row in rows
            ],
        )
        unrated = bool(hints) or (bool(computers_unrated) and bool(with_computer))
        await self._keep_ratings(conn, guild_id or 0, game, rows, rated=not unrated)

    async def set_schedule(
        self, game_id: int, wake_at: float | None, deadline: float | None
    ) -> None:
        await self._write(
            update(games).where(games.c.id == game_id).values(wake_at=wake_at, deadline=deadline)
        )

    async def set_seat_control(
        self, game_id: int, seat: int, timeouts: int, replaced: bool
    ) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                _SEAT_CONTROL, {"g": game_id, "s": seat, "t": timeouts, "r": replaced}
            )

    async def set_seat_dm(
        self, game_id: int, seat: int, channel_id: int | None, message_id: int | None, failed: bool
    ) -> None:
        await self._write(
            update(seats)
            .where(seats.c.game_id == game_id, seats.c.seat == seat)
            .values(dm_channel_id=channel_id, dm_message_id=message_id, dm_failed=failed)
        )

    async def set_shown(self, game_id: int, version: int) -> None:
        """Only ever grows: an older edit finishing late changes nothing."""
        await self._write(
            update(games)
            .where(games.c.id == game_id, games.c.shown_version < version)
            .values(shown_version=version)
        )

    async def set_ping(self, game_id: int, message_id: int | None, due: bool = False) -> None:
        await self._write(
            update(games)
            .where(games.c.id == game_id)
            .values(ping_message_id=message_id, ping_due=due)
        )

    async def abandon(self, game_id: int) -> bool:
        changed = await self._write(
            update(games)
            .where(games.c.id == game_id, games.c.status.in_(("running", "quarantined")))
            .values(status="abandoned", finished=time.time(), wake_at=None, deadline=None)
        )
        return changed == 1

    async def quarantine(self, game_id: int) -> bool:
        changed = await self._write(
            update(games)
            .where(games.c.id == game_id, games.c.status == "running")
            .values(status="quarantined", wake_at=None, deadline=None)
        )
        return changed == 1

    async def finished_games(
        self, guild_id: int | None, game: str | None
    ) -> list[list[FinishedRow]]:
        query = select(results).where(same_guild(results.c.guild_id, guild_id))
        if game is not None:
            query = query.where(results.c.game == game)
        query = query.order_by(results.c.finished, results.c.game_id, results.c.seat)
        found: dict[int, list[FinishedRow]] = {}
        for r in await self._rows(query):
            found.setdefault(r.game_id, []).append(finished_row(r))
        return list(found.values())
