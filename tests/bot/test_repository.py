"""The `Repository` contract, run on every backend through the interface alone.

Each backend is one `Backend` entry below: how to name a fresh database, and the few things
only the backend itself can do (build an old-schema database, damage a row, read the schema
version). Every test taking `url` or `repo` runs on a SQLite file and on a fresh PostgreSQL
database (a throwaway server, see tests/bot/postgres.py; skipped without the binaries).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, Protocol

import psycopg
import pytest
import sqlalchemy

from bot.storage import (
    GameRow,
    GuildSettings,
    Repository,
    SeatRow,
    Stale,
    StorageError,
    backup,
    open_repository,
    preflight,
)
from bot.storage.legacy import MIGRATIONS
from bot.storage.sql.migrate import head
from bot.storage.url import postgres_url, scheme_of, sqlite_target

CHANNEL, OTHER_CHANNEL, GUILD = 500, 501, 900
ANN, BEA = 11, 12
STATE = {"step": 0, "deck": [1, 2, 3]}


class Backend(Protocol):
    def url(self, request: pytest.FixtureRequest, tmp_path: Path) -> str: ...
    def schema_version(self, url: str) -> str | None: ...
    def legacy(self, url: str, steps: int) -> sqlalchemy.Engine: ...
    def damage_state(self, url: str, game_id: int) -> None: ...
    def locked(self, url: str, game_id: int) -> contextlib.AbstractContextManager[None]: ...


class Sqlite:
    """An empty file in the test's folder (as an operator may create one), named by a
    `sqlite:///` URL."""

    def url(self, request: pytest.FixtureRequest, tmp_path: Path) -> str:
        path = tmp_path / "tinsel.db"
        path.touch()
        return f"sqlite:///{path}"

    @staticmethod
    def _path(url: str) -> str:
        return url.removeprefix("sqlite:///")

    def schema_version(self, url: str) -> str | None:
        with sqlite3.connect(self._path(url)) as db:
            found = db.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if found is None else str(found[0])

    def legacy(self, url: str, steps: int) -> sqlalchemy.Engine:
        """A file as the hand-written migrations left it after `steps` of them (releases
        before Alembic); the caller fills it in through the engine returned."""
        engine = sqlalchemy.create_engine(f"sqlite:///{self._path(url)}")
        with engine.begin() as db:
            for migration in MIGRATIONS[:steps]:
                migration(db)
            db.exec_driver_sql(f"PRAGMA user_version={steps}")
        return engine

    def damage_state(self, url: str, game_id: int) -> None:
        with sqlite3.connect(self._path(url)) as db:
            db.execute("UPDATE games SET state = '{not json' WHERE id = ?", (game_id,))

    @contextlib.contextmanager
    def locked(self, url: str, game_id: int) -> Iterator[None]:
        """Another process holds the database's write lock."""
        db = sqlite3.connect(self._path(url), isolation_level=None)
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            db.execute("ROLLBACK")
            db.close()


class Postgres:
    """A fresh database on the throwaway server."""

    def url(self, request: pytest.FixtureRequest, tmp_path: Path) -> str:
        return str(request.getfixturevalue("postgres_url"))

    def schema_version(self, url: str) -> str | None:
        with psycopg.connect(url) as db:
            found = db.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if found is None else str(found[0])

    def legacy(self, url: str, steps: int) -> sqlalchemy.Engine:
        pytest.skip("PostgreSQL databases were never made by the hand-written migrations")

    def damage_state(self, url: str, game_id: int) -> None:
        with psycopg.connect(url) as db:
            db.execute("UPDATE games SET state = '{not json' WHERE id = %s", (game_id,))

    @contextlib.contextmanager
    def locked(self, url: str, game_id: int) -> Iterator[None]:
        """Another process holds the game's row lock."""
        with psycopg.connect(url) as db:
            db.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (game_id,))
            yield
            db.rollback()


def insert(engine: sqlalchemy.Engine, sql: str, rows: list[tuple[Any, ...]]) -> None:
    with engine.begin() as db:
        db.exec_driver_sql(sql, rows)


BACKENDS = [pytest.param(Sqlite(), id="sqlite"), pytest.param(Postgres(), id="postgresql")]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> Any:
    return request.param


