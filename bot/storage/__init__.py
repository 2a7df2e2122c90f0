"""Where games live: the `Repository` contract, its row types and errors, and its backends.

The bot types against `Repository` and opens one with `open_repository(TINSEL_DB)`: a SQLite
file (the default) or a PostgreSQL database, both through `bot.storage.sql`, the only place
that holds SQL. `Storage` is that repository under the name the bot has always used for it.
"""

from bot.storage.backends import backup, open_repository, preflight
from bot.storage.errors import Busy, DatabaseError, Stale, StorageError
from bot.storage.repository import Repository
from bot.storage.rows import (
    Alarm,
    FinishedRow,
    GameRow,
    GuildSettings,
    MoveRow,
    NoteRow,
    PastGame,
    RecordRow,
    ResultRow,
    SeatRow,
)
from bot.storage.sql import BUSY_TIMEOUT, QUEUE_TIMEOUT, SqlRepository

Storage = SqlRepository

__all__ = [
    "BUSY_TIMEOUT",
    "QUEUE_TIMEOUT",
    "Alarm",
    "Busy",
    "DatabaseError",
    "FinishedRow",
    "GameRow",
    "GuildSettings",
    "MoveRow",
    "NoteRow",
    "PastGame",
    "RecordRow",
    "Repository",
    "ResultRow",
    "SeatRow",
    "SqlRepository",
    "Stale",
    "Storage",
    "StorageError",
    "backup",
    "open_repository",
    "preflight",
]
