"""Connections to one database, SQLite or PostgreSQL, and the transactions on them.

Every repository method is one `transaction()` (a write), one `reading()` (a consistent
read) or one `statement()` (a single statement, which needs no transaction around it). All
turn the driver's failures into `DatabaseError`s and a wait that runs out into `Busy`,
within the same bounds on both databases:

- SQLite has one writer at a time. Writes from different games would otherwise interleave
  inside each other's transactions, so every write holds `write_lock` (a player's move ahead
  of bookkeeping, `bot.urgent_first`), waiting at most QUEUE_TIMEOUT for it, and then at most
  BUSY_TIMEOUT for SQLite's own lock (another process). Reads use their own connections
  (WAL lets them run beside a write).
- PostgreSQL has a pool of connections: a write waits at most QUEUE_TIMEOUT for one, and at
  most BUSY_TIMEOUT for a row lock (`lock_timeout`).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import aiosqlite
from sqlalchemy import event, exc
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import AsyncAdaptedQueuePool
from sqlalchemy.util import await_only as await_

from bot.storage.errors import Busy, database_error
from bot.urgent_first import UrgentFirst

#: How long a write waits for the database's lock, and for the writes queued before it, in
#: seconds. A press whose commit waits is acknowledged at once (`bot.hub.LateAck`), so a queue
#: of writes in a burst of presses is late, not refused: only a write that cannot start within
#: these is given up ("busy, try again").
BUSY_TIMEOUT = 1.0
QUEUE_TIMEOUT = 2.5

#: Connections a PostgreSQL pool keeps, and how many more it may open in a burst.
POOL_SIZE = 10
POOL_OVERFLOW = 10
#: A pooled PostgreSQL connection unused for this many seconds is asked whether it is still
#: alive before it is used again (see `Database.postgres`).
IDLE_PING = 10.0


@contextlib.contextmanager
def translated() -> Iterator[None]:
    """Raise the driver's failures as `DatabaseError`s (`Busy` for a wait that ran out)."""
    try:
        yield
    except exc.TimeoutError:  # no pooled connection came free in time
        raise Busy("earlier writes are still waiting for the database") from None
    except exc.DBAPIError as error:
        raise database_error(error.orig) from error
    except (sqlite3.Error, OSError) as error:  # from a driver, before SQLAlchemy saw it
        raise database_error(error) from error


