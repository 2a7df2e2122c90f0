"""The lobby: /play, seats, computers, options, timer, start and cancel."""

from __future__ import annotations

import pytest

from bot.lobby import LobbyError, add_bot
from engine import GAMES
from tests.bot.play import open_lobby


async def test_play_opens_a_lobby_naming_game_host_seats_and_options(harness):
    ann = harness.fake.add_user("Ann")
    lobby = await open_lobby(harness, ann, start=False)
    text = harness.text(lobby)
    assert "Ghosts of Christmas" in text and f"<@{ann.id}> (host)" in text
    assert "Seats (1/4)" in text and "Turn timer: **5 minutes**" in text
    assert "Game: **Standard (bid with doors)**" in text
    labels = harness.labels(lobby)
    for label in (
        "Join",
        "Leave",
        "Start",
        "Cancel",
        "Add computer (easy)",
        "Add computer (normal)",
    ):
        assert label in labels
    start = next(c for c in harness.components(lobby) if c.get("label") == "Start")
    assert start.get("disabled"), "Start is only offered once enough players sit"


async def test_join_leave_and_a_full_table(harness):
    fake = harness.fake
    ann, bea, cal, dot, eve = (fake.add_user(n) for n in ("Ann", "Bea", "Cal", "Dot", "Eve"))
    lobby = await open_lobby(harness, ann, joiners=[bea, cal, dot], start=False)
    assert "Seats (4/4)" in harness.text(lobby)
    again = await harness.click(bea, lobby, custom_id="t2:1:l:join")
    assert again.ephemeral_text == "You already have a seat in this game."
    full = await harness.click(eve, lobby, custom_id="t2:1:l:join")
    assert full.ephemeral_text == "This game is full (4 players)."
    await harness.click(cal, lobby, "Leave")
    assert "Seats (3/4)" in harness.text(lobby) and f"<@{cal.id}>" not in harness.text(lobby)
    stranger = await harness.click(eve, lobby, "Leave")
    assert stranger.ephemeral_text == "You don't have a seat in this game."


async def test_only_the_host_adds_computers_changes_options_and_starts(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, joiners=[bea], start=False)
    for label in ("Add computer (easy)", "Cancel"):
        refused = await harness.click(bea, lobby, label)
        assert refused.ephemeral_text == "Only the host can do that."
    refused = await harness.choose(bea, lobby, "tiny_tim")
    assert refused.ephemeral_text == "Only the host can do that."
    await harness.click(ann, lobby, "Add computer (normal)")
    await harness.choose(ann, lobby, "tiny_tim")
    await harness.choose(ann, lobby, "on")  # the Beyond era
    await harness.choose(ann, lobby, "60")
    text = harness.text(lobby)
    assert "Holly-bot, normal" in text
    assert (
        "Game: **Tiny Tim (no bidding)**" in text and "Beyond era: **On: 4 eras, 3 rounds**" in text
    )
    assert "Turn timer: **1 minute**" in text
    refused = await harness.click(bea, lobby, "Start")
    assert refused.ephemeral_text == "Only the host can do that."
    await harness.click(ann, lobby, "Remove computer")
    assert "Holly" not in harness.text(lobby)


async def test_start_needs_enough_players(harness):
    ann = harness.fake.add_user("Ann")
    lobby = await open_lobby(harness, ann, bots=["easy"], start=False)
    forced = await harness.click(ann, lobby, custom_id="t2:1:l:start")
    assert forced.ephemeral_text == "Ghosts of Christmas needs 3–4 players to start."
    await harness.click(ann, lobby, "Add computer (easy)")
    await harness.click(ann, lobby, "Start")
    assert "Hand 1 of 3" in harness.text(lobby)
    assert any("The game begins!" in t for shown in harness.fake.public_log for t in shown["texts"])
    assert "Join" not in harness.labels(lobby)  # the lobby became the table
    late = await harness.click(ann, lobby, custom_id="t2:1:l:join")
    assert late.ephemeral_text == "That button isn't one of mine, or it no longer exists."


async def test_cancel_closes_the_lobby(harness):
    ann = harness.fake.add_user("Ann")
    lobby = await open_lobby(harness, ann, start=False)
    await harness.click(ann, lobby, "Cancel")
    assert "The host cancelled this game." in harness.text(lobby)
    assert harness.labels(lobby) == []


