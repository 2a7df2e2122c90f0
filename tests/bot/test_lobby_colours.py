"""Options each player picks for their own seat, in the lobby: Holiday Fever's family
colours. Anyone seated picks their own; nobody takes a colour someone else picked; a seat
that leaves frees its colour; the game starts with the colours the lobby showed."""

from __future__ import annotations

import random

from tests.bot.play import open_lobby, play_to_the_end


async def test_players_pick_their_own_colours_and_the_game_uses_them(harness):
    fake = harness.fake
    ann, bob, cal = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cal")
    lobby = await open_lobby(harness, ann, game="fever", joiners=[bob], start=False)
    text = harness.text(lobby)
    assert f"<@{ann.id}> (host) · 🟥 Red" in text and f"<@{bob.id}> · 🟧 Orange" in text
    assert "Each player may pick their own colour." in text
    assert "Colour:" not in text.split("**Options**")[1], "a seat's own pick is not an option"

    await harness.choose(bob, lobby, "green")  # not the host: still his own choice
    text = harness.text(lobby)
    assert f"<@{bob.id}> · 🟩 Green" in text and f"<@{ann.id}> (host) · 🟥 Red" in text

    taken = await harness.choose(ann, lobby, "green")
    assert taken.ephemeral_text == f"<@{bob.id}> has already chosen 🟩 Green: pick another."
    stranger = await harness.choose(cal, lobby, "blue")
    assert stranger.ephemeral_text == "You don't have a seat in this game."
    forged = await harness.choose(bob, lobby, "pink", custom_id="t2:1:l:mine:colours")
    assert forged.ephemeral_text == "That option is not available."
    assert f"<@{bob.id}> · 🟩 Green" in harness.text(lobby)

    await harness.choose(ann, lobby, "purple")
    await harness.click(cal, lobby, "Join")
    await harness.click(ann, lobby, "Add computer (normal)")
    text = harness.text(lobby)
    assert f"<@{cal.id}> · 🟥 Red" in text and "normal · 🟧 Orange" in text

    await harness.click(bob, lobby, "Leave")  # Green is free again; later seats keep theirs
    await harness.choose(cal, lobby, "green")
    text = harness.text(lobby)
    assert f"<@{ann.id}> (host) · 🟪 Purple" in text and f"<@{cal.id}> · 🟩 Green" in text
    assert "normal · 🟥 Red" in text

    await harness.click(ann, lobby, "Start")
    session = harness.bot.service.sessions[1]
    families = session.game.view(session.state, None)["families"]
    assert [f["colour"] for f in families] == ["purple", "green", "red"]


async def test_a_rematch_keeps_each_players_own_pick(harness):
    fake = harness.fake
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    table = await open_lobby(
        harness, ann, game="fever", joiners=[bob], bots=["normal"], start=False
    )
    await harness.choose(ann, table, "blue")
    await harness.choose(bob, table, "green")
    await harness.click(ann, table, "Start")
    await play_to_the_end(harness, [ann, bob], table, random.Random(2), game_id=1, max_moves=900)
    over = next(
        int(m["id"])
        for m in fake.channel_messages(fake.general)
        if "game #1 is over" in harness.text(int(m["id"]))
    )
    lobby = (await harness.click(bob, over, "Rematch")).original_id
    assert f"<@{bob.id}> (host) · 🟩 Green" in harness.text(lobby), "Bob chose green last time"
    await harness.click(ann, lobby, "Join")  # the lobby's own button carries picks too
    text = harness.text(lobby)
    assert f"<@{ann.id}> · 🟦 Blue" in text and "normal · 🟥 Red" in text
    await harness.choose(ann, lobby, "yellow")  # and anyone may pick again
    assert f"<@{ann.id}> · 🟨 Yellow" in harness.text(lobby)
