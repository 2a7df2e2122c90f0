"""Which shards this process runs, and so which guilds' messages it edits.

Discord places a guild on shard `(guild_id >> 22) % shard_count` and sends DMs to shard 0.
Several bot processes may share one database, each running some shards: any of them applies
any press (the database decides, `Moves.commit`), but only the process running a guild's
shard edits that guild's public messages and its players' hand DMs (`Publisher`), expires its
lobbies (`Tables.expire`) and catches up on moves other processes made in its games
(`bot.catchup`). Alarms are claimed in the database with a lease (`Scheduler`), so each fires
in one process only. `owner` names this process in those leases.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Sequence
from dataclasses import dataclass, field


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard a guild is on (shard 0 for a game outside any guild, as DMs are)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def process_owner() -> str:
    """This process's name in leases: "<hostname>:<pid>:<random hex>", unique per start."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards of this process: `ids` of `count` (None: all of them, one process)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None
    owner: str = field(default_factory=process_owner)

    @classmethod
    def of(cls, count: int | None, ids: Sequence[int] | None) -> Shards:
        return cls(count, None if ids is None else tuple(ids))

    @property
    def alone(self) -> bool:
        """This process runs every shard: no other process shares its database."""
        return self.ids is None or self.count is None or set(self.ids) >= set(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        """This process runs the shard of `guild_id` (None: shard 0)."""
        if self.alone:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids

    @property
    def syncs_commands(self) -> bool:
        """Slash commands are synced by one process only: the one running shard 0."""
        return self.ids is None or 0 in self.ids
