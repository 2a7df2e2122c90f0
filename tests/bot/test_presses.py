"""Bad input gets one clear private sentence and changes nothing."""

from __future__ import annotations

import asyncio

from tests.bot.fake_discord import snowflake
from tests.bot.harness import HANG
from tests.bot.play import open_lobby


async def two_humans_and_a_bot(harness):
    fake = harness.fake
    ann, bea, eve = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Eve")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"])
    return ann, bea, eve, table


async def whose_turn(harness, *users):
    for user in users:
        dm = harness.dm(user)
        if harness.moves_on(dm):
            return user, dm
    raise AssertionError("nobody has a move")


async def version(harness) -> int:
    return (await harness.bot.storage.game(1)).version


async def test_a_click_from_someone_not_seated(harness):
    ann, bea, eve, _ = await two_humans_and_a_bot(harness)
    _, dm = await whose_turn(harness, ann, bea)
    before = await version(harness)
    _, cid, value = harness.moves_on(dm)[0]
    answer = await harness.choose(eve, dm, value, custom_id=cid)
    assert answer.ephemeral_text == "You're not playing in this game."
    assert await version(harness) == before


async def test_a_click_out_of_turn(harness):
    ann, bea, _, _ = await two_humans_and_a_bot(harness)
    mover, dm = await whose_turn(harness, ann, bea)
    other = bea if mover is ann else ann
    before = await version(harness)
    _, cid, value = harness.moves_on(dm)[0]
    answer = await harness.choose(other, dm, value, custom_id=cid)
    assert answer.ephemeral_text == "It isn't your turn."
    assert await version(harness) == before


async def test_a_click_on_an_old_message_is_stale(harness):
    ann, bea, _, _ = await two_humans_and_a_bot(harness)
    mover, dm = await whose_turn(harness, ann, bea)
    old = harness.fake.public_message(dm)  # the controls as they were before the move
    _, cid, value = harness.moves_on(dm)[0]
    await harness.choose(mover, dm, value, custom_id=cid)
    before = await version(harness)
    # The same (now outdated) control, clicked again from the old copy of the message.
    harness.fake.messages[dm]["components"] = old["components"]
    answer = await harness.choose(mover, dm, value, custom_id=cid)
    assert answer.ephemeral_text == "That button is out of date: the game has moved on since."
    assert await version(harness) == before


async def test_forged_and_malformed_custom_ids(harness):
    ann, bea, _, table = await two_humans_and_a_bot(harness)
    mover, dm = await whose_turn(harness, ann, bea)
    before = await version(harness)
    fake = harness.fake

    async def forged(custom_id: str) -> str:
        # A message the bot never sent this control on: the button is injected into it.
        fake.messages[dm]["components"][0]["components"].append(
            {
                "type": 1,
                "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}],
            }
        )
        answer = await harness.click(mover, dm, custom_id=custom_id)
        fake.messages[dm]["components"][0]["components"].pop()
        return answer.ephemeral_text

    v = before
    assert await forged(f"t1:1:{v}:card:H99") == "That move isn't allowed right now."
    assert await forged(f"t1:1:{v}:play:H1:nowhen") == "That move isn't allowed right now."
    assert await forged(f"t1:999:{v}:card:H1") == "This game no longer exists."
    assert await forged("t1:1:H:launch") == "That button isn't one I know."
    assert await forged("t1:1:L:join") == "This game has already started."
    for junk in ("hello", "t1:1", "t1:x:0:card:H1", "t2:1:0:card:H1", "t1:1:0:" + "x" * 70):
        assert await forged(junk) == "That button isn't one of mine, or it no longer exists."
    # A well-formed id that is not on the message it claims to come from.
    answer = await harness.click(mover, table, custom_id=f"t1:1:{v}:card:H1")
    assert answer.ephemeral_text == "That button isn't one of mine, or it no longer exists."
    assert await version(harness) == before


async def test_two_clicks_at_once_make_one_move(harness):
    ann, bea, _, _ = await two_humans_and_a_bot(harness)
    mover, dm = await whose_turn(harness, ann, bea)
    before = await version(harness)
    _, cid, value = harness.moves_on(dm)[0]
    data = {"custom_id": cid, "component_type": 3, "values": [value]}
    first, second = await asyncio.gather(
        harness.fake.interact(mover, 3, data, message_id=dm),
        harness.fake.interact(mover, 3, data, message_id=dm),
    )
    await asyncio.wait_for(asyncio.gather(first.answered.wait(), second.answered.wait()), HANG)
    await harness.settle()
    kinds = sorted(i.response_type for i in (first, second))
    assert kinds == [4, 7], "one click moved (message updated), the other was told why not"
    told = first if first.response_type == 4 else second
    assert told.ephemeral_text == "That button is out of date: the game has moved on since."
    rows = await harness.bot.storage.actions(1)
    mine = [r for r in rows[before:] if r[1] == value]
    assert len(mine) == 1


async def test_the_answer_is_never_silence(harness):
    """Even a component on a message the bot knows nothing about gets an answer."""
    ann = harness.fake.add_user("Ann")
    mid = snowflake()
    harness.fake.messages[mid] = {
        "id": str(mid),
        "channel_id": str(harness.fake.general),
        "guild_id": str(harness.fake.guild_id),
        "author": harness.fake.bot.payload(),
        "content": "",
        "timestamp": "2026-12-24T12:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": 0,
        "components": [
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "label": "?", "custom_id": "t1:77:3:doors:1"}
                ],
            }
        ],
    }
    harness.fake.files[mid] = {}
    answer = await harness.click(ann, mid, "?")
    assert answer.ephemeral_text == "This game no longer exists."
