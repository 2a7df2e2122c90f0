"""A graceful stop: presses refused with one sentence while the work in flight finishes, the
database closed, exit 0; and the heartbeat a container's health check reads."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sqlite3
import sys
from pathlib import Path

from bot.health import Heartbeat, check
from bot.stopping import Gate, connected, stop
from bot.texts import No, say
from tests.bot.fake_discord import FakeDiscord, Interaction
from tests.bot.harness import HANG, Harness
from tests.bot.play import open_lobby, play_to_the_end

ROOT = Path(__file__).resolve().parents[2]
RESTARTING = say(No.RESTARTING)


def test_the_heartbeat_is_fresh_only_while_connected(tmp_path):
    now = [1000.0]
    up = [False]
    path = tmp_path / "beat"
    beats = Heartbeat(path, lambda: up[0], every=10.0, clock=lambda: now[0])
    assert not beats.beat()
    assert "no heartbeat" in (check(path, now[0]) or "")
    up[0] = True
    assert beats.beat()
    assert check(path, now[0] + 30.0) is None
    up[0] = False  # connection lost: no more beats, and the last one ages
    assert not beats.beat()
    assert "31 s old" in (check(path, now[0] + 31.0) or "")
    path.write_text("half a numb", encoding="utf-8")
    assert "cannot be read" in (check(path, now[0]) or "")
    beats.stop()
    assert not path.exists()
    beats.stop()  # twice is harmless


async def press(fake: FakeDiscord, h: Harness, user, message: int, cid: str) -> Interaction:
    data = {"custom_id": cid, "component_type": 2}
    inter = await fake.interact(user, 3, data, message_id=message)
    await asyncio.wait_for(inter.answered.wait(), HANG)
    return inter


async def test_a_closed_gate_answers_every_press_with_one_sentence(harness):
    fake, bot = harness.fake, harness.bot
    assert connected(bot)
    gate = Gate(bot)
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, bots=["easy"], start=False)  # through the open gate
    assert gate.open and not gate.tasks, "the handlers it let through are done"
    gate.close()
    before = harness.text(lobby)
    join = await press(fake, harness, bea, lobby, harness.find_button(lobby, "Join"))
    assert join.ephemeral_text == RESTARTING
    play = await fake.interact(ann, 2, {"id": fake.commands["play"]["id"], "name": "play"})
    await asyncio.wait_for(play.answered.wait(), HANG)
    assert play.ephemeral_text == RESTARTING
    await gate.idle()
    await harness.settle()
    assert harness.text(lobby) == before and "Bea" not in before, "nothing changed"


def process_env(fake: FakeDiscord, db: Path, beat: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DISCORD_TOKEN": "fake-token",
        "TINSEL_DB": str(db),
        "TINSEL_API_BASE": fake.api_base,
        "TINSEL_GATEWAY_URL": fake.gateway_url,
        "TINSEL_BOT_DELAY": "0",
        "TINSEL_TABLE_GAP": "0",  # each move shown at once: the test waits for the table
        "TINSEL_LOG_LEVEL": "INFO",
        "TINSEL_HEARTBEAT": str(beat),
        "PYTHONPATH": str(ROOT),
    }


async def spawn(env: dict[str, str], workdir: Path) -> asyncio.subprocess.Process:
    """`python -m bot` started in `workdir`, its log on a pipe."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=workdir,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


