"""Backups: the games live in SQLite's write-ahead log until a checkpoint, so a plain copy of
`tinsel.db` can miss them. `python -m bot.backup` copies them consistently while the bot runs;
checkpoints (on a clean stop and every few minutes) fold the log into the file."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sys

from tests.bot.harness import HANG, Harness
from tests.bot.play import open_lobby
from tests.bot.test_process import ROOT


async def a_game_under_way(harness) -> tuple[int, int]:
    """A game with some moves made: (the table message, the stored version)."""
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"], options=["tiny_tim"])
    rng = random.Random(3)
    for _ in range(6):
        if dm := harness.dm(ann):
            await harness.play_move(ann, dm, rng)
    return table, (await harness.bot.storage.game(1)).version


async def backup_to(source, target) -> str:
    env = {**os.environ, "TINSEL_DB": str(source), "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.backup", str(target), env=env, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(proc.communicate(), HANG)
    assert proc.returncode == 0
    return out.decode()


async def test_a_backup_taken_while_games_run_restores_them(fake, tmp_path):
    live = Harness(fake, tmp_path / "tinsel.db")
    await live.start_bot()
    table, version = await a_game_under_way(live)
    assert version > 0
    said = await backup_to(live.db_path, tmp_path / "backup.db")
    assert "copied" in said
    await live.crash_bot()  # the machine is lost; the backup is all there is
    restored = Harness(fake, tmp_path / "backup.db")
    await restored.start_bot()
    try:
        row = await restored.bot.storage.game(1)
        assert row.status == "running" and row.version == version
        ann = next(u for u in fake.users.values() if u.name == "Ann")
        for _ in range(20):  # and it plays on from the buttons already in Discord
            dm = restored.dm(ann)
            if dm and await restored.play_move(ann, dm, random.Random(1)):
                break
        assert (await restored.bot.storage.game(1)).version > version
        assert "game #1" in restored.text(table)
    finally:
        await restored.stop_bot()


async def test_a_clean_stop_and_a_checkpoint_leave_every_game_in_the_file(fake, tmp_path):
    live = Harness(fake, tmp_path / "tinsel.db")
    await live.start_bot()
    _, version = await a_game_under_way(live)
    await live.bot.storage.checkpoint()
    shutil.copy(live.db_path, tmp_path / "copy.db")  # the file alone, no -wal beside it
    await live.stop_bot()
    assert (
        not (tmp_path / "tinsel.db-wal").exists() or not (tmp_path / "tinsel.db-wal").stat().st_size
    ), "a clean stop leaves nothing in the log"
    for name in ("copy.db", "tinsel.db"):
        alone = tmp_path / f"alone-{name}"
        shutil.copy(tmp_path / name, alone)
        copy = Harness(fake, alone)
        await copy.start_bot()
        try:
            assert (await copy.bot.storage.game(1)).version == version, name
        finally:
            await copy.stop_bot()
