"""`SqlRepository`: the `Repository` contract in SQLAlchemy Core, on SQLite or PostgreSQL.

A game row holds the engine state snapshot and a version (the number of actions applied);
`actions` is the replay log. `commit_action` is the one write a move makes: it bumps the
version only if it is still the one the caller saw, so two clicks on the same button can never
both apply. Nothing is answered on Discord before that transaction has committed.

The methods live by topic in the classes this one gathers; the schema is `tables`.
"""

from __future__ import annotations

from bot.storage.sql.database import Database
from bot.storage.sql.leases import Leases
from bot.storage.sql.leaving import Leaving
from bot.storage.sql.lobbies import Lobbies
from bot.storage.sql.migrate import upgrade
from bot.storage.sql.playing import Playing
from bot.storage.sql.reads import Reads
from bot.storage.sql.records import Records
from bot.storage.url import postgres_url, scheme_of, sqlite_target


class SqlRepository(Reads, Playing, Lobbies, Leaving, Records, Leases):
    """Tinsel's games in one database: a SQLite file (WAL) or a PostgreSQL database."""

    @classmethod
    async def open(cls, url: str) -> SqlRepository:
        """Open (and migrate) the database at `url` (see `bot.storage.url`)."""
        if scheme_of(url) == "sqlite":
            db = Database.sqlite_file(sqlite_target(url))
        else:
            db = Database.postgres(postgres_url(url))
        try:
            await upgrade(db)
        except BaseException:
            await db.close()
            raise
        return cls(db)

    async def checkpoint(self) -> None:
        await self.db.checkpoint()

    async def close(self) -> None:
        await self.db.close()
