"""Alembic's entry point: run the revisions on the connection `bot.storage.sql.migrate`
hands over, inside its transaction (there is no alembic.ini: Tinsel migrates at open)."""

from __future__ import annotations

from alembic import context

from bot.storage.sql.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
