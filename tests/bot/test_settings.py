"""/settings: who may use it, what it changes, and what the changes do to /play and ratings."""

from __future__ import annotations

import random

from bot import ratings
from bot.storage import GuildSettings
from bot.texts import No, say
from tests.bot.harness import ChannelOption
from tests.bot.play import open_lobby, play_to_the_end

#: Discord's permission bits: Manage Server, and what every member has in the fake.
MANAGE_GUILD = 1 << 5
MEMBER = (1 << 10) | (1 << 11) | (1 << 31)


def admin(harness, name: str = "Ada"):
    user = harness.fake.add_user(name)
    user.perms = MEMBER | MANAGE_GUILD
    return user


async def test_settings_are_refused_to_a_member_without_manage_server(harness):
    bea = harness.fake.add_user("Bea")
    refused = await harness.command(bea, "settings", timer=60)
    assert refused.ephemeral_text == say(No.NOT_MANAGER)
    guild = harness.fake.guild_id
    assert (await harness.bot.storage.guild_settings(guild)).timer == 300  # nothing changed
    # Discord itself offers the command only to members with Manage Server.
    registered = harness.fake.commands["settings"]
    assert int(registered["default_member_permissions"]) == MANAGE_GUILD


async def test_settings_shown_changed_and_kept_across_a_restart(harness):
    ada = admin(harness)
    shown = await harness.command(ada, "settings")
    text = shown.ephemeral_text
    assert "This server's settings" in text and "Turn timer of new games: **5 minutes**" in text
    assert "**30 minutes**" in text and "works in: every channel" in text
    assert "computer player: **rated**" in text
    games = harness.fake.add_channel("games")
    saved = await harness.command(
        ada,
        "settings",
        timer=3600,
        expiry=45,
        computers_rated=False,
        add_channel=ChannelOption(games),
    )
    text = saved.ephemeral_text
    assert text.startswith("### ⚙️ Settings saved") and "**1 hour**" in text
    assert "**45 minutes**" in text and f"works in: <#{games}>" in text
    assert "computer player: **unrated**" in text
    await harness.stop_bot()
    await harness.start_bot()
    kept = await harness.bot.storage.guild_settings(harness.fake.guild_id)
    assert (kept.timer, kept.lobby_expiry, kept.play_channels, kept.computers_rated) == (
        3600,
        45,
        (games,),
        False,
    )
    off = await harness.command(ada, "settings", timer=0, remove_channel=ChannelOption(games))
    assert "**Off**" in off.ephemeral_text and "works in: every channel" in off.ephemeral_text
    missing = await harness.command(ada, "settings", remove_channel=ChannelOption(games))
    assert missing.ephemeral_text == (
        f"<#{games}> isn't on the list of `/play` channels (every channel)."
    )


async def test_play_is_refused_outside_the_allowed_channels(harness):
    ada, bea = admin(harness), harness.fake.add_user("Bea")
    games, cards = harness.fake.add_channel("games"), harness.fake.add_channel("cards")
    await harness.command(ada, "settings", add_channel=ChannelOption(games))
    await harness.command(ada, "settings", add_channel=ChannelOption(cards))
    refused = await harness.command(bea, "play", game="tree")
    assert refused.ephemeral_text == (
        f"On this server, games are played in <#{games}> and <#{cards}>: type `/play` there."
    )
    assert await harness.bot.storage.games_in_channel(harness.fake.general, ("lobby",)) == []
    lobby = await open_lobby(harness, bea, game="tree", start=False, channel=cards)
    assert "Tree" in harness.text(lobby)


async def test_new_lobbies_take_the_servers_turn_timer(harness):
    ada = admin(harness)
    await harness.command(ada, "settings", timer=86400)
    lobby = await open_lobby(harness, ada, start=False)
    assert "Turn timer: **24 hours**" in harness.text(lobby)
    assert (await harness.bot.storage.game(1)).timer == 86400


async def test_games_with_a_computer_are_unrated_where_the_server_says_so(harness):
    fake = harness.fake
    ada, bea = admin(harness), fake.add_user("Bea")
    await harness.command(ada, "settings", computers_rated=False)
    lobby = await open_lobby(harness, ada, joiners=[bea], start=False, options=["tiny_tim"])
    assert "adding one makes it unrated" in harness.text(lobby)
    await harness.click(ada, lobby, "Add computer (easy)")
    assert "**Unrated**: this server rates no game with a computer player." in harness.text(lobby)
    await harness.click(ada, lobby, "Start")
    await play_to_the_end(harness, [ada, bea], lobby, random.Random(5))
    result = next(t for t in harness.channel_texts() if "is over" in t)
    assert "Unrated: this server rates no game with a computer player." in result
    kept = await harness.bot.storage.standings(fake.guild_id, None)
    assert {(st.games, st.rated_games, st.rating) for st in kept} == {(1, 0, ratings.BASE)}
    assert len(kept) == 2
    # A lobby opened before the change keeps what it said; new ones are rated again.
    await harness.command(ada, "settings", computers_rated=True)
    again = await open_lobby(harness, ada, bots=["easy"], start=False)
    assert "nrated" not in harness.text(again)


async def test_values_no_client_offers_get_a_sentence(harness):
    ada = admin(harness)
    short = await harness.command(ada, "settings", expiry=2)
    assert short.ephemeral_text == "A lobby expiry is 5 to 1440 minutes (a day), not 2."
    odd = await harness.command(ada, "settings", timer=7)
    assert odd.ephemeral_text.startswith("The turn timer is one of: Off, 1 minute")
    assert await harness.bot.storage.guild_settings(harness.fake.guild_id) == GuildSettings(
        harness.fake.guild_id
    )
