"""The SQLite backend: the only place in Tinsel with SQL in it."""

from bot.storage.sqlite.connection import BUSY_TIMEOUT, QUEUE_TIMEOUT, preflight
from bot.storage.sqlite.queries import SqliteRepository
from bot.storage.sqlite.schema import MIGRATIONS

__all__ = ["BUSY_TIMEOUT", "MIGRATIONS", "QUEUE_TIMEOUT", "SqliteRepository", "preflight"]
