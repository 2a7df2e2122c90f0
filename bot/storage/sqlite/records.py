"""The SQL of a game's afterlife: the per-server records, the keepsake notes and the list of
finished games (`history`)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from bot.storage.rows import FinishedRow, NoteRow, PastGame, RecordRow
from bot.storage.sqlite.connection import Connections


class Records(Connections):
    """`records`, `save_note`, `notes`, `newest_notes` and `history` of `SqliteRepository`."""

    async def records(
        self, guild_id: int | None, game: str | None = None, before: int | None = None
    ) -> list[RecordRow]:
        """The best human score per game type: highest first, then the earliest reached;
        with `before`, among the games finished before that one."""
        cur = await self.reader.execute(
            "SELECT r.game, r.game_id, r.user_id, r.name, r.score, r.finished,"
            " (SELECT COUNT(*) FROM results c WHERE c.game_id = r.game_id) FROM results r"
            " WHERE r.guild_id IS ? AND (? IS NULL OR r.game = ?) AND r.user_id IS NOT NULL"
            " AND r.abandoned = 0 AND (? IS NULL OR (r.game_id != ? AND r.finished <="
            " (SELECT MAX(finished) FROM results b WHERE b.game_id = ?)))"
            " ORDER BY r.game, r.score DESC, r.finished, r.game_id, r.seat",
            (guild_id, game, game, before, before, before),
        )
        best: dict[str, RecordRow] = {}
        for key, gid, uid, name, score, finished, players in await cur.fetchall():
            if key not in best:
                best[key] = RecordRow(
                    str(key),
                    int(gid),
                    int(uid),
                    str(name),
                    int(score),
                    float(finished),
                    int(players),
                )
        return list(best.values())

    # ------------------------------------------------------------------ keepsake notes
    async def save_note(self, game_id: int, user_id: int, name: str, text: str) -> bool:
        """Keep a player's note on a finished game (replacing theirs). False if not finished."""
        changed = await self._write(
            "INSERT INTO notes (game_id, user_id, name, text, written)"
            " SELECT id, ?, ?, ?, ? FROM games WHERE id = ? AND status = 'finished'"
            " ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name,"
            " text = excluded.text, written = excluded.written",
            (user_id, name, text, time.time(), game_id),
        )
        return changed == 1

    async def set_note_message(self, game_id: int, user_id: int, message_id: int) -> None:
        await self._write(
            "UPDATE notes SET message_id = ? WHERE game_id = ? AND user_id = ?",
            (message_id, game_id, user_id),
        )

    async def notes(self, game_id: int) -> list[NoteRow]:
        cur = await self.reader.execute(
            "SELECT game_id, user_id, name, text, written, message_id FROM notes WHERE game_id = ?"
            " ORDER BY written, user_id",
            (game_id,),
        )
        return [_note(r) for r in await cur.fetchall()]

    async def newest_notes(self, guild_id: int | None, game: str, limit: int = 3) -> list[NoteRow]:
        cur = await self.reader.execute(
            "SELECT n.game_id, n.user_id, n.name, n.text, n.written, n.message_id FROM notes n"
            " JOIN games g ON g.id = n.game_id WHERE g.guild_id IS ? AND g.game = ?"
            " ORDER BY n.written DESC, n.game_id DESC LIMIT ?",
            (guild_id, game, limit),
        )
        return [_note(r) for r in await cur.fetchall()]

    async def history(
        self,
        guild_id: int | None,
        game: str | None = None,
        user_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> tuple[int, list[PastGame]]:
        """A guild's finished games (optionally of one type, with one player), newest first:
        how many, and `limit` of them from `offset`. Read from the results (indexed by guild),
        whose rows a finished game always has."""
        where = (
            "FROM results WHERE guild_id IS ? AND (? IS NULL OR game = ?)"
            " AND (? IS NULL OR user_id = ?)"
        )
        args = (guild_id, game, game, user_id, user_id)
        cur = await self.reader.execute(f"SELECT COUNT(DISTINCT game_id) {where}", args)
        (total,) = await cur.fetchone()  # type: ignore[misc]
        cur = await self.reader.execute(
            f"SELECT game_id, MAX(finished) {where} GROUP BY game_id"
            " ORDER BY MAX(finished) DESC, game_id DESC LIMIT ? OFFSET ?",
            (*args, limit, offset),
        )
        picked = [(int(gid), float(at)) for gid, at in await cur.fetchall()]
        if not picked:
            return int(total), []
        marks = ",".join("?" * len(picked))
        ids = [gid for gid, _ in picked]
        cur = await self.reader.execute(
            f"SELECT id, game, channel_id, table_message_id FROM games WHERE id IN ({marks})", ids
        )
        games = {int(r[0]): r for r in await cur.fetchall()}
        cur = await self.reader.execute(
            "SELECT game_id, user_id, name, rank, score, won, abandoned FROM results"
            f" WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            ids,
        )
        seats: dict[int, list[FinishedRow]] = {}
        for gid, uid, name, rank, score, won, abandoned in await cur.fetchall():
            seats.setdefault(gid, []).append((uid, name, rank, score, won, abandoned))
        return int(total), [
            PastGame(
                gid, str(games[gid][1]), int(games[gid][2]), games[gid][3], at, tuple(seats[gid])
            )
            for gid, at in picked
            if gid in games
        ]


def _note(r: Sequence[Any]) -> NoteRow:
    return NoteRow(int(r[0]), int(r[1]), str(r[2]), str(r[3]), float(r[4]), r[5])