class Bot:
    """`python -m bot` in a process of its own, its log read line by line as it comes."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self.stopping = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, fake: FakeDiscord, env: dict[str, str], workdir: Path) -> Bot:
        fake.identified.clear()
        fake.commands_synced.clear()
        bot = cls(await spawn(env, workdir))
        await asyncio.wait_for(fake.identified.wait(), HANG)
        await asyncio.wait_for(fake.commands_synced.wait(), HANG)
        return bot

    async def _read(self) -> None:
        assert self.proc.stderr is not None
        async for raw in self.proc.stderr:
            self.lines.append(raw.decode(errors="replace").rstrip())
            if "Stopping: no new presses" in self.lines[-1]:
                self.stopping.set()

    async def exit_code(self) -> int:
        code = await asyncio.wait_for(self.proc.wait(), HANG)
        await self._reader
        return code

    async def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
        self._reader.cancel()


async def health(env: dict[str, str], workdir: Path) -> int:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot.health", cwd=workdir, env=env, stdout=asyncio.subprocess.DEVNULL
    )
    return await asyncio.wait_for(proc.wait(), HANG)


async def written(path: Path) -> None:
    loop = asyncio.get_running_loop()
    give_up = loop.time() + HANG
    while not path.exists():
        assert loop.time() < give_up, f"{path} was never written"
        await asyncio.sleep(0.01)  # polling the awaited condition itself


def human_actions(db: Path, user_id: int) -> list[tuple[int, int]]:
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        return con.execute(
            "SELECT a.game_id, a.version FROM actions a JOIN seats s"
            " ON s.game_id = a.game_id AND s.seat = a.seat WHERE s.user_id = ?"
            " ORDER BY a.game_id, a.version",
            (user_id,),
        ).fetchall()


async def test_sigterm_mid_press_finishes_it_refuses_the_next_and_exits_0(fake, tmp_path):
    db, beat = tmp_path / "tinsel.db", tmp_path / "beat"
    env = process_env(fake, db, beat)
    h = Harness(fake, db)
    bot = await Bot.start(fake, env, tmp_path)
    try:
        ann = fake.add_user("Ann")
        table = await open_lobby(h, ann, bots=["normal", "easy"], options=["tiny_tim"])
        rng = random.Random(3)
        await h.play_move(ann, h.dm(ann), rng)
        await written(beat)  # once Discord has sent every server (the bot is ready)
        assert await health(env, tmp_path) == 0, "alive and connected"
        moved = human_actions(db, ann.id)

        # Ann's next move: its answer is held while SIGTERM comes.
        release = asyncio.Event()
        answer = fake.stall(
            "POST", "/callback", when=lambda p: p["type"] in (5, 6, 7), release=release
        )
        dm = h.dm(ann)
        kind, cid, value = rng.choice(h.moves_on(dm))
        data = {"custom_id": cid, "component_type": 2 if kind == "button" else 3}
        if kind != "button":
            data["values"] = value.split(",")
        held = await fake.interact(ann, 3, data, message_id=dm)
        await asyncio.wait_for(answer.wait(), HANG)
        bot.proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(bot.stopping.wait(), HANG)

        late = await press(fake, h, ann, dm, cid)
        assert late.ephemeral_text == RESTARTING, "a press during the stop is refused kindly"
        release.set()
        assert await bot.exit_code() == 0, "\n".join(bot.lines)
        assert held.answered.is_set() and held.response_type in (5, 6, 7), "answered in full"
        assert len(human_actions(db, ann.id)) == len(moved) + 1, "the move in flight is kept"
        assert not beat.exists() and await health(env, tmp_path) == 1, "the heartbeat is gone"
        assert not any("Traceback" in line or "without waiting" in line for line in bot.lines)

        bot = await Bot.start(fake, env, tmp_path)
        await play_to_the_end(h, [ann], table, rng)
        assert "Game over" in h.text(table)
        bot.proc.send_signal(signal.SIGINT)  # Ctrl-C stops as gracefully, with nothing in flight
        assert await bot.exit_code() == 0, "\n".join(bot.lines)
    finally:
        await bot.kill()


async def test_a_second_signal_stops_without_waiting_for_a_hung_press(harness):
    fake, bot = harness.fake, harness.bot
    gate = Gate(bot)
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, bots=["easy"], start=False)
    answer = fake.stall("POST", "/callback")  # never answered: a press that hangs
    data = {"custom_id": harness.find_button(lobby, "Join"), "component_type": 2}
    await fake.interact(bea, 3, data, message_id=lobby)
    await asyncio.wait_for(answer.wait(), HANG)
    assert gate.tasks, "the hung press is in flight"
    hurry = asyncio.Event()
    hurry.set()  # a second signal
    await asyncio.wait_for(stop(bot, gate, hurry, grace=HANG), HANG)
    assert not gate.tasks and bot.is_closed()
    harness.bot = None  # closed here, not by the fixture


async def test_sigterm_while_logging_in_exits_0_at_once(fake, tmp_path):
    env = process_env(fake, tmp_path / "tinsel.db", tmp_path / "beat")
    login = fake.stall("GET", "/users/@me")  # Discord never answers the login
    proc = await spawn(env, tmp_path)
    try:
        await asyncio.wait_for(login.wait(), HANG)
        proc.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(proc.communicate(), HANG)
        assert proc.returncode == 0 and b"Traceback" not in err, err.decode()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
