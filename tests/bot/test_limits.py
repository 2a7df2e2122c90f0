"""Everything the bot sends fits Discord's limits by construction (`bot.limits`): long lists
are cut at a whole line and say how many more there are, with long names, many games and
long typed lines. The fake Discord fails any test whose payload breaks a limit."""

from __future__ import annotations

import re

import discord

from bot import components, limits
from tests.bot.play import open_lobby
from tests.bot.test_repository import move, running

#: Display names as long as Discord allows (32), with markdown, a mention and a link.
LONG = "@everyone_https://x.y/**{:02d}**___"


def test_lines_keep_whole_lines_and_count_the_rest():
    items = [f"• line {i} " + "x" * 50 for i in range(100)]
    text = limits.lines(items, 2000, "game")
    assert len(text) <= 2000
    *kept, tail = text.split("\n")
    assert kept == items[: len(kept)], "whole lines, in order"
    assert tail == f"-# …and {100 - len(kept)} more games"
    assert limits.lines(items[:2], 2000, "game") == "\n".join(items[:2])
    assert limits.lines(["x" * 3000], 2000) == limits.clip("x" * 3000, 2000)
    one_left = limits.lines(["a" * 30, "b" * 30], 40, "game")
    assert one_left.endswith("-# …and 1 more game") and len(one_left) <= 40


def test_a_card_shares_its_four_thousand_characters_among_its_texts():
    said = [f"🎤 Bea: “{'la ' * 130}”" for _ in range(6)]
    card = components.layout(
        components.text("### Header\n" + "status " * 200),
        components.text("\n".join(said * 3)),
        components.text("y" * 3000),
    )
    (container,) = card.children
    shown = [c.content for c in container.children if isinstance(c, discord.ui.TextDisplay)]
    assert sum(map(len, shown)) <= limits.CARD_TEXT
    assert shown[0].startswith("### Header"), "a short display is left whole"


async def test_forty_lobbies_in_one_channel_list_within_one_message(harness):
    fake = harness.fake
    hosts = [fake.add_user(LONG.format(i)) for i in range(40)]
    for host in hosts:
        await open_lobby(harness, host, start=False)
    listing = (await harness.command(hosts[0], "games")).ephemeral_text
    assert len(listing) <= limits.CONTENT
    shown = re.findall(r"^• \*\*#(\d+) ", listing, re.M)
    tail = re.search(r"…and (\d+) more games$", listing)
    assert shown and tail, listing
    assert len(shown) + int(tail.group(1)) == 40, "every lobby is listed or counted"
    assert "https://x.y" not in listing, "names are no links"


async def test_a_member_keeps_one_open_lobby_per_channel(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    first = await open_lobby(harness, ann, start=False)
    again = await harness.command(ann, "play", game="tree")
    assert again.ephemeral_text.startswith(
        "You already have a lobby open in this channel: game #1 (Ghosts of Christmas)"
    )
    assert f"/{first})" in again.ephemeral_text, "it links the first lobby"
    assert [g.id for g in await harness.bot.storage.games_in_channel(fake.general, ("lobby",))] == [
        1
    ]
    await open_lobby(harness, bea, start=False)  # another member may open one
    other = fake.add_channel("other")
    await open_lobby(harness, ann, start=False, channel=other)  # and so may Ann elsewhere
    await harness.click(ann, first, "Cancel")
    await open_lobby(harness, ann, game="tree", start=False)  # once closed, a new one
    assert len(await harness.bot.storage.games_in_channel(fake.general, ("lobby",))) == 2


async def test_leaderboard_stats_and_records_fit_with_many_long_named_players(harness):
    fake = harness.fake
    storage = harness.bot.storage
    users = [fake.add_user(LONG.format(i)) for i in range(30)]
    for i, user in enumerate(users):
        row = await running(storage, guild_id=fake.guild_id, host_id=user.id, host_name=user.name)
        rival = users[(i + 1) % len(users)]
        result = [
            (0, user.id, user.name, 1, 100 + i, True, False),
            (1, rival.id, rival.name, 2, 10, False, False),
        ]
        await move(storage, row, 0, result=result)
        await storage.save_note(row.id, user.id, user.name, "🎄 " + "ho " * 99)
    for name in ("leaderboard", "records", "stats"):
        answer = await harness.command(users[0], name)
        text = answer.ephemeral_text or harness.text(answer.original_id)
        assert 0 < len(text) <= limits.CONTENT, name
        assert "https://x.y" not in text, name
