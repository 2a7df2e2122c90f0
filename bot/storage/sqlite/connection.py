"""SQLite connections: one for writes, shared by every game, and one for reads beside it.

Writes from different games would otherwise interleave inside each other's transactions, so
every write holds one lock, waiting at most QUEUE_TIMEOUT for it, and then at most
BUSY_TIMEOUT for SQLite's own lock. Reads use their own connection (WAL lets them run beside
a write), so they never wait behind a stuck write.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from typing import Any

import aiosqlite

from bot.storage.errors import Busy, StorageError
from bot.storage.url import sqlite_target

#: How long a write waits for SQLite's lock, and for the writes queued before it, in seconds.
#: A press whose commit waits is acknowledged at once (`bot.hub.LateAck`), so a queue of
#: writes in a burst of presses is late, not refused: only a write that cannot start within
#: these is given up ("busy, try again").
BUSY_TIMEOUT = 1.0
QUEUE_TIMEOUT = 2.5


def preflight(url: str) -> None:
    """Check, before anything else starts, that `url` (see `bot.storage.url`) is a database
    Tinsel can write.

    Raises StorageError with a sentence for the operator: a file that is not a database,
    a read-only database, or a file that cannot be opened at all.
    """
    path = sqlite_target(url)
    try:
        db = sqlite3.connect(path, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot open the database {url}: {exc}") from exc
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
        raise StorageError(f"cannot use the database {url}: {why}.") from exc
    finally:
        db.close()


def backup(url: str, target: str) -> None:
    """Copy the database at `url` into the file `target`: a consistent copy of every
    committed game, safe while the bot writes (SQLite's online backup, which reads the
    write-ahead log too). Raises StorageError saying why not."""
    path = sqlite_target(url)
    try:
        source = sqlite3.connect(path, uri=True, timeout=BUSY_TIMEOUT)
        try:
            copy = sqlite3.connect(target)
            try:
                source.backup(copy)
            finally:
                copy.close()
        finally:
            source.close()
    except sqlite3.Error as exc:
        raise StorageError(f"cannot copy the database {url} to {target}: {exc}") from exc


async def connect(path: str) -> aiosqlite.Connection:
    """A connection in autocommit mode (transactions are explicit) that waits BUSY_TIMEOUT
    for SQLite's lock; `path` is a file name or a `file:` URI."""
    db = await aiosqlite.connect(path, isolation_level=None, uri=True)
    await db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
    return db


class Connections:
    """The write connection `db` with its lock, and the read connection `reader`."""

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
        """The write connection inside BEGIN IMMEDIATE … COMMIT (ROLLBACK on any error)."""
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

    async def checkpoint(self) -> None:
        async with self._writing():
            await self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    async def close(self) -> None:
        if self.reader is not self.db:
            await self.reader.close()
        with contextlib.suppress(sqlite3.Error):  # the last connection: fold the log in
            await self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await self.db.close()
