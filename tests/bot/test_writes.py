"""SQLite's write queue (`bot.storage.sql.writes.WriteQueue`): one writer at a time, first come
first served, but a player's move goes ahead of bookkeeping writes waiting before it; a wait
given up leaves the queue as it was."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage.sql.writes import WriteQueue


async def _take(queue: WriteQueue, name: str, urgent: bool, order: list[str]) -> None:
    await queue.acquire(urgent)
    order.append(name)
    queue.release()


async def _queued(queue: WriteQueue, *waiters: tuple[str, bool]) -> list[str]:
    """Hold the lock while `waiters` queue in this order, then let them through."""
    order: list[str] = []
    await queue.acquire()
    tasks = []
    for name, urgent in waiters:
        tasks.append(asyncio.create_task(_take(queue, name, urgent, order)))
        await asyncio.sleep(0)  # each queues before the next starts
    queue.release()
    await asyncio.gather(*tasks)
    return order


async def test_a_move_goes_ahead_of_bookkeeping_queued_before_it() -> None:
    queue = WriteQueue()
    order = await _queued(
        queue,
        ("shown", False),
        ("ping", False),
        ("move 1", True),
        ("lease", False),
        ("move 2", True),
    )
    assert order == ["move 1", "move 2", "shown", "ping", "lease"]
    assert not queue.locked()


async def test_an_idle_queue_is_taken_at_once() -> None:
    queue = WriteQueue()
    await queue.acquire()
    assert queue.locked()
    queue.release()
    assert not queue.locked()


async def test_a_wait_given_up_leaves_the_others_their_turn() -> None:
    queue = WriteQueue()
    await queue.acquire()
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0):
            await queue.acquire(urgent=True)
    order: list[str] = []
    later = asyncio.create_task(_take(queue, "later", False, order))
    await asyncio.sleep(0)
    queue.release()
    await later
    assert order == ["later"] and not queue.locked()


async def test_a_wait_cancelled_just_as_its_turn_came_passes_the_lock_on() -> None:
    queue = WriteQueue()
    await queue.acquire()
    first = asyncio.create_task(queue.acquire(urgent=True))
    order: list[str] = []
    second = asyncio.create_task(_take(queue, "second", False, order))
    await asyncio.sleep(0)
    queue.release()  # handed to `first`, which is cancelled before it runs
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    await second
    assert order == ["second"] and not queue.locked()
