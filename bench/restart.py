"""Time to be ready after a restart with many stored games, on SQLite or PostgreSQL.

    python -m bench.restart [--database sqlite|postgresql] [--games 100000] [--running 300]
                            [--overdue 100] [--url postgresql://…]

Fills a fresh database with `--games` Ghosts of Christmas games: `--running` of them running
(real engine states, half with a turn timer armed, `--overdue` of those already past due),
the rest finished with their results, as a server that has played for years leaves it. On
PostgreSQL it starts a throwaway server (as the test suite does) unless `--url` names one.
Then it measures, in this process, opening the repository and what `Scheduler.resume` reads
(`alarms()` and `unshown()`), and starts `python -m bot` against the test suite's fake
Discord (needs the `test` extra): process start → connected to the gateway → first slash
command answered.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import signal
import tempfile
import time
from pathlib import Path

import sqlalchemy

from bench.bot_latency import start_bot
from bench.postgres_server import throwaway_postgres
from bot.storage import open_repository
from bot.storage.sql.tables import games, results, seats
from engine import GAMES, bot_move, bot_words
from tests.bot.fake_discord import FakeDiscord

BATCH = 5_000


def positions() -> list[tuple[int, str]]:
    """50 distinct Ghosts of Christmas positions (version, state JSON), reused."""
    game = GAMES["ghosts"]
    rng = random.Random(1)
    found = []
    for seed in range(50):
        state = game.new(4, {}, seed)
        for _ in range(rng.randrange(0, 120)):
            (seat,) = game.to_act(state)
            action = bot_move(game, state, seat, "easy")
            state, _ = game.apply(state, seat, action, bot_words(game, state, seat, action))
        found.append((state.step, json.dumps(game.dump(state))))
    return found


def fill(url: str, total: int, running: int, overdue: int, channel: int, guild: int) -> None:
    """Store the games, spread over 500 channels of one server (`channel` gets some), through
    SQLAlchemy Core so that both databases get the same rows."""
    states = positions()
    now = time.time()
    engine = sqlalchemy.create_engine(url)
    rows: list[dict[str, object]] = []
    seat_rows: list[dict[str, object]] = []
    result_rows: list[dict[str, object]] = []

    def flush(conn: sqlalchemy.Connection) -> None:
        for table, batch in ((games, rows), (seats, seat_rows), (results, result_rows)):
            if batch:
                conn.execute(sqlalchemy.insert(table), batch)
                batch.clear()

    with engine.begin() as conn:
        for gid in range(1, total + 1):
            version, state = states[gid % len(states)]
            live = gid > total - running
            timed = live and gid % 2 == 0
            wake = (now - 5 if (total - gid) // 2 < overdue else now + 3600) if timed else None
            rows.append(
                {
                    "id": gid,
                    "game": "ghosts",
                    "status": "running" if live else "finished",
                    "guild_id": guild,
                    "channel_id": channel if gid % 500 == 0 else 10**9 + gid % 500,
                    "host_id": 1000 + gid,
                    "options": "{}",
                    "timer": 300 if timed else None,
                    "seed": gid,
                    "version": version,
                    "state": state,
                    "wake_at": wake,
                    "deadline": wake,
                    "shown_version": version,
                    "created": now - total + gid,
                    "finished": None if live else now - total + gid + 600,
                }
            )
            # Shown games, as a running bot leaves them: each player has a hand message.
            for s in range(4):
                seat_rows.append(
                    {
                        "game_id": gid,
                        "seat": s,
                        "user_id": 1000 + (gid + s) % 5000,
                        "name": f"P{s}",
                        "dm_channel_id": 5000 + gid,
                        "dm_message_id": 6000 + s,
                    }
                )
                if not live:
                    result_rows.append(
                        {
                            "game_id": gid,
                            "guild_id": guild,
                            "game": "ghosts",
                            "seat": s,
                            "user_id": 1000 + (gid + s) % 5000,
                            "name": f"P{s}",
                            "rank": s + 1,
                            "score": 10 - s,
                            "won": s == 0,
                            "abandoned": False,
                            "finished": now - total + gid + 600,
                        }
                    )
            if len(rows) >= BATCH:
                flush(conn)
        flush(conn)
    engine.dispose()


async def resume_reads(url: str) -> tuple[float, int, int]:
    """Seconds to open the repository and read what `Scheduler.resume` reads."""
    t = time.perf_counter()
    store = await open_repository(url)
    alarms = await store.alarms()
    unshown = await store.unshown()
    took = time.perf_counter() - t
    await store.close()
    return took, len(alarms), len(unshown)


async def run(database: str, total: int, running: int, overdue: int, url: str | None) -> None:
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if database == "sqlite":
            url = str(Path(tmp) / "restart.db")
            sync_url = f"sqlite:///{url}"
        elif url is None:
            url = stack.enter_context(throwaway_postgres(Path(tmp)))
        if database != "sqlite":
            sync_url = url.replace("postgresql://", "postgresql+psycopg://", 1)
        t = time.perf_counter()
        await (await open_repository(url)).close()  # the schema
        fill(sync_url, total, running, overdue, fake.general, fake.guild_id)
        print(
            f"{database}: stored {total} games ({running} running, {overdue} overdue alarms)"
            f" in {time.perf_counter() - t:.1f} s"
        )
        took, alarms, unshown = await resume_reads(url)
        print(
            f"open + alarms() + unshown(): {took:.2f} s ({alarms} alarms, {unshown} to show again)"
        )
        user = fake.add_user("Ann")
        t0 = time.perf_counter()
        proc = await start_bot(fake, Path(tmp) / "restart.db", 1.5, database=url)
        try:
            t1 = time.perf_counter()
            data = {
                "id": fake.commands["games"]["id"],
                "name": "games",
                "type": 1,
                "options": [],
                "guild_id": str(fake.guild_id),
            }
            inter = await fake.interact(user, 2, data)
            await asyncio.wait_for(inter.answered.wait(), 30)
            t2 = time.perf_counter()
        finally:
            proc.send_signal(signal.SIGTERM)
            await proc.wait()
    await fake.stop()
    print(f"process start → gateway connected and commands synced: {t1 - t0:.2f} s")
    print(f"process start → first slash command answered: {t2 - t0:.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--running", type=int, default=300)
    ap.add_argument("--overdue", type=int, default=100)
    ap.add_argument("--url", help="a PostgreSQL database to fill (default: a throwaway server)")
    args = ap.parse_args()
    asyncio.run(run(args.database, args.games, args.running, args.overdue, args.url))


if __name__ == "__main__":
    main()
