"""Alembic's migrations of Tinsel's schema (`bot.storage.sql.migrate` runs them at open)."""
