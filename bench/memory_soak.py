"""Memory over a long run: many games in flight against the fake Discord, in one process.

    python -m bench.memory_soak [--game tree] [--games 50] [--minutes 20] [--rate 10]
                                [--humans 2] [--computers K] [--every 60] [--trace] [--top 10]

Runs the real client and the test suite's fake Discord (needs the `test` extra) in this
process. It opens `--games` games (`--humans` players each, two by default, and `--computers`
computer seats, by default one where the game seats more), then players click moves offered
in their DMs at random times, `--rate` clicks per second across all games (a Poisson
process), for `--minutes`. A game that ends is replaced by a new one with new players, so as
many games are always in flight. The fake forgets the messages, pictures and interactions of
games that ended (it would otherwise keep every picture the bot ever sent), so what grows is
the bot's.

Every `--every` seconds it prints the process's resident memory (RSS) and its high-water mark
(HWM), what the C allocator holds (glibc: in use, and freed but kept for reuse), the games
played, the sessions the bot holds in memory, the pictures alive and their pixels' bytes
(Pillow's image memory, which tracemalloc does not see) and each render and engine cache's
entries. With `--trace`, also the Python memory tracemalloc traces and, at the
end, the allocation sites that grew most since the warm-up (the first report after
`--warmup` minutes). Freed memory is not always given back to the system, so RSS is a
high-water mark of sorts: tracemalloc and the pictures' bytes show what is really held.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from bench.bot_latency import count_actions
from bot.client import TinselBot
from bot.config import Settings
from bot.hub import share_arenas
from engine import GAMES
from tests.bot.fake_discord import FakeDiscord, Interaction, User
from tests.bot.harness import Harness, form_submission, point_client_at, typed_for
from tests.bot.play import game_over, open_lobby

MB = 1024 * 1024
#: Answered interactions the fake forgets after this many seconds.
FORGET_AFTER = 60.0


class Driver(Harness):
    """The test harness, without waiting for the whole bot to be idle after each press: with
    fifty games in flight it never is. A press waits for its own answer only."""

    async def settle(self) -> None:
        await asyncio.sleep(0)


@dataclass
class Table:
    players: tuple[User, ...]
    message: int


def status_kb(field: str) -> int:
    """A line of /proc/self/status in kB (VmRSS: resident now, VmHWM: the most ever)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def pictures() -> tuple[int, int]:
    """Pillow images alive in Python, and the bytes of their pixels (Pillow keeps a byte a
    pixel for a one-band image, four for RGB and RGBA). Tracemalloc does not see these."""
    count = size = 0
    for obj in gc.get_objects():
        # an image another thread is making may have no mode yet
        if isinstance(obj, Image.Image) and obj.mode:
            count += 1
            size += obj.width * obj.height * (1 if obj.mode in ("1", "L", "P") else 4)
    return count, size


