"""Where games live: the `Repository` contract, its row types and errors, and its backends.

The bot types against `Repository` and opens one with `open_repository(TINSEL_DB)`.
Only `bot.storage.sqlite` holds SQL. `Storage` is the SQLite repository under the name the
bot has always used for it.
"""

from bot.storage.backends import backup, open_repository, preflight
from bot.storage.errors import Busy, Stale, StorageError
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
from bot.storage.sqlite import BUSY_TIMEOUT, MIGRATIONS, QUEUE_TIMEOUT, SqliteRepository

Storage = SqliteRepository

__all__ = [
    "BUSY_TIMEOUT",
    "MIGRATIONS",
    "QUEUE_TIMEOUT",
    "Alarm",
    "Busy",
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
    "SqliteRepository",
    "Stale",
    "Storage",
    "StorageError",
    "backup",
    "open_repository",
    "preflight",
]