@pytest.fixture
async def url(backend: Backend, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return backend.url(request, tmp_path)


@pytest.fixture
async def repo(url: str) -> AsyncIterator[Repository]:
    store = await open_repository(url)
    yield store
    await store.close()


async def read(repo: Repository, game_id: int) -> GameRow:
    row = await repo.game(game_id)
    assert row is not None
    return row


async def lobby(repo: Repository, channel: int = CHANNEL, **kw: Any) -> int:
    args: dict[str, Any] = {
        "game": "ghosts",
        "guild_id": GUILD,
        "channel_id": channel,
        "host_id": ANN,
        "host_name": "Ann",
        "options": {"rounds": "3"},
        "timer": 60,
        "seed": 7,
    }
    return await repo.create_lobby(**{**args, **kw})


async def running(repo: Repository, **kw: Any) -> GameRow:
    """A started game: Ann (human) in seat 0, a computer in seat 1."""
    game_id = await lobby(repo, computers=[("Robo", "easy")], **kw)
    row = await read(repo, game_id)
    assert await repo.start(row, STATE, 100.0, 160.0)
    return await read(repo, game_id)


async def move(repo: Repository, row: GameRow, version: int, **kw: Any) -> None:
    args: dict[str, Any] = {
        "seat": 0,
        "action": "draw",
        "source": "user",
        "state": {**STATE, "step": version + 1},
        "wake_at": 200.0,
        "deadline": 260.0,
    }
    await repo.commit_action(row.id, version, **{**args, **kw})


RESULT = [(0, ANN, "Ann", 1, 12, True, False), (1, None, "Robo", 2, 5, False, False)]


# ---------------------------------------------------------------------- opening
async def test_opening_a_plain_path_and_a_url_reach_the_same_database(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    first = await open_repository(str(path))
    game_id = await lobby(first)
    await first.close()
    preflight(f"sqlite:///{path}")
    second = await open_repository(f"sqlite:///{path}")
    assert (await second.game(game_id)) is not None
    await second.close()


@pytest.mark.parametrize(
    ("url", "target"),
    [
        ("tinsel.db", "tinsel.db"),
        ("file:tinsel.db?mode=ro", "file:tinsel.db?mode=ro"),
        ("sqlite:///tinsel.db", "tinsel.db"),
        ("sqlite:////data/tinsel.db", "/data/tinsel.db"),
        ("SQLite:///t.db?mode=ro", "file:t.db?mode=ro"),
    ],
)
def test_where_sqlite_finds_the_file(url: str, target: str) -> None:
    assert (scheme_of(url), sqlite_target(url)) == ("sqlite", target)


async def test_a_postgresql_server_that_does_not_answer_says_so() -> None:
    url = "postgresql://tinsel@127.0.0.1:1/tinsel"  # nothing listens on port 1
    with pytest.raises(StorageError, match=r"cannot use the PostgreSQL database .* Check the"):
        preflight(url)


@pytest.mark.parametrize(
    ("url", "sqlalchemy_url"),
    [
        ("postgresql://u:p@db/t", "postgresql+asyncpg://u:p@db/t"),
        ("postgres://db:5433/t", "postgresql+asyncpg://db:5433/t"),
        ("postgresql+asyncpg://db/t", "postgresql+asyncpg://db/t"),
    ],
)
def test_a_postgresql_url_is_reached_through_asyncpg(url: str, sqlalchemy_url: str) -> None:
    assert postgres_url(url) == sqlalchemy_url


def test_a_postgresql_backup_says_to_use_pg_dump() -> None:
    with pytest.raises(StorageError, match="pg_dump"):
        backup("postgresql://db/t", "copy.dump")


@pytest.mark.parametrize("url", ["mysql://db/t", "sqlite://host/t.db", "sqlite:///"])
def test_a_location_tinsel_cannot_use_says_why(url: str) -> None:
    with pytest.raises(StorageError, match=r"TINSEL_DB|three slashes"):
        preflight(url)


# ---------------------------------------------------------------------- lobby
async def test_a_lobby_is_created_saved_and_started(repo: Repository) -> None:
    game_id = await lobby(repo, computers=[("Robo", "easy"), ("Tin", "hard")])
    row = await read(repo, game_id)
    assert (row.game, row.status, row.guild_id, row.channel_id, row.host_id) == (
        "ghosts",
        "lobby",
        GUILD,
        CHANNEL,
        ANN,
    )
    assert (row.options, row.timer, row.seed, row.version, row.state) == (
        {"rounds": "3"},
        60,
        7,
        0,
        None,
    )
    assert [(s.seat, s.user_id, s.name, s.bot_level) for s in row.seats] == [
        (0, ANN, "Ann", None),
        (1, None, "Robo", "easy"),
        (2, None, "Tin", "hard"),
    ]
    assert not row.damaged and not row.ping_due and row.wake_at is None

    row.options, row.timer, row.table_message_id = {"rounds": "5"}, None, 77
    row.seats = [row.seats[0], row.seats[2], SeatRow(9, BEA, "Bea", None)]
    await repo.save_lobby(row)
    saved = await read(repo, game_id)
    assert (saved.options, saved.timer, saved.table_message_id) == ({"rounds": "5"}, None, 77)
    assert [(s.seat, s.user_id, s.name) for s in saved.seats] == [
        (0, ANN, "Ann"),
        (1, None, "Tin"),
        (2, BEA, "Bea"),
    ]
    assert await repo.seats(game_id) == saved.seats

    await repo.set_message(game_id, 78)
    assert await repo.start(saved, STATE, 100.0, 160.0)
    started = await read(repo, game_id)
    assert (started.status, started.version, started.state, started.table_message_id) == (
        "running",
        0,
        STATE,
        78,
    )
    assert (started.wake_at, started.deadline, started.ping_due) == (100.0, 160.0, True)
    assert not await repo.start(started, {"other": 1}, None, None)  # a second Start
    assert not await repo.close_lobby(game_id)
    assert (await read(repo, game_id)).state == STATE


async def test_a_closed_lobby_cannot_start(repo: Repository) -> None:
    game_id = await lobby(repo)
    assert await repo.close_lobby(game_id)
    assert not await repo.close_lobby(game_id)
    row = await repo.game(game_id)
    assert row is not None and row.status == "cancelled"
    assert not await repo.start(row, STATE, None, None)
    assert (await read(repo, game_id)).status == "cancelled"


async def test_an_unknown_game_reads_as_none(repo: Repository) -> None:
    assert await repo.game(404) is None
    assert await repo.seats(404) == []
    assert await repo.actions(404) == []
    assert await repo.rematch(404) is None


async def test_games_by_channel_and_by_user(repo: Repository) -> None:
    first = await lobby(repo)
    second = (await running(repo)).id
    await lobby(repo, channel=OTHER_CHANNEL, host_id=BEA, host_name="Bea")
    third = await lobby(repo)
    here = await repo.games_in_channel(CHANNEL, ("lobby", "running"))
    assert [g.id for g in here] == [first, second, third]  # oldest first
    assert [len(g.seats) for g in here] == [1, 2, 1]
    assert [g.id for g in await repo.games_in_channel(CHANNEL, ["lobby"], limit=1)] == [third]
    assert [g.id for g in await repo.games_in_channel(CHANNEL, ("running",))] == [second]
    assert await repo.games_in_channel(CHANNEL, ("finished",)) == []
    mine = await repo.games_of_user(ANN, ("lobby", "running"))
    assert [g.id for g in mine] == [first, second, third]
    assert [g.id for g in await repo.games_of_user(ANN, ("lobby",), limit=2)] == [first, third]
    assert [g.seats[0].name for g in await repo.games_of_user(BEA, ("lobby",))] == ["Bea"]


async def test_a_rematch_lobby_remembers_its_game(repo: Repository) -> None:
    old = (await running(repo)).id
    assert await repo.rematch(old) is None
    first = await lobby(repo, rematch_of=old)
    assert await repo.rematch(old) == (first, "lobby")
    await repo.close_lobby(first)
    assert await repo.rematch(old) == (first, "cancelled")
    second = await lobby(repo, rematch_of=old)
    assert await repo.rematch(old) == (second, "lobby")  # the newest


# ---------------------------------------------------------------------- moves
async def test_commit_action_appends_the_move_with_its_text(repo: Repository) -> None:
    row = await running(repo)
    await move(repo, row, 0)
    await move(repo, row, 1, seat=1, action="sing", source="computer", text="Fa la la")
    await move(repo, row, 2, ping_due=False, seat_updates=[(0, 2, False), (1, 0, True)])
    after = await read(repo, row.id)
    assert (after.version, after.state, after.status) == (3, {**STATE, "step": 3}, "running")
    assert (after.wake_at, after.deadline) == (200.0, 260.0)
    assert after.ping_due  # set by `start`, never cleared by a move
    assert await repo.actions(row.id) == [
        (0, "draw", None),
        (1, "sing", "Fa la la"),
        (0, "draw", None),
    ]
    assert [(s.timeouts, s.replaced) for s in after.seats] == [(2, False), (0, True)]
    assert after.seats[1].plays_itself and not after.seats[1].is_human


async def test_a_stale_version_raises_and_writes_nothing(repo: Repository) -> None:
    row = await running(repo)
    await move(repo, row, 0, text="first")
    before = await repo.game(row.id)
    with pytest.raises(Stale):
        await move(repo, row, 0, action="other", seat_updates=[(0, 3, True)], result=RESULT)
    with pytest.raises(Stale):
        await move(repo, row, 5)
    assert await repo.game(row.id) == before
    assert await repo.actions(row.id) == [(0, "draw", "first")]
    assert await repo.finished_games(GUILD, None) == []


async def test_a_game_not_running_takes_no_move(repo: Repository) -> None:
    game_id = await lobby(repo)
    row = await read(repo, game_id)
    with pytest.raises(Stale):
        await move(repo, row, 0)
    assert await repo.actions(game_id) == []


async def test_two_moves_at_one_version_apply_once(repo: Repository) -> None:
    row = await running(repo)
    outcomes = await asyncio.gather(
        move(repo, row, 0, action="a"), move(repo, row, 0, action="b"), return_exceptions=True
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "Stale"]
    assert len(await repo.actions(row.id)) == 1
    assert (await read(repo, row.id)).version == 1


async def test_the_last_move_stores_the_result(repo: Repository) -> None:
    row = await running(repo)
    await move(repo, row, 0, result=RESULT)
    done = await read(repo, row.id)
    assert (done.status, done.wake_at, done.deadline, done.version) == ("finished", None, None, 1)
    assert await repo.alarms() == []
    assert await repo.finished_games(GUILD, "ghosts") == [
        [(ANN, "Ann", 1, 12, 1, 0), (None, "Robo", 2, 5, 0, 0)]
    ]
    with pytest.raises(Stale):
        await move(repo, done, 1)


async def test_leaderboards_read_finished_games_by_guild_and_game(repo: Repository) -> None:
    first = await running(repo)
    await move(repo, first, 0, result=RESULT)
    second = await running(repo, game="shuffle")
    await move(repo, second, 0, result=[(0, ANN, "Ann", 2, 1, False, True), RESULT[1]])
    elsewhere = await running(repo, guild_id=None)
    await move(repo, elsewhere, 0, result=RESULT)
    await repo.abandon((await running(repo)).id)  # no result at all

    assert len(await repo.finished_games(GUILD, None)) == 2
    assert await repo.finished_games(GUILD, "shuffle") == [
        [(ANN, "Ann", 2, 1, 0, 1), (None, "Robo", 2, 5, 0, 0)]
    ]
    assert await repo.finished_games(None, None) == [
        [(ANN, "Ann", 1, 12, 1, 0), (None, "Robo", 2, 5, 0, 0)]
    ]
    assert await repo.finished_games(GUILD + 1, None) == []
    assert await repo.finished_games(GUILD, "muppets") == []


async def test_server_settings_have_defaults_and_are_kept(repo: Repository) -> None:
    assert await repo.guild_settings(GUILD) == GuildSettings(GUILD)
    mine = GuildSettings(GUILD, None, 90, (CHANNEL, OTHER_CHANNEL), False)
    await repo.save_guild_settings(mine)
    assert await repo.guild_settings(GUILD) == mine
    assert await repo.guild_settings(GUILD + 1) == GuildSettings(GUILD + 1)


async def test_a_lobby_remembers_that_computers_make_it_unrated(repo: Repository) -> None:
    row = await read(repo, await lobby(repo, computers_unrated=True))
    assert row.computers_unrated and row.rated  # no computer seated yet
    await move(repo, await running(repo, computers_unrated=True), 0, result=RESULT)
    (kept,) = await repo.standings(GUILD, "ghosts")
    assert (kept.games, kept.wins, kept.rated_games) == (1, 1, 0)


async def test_a_game_with_hints_is_unrated_and_remembers_it(repo: Repository) -> None:
    row = await read(repo, await lobby(repo))
    assert (row.hints, row.learn, row.rated) == (False, False, True)
    row.hints = True
    await repo.save_lobby(row)
    assert not (await read(repo, row.id)).rated
    learning = await read(repo, await lobby(repo, hints=True, learn=True))
    assert (learning.hints, learning.learn) == (True, True)
    await move(repo, await running(repo, hints=True), 0, result=RESULT)
    (kept,) = await repo.standings(GUILD, "ghosts")
    assert (kept.games, kept.wins, kept.rated_games) == (1, 1, 0)


# ---------------------------------------------------------------------- alarms and showing
async def test_alarms_are_the_running_games_with_a_wake_time(repo: Repository) -> None:
    ticking = await running(repo)
    idle = await running(repo)
    await repo.set_schedule(idle.id, None, None)
    stopped = await running(repo)
    await repo.quarantine(stopped.id)
    await lobby(repo)
    assert await repo.alarms() == [(ticking.id, 100.0)]
    await repo.set_schedule(ticking.id, 300.5, 400.0)
    assert await repo.alarms() == [(ticking.id, 300.5)]
    assert (await read(repo, ticking.id)).deadline == 400.0


async def test_unshown_lists_what_a_restart_must_show_again(repo: Repository) -> None:
    row = await running(repo)
    assert await repo.unshown() == [row.id]  # just started: never shown, ping owed
    await repo.set_shown(row.id, 0)
    await repo.set_ping(row.id, 55)
    assert await repo.unshown() == [row.id]  # Ann has no hand message yet
    await repo.set_seat_dm(row.id, 0, 600, 601, False)
    assert await repo.unshown() == []
    seat = (await repo.seats(row.id))[0]
    assert (seat.dm_channel_id, seat.dm_message_id, seat.dm_failed) == (600, 601, False)

    await move(repo, row, 0)
    assert await repo.unshown() == [row.id]  # the table is behind
    await repo.set_shown(row.id, 1)
    await repo.set_shown(row.id, 0)  # an older edit finishing late changes nothing
    assert await repo.unshown() == []
    await repo.set_ping(row.id, None, due=True)
    assert await repo.unshown() == [row.id]
    assert (await read(repo, row.id)).ping_message_id is None
    await repo.set_ping(row.id, 56)
    await repo.set_seat_dm(row.id, 0, None, None, True)  # DMs closed: nothing to show there
    assert await repo.unshown() == []

    await move(repo, row, 1, result=RESULT, ping_due=True)
    await repo.set_shown(row.id, 2)
    assert await repo.unshown() == [row.id]  # the result is not announced yet
    await repo.set_ping(row.id, None)
    assert await repo.unshown() == []


async def test_a_seat_handed_to_the_computer_and_back(repo: Repository) -> None:
    row = await running(repo)
    await repo.set_seat_control(row.id, 0, 3, True)
    seat = (await repo.seats(row.id))[0]
    assert (seat.timeouts, seat.replaced, seat.is_human) == (3, True, False)
    await repo.set_seat_control(row.id, 0, 0, False)
    seat = (await repo.seats(row.id))[0]
    assert (seat.timeouts, seat.replaced, seat.is_human) == (0, False, True)


# ---------------------------------------------------------------------- ending without a result
async def test_quarantine_then_abandon(repo: Repository, backend: Backend, url: str) -> None:
    row = await running(repo)
    backend.damage_state(url, row.id)
    damaged = await repo.game(row.id)
    assert damaged is not None and damaged.damaged and damaged.state is None
    assert await repo.quarantine(row.id)
    assert not await repo.quarantine(row.id)
    stopped = await read(repo, row.id)
    assert (stopped.status, stopped.wake_at, stopped.deadline) == ("quarantined", None, None)
    assert await repo.unshown() == []
    assert await repo.abandon(row.id)
    assert not await repo.abandon(row.id)
    assert (await read(repo, row.id)).status == "abandoned"


async def test_abandon_ends_only_a_running_game(repo: Repository) -> None:
    game_id = await lobby(repo)
    assert not await repo.abandon(game_id)
    assert not await repo.quarantine(game_id)
    row = await running(repo)
    assert await repo.abandon(row.id)
    with pytest.raises(Stale):
        await move(repo, row, 0)
    assert await repo.alarms() == [] and await repo.finished_games(GUILD, None) == []


# ---------------------------------------------------------------------- closed-DM notices
async def test_dm_notices_are_kept_once_per_channel_and_taken_once(repo: Repository) -> None:
    assert await repo.dm_notice(CHANNEL, ANN) is None
    assert await repo.take_dm_notices(ANN) == []
    await repo.add_dm_notice(CHANNEL, ANN, 1)
    await repo.add_dm_notice(CHANNEL, ANN, 2)  # a newer notice replaces the old one
    await repo.add_dm_notice(OTHER_CHANNEL, ANN, 3)
    await repo.add_dm_notice(CHANNEL, BEA, 4)
    assert await repo.dm_notice(CHANNEL, ANN) == 2
    taken = await asyncio.gather(repo.take_dm_notices(ANN), repo.take_dm_notices(ANN))
    assert sorted(map(sorted, taken)) == [[], [(CHANNEL, 2), (OTHER_CHANNEL, 3)]]
    assert await repo.dm_notice(CHANNEL, ANN) is None
    assert await repo.dm_notice(CHANNEL, BEA) == 4


# ---------------------------------------------------------------------- migrations
async def test_an_empty_database_gets_the_whole_schema(backend: Backend, url: str) -> None:
    preflight(url)
    store = await open_repository(url)
    await store.close()
    assert backend.schema_version(url) == head()
    again = await open_repository(url)  # opening a current database changes nothing
    assert await again.games_in_channel(CHANNEL, ("lobby",)) == []
    await again.close()
    assert backend.schema_version(url) == head()


def test_alembic_builds_exactly_the_schema_the_queries_use(backend: Backend, url: str) -> None:
    """The revisions and `tables` agree: nothing for autogenerate to add or change."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from bot.storage.sql.tables import metadata

    asyncio.run(_open_and_close(url))
    sync_url = url if url.startswith("sqlite") else url.replace("postgresql", "postgresql+psycopg")
    engine = sqlalchemy.create_engine(sync_url)
    try:
        with engine.connect() as db:
            diff = compare_metadata(MigrationContext.configure(db), metadata)
    finally:
        engine.dispose()
    assert diff == []


async def _open_and_close(url: str) -> None:
    await (await open_repository(url)).close()


def make_v3(engine: sqlalchemy.Engine) -> None:
    """A database as schema 3 left it: a running game whose actions have no `text`."""
    insert(
        engine,
        "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, options,"
        " seed, version, state, created) VALUES (1, 'ghosts', 'running', ?, ?, ?,"
        " '{}', 7, 2, ?, 0)",
        [(GUILD, CHANNEL, ANN, json.dumps(STATE))],
    )
    insert(
        engine, "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, ?, 'Ann')", [(ANN,)]
    )
    insert(
        engine,
        "INSERT INTO actions (game_id, version, seat, action, source, at)"
        " VALUES (1, ?, 0, ?, 'user', 0)",
        [(1, "draw"), (2, "play:3")],
    )


def make_v6(engine: sqlalchemy.Engine) -> None:
    """A database as schema 6 left it: game 1 finished (Ann won, a computer second, Bea taken
    over after timeouts and last) with its results, game 2 running, game 3 a lobby."""
    insert(
        engine,
        "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, options,"
        " seed, version, state, created, finished, wake_at) VALUES (?, 'ghosts', ?, ?,"
        " ?, ?, '{}', 7, ?, ?, 0, ?, ?)",
        [
            (1, "finished", GUILD, CHANNEL, ANN, 9, json.dumps(STATE), 50.0, None),
            (2, "running", GUILD, CHANNEL, ANN, 2, json.dumps(STATE), None, 300.0),
            (3, "lobby", GUILD, CHANNEL, BEA, 0, None, None, None),
        ],
    )
    insert(
        engine,
        "INSERT INTO seats (game_id, seat, user_id, name, bot_level, timeouts, replaced)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (1, 0, ANN, "Ann", None, 0, 0),
            (1, 1, None, "Robo", "easy", 0, 0),
            (1, 2, BEA, "Bea", None, 2, 1),
            (2, 0, ANN, "Ann", None, 0, 0),
            (2, 1, BEA, "Bea", None, 0, 0),
            (3, 0, BEA, "Bea", None, 0, 0),
        ],
    )
    insert(
        engine,
        "INSERT INTO results (game_id, guild_id, game, seat, user_id, name, rank, score,"
        " won, abandoned, finished) VALUES (1, ?, 'ghosts', ?, ?, ?, ?, ?, ?, ?, 50.0)",
        [
            (GUILD, 0, ANN, "Ann", 1, 12, 1, 0),
            (GUILD, 1, None, "Robo", 2, 8, 0, 0),
            (GUILD, 2, BEA, "Bea", 3, 5, 0, 1),
        ],
    )


def make_v8(engine: sqlalchemy.Engine) -> None:
    """A database as schema 8 left it (before hints): game 1 finished with its results and
    kept ratings, game 2 a lobby with a computer on a server that rates no such game."""
    insert(
        engine,
        "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, options,"
        " seed, version, state, created, finished, computers_unrated) VALUES (?,"
        " 'ghosts', ?, ?, ?, ?, '{}', 7, ?, ?, 0, ?, ?)",
        [
            (1, "finished", GUILD, CHANNEL, ANN, 9, json.dumps(STATE), 50.0, 0),
            (2, "lobby", GUILD, CHANNEL, BEA, 0, None, None, 1),
        ],
    )
    insert(
        engine,
        "INSERT INTO seats (game_id, seat, user_id, name, bot_level) VALUES (?, ?, ?, ?, ?)",
        [
            (1, 0, ANN, "Ann", None),
            (1, 1, BEA, "Bea", None),
            (2, 0, BEA, "Bea", None),
            (2, 1, None, "Holly-bot", "normal"),
        ],
    )
    insert(
        engine,
        "INSERT INTO results (game_id, guild_id, game, seat, user_id, name, rank, score,"
        " won, abandoned, finished) VALUES (1, ?, 'ghosts', ?, ?, ?, ?, ?, ?, 0, 50.0)",
        [(GUILD, 0, ANN, "Ann", 1, 12, 1), (GUILD, 1, BEA, "Bea", 2, 5, 0)],
    )
    insert(
        engine,
        "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins,"
        " places, rated_games, best) VALUES (?, ?, ?, ?, 27.0, 7.0, 1, ?, ?, 1, ?)",
        [
            (GUILD, game, uid, name, won, place, best)
            for game in ("ghosts", "*")
            for uid, name, won, place, best in ((ANN, "Ann", 1, 1, 12), (BEA, "Bea", 0, 2, 5))
        ],
    )


async def test_a_v3_database_is_migrated_and_keeps_its_games(backend: Backend, url: str) -> None:
    make_v3(backend.legacy(url, 3))
    store = await open_repository(url)
    try:
        assert backend.schema_version(url) == head()
        row = await store.game(1)
        assert row is not None
        assert (row.status, row.version, row.state, row.ping_due) == ("running", 2, STATE, False)
        assert await store.actions(1) == [(0, "draw", None), (0, "play:3", None)]
        await move(store, row, 2, action="sing", text="Deck the halls")
        assert (await store.actions(1))[-1] == (0, "sing", "Deck the halls")
        assert await store.rematch(1) is None
    finally:
        await store.close()


async def test_a_v6_database_is_migrated_and_keeps_its_games_and_results(
    backend: Backend, url: str
) -> None:
    make_v6(backend.legacy(url, 6))
    store = await open_repository(url)
    try:
        assert backend.schema_version(url) == head()
        finished = await read(store, 1)
        assert [(s.replaced, s.resigned) for s in finished.seats] == [
            (False, False),
            (False, False),
            (True, False),
        ]
        assert await store.finished_games(GUILD, "ghosts") == [
            [(ANN, "Ann", 1, 12, 1, 0), (None, "Robo", 2, 8, 0, 0), (BEA, "Bea", 3, 5, 0, 1)]
        ]
        assert await store.alarms() == [(2, 300.0)], "an old lobby has no expiry"
        assert await store.resign(2, 1, 400.0, None)
        assert [s.resigned for s in await store.seats(2)] == [False, True]
        assert (await read(store, 3)).status == "lobby"
    finally:
        await store.close()


async def test_a_v8_database_is_migrated_and_keeps_its_games_results_and_ratings(
    backend: Backend, url: str
) -> None:
    make_v8(backend.legacy(url, 8))
    store = await open_repository(url)
    try:
        assert backend.schema_version(url) == head()
        finished = await read(store, 1)
        assert (finished.status, finished.hints, finished.learn) == ("finished", False, False)
        assert await store.finished_games(GUILD, "ghosts") == [
            [(ANN, "Ann", 1, 12, 1, 0), (BEA, "Bea", 2, 5, 0, 0)]
        ]
        assert [(st.user_id, st.games, st.wins) for st in await store.standings(GUILD, None)] == [
            (ANN, 1, 1),
            (BEA, 1, 0),
        ]
        old = await read(store, 2)
        assert (old.hints, old.computers_unrated, old.rated) == (False, True, False)
        old.hints = True
        await store.save_lobby(old)
        assert (await read(store, 2)).hints
    finally:
        await store.close()


async def test_a_database_of_the_last_release_before_alembic_plays_on(
    backend: Backend, url: str
) -> None:
    """Schema 9, as the last release made it: a running game with moves, a finished game
    with its results and ratings, a lobby. Opened with this code it upgrades in place, the
    running game takes moves and finishes, and history and standings read right."""
    engine = backend.legacy(url, 9)
    make_v8(engine)
    insert(
        engine,
        "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, options, seed,"
        " version, state, created, wake_at, hints, learn, shown_version, ping_due) VALUES"
        " (3, 'ghosts', 'running', ?, ?, ?, '{\"rounds\": \"3\"}', 7, 2, ?, 60.0, 500.0,"
        " 0, 1, 2, 0)",
        [(GUILD, CHANNEL, ANN, json.dumps(STATE))],
    )
    insert(
        engine,
        "INSERT INTO seats (game_id, seat, user_id, name, bot_level, dm_channel_id,"
        " dm_message_id) VALUES (3, ?, ?, ?, ?, ?, ?)",
        [(0, ANN, "Ann", None, 600, 601), (1, None, "Robo", "easy", None, None)],
    )
    insert(
        engine,
        "INSERT INTO actions (game_id, version, seat, action, source, at, text)"
        " VALUES (3, ?, ?, ?, ?, 61.0, ?)",
        [(1, 0, "draw", "user", "Ho ho"), (2, 1, "play:3", "timeout", None)],
    )
    engine.dispose()
    store = await open_repository(url)
    try:
        assert backend.schema_version(url) == head()
        row = await read(store, 3)
        assert (row.status, row.version, row.state, row.learn, row.options) == (
            "running",
            2,
            STATE,
            True,
            {"rounds": "3"},
        )
        assert await store.actions(3) == [(0, "draw", "Ho ho"), (1, "play:3", None)]
        assert await store.timed_out(3) == {2}
        assert sorted(await store.alarms()) == [(3, 500.0)]
        assert await store.unshown() == []
        with pytest.raises(Stale):
            await move(store, row, 1)
        await move(store, row, 2)
        await move(store, row, 3, result=[(0, ANN, "Ann", 1, 20, True, False), RESULT[1]])
        assert (await read(store, 3)).status == "finished"
        total, games = await store.history(GUILD)
        assert total == 2 and [g.game_id for g in games] == [3, 1]
        assert games[1].seats == ((ANN, "Ann", 1, 12, 1, 0), (BEA, "Bea", 2, 5, 0, 0))
        kept = {st.user_id: st for st in await store.standings(GUILD, "ghosts")}
        assert (kept[ANN].games, kept[ANN].wins, kept[BEA].games) == (2, 2, 1)
        assert (await store.records(GUILD))[0].score == 20
    finally:
        await store.close()


# ---------------------------------------------------------------------- leaving
async def test_a_lobby_keeps_its_expiry_alarm_until_it_closes(repo: Repository) -> None:
    game_id = await lobby(repo, expires=1800.0)
    other = await lobby(repo, expires=1900.0)
    assert sorted(await repo.alarms()) == [(game_id, 1800.0), (other, 1900.0)]
    row = await read(repo, game_id)
    assert row.wake_at == 1800.0
    assert await repo.close_lobby(game_id)
    assert await repo.alarms() == [(other, 1900.0)]
    assert not await repo.close_lobby(game_id)


async def test_save_lobby_writes_the_host(repo: Repository) -> None:
    game_id = await lobby(repo)
    row = await read(repo, game_id)
    row.seats = [SeatRow(seat=0, user_id=BEA, name="Bea", bot_level=None)]
    row.host_id = BEA
    await repo.save_lobby(row)
    assert (await read(repo, game_id)).host_id == BEA


async def test_resign_hands_the_seat_over_once_or_abandons(repo: Repository) -> None:
    row = await running(repo)
    assert await repo.resign(row.id, 0, 500.0, None)
    seat = (await repo.seats(row.id))[0]
    assert (seat.replaced, seat.resigned, seat.timeouts) == (True, True, 0)
    after = await read(repo, row.id)
    assert (after.wake_at, after.deadline, after.status) == (500.0, None, "running")
    assert not await repo.resign(row.id, 0, 600.0, None), "once only"
    assert not await repo.resign(row.id, 1, 600.0, None), "a computer cannot resign"
    again = await running(repo)
    assert await repo.resign(again.id, 0, None, None, abandon=True)
    ended = await read(repo, again.id)
    assert (ended.status, ended.wake_at) == ("abandoned", None)
    assert not await repo.resign(again.id, 0, None, None), "not running any more"


# ---------------------------------------------------------------------- the seam
SQL = re.compile(
    r"\b(SELECT\b.+\bFROM|INSERT (OR \w+ )?INTO|UPDATE \w+ SET|DELETE FROM|CREATE (TABLE|INDEX)"
    r"|ALTER TABLE|PRAGMA|BEGIN|FOR UPDATE)\b"
)


def test_sql_strings_live_only_in_the_storage_layer_and_its_history() -> None:
    """The rest of the bot goes through `Repository`; the layer writes its queries in
    SQLAlchemy Core, with SQL strings only where one database needs its own (SQLite's
    pragmas and BEGIN IMMEDIATE, PostgreSQL's advisory lock) and in the frozen steps of
    `bot.storage.legacy`."""
    bot = Path(__file__).resolve().parents[2] / "bot"
    allowed = {
        bot / "storage" / "legacy.py",
        bot / "storage" / "sql" / "database.py",
        bot / "storage" / "sql" / "sqlite_file.py",
        bot / "storage" / "sql" / "migrate.py",
    }
    found = [
        f"{path.relative_to(bot)}:{n}"
        for path in sorted(bot.rglob("*.py"))
        if path not in allowed
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if SQL.search(line)
    ]
    assert found == []
    assert all(SQL.search(p.read_text()) for p in allowed)  # the pattern works
