"""The end of a game: a result message that notifies the players, and Rematch."""

from __future__ import annotations

import random
import re

from tests.bot.play import open_lobby, play_to_the_end


def announcement(harness) -> dict:
    found = [
        m
        for m in harness.fake.channel_messages(harness.fake.general)
        if "is over" in harness.text(int(m["id"]))
    ]
    assert len(found) == 1, "one result message"
    return found[0]


async def test_the_end_is_announced_with_the_score_sheet_and_every_hand_says_who_won(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"])
    await play_to_the_end(harness, [ann, bea], table, random.Random(3))
    message = announcement(harness)
    mid = int(message["id"])
    assert mid > table, "a new message, posted after the table"
    text = harness.text(mid)
    result = (await harness.bot.storage.finished_games(fake.guild_id, "ghosts"))[0]
    winners = [uid for uid, _name, _rank, _score, won, _ab in result if won]
    assert re.search(r"🏆 .+ (wins with|Shared victory)", text)
    for uid, name, rank, score, _won, _ab in result:
        who = f"<@{uid}>" if uid else f"**{name}**"
        assert f"{rank}. {who}" in text and f"{score} point" in text
    assert "Rematch" in harness.labels(mid)
    for user in (ann, bea):
        dm = harness.text(harness.dm(user))
        assert "Game over." in dm and ("wins with" in dm or "Shared victory" in dm)
    named = [n for uid, n, *_ in result if uid in winners]
    assert any(n in harness.text(harness.dm(ann)) for n in named)


async def test_rematch_opens_a_lobby_with_the_same_seats_and_options(harness):
    fake = harness.fake
    ann, bea, eve = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Eve")
    table = await open_lobby(
        harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"], timer=3600
    )
    await play_to_the_end(harness, [ann, bea], table, random.Random(3))
    mid = int(announcement(harness)["id"])
    nosy = await harness.click(eve, mid, "Rematch")
    assert nosy.ephemeral_text == "Only the players of game #1 can join its rematch."
    opened = await harness.click(bea, mid, "Rematch")
    lobby = opened.original_id
    assert lobby is not None and not fake.messages[lobby].get("_ephemeral_for")
    new = await harness.bot.storage.game(2)
    old = await harness.bot.storage.game(1)
    assert new.status == "lobby" and new.host_id == bea.id
    assert new.options == old.options and new.timer == 3600
    assert [(s.user_id, s.name, s.bot_level) for s in new.seats] == [
        (bea.id, "Bea", None),
        *((s.user_id, s.name, s.bot_level) for s in old.seats if s.user_id is None),
    ]
    assert f"<@{ann.id}>: press **Rematch**" in harness.text(lobby), "Ann is called"
    joined = await harness.click(ann, mid, "Rematch")
    assert joined.ephemeral_text == "You took a seat in the rematch, game #2."
    assert [s.user_id for s in (await harness.bot.storage.game(2)).seats][-1] == ann.id
    assert f"<@{ann.id}>" in harness.text(lobby)
    again = await harness.click(ann, mid, "Rematch")
    assert "already have a seat" in again.ephemeral_text
    await harness.click(bea, lobby, "Start")
    assert (await harness.bot.storage.game(2)).status == "running"
    late = await harness.click(ann, mid, "Rematch")
    assert late.ephemeral_text == "The rematch, game #2, has already started."
