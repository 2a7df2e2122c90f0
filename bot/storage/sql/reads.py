"""Reading games: one game with its seats, the games of a channel or a player, the alarms and
the games a restart must show again, and a game's move log."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import exists, false, or_, select, true, union_all
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.rows import Alarm, GameRow, MoveRow, SeatRow
from bot.storage.sql.base import Base
from bot.storage.sql.decode import game_row, seat_row
from bot.storage.sql.tables import RUNNING, UNANNOUNCED, actions, games, seats

#: Human seats still owed a hand message (`unshown`).
_NO_HAND_YET = (
    exists()
    .where(seats.c.game_id == games.c.id)
    .where(seats.c.user_id.isnot(None), seats.c.dm_message_id.is_(None))
    .where(seats.c.dm_failed == false())
)


async def load(conn: AsyncConnection, ids: Sequence[int]) -> list[GameRow]:
    """The games `ids` (those that exist), in that order, each with its seats."""
    if not ids:
        return []
    found = {
        r.id: game_row(r) for r in await conn.execute(select(games).where(games.c.id.in_(ids)))
    }
    query = select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat)
    for r in await conn.execute(query):
        found[r.game_id].seats.append(seat_row(r))
    return [found[i] for i in ids if i in found]


class Reads(Base):
    async def game(self, game_id: int) -> GameRow | None:
        async with self.db.reading() as conn:
            row = (await conn.execute(select(games).where(games.c.id == game_id))).first()
            if row is None:
                return None
            game = game_row(row)
            game.seats = await self._seats(conn, game_id)
        return game

    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.db.reading() as conn:
            return await self._seats(conn, game_id)

    @staticmethod
    async def _seats(conn: AsyncConnection, game_id: int) -> list[SeatRow]:
        query = select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
        return [seat_row(r) for r in await conn.execute(query)]

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str], limit: int = 25
    ) -> list[GameRow]:
        query = (
            select(games.c.id)
            .where(games.c.channel_id == channel_id, games.c.status.in_(tuple(statuses)))
            .order_by(games.c.id.desc())
            .limit(limit)
        )
        async with self.db.reading() as conn:
            ids = list((await conn.scalars(query)).all())
            return await load(conn, ids[::-1])

    async def games_of_user(
        self, user_id: int, statuses: Iterable[str], limit: int = 25
    ) -> list[GameRow]:
        query = (
            select(games.c.id)
            .join(seats, seats.c.game_id == games.c.id)
            .where(seats.c.user_id == user_id, games.c.status.in_(tuple(statuses)))
            .order_by(games.c.id.desc())
            .limit(limit)
        )
        async with self.db.reading() as conn:
            ids = list(dict.fromkeys((await conn.scalars(query)).all()))
            return await load(conn, ids[::-1])

    async def alarms(self) -> list[Alarm]:
        query = select(games.c.id, games.c.wake_at).where(
            games.c.wake_at.isnot(None), games.c.status.in_(("running", "lobby"))
        )
        return [(int(r.id), float(r.wake_at)) for r in await self._rows(query)]

    async def unshown(self) -> list[int]:
        """Two small reads, each from its index: the running games, the unannounced ones."""
        behind = or_(
            games.c.shown_version < games.c.version, games.c.ping_due == true(), _NO_HAND_YET
        )
        query = union_all(
            select(games.c.id).where(RUNNING, behind),
            select(games.c.id).where(UNANNOUNCED),
        )
        return sorted(int(r.id) for r in await self._rows(query))

    async def actions(self, game_id: int) -> list[MoveRow]:
        query = (
            select(actions.c.seat, actions.c.action, actions.c.text)
            .where(actions.c.game_id == game_id)
            .order_by(actions.c.version)
        )
        return [(int(r.seat), str(r.action), r.text) for r in await self._rows(query)]

    async def timed_out(self, game_id: int) -> set[int]:
        query = select(actions.c.version).where(
            actions.c.game_id == game_id, actions.c.source == "timeout"
        )
        return {int(r.version) for r in await self._rows(query)}

    async def rematch(self, game_id: int) -> tuple[int, str] | None:
        query = (
            select(games.c.id, games.c.status)
            .where(games.c.rematch_of == game_id)
            .order_by(games.c.id.desc())
            .limit(1)
        )
        rows = await self._rows(query)
        return (int(rows[0].id), str(rows[0].status)) if rows else None