class MallInfo2(ctypes.Structure):
    """glibc's `struct mallinfo2`, summed over every malloc arena."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def malloc_held() -> str:
    """What the C allocator holds (glibc): in use, freed but kept, and mapped on its own."""
    try:
        call = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return ""
    call.restype = MallInfo2
    got = call()
    return (
        f" malloc: {got.uordblks / MB:.1f} MB in use, {got.fordblks / MB:.1f} MB freed but"
        f" kept, {got.hblkhd / MB:.1f} MB mapped apart;"
    )


def caches() -> str:
    """Each cache of the renderer and the engine: entries, bytes if it counts them, hits."""
    out = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith(("render.", "engine.")):
            continue
        for attr, fn in sorted(vars(module).items()):
            info = getattr(fn, "cache_info", None)
            if info is None or isinstance(fn, type) or getattr(fn, "__module__", None) != name:
                continue
            got = info()
            held = f" {got.bytes / MB:.1f} MB" if hasattr(got, "bytes") else ""
            hits = f" ({100 * got.hits / max(1, got.hits + got.misses):.0f}% hits)"
            if got.currsize:
                out.append(f"{name.split('.', 1)[1]}.{attr} {got.currsize}{held}{hits}")
    return ", ".join(out)


class Soak:
    def __init__(self, args: argparse.Namespace, fake: FakeDiscord, h: Driver, db: Path) -> None:
        self.args = args
        self.fake = fake
        self.h = h
        self.db = db
        self.tables: list[Table] = []
        self.rng = random.Random(1)
        self.clicks = self.finished = self.opened = 0
        self.start = time.monotonic()
        self.warm: tracemalloc.Snapshot | None = None

    async def open(self) -> Table:
        """A new game with new players. Under load a lobby press may be refused (the database
        busy): that lobby is left, and another one opened."""
        while True:
            self.opened += 1
            host, *joiners = (
                self.fake.add_user(f"P{self.opened}.{k}") for k in range(self.args.humans)
            )
            bots = ["normal"] * self.args.computers
            try:
                table = await open_lobby(
                    self.h, host, game=self.args.game, joiners=joiners, bots=bots
                )
            except AssertionError as exc:  # a lobby press was refused
                print(f"         a lobby did not start ({exc}); opening another", flush=True)
                continue
            return Table((host, *joiners), table)

    async def keep_up(self, until: float) -> None:
        """Replace each game that ended by a new one, and let the fake forget the old one."""
        while time.monotonic() < until:
            for k, table in enumerate(self.tables):
                if game_over(self.h, table.message):
                    self.finished += 1
                    self.forget(table)
                    self.tables[k] = await self.open()
            self.trim()
            await asyncio.sleep(1)

    def forget(self, table: Table) -> None:
        """The fake drops an ended game's messages and pictures. Its players stay members of the
        server (a few bytes each): the result post, which may come after the table says the
        game is over, mentions them."""
        fake = self.fake
        gone = {table.message}
        for user in table.players:
            channel = fake.dm_channels.pop(user.id, None)
            if channel is not None:
                gone |= {int(m["id"]) for m in fake.channel_messages(channel, True)}
        live = {t.message for t in self.tables if t is not table}
        general = fake.channel_messages(fake.general, True)
        gone |= {int(m["id"]) for m in general if int(m["id"]) not in live}
        for mid in gone - live:
            fake.messages.pop(mid, None)
            fake.files.pop(mid, None)
            fake.deleted.discard(mid)

    def trim(self) -> None:
        """The fake's logs and old pictures, which would grow with every request."""
        fake = self.fake
        fake.public_log.clear()
        fake.modals.clear()
        del fake.requests[:]
        now = time.monotonic()
        for iid, inter in list(fake.interactions.items()):
            if inter.answered.is_set() and now - inter.created > FORGET_AFTER:
                del fake.interactions[iid]
        for mid, files in fake.files.items():
            shown = {a["filename"] for a in fake.messages[mid]["attachments"]}
            for name in [n for n in files if n not in shown]:
                del files[name]

    async def click_on(self, until: float) -> None:
        pending: set[asyncio.Task[None]] = set()
        while time.monotonic() < until:
            await asyncio.sleep(self.rng.expovariate(self.args.rate))
            table = self.rng.choice(self.tables)
            for user in table.players:
                dm = self.h.dm(user)
                moves = [m for m in self.h.moves_on(dm) if not m[1].endswith(":back")] if dm else []
                if moves:
                    task = asyncio.create_task(self.click(user, dm, self.rng.choice(moves)))
                    pending.add(task)
                    task.add_done_callback(pending.discard)
                    self.clicks += 1
                    break
        await asyncio.gather(*pending, return_exceptions=True)

    async def click(self, user: User, dm: int, choice: tuple[str, str, str]) -> None:
        kind, cid, value = choice
        data: dict[str, Any] = {"custom_id": cid, "component_type": 2 if kind == "button" else 3}
        if kind != "button":  # a select's value, or a multi-select's values joined by ","
            data["values"] = value.split(",")
        inter = await self.answered(self.fake.interact(user, 3, data, message_id=dm))
        if inter.response_type == 9:  # a form (a speech): type words that fit, send them
            form = inter.responses[0]["data"]
            data = form_submission(form["custom_id"], typed_for(form))
            await self.answered(self.fake.interact(user, 5, data, message_id=dm))

    @staticmethod
    async def answered(sent: Any) -> Interaction:
        inter: Interaction = await sent
        await asyncio.wait_for(inter.answered.wait(), 60)
        return inter

    async def report_every(self, until: float) -> None:
        while (left := until - time.monotonic()) > 0:
            await asyncio.sleep(min(self.args.every, left))
            self.report()

    def report(self) -> None:
        gc.collect()
        minutes = (time.monotonic() - self.start) / 60
        bot = self.h.bot
        assert bot is not None
        hub = bot.service.hub
        images, pixels = pictures()
        traced = ""
        if tracemalloc.is_tracing():
            now, _peak = tracemalloc.get_traced_memory()
            traced = f" traced {now / MB:6.1f} MB"
            if self.warm is None and minutes >= self.args.warmup:
                self.warm = tracemalloc.take_snapshot()
                traced += " (warm-up snapshot)"
        print(
            f"{minutes:6.1f} min: RSS {status_kb('VmRSS') / 1024:6.1f} MB"
            f" (HWM {status_kb('VmHWM') / 1024:6.1f}){traced};{malloc_held()}"
            f" pictures {images} = {pixels / MB:5.1f} MB;"
            f" games {len(self.tables)} in flight, {self.finished} ended, {self.clicks} clicks,"
            f" {count_actions(self.db)} moves; sessions {len(hub.sessions)},"
            f" tasks {len(hub.tasks)}, objects {len(gc.get_objects())}",
            flush=True,
        )
        print(f"         caches: {caches()}", flush=True)

    def top(self) -> None:
        """The allocation sites that grew most since the warm-up."""
        if self.warm is None:
            return
        gc.collect()
        diff = tracemalloc.take_snapshot().compare_to(self.warm, "lineno")
        print(f"top {self.args.top} allocation sites by growth since the warm-up:")
        for stat in diff[: self.args.top]:
            print(f"  {stat}")


