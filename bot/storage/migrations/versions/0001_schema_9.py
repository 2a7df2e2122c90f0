"""Schema 9: the schema the hand-written SQLite migrations had built (`bot.storage.legacy`).

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Flag = sa.Boolean().with_variant(sa.Integer(), "sqlite")
Real = sa.Float().with_variant(REAL(), "sqlite")
NO = sa.false()


def _game_fk() -> sa.ForeignKey:
    return sa.ForeignKey("games.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", Id, primary_key=True),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("guild_id", Id),
        sa.Column("channel_id", Id, nullable=False),
        sa.Column("host_id", Id, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("timer", sa.Integer),
        sa.Column("seed", Id, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("state", sa.Text),
        sa.Column("table_message_id", Id),
        sa.Column("ping_message_id", Id),
        sa.Column("wake_at", Real),
        sa.Column("deadline", Real),
        sa.Column("shown_version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created", Real, nullable=False),
        sa.Column("finished", Real),
        sa.Column("ping_due", Flag, nullable=False, server_default=NO),
        sa.Column("rematch_of", Id),
        sa.Column("computers_unrated", Flag, nullable=False, server_default=NO),
        sa.Column("hints", Flag, nullable=False, server_default=NO),
        sa.Column("learn", Flag, nullable=False, server_default=NO),
    )
    op.create_index("games_channel", "games", ["channel_id", "status"])
    wake = sa.text("wake_at IS NOT NULL")
    op.create_index("games_wake", "games", ["wake_at"], sqlite_where=wake, postgresql_where=wake)
    op.create_table(
        "seats",
        sa.Column("game_id", Id, _game_fk(), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False, autoincrement=False),
        sa.Column("user_id", Id),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("bot_level", sa.Text),
        sa.Column("dm_channel_id", Id),
        sa.Column("dm_message_id", Id),
        sa.Column("dm_failed", Flag, nullable=False, server_default=NO),
        sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("replaced", Flag, nullable=False, server_default=NO),
        sa.Column("resigned", Flag, nullable=False, server_default=NO),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_index("seats_user", "seats", ["user_id"])
    op.create_table(
        "actions",
        sa.Column("game_id", Id, _game_fk(), nullable=False),
        sa.Column("version", sa.Integer, nullable=False, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("at", Real, nullable=False),
        sa.Column("text", sa.Text),
        sa.PrimaryKeyConstraint("game_id", "version"),
    )
    op.create_table(
        "results",
        sa.Column("game_id", Id, _game_fk(), nullable=False),
        sa.Column("guild_id", Id),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False, autoincrement=False),
        sa.Column("user_id", Id),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("won", Flag, nullable=False),
        sa.Column("abandoned", Flag, nullable=False, server_default=NO),
        sa.Column("finished", Real, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )
    op.create_index("results_guild", "results", ["guild_id", "game", "finished"])
    op.create_index("results_best", "results", ["guild_id", "game", "score"])
    op.create_table(
        "dm_notices",
        sa.Column("channel_id", Id, nullable=False, autoincrement=False),
        sa.Column("user_id", Id, nullable=False, autoincrement=False),
        sa.Column("message_id", Id, nullable=False),
        sa.PrimaryKeyConstraint("channel_id", "user_id"),
    )
    op.create_table(
        "notes",
        sa.Column("game_id", Id, _game_fk(), nullable=False),
        sa.Column("user_id", Id, nullable=False, autoincrement=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("written", Real, nullable=False),
        sa.Column("message_id", Id),
        sa.PrimaryKeyConstraint("game_id", "user_id"),
    )
    op.create_table(
        "ratings",
        sa.Column("guild_id", Id, nullable=False, autoincrement=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("user_id", Id, nullable=False, autoincrement=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("mu", Real, nullable=False),
        sa.Column("sigma", Real, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("places", sa.Integer, nullable=False),
        sa.Column("rated_games", sa.Integer, nullable=False),
        sa.Column("best", sa.Integer),
        sa.PrimaryKeyConstraint("guild_id", "game", "user_id"),
    )
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", Id, primary_key=True, autoincrement=False),
        sa.Column("timer", sa.Integer),
        sa.Column("lobby_expiry", sa.Integer, nullable=False),
        sa.Column("play_channels", sa.Text, nullable=False),
        sa.Column("computers_rated", Flag, nullable=False),
    )


def downgrade() -> None:
    for table in ("guild_settings", "ratings", "notes", "dm_notices", "results", "actions"):
        op.drop_table(table)
    op.drop_table("seats")
    op.drop_table("games")
