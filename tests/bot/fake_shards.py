"""The fake Discord's gateway as shards: one connection per shard, guilds placed on shards.

Discord places a guild on shard `(guild_id >> 22) % shard_count` and delivers direct
messages (and interactions in them) to shard 0; a bot process identifies with `shard: [id,
count]` and hears only its shards. `Shards` keeps which connection is which shard, so the
fake sends each guild's GUILD_CREATE and interactions on its shard's connection alone.
"""

from __future__ import annotations

import asyncio

from aiohttp import web


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's placement: a guild's shard, shard 0 outside any guild."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def on_shard(base: int, shard: int, count: int) -> int:
    """A snowflake near `base` (a fresh one, so unique) whose guild would be on `shard`."""
    stamp = (base >> 22) + 1
    while stamp % count != shard:
        stamp += 1
    return (stamp << 22) | (base & ((1 << 22) - 1))


class NoShard(AssertionError):
    """An event for a shard no bot process is connected to (Discord would drop it; a test
    sending one has a bug)."""


class Shards:
    def __init__(self) -> None:
        #: The shard count GET /gateway/bot recommends (a test asks for more).
        self.count = 1
        self.sockets: dict[int, web.WebSocketResponse] = {}
        #: Per connection, the (shard, count) it identified with.
        self.identified: dict[web.WebSocketResponse, tuple[int, int]] = {}
        #: Per session id, the shard it was for (a RESUME carries the session only).
        self.sessions: dict[str, tuple[int, int]] = {}
        self._ready: dict[int, asyncio.Event] = {}

    def connect(self, ws: web.WebSocketResponse, shard: int, count: int, session: str) -> None:
        self.sockets[shard] = ws
        self.identified[ws] = (shard, count)
        self.sessions[session] = (shard, count)

    def ready(self, shard: int) -> asyncio.Event:
        """Set when a process has identified as `shard` (tests clear it before a start)."""
        return self._ready.setdefault(shard, asyncio.Event())

    def gone(self, ws: web.WebSocketResponse) -> None:
        """A connection closed (its process stopped or was killed)."""
        shard, _ = self.identified.pop(ws, (None, 0))
        if shard is not None and self.sockets.get(shard) is ws:
            del self.sockets[shard]
            self.ready(shard).clear()

    def socket_for(self, guild_id: int | None) -> web.WebSocketResponse:
        """The connection that hears a guild (None: a DM, shard 0)."""
        counts = {count for _, count in self.identified.values()} or {self.count}
        shard = shard_of(guild_id, max(counts))
        if (ws := self.sockets.get(shard)) is None:
            raise NoShard(f"no bot process is connected as shard {shard}")
        return ws
