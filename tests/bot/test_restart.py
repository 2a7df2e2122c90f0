"""Restarts lose nothing: games continue through buttons on messages sent before the restart."""

from __future__ import annotations

import asyncio
import random

from bot import wire
from tests.bot.harness import HANG
from tests.bot.play import game_over, open_lobby, play_to_the_end


async def test_crash_mid_game_then_finish_through_old_messages(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["normal"], options=["tiny_tim"])
    rng = random.Random(11)
    for _ in range(20):
        for user in (ann, bea):
            if harness.moves_on(harness.dm(user)):
                await harness.play_move(user, harness.dm(user), rng)
                break
    before = await harness.bot.storage.game(1)
    dms = {u.id: harness.dm(u) for u in (ann, bea)}
    await harness.crash_bot()
    await harness.start_bot()
    after = await harness.bot.storage.game(1)
    assert after.version == before.version and after.status == "running"
    # The old DM messages (sent before the restart) still drive the game to its end.
    await play_to_the_end(harness, [ann, bea], table, rng)
    assert {u.id: harness.dm(u) for u in (ann, bea)} == dms, "no DM was re-sent"
    assert "Game over" in harness.text(table)


async def test_a_move_answered_just_before_a_crash_is_kept_and_computers_resume(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["normal", "normal"], options=["tiny_tim"])
    rng = random.Random(3)
    # Play until Ann's move hands the turn to a computer.
    for _ in range(50):
        dm = harness.dm(ann)
        kind, cid, value = next(m for m in harness.moves_on(dm) if not m[1].endswith(":back"))
        data = {"custom_id": cid, "component_type": 3 if kind == "select" else 2}
        if kind == "select":
            data["values"] = [value]
        inter = await fake.interact(ann, 3, data, message_id=dm)
        await asyncio.wait_for(inter.answered.wait(), HANG)
        # Crash the moment the answer is out, before computers or the table catch up.
        if ":play:" in value or ":play:" in cid:
            break
        await harness.settle()
    answered_version = wire.parse(cid).version + 1
    await harness.crash_bot()
    await harness.start_bot()  # re-arms alarms: the computers move on their own
    row = await harness.bot.storage.game(1)
    assert row.version >= answered_version, "the answered move survived the crash"
    log = await harness.bot.storage.actions(1)
    assert any(
        source == "user" for source in [await _source(harness, v) for v in (answered_version,)]
    )
    assert len(log) >= answered_version
    dm = harness.dm(ann)
    assert harness.moves_on(dm) or game_over(harness, table), "the game came back to Ann"
    await play_to_the_end(harness, [ann], table, rng)


async def _source(harness, version: int) -> str:
    rows = harness.query("SELECT source FROM actions WHERE game_id = 1 AND version = ?", (version,))
    (source,) = rows[0]
    return source


async def test_timers_survive_a_restart(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"], timer=60)
    for _ in range(50):
        if harness.moves_on(harness.dm(ann)):
            break
        await harness.settle()
    deadline = (await harness.bot.storage.game(1)).deadline
    assert deadline is not None
    await harness.stop_bot()
    await harness.start_bot()
    harness.clock.advance(61)
    await harness.bot.service.run_due()
    await harness.settle()
    rows = harness.query("SELECT COUNT(*) FROM actions WHERE source = 'timeout'")
    (timeouts,) = rows[0]
    assert timeouts >= 1


async def test_the_table_tells_its_recent_lines_again_after_a_restart(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["normal"], options=["tiny_tim"])
    rng = random.Random(5)

    async def one_move() -> None:
        user = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
        await harness.play_move(user, harness.dm(user), rng)

    def lines() -> list[str]:
        return [ln for ln in harness.text(table).splitlines() if ln.startswith("• ")]

    for _ in range(8):
        await one_move()
    told = lines()
    assert len(told) == 6
    await harness.crash_bot()
    await harness.start_bot()
    while lines() == told:  # a private half-step leaves the table as it is
        await one_move()
    now = lines()
    assert len(now) == 6 and told[-1] in now, "the lines from before the restart are kept"
