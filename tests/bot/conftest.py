"""Fixtures: a fake Discord on 127.0.0.1 and a harness running the real bot against it."""

from __future__ import annotations

import pytest

from tests.bot.fake_discord import FakeDiscord
from tests.bot.harness import Harness
from tests.bot.play import drawn_tables


@pytest.fixture
async def fake():
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()
    assert not server.violations, "the bot broke Discord's rules:\n" + "\n".join(server.violations)


@pytest.fixture
async def harness(fake, tmp_path, monkeypatch):
    drawn_tables(monkeypatch)
    h = Harness(fake, tmp_path / "tinsel.db")
    await h.start_bot()
    yield h
    if h.bot is not None:
        await h.stop_bot()


# The throwaway PostgreSQL server of the repository's contract tests (see tests/bot/postgres.py).
from tests.bot.postgres import postgres_url, postgresql_proc  # noqa: E402

__all__ = ["postgres_url", "postgresql_proc"]
