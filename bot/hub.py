"""What every layer of the session shares: the client, the storage, the clock, the running
games in memory, their alarms, the worker threads, and the bookkeeping of background work.

Nothing here knows what a move is: the layers above (`moves`, `publisher`, `scheduler`,
`presses`, `tables`) do, and each takes the hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import secrets
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from bot import faults, names, thinking
from bot.components import Card
from bot.reach import Reach
from bot.session import Session
from bot.shards import Shards
from bot.storage import GameRow, Repository
from bot.urgent_first import UrgentFirst

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Worker threads for quick computer players' moves (`easy`, `normal`).
COMPUTE_THREADS = 2
#: Worker processes where searching computer players (`hard`) and hints think.
THINK_PROCESSES = 2
#: Seconds a searching computer thinks about one move, and a hint about one suggestion.
THINK_SECONDS = 1.0
HINT_SECONDS = 0.5
#: A press still unanswered after this many seconds is acknowledged at once (deferred), so a
#: move that waits for a busy database is answered late rather than refused (`LateAck`).
ACK_AFTER = 0.5


class LateAck:
    """Acknowledge an interaction (a deferred answer) if it is still unanswered `after`
    seconds from now; its real answer then edits the message through the interaction.

    Call `stop` before answering: it cancels the acknowledgement if it has not begun, or
    waits for it to finish, so the two never answer at once."""

    def __init__(self, interaction: discord.Interaction, after: float = ACK_AFTER) -> None:
        self._deferring = False
        self._task = asyncio.ensure_future(self._run(interaction, after))

    async def _run(self, interaction: discord.Interaction, after: float) -> None:
        await asyncio.sleep(after)
        if interaction.response.is_done():
            return
        self._deferring = True
        try:
            await interaction.response.defer()
        except discord.HTTPException as exc:
            log.warning("interaction %s: could not acknowledge it: %s", interaction.id, exc)

    async def stop(self) -> None:
        if self._deferring:
            await self._task
        else:
            self._task.cancel()


#: The malloc arenas every thread allocates from (see `share_arenas`), and glibc's
#: `mallopt` parameter for it.
ARENAS = 2
M_ARENA_MAX = -8


def share_arenas() -> None:
    """Have all threads allocate from at most ARENAS malloc arenas (glibc; elsewhere nothing).

    glibc gives each new thread an arena of its own, up to eight per core, and memory freed
    stays with the arena that held it. Pictures are drawn on canvases of 4–7 MB, on the
    publishing thread and on each thread that answers a press, so every one of them kept a
    high-water mark of its own: with fifty games in flight the process held a hundred MB
    more than its pictures and objects (bench/memory_soak.py). In shared arenas a canvas
    freed by one thread serves the next picture, whichever thread draws it. Call it before
    other threads start: a thread that has allocated keeps its arena."""
    if not sys.platform.startswith("linux"):
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # a C library without it
        return
    mallopt(M_ARENA_MAX, ARENAS)


class Alarms:
    """One timer per game (its `wake_at`); when it fires, `on_due(game_id)` runs as tracked
    background work. The scheduler installs `on_due`."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.handles: dict[int, asyncio.TimerHandle] = {}
        self.on_due: Callable[[int], Awaitable[None]] | None = None
        #: Upkeep that comes back every so often (`every`), by name.
        self.upkeep: dict[str, asyncio.TimerHandle] = {}

    def schedule(self, game_id: int, wake_at: float | None) -> None:
        self.cancel(game_id)
        if wake_at is None:
            return
        delay = max(0.0, wake_at - self.hub.clock())
        self.handles[game_id] = asyncio.get_running_loop().call_later(delay, self._fire, game_id)

    def _fire(self, game_id: int) -> None:
        self.handles.pop(game_id, None)
        if self.on_due is not None:
            self.hub.spawn(self.on_due(game_id))

    def cancel(self, game_id: int) -> None:
        if (handle := self.handles.pop(game_id, None)) is not None:
            handle.cancel()

    def every(self, seconds: float, name: str, work: Callable[[], Awaitable[None]]) -> None:
        """Run `work` as tracked background work every `seconds`, until `stop`."""

        def fire() -> None:
            self.hub.spawn(work())
            self.upkeep[name] = asyncio.get_running_loop().call_later(seconds, fire)

        self.upkeep[name] = asyncio.get_running_loop().call_later(seconds, fire)

    def due_now(self) -> bool:
        now = asyncio.get_running_loop().time()
        return any(h.when() <= now for h in self.handles.values())

    def stop(self) -> None:
        for handle in [*self.handles.values(), *self.upkeep.values()]:
            handle.cancel()
        self.handles.clear()
        self.upkeep.clear()


