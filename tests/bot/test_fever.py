"""Holiday Fever through the fake Discord: the generic session layer plays it to the end,
speeches included (a first check; the full Discord table for Fever is its own work)."""

from __future__ import annotations

import random

from tests.bot.play import assert_no_public_moves, open_lobby, play_to_the_end


async def test_one_family_and_three_computers_play_to_christmas(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="fever", bots=["normal", "easy", "normal"])
    await play_to_the_end(harness, [ann], table, random.Random(1), game_id=1, max_moves=800)
    shown = [t for entry in fake.public_log for t in entry["texts"]]
    lines = [line for t in shown for line in t.splitlines()]
    # Every speech's words reach the table once, quoted by the bot (made inert there).
    spoken = [line for line in lines if line.startswith("• 🎤") and ": “" in line]
    assert spoken, "nobody spoke in a whole game"
    assert not any("says: “" in line for line in lines), "the narration repeats the words"
    assert harness.labels(table) == ["Score cards", "December", "Town spaces"], "only details"
    assert_no_public_moves(harness)
    assert len(await harness.bot.storage.finished_games(fake.guild_id, "fever")) == 1
