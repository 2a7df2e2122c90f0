"""Two `python -m bot` processes as the two shards of one bot, sharing one SQLite file: games
in a guild of each shard, played through DMs (which only shard 0 hears); shard 1's process
is killed with SIGKILL mid-game and shard 0's takes over its games' computer moves; shard 1's
is started again and every game finishes, with every acknowledged move in the database."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.bot.fake_discord import FakeDiscord, Interaction, User
from tests.bot.harness import HANG, Harness
from tests.bot.play import open_lobby
from tests.bot.test_shards import acknowledged_moves, game_of, writers

ROOT = Path(__file__).resolve().parents[2]
#: The computer's pause before each move: time to kill a process while one is due.
BOT_DELAY = 0.2
#: One player against two computers in each guild, in a game where a control stays current
#: until its seat has moved (`_process_caught_up` waits for controls of the newest version).
GAME, OPTIONS = "ghosts", ["tiny_tim"]


async def start_shard(fake: FakeDiscord, db: Path, shard: int) -> asyncio.subprocess.Process:
    """`python -m bot` as shard `shard` of two, with a token of its own (see `writers`)."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": f"token-{shard}",
        "TINSEL_DB": str(db),
        "TINSEL_API_BASE": fake.api_base,
        "TINSEL_GATEWAY_URL": fake.gateway_url,
        "TINSEL_BOT_DELAY": str(BOT_DELAY),
        "TINSEL_TABLE_GAP": "0",  # each move shown at once: the test waits for the table
        "TINSEL_LOG_LEVEL": "WARNING",
        "TINSEL_SHARD_COUNT": "2",
        "TINSEL_SHARD_IDS": str(shard),
        "PYTHONPATH": str(ROOT),
    }
    fake.shards.ready(shard).clear()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=db.parent, env=env, stdout=asyncio.subprocess.DEVNULL
    )
    # Generous guards against a hang, not timing assertions: the machine may be busy.
    await asyncio.wait_for(fake.shards.ready(shard).wait(), HANG)
    return proc


async def until(condition: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    give_up = loop.time() + HANG
    while not condition():
        assert loop.time() < give_up, what
        await asyncio.sleep(0.02)  # polling the awaited condition itself


def computer_due(db: Path, game_id: int) -> bool:
    """The game's next alarm is a computer's move (a turn timer's is minutes away)."""
    with sqlite3.connect(db) as conn:
        (wake_at,) = conn.execute("SELECT wake_at FROM games WHERE id = ?", (game_id,)).fetchone()
    return wake_at is not None and wake_at < time.time() + 10 * BOT_DELAY


def quiet(h: Harness, tables: bool = True) -> bool:
    """Every DM (and table) shows its game, and no computer is about to move."""
    with sqlite3.connect(h.db_path) as conn:
        running = [i for (i,) in conn.execute("SELECT id FROM games WHERE status = 'running'")]
    caught_up = h._process_caught_up(tables=tables)
    return caught_up and not any(computer_due(h.db_path, g) for g in running)


def finished(h: Harness) -> bool:
    with sqlite3.connect(h.db_path) as conn:
        return not conn.execute("SELECT 1 FROM games WHERE status = 'running'").fetchone()


def moves_by(db: Path, game_id: int, source: str) -> int:
    with sqlite3.connect(db) as conn:
        (n,) = conn.execute(
            "SELECT COUNT(*) FROM actions WHERE game_id = ? AND source = ?", (game_id, source)
        ).fetchone()
    return int(n)


async def press_in_dm(h: Harness, user: User, rng: random.Random) -> Interaction | None:
    """Click a move in the user's DM and wait for the answer only (not for the tables: the
    process that shows them may be down)."""
    dm = h.dm(user)
    moves = [m for m in h.moves_on(dm) if not m[1].endswith(":back")] if dm else []
    if not moves or dm is None:
        return None
    kind, cid, value = rng.choice(moves)
    data: dict[str, object] = {"custom_id": cid, "component_type": 2}
    if kind != "button":
        data = {"custom_id": cid, "component_type": 3, "values": value.split(",")}
    inter = await h.fake.interact(user, 3, data, message_id=dm)
    await asyncio.wait_for(inter.answered.wait(), HANG)
    return inter


async def test_a_killed_shard_is_taken_over_and_every_game_finishes(fake, tmp_path):
    fake.shards.count = 2
    north = fake.add_channel("north-games", fake.add_guild("North", shard=(0, 2)))
    south = fake.add_channel("south-games", fake.add_guild("South", shard=(1, 2)))
    db = tmp_path / "tinsel.db"
    h = Harness(fake, db)  # no bot of its own: it reads what the processes did
    procs = {0: await start_shard(fake, db, 0)}
    await asyncio.wait_for(fake.commands_synced.wait(), HANG)  # by shard 0's process
    procs[1] = await start_shard(fake, db, 1)
    try:
        ann, cal = fake.add_user("Ann"), fake.add_user("Cal")
        computers = ["easy", "easy"]
        n_table = await open_lobby(h, ann, GAME, bots=computers, options=OPTIONS, channel=north)
        s_table = await open_lobby(h, cal, GAME, bots=computers, options=OPTIONS, channel=south)
        n_game, s_game = game_of(h, n_table), game_of(h, s_table)
        rng = random.Random(30)
        for _ in range(6):  # both games under way, every press applied by shard 0
            for user in (ann, cal):
                await press_in_dm(h, user, rng)
                await until(lambda: quiet(h, tables=False), "the processes never caught up")

        # Shard 1's process dies just after a press that makes the computer due in its game:
        # that computer's moves are shard 0's now (taken over once any lease the dead
        # process held runs out).
        before = moves_by(db, s_game, "bot")
        for _ in range(40):
            await press_in_dm(h, cal, rng)
            if computer_due(db, s_game):
                break
            await until(lambda: quiet(h, tables=False), "the processes never caught up")
        else:
            raise AssertionError("the computer never came to move in shard 1's game")
        procs[1].send_signal(signal.SIGKILL)
        await procs[1].wait()
        await until(
            lambda: moves_by(db, s_game, "bot") > before and h._process_caught_up([n_game]),
            "shard 0's process never made the computer's move in shard 1's game",
        )
        for _ in range(2):  # shard 0's own game goes on meanwhile
            for user in (ann,):
                if await press_in_dm(h, user, rng) is not None:
                    await until(lambda: h._process_caught_up([n_game]), "north never caught up")

        procs[1] = await start_shard(fake, db, 1)  # it shows its game again, and plays on
        games = {n_table: (ann,), s_table: (cal,)}
        for _ in range(2000):  # the players' turns come by DM: tables may lag meanwhile
            if finished(h):
                break
            for users in games.values():
                for user in users:
                    await press_in_dm(h, user, rng)
            await until(lambda: quiet(h, tables=False), "the processes never caught up")
        await until(lambda: quiet(h), "the tables never showed the ends")
        assert "Game over" in h.text(n_table) and "Game over" in h.text(s_table)
        with sqlite3.connect(db) as conn:
            (users,) = conn.execute("SELECT COUNT(*) FROM actions WHERE source = 'user'").fetchone()
        assert acknowledged_moves(fake) == users, "every acknowledged move is stored"
        assert writers(fake, north) == {"token-0"} and writers(fake, south) == {"token-1"}
        assert writers(fake, fake.dm_channels[ann.id]) == {"token-0"}
        assert writers(fake, fake.dm_channels[cal.id]) == {"token-1"}
    finally:
        for proc in procs.values():
            if proc.returncode is None:
                proc.send_signal(signal.SIGKILL)
                await proc.wait()
