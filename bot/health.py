"""`python -m bot.health`: is the bot process alive and connected to Discord? Exit 0 if so,
else 1 with one line saying why (a container's health check runs it).

The running bot rewrites a heartbeat file (`TINSEL_HEARTBEAT`) every `EVERY` seconds while it
is connected (`Heartbeat`); the check reads the time written there. A process that hangs,
loses its connection or stops writes no more, and the file ages past `STALE`. A graceful
stop removes the file.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bot.config import ConfigError, environment

#: Seconds between two heartbeats, and the age at which the last one means "not alive".
EVERY = 10.0
STALE = 3 * EVERY


class Heartbeat:
    """Writes the time to `path` every `every` seconds while `connected()` says so."""

    def __init__(
        self,
        path: Path,
        connected: Callable[[], bool],
        every: float = EVERY,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = path
        self.connected = connected
        self.every = every
        self.clock = clock

    def beat(self) -> bool:
        """Write the time now if connected (whole, never half a file); True if written."""
        if not self.connected():
            return False
        fresh = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        fresh.write_text(repr(self.clock()), encoding="utf-8")
        fresh.replace(self.path)
        return True

    async def run(self) -> None:
        """Beat until cancelled."""
        while True:
            self.beat()
            await asyncio.sleep(self.every)

    def stop(self) -> None:
        """Say "not running" at once: remove the file."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def check(path: Path, now: float, stale: float = STALE) -> str | None:
    """Why the process that writes `path` is not alive and connected; None if it is."""
    try:
        written = float(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"no heartbeat in {path}: the bot is not running, or not connected yet."
    except (OSError, ValueError):
        return f"the heartbeat file {path} cannot be read."
    if now - written > stale:
        return f"the last heartbeat is {now - written:.0f} s old: the bot is not connected."
    return None


def main() -> int:
    try:
        path = environment().TINSEL_HEARTBEAT
    except ConfigError as err:
        print(f"tinsel: {err}", file=sys.stderr)
        return 1
    if path is None:
        print("tinsel: TINSEL_HEARTBEAT is not set, so there is no heartbeat to check.")
        return 1
    trouble = check(path, time.time())
    if trouble is not None:
        print(f"tinsel: {trouble}")
        return 1
    print("tinsel: alive and connected.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
