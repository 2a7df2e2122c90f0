"""Interaction latency and Discord requests per move, with many games in progress at once.

    python -m bench.bot_latency [--games 50] [--rate 10] [--seconds 30] [--game ghosts]
                                [--replays] [--hard N] [--processes 2]
                                [--database sqlite|postgresql]

Runs `python -m bot` as its own process against the test suite's fake Discord (needs the
`test` extra), so the fake's own work does not slow the bot down. It opens `--games` games
(two humans each, and one computer where the game seats more: `hard` in the first `--hard` games,
thinking in the bot's worker processes, else `normal`), then players click moves offered
in their DMs at random times — `--rate` clicks per second across all games, a Poisson process — for
`--seconds`; a click that opens a form (a speech) is followed by the form, sent with words
that fit. Prints the time from an interaction arriving at the fake to the bot's first answer
(p50, p99, max), the requests the bot sent to Discord per move, split by kind, the pictures it
uploaded per move, and the bot process's CPU time per move and its thinking processes' (from
/proc, on Linux). Clicks are sent at their planned times whatever the answers take, so the
rate asked is the rate driven (the report says the rate reached). With `--replays`, a
six-family Fever replay is drawn again and again beside the bot meanwhile (`bench.replay
--for`, at the priority the bot's replay process has), to compare the answers' times with
and without `/replay` at work. `--hard N` makes the computer of the first N games `hard`; the
answers in those games are also reported apart, and so are the first 5 s of clicks: the games
are settled before clicking, so at first every game waits for a player and the clicks come at
the whole rate asked, a burst, until the computers are thinking and the rate falls to what they
leave (the steady state is the later answers).
With `--processes 2`, two bot processes run as the two shards of one bot on one database
(`TINSEL_SHARD_COUNT=2`): the games are spread over a guild on each shard, and the clicks, all
in DMs, reach shard 0's process, which applies them (shard 1's shows its games' tables); the
CPU reported is both processes'. `--database postgresql` keeps the games on a throwaway
PostgreSQL server (`bench.postgres_server`) instead of a SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import sqlalchemy

from bench.postgres_server import throwaway_postgres
from bot import faults
from engine import GAMES
from tests.bot.fake_discord import FakeDiscord, Interaction
from tests.bot.harness import Harness, form_submission, typed_for
from tests.bot.play import open_lobby

ROOT = Path(__file__).resolve().parents[1]
ANSWER_WITHIN = 3.0  # seconds Discord gives for the first answer to an interaction
START_UP = 5.0  # seconds of clicks reported apart with hard computers (`start_up_apart`)


async def start_bot(
    fake: FakeDiscord,
    db: Path,
    bot_delay: float,
    shard: int = 0,
    shards: int = 1,
    database: str | None = None,
) -> asyncio.subprocess.Process:
    """`python -m bot` pointed at the fake (as shard `shard` of `shards`), in `db`'s folder,
    on the database file `db` (or the `database` URL); returns once it is connected and the
    commands are there."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "bench-token",
        "TINSEL_DB": database or str(db),
        "TINSEL_API_BASE": fake.api_base,
        "TINSEL_GATEWAY_URL": fake.gateway_url,
        "TINSEL_BOT_DELAY": str(bot_delay),
        "TINSEL_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }
    if shards > 1:
        env |= {"TINSEL_SHARD_COUNT": str(shards), "TINSEL_SHARD_IDS": str(shard)}
    fake.shards.ready(shard).clear()
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=db.parent, env=env)
    try:
        await asyncio.wait_for(fake.shards.ready(shard).wait(), 60)
        for _ in range(1200):
            if "play" in fake.commands:
                return proc
            await asyncio.sleep(0.05)
        raise RuntimeError("the bot never registered its commands")
    except BaseException:
        proc.kill()
        await proc.wait()
        raise


def kind(method: str, path: str, channels: list[int]) -> str:
    """What a request was: an interaction's answer or follow-up, or a message sent to a
    game channel (`channels`: the table, pings, results) or to a DM (hands)."""
    if path.endswith("/callback"):
        return "answer"
    if "/webhooks/" in path:
        return "followup"
    if path == "/users/@me/channels":
        return "open DM"
    where = "channel" if any(path.startswith(f"/channels/{c}/") for c in channels) else "DM"
    return f"{method} {where}"


