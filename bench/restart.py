"""Time to be ready after a restart with many stored games.

    python -m bench.restart [--games 10000] [--overdue 200]

Fills a fresh database with `--games` running Ghosts of Christmas games (real engine states,
half of them with a turn timer armed, `--overdue` of those already past due), then starts
`python -m bot` against the test suite's fake Discord (needs the `test` extra) and measures:
process start → connected to the gateway → first slash command answered.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.bot_latency import start_bot
from bot.storage import Storage
from engine import GAMES, bot_move, bot_words
from tests.bot.fake_discord import FakeDiscord


def fill(db: Path, games: int, overdue: int, channel: int, guild: int) -> None:
    """Store the games, spread over 500 channels of one server (`channel` gets the first)."""
    game = GAMES["ghosts"]
    rng = random.Random(1)
    states = []
    for seed in range(50):  # 50 distinct positions, reused
        state = game.new(4, {}, seed)
        for _ in range(rng.randrange(0, 120)):
            (seat,) = game.to_act(state)
            action = bot_move(game, state, seat, "easy")
            state, _ = game.apply(state, seat, action, bot_words(game, state, seat, action))
        states.append((state.step, json.dumps(game.dump(state))))
    now = time.time()
    with sqlite3.connect(db) as conn:
        rows, seats = [], []
        for gid in range(1, games + 1):
            version, state = states[gid % len(states)]
            timed = gid % 2 == 0
            wake = (now - 5 if gid // 2 <= overdue else now + 3600) if timed else None
            where = channel if gid % 500 == 0 else 10**9 + gid % 500
            rows.append(
                (
                    gid,
                    "ghosts",
                    "running",
                    guild,
                    where,
                    1000 + gid,
                    "{}",
                    300 if timed else None,
                    gid,
                    version,
                    state,
                    wake,
                    wake,
                    version,
                    now,
                )
            )
            # Shown games, as a running bot leaves them: each player has a hand message.
            seats += [
                (gid, s, 1000 + gid + s, f"P{s}", None, 5000 + gid, 6000 + s) for s in range(4)
            ]
        conn.executemany(
            "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, options, timer,"
            " seed, version, state, wake_at, deadline, shown_version, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, bot_level, dm_channel_id,"
            " dm_message_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            seats,
        )


async def _migrate(db: Path) -> None:
    store = await Storage.open(str(db))
    await store.close()


async def run(games: int, overdue: int) -> None:
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "restart.db"
        t = time.perf_counter()
        await _migrate(db)
        fill(db, games, overdue, fake.general, fake.guild_id)
        print(
            f"stored {games} running games ({games // 2} with timers, {overdue} overdue)"
            f" in {time.perf_counter() - t:.1f} s; database {db.stat().st_size / 1e6:.0f} MB"
        )
        user = fake.add_user("Ann")
        t0 = time.perf_counter()
        proc = await start_bot(fake, db, 1.5)
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
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--overdue", type=int, default=200)
    args = ap.parse_args()
    asyncio.run(run(args.games, args.overdue))


if __name__ == "__main__":
    main()
