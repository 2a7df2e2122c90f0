"""The schema, written once for every database: SQLAlchemy `Table`s on one `MetaData`.

Alembic's revisions (`bot/storage/migrations`) build it; the queries name its columns. Types
keep SQLite files as the hand-written schema made them (INTEGER, REAL, 0/1 flags) and give
PostgreSQL its own (BIGINT for Discord ids, BOOLEAN, DOUBLE PRECISION).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    and_,
    false,
    literal_column,
    true,
)
from sqlalchemy.dialects.sqlite import REAL
from sqlalchemy.types import TypeEngine

#: A Discord id (snowflake) or another 64-bit number; INTEGER in SQLite, whose INTEGER
#: PRIMARY KEY is the row id.
Id: TypeEngine[int] = BigInteger().with_variant(Integer(), "sqlite")
#: A yes/no column: 0/1 in SQLite (read back with `bool`).
Flag: TypeEngine[bool] = Boolean().with_variant(Integer(), "sqlite")  # type: ignore[arg-type]
#: A real number (times are seconds since the epoch): REAL in SQLite, DOUBLE PRECISION in
#: PostgreSQL.
Real: TypeEngine[float] = Float().with_variant(REAL(), "sqlite")

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", Id, primary_key=True),
    Column("game", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("guild_id", Id),
    Column("channel_id", Id, nullable=False),
    Column("host_id", Id, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("timer", Integer),
    Column("seed", Id, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("state", Text),  # JSON
    Column("table_message_id", Id),
    Column("ping_message_id", Id),
    Column("wake_at", Real),
    Column("deadline", Real),
    Column("shown_version", Integer, nullable=False, server_default="0"),
    Column("created", Real, nullable=False),
    Column("finished", Real),
    Column("ping_due", Flag, nullable=False, server_default=false()),
    Column("rematch_of", Id),
    Column("computers_unrated", Flag, nullable=False, server_default=false()),
    Column("hints", Flag, nullable=False, server_default=false()),
    Column("learn", Flag, nullable=False, server_default=false()),
    # The DM header naming the game's server and channel (`Hub.place`).
    Column("place", Text),
    # Which process holds the game's alarm, and until when (`Repository.claim`).
    Column("lease_owner", Text),
    Column("lease_until", Real),
)
Index("games_channel", games.c.channel_id, games.c.status)
Index(
    "games_wake",
    games.c.wake_at,
    sqlite_where=games.c.wake_at.isnot(None),
    postgresql_where=games.c.wake_at.isnot(None),
)
#: The running games (a few hundred of 100,000): `lagging` and `unshown` read only these.
#: (The status is written into the SQL, not bound, so that SQLite sees the index fits.)
RUNNING = games.c.status == literal_column("'running'")
Index("games_running", games.c.guild_id, sqlite_where=RUNNING, postgresql_where=RUNNING)
#: Finished games whose result is not announced yet (`unshown`): a handful at most.
UNANNOUNCED = and_(games.c.status == literal_column("'finished'"), games.c.ping_due == true())
Index("games_unannounced", games.c.id, sqlite_where=UNANNOUNCED, postgresql_where=UNANNOUNCED)

seats = Table(
    "seats",
    metadata,
    Column("game_id", Id, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False, autoincrement=False),
    Column("user_id", Id),
    Column("name", Text, nullable=False),
    Column("bot_level", Text),
    Column("dm_channel_id", Id),
    Column("dm_message_id", Id),
    Column("dm_failed", Flag, nullable=False, server_default=false()),
    Column("timeouts", Integer, nullable=False, server_default="0"),
    Column("replaced", Flag, nullable=False, server_default=false()),
    Column("resigned", Flag, nullable=False, server_default=false()),
    PrimaryKeyConstraint("game_id", "seat"),
)
Index("seats_user", seats.c.user_id)

actions = Table(
    "actions",
    metadata,
    Column("game_id", Id, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("version", Integer, nullable=False, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("source", Text, nullable=False),
    Column("at", Real, nullable=False),
    Column("text", Text),
    PrimaryKeyConstraint("game_id", "version"),
)

results = Table(
    "results",
    metadata,
    Column("game_id", Id, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("guild_id", Id),
    Column("game", Text, nullable=False),
    Column("seat", Integer, nullable=False, autoincrement=False),
    Column("user_id", Id),
    Column("name", Text, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("won", Flag, nullable=False),
    Column("abandoned", Flag, nullable=False, server_default=false()),
    Column("finished", Real, nullable=False),
    PrimaryKeyConstraint("game_id", "seat"),
)
Index("results_guild", results.c.guild_id, results.c.game, results.c.finished)
Index("results_best", results.c.guild_id, results.c.game, results.c.score)

dm_notices = Table(
    "dm_notices",
    metadata,
    Column("channel_id", Id, nullable=False, autoincrement=False),
    Column("user_id", Id, nullable=False, autoincrement=False),
    Column("message_id", Id, nullable=False),
    PrimaryKeyConstraint("channel_id", "user_id"),
)

notes = Table(
    "notes",
    metadata,
    Column("game_id", Id, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("user_id", Id, nullable=False, autoincrement=False),
    Column("name", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("written", Real, nullable=False),
    Column("message_id", Id),
    PrimaryKeyConstraint("game_id", "user_id"),
)

ratings = Table(
    "ratings",
    metadata,
    Column("guild_id", Id, nullable=False, autoincrement=False),  # 0: outside any server
    Column("game", Text, nullable=False),  # a game's key, or `bot.ratings.ALL`
    Column("user_id", Id, nullable=False, autoincrement=False),
    Column("name", Text, nullable=False),
    Column("mu", Real, nullable=False),
    Column("sigma", Real, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("places", Integer, nullable=False),
    Column("rated_games", Integer, nullable=False),
    Column("best", Integer),
    PrimaryKeyConstraint("guild_id", "game", "user_id"),
)

guild_settings = Table(
    "guild_settings",
    metadata,
    Column("guild_id", Id, primary_key=True, autoincrement=False),
    Column("timer", Integer),
    Column("lobby_expiry", Integer, nullable=False),
    Column("play_channels", Text, nullable=False),  # JSON list of channel ids
    Column("computers_rated", Flag, nullable=False),
)
