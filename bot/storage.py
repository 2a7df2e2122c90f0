"""All SQL lives here. SQLite through aiosqlite: WAL, foreign keys, numbered migrations.

A game row holds the engine state snapshot and a version (the number of actions applied);
`actions` is the replay log. `commit_action` is the one write a move makes: it bumps the
version only if it is still the one the caller saw, so two clicks on the same button can never
both apply. Nothing is answered on Discord before that transaction has committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import aiosqlite


@dataclass(slots=True)
class SeatRow:
    seat: int
    user_id: int | None  # None for a computer
    name: str
    bot_level: str | None  # set for computers, and for humans handed to a computer
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    dm_failed: bool = False
    timeouts: int = 0  # timeouts in a row
    replaced: bool = False  # handed to a computer after too many timeouts

    @property
    def is_human(self) -> bool:
        return self.user_id is not None and not self.replaced

    @property
    def plays_itself(self) -> bool:
        """A computer makes this seat's decisions."""
        return self.user_id is None or self.replaced


@dataclass(slots=True)
class GameRow:
    id: int
    game: str
    status: str  # lobby | running | finished | abandoned | cancelled
    guild_id: int | None
    channel_id: int
    host_id: int
    options: dict[str, str]
    timer: int | None  # seconds per decision, None = off
    seed: int
    version: int
    state: dict[str, Any] | None
    table_message_id: int | None
    ping_message_id: int | None
    wake_at: float | None
    deadline: float | None
    created: float
    seats: list[SeatRow] = field(default_factory=list)
    #: The stored options or state could not be read (see `quarantine`).
    damaged: bool = False
    #: Someone became due to decide and has not been pinged yet (survives a restart).
    ping_due: bool = False


Migration = Callable[[aiosqlite.Connection], Awaitable[None]]


async def _script(db: aiosqlite.Connection, script: str) -> None:
    """Run DDL statements one by one (executescript would commit the open transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            await db.execute(statement)


async def _v1(db: aiosqlite.Connection) -> None:
    await _script(
        db,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            host_id INTEGER NOT NULL,
            options TEXT NOT NULL,
            timer INTEGER,
            seed INTEGER NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            state TEXT,
            table_message_id INTEGER,
            ping_message_id INTEGER,
            wake_at REAL,
            deadline REAL,
            shown_version INTEGER NOT NULL DEFAULT 0,
            created REAL NOT NULL,
            finished REAL
        );
        CREATE INDEX games_channel ON games (channel_id, status);
        CREATE INDEX games_wake ON games (wake_at) WHERE wake_at IS NOT NULL;
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            bot_level TEXT,
            dm_channel_id INTEGER,
            dm_message_id INTEGER,
            dm_failed INTEGER NOT NULL DEFAULT 0,
            timeouts INTEGER NOT NULL DEFAULT 0,
            replaced INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX seats_user ON seats (user_id);
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            source TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, version)
        );
        CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            guild_id INTEGER,
            game TEXT NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            rank INTEGER NOT NULL,
            score INTEGER NOT NULL,
            won INTEGER NOT NULL,
            abandoned INTEGER NOT NULL DEFAULT 0,
            finished REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX results_guild ON results (guild_id, game, finished);
        """,
    )


async def _v2(db: aiosqlite.Connection) -> None:
    await _script(
        db,
        """
        ALTER TABLE games ADD COLUMN ping_due INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE dm_notices (
            channel_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            PRIMARY KEY (channel_id, user_id)
        )
        """,
    )


async def _v3(db: aiosqlite.Connection) -> None:
    """A lobby opened by a finished game's Rematch button remembers that game."""
    await db.execute("ALTER TABLE games ADD COLUMN rematch_of INTEGER")


async def _v4(db: aiosqlite.Connection) -> None:
    """Typed text (a speech, a carol line) is part of its move, kept with it in the log."""
    await db.execute("ALTER TABLE actions ADD COLUMN text TEXT")


MIGRATIONS: Sequence[Migration] = (_v1, _v2, _v3, _v4)

#: How long a write waits for SQLite's lock, and for the writes queued before it, in seconds.
#: Together well inside Discord's 3 seconds to answer an interaction.
BUSY_TIMEOUT = 1.0
QUEUE_TIMEOUT = 0.5

