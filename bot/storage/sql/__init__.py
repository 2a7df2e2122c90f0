"""The one storage layer: SQLAlchemy Core (async) on SQLite (aiosqlite) or PostgreSQL
(asyncpg), with Alembic's migrations. The only place in Tinsel with SQL in it, beside the
frozen `bot.storage.legacy` and `bot.storage.migrations`."""

from bot.storage.sql.database import BUSY_TIMEOUT, QUEUE_TIMEOUT
from bot.storage.sql.repository import SqlRepository

__all__ = ["BUSY_TIMEOUT", "QUEUE_TIMEOUT", "SqlRepository"]
