"""The alarm leases and shard lists several bot processes share (`Repository.claim`,
`claim_due`, `release`, `lagging`), on every backend, through the interface alone."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import Busy, Repository, Stale, open_repository
from tests.bot.test_repository import (
    GUILD,
    RESULT,
    Backend,
    backend,
    lobby,
    move,
    read,
    repo,
    running,
    url,
)

__all__ = ["backend", "repo", "url"]  # the fixtures, for pytest

ONE, TWO = "host-a:10:aa", "host-b:20:bb"


def ids(lagging: list[tuple[int, int]]) -> list[int]:
    return [game_id for game_id, _ in lagging]


async def test_a_claim_holds_the_alarm_until_it_runs_out(repo: Repository) -> None:
    game = await running(repo)
    assert await repo.claim(game.id, ONE, now=1000.0, lease=30.0)
    assert not await repo.claim(game.id, TWO, now=1010.0, lease=30.0), "held by another"
    assert await repo.claim(game.id, ONE, now=1020.0, lease=30.0), "one's own: extended"
    assert not await repo.claim(game.id, TWO, now=1049.0, lease=30.0), "still held till 1050"
    assert await repo.claim(game.id, TWO, now=1050.0, lease=30.0), "ran out: taken over"
    assert not await repo.claim(game.id, ONE, now=1051.0, lease=30.0)


async def test_only_a_running_game_or_an_open_lobby_can_be_claimed(repo: Repository) -> None:
    open_one = await lobby(repo, expires=500.0)
    assert await repo.claim(open_one, ONE, 0.0, 30.0)
    closed = await lobby(repo)
    await repo.close_lobby(closed)
    assert not await repo.claim(closed, ONE, 0.0, 30.0)
    done = await running(repo)
    await move(repo, done, 0, result=RESULT)
    assert not await repo.claim(done.id, ONE, 0.0, 30.0)
    assert not await repo.claim(404, ONE, 0.0, 30.0)


async def test_release_frees_only_ones_own_lease(repo: Repository) -> None:
    game = await running(repo)
    assert await repo.claim(game.id, ONE, 0.0, 30.0)
    await repo.release(game.id, TWO)  # not TWO's: nothing happens
    assert not await repo.claim(game.id, TWO, 1.0, 30.0)
    await repo.release(game.id, ONE)
    assert await repo.claim(game.id, TWO, 1.0, 30.0)


async def test_claim_due_takes_due_alarms_oldest_first_up_to_the_limit(repo: Repository) -> None:
    games = [await running(repo) for _ in range(4)]
    for game, wake in zip(games, (300.0, 100.0, 200.0, 900.0), strict=True):
        await repo.set_schedule(game.id, wake, None)
    expiring = await lobby(repo, expires=150.0)
    idle = await running(repo)
    await repo.set_schedule(idle.id, None, None)
    assert await repo.claim(games[2].id, TWO, 0.0, 1000.0)  # TWO holds the one due at 200

    first = await repo.claim_due(ONE, now=500.0, lease=30.0, limit=2)
    assert first == [(games[1].id, 100.0), (expiring, 150.0)]
    assert await repo.claim_due(ONE, now=500.0, lease=30.0) == [(games[0].id, 300.0)], (
        "not one's own live leases again (it is waking them), not TWO's, nothing not yet due"
    )
    assert await repo.claim_due(TWO, now=510.0, lease=30.0) == []
    assert [a for a, _ in await repo.claim_due(TWO, now=531.0, lease=30.0)] == [
        games[1].id,
        expiring,
        games[0].id,
    ], "ONE's leases ran out at 530 (a killed process): TWO takes them over"


async def test_two_owners_claiming_at_once_never_get_the_same_game(url: str) -> None:
    stores = [await open_repository(url) for _ in range(2)]
    try:
        games = [await running(stores[0]) for _ in range(12)]
        for i, game in enumerate(games):
            await stores[0].set_schedule(game.id, float(i), None)
        got = await asyncio.gather(
            *(
                stores[i % 2].claim_due(owner, 100.0, 30.0, limit=5)
                for i, owner in enumerate((ONE, TWO, ONE + "x", TWO + "x"))
            )
        )
        ids = [game_id for alarms in got for game_id, _ in alarms]
        assert len(ids) == len(set(ids)) == 12, got
    finally:
        for store in stores:
            await store.close()


async def test_lagging_lists_running_games_behind_their_table_by_shard(repo: Repository) -> None:
    shard0, shard1 = (1000 << 22) + 7, (1001 << 22) + 7  # (guild >> 22) % 2 is 0, then 1
    a = await running(repo, guild_id=shard0)
    b = await running(repo, guild_id=shard1)
    dm = await running(repo, guild_id=None)  # outside any guild: shard 0
    shown = await running(repo, guild_id=shard1)
    await repo.set_shown(shown.id, 0)
    done = await running(repo, guild_id=shard0)
    await move(repo, done, 0, result=RESULT)
    await repo.set_ping(done.id, None)  # its result announced
    assert ids(await repo.lagging(2, [0])) == [a.id, dm.id]
    assert ids(await repo.lagging(2, [1])) == [b.id]
    assert ids(await repo.lagging(2, [0, 1])) == [a.id, b.id, dm.id]
    assert ids(await repo.lagging(1, [0])) == [a.id, b.id, dm.id]
    await repo.set_shown(a.id, 0)
    await move(repo, b, 0)
    assert ids(await repo.lagging(2, [0, 1])) == [b.id, dm.id]
    assert await repo.lagging(2, [1]) == [(b.id, 1)], "with the version it is at"
    assert ids(await repo.lagging(2, [])) == []
    assert (await read(repo, b.id)).guild_id == shard1 != GUILD


async def test_lagging_lists_a_result_still_to_announce(repo: Repository) -> None:
    """A game finished in another process: its owner announces the result."""
    game = await running(repo, guild_id=(1001 << 22) + 7)
    await repo.set_shown(game.id, 0)
    await move(repo, game, 0, result=RESULT, ping_due=True)
    await repo.set_shown(game.id, 1)
    assert ids(await repo.lagging(2, [1])) == [game.id]
    assert ids(await repo.lagging(2, [0])) == []
    await repo.set_ping(game.id, None)
    assert ids(await repo.lagging(2, [1])) == []


async def test_a_held_lock_makes_a_write_busy_and_writes_nothing(
    backend: Backend, url: str
) -> None:
    """Another process holding the game's lock: the write gives up within the bounds
    (`BUSY_TIMEOUT`) and raises `Busy`, having written nothing."""
    repo = await open_repository(url)
    try:
        game = await running(repo)
        with backend.locked(url, game.id), pytest.raises(Busy):
            await move(repo, game, 0)
        assert (await read(repo, game.id)).version == 0
        await move(repo, game, 0)
        with pytest.raises(Stale):
            await move(repo, game, 0)
    finally:
        await repo.close()