async def run(
    games: int,
    rate: float,
    seconds: float,
    game: str,
    bot_delay: float,
    replays: bool = False,
    hard: int = 0,
    processes: int = 1,
    database: str = "sqlite",
) -> None:
    fake = FakeDiscord()
    await fake.start()
    fake.shards.count = processes
    channels = [fake.general]
    if processes > 1:  # a guild on each shard, games alternating between them
        channels = [
            fake.add_channel(f"games-{n}", fake.add_guild(f"Guild {n}", shard=(n, processes)))
            for n in range(processes)
        ]
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        db = Path(tmp) / "bench.db"
        url = str(db)
        if database == "postgresql":
            url = stack.enter_context(throwaway_postgres(Path(tmp)))
        procs = []
        for n in range(processes):
            procs.append(await start_bot(fake, db, bot_delay, n, processes, database=url))
            stack.callback(kill_if_running, procs[-1])  # a failed run leaves no bot behind
        h = Harness(fake, db, url)  # no bot object: it reads what the bot sent to the fake
        players = []
        room = GAMES[game].max_seats > 2
        if hard and not room:
            raise SystemExit(f"{game} seats two: no room for a hard computer beside two players")
        for g in range(games):
            a, b = fake.add_user(f"A{g}"), fake.add_user(f"B{g}")
            bots = ["hard" if g < hard else "normal"] if room else []
            channel = channels[g % len(channels)]
            await open_lobby(h, a, game=game, joiners=[b], bots=bots, channel=channel)
            players.append((a, b))
        print(
            f"{games} games of {game} running ({min(hard, games)} with a hard computer) in"
            f" {processes} bot process{'es' if processes > 1 else ''};"
            f" clicking at {rate}/s for {seconds:.0f} s…"
        )
        rng = random.Random(1)
        await h.settle()
        await first_pings(fake, games, channels)
        start_requests, start_uploads = len(fake.requests), len(fake.uploads)
        start_actions = count_actions(url)
        drawing = await draw_replays(seconds) if replays else None
        cpu_start = sum(cpu_seconds(p.pid) for p in procs)
        began = time.monotonic()
        latencies: list[float] = []
        in_hard: list[float] = []  # the same, for presses in games with a hard computer
        at: list[float] = []  # when each answered interaction was sent, from `began`
        stale = forms = busy = deferred = 0
        pending: set[asyncio.Task[None]] = set()

        async def answered(sent, hard_game: bool) -> Interaction:
            inter = await sent
            await asyncio.wait_for(inter.answered.wait(), 10)
            assert inter.answer_time is not None
            latencies.append(inter.answer_time - inter.created)
            at.append(inter.created - began)
            if hard_game:
                in_hard.append(latencies[-1])
            return inter

        async def click(user, dm, choice, hard_game: bool) -> None:
            nonlocal stale, busy, deferred
            kind_, cid, value = choice
            data = {"custom_id": cid, "component_type": 2 if kind_ == "button" else 3}
            if kind_ != "button":  # a select's value, or a multi-select's values joined by ","
                data["values"] = value.split(",")
            inter = await answered(fake.interact(user, 3, data, message_id=dm), hard_game)
            if inter.response_type == 9:  # a form (a speech): type words that fit, send them
                nonlocal forms
                forms += 1
                form = inter.responses[0]["data"]
                data = form_submission(form["custom_id"], typed_for(form))
                inter = await answered(fake.interact(user, 5, data, message_id=dm), hard_game)
            stale += (
                "out of date" in inter.ephemeral_text or "isn't your turn" in inter.ephemeral_text
            )
            busy += faults.BUSY in inter.ephemeral_text
            deferred += inter.response_type == 6

        end = began + seconds
        clicks = 0
        due = began
        while due < end:
            due += rng.expovariate(rate)  # planned times: a slow answer delays no later click
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            g = rng.randrange(len(players))
            a, b = players[g]
            for user in (a, b):
                dm = h.dm(user)
                moves = [m for m in h.moves_on(dm) if not m[1].endswith(":back")] if dm else []
                if moves:
                    task = asyncio.create_task(click(user, dm, rng.choice(moves), g < hard))
                    pending.add(task)
                    task.add_done_callback(pending.discard)
                    clicks += 1
                    break
        driven = clicks / (time.monotonic() - began)
        await asyncio.gather(*pending)
        await h.settle()
        cpu = sum(cpu_seconds(p.pid) for p in procs) - cpu_start
        thinking = sum(cpu_seconds(pid) for p in procs for pid in children(p.pid))
        actions = count_actions(url) - start_actions
        sent = Counter(kind(m, p, channels) for _, m, p in fake.requests[start_requests:])
        uploads = len(fake.uploads) - start_uploads
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
            await proc.wait()
    await fake.stop()
    if drawing is not None:
        out, _ = await drawing.communicate()
        print("replays drawn beside the bot meanwhile:", *out.decode().strip().splitlines()[-2:])

    ms = sorted(1000 * x for x in latencies)
    print(f"clicks sent: {clicks} at {driven:.1f}/s (asked {rate:g}/s)")
    print(f"interactions answered: {len(ms)} ({forms} of them forms; {stale} stale or out of turn)")
    print(f"refused as busy: {busy}; acknowledged first and made late: {deferred}")
    print(f"interaction → first answer: {percentiles(latencies)}")
    if in_hard and len(in_hard) < len(latencies):
        print(f"  in the {min(hard, games)} games with a hard computer: {percentiles(in_hard)}")
    if hard:
        print(start_up_apart(latencies, at, seconds))
    late = sum(1 for x in ms if x > 1000 * ANSWER_WITHIN)
    print(f"answers later than Discord's {ANSWER_WITHIN:.0f} s deadline: {late}")
    total = sum(sent.values())
    print(f"moves applied (players and computers): {actions}; requests to Discord: {total}")
    print(
        f"requests per move: {total / max(1, actions):.2f}  ("
        + ", ".join(f"{k} {v / max(1, actions):.2f}" for k, v in sent.most_common())
        + ")"
    )
    print(f"pictures uploaded per move: {uploads / max(1, actions):.2f}")
    if cpu >= 0:
        print(f"bot CPU per move: {1000 * cpu / max(1, actions):.1f} ms ({cpu:.1f} s in all)")
        print(f"CPU of the bot's worker processes (thinking, since they started): {thinking:.1f} s")
    if fake.violations:
        print("VIOLATIONS:", *fake.violations[:5], sep="\n  ")


