"""The failures a repository reports on purpose, whatever the backend."""

from __future__ import annotations

import sqlite3


class Stale(Exception):
    """The game moved on since the caller read it: nothing was written."""


class Busy(sqlite3.OperationalError):
    """Earlier writes are still queued: this one gave up waiting, and wrote nothing.

    A `sqlite3.OperationalError` named like SQLite's own lock timeout, so `bot.faults` tells
    the presser "busy, try again" for both in one place. Another backend raises it (or a
    `sqlite3.Error` with a matching `sqlite_errorname`) for the same situation.
    """

    sqlite_errorname = "SQLITE_BUSY"


class StorageError(Exception):
    """The database cannot be used at all; the message says why (see `preflight`)."""
