"""Faults outside the game — a locked, full or damaged database, forged options — still get
one private sentence, change nothing, and leave no traceback for input a user can send."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import sqlite3

from bot import commands, faults, scheduler, wire
from bot.storage import Busy, DatabaseError
from bot.storage.errors import database_error
from tests.bot.harness import HANG
from tests.bot.play import game_over, open_lobby, play_to_the_end
from tests.bot.test_presses import two_humans_and_a_bot, version, whose_turn


@contextlib.contextmanager
def locked(harness):
    """Another process holds the database's write lock."""
    db = sqlite3.connect(harness.db_path, isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        db.execute("ROLLBACK")
        db.close()


def full_disk() -> DatabaseError:
    """A genuine SQLITE_FULL from SQLite itself, as the storage layer reports it."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (x)")
    db.execute("PRAGMA max_page_count = 2")
    try:
        db.execute("INSERT INTO t VALUES (randomblob(100000))")
    except sqlite3.OperationalError as exc:
        return database_error(exc)
    raise AssertionError("SQLite accepted a row larger than the database")


def tracebacks(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_locked_database_answers_busy_and_reads_still_work(harness):
    ann, bea, _, _ = await two_humans_and_a_bot(harness)
    mover, dm = await whose_turn(harness, ann, bea)
    before = await version(harness)
    _, cid, value = harness.moves_on(dm)[0]
    with locked(harness):
        press = await harness.choose(mover, dm, value, custom_id=cid)
        assert press.ephemeral_text == faults.BUSY
        listing = await harness.command(ann, "games")
        assert "#1 Ghosts of Christmas" in listing.ephemeral_text, "reads don't wait"
        play = await harness.command(ann, "play", game="ghosts")
        assert play.ephemeral_text == faults.BUSY
    assert await version(harness) == before
    again = await harness.choose(mover, dm, value, custom_id=cid)
    assert again.response_type == 7, "once the lock is gone the same press moves"
    assert await version(harness) == before + 1


async def test_a_full_disk_says_so_and_loses_nothing(harness, monkeypatch):
    ann, bea, _, _ = await two_humans_and_a_bot(harness)
    mover, dm = await whose_turn(harness, ann, bea)
    before = await version(harness)
    _, cid, value = harness.moves_on(dm)[0]

    async def disk_full(*args, **kwargs):
        raise full_disk()

    with monkeypatch.context() as m:
        m.setattr(harness.bot.storage, "commit_action", disk_full)
        press = await harness.choose(mover, dm, value, custom_id=cid)
    assert press.ephemeral_text == faults.DISK_FULL
    assert "Nothing was lost" in faults.DISK_FULL and "My hand" not in faults.DISK_FULL
    assert await version(harness) == before
    again = await harness.choose(mover, dm, value, custom_id=cid)
    assert again.response_type == 7, "the game carries on where it was"


async def test_one_unreadable_game_does_not_break_games(harness, caplog):
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"])
    await open_lobby(harness, ann, bots=["easy", "easy"])
    with contextlib.closing(sqlite3.connect(harness.db_path)) as db, db:
        db.execute("UPDATE games SET options = '{not json' WHERE id = 2")
    listing = await harness.command(ann, "games")
    assert "#1 Ghosts of Christmas" in listing.ephemeral_text
    assert "#2** — damaged" in listing.ephemeral_text
    assert tracebacks(caplog) == []


async def test_forged_and_out_of_range_options_get_a_sentence(harness, caplog):
    ann = harness.fake.add_user("Ann")
    huge = await harness.command(ann, "abandon", game=10**30)
    # discord.py reads the payload with orjson when it is installed, which makes an integer
    # past 64 bits a float: either way the number is said back
    assert huge.ephemeral_text in {
        f"There is no game #{n} running in this channel." for n in (10**30, int(float(10**30)))
    }
    negative = await harness.command(ann, "abandon", game=-1)
    assert negative.ephemeral_text == "There is no game #-1 running in this channel."
    board = await harness.command(ann, "leaderboard", game="no-such-game")
    assert board.ephemeral_text == "I don't know that game."
    assert tracebacks(caplog) == []


def test_a_game_number_is_a_whole_number_of_any_json_reading() -> None:
    assert commands.game_number(12) == 12
    assert commands.game_number(1e30) == int(1e30)
    assert commands.game_number(12.5) is None
    assert commands.game_number("12") is None
    assert commands.game_number(True) is None


async def stale_command(harness, user, name: str, options: list) -> str:
    """A slash command as a Discord client with an old command list sends it."""
    cmd = harness.fake.commands.get(name, {"id": "1100000000000009999"})
    data = {"id": cmd["id"], "name": name, "type": 1, "options": options}
    data["guild_id"] = str(harness.fake.guild_id)
    inter = await harness._send(harness.fake.interact(user, 2, data))
    return inter.ephemeral_text


async def test_malformed_and_stale_commands_get_their_own_sentence(harness, caplog):
    ann = harness.fake.add_user("Ann")
    renamed = await stale_command(harness, ann, "newgame", [])
    assert renamed == faults.UNKNOWN_COMMAND.format(name="newgame")
    bare = await stale_command(harness, ann, "play", [])
    assert bare == faults.CHANGED_COMMAND.format(name="play")
    text = await stale_command(harness, ann, "abandon", [{"name": "game", "type": 3, "value": "x"}])
    assert text == commands.NOT_A_NUMBER
    assert tracebacks(caplog) == [], "a stale client is no bug"


async def test_my_hand_on_a_damaged_game_says_it_is_damaged(harness):
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"])
    dm = harness.dm(ann)
    _, cid, value = harness.moves_on(dm)[0]
    await harness.stop_bot()
    with contextlib.closing(sqlite3.connect(harness.db_path)) as db, db:
        db.execute("""UPDATE games SET state = '{"garbage": 1}' WHERE id = 1""")
    await harness.start_bot()
    hand = await harness.click(ann, table, "My hand")
    move = await harness.choose(ann, dm, value, custom_id=cid)
    assert hand.ephemeral_text == move.ephemeral_text == faults.quarantined(1)


async def test_a_bug_in_a_command_still_gets_an_answer(harness, monkeypatch, caplog):
    ann = harness.fake.add_user("Ann")

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(harness.bot.storage, "standings", broken)
    board = await harness.command(ann, "leaderboard")
    assert board.ephemeral_text == faults.BROKEN
    assert any("a bug" in str(r.exc_info[1]) for r in caplog.records if r.exc_info)


async def test_a_wake_up_that_meets_a_busy_database_is_tried_again_and_the_game_finishes(
    harness, monkeypatch
):
    monkeypatch.setattr(scheduler, "RETRY_FIRST", 0.0)  # try again at once: no waiting here
    storage = harness.bot.storage
    commit = storage.commit_action
    refused: list[int] = []

    async def busy_for_computers(game_id, version, seat, action, source, *args, **kw):
        if source == "bot" and len(refused) < 3:
            refused.append(version)
            raise Busy("earlier writes are still waiting for the database")
        return await commit(game_id, version, seat, action, source, *args, **kw)

    monkeypatch.setattr(storage, "commit_action", busy_for_computers)
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"], options=["tiny_tim"])
    await play_to_the_end(harness, [ann], table, random.Random(6))
    assert len(refused) == 3, "the computers' moves met a busy database three times"
    assert game_over(harness, table), "and the game still finished"
    assert not harness.bot.service.scheduler.failures, "nothing is left to try again"


async def test_a_press_that_waits_for_the_database_is_acknowledged_then_made(harness):
    ann, bea, _, _ = await two_humans_and_a_bot(harness)
    mover, dm = await whose_turn(harness, ann, bea)
    before = await version(harness)
    _, cid, value = harness.moves_on(dm)[0]
    storage = harness.bot.storage
    await storage.db.write_lock.acquire()  # a long queue of writes ahead of this press
    try:
        data = {"custom_id": cid, "component_type": 3, "values": [value]}
        press = await harness.fake.interact(mover, 3, data, message_id=dm)
        await asyncio.wait_for(press.answered.wait(), HANG)
        assert press.response_type == 6, "acknowledged while it waits: no failed interaction"
        assert await version(harness) == before, "not made yet: the database is busy"
    finally:
        storage.db.write_lock.release()
    await harness.settle()
    assert await version(harness) == before + 1, "made once the writes ahead are done"
    assert press.ephemeral_text == "", "late, not refused"
    shown = [wire.parse(c) for _, c, _ in harness.moves_on(dm)]
    assert all(p is not None and p.version != before for p in shown), "the hand moved on"


class PostgresError(Exception):
    """An asyncpg error as SQLAlchemy hands it over: its SQLSTATE in `sqlstate`."""

    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"SQLSTATE {sqlstate}")
        self.sqlstate = sqlstate


def test_each_database_failure_gets_the_same_sentence_on_either_database():
    assert faults.explain(full_disk()) == faults.DISK_FULL
    for sqlstate, sentence in [
        ("55P03", faults.BUSY),  # lock_timeout ran out
        ("40P01", faults.BUSY),  # deadlock
        ("08006", faults.BUSY),  # the connection broke
        ("53100", faults.DISK_FULL),
        ("25006", faults.READ_ONLY),
        ("XX001", faults.DAMAGED),
    ]:
        assert faults.explain(database_error(PostgresError(sqlstate))) == sentence, sqlstate
    assert isinstance(database_error(PostgresError("55P03")), Busy)
    assert faults.explain(database_error(PostgresError("42P01"))) is None, "a bug: a traceback"
    assert faults.explain(database_error(ConnectionRefusedError())) == faults.BUSY
