"""`SqliteRepository`: the `Repository` contract in SQL, on the connections of `Connections`.

A game row holds the engine state snapshot and a version (the number of actions applied);
`actions` is the replay log. `commit_action` is the one write a move makes: it bumps the
version only if it is still the one the caller saw, so two clicks on the same button can never
both apply. Nothing is answered on Discord before that transaction has committed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from typing import Any

import aiosqlite

from bot.storage.errors import Stale
from bot.storage.rows import Alarm, FinishedRow, GameRow, MoveRow, ResultRow, SeatRow
from bot.storage.sqlite.connection import connect
from bot.storage.sqlite.leases import Leases
from bot.storage.sqlite.leaving import Leaving
from bot.storage.sqlite.lobbies import Lobbies
from bot.storage.sqlite.records import Records
from bot.storage.sqlite.schema import GAME_COLUMNS, SEAT_COLUMNS, game_row, migrate, seat_row
from bot.storage.sqlite.standings import Standings
from bot.storage.url import sqlite_target


class SqliteRepository(Lobbies, Records, Leaving, Standings, Leases):
    """Tinsel's games in one SQLite file (WAL, foreign keys, numbered migrations)."""

    @classmethod
    async def open(cls, url: str) -> SqliteRepository:
        """Open (and migrate) the database at `url`: a file name, a `file:` URI or a
        `sqlite:///` URL (see `bot.storage.url`)."""
        path = sqlite_target(url)
        db = await connect(path)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        store = cls(db, db)
        await store.migrate()
        store.reader = await connect(path)
        return store

    async def migrate(self) -> None:
        await migrate(self)

    # ------------------------------------------------------------------ reading
    async def game(self, game_id: int) -> GameRow | None:
        cur = await self.reader.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        )
        row = await cur.fetchone()
        if row is None:
            return None
        g = game_row(row)
        g.seats = await self.seats(game_id)
        return g

    async def seats(self, game_id: int) -> list[SeatRow]:
        cur = await self.reader.execute(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [seat_row(r) for r in await cur.fetchall()]

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str], limit: int = 25
    ) -> list[GameRow]:
        """The newest `limit` games in a channel with one of `statuses`, oldest first."""
        statuses = tuple(statuses)
        marks = ",".join("?" * len(statuses))
        cur = await self.reader.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ({marks})"
            " ORDER BY id DESC LIMIT ?",
            (channel_id, *statuses, limit),
        )
        games = [game_row(r) for r in reversed(list(await cur.fetchall()))]
        if games:
            ids = [g.id for g in games]
            cur = await self.reader.execute(
                f"SELECT game_id, {SEAT_COLUMNS} FROM seats WHERE game_id IN"
                f" ({','.join('?' * len(ids))}) ORDER BY game_id, seat",
                ids,
            )
            by_game = {g.id: g for g in games}
            for r in await cur.fetchall():
                by_game[r[0]].seats.append(seat_row(r[1:]))
        return games

    async def games_of_user(
        self, user_id: int, statuses: Iterable[str], limit: int = 25
    ) -> list[GameRow]:
        """The newest `limit` games with one of `statuses` where `user_id` has a seat."""
        statuses = tuple(statuses)
        marks = ",".join("?" * len(statuses))
        cur = await self.db.execute(
            f"SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ?"
            f" AND g.status IN ({marks}) ORDER BY g.id DESC LIMIT ?",
            (user_id, *statuses, limit),
        )
        ids = [int(i) for (i,) in reversed(list(await cur.fetchall()))]
        return [g for i in ids if (g := await self.game(i)) is not None]

    async def alarms(self) -> list[Alarm]:
        """(game id, wake time) of every running game or open lobby with something
        scheduled: used at start-up."""
        cur = await self.reader.execute(
            "SELECT id, wake_at FROM games WHERE wake_at IS NOT NULL"
            " AND status IN ('running', 'lobby')"
        )
        return [(int(i), float(t)) for i, t in await cur.fetchall()]

    async def unshown(self) -> list[int]:
        """Games not fully shown: a running game whose table lags behind the database (or was
        never shown), that owes a ping, or where a player who can get DMs has no hand message
        yet; a finished game whose result was not announced yet."""
        cur = await self.reader.execute(
            "SELECT id FROM games WHERE (status = 'running' AND (shown_version < version"
            " OR ping_due OR EXISTS (SELECT 1 FROM seats WHERE game_id = games.id"
            " AND user_id IS NOT NULL AND dm_message_id IS NULL AND dm_failed = 0)))"
            " OR (status = 'finished' AND ping_due)"
        )
        return [int(i) for (i,) in await cur.fetchall()]

    async def actions(self, game_id: int) -> list[MoveRow]:
        """The game's moves in order: (seat, action id, typed text or None), as `replay`
        takes them."""
        cur = await self.reader.execute(
            "SELECT seat, action, text FROM actions WHERE game_id = ? ORDER BY version",
            (game_id,),
        )
        return [(int(s), str(a), None if t is None else str(t)) for s, a, t in await cur.fetchall()]

    async def timed_out(self, game_id: int) -> set[int]:
        cur = await self.reader.execute(
            "SELECT version FROM actions WHERE game_id = ? AND source = 'timeout'", (game_id,)
        )
        return {int(v) for (v,) in await cur.fetchall()}

    # ------------------------------------------------------------------ playing
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
        """Append one action (with its typed text, if any) and the resulting state, only if
        the game is still at `version`.

        `seat_updates` are (seat, timeouts in a row, replaced) to write in the same
        transaction; `result`, the seats' results when this action ends the game, is stored
        with it, so a game can never be over without its result. Raises `Stale` (and writes
        nothing) if another action got there first.
        """
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET version = version + 1, state = ?, wake_at = ?, deadline = ?,"
                " ping_due = MAX(ping_due, ?) WHERE id = ? AND version = ? AND status = 'running'",
                (json.dumps(state), wake_at, deadline, int(ping_due), game_id, version),
            )
            if cur.rowcount != 1:
                raise Stale()
            if result:
                await self._store_result(db, game_id, result)
            await db.execute(
                "INSERT INTO actions (game_id, version, seat, action, source, at, text)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, version + 1, seat, action, source, time.time(), text),
            )
            for s, timeouts, replaced in seat_updates:
                await db.execute(
                    "UPDATE seats SET timeouts = ?, replaced = ? WHERE game_id = ? AND seat = ?",
                    (timeouts, int(replaced), game_id, s),
                )

    async def set_schedule(
        self, game_id: int, wake_at: float | None, deadline: float | None
    ) -> None:
        await self._write(
            "UPDATE games SET wake_at = ?, deadline = ? WHERE id = ?", (wake_at, deadline, game_id)
        )

    async def set_seat_control(
        self, game_id: int, seat: int, timeouts: int, replaced: bool
    ) -> None:
        await self._write(
            "UPDATE seats SET timeouts = ?, replaced = ? WHERE game_id = ? AND seat = ?",
            (timeouts, int(replaced), game_id, seat),
        )

    async def set_seat_dm(
        self, game_id: int, seat: int, channel_id: int | None, message_id: int | None, failed: bool
    ) -> None:
        await self._write(
            "UPDATE seats SET dm_channel_id = ?, dm_message_id = ?, dm_failed = ?"
            " WHERE game_id = ? AND seat = ?",
            (channel_id, message_id, int(failed), game_id, seat),
        )

    async def set_shown(self, game_id: int, version: int) -> None:
        await self._write(
            "UPDATE games SET shown_version = MAX(shown_version, ?) WHERE id = ?",
            (version, game_id),
        )

    async def set_ping(self, game_id: int, message_id: int | None, due: bool = False) -> None:
        """Record the ping message shown now, and whether a ping is still owed."""
        await self._write(
            "UPDATE games SET ping_message_id = ?, ping_due = ? WHERE id = ?",
            (message_id, int(due), game_id),
        )

    async def _store_result(
        self, db: aiosqlite.Connection, game_id: int, rows: Sequence[ResultRow]
    ) -> None:
        """Mark a game finished and write its results (inside the caller's transaction)."""
        now = time.time()
        await db.execute(
            "UPDATE games SET status = 'finished', finished = ?, wake_at = NULL, deadline = NULL"
            " WHERE id = ?",
            (now, game_id),
        )
        await db.executemany(
            "INSERT INTO results (game_id, guild_id, game, seat, user_id, name, rank, score, won,"
            " abandoned, finished) SELECT id, guild_id, game, ?, ?, ?, ?, ?, ?, ?, ? FROM games"
            " WHERE id = ?",
            [(*row, now, game_id) for row in rows],
        )
        await self._keep_ratings(db, game_id, rows)

    async def abandon(self, game_id: int) -> bool:
        """End a running (or quarantined) game with no result. False if it had ended."""
        changed = await self._write(
            "UPDATE games SET status = 'abandoned', finished = ?, wake_at = NULL, deadline = NULL"
            " WHERE id = ? AND status IN ('running', 'quarantined')",
            (time.time(), game_id),
        )
        return changed == 1

    async def quarantine(self, game_id: int) -> bool:
        """Set aside a running game whose stored state cannot be loaded: it stops waking up
        and waits for `/abandon`. False if it was not running."""
        changed = await self._write(
            "UPDATE games SET status = 'quarantined', wake_at = NULL, deadline = NULL"
            " WHERE id = ? AND status = 'running'",
            (game_id,),
        )
        return changed == 1

    # ------------------------------------------------------------------ closed-DM notices
    async def dm_notice(self, channel_id: int, user_id: int) -> int | None:
        cur = await self.reader.execute(
            "SELECT message_id FROM dm_notices WHERE channel_id = ? AND user_id = ?",
            (channel_id, user_id),
        )
        row = await cur.fetchone()
        return int(row[0]) if row else None

    async def add_dm_notice(self, channel_id: int, user_id: int, message_id: int) -> None:
        await self._write(
            "INSERT OR REPLACE INTO dm_notices (channel_id, user_id, message_id) VALUES (?, ?, ?)",
            (channel_id, user_id, message_id),
        )

    async def take_dm_notices(self, user_id: int) -> list[tuple[int, int]]:
        """Remove and return a user's notices as (channel id, message id)."""
        cur = await self.reader.execute(
            "SELECT 1 FROM dm_notices WHERE user_id = ? LIMIT 1", (user_id,)
        )
        if await cur.fetchone() is None:  # the usual case: no write needed
            return []
        async with self.transaction() as db:
            cur = await db.execute(
                "SELECT channel_id, message_id FROM dm_notices WHERE user_id = ?", (user_id,)
            )
            notices = [(int(c), int(m)) for c, m in await cur.fetchall()]
            await db.execute("DELETE FROM dm_notices WHERE user_id = ?", (user_id,))
        return notices

    # ------------------------------------------------------------------ results
    async def finished_games(
        self, guild_id: int | None, game: str | None
    ) -> list[list[FinishedRow]]:
        """Every finished game in a guild (optionally one game type), oldest first, each as
        rows of (user id, name, rank, score, won, abandoned)."""
        query = (
            "SELECT game_id, user_id, name, rank, score, won, abandoned FROM results"
            " WHERE guild_id IS ? AND (? IS NULL OR game = ?) ORDER BY finished, game_id, seat"
        )
        cur = await self.reader.execute(query, (guild_id, game, game))
        games: dict[int, list[FinishedRow]] = {}
        for gid, uid, name, rank, score, won, abandoned in await cur.fetchall():
            games.setdefault(gid, []).append((uid, name, rank, score, won, abandoned))
        return list(games.values())
