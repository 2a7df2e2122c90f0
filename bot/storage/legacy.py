"""How Tinsel's SQLite files were built before Alembic: the nine numbered steps that took a
file from nothing to schema 9, `PRAGMA user_version` counting the steps applied.

These steps are history and NEVER change: they are here only to bring a file made by an older
release up to schema 9, which Alembic's first revision (`bot/storage/migrations`) describes;
from there Alembic carries it on. A schema change is a new Alembic revision, never an edit here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection

from bot import ratings

Migration = Callable[[Connection], None]


def _script(db: Connection, script: str) -> None:
    """Run DDL statements one by one (executescript would commit the open transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.exec_driver_sql(statement)


def _v1(db: Connection) -> None:
    _script(
        db,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            host_id INTEGER NOT NULL,
            options TEXT NOT NULL,
            timer INTEGER,
            seed INTEGER NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            state TEXT,
            table_message_id INTEGER,
            ping_message_id INTEGER,
            wake_at REAL,
            deadline REAL,
            shown_version INTEGER NOT NULL DEFAULT 0,
            created REAL NOT NULL,
            finished REAL
        );
        CREATE INDEX games_channel ON games (channel_id, status);
        CREATE INDEX games_wake ON games (wake_at) WHERE wake_at IS NOT NULL;
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            bot_level TEXT,
            dm_channel_id INTEGER,
            dm_message_id INTEGER,
            dm_failed INTEGER NOT NULL DEFAULT 0,
            timeouts INTEGER NOT NULL DEFAULT 0,
            replaced INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX seats_user ON seats (user_id);
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            source TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, version)
        );
        CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            guild_id INTEGER,
            game TEXT NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            rank INTEGER NOT NULL,
            score INTEGER NOT NULL,
            won INTEGER NOT NULL,
            abandoned INTEGER NOT NULL DEFAULT 0,
            finished REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX results_guild ON results (guild_id, game, finished);
        """,
    )


def _v2(db: Connection) -> None:
    _script(
        db,
        """
        ALTER TABLE games ADD COLUMN ping_due INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE dm_notices (
            channel_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            PRIMARY KEY (channel_id, user_id)
        )
        """,
    )


def _v3(db: Connection) -> None:
    """A lobby opened by a finished game's Rematch button remembers that game."""
    db.exec_driver_sql("ALTER TABLE games ADD COLUMN rematch_of INTEGER")


def _v4(db: Connection) -> None:
    """Typed text (a speech, a carol line) is part of its move, kept with it in the log."""
    db.exec_driver_sql("ALTER TABLE actions ADD COLUMN text TEXT")


def _v5(db: Connection) -> None:
    """Keepsake notes, one per player of a finished game; records read results by score."""
    _script(
        db,
        """
        CREATE TABLE notes (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            written REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        CREATE INDEX results_best ON results (guild_id, game, score)
        """,
    )


def _v6(db: Connection) -> None:
    """A keepsake note remembers the message that shows it, so rewriting it edits that post."""
    db.exec_driver_sql("ALTER TABLE notes ADD COLUMN message_id INTEGER")


def _v7(db: Connection) -> None:
    """A seat whose player resigned: the computer plays it to the end, and it cannot be taken
    back (a seat taken over after timeouts has `replaced` alone)."""
    db.exec_driver_sql("ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0")


def _v8(db: Connection) -> None:
    """Ratings are kept per server (not recomputed from every result), filled here from the
    results so far; servers have settings; a game remembers whether its server rated games
    with computer players when it opened."""
    _script(
        db,
        """
        ALTER TABLE games ADD COLUMN computers_unrated INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            places INTEGER NOT NULL,
            rated_games INTEGER NOT NULL,
            best INTEGER,
            PRIMARY KEY (guild_id, game, user_id)
        );
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            timer INTEGER,
            lobby_expiry INTEGER NOT NULL,
            play_channels TEXT NOT NULL,
            computers_rated INTEGER NOT NULL
        )
        """,
    )
    cur = db.exec_driver_sql(
        "SELECT game_id, guild_id, game, user_id, name, rank, score, won, abandoned FROM results"
        " ORDER BY finished, game_id, seat"
    )
    games: dict[int, tuple[int, str, list[ratings.ResultRow]]] = {}
    for game_id, guild_id, game, *row in cur.fetchall():
        games.setdefault(game_id, (guild_id or 0, game, []))[2].append(tuple(row))
    kept: dict[tuple[int, str], dict[int, ratings.Standing]] = {}
    for guild_id, game, rows in games.values():
        for key in (game, ratings.ALL):
            table = kept.setdefault((guild_id, key), {})
            table.update((st.user_id, st) for st in ratings.play(table, rows, rated=True))
    values = [_rating(g, k, st) for (g, k), table in kept.items() for st in table.values()]
    if values:
        db.exec_driver_sql(
            "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins, places,"
            " rated_games, best) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            values,
        )


def _v9(db: Connection) -> None:
    """A game may offer hints (💡 Hint in each hand; such a game is unrated), and a game
    opened by `/play … learn` guides its player's first turn."""
    _script(
        db,
        """
        ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN learn INTEGER NOT NULL DEFAULT 0
        """,
    )


MIGRATIONS: Sequence[Migration] = (_v1, _v2, _v3, _v4, _v5, _v6, _v7, _v8, _v9)


def user_version(db: Connection) -> int:
    """How many of the steps a SQLite file has had (0: none, or a file Alembic keeps)."""
    return int(db.exec_driver_sql("PRAGMA user_version").scalar_one())


def bring_to_v9(db: Connection) -> None:
    """Run the steps a file made by an older release lacks (inside the caller's transaction)."""
    current = user_version(db)
    for number, migration in enumerate(MIGRATIONS, start=1):
        if number > current:
            migration(db)
            db.exec_driver_sql(f"PRAGMA user_version={number}")


def _rating(guild_id: int, game: str, st: ratings.Standing) -> tuple[Any, ...]:
    return (
        guild_id,
        game,
        st.user_id,
        st.name,
        st.mu,
        st.sigma,
        st.games,
        st.wins,
        st.places,
        st.rated_games,
        st.best,
    )
