"""The level a computer plays a human's seat at (issue 31, `bot.levels`): a late move, and a
seat taken over after two timeouts, are played by `normal` (quick) even beside `hard`
computers; a seat handed over for good (its player resigned) at the lobby's level, the
strongest of its computers'."""

from __future__ import annotations

import random
from typing import Any

from bot import thinking
from bot.decisions import timeout_action
from tests.bot.play import open_lobby
from tests.bot.test_hard import tiny_budget
from tests.bot.test_resign import resign
from tests.bot.test_timers import expire


def spy(harness) -> list[tuple[int, str]]:
    """Record (seat, level) of every computer move the bot asks for ("timeout" for a late
    move); a search runs on a worker thread here rather than in a spawned process."""
    hub = harness.bot.service.hub
    asked: list[tuple[int, str]] = []
    compute = hub.compute

    async def on_thread(fn: Any, *args: Any) -> Any:
        if fn is timeout_action:
            asked.append((args[2], "timeout"))
        elif fn is thinking.computer_action:
            asked.append((args[2], args[3]))
        return await compute(fn, *args)

    async def in_process(fn: Any, *args: Any) -> Any:
        if fn is thinking.searched_move:
            asked.append((args[2], args[3]))
        return await compute(fn, *args)

    hub.compute, hub.think = on_thread, in_process
    return asked


async def test_a_late_human_is_played_by_normal_beside_hard_computers(harness):
    tiny_budget(harness)
    asked = spy(harness)
    ann, bea = harness.fake.add_user("Ann"), harness.fake.add_user("Bea")
    await open_lobby(harness, ann, joiners=[bea], bots=["hard"], timer=60, options=["tiny_tim"])
    rng = random.Random(2)
    timeouts = 0
    for _ in range(500):
        if timeouts == 2 and any(a == (0, "normal") for a in asked):
            break
        if harness.moves_on(harness.dm(bea)):
            await harness.play_move(bea, harness.dm(bea), rng)
        elif timeouts < 2 and harness.moves_on(harness.dm(ann)):
            await expire(harness)
            timeouts += 1
        else:
            await harness.settle()
    assert (await harness.bot.storage.seats(1))[0].replaced, "taken over after two timeouts"
    assert asked.count((0, "timeout")) >= 2, "each late move, by `timeout_action` (normal)"
    assert {level for seat, level in asked if seat == 0} == {"timeout", "normal"}
    assert {level for seat, level in asked if seat == 2} == {"hard"}


async def test_a_resigned_seat_is_played_at_the_lobbys_level(harness):
    tiny_budget(harness)
    asked = spy(harness)
    ann, bea = harness.fake.add_user("Ann"), harness.fake.add_user("Bea")
    await open_lobby(harness, ann, joiners=[bea], bots=["easy", "hard"], options=["tiny_tim"])
    rng = random.Random(5)
    await resign(harness, ann, harness.dm(ann))
    for _ in range(300):
        if any(seat == 0 for seat, _ in asked):
            break
        if harness.moves_on(harness.dm(bea)):
            await harness.play_move(bea, harness.dm(bea), rng)
        else:
            await harness.settle()
    assert {level for seat, level in asked if seat == 0} == {"hard"}, "the strongest computer's"
    assert {level for seat, level in asked if seat == 2} <= {"easy"}