async def test_several_games_in_one_channel(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    first = await open_lobby(harness, ann, bots=["easy", "easy"])
    second = await open_lobby(harness, bea, bots=["normal", "normal"])
    assert first != second
    listing = await harness.command(ann, "games")
    assert "#1 Ghosts of Christmas" in listing.ephemeral_text
    assert "#2 Ghosts of Christmas" in listing.ephemeral_text
    other = fake.add_channel("games-2")
    elsewhere = await harness.command(ann, "games", channel=other)
    assert "No games here" in elsewhere.ephemeral_text


async def test_a_lobby_press_from_another_channel_or_a_dm_changes_nothing(harness):
    fake = harness.fake
    ann, eve = fake.add_user("Ann"), fake.add_user("Eve")
    lobby = await open_lobby(harness, ann, start=False)
    join = harness.find_button(lobby, "Join")
    dm = int(fake._open_dm(eve.id)["id"])
    elsewhere = fake.add_channel("elsewhere")
    for channel in (dm, elsewhere):
        forged = await harness.click(eve, lobby, custom_id=join, channel=channel)
        assert forged.ephemeral_text == "That button belongs to a lobby somewhere else."
    row = await harness.bot.storage.game(1)
    assert [s.user_id for s in row.seats] == [ann.id]


async def test_the_lobby_offers_exactly_the_computer_levels_the_game_provides(harness, monkeypatch):
    game = GAMES["shuffle"]
    monkeypatch.setitem(game.bots, "search", game.bots["normal"])
    monkeypatch.delitem(game.bots, "easy")
    ann = harness.fake.add_user("Ann")
    lobby = await open_lobby(harness, ann, game="shuffle", start=False)
    offered = [label for label in harness.labels(lobby) if label.startswith("Add computer")]
    assert offered == ["Add computer (normal)", "Add computer (hard)", "Add computer (search)"]
    await harness.click(ann, lobby, "Add computer (search)")
    assert "search" in harness.text(lobby)
    row = await harness.bot.storage.game(1)
    with pytest.raises(LobbyError, match="Unknown computer level"):
        add_bot(row, "easy")
    await harness.click(ann, lobby, "Start")
    seats = await harness.bot.storage.seats(1)
    assert [s.bot_level for s in seats] == [None, "search"]


async def test_the_host_who_leaves_hands_the_lobby_to_the_next_seated_human(harness):
    fake = harness.fake
    ann, bea, cal = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Cal")
    lobby = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], start=False)
    await harness.click(cal, lobby, "Join")
    await harness.click(ann, lobby, "Leave")
    text = harness.text(lobby)
    assert f"<@{bea.id}> is the host now." in text and f"<@{bea.id}> (host)" in text
    assert f"<@{ann.id}>" not in text
    assert (await harness.bot.storage.game(1)).host_id == bea.id
    refused = await harness.click(ann, lobby, "Start")
    assert refused.ephemeral_text == "Only the host can do that."
    await harness.click(bea, lobby, "Start")  # Bea, Holly-bot and Cal
    assert (await harness.bot.storage.game(1)).status == "running"


async def test_a_lobby_whose_last_human_leaves_closes_and_frees_the_channel(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], start=False)
    await harness.click(ann, lobby, "Leave")
    await harness.click(bea, lobby, "Leave")
    assert "Everyone left, so this lobby is closed." in harness.text(lobby)
    assert harness.labels(lobby) == []
    assert (await harness.bot.storage.game(1)).status == "cancelled"
    again = await harness.command(bea, "play", game="ghosts")
    assert again.original_id is not None and "new game #2" in harness.text(again.original_id)


async def test_the_host_removes_a_player_and_nobody_else_can(harness):
    fake = harness.fake
    ann, bea, cal = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Cal")
    lobby = await open_lobby(harness, ann, joiners=[bea, cal], start=False)
    menu = harness.find_select(lobby, str(bea.id))
    offered = next(c for c in harness.components(lobby) if c.get("custom_id") == menu)
    assert {o["value"] for o in offered["options"]} == {str(bea.id), str(cal.id)}, "not the host"
    refused = await harness.choose(cal, lobby, str(bea.id))
    assert refused.ephemeral_text == "Only the host can do that."
    await harness.choose(ann, lobby, str(bea.id))
    text = harness.text(lobby)
    assert f"<@{ann.id}> removed <@{bea.id}> from the lobby." in text
    assert [s.user_id for s in (await harness.bot.storage.game(1)).seats] == [ann.id, cal.id]
    stale = await harness.choose(ann, lobby, str(bea.id), custom_id=menu)
    assert stale.ephemeral_text == "That player isn't seated in this lobby any more."
    forged = await harness.choose(ann, lobby, str(ann.id), custom_id=menu)
    assert (
        forged.ephemeral_text == "You can't remove yourself: press **Leave** to hand the lobby on."
    )
    await harness.choose(ann, lobby, str(cal.id))
    assert "Remove a player (host)" not in str(harness.components(lobby)), "nobody to remove"
