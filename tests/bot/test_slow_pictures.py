"""A picture that takes longer than `quick_answer` to draw never holds up the answer: the
press is acknowledged at once and its message edited when the picture is ready."""

from __future__ import annotations

import random

from tests.bot.play import open_lobby


async def test_a_slow_picture_is_sent_after_an_immediate_acknowledgement(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"])
    harness.bot.service.hub.quick_answer = 0.0  # every picture is "slow"
    session = harness.bot.service.sessions[1]
    user = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
    dm = harness.dm(user)
    before, version = harness.text(dm), session.row.version
    pressed = await harness.play_move(user, dm, random.Random(1))
    await harness.settle()
    assert pressed.response_type == 6, "acknowledged without waiting for the picture"
    assert session.row.version > version
    edits = [
        path
        for _, method, path in fake.requests
        if method == "PATCH" and path.endswith("/messages/@original")
    ]
    assert edits, "the message was then edited through the interaction"
    after = fake.messages[dm]
    assert harness.text(dm) != before and after["attachments"], "the new card and its picture"
    assert not fake.violations
