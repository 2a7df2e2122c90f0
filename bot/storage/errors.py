"""The failures a repository reports, the same whatever the backend.

Every database failure reaches the bot as a `DatabaseError` whose `kind` says what the player
is told (`bot.faults`): SQLite's and PostgreSQL's own exceptions never leave `bot.storage`.
"""

from __future__ import annotations

import sqlite3
from typing import Literal

#: What went wrong, as far as a player's answer goes; None: something else (a bug, say).
Kind = Literal["busy", "full", "read_only", "damaged"] | None

#: SQLite's result codes (without their extended part) by kind.
_SQLITE: dict[str, Kind] = {
    "SQLITE_BUSY": "busy",
    "SQLITE_LOCKED": "busy",
    "SQLITE_FULL": "full",
    "SQLITE_IOERR": "read_only",
    "SQLITE_READONLY": "read_only",
    "SQLITE_CORRUPT": "damaged",
    "SQLITE_NOTADB": "damaged",
}

#: PostgreSQL's SQLSTATEs (or their two-character class) by kind.
_POSTGRES: dict[str, Kind] = {
    "55P03": "busy",  # lock_not_available: lock_timeout ran out
    "57014": "busy",  # query_canceled: statement_timeout ran out
    "40001": "busy",  # serialization_failure
    "40P01": "busy",  # deadlock_detected
    "53": "full",  # insufficient_resources: disk full, out of memory, too many connections
    "08": "busy",  # connection_exception: the server is restarting or out of reach
    "57P": "busy",  # admin_shutdown, crash_shutdown, cannot_connect_now
    "25006": "read_only",  # read_only_sql_transaction (a standby)
    "XX001": "damaged",  # data_corrupted
    "XX002": "damaged",  # index_corrupted
}


class DatabaseError(Exception):
    """The database failed to do what was asked: nothing of that step was written."""

    def __init__(self, message: str, kind: Kind = None) -> None:
        super().__init__(message)
        self.kind: Kind = kind


class Busy(DatabaseError):
    """The database could not be had in time (earlier writes still queued, or another
    process's lock): this step gave up waiting and wrote nothing. Try again."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "busy")


class Stale(Exception):
    """The game moved on since the caller read it: nothing was written."""


class StorageError(Exception):
    """The database cannot be used at all; the message says why (see `preflight`)."""


def sqlite_kind(exc: sqlite3.Error) -> Kind:
    """The kind of a SQLite error, by its result code (extended codes such as
    SQLITE_IOERR_WRITE share their base's)."""
    name = "_".join(str(getattr(exc, "sqlite_errorname", "")).split("_")[:2])
    return _SQLITE.get(name)


def postgres_kind(sqlstate: str | None) -> Kind:
    """The kind of a PostgreSQL error, by its SQLSTATE."""
    if not sqlstate:
        return None
    for key in (sqlstate, sqlstate[:3], sqlstate[:2]):
        if key in _POSTGRES:
            return _POSTGRES[key]
    return None


def database_error(orig: BaseException) -> DatabaseError:
    """A driver's exception (sqlite3's, asyncpg's) as a `DatabaseError`: `Busy` for a lock
    that could not be had in time."""
    if isinstance(orig, DatabaseError):
        return orig
    if isinstance(orig, sqlite3.Error):
        kind = sqlite_kind(orig)
    else:
        code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
        kind = postgres_kind(code)
        if kind is None and isinstance(orig, OSError | ConnectionError):
            kind = "busy"  # the server cannot be reached right now
    text = str(orig) or type(orig).__name__
    if kind == "busy":
        return Busy(text)
    return DatabaseError(text, kind)