@dataclass
class _Shared:
    """A lock, and how many presses hold it or wait for it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class Hub:
    def __init__(
        self,
        client: discord.Client,
        storage: Repository,
        bot_delay: float = 1.5,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        shards: Shards | None = None,
    ) -> None:
        self.client = client
        #: The shards this process runs: whose public messages it edits (`bot.shards`).
        self.shards = shards or Shards()
        self.storage = storage
        self.bot_delay = bot_delay
        #: How long a press's answer waits for its picture (Discord allows 3 s; we aim for
        #: 0.1 s): see `show`.
        self.quick_answer = 0.04
        #: Seconds between two edits of a running game's table (see `Settings.table_gap`).
        self.table_gap = 1.0
        self.clock = clock
        self.seeds = seeds  # each new game's seed: random in production, fixed in tests
        self.sessions: dict[int, Session] = {}
        self.alarms = Alarms(self)
        self.reach = Reach(client, storage, clock)
        self._lobby_locks: dict[object, _Shared] = {}
        self._load_lock = asyncio.Lock()
        self.tasks: set[asyncio.Task[Any]] = set()
        # Pictures a press waits for render on the default pool; everything published in the
        # background shares this one thread, so it can never crowd out an answer's render.
        self.publisher_thread = ThreadPoolExecutor(1, thread_name_prefix="tinsel-publish")
        # Computer players think here, never on the event loop: a long search in one game
        # cannot hold up another game's press.
        self.compute_threads = ThreadPoolExecutor(
            COMPUTE_THREADS, thread_name_prefix="tinsel-compute"
        )
        #: Where replays are drawn (`bot.replays`): one worker process, started on first use
        #: (tests may put an executor of their own here).
        self.replay_executor: Executor | None = None
        #: Where searching computers and hints think (`think`): worker processes, started on
        #: first use (tests may put an executor of their own here), hints going first.
        self.think_executor: Executor | None = None
        self.think_queue = UrgentFirst(THINK_PROCESSES)
        #: How long a search thinks per move, and a hint per suggestion (tests: tiny).
        self.think_seconds = THINK_SECONDS
        self.hint_seconds = HINT_SECONDS
        #: The most playouts a search makes (None: the level's own default, about a second).
        self.think_playouts: int | None = None

    # ------------------------------------------------------------------ background work
    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run background work, keeping a reference (and letting tests wait for it)."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def hold(self) -> None:
        """Count the running interaction handler as work in progress until it returns, so
        `idle` also waits for what a handler does after it has answered."""
        task = asyncio.current_task()
        if task is not None and task not in self.tasks:
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def in_background(self, fn: Callable[..., T], *args: Any) -> T:
        """Render on the publishing thread."""
        return await asyncio.get_running_loop().run_in_executor(self.publisher_thread, fn, *args)

    async def compute(self, fn: Callable[..., T], *args: Any) -> T:
        """Think (a computer player's move) on a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self.compute_threads, fn, *args)

    async def think(self, fn: Callable[..., T], *args: Any, urgent: bool = False) -> T:
        """Think in a worker process (a searching computer's move, a hint): a search holds the
        CPU for up to a second, and on a thread it would hold the GIL against every other
        game's presses. `urgent` work (a hint) goes ahead of searches waiting for a worker.
        A worker that died (killed, out of memory) is replaced, and the work is tried once
        more in the new one."""
        await self.think_queue.acquire(urgent)
        try:
            return await self._think_once(fn, *args)
        except BrokenExecutor:
            return await self._think_once(fn, *args)
        finally:
            self.think_queue.release()

    async def _think_once(self, fn: Callable[..., T], *args: Any) -> T:
        if self.think_executor is None:  # spawned, not forked: see `replay_worker`
            self.think_executor = ProcessPoolExecutor(
                THINK_PROCESSES,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=thinking.start_worker,
            )
        executor = self.think_executor
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
        except BrokenExecutor:
            if self.think_executor is executor:
                self.think_executor = None
            executor.shutdown(wait=False)
            raise

    def replay_worker(self) -> Executor:
        """The process that draws replays, started now if it is not running. A process, not
        a thread: drawing a replay takes seconds of CPU, and a thread would hold the GIL
        against every other game's presses. Spawned, not forked, so it inherits none of this
        process's threads or connections. It runs at a lower priority and ends with the bot's
        process (`thinking.start_worker`), as the thinking processes do."""
        if self.replay_executor is None:
            self.replay_executor = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=thinking.start_worker,
            )
        return self.replay_executor

    async def idle(self) -> None:
        """Wait until no background work is left (used by tests and benchmarks)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    def busy(self) -> bool:
        """Background work is running or an alarm is due now (tests wait for quiet)."""
        return bool(self.tasks) or self.alarms.due_now()

    async def close(self) -> None:
        """Finish what was started, stop the alarms, release the worker threads."""
        self.alarms.stop()
        await self.idle()
        self.publisher_thread.shutdown(wait=True)
        self.compute_threads.shutdown(wait=True)
        if self.replay_executor is not None:
            self.replay_executor.shutdown(wait=True)
        if self.think_executor is not None:
            self.think_executor.shutdown(wait=True)

    @contextlib.asynccontextmanager
    async def lobby_lock(self, key: object) -> AsyncIterator[None]:
        """Serialise presses on one lobby (or on one game's Rematch button). The lock is kept
        only while a press holds it or waits for it: lobbies started, closed or forgotten
        leave nothing behind."""
        shared = self._lobby_locks.setdefault(key, _Shared())
        shared.users += 1
        try:
            async with shared.lock:
                yield
        finally:
            shared.users -= 1
            if not shared.users:
                del self._lobby_locks[key]

    # ------------------------------------------------------------------ games in memory
    async def session(self, game_id: int) -> Session | None:
        """The session of a started game, loaded from the database on first use. Only a
        running game stays in memory (the publisher lets it go once it has shown its end): a
        press on an old button of a finished game reads it again, and leaves nothing behind."""
        if (s := self.sessions.get(game_id)) is not None:
            return s
        async with self._load_lock:
            if (s := self.sessions.get(game_id)) is not None:
                return s
            row = await self.storage.game(game_id)
            if row is None or row.status in ("lobby", "quarantined", "cancelled"):
                return None
            try:
                s = self.load(row)
            except Exception:
                log.exception("game %s cannot be loaded", game_id)
                await self.quarantine(row)
                return None
            if row.status == "running":
                self.sessions[game_id] = s
            return s

    def forget(self, session: Session) -> None:
        """Keep no copy of a game in memory (another process shows it: the copy would go
        stale), nor its alarm: the process running the game's shard arms it when it catches
        up (`bot.catchup`), and wakes its computers where their moves are shown (if that
        process is gone, `Scheduler.claim_due` takes the alarm over). The next press here
        reads the game from storage."""
        if self.sessions.get(session.id) is session:
            del self.sessions[session.id]
        self.alarms.cancel(session.id)

    @staticmethod
    def load(row: GameRow) -> Session:
        """A session for a stored game, with what the row says is owed (raises if damaged)."""
        if row.damaged or row.state is None:
            raise ValueError("the stored state is unreadable")
        s = Session.from_row(row)
        s.deadline_seats = s.humans_to_act() if row.deadline else frozenset()
        s.needs_ping = s.humans_to_act() if row.ping_due else frozenset()
        return s

    async def quarantine(self, row: GameRow) -> None:
        """Set aside a game that cannot be loaded, so every other game carries on, and tell
        its channel how to clear it."""
        if row.status != "running" or not await self.storage.quarantine(row.id):
            return
        self.alarms.cancel(row.id)
        self.spawn(faults.tell(self.channel(row), faults.quarantined(row.id)))

    # ------------------------------------------------------------------ Discord
    def channel(self, row: GameRow) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)

    def where(self, session: Session) -> str:
        """The header of a player's DM: the place kept with the game (else said now)."""
        row = session.row
        return row.place or names.place(self.client, row.guild_id, row.channel_id)

    async def show(self, interaction: discord.Interaction, render: Callable[[], Card]) -> Card:
        """Answer a press by editing its message to show a fresh card. A picture ready within
        `quick_answer` seconds goes in the answer itself (one request); else the press is
        acknowledged at once and the message edited when the picture is ready (two), so a
        slow picture never holds up the answer. A picture the message shows already is not
        uploaded again (`Card.attachments`). Returns the card shown."""
        message = interaction.message
        shown = [a.filename for a in message.attachments] if message is not None else []
        if interaction.response.is_done():  # acknowledged already (see `LateAck`)
            card = await asyncio.to_thread(render)
            await interaction.edit_original_response(view=card.view, **card.attachments(shown))
            return card
        job = asyncio.ensure_future(asyncio.to_thread(render))
        try:
            card = await asyncio.wait_for(asyncio.shield(job), self.quick_answer)
        except TimeoutError:
            await interaction.response.defer()
            card = await job
            await interaction.edit_original_response(view=card.view, **card.attachments(shown))
            return card
        await interaction.response.edit_message(view=card.view, **card.attachments(shown))
        return card

    @staticmethod
    async def answer(interaction: discord.Interaction, text: str) -> None:
        """One private sentence to the presser, whatever state the interaction is in."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id, exc_info=True)
