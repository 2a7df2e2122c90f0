"""SQLite's one writer at a time, as a queue in which a player's move goes first.

Writes from one process queue for the one connection that writes (`Database.transaction`).
Most of them are bookkeeping a player does not wait for: a table marked shown, a ping
recorded, an alarm's lease claimed or released. A move a player pressed (`commit_action`)
is *urgent*: it goes ahead of every bookkeeping write queued before it (after the urgent ones
already waiting), so a burst of bookkeeping never holds up a press's answer. Waits are bounded
by the caller (`asyncio.timeout`), which leaves the queue as it found it.
"""

from __future__ import annotations

import asyncio
from collections import deque


class WriteQueue:
    def __init__(self) -> None:
        self._held = False
        #: Who waits, urgent ones first: each future is resolved when the lock is theirs.
        self._urgent: deque[asyncio.Future[None]] = deque()
        self._later: deque[asyncio.Future[None]] = deque()

    def locked(self) -> bool:
        return self._held

    async def acquire(self, urgent: bool = False) -> None:
        if not self._held and not self._urgent and not self._later:
            self._held = True
            return
        turn = asyncio.get_running_loop().create_future()
        (self._urgent if urgent else self._later).append(turn)
        try:
            await turn
        except BaseException:
            if turn.done() and not turn.cancelled():
                self.release()  # handed over as the wait was given up: pass it on
            else:
                (self._urgent if urgent else self._later).remove(turn)
            raise

    def release(self) -> None:
        """Hand the lock to the next in line (urgent first), or free it."""
        for line in (self._urgent, self._later):
            while line:
                turn = line.popleft()
                if not turn.done():
                    turn.set_result(None)  # still held: now by them
                    return
        self._held = False
