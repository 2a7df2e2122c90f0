"""/help: every registered command, every game, hands and timers, and this server's settings."""

from __future__ import annotations

from bot import limits
from engine import GAMES
from tests.bot.play import open_lobby
from tests.bot.test_settings import admin


async def test_help_lists_every_command_every_game_and_the_settings(harness):
    ann = harness.fake.add_user("Ann")
    answer = await harness.command(ann, "help")
    assert answer.responses[0]["data"]["flags"] & 64, "only the asker sees it"
    text = harness.text(answer.original_id)
    assert len(text) <= limits.CARD_TEXT
    registered = harness.bot.tree.get_commands()
    assert {c.name for c in registered} >= {"play", "leaderboard", "settings", "help"}
    for command in registered:
        assert f"`/{command.name}` — {command.description}" in text
    for key, game in GAMES.items():
        low, high = game.min_seats, game.max_seats
        seats = f"{low} players" if low == high else f"{low}–{high} players"
        assert f"**{game.title}** (`{key}`, {seats})" in text
    assert "**My hand**" in text and "Take my seat back" in text
    assert "**This server**" in text and "Turn timer of new games: **5 minutes**" in text


async def test_help_shows_the_servers_settings_as_changed(harness):
    ada = admin(harness)
    await harness.command(ada, "settings", expiry=90, computers_rated=False)
    text = harness.text((await harness.command(ada, "help")).original_id)
    assert "**90 minutes**" in text and "computer player: **unrated**" in text


async def test_help_in_a_dm_leaves_the_server_out(harness):
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"])  # opens Ann's DM channel
    dm = harness.fake.dm_channels[ann.id]
    text = harness.text((await harness.command(ann, "help", channel=dm)).original_id)
    assert "`/play`" in text and "**This server**" not in text


async def test_the_lobby_points_newcomers_to_help(harness):
    ann = harness.fake.add_user("Ann")
    lobby = await open_lobby(harness, ann, start=False)
    assert "New here? `/help`" in harness.text(lobby)