async def draw_replays(seconds: float) -> asyncio.subprocess.Process:
    """A six-family Fever replay drawn again and again beside the bot for the whole run, in a
    process at the bot's replay priority (`bench.replay --for`), as `/replay` draws them."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.replay",
        "--for",
        str(seconds),
        env=env,
        stdout=asyncio.subprocess.PIPE,
    )


async def first_pings(fake: FakeDiscord, games: int, channels: list[int]) -> None:
    """Wait (up to a minute) until every game has called its first player: those pings
    belong to starting the games, not to the moves measured."""
    for _ in range(1200):
        sent = [m for c in channels for m in fake.channel_messages(c, True)]
        calls = [m for m in sent if "🔔" in m["content"]]
        if len(calls) >= games:
            return
        await asyncio.sleep(0.05)


def percentiles(seconds: list[float]) -> str:
    """p50, p99 and max of answer times, in milliseconds."""
    ms = sorted(1000 * x for x in seconds)
    p99 = ms[int(0.99 * (len(ms) - 1))]
    return f"p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms ({len(ms)})"


def start_up_apart(latencies: list[float], at: list[float], seconds: float) -> str:
    """The answers to the clicks of the first START_UP seconds, and to the later ones, apart.

    With hard computers the start is a burst: the games were settled before clicking, so
    every game waits for a player and the first clicks come at the whole rate asked; once
    each game's computer is thinking, few players owe a move and the rate falls to what the
    computers leave (the rate reached). The later answers are the steady state."""
    parts = []
    for name, lo, hi in (("first", 0.0, START_UP), ("after", START_UP, float("inf"))):
        picked = [x for x, t in zip(latencies, at, strict=True) if lo <= t < hi]
        span = min(hi, seconds) - lo
        if picked and span > 0:
            rate = len(picked) / span
            parts.append(f"{name} {START_UP:g} s: {rate:.1f}/s, {percentiles(picked)}")
    return "  start-up burst apart — " + "; ".join(parts)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds a process has used so far (-1 where /proc is missing)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (the bot's thinking workers; none without /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def kill_if_running(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.kill()


def count_actions(url: str) -> int:
    """The moves stored so far (a SQLite file name, or a ``postgresql://`` URL)."""
    if url.startswith("postgresql://"):
        url = url.replace("postgresql://", "postgresql+psycopg://", 1)
    else:
        url = f"sqlite:///{url}"
    engine = sqlalchemy.create_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(sqlalchemy.text("SELECT COUNT(*) FROM actions")).scalar_one())
    finally:
        engine.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument(
        "--rate", type=float, default=10.0, help="clicks per second, all games together"
    )
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default="ghosts")
    ap.add_argument("--bot-delay", type=float, default=0.5, help="computer players' pause")
    ap.add_argument(
        "--replays", action="store_true", help="draw /replay pictures beside the bot meanwhile"
    )
    ap.add_argument(
        "--hard", type=int, default=0, help="games whose computer is hard (the first N)"
    )
    ap.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each, one database"
    )
    ap.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    args = ap.parse_args()
    asyncio.run(
        run(
            args.games,
            args.rate,
            args.seconds,
            args.game,
            args.bot_delay,
            args.replays,
            args.hard,
            args.processes,
            args.database,
        )
    )


if __name__ == "__main__":
    main()
