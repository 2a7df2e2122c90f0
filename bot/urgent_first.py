"""A queue for a scarce resource in which what a player waits for goes first.

Two resources are shared this way. SQLite's one writing connection (`Database.transaction`):
most writes are bookkeeping nobody waits for (a table marked shown, a ping recorded, an
alarm's lease claimed or released), while a move a player pressed (`commit_action`) is
*urgent*. And the thinking processes (`Hub.think`): with many `hard` computers thinking, a
player's 💡 Hint would otherwise wait behind every search queued before it. Urgent holders go
ahead of every other waiter queued before them (after the urgent ones already waiting), each
kind in the order it came. Waits are bounded by the caller (`asyncio.timeout`) or cancelled,
which leaves the queue as it found it.
"""

from __future__ import annotations

import asyncio
from collections import deque


class UrgentFirst:
    """At most `slots` holders at once; `acquire` waits for a slot, `release` hands it on."""

    def __init__(self, slots: int = 1) -> None:
        self.free = slots
        #: Who waits, urgent ones first: each future is resolved when a slot is theirs.
        self._urgent: deque[asyncio.Future[None]] = deque()
        self._later: deque[asyncio.Future[None]] = deque()

    def waiting(self) -> int:
        """How many wait for a slot."""
        return sum(not t.done() for line in (self._urgent, self._later) for t in line)

    def locked(self) -> bool:
        """Whether every slot is held."""
        return self.free == 0

    async def acquire(self, urgent: bool = False) -> None:
        if self.free > 0 and not self._urgent and not self._later:
            self.free -= 1
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
        """Hand the slot to the next in line (urgent first), or free it."""
        for line in (self._urgent, self._later):
            while line:
                turn = line.popleft()
                if not turn.done():
                    turn.set_result(None)  # still held: now by them
                    return
        self.free += 1
