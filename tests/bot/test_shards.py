"""Two bot processes as two shards of one bot, sharing one database — here two clients in
one event loop against the fake Discord (tests/bot/test_shard_processes.py runs real
processes): any process applies any press, each alarm fires in one process, and only the
process running a guild's shard edits that guild's messages and its players' hand DMs."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot import catchup, wire
from bot.config import ConfigError, Settings
from bot.scheduler import LEASE
from bot.shards import Shards, shard_of
from tests.bot.fake_discord import FakeDiscord, Interaction
from tests.bot.harness import HANG, Harness
from tests.bot.play import drawn_tables, open_lobby, play_to_the_end


@dataclass
class Pair:
    """The bots of shard 0 and shard 1 of two, a channel in a guild of each shard."""

    fake: FakeDiscord
    zero: Harness
    one: Harness
    north: int  # a channel in a guild on shard 0
    south: int  # a channel in a guild on shard 1

    async def settle(self) -> None:
        """Both bots idle, and every table and hand shows the stored game (the process
        running a game's shard catches up on moves the other made: wait for it)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + HANG
        while True:
            for h in (self.zero, self.one):
                await h.settle()
            if self.zero._process_caught_up():
                return
            assert loop.time() < give_up, "the bots never caught up"
            await asyncio.sleep(0.01)  # polling the awaited condition itself


@pytest.fixture
async def pair(fake: FakeDiscord, tmp_path: Path, monkeypatch) -> AsyncIterator[Pair]:
    drawn_tables(monkeypatch)
    monkeypatch.setattr(catchup, "CATCH_UP_EVERY", 0.02)  # each click waits for a catch-up
    fake.shards.count = 2
    north = fake.add_channel("north-games", fake.add_guild("North", shard=(0, 2)))
    south = fake.add_channel("south-games", fake.add_guild("South", shard=(1, 2)))
    bots = []
    for shard in (0, 1):
        h = Harness(fake, tmp_path / "tinsel.db")
        h.shard_count, h.shard_ids, h.token = 2, (shard,), f"token-{shard}"
        await h.start_bot()
        bots.append(h)
    yield Pair(fake, bots[0], bots[1], north, south)
    for h in reversed(bots):
        if h.bot is not None:
            await h.stop_bot()


def user_moves(h: Harness) -> int:
    with sqlite3.connect(h.db_path) as db:
        (n,) = db.execute("SELECT COUNT(*) FROM actions WHERE source = 'user'").fetchone()
    return int(n)


def acknowledged_moves(fake: FakeDiscord) -> int:
    """Move presses and forms the bot answered by showing the game moved on (not refused)."""
    kinds = (wire.Kind.MOVE, wire.Kind.FORM)
    return sum(
        1
        for i in fake.interactions.values()
        if (press := wire.parse(str(i.data.get("custom_id", "")))) is not None
        and press.kind in kinds
        and i.response_type in (6, 7)
        and not i.ephemeral_text
    )


def writers(fake: FakeDiscord, channel: int) -> set[str]:
    """The tokens of the requests that sent, edited or deleted messages in `channel`."""
    return {
        token
        for (_, method, path), token in zip(fake.requests, fake.tokens, strict=True)
        if method != "GET" and path.startswith(f"/channels/{channel}/")
    }


def test_shard_settings_say_what_is_wrong(tmp_path: Path) -> None:
    def load(**env: str) -> Settings:
        return Settings.load(tmp_path / "missing", environ={"DISCORD_TOKEN": "t", **env})

    s = load(TINSEL_SHARD_COUNT="4", TINSEL_SHARD_IDS="3, 1")
    assert (s.shard_count, s.shard_ids) == (4, (1, 3))
    assert (load().shard_count, load().shard_ids) == (None, None)
    assert load(TINSEL_SHARD_COUNT="2").shard_ids is None  # this process runs both
    count = "TINSEL_SHARD_COUNT must be a whole number of shards, 1 or more."
    ids = (
        "TINSEL_SHARD_IDS must be shard numbers below TINSEL_SHARD_COUNT, separated by"
        " commas (like 0,1)."
    )
    for bad in ("0", "-1", "two", "1.5"):
        with pytest.raises(ConfigError) as err:
            load(TINSEL_SHARD_COUNT=bad)
        assert str(err.value) == count
    for env in (
        {"TINSEL_SHARD_IDS": "0"},
        {"TINSEL_SHARD_COUNT": "2", "TINSEL_SHARD_IDS": "2"},
        {"TINSEL_SHARD_COUNT": "2", "TINSEL_SHARD_IDS": "0;1"},
        {"TINSEL_SHARD_COUNT": "2", "TINSEL_SHARD_IDS": "0,"},
    ):
        with pytest.raises(ConfigError) as err:
            load(**env)
        assert str(err.value) == ids


def test_a_process_owns_the_guilds_of_its_shards() -> None:
    north, south = 8 << 22, 9 << 22
    assert (shard_of(north, 2), shard_of(south, 2), shard_of(None, 2)) == (0, 1, 0)
    zero, one = Shards.of(2, [0]), Shards.of(2, [1])
    assert zero.owns(north) and zero.owns(None) and not zero.owns(south)
    assert one.owns(south) and not one.owns(north) and not one.owns(None)
    assert zero.syncs_commands and not one.syncs_commands
    assert not zero.alone and Shards().alone and Shards.of(2, [1, 0]).alone
    assert Shards().owns(south) and Shards.of(2, None).owns(north)
    assert zero.owner != one.owner


async def test_each_process_hears_its_own_guilds_and_dms_go_to_shard_zero(pair: Pair) -> None:
    zero, one = pair.zero.bot, pair.one.bot
    assert zero is not None and one is not None
    north, south = pair.fake.guild_of(pair.north), pair.fake.guild_of(pair.south)
    assert zero.get_guild(north or 0) is not None and zero.get_guild(south or 0) is None
    assert one.get_guild(south or 0) is not None and one.get_guild(north or 0) is None
    assert set(pair.fake.commands) and writers(pair.fake, pair.south) == set()
    ann = pair.fake.add_user("Ann")
    listing = await pair.one.command(ann, "games", channel=pair.south)
    assert "/play" in listing.ephemeral_text  # answered by shard 1's process
    dm = pair.fake._open_dm(ann.id)["id"]
    in_dm = await pair.zero.command(ann, "games", channel=int(dm))
    assert in_dm.ephemeral_text


async def test_dm_presses_for_another_shards_game_are_shown_by_its_owner(pair: Pair) -> None:
    """A game in shard 1's guild, played through DMs (which shard 0's process hears): every
    move is applied by shard 0's process, and only shard 1's edits the table and the DMs
    (but for each press's own answer)."""
    fake = pair.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(
        pair.one, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"], channel=pair.south
    )
    await pair.settle()
    assert pair.zero.bot is not None and not pair.zero.bot.service.sessions
    clicks = await play_to_the_end(
        pair.zero, [ann, bea], table, random.Random(3), after_each=pair.settle
    )
    await pair.settle()
    assert clicks and "Game over" in pair.zero.text(table)
    assert writers(fake, pair.south) == {"token-1"}
    for user in (ann, bea):
        assert writers(fake, fake.dm_channels[user.id]) == {"token-1"}
    assert acknowledged_moves(fake) == user_moves(pair.zero) == clicks
    over = [
        m for m in fake.channel_messages(pair.south) if "is over" in pair.zero.text(int(m["id"]))
    ]
    assert len(over) == 1, "the result is announced once"


def edits_of(fake: FakeDiscord, message_id: int, token: str) -> int:
    """How many times `token`'s process edited the message (not through an interaction)."""
    return sum(
        1
        for (_, method, path), by in zip(fake.requests, fake.tokens, strict=True)
        if method == "PATCH" and path.endswith(f"/messages/{message_id}") and by == token
    )


async def test_the_owner_leaves_alone_a_dm_a_press_answered_in_another_process(
    pair: Pair,
) -> None:
    """A DM press on a game of shard 1's guild is applied and answered by shard 0's process;
    when that press made the newest move, shard 1's process does not edit the DM again: the
    answer shows it already, with the same header (the game keeps where it is played)."""
    fake = pair.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(pair.one, ann, game="tree", joiners=[bea], channel=pair.south)
    await pair.settle()
    rng = random.Random(2)
    for _ in range(6):
        mover, dm = next(
            (u, dm)
            for u in (ann, bea)
            if (dm := pair.zero.dm(u)) is not None and pair.zero.moves_on(dm)
        )
        before = edits_of(fake, dm, "token-1")
        assert await pair.zero.play_move(mover, dm, rng) is not None
        await pair.settle()
        assert edits_of(fake, dm, "token-1") == before, "shown by the answer alone"
        assert "Playing in **South** › #south-games" in pair.zero.text(dm)
    assert "Game over" not in pair.zero.text(table)


async def answer_of(sent: Interaction) -> Interaction:
    await asyncio.wait_for(sent.answered.wait(), HANG)
    return sent


async def test_one_move_pressed_in_two_processes_at_once_applies_once(pair: Pair) -> None:
    """Ann presses the same move on her DM (shard 0's process) and on her "My hand" reply
    in shard 1's guild (shard 1's process) at the same moment: exactly one is applied."""
    fake = pair.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(pair.one, ann, game="tree", bots=["easy"], channel=pair.south)
    await pair.settle()
    rng = random.Random(5)
    for _ in range(6):
        dm = pair.zero.dm(ann)
        assert dm is not None
        reply = (await pair.one.click(ann, table, "My hand")).original_id
        assert reply is not None
        await pair.settle()
        both = [m for m in pair.zero.moves_on(dm) if m in pair.zero.moves_on(reply)]
        if not both:
            break
        kind, cid, value = rng.choice(both)
        data: dict[str, object] = {"custom_id": cid, "component_type": 2}
        if kind != "button":
            data = {"custom_id": cid, "component_type": 3, "values": value.split(",")}
        before = user_moves(pair.zero)
        presses = await asyncio.gather(
            fake.interact(ann, 3, data, message_id=dm),
            fake.interact(ann, 3, data, message_id=reply),
        )
        answers = await asyncio.gather(*(answer_of(p) for p in presses))
        await pair.settle()
        assert user_moves(pair.zero) == before + 1
        refused = [a for a in answers if a.ephemeral_text]
        assert len(refused) == 1, [a.ephemeral_text for a in answers]
        if "Game over" in pair.zero.text(table):
            break


def game_of(h: Harness, table: int) -> int:
    presses = [wire.parse(c.get("custom_id", "")) for c in h.components(table)]
    return next(p.game_id for p in presses if p is not None)


async def test_an_alarm_another_process_holds_waits_and_is_taken_over(pair: Pair) -> None:
    """A computer's move falls due while a killed process holds the game's lease: no process
    wakes the game until the lease runs out, then one of them takes the alarm over and the
    computer moves."""
    fake = pair.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(pair.one, ann, game="tree", bots=["easy"], channel=pair.north)
    await pair.settle()
    game_id = game_of(pair.zero, table)
    storage = pair.zero.bot.storage  # type: ignore[union-attr]
    assert await storage.claim(game_id, "gone:1:dead", pair.zero.clock(), LEASE)
    rng = random.Random(1)
    for _ in range(10):  # Ann moves until the computer is to move
        dm = pair.zero.dm(ann)
        assert dm is not None and await pair.zero.play_move(ann, dm, rng) is not None
        for h in (pair.zero, pair.one):
            await h.settle()
        row = await storage.game(game_id)
        assert row is not None
        if row.wake_at is not None and row.wake_at <= pair.zero.clock():
            break
    held = row.version
    for h in (pair.zero, pair.one):
        await h.bot.service.scheduler.claim_due()  # type: ignore[union-attr]
        await h.settle()
    assert (await storage.game(game_id)).version == held  # type: ignore[union-attr]
    for h in (pair.zero, pair.one):
        h.clock.advance(LEASE)
    takers = (h.bot.service.scheduler.claim_due() for h in (pair.zero, pair.one))  # type: ignore[union-attr]
    await asyncio.gather(*takers)
    await pair.settle()
    assert (await storage.game(game_id)).version > held  # type: ignore[union-attr]
    assert writers(fake, pair.north) == {"token-0"}


async def test_a_lone_process_waits_out_the_lease_of_its_killed_run(harness) -> None:
    """One process (no shard settings): a lease its killed previous run left on a game holds
    that game's timer until it runs out, then the timer fires as usual."""
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"], timer=60)
    storage = harness.bot.storage
    game_id = game_of(harness, table)
    row = await storage.game(game_id)
    assert row is not None and row.deadline is not None
    harness.clock.advance(row.deadline - harness.clock() + 1)  # Ann's time is up
    assert await storage.claim(game_id, "host:1:killed", harness.clock(), LEASE)
    await harness.bot.service.run_due()
    await harness.settle()
    assert (await storage.game(game_id)).version == row.version  # type: ignore[union-attr]
    harness.clock.advance(LEASE)
    await harness.bot.service.run_due()
    await harness.settle()
    assert (await storage.game(game_id)).version > row.version  # type: ignore[union-attr]
    assert "Ann ran out of time" in harness.text(table)
