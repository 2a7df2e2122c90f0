"""Killed at chosen points, and started on a damaged or unusable database: every game that
can go on is shown again, nothing acknowledged is lost, and nothing takes the others down."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
import sys

from bot import faults
from tests.bot.harness import HANG
from tests.bot.play import open_lobby
from tests.bot.test_process import ROOT


async def kill_at(harness, reached: asyncio.Event, press) -> None:
    """Press, and kill the bot the moment the stalled request goes out."""
    await press
    await asyncio.wait_for(reached.wait(), HANG)
    await harness.crash_bot()


async def press_start(harness, user, lobby):
    data = {"custom_id": harness.find_button(lobby, "Start"), "component_type": 2}
    return await harness.fake.interact(user, 3, data, message_id=lobby)


async def test_a_kill_before_the_table_is_shown(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], start=False)
    answer = fake.stall("POST", "/callback")  # Start's answer: the lobby becoming the table
    await kill_at(harness, answer, press_start(harness, ann, lobby))
    assert "Join" in harness.labels(lobby), "killed before the table was shown"
    await harness.start_bot()
    assert "Hand 1 of 3" in harness.text(lobby), "the lobby became the table at start-up"
    assert "My hand" in harness.labels(lobby) and "Start" not in harness.labels(lobby)
    for user in (ann, bea):
        assert harness.dm(user) is not None, f"{user.name} got their hand"
    assert any("🔔" in t for t in harness.channel_texts()), "the first ping was sent"


async def test_a_kill_after_the_table_before_hands_and_ping(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], start=False)
    first_dm = fake.stall("POST", "/users/@me/channels")
    await kill_at(harness, first_dm, press_start(harness, ann, lobby))
    assert "Hand 1 of 3" in harness.text(lobby)
    assert harness.dm(ann) is None and harness.dm(bea) is None
    await harness.start_bot()
    for user in (ann, bea):
        assert harness.dm(user) is not None, f"{user.name} got their hand after the restart"
    assert any("🔔" in t for t in harness.channel_texts()), "the pending ping survived"
    mover = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
    assert await harness.play_move(mover, harness.dm(mover), random.Random(1)) is not None


async def test_a_damaged_game_is_quarantined_and_the_rest_start(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"])
    table = await open_lobby(harness, ann, bots=["easy", "easy"])
    await harness.stop_bot()
    with contextlib.closing(sqlite3.connect(harness.db_path)) as db, db:
        db.execute("""UPDATE games SET state = '{"garbage": 1}', shown_version = -1 WHERE id = 1""")
    await harness.start_bot()
    assert any(faults.quarantined(1) in t for t in harness.channel_texts())
    listing = await harness.command(ann, "games")
    assert "#1** — damaged" in listing.ephemeral_text
    assert "#2 Ghosts of Christmas" in listing.ephemeral_text
    dm = harness.dm(ann)
    assert await harness.play_move(ann, dm, random.Random(2)) is not None, "game 2 plays on"
    assert "game #2" in harness.text(table)
    cleared = await harness.command(ann, "abandon", game=1)
    assert cleared.ephemeral_text == "Game #1 was damaged and is now cleared. No ratings change."
    assert (await harness.bot.storage.game(1)).status == "abandoned"


async def run_bot(database: str, workdir) -> tuple[int, str]:
    """`python -m bot` on `database`; it must stop by itself (no Discord is reachable)."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "fake-token",
        "TINSEL_DB": database,
        "TINSEL_API_BASE": "http://127.0.0.1:9/api/v10",
        "PYTHONPATH": str(ROOT),
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=workdir, env=env, stderr=asyncio.subprocess.PIPE
    )
    _, err = await asyncio.wait_for(proc.communicate(), HANG)
    return proc.returncode or 0, err.decode()


async def test_a_file_that_is_not_a_database_stops_at_once(tmp_path):
    junk = tmp_path / "tinsel.db"
    junk.write_text("these are my holiday notes, not a database\n" * 100)
    code, err = await run_bot(str(junk), tmp_path)
    assert code == 4
    assert "not a SQLite database" in err


async def test_a_read_only_database_refuses_to_start(tmp_path):
    db = tmp_path / "tinsel.db"
    sqlite3.connect(db).close()
    code, err = await run_bot(f"file:{db}?mode=ro", tmp_path)
    assert code == 4
    assert "read-only" in err


async def test_a_postgresql_server_out_of_reach_stops_the_bot_saying_so(tmp_path):
    code, err = await run_bot("postgresql://tinsel@127.0.0.1:1/tinsel", tmp_path)
    assert code == 4
    assert "cannot use the PostgreSQL database" in err and "Check the server is running" in err


def hand_messages(fake, user) -> list[dict]:
    """Every message in the user's DMs with the bot, deleted ones too."""
    channel = fake.dm_channels.get(user.id)
    return [] if channel is None else fake.channel_messages(channel, include_deleted=True)


async def test_a_kill_as_a_hand_dm_goes_out_never_sends_a_second(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], start=False)
    dms = set()

    def to_a_dm(_payload) -> bool:
        return bool(fake.dm_channels)  # the first message into any DM channel

    sent = fake.stall("POST", "/messages", when=to_a_dm, done=True)
    await kill_at(harness, sent, press_start(harness, ann, lobby))
    first = [u for u in (ann, bea) if hand_messages(fake, u)]
    assert len(first) == 1, "killed after Discord made the first hand message, before its id"
    await harness.start_bot()
    for user in (ann, bea):
        mine = hand_messages(fake, user)
        assert len(mine) == 1, f"{user.name} has one hand message, not {len(mine)}"
        dms.add(int(mine[0]["id"]))
    mover = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
    played = await harness.play_move(mover, harness.dm(mover), random.Random(1))
    assert played is not None, "the first hand message is the one that works"
    assert {harness.dm(ann), harness.dm(bea)} == dms
