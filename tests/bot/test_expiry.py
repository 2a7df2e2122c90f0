"""Lobbies expire: one nobody starts within the server's lobby expiry (`/settings`, 30 minutes
unless changed) closes itself, says so and frees its channel, on the injectable clock and
across a restart of the bot."""

from __future__ import annotations

from bot.storage import GuildSettings
from tests.bot.play import open_lobby
from tests.bot.test_settings import admin

LOBBY_EXPIRY = 60 * GuildSettings(0).lobby_expiry

EXPIRED = "Nobody started this lobby within 30 minutes, so it closed."


async def run_clock(harness, seconds: float) -> None:
    harness.clock.advance(seconds)
    await harness.bot.service.run_due()
    await harness.settle()


async def test_a_lobby_nobody_starts_expires_and_frees_its_channel(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, joiners=[bea], start=False)
    assert LOBBY_EXPIRY == 1800
    assert "This lobby closes <t:" in harness.text(lobby)
    await run_clock(harness, LOBBY_EXPIRY - 60)
    assert (await harness.bot.storage.game(1)).status == "lobby", "not yet"
    await run_clock(harness, 61)
    assert EXPIRED in harness.text(lobby)
    assert not [c for c in harness.components(lobby) if "custom_id" in c], "no controls left"
    assert (await harness.bot.storage.game(1)).status == "cancelled"
    late = await harness.click(bea, lobby, custom_id="t2:1:l:join")
    assert late.ephemeral_text == "That button isn't one of mine, or it no longer exists."
    again = await harness.command(ann, "play", game="ghosts")
    assert "new game #2" in harness.text(again.original_id), "the channel is free again"


async def test_a_started_game_never_expires(harness):
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"], timer=0)
    await run_clock(harness, LOBBY_EXPIRY + 1)
    assert (await harness.bot.storage.game(1)).status == "running"


async def test_expiry_survives_a_restart(harness):
    ann = harness.fake.add_user("Ann")
    lobby = await open_lobby(harness, ann, start=False)
    await harness.crash_bot()
    await harness.start_bot()
    assert 1 in harness.bot.service.hub.alarms.handles, "the expiry is armed again"
    await run_clock(harness, LOBBY_EXPIRY + 1)
    assert EXPIRED in harness.text(lobby)
    assert (await harness.bot.storage.game(1)).status == "cancelled"


async def test_a_servers_own_expiry_applies_to_its_new_lobbies(harness):
    ada, bea = admin(harness), harness.fake.add_user("Bea")
    await harness.command(ada, "settings", expiry=10)
    lobby = await open_lobby(harness, bea, start=False)
    await run_clock(harness, 9 * 60)
    assert (await harness.bot.storage.game(1)).status == "lobby", "not yet"
    await run_clock(harness, 61)
    assert "Nobody started this lobby within 10 minutes, so it closed." in harness.text(lobby)
