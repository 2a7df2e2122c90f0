"""Missing permissions and closed DMs: found once, told to the right person, tried again
later — not a failed request and a traceback on every move."""

from __future__ import annotations

import logging
import random

from bot.reach import RETRY_AFTER
from tests.bot.play import open_lobby, table_version


def posts_to(fake, channel_id: int) -> int:
    return sum(
        1 for _, m, p in fake.requests if m == "POST" and p == f"/channels/{channel_id}/messages"
    )


async def play_some(harness, users, moves: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        mover = next((u for u in users if harness.moves_on(harness.dm(u))), None)
        if mover is None:
            return
        await harness.play_move(mover, harness.dm(mover), rng)


async def test_a_channel_without_send_messages_is_reported_once(harness, caplog):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"])
    fake.no_send.add(fake.general)
    fake.deleted.add(table)  # someone deleted the table: it must be posted anew
    before = posts_to(fake, fake.general)
    await play_some(harness, [ann, bea], 6)
    assert posts_to(fake, fake.general) - before == 1, "one refusal, then no more tries"
    host_dms = [m["content"] for m in fake.channel_messages(fake.dm_channels[ann.id])]
    told = [t for t in host_dms if "I can't post in #general" in t]
    assert len(told) == 1, "the host is told once"
    assert not [r for r in caplog.records if r.exc_info], "no tracebacks"
    # The permission comes back: after a while the next move shows the table again.
    fake.no_send.discard(fake.general)
    harness.clock.advance(RETRY_AFTER + 1)
    await play_some(harness, [ann, bea], 1, seed=6)
    tables = [t for t in harness.channel_texts() if "game #1" in t]
    assert tables, "a new table was posted"


async def test_closed_dms_get_one_notice_and_are_tried_again(harness, caplog):
    caplog.set_level(logging.WARNING)
    fake = harness.fake
    ann = fake.add_user("Ann", dms_open=False)
    first = await open_lobby(harness, ann, bots=["easy", "easy"])
    await open_lobby(harness, ann, bots=["easy", "easy"])
    notices = [t for t in harness.channel_texts() if "📭" in t]
    assert len(notices) == 1, "one notice per player per channel, not per game"
    assert harness.dm(ann) is None
    # Ann opens her DMs; her next "My hand" press brings the hand to her DMs.
    fake.closed_dms.discard(ann.id)
    await harness.click(ann, first, "My hand")
    assert harness.dm(ann) is not None, "the hand reached her DMs"
    assert not [t for t in harness.channel_texts() if "📭" in t], "the notice is gone"


async def test_rate_limits_are_waited_out(harness, caplog):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"])
    version = (await harness.bot.storage.game(1)).version
    fake.rate_limited = 4
    await play_some(harness, [ann, bea], 4)
    assert fake.rate_limited == 0, "the 429s were met"
    row = await harness.bot.storage.game(1)
    assert row.version > version
    last = [s for s in fake.public_log if s["id"] == table][-1]
    assert table_version(last, 1) == row.version, "the table caught up"
    assert not [r for r in caplog.records if r.exc_info]
