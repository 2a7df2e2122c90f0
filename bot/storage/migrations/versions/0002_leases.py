"""Leases on games' alarms (several bot processes), and an index on the running games.

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


def downgrade() -> None:
    op.drop_index("games_running", "games")
    op.drop_column("games", "lease_until")
    op.drop_column("games", "lease_owner")
