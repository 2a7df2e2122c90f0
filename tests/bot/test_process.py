"""`python -m bot` as a real process: killed with SIGKILL mid-game, started again, the game
finishes through buttons on messages sent before the kill."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

from tests.bot.harness import Harness
from tests.bot.play import open_lobby, play_to_the_end

ROOT = Path(__file__).resolve().parents[2]
HANG = 120.0


async def start_process(fake, db: Path, workdir: Path) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "DISCORD_TOKEN": "fake-token",
        "TINSEL_DB": str(db),
        "TINSEL_API_BASE": fake.api_base,
        "TINSEL_GATEWAY_URL": fake.gateway_url,
        "TINSEL_BOT_DELAY": "0",
        "TINSEL_TABLE_GAP": "0",  # each move shown at once: the test waits for the table
        "TINSEL_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }
    fake.identified.clear()
    fake.commands_synced.clear()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=workdir, env=env, stdout=asyncio.subprocess.DEVNULL
    )
    # Generous guards against a hang, not timing assertions: the machine may be busy.
    await asyncio.wait_for(fake.identified.wait(), HANG)
    await asyncio.wait_for(fake.commands_synced.wait(), HANG)  # synced after login
    return proc


async def test_sigkill_mid_game_loses_nothing(fake, tmp_path):
    db = tmp_path / "tinsel.db"
    h = Harness(fake, db)
    proc = await start_process(fake, db, tmp_path)
    try:
        ann = fake.add_user("Ann")
        table = await open_lobby(h, ann, bots=["normal", "easy"], options=["tiny_tim"])
        rng = random.Random(9)
        for _ in range(25):
            dm = h.dm(ann)
            if h.moves_on(dm):
                await h.play_move(ann, dm, rng)
        first_dm = h.dm(ann)
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        proc = await start_process(fake, db, tmp_path)
        await play_to_the_end(h, [ann], table, rng)
        assert "Game over" in h.text(table)
        assert h.dm(ann) == first_dm, "the DM from before the kill kept working"
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
