"""A game's afterlife: the per-server records, the keepsake notes and the list of finished
games (`history`)."""

from __future__ import annotations

import time

from sqlalchemy import distinct, false, func, select, update

from bot.storage.rows import FinishedRow, NoteRow, PastGame, RecordRow
from bot.storage.sql.base import Base, same_guild
from bot.storage.sql.decode import finished_row, note_row
from bot.storage.sql.tables import games, notes, results


class Records(Base):
    async def records(
        self, guild_id: int | None, game: str | None = None, before: int | None = None
    ) -> list[RecordRow]:
        """The best human score per game type: highest first, then the earliest reached;
        with `before`, among the games finished before that one."""
        r, c, b = results.alias("r"), results.alias("c"), results.alias("b")
        players = select(func.count()).where(c.c.game_id == r.c.game_id).scalar_subquery()
        query = select(
            r.c.game,
            r.c.game_id,
            r.c.user_id,
            r.c.name,
            r.c.score,
            r.c.finished,
            players.label("players"),
        ).where(same_guild(r.c.guild_id, guild_id), r.c.user_id.isnot(None))
        query = query.where(r.c.abandoned == false())
        if game is not None:
            query = query.where(r.c.game == game)
        if before is not None:
            then = select(func.max(b.c.finished)).where(b.c.game_id == before).scalar_subquery()
            query = query.where(r.c.game_id != before, r.c.finished <= then)
        query = query.order_by(r.c.game, r.c.score.desc(), r.c.finished, r.c.game_id, r.c.seat)
        best: dict[str, RecordRow] = {}
        for row in await self._rows(query):
            if row.game not in best:
                best[row.game] = RecordRow(
                    str(row.game),
                    int(row.game_id),
                    int(row.user_id),
                    str(row.name),
                    int(row.score),
                    float(row.finished),
                    int(row.players),
                )
        return list(best.values())

    # ------------------------------------------------------------------ keepsake notes
    async def save_note(self, game_id: int, user_id: int, name: str, text: str) -> bool:
        """Keep a player's note on a finished game (replacing theirs; the message that shows
        it stays recorded). False if the game is not finished."""
        note = {
            "game_id": game_id,
            "user_id": user_id,
            "name": name,
            "text": text,
            "written": time.time(),
        }
        finished = select(games.c.id).where(games.c.id == game_id, games.c.status == "finished")
        async with self.db.transaction() as conn:
            if (await conn.execute(finished)).first() is None:
                return False
            await conn.execute(self._upsert(notes, note, replace=("name", "text", "written")))
        return True

    async def set_note_message(self, game_id: int, user_id: int, message_id: int) -> None:
        await self._write(
            update(notes)
            .where(notes.c.game_id == game_id, notes.c.user_id == user_id)
            .values(message_id=message_id)
        )

    async def notes(self, game_id: int) -> list[NoteRow]:
        query = (
            select(notes)
            .where(notes.c.game_id == game_id)
            .order_by(notes.c.written, notes.c.user_id)
        )
        return [note_row(r) for r in await self._rows(query)]

    async def newest_notes(self, guild_id: int | None, game: str, limit: int = 3) -> list[NoteRow]:
        query = (
            select(notes)
            .join(games, games.c.id == notes.c.game_id)
            .where(same_guild(games.c.guild_id, guild_id), games.c.game == game)
            .order_by(notes.c.written.desc(), notes.c.game_id.desc())
            .limit(limit)
        )
        return [note_row(r) for r in await self._rows(query)]

    async def history(
        self,
        guild_id: int | None,
        game: str | None = None,
        user_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> tuple[int, list[PastGame]]:
        """Read from the results (indexed by guild), whose rows a finished game always has."""
        where = [same_guild(results.c.guild_id, guild_id)]
        if game is not None:
            where.append(results.c.game == game)
        if user_id is not None:
            where.append(results.c.user_id == user_id)
        at = func.max(results.c.finished)
        count = select(func.count(distinct(results.c.game_id))).where(*where)
        page = (
            select(results.c.game_id, at.label("at"))
            .where(*where)
            .group_by(results.c.game_id)
            .order_by(at.desc(), results.c.game_id.desc())
            .limit(limit)
            .offset(offset)
        )
        async with self.db.reading() as conn:
            total = int((await conn.execute(count)).scalar_one())
            picked = [(int(r.game_id), float(r.at)) for r in await conn.execute(page)]
            if not picked:
                return total, []
            ids = [gid for gid, _ in picked]
            found = {r.id: r for r in await conn.execute(select(games).where(games.c.id.in_(ids)))}
            query = (
                select(results)
                .where(results.c.game_id.in_(ids))
                .order_by(results.c.game_id, results.c.seat)
            )
            seats: dict[int, list[FinishedRow]] = {}
            for r in await conn.execute(query):
                seats.setdefault(r.game_id, []).append(finished_row(r))
        return total, [
            PastGame(
                gid,
                str(found[gid].game),
                int(found[gid].channel_id),
                found[gid].table_message_id,
                at,
                tuple(seats[gid]),
            )
            for gid, at in picked
            if gid in found
        ]
