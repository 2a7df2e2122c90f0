"""Leases on games' alarms (several bot processes), and indexes on the few games a restart
reads: the running ones, and the finished ones whose result is not announced yet.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("lease_owner", sa.Text))
    op.add_column("games", sa.Column("lease_until", sa.Float().with_variant(REAL(), "sqlite")))
    running = sa.text("status = 'running'")
    op.create_index(
        "games_running", "games", ["guild_id"], sqlite_where=running, postgresql_where=running
    )
    # As `bot.storage.sql.tables` writes it, so that the planners match the queries to it.
    op.create_index(
        "games_unannounced",
        "games",
        ["id"],
        sqlite_where=sa.text("status = 'finished' AND ping_due = 1"),
        postgresql_where=sa.text("status = 'finished' AND ping_due = true"),
    )


def downgrade() -> None:
    op.drop_index("games_unannounced", "games")
    op.drop_index("games_running", "games")
    op.drop_column("games", "lease_until")
    op.drop_column("games", "lease_owner")
