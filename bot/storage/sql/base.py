"""What every part of `SqlRepository` stands on: its `Database`, and one-statement helpers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, Executable, Insert, Row, Table
from sqlalchemy.dialects import postgresql, sqlite

from bot.storage.sql.database import Database


class Base:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def _write(self, statement: Executable) -> int:
        """One statement, atomic by itself; returns the rows it changed."""
        async with self.db.statement(writes=True) as conn:
            return (await conn.execute(statement)).rowcount

    async def _rows(self, statement: Executable) -> Sequence[Row[Any]]:
        async with self.db.statement(writes=False) as conn:
            return (await conn.execute(statement)).all()

    def _insert(self, table: Table) -> Insert:
        """An INSERT of this database's dialect, which can say ON CONFLICT (SQLite and
        PostgreSQL spell it alike, each with its own construct)."""
        return (sqlite if self.db.sqlite else postgresql).insert(table)

    def _upsert(
        self, table: Table, values: dict[str, Any] | None = None, replace: Sequence[str] = ()
    ) -> Insert:
        """An INSERT that updates the row with the same primary key instead: its `replace`
        columns (all but the key if none are named). With `values`, those; otherwise the
        caller's parameters (several rows at once)."""
        insert = self._insert(table)
        if values is not None:
            insert = insert.values(values)
        keys = [c.name for c in table.primary_key.columns]
        names = replace or [c.name for c in table.columns if c.name not in keys]
        return insert.on_conflict_do_update(
            index_elements=keys, set_={name: insert.excluded[name] for name in names}
        )


def same_guild(column: ColumnElement[int | None], guild_id: int | None) -> ColumnElement[bool]:
    """`column` names the guild `guild_id` (None: outside any guild); an index serves both."""
    return column.is_(None) if guild_id is None else column == guild_id
