"""PostgreSQL's pool of connections: one the server dropped while it sat unused (a restart of
the server, an idle timeout) is found out before use and replaced, so the next read or write
succeeds; connections used a moment ago are not asked first (`database.IDLE_PING`)."""

from __future__ import annotations

import psycopg
import pytest

from bot.storage import DatabaseError, open_repository
from bot.storage.sql import database
from tests.bot.test_repository import move, read, running

DROP_OURS = (
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
    " WHERE application_name = 'tinsel' AND pid <> pg_backend_pid()"
)


def drop_connections(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(DROP_OURS)


async def test_a_dropped_connection_unused_for_a_while_is_replaced(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "IDLE_PING", 0.0)  # every pooled connection "idle for long"
    repo = await open_repository(postgres_url)
    try:
        game = await running(repo)
        drop_connections(postgres_url)
        assert (await read(repo, game.id)).version == game.version
        drop_connections(postgres_url)
        await move(repo, game, game.version)
        assert (await read(repo, game.id)).version == game.version + 1
    finally:
        await repo.close()


async def test_a_connection_used_a_moment_ago_is_not_asked_first(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other side of the bargain: within IDLE_PING a dropped connection fails once (one
    press is told to try again), and the pool has replaced it for the next."""
    monkeypatch.setattr(database, "IDLE_PING", 3600.0)
    repo = await open_repository(postgres_url)
    try:
        game = await running(repo)
        drop_connections(postgres_url)
        with pytest.raises(DatabaseError):
            await read(repo, game.id)
        assert (await read(repo, game.id)).version == game.version
    finally:
        await repo.close()
