"""Run the bot as a process, and stop it gracefully on SIGTERM or SIGINT.

A graceful stop: stop taking presses (each press that arrives meanwhile gets one private
sentence, `No.RESTARTING`), stop the timers, let the presses and moves in flight finish (at
most `GRACE` seconds; a second signal stops waiting), then close the database and the
connection, and exit 0. Nothing is lost either way: a move is committed before it is
answered, and a timer is a row's `wake_at`, which the next process resumes.

discord.py's `Client.run` installs no handler for SIGTERM (the process would die at once)
and turns SIGINT into a cancellation; so `serve` runs the client under its own handlers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.client import TinselBot
from bot.health import Heartbeat
from bot.texts import No, say

log = logging.getLogger(__name__)

#: Seconds a graceful stop waits for the presses and moves in flight (a container's grace
#: period must be longer: compose.yaml gives 30).
GRACE = 20.0
SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Gate:
    """Lets Discord's interactions through to the client until `close`; after, answers each
    with one private sentence. Keeps the tasks the interactions it let through started, so a
    stop can wait for them (`idle`), from the moment they arrive.

    It sits where the gateway hands an INTERACTION_CREATE to discord.py (its parser), the
    one place every slash command, press and form passes before discord.py starts a task."""

    def __init__(self, client: discord.Client) -> None:
        self.open = True
        self.tasks: set[asyncio.Task[Any]] = set()
        self._state = client._connection
        self._parse = self._state.parsers["INTERACTION_CREATE"]
        self._state.parsers["INTERACTION_CREATE"] = self._arrived

    def _arrived(self, data: Any) -> None:
        if not self.open:
            self._track({asyncio.get_running_loop().create_task(self._refuse(data))})
            return
        before = asyncio.all_tasks()
        self._parse(data)
        self._track(asyncio.all_tasks() - before)

    def _track(self, tasks: set[asyncio.Task[Any]]) -> None:
        for task in tasks:
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _refuse(self, data: Any) -> None:
        interaction = discord.Interaction(data=data, state=self._state)
        try:
            if interaction.type == discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            elif interaction.type != discord.InteractionType.ping:
                await interaction.response.send_message(say(No.RESTARTING), ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s while stopping", interaction.id)

    def close(self) -> None:
        self.open = False

    async def idle(self) -> None:
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)


def connected(client: discord.Client) -> bool:
    """The client is logged in and its gateway connections are up."""
    if not client.is_ready() or client.is_closed():
        return False
    if isinstance(client, discord.AutoShardedClient):
        return bool(client.shards) and not any(s.is_closed() for s in client.shards.values())
    return client.ws is not None and client.ws.open


async def stop(bot: TinselBot, gate: Gate, hurry: asyncio.Event, grace: float = GRACE) -> None:
    """Stop gracefully (see the module's docstring); `hurry` set: stop waiting at once."""
    gate.close()
    hub = bot.service.hub
    hub.alarms.stop()
    log.info("Stopping: no new presses; finishing the work in flight.")

    async def finished() -> None:
        while gate.tasks or hub.tasks:
            await gate.idle()
            await hub.idle()

    if not await _first(finished(), hurry.wait(), grace):
        left = gate.tasks | hub.tasks
        log.warning("Stopping without waiting for %d unfinished tasks.", len(left))
        for task in left:
            task.cancel()
        await asyncio.gather(*left, return_exceptions=True)
    await bot.close()
    log.info("Stopped.")


async def _first(work: Awaitable[None], interrupt: Awaitable[Any], timeout: float) -> bool:
    """Wait for `work` until `interrupt` or `timeout`; True if `work` finished."""
    working = asyncio.ensure_future(work)
    interrupting = asyncio.ensure_future(interrupt)
    either = {working, interrupting}
    await asyncio.wait(either, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    interrupting.cancel()
    if working.done():
        return True
    working.cancel()
    return False


async def serve(bot: TinselBot, token: str) -> None:
    """Run `bot` until Discord ends the connection for good (its errors raised here), or a
    signal asks it to stop: then stop gracefully, and return."""
    asked, hurry = asyncio.Event(), asyncio.Event()
    _on_signals(lambda: (hurry if asked.is_set() else asked).set())
    gate = Gate(bot)
    path = bot.settings.heartbeat
    beats = Heartbeat(path, lambda: connected(bot)) if path else None
    started = asyncio.Event()  # logged in and set up (`setup_hook`): presses may come

    async def run() -> None:
        await bot.login(token)
        started.set()
        await bot.connect()

    async with bot:
        running = asyncio.create_task(run())
        beating = asyncio.create_task(_beat_once_ready(bot, beats)) if beats else None
        waiting = asyncio.create_task(asked.wait())
        try:
            await asyncio.wait({running, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if not running.done():
                _stop_beating(beats, beating)
                if started.is_set():
                    await stop(bot, gate, hurry)
                else:  # still setting up: nothing is in flight yet
                    running.cancel()
                await asyncio.wait({running})
            if not running.cancelled():
                running.result()  # Discord's refusal or a lost network, for the caller
        finally:
            waiting.cancel()
            _stop_beating(beats, beating)


async def _beat_once_ready(bot: TinselBot, beats: Heartbeat) -> None:
    await bot.wait_until_ready()
    await beats.run()


def _stop_beating(beats: Heartbeat | None, beating: asyncio.Task[None] | None) -> None:
    if beating is not None:
        beating.cancel()
    if beats is not None:
        beats.stop()


def _on_signals(handler: Callable[[], object]) -> None:
    """Call `handler` on each stop signal (where the event loop cannot watch signals, as on
    Windows, Ctrl-C raises KeyboardInterrupt as before, and `python -m bot` ends quietly)."""
    loop = asyncio.get_running_loop()
    for sig in SIGNALS:
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, handler)
