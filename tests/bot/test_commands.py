"""/rules, /games, /abandon, /leaderboard and /stats."""

from __future__ import annotations

import random
import re

from bot import boards
from engine.words import plural
from tests.bot.play import open_lobby, play_to_the_end


async def test_rules_explains_a_game_privately(harness):
    ann = harness.fake.add_user("Ann")
    answer = await harness.command(ann, "rules", game="ghosts")
    text = answer.ephemeral_text
    assert answer.responses[0]["data"]["flags"] & 64
    assert "Hearts always trump" in text and "Tiny Tim" in text and "Beyond" in text


async def test_games_lists_what_runs_here_with_links(harness):
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"])
    listing = await harness.command(ann, "games")
    assert f"/{table})" in listing.ephemeral_text and "running" in listing.ephemeral_text


async def test_abandon_by_host_or_moderator_only(harness):
    fake = harness.fake
    ann, bea, mod = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Mod")
    mod.perms = (1 << 13) | (1 << 10) | (1 << 11)  # Manage Messages
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"])
    old_dm = fake.public_message(harness.dm(ann))  # Ann's controls before the end
    refused = await harness.command(bea, "abandon")
    assert (
        refused.ephemeral_text
        == "Only the game's host or a moderator (Manage Messages) can end it."
    )
    assert (await harness.bot.storage.game(1)).status == "running"
    done = await harness.command(mod, "abandon", game=1)
    assert "was abandoned" in done.responses[0]["data"]["content"]
    assert (await harness.bot.storage.game(1)).status == "abandoned"
    assert harness.labels(table) == [] and "This game was abandoned." in harness.text(table)
    assert "This game was abandoned." in harness.text(harness.dm(ann))
    # The hand's picture no longer asks Ann for a move either.
    (alt,) = [
        item.get("description") or ""
        for c in harness.components(harness.dm(ann))
        if c.get("type") == 12
        for item in c["items"]
    ]
    assert "This game was abandoned." in alt and "Pick" not in alt and "Your turn" not in alt
    fake.messages[harness.dm(ann)]["components"] = old_dm["components"]
    if moves := harness.moves_on(harness.dm(ann)):
        kind, cid, value = moves[0]
        late = await (
            harness.choose(ann, harness.dm(ann), value, cid)
            if kind == "select"
            else harness.click(ann, harness.dm(ann), custom_id=cid)
        )
        assert late.ephemeral_text == "This game was abandoned."
    assert await harness.bot.storage.finished_games(fake.guild_id, None) == []  # no rating change
    nothing = await harness.command(ann, "abandon")
    assert nothing.ephemeral_text == "There is no game running in this channel."


async def test_abandon_asks_which_game_when_several_run(harness):
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"])
    await open_lobby(harness, ann, bots=["easy", "easy"])
    which = await harness.command(ann, "abandon")
    assert "Several games run here (#1, #2)" in which.ephemeral_text
    await harness.command(ann, "abandon", game=2)
    assert (await harness.bot.storage.game(2)).status == "abandoned"
    assert (await harness.bot.storage.game(1)).status == "running"


def board_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"(\d+\.|•) <@", line)]


def user_of(line: str) -> int:
    return int(re.search(r"<@(\d+)>", line).group(1))


