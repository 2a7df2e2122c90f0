"""Catching up: the tables of this process's shards that another process left behind.

When several processes share the database (`bot.shards`), a press may be applied by a
process other than the one running the game's shard (every DM press arrives on shard 0), and
an alarm may be woken by any process. That process commits the move and answers the press,
but edits no public message: the game's table lags behind its version. Every CATCH_UP_EVERY
seconds the owner asks the database for its shards' lagging games and their versions
(`Repository.lagging`), reads each one again if what it holds is at an older version
(`Moves.refresh`: the moves made elsewhere are narrated, its alarm re-armed) or reads it and
arms its alarm if it holds none, and publishes it. A game of its own whose table waits for
`Hub.table_gap` is lagging too: held at the stored version, it is not read again, and the
publisher keeps to the gap.
"""

from __future__ import annotations

import asyncio
import logging

from bot.hub import Hub
from bot.moves import Moves
from bot.publisher import Publisher
from bot.storage import DatabaseError

log = logging.getLogger(__name__)

#: Seconds between two looks for lagging tables.
CATCH_UP_EVERY = 0.5


class CatchUp:
    def __init__(self, hub: Hub, moves: Moves, publisher: Publisher) -> None:
        self.hub = hub
        self.moves = moves
        self.publisher = publisher
        self._looking = False

    def start(self) -> None:
        """Look every CATCH_UP_EVERY seconds, if other processes share the database."""
        if not self.hub.shards.alone:
            self.hub.alarms.every(CATCH_UP_EVERY, "catch-up", self.look)

    async def look(self) -> None:
        """Bring each lagging game of this process's shards up to date (one look at a time:
        a slow one is not overtaken by the next)."""
        if self._looking:
            return
        self._looking = True
        try:
            shards = self.hub.shards
            assert shards.count is not None and shards.ids is not None
            for game_id, version in await self.hub.storage.lagging(shards.count, shards.ids):
                await self._catch_up(game_id, version)
                await asyncio.sleep(0)  # let presses in between
        except DatabaseError as exc:  # the next look tries again
            log.warning("could not look for lagging tables: %s", exc)
        finally:
            self._looking = False

    async def _catch_up(self, game_id: int, version: int) -> None:
        held = self.hub.sessions.get(game_id)
        if held is not None and held.publisher is not None and not held.publisher.done():
            return  # being shown here now: the next look sees whether that was enough
        session = await self.hub.session(game_id)  # read now if not held
        if session is None:
            return
        if session is held and held.row.version != version:  # moved elsewhere: read it
            async with session.lock:
                await self.moves.refresh(session)
        elif session is not held and session.row.status == "running":
            self.hub.alarms.schedule(game_id, session.row.wake_at)  # its computers move here
        self.publisher.publish(session)