class Database:
    """The engines of one database: `writer` for transactions that write, `reader` for
    reads (the same pool on PostgreSQL)."""

    def __init__(self, writer: AsyncEngine, reader: AsyncEngine) -> None:
        self.writer = writer
        self.reader = reader
        self.sqlite = writer.dialect.name == "sqlite"
        #: For one statement on its own (`statement`, PostgreSQL only): run without BEGIN and
        #: COMMIT, two round trips fewer; one statement is atomic and one snapshot by itself.
        self.autocommit = (
            writer if self.sqlite else writer.execution_options(isolation_level="AUTOCOMMIT")
        )
        #: SQLite's one writer at a time (see the module docstring); unused on PostgreSQL.
        self.write_lock = UrgentFirst()

    @classmethod
    def sqlite_file(cls, path: str) -> Database:
        """The SQLite file (or `file:` URI) `path`: one connection that writes, and a small
        pool that reads."""

        def engine(pool: int, begin: str | None) -> AsyncEngine:
            made = create_async_engine(
                "sqlite+aiosqlite://",
                async_creator=lambda: aiosqlite.connect(path, uri=True, isolation_level=None),
                poolclass=AsyncAdaptedQueuePool,
                pool_size=pool,
                max_overflow=0,
                pool_timeout=QUEUE_TIMEOUT,
                # Every write ends in COMMIT or ROLLBACK; a read opens no transaction.
                pool_reset_on_return=None,
            )

            @event.listens_for(made.sync_engine, "connect")
            def _pragmas(dbapi: Any, _record: Any) -> None:
                driver: aiosqlite.Connection = dbapi.driver_connection
                for pragma in (
                    "PRAGMA journal_mode=WAL",
                    f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}",
                    "PRAGMA foreign_keys=ON",
                    "PRAGMA synchronous=NORMAL",
                ):
                    await_(driver.execute(pragma))

            @event.listens_for(made.sync_engine, "begin")
            def _begin(conn: Connection) -> None:
                # The driver is in autocommit mode: a transaction is the BEGIN said here.
                # Reads run without one (each statement sees a committed state, as in WAL).
                if begin is not None:
                    driver = conn.connection.driver_connection
                    await_(driver.execute(begin))  # type: ignore[union-attr]

            return made

        # A write takes SQLite's write lock at BEGIN, so it waits (BUSY_TIMEOUT) before it
        # reads anything rather than failing halfway.
        return cls(engine(1, "BEGIN IMMEDIATE"), engine(4, None))

    @classmethod
    def postgres(cls, url: str) -> Database:
        """The PostgreSQL database at `url` (``postgresql+asyncpg://…``).

        A connection that sat unused in the pool for IDLE_PING seconds is pinged before use
        and replaced if the server dropped it (a restart, an idle timeout). Pinging every
        checkout (`pool_pre_ping`) costs three round trips per statement under load, for
        connections that were used a moment ago."""
        writer = create_async_engine(
            url,
            pool_size=POOL_SIZE,
            max_overflow=POOL_OVERFLOW,
            pool_timeout=QUEUE_TIMEOUT,
            connect_args={
                "timeout": QUEUE_TIMEOUT,
                "server_settings": {
                    "lock_timeout": str(int(BUSY_TIMEOUT * 1000)),
                    "application_name": "tinsel",
                },
            },
        )

        @event.listens_for(writer.sync_engine, "checkin")
        def _idle(_dbapi: Any, record: Any) -> None:
            record.info["idle_since"] = time.monotonic()

        @event.listens_for(writer.sync_engine, "checkout")
        def _alive(dbapi: Any, record: Any, _proxy: Any) -> None:
            if time.monotonic() - record.info.get("idle_since", math.inf) < IDLE_PING:
                return
            try:
                dbapi.ping()
            except Exception as error:  # the pool drops it and checks out another
                raise exc.DisconnectionError() from error

        # Reads see one snapshot: a game and its seats as one commit left them.
        return cls(writer, writer.execution_options(isolation_level="REPEATABLE READ"))

    @contextlib.asynccontextmanager
    async def transaction(self, urgent: bool = False) -> AsyncIterator[AsyncConnection]:
        """A connection inside one transaction that commits when the block ends (and rolls
        back, writing nothing, on any error). An `urgent` write (a move a player waits for)
        goes ahead of the other writes queued on SQLite (`bot.urgent_first`)."""
        with translated():
            async with self._queued(urgent), self.writer.begin() as conn:
                yield conn

    @contextlib.asynccontextmanager
    async def statement(self, writes: bool) -> AsyncIterator[AsyncConnection]:
        """A connection for one statement, atomic and one snapshot by itself. On SQLite a
        write is still a `transaction()` (writes queue for `write_lock`), a read a
        `reading()`."""
        if self.sqlite:
            async with self.transaction() if writes else self.reading() as conn:
                yield conn
            return
        with translated():
            async with self.autocommit.connect() as conn:
                yield conn

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncConnection]:
        """A connection that reads one consistent snapshot, never waiting for a write."""
        with translated():
            async with self.reader.connect() as conn:
                yield conn

    @contextlib.asynccontextmanager
    async def _queued(self, urgent: bool = False) -> AsyncIterator[None]:
        if not self.sqlite:
            yield
            return
        try:
            async with asyncio.timeout(QUEUE_TIMEOUT):
                await self.write_lock.acquire(urgent)
        except TimeoutError:
            raise Busy("earlier writes are still waiting for the database") from None
        try:
            yield
        finally:
            self.write_lock.release()

    async def checkpoint(self, mode: str = "PASSIVE") -> None:
        """SQLite: move the write-ahead log into the database file (outside any
        transaction). PostgreSQL keeps no such log of its own for us: nothing to do."""
        if not self.sqlite:
            return
        with translated():
            async with self._queued(), self.writer.connect() as conn:
                raw = await conn.get_raw_connection()
                driver: aiosqlite.Connection = raw.driver_connection  # type: ignore[assignment]
                await driver.execute(f"PRAGMA wal_checkpoint({mode})")

    async def close(self) -> None:
        if self.sqlite:
            with contextlib.suppress(Exception):  # the last connection: fold the log in
                await self.checkpoint("TRUNCATE")
            await self.reader.dispose()
        await self.writer.dispose()