async def test_leaderboard_and_stats_after_several_games(harness):
    fake = harness.fake
    ann, bea, cal = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Cal")
    empty = await harness.command(ann, "leaderboard")
    assert empty.ephemeral_text == "No finished games here yet."
    rng = random.Random(21)
    for host, others in ((ann, [bea]), (bea, [ann, cal]), (cal, [ann]), (ann, [bea])):
        table = await open_lobby(
            harness,
            host,
            joiners=others,
            bots=["easy"] * (3 - 1 - len(others)),
            options=["tiny_tim"],
        )
        await play_to_the_end(harness, [host, *others], table, rng)
    # A game with one human (and computers) counts for the record but not the rating.
    solo = await open_lobby(harness, cal, game="tree", bots=["easy"])
    await play_to_the_end(harness, [cal], solo, rng)

    board = await harness.command(ann, "leaderboard", game="ghosts")
    text = harness.text(board.original_id)
    assert "Leaderboard — Ghosts of Christmas" in text
    lines = board_lines(text)
    # Ann has 4 rated games, Bea 3: ranked. Cal has 2: provisional, listed apart below them.
    assert [user_of(line) for line in lines[2:]] == [cal.id]
    assert {user_of(line) for line in lines[:2]} == {ann.id, bea.id}
    assert lines[0].startswith("1. ") and lines[1].startswith("2. ")
    assert lines[2].startswith("• ") and "**Provisional** — fewer than 3 rated games" in text
    assert text.index("Provisional") > text.index(lines[1])
    kept = {st.user_id: st for st in await harness.bot.storage.standings(fake.guild_id, "ghosts")}
    for line in lines:
        st = kept[user_of(line)]
        assert line.endswith(
            f"— **{st.rating:,.0f}** · {st.games} games · {plural(st.wins, 'win')}"
            f" · avg place {st.average_place:.1f}"
        )
    settled = sorted((kept[ann.id], kept[bea.id]), key=lambda st: -st.rating)
    assert [user_of(line) for line in lines[:2]] == [st.user_id for st in settled]
    assert (kept[ann.id].games, kept[bea.id].games, kept[cal.id].games) == (4, 3, 2)
    assert board.responses[0]["data"].get("allowed_mentions", {}).get("parse") == []

    everything = await harness.command(ann, "leaderboard")
    every = board_lines(harness.text(everything.original_id))
    assert "3 games" in next(line for line in every if user_of(line) == cal.id)
    only_tree = await harness.command(ann, "leaderboard", game="tree")
    (tree_line,) = board_lines(harness.text(only_tree.original_id))
    assert user_of(tree_line) == cal.id and "**1,000** · 1 game ·" in tree_line
    none = await harness.command(ann, "leaderboard", game="fever")
    assert none.ephemeral_text == "No finished games of Holiday Fever: A Family Tradition here yet."

    stats = await harness.command(ann, "stats", user=cal)
    text = stats.responses[0]["data"]["content"]
    assert (
        "All games — rating" in text and "3 games" in text and "**My First Christmas Tree**" in text
    )
    mine = await harness.command(bea, "stats")
    assert "Bea on this server" in mine.responses[0]["data"]["content"]


async def test_games_in_a_dm_lists_my_games_across_servers(harness):
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"])
    dm_channel = harness.fake.dm_channels[ann.id]
    listing = await harness.command(ann, "games", channel=dm_channel)
    text = listing.ephemeral_text
    assert "Your games" in text and "#1 Ghosts of Christmas" in text and f"/{table})" in text
    assert "/play" not in text


async def test_a_long_leaderboard_is_paged(harness, monkeypatch):
    """Past `boards.PER_PAGE` players the board turns pages with ◀ / ▶, the provisional
    players after the ranked ones, and each page is read again from the kept standings."""
    monkeypatch.setattr(boards, "PER_PAGE", 2)
    fake = harness.fake
    ann, bea, cal = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Cal")
    table = await open_lobby(harness, ann, joiners=[bea, cal], options=["tiny_tim"])
    await play_to_the_end(harness, [ann, bea, cal], table, random.Random(4))
    board = await harness.command(bea, "leaderboard")
    page = board.original_id
    assert "Page 1 of 2" in harness.text(page) and len(board_lines(harness.text(page))) == 2
    await harness.click(cal, page, "Next")
    assert "Page 2 of 2" in harness.text(page)
    (last,) = board_lines(harness.text(page))
    assert last.startswith("• ") and "Provisional" in harness.text(page), "all provisional"
    await harness.click(ann, page, "Previous")
    assert "Page 1 of 2" in harness.text(page)
