"""Several processes on one database: alarms claimed with a lease, and the tables of a
process's shards that another process left behind (`Repository.claim`, `claim_due`,
`release`, `lagging`). Run on every backend of tests/bot/test_repository.py."""

from __future__ import annotations

import asyncio

from bot.storage import Repository, open_repository
from tests.bot import test_repository as contract
from tests.bot.test_repository import RESULT, Backend, lobby, move, read, running

# The contract tests' fixtures: every backend, a fresh database on it.
backend, url, repo = contract.backend, contract.url, contract.repo

A, B = "host:1:aa", "host:2:bb"
LEASE = 5.0
#: Guild ids on shard 0 and shard 1 of two ((guild_id >> 22) % 2).
SHARD0, SHARD1 = 8 << 22, (9 << 22) | 12345


async def test_one_owner_at_a_time_until_the_lease_expires(repo: Repository) -> None:
    row = await running(repo)
    assert await repo.claim(row.id, A, 1000.0, LEASE)
    assert not await repo.claim(row.id, B, 1004.9, LEASE)
    assert await repo.claim(row.id, A, 1004.0, LEASE)  # one's own lease: extended
    assert not await repo.claim(row.id, B, 1008.0, LEASE)
    assert await repo.claim(row.id, B, 1009.0, LEASE)  # A's lease ran out at 1009
    await repo.release(row.id, A)  # not A's any more: nothing
    assert not await repo.claim(row.id, A, 1010.0, LEASE)
    await repo.release(row.id, B)
    assert await repo.claim(row.id, A, 1010.0, LEASE)


async def test_only_a_running_game_or_an_open_lobby_is_claimed(repo: Repository) -> None:
    game_id = await lobby(repo)
    assert await repo.claim(game_id, A, 1.0, LEASE)
    await repo.release(game_id, A)
    assert await repo.close_lobby(game_id)
    assert not await repo.claim(game_id, A, 2.0, LEASE)
    row = await running(repo)
    await move(repo, row, 0, result=RESULT)
    assert not await repo.claim(row.id, A, 3.0, LEASE)
    assert not await repo.claim(9999, A, 3.0, LEASE)


async def test_due_alarms_are_claimed_once_oldest_first(repo: Repository) -> None:
    late = await running(repo)  # wake_at 100
    later = await running(repo)
    await repo.set_schedule(later.id, 150.0, None)
    early = await running(repo)
    await repo.set_schedule(early.id, 50.0, None)
    future = await running(repo)
    await repo.set_schedule(future.id, 500.0, None)
    held = await running(repo)
    assert await repo.claim(held.id, B, 90.0, LEASE)  # B holds it until 95
    assert await repo.claim_due(A, 200.0, LEASE, limit=2) == [(early.id, 50.0), (late.id, 100.0)]
    assert await repo.claim_due(A, 200.0, LEASE) == [(held.id, 100.0), (later.id, 150.0)]
    assert await repo.claim_due(B, 200.0, LEASE) == []  # A holds all four now
    assert await repo.claim_due(A, 200.0, LEASE) == []  # not again while A holds them
    assert not await repo.claim(late.id, B, 204.0, LEASE)
    assert await repo.claim_due(B, 205.0, LEASE) == [
        (early.id, 50.0),
        (late.id, 100.0),
        (held.id, 100.0),
        (later.id, 150.0),
    ]  # A's leases ran out (a killed process): B takes the alarms over


async def test_two_owners_claiming_at_once_never_share_a_game(repo: Repository) -> None:
    ids = [(await running(repo)).id for _ in range(12)]
    got = await asyncio.gather(
        *(repo.claim_due(owner, 1000.0, LEASE, limit=4) for owner in (A, B) * 3)
    )
    claimed = [game_id for alarms in got for game_id, _ in alarms]
    assert sorted(claimed) == ids


async def test_lagging_lists_the_tables_of_ones_shards_left_behind(repo: Repository) -> None:
    one = await running(repo, guild_id=SHARD1)
    zero = await running(repo, guild_id=SHARD0)
    dm = await running(repo, guild_id=None)  # outside any guild: shard 0
    assert await repo.lagging(2, [1]) == [one.id]  # just started: never shown
    assert await repo.lagging(2, [0]) == [zero.id, dm.id]
    assert await repo.lagging(2, [0, 1]) == [one.id, zero.id, dm.id]
    assert await repo.lagging(2, []) == []
    for row in (one, zero, dm):
        await repo.set_shown(row.id, 0)
    assert await repo.lagging(2, [0, 1]) == []
    await move(repo, one, 0)  # moved elsewhere: its table is behind
    assert await repo.lagging(2, [1]) == [one.id]
    await repo.set_shown(one.id, 1)
    await move(repo, one, 1, result=RESULT, ping_due=True)
    await repo.set_shown(one.id, 2)
    assert await repo.lagging(2, [1]) == [one.id]  # the result is still to be announced
    await repo.set_ping(one.id, None)
    assert await repo.lagging(2, [1]) == []
    await move(repo, zero, 0)
    await move(repo, dm, 0)
    assert await repo.lagging(1, [0]) == [zero.id, dm.id]  # one shard: every game on it


async def test_a_database_of_today_gets_leases_and_keeps_its_games(
    backend: Backend, url: str
) -> None:
    await backend.make_v8(url)  # then schema 9 (today's) and the leases on opening
    store = await open_repository(url)
    try:
        assert backend.schema_version(url) == backend.latest
        assert (await read(store, 1)).status == "finished"
        assert await store.claim(2, A, 1.0, LEASE)  # the open lobby's alarm
        assert not await store.claim(1, A, 1.0, LEASE)  # finished long ago
        assert await store.lagging(1, [0]) == []
    finally:
        await store.close()
