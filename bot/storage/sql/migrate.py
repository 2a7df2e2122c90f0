"""Bring a database to the newest schema at open: Alembic's revisions, run in-process.

A SQLite file made before Alembic (``PRAGMA user_version`` 1..9, no ``alembic_version``
table) first gets the frozen steps of `bot.storage.legacy` up to schema 9, is stamped at
revision 0001 (which describes schema 9) and carries on from there. All of it is one
transaction: an upgrade that fails leaves the database as it was. Two processes opening one
PostgreSQL database at once take turns (an advisory lock).
"""

from __future__ import annotations

import functools
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect

from bot.storage.errors import StorageError
from bot.storage.legacy import bring_to_v9, user_version
from bot.storage.sql.database import Database

#: The revision that describes schema 9, the last one of `bot.storage.legacy`.
SCHEMA_9 = "0001"
#: Any number, the same in every Tinsel process: the lock migrations take on PostgreSQL.
_MIGRATION_LOCK = 0x7154_5E1


@functools.cache
def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent.parent / "migrations"))
    return config


@functools.cache
def head() -> str:
    """The newest revision."""
    found = ScriptDirectory.from_config(_config()).get_current_head()
    assert found is not None
    return found


async def upgrade(db: Database) -> None:
    """Bring the database to `head` (nothing to do, and no DDL, when it is there)."""
    async with db.transaction() as conn:
        await conn.run_sync(_upgrade)


def current(conn: Connection) -> str | None:
    """The revision the database is at (None: not under Alembic yet)."""
    return MigrationContext.configure(conn).get_current_revision()


def _upgrade(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
    at = current(conn)
    if at == head():
        return
    config = _config()
    config.attributes["connection"] = conn
    try:
        if at is None and conn.dialect.name == "sqlite" and user_version(conn) > 0:
            bring_to_v9(conn)
            command.stamp(config, SCHEMA_9)
        elif at is None and inspect(conn).has_table("games"):
            raise StorageError(
                "cannot use the database: it has a games table but no record of which schema"
                " it is at (no alembic_version table). Point TINSEL_DB at Tinsel's own database."
            )
        command.upgrade(config, "head")
    finally:
        del config.attributes["connection"]