_GAME_COLUMNS = (
    "id, game, status, guild_id, channel_id, host_id, options, timer, seed, version, state,"
    " table_message_id, ping_message_id, wake_at, deadline, created, ping_due"
)
_SEAT_COLUMNS = (
    "seat, user_id, name, bot_level, dm_channel_id, dm_message_id, dm_failed, timeouts, replaced"
)


#: One seat's result: (seat, user id or None, name, rank, score, won, abandoned).
ResultRow = tuple[int, int | None, str, int, int, bool, bool]


class Stale(Exception):
    """The game moved on since the caller read it: nothing was written."""


class Busy(sqlite3.OperationalError):
    """Earlier writes are still queued: this one gave up waiting, and wrote nothing."""

    sqlite_errorname = "SQLITE_BUSY"


class StorageError(Exception):
    """The database cannot be used at all; the message says why (see `preflight`)."""


def preflight(path: str) -> None:
    """Check, before anything else starts, that `path` is a database Tinsel can write.

    Raises StorageError with a sentence for the operator: a file that is not a database,
    a read-only database, or a file that cannot be opened at all.
    """
    try:
        db = sqlite3.connect(path, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot open the database {path}: {exc}") from exc
    try:
        (version,) = db.execute("PRAGMA user_version").fetchone()
        db.execute("BEGIN IMMEDIATE")
        db.execute(f"PRAGMA user_version = {int(version)}")  # a write that changes nothing
        db.execute("ROLLBACK")
    except sqlite3.Error as exc:
        name = getattr(exc, "sqlite_errorname", "")
        if name == "SQLITE_READONLY":
            why = "it is read-only; Tinsel needs to write to it (and to its folder)"
        elif name in ("SQLITE_NOTADB", "SQLITE_CORRUPT"):
            why = "the file is not a SQLite database, or it is damaged"
        else:
            why = str(exc)
        raise StorageError(f"cannot use the database {path}: {why}.") from exc
    finally:
        db.close()


class Storage:
    """A write connection, shared by every game, and a read connection beside it.

    Writes from different games would otherwise interleave inside each other's transactions,
    so every write holds `_lock`, waiting at most QUEUE_TIMEOUT for it. Reads use their own
    connection (WAL lets them run beside a write), so they never wait behind a stuck write.
    """

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.db = db
        self.reader = reader
        self._lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[None]:
        try:
            async with asyncio.timeout(QUEUE_TIMEOUT):
                await self._lock.acquire()
        except TimeoutError:
            raise Busy("earlier writes are still waiting for the database") from None
        try:
            yield
        finally:
            self._lock.release()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._writing():
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
                await self.db.execute("COMMIT")
            except BaseException:
                # Also when COMMIT itself failed (a full disk): never leave it open.
                with contextlib.suppress(sqlite3.Error):
                    await self.db.execute("ROLLBACK")
                raise

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement on its own (autocommit); returns the rows changed."""
        async with self._writing():
            cur = await self.db.execute(sql, params)
            return cur.rowcount

    @classmethod
    async def open(cls, path: str) -> Storage:
        """Open (and migrate) the database at `path`: a file name or a `file:` URI."""
        db = await cls._connect(path)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        store = cls(db, db)
        await store.migrate()
        store.reader = await cls._connect(path)
        return store

    @staticmethod
    async def _connect(path: str) -> aiosqlite.Connection:
        db = await aiosqlite.connect(path, isolation_level=None, uri=True)
        await db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
        return db

    async def close(self) -> None:
        if self.reader is not self.db:
            await self.reader.close()
        await self.db.close()

    async def migrate(self) -> None:
        (current,) = await (await self.db.execute("PRAGMA user_version")).fetchone()  # type: ignore[misc]
        for number, migration in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            async with self.transaction() as db:
                await migration(db)
                await db.execute(f"PRAGMA user_version={number}")

    # ------------------------------------------------------------------ reading
    async def game(self, game_id: int) -> GameRow | None:
        cur = await self.reader.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        )
        row = await cur.fetchone()
        if row is None:
            return None
        g = _game_row(row)
        g.seats = await self.seats(game_id)
        return g

    async def seats(self, game_id: int) -> list[SeatRow]:
        cur = await self.reader.execute(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_seat_row(r) for r in await cur.fetchall()]

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str], limit: int = 25
    ) -> list[GameRow]:
        """The newest `limit` games in a channel with one of `statuses`, oldest first."""
        statuses = tuple(statuses)
        marks = ",".join("?" * len(statuses))
        cur = await self.reader.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ({marks})"
            " ORDER BY id DESC LIMIT ?",
            (channel_id, *statuses, limit),
        )
        games = [_game_row(r) for r in reversed(await cur.fetchall())]
        if games:
            ids = [g.id for g in games]
            cur = await self.reader.execute(
                f"SELECT game_id, {_SEAT_COLUMNS} FROM seats WHERE game_id IN"
                f" ({','.join('?' * len(ids))}) ORDER BY game_id, seat",
                ids,
            )
            by_game = {g.id: g for g in games}
            for r in await cur.fetchall():
                by_game[r[0]].seats.append(_seat_row(r[1:]))
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
        ids = [int(i) for (i,) in reversed(await cur.fetchall())]
        return [g for i in ids if (g := await self.game(i)) is not None]

    async def alarms(self) -> list[tuple[int, float]]:
        """(game id, wake time) of every game with something scheduled: used at start-up."""
        cur = await self.reader.execute(
            "SELECT id, wake_at FROM games WHERE wake_at IS NOT NULL AND status = 'running'"
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

    async def actions(self, game_id: int) -> list[tuple[int, str, str | None]]:
        """The game's moves in order: (seat, action id, typed text or None), as `replay`
        takes them."""
        cur = await self.reader.execute(
            "SELECT seat, action, text FROM actions WHERE game_id = ? ORDER BY version",
            (game_id,),
        )
        return [(int(s), str(a), None if t is None else str(t)) for s, a, t in await cur.fetchall()]

    # ------------------------------------------------------------------ lobby
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
    ) -> int:
        """A new lobby with its host in seat 0, then the `computers` (name, level) given."""
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO games (game, status, guild_id, channel_id, host_id, options, timer,"
                " seed, created, rematch_of) VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
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
        """Write a lobby's options, timer and seats (seat numbers are re-packed 0..n-1)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET options = ?, timer = ?, table_message_id = ? WHERE id = ?"
                " AND status = 'lobby'",
                (json.dumps(game.options), game.timer, game.table_message_id, game.id),
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

    async def close_lobby(self, game_id: int) -> bool:
        changed = await self._write(
            "UPDATE games SET status = 'cancelled', finished = ? WHERE id = ? AND status = 'lobby'",
            (time.time(), game_id),
        )
        return changed == 1

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
    ) -> list[list[tuple[int | None, str, int, int, int, int]]]:
        """Every finished game in a guild (optionally one game type), oldest first, each as
        rows of (user id, name, rank, score, won, abandoned)."""
        query = (
            "SELECT game_id, user_id, name, rank, score, won, abandoned FROM results"
            " WHERE guild_id IS ? AND (? IS NULL OR game = ?) ORDER BY finished, game_id, seat"
        )
        cur = await self.reader.execute(query, (guild_id, game, game))
        games: dict[int, list[tuple[int | None, str, int, int, int, int]]] = {}
        for gid, uid, name, rank, score, won, abandoned in await cur.fetchall():
            games.setdefault(gid, []).append((uid, name, rank, score, won, abandoned))
        return list(games.values())


def _game_row(r: Sequence[Any]) -> GameRow:
    damaged = False
    try:
        options = json.loads(r[6])
        state = json.loads(r[10]) if r[10] else None
        if not isinstance(options, dict) or not isinstance(state, dict | None):
            raise TypeError("not an object")
    except (ValueError, TypeError):
        options, state, damaged = {}, None, True
    return GameRow(
        damaged=damaged,
        id=r[0],
        game=r[1],
        status=r[2],
        guild_id=r[3],
        channel_id=r[4],
        host_id=r[5],
        options=options,
        timer=r[7],
        seed=r[8],
        version=r[9],
        state=state,
        table_message_id=r[11],
        ping_message_id=r[12],
        wake_at=r[13],
        deadline=r[14],
        created=r[15],
        ping_due=bool(r[16]),
    )


def _seat_row(r: Sequence[Any]) -> SeatRow:
    return SeatRow(
        seat=r[0],
        user_id=r[1],
        name=r[2],
        bot_level=r[3],
        dm_channel_id=r[4],
        dm_message_id=r[5],
        dm_failed=bool(r[6]),
        timeouts=r[7],
        replaced=bool(r[8]),
    )
