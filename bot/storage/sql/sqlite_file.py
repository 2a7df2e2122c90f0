"""What only a SQLite file needs: a quick check before start-up, and an online backup.

Both use Python's own `sqlite3` (synchronous, before or beside the bot's event loop).
"""

from __future__ import annotations

import sqlite3

from bot.storage.errors import StorageError, sqlite_kind
from bot.storage.sql.database import BUSY_TIMEOUT
from bot.storage.url import sqlite_target


def preflight(url: str) -> None:
    """Check that `url` (see `bot.storage.url`) is a SQLite file Tinsel can write.

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
        kind = sqlite_kind(exc)
        if kind == "read_only" and getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY":
            why = "it is read-only; Tinsel needs to write to it (and to its folder)"
        elif kind == "damaged":
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
