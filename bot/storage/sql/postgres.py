"""What only a PostgreSQL database needs: a quick check before start-up, and the word on
backups (pg_dump's job)."""

from __future__ import annotations

import asyncio
import concurrent.futures

import asyncpg

from bot.storage.errors import StorageError
from bot.storage.sql.database import QUEUE_TIMEOUT
from bot.storage.url import postgres_url

#: How long the check before start-up waits for the server.
CONNECT_TIMEOUT = 10.0


def _dsn(url: str) -> str:
    return postgres_url(url).replace("postgresql+asyncpg://", "postgresql://", 1)


async def _check(url: str) -> None:
    conn = await asyncpg.connect(_dsn(url), timeout=CONNECT_TIMEOUT)
    try:
        if await conn.fetchval("SHOW transaction_read_only") == "on":
            raise StorageError(
                f"cannot use the database {url}: it is read-only (a standby?); Tinsel needs"
                " to write to it."
            )
    finally:
        await conn.close()


def preflight(url: str) -> None:
    """Check that the PostgreSQL database at `url` answers and takes writes; raises
    StorageError saying why not. Runs its own event loop in a thread, so it may be called
    with or without one running."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        try:
            pool.submit(asyncio.run, _check(url)).result(CONNECT_TIMEOUT + QUEUE_TIMEOUT)
        except StorageError:
            raise
        except (OSError, TimeoutError, asyncpg.PostgresError, ValueError) as exc:
            why = str(exc) or type(exc).__name__
            raise StorageError(
                f"cannot use the PostgreSQL database {url}: {why}. Check the server is running"
                " and TINSEL_DB's user, password, host and database name."
            ) from exc


def backup(url: str, target: str) -> None:
    raise StorageError(
        "Tinsel's games are in PostgreSQL here, which copies itself consistently while the"
        f" bot runs: use pg_dump (for example pg_dump --format=custom --file={target} with"
        " the database of TINSEL_DB)."
    )
