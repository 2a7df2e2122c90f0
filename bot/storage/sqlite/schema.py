"""The SQLite schema: numbered migrations, and how a stored row becomes a `GameRow`.

`PRAGMA user_version` holds the number of migrations applied; `migrate` runs the missing
ones in order, each in its own transaction with the version bump, so an interrupted upgrade
resumes where it stopped. A migration is never edited once released: a change is a new one.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiosqlite

from bot import ratings
from bot.storage.rows import GameRow, SeatRow
from bot.storage.sqlite.connection import Connections

Migration = Callable[[aiosqlite.Connection], Awaitable[None]]


async def _script(db: aiosqlite.Connection, script: str) -> None:
    """Run DDL statements one by one (executescript would commit the open transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            await db.execute(statement)


async def _v1(db: aiosqlite.Connection) -> None:
    await _script(
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


async def _v2(db: aiosqlite.Connection) -> None:
    await _script(
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


async def _v3(db: aiosqlite.Connection) -> None:
    """A lobby opened by a finished game's Rematch button remembers that game."""
    await db.execute("ALTER TABLE games ADD COLUMN rematch_of INTEGER")


async def _v4(db: aiosqlite.Connection) -> None:
    """Typed text (a speech, a carol line) is part of its move, kept with it in the log."""
    await db.execute("ALTER TABLE actions ADD COLUMN text TEXT")


async def _v5(db: aiosqlite.Connection) -> None:
    """Keepsake notes, one per player of a finished game; records read results by score."""
    await _script(
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


async def _v6(db: aiosqlite.Connection) -> None:
    """A keepsake note remembers the message that shows it, so rewriting it edits that post."""
    await db.execute("ALTER TABLE notes ADD COLUMN message_id INTEGER")


async def _v7(db: aiosqlite.Connection) -> None:
    """A seat whose player resigned: the computer plays it to the end, and it cannot be taken
    back (a seat taken over after timeouts has `replaced` alone)."""
    await db.execute("ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0")


async def _v8(db: aiosqlite.Connection) -> None:
    """Ratings are kept per server (not recomputed from every result), filled here from the
    results so far; servers have settings; a game remembers whether its server rated games
    with computer players when it opened."""
    await _script(
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
    cur = await db.execute(
        "SELECT game_id, guild_id, game, user_id, name, rank, score, won, abandoned FROM results"
        " ORDER BY finished, game_id, seat"
    )
    games: dict[int, tuple[int, str, list[ratings.ResultRow]]] = {}
    for game_id, guild_id, game, *row in await cur.fetchall():
        games.setdefault(game_id, (guild_id or 0, game, []))[2].append(tuple(row))
    kept: dict[tuple[int, str], dict[int, ratings.Standing]] = {}
    for guild_id, game, rows in games.values():
        for key in (game, ratings.ALL):
            table = kept.setdefault((guild_id, key), {})
            table.update((st.user_id, st) for st in ratings.play(table, rows, rated=True))
    await db.executemany(
        f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ({','.join('?' * 11)})",
        [rating_values(g, k, st) for (g, k), table in kept.items() for st in table.values()],
    )


async def _v9(db: aiosqlite.Connection) -> None:
    """A game may offer hints (💡 Hint in each hand; such a game is unrated), and a game
    opened by `/play … learn` guides its player's first turn."""
    await _script(
        db,
        """
        ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN learn INTEGER NOT NULL DEFAULT 0
        """,
    )


async def _v10(db: aiosqlite.Connection) -> None:
    """Several bot processes share the database: a game's alarm is claimed by one process
    at a time (`lease_owner` until `lease_until`), and a process finds the tables of its
    shards that another process left behind through a small index of the games lagging."""
    await _script(
        db,
        """
        ALTER TABLE games ADD COLUMN lease_owner TEXT;
        ALTER TABLE games ADD COLUMN lease_until REAL;
        CREATE INDEX games_lagging ON games (guild_id) WHERE (status = 'running'
            AND shown_version < version) OR (status = 'finished' AND ping_due)
        """,
    )


MIGRATIONS: Sequence[Migration] = (_v1, _v2, _v3, _v4, _v5, _v6, _v7, _v8, _v9, _v10)


async def migrate(conn: Connections) -> None:
    """Bring the database up to the newest schema (nothing to do when it is current)."""
    (current,) = await (await conn.db.execute("PRAGMA user_version")).fetchone()  # type: ignore[misc]
    for number, migration in enumerate(MIGRATIONS, start=1):
        if number <= current:
            continue
        async with conn.transaction() as db:
            await migration(db)
            await db.execute(f"PRAGMA user_version={number}")


#: The columns `game_row` and `seat_row` read, in their order.
GAME_COLUMNS = (
    "id, game, status, guild_id, channel_id, host_id, options, timer, seed, version, state,"
    " table_message_id, ping_message_id, wake_at, deadline, created, ping_due, rematch_of,"
    " computers_unrated, hints, learn"
)
SEAT_COLUMNS = (
    "seat, user_id, name, bot_level, dm_channel_id, dm_message_id, dm_failed, timeouts, replaced,"
    " resigned"
)


def game_row(r: Sequence[Any]) -> GameRow:
    damaged = False
    try:
        options = json.loads(r[6])
        state = json.loads(r[10]) if r[10] else None
        if not isinstance(options, dict) or not isinstance(state, dict | None):
            raise TypeError("not an object")
    except (ValueError, TypeError):
        options, state, damaged = {}, None, True
    return GameRow(
        damaged=damaged,
        id=r[0],
        game=r[1],
        status=r[2],
        guild_id=r[3],
        channel_id=r[4],
        host_id=r[5],
        options=options,
        timer=r[7],
        seed=r[8],
        version=r[9],
        state=state,
        table_message_id=r[11],
        ping_message_id=r[12],
        wake_at=r[13],
        deadline=r[14],
        created=r[15],
        ping_due=bool(r[16]),
        rematch_of=r[17],
        computers_unrated=bool(r[18]),
        hints=bool(r[19]),
        learn=bool(r[20]),
    )


def seat_row(r: Sequence[Any]) -> SeatRow:
    return SeatRow(
        seat=r[0],
        user_id=r[1],
        name=r[2],
        bot_level=r[3],
        dm_channel_id=r[4],
        dm_message_id=r[5],
        dm_failed=bool(r[6]),
        timeouts=r[7],
        replaced=bool(r[8]),
        resigned=bool(r[9]),
    )


#: The columns of a kept rating, in the order `rating_values` gives them.
RATING_COLUMNS = "guild_id, game, user_id, name, mu, sigma, games, wins, places, rated_games, best"


def rating_values(guild_id: int, game: str, st: ratings.Standing) -> tuple[Any, ...]:
    """A standing as the values of RATING_COLUMNS (guild 0: outside any server)."""
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


def standing(r: Sequence[Any]) -> ratings.Standing:
    """A standing from its stored columns, from `user_id` on."""
    uid, name, mu, sigma, games, wins, places, rated, best = r
    return ratings.Standing(
        int(uid),
        str(name),
        float(mu),
        float(sigma),
        int(games),
        int(wins),
        int(places),
        int(rated),
        None if best is None else int(best),
    )
