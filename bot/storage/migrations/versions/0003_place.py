"""Each game keeps the words that name its server and channel in its players' DMs, so that
every bot process writes the same header (see `bot.hub.Hub.place`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("place", sa.Text))


def downgrade() -> None:
    op.drop_column("games", "place")
