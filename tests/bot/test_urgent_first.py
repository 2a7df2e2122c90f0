"""`bot.urgent_first.UrgentFirst`, the queue for SQLite's one writer and for the thinking
processes: first come first served, but what a player waits for (a move pressed, a hint) goes
ahead of what is queued before it (bookkeeping writes, computers' searches); a wait given up
leaves the queue as it was."""

from __future__ import annotations

import asyncio

import pytest

from bot.urgent_first import UrgentFirst
from tests.bot.harness import HANG
from tests.bot.test_hard import HeldThinking


async def _take(queue: UrgentFirst, name: str, urgent: bool, order: list[str]) -> None:
    await queue.acquire(urgent)
    order.append(name)
    queue.release()


async def _queued(queue: UrgentFirst, *waiters: tuple[str, bool]) -> list[str]:
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
    queue = UrgentFirst()
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
    queue = UrgentFirst()
    await queue.acquire()
    assert queue.locked()
    queue.release()
    assert not queue.locked()


async def test_a_wait_given_up_leaves_the_others_their_turn() -> None:
    queue = UrgentFirst()
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
    queue = UrgentFirst()
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


async def test_several_slots_are_taken_at_once_and_then_urgent_first() -> None:
    queue = UrgentFirst(2)
    await queue.acquire()
    await queue.acquire()
    assert queue.locked()
    order: list[str] = []
    tasks = []
    for name, urgent in (("search 3", False), ("search 4", False), ("hint", True)):
        tasks.append(asyncio.create_task(_take(queue, name, urgent, order)))
        await asyncio.sleep(0)  # each queues before the next starts
    queue.release()  # one of the two running searches ends
    await asyncio.gather(*tasks)
    assert order == ["hint", "search 3", "search 4"]
    queue.release()
    assert queue.free == 2


async def test_a_hint_goes_ahead_of_the_searches_waiting_for_a_thinking_process(harness):
    """With every thinking process busy and computers' searches queued, a hint asked later
    is the next to think (`Hub.think(…, urgent=True)`, as bot/hints.py asks)."""
    hub = harness.bot.service.hub
    hub.think_executor = pool = HeldThinking()
    hub.think_queue = UrgentFirst(1)
    running = asyncio.ensure_future(hub.think(str, "search 1"))  # each starts in this order
    queued = [
        asyncio.ensure_future(hub.think(str, "search 2")),
        asyncio.ensure_future(hub.think(str, "hint", urgent=True)),
        asyncio.ensure_future(hub.think(str, "search 3")),
    ]
    await asyncio.wait_for(pool.asked.wait(), HANG)
    assert hub.think_queue.waiting() == 3
    order = []
    for _ in range(4):
        await asyncio.wait_for(pool.asked.wait(), HANG)
        order.append(pool.finish_oldest())
    assert order == ["search 1", "hint", "search 2", "search 3"]
    assert [await t for t in (running, *queued)] == ["search 1", "search 2", "hint", "search 3"]