async def run(args: argparse.Namespace) -> None:
    if args.trace:
        tracemalloc.start(args.frames)
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "soak.db"
        point_client_at(fake)
        settings = Settings(token="soak-token", database=str(db), bot_delay=args.bot_delay)
        bot = TinselBot(settings, guild_ready_timeout=0.05)
        running = asyncio.create_task(bot.start(settings.token))
        await asyncio.wait_for(bot.wait_until_ready(), 60)
        h = Driver(fake, db)
        h.bot = bot
        soak = Soak(args, fake, h, db)
        try:
            soak.report()
            for _ in range(args.games):
                soak.tables.append(await soak.open())
            print(f"{args.games} games of {args.game} open; clicking at {args.rate}/s", flush=True)
            soak.report()
            until = time.monotonic() + 60 * args.minutes
            await asyncio.gather(
                soak.click_on(until), soak.keep_up(until), soak.report_every(until)
            )
            soak.report()
            soak.top()
            if fake.violations:
                print("VIOLATIONS:", *fake.violations[:5], sep="\n  ")
        finally:
            await bot.close()
            running.cancel()
            await fake.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", default="tree", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--humans", type=int, default=2, help="players who click, per game")
    ap.add_argument(
        "--computers", type=int, help="computer seats per game (default: 1 where it fits, else 0)"
    )
    ap.add_argument("--rate", type=float, default=10.0, help="clicks per second, all games")
    ap.add_argument("--every", type=float, default=60.0, help="seconds between reports")
    ap.add_argument("--bot-delay", type=float, default=0.5, help="computer players' pause")
    ap.add_argument("--warmup", type=float, default=3.0, help="minutes before the snapshot")
    ap.add_argument("--trace", action="store_true", help="trace Python allocations")
    ap.add_argument("--frames", type=int, default=1, help="frames kept per traced allocation")
    ap.add_argument("--top", type=int, default=10, help="allocation sites shown with --trace")
    args = ap.parse_args()
    game = GAMES[args.game]
    if args.computers is None:
        args.computers = 1 if args.humans < game.max_seats else 0
    if not game.min_seats <= args.humans + args.computers <= game.max_seats:
        ap.error(f"{game.title} seats {game.min_seats}–{game.max_seats} players")
    share_arenas()  # as `python -m bot` does, before any thread
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
