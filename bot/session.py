"""A running game held in memory: its database row, the engine state and bookkeeping."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from bot.storage import GameRow, SeatRow
from engine import GAMES, Game

#: How a computer player is named on the table.
BOT_NAMES = ("Holly", "Jingle", "Noel", "Ivy", "Frost", "Sprout")


def bot_name(index: int, level: str) -> str:
    return f"{BOT_NAMES[index % len(BOT_NAMES)]} (bot, {level})"


@dataclass
class Session:
    row: GameRow
    game: Game
    state: Any
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Narration not yet shown on the table, and what the table shows now.
    fresh_lines: list[str] = field(default_factory=list)
    shown_lines: list[str] = field(default_factory=list)
    #: Per seat, what its DM last showed (see `private_key`), to skip needless edits.
    dm_keys: dict[int, str] = field(default_factory=dict)
    #: Human seats the current deadline was set for.
    deadline_seats: frozenset[int] = frozenset()
    #: Humans who became due to decide since the last "your turn" ping.
    needs_ping: frozenset[int] = frozenset()
    dirty: bool = False
    publisher: asyncio.Task[None] | None = None

    @classmethod
    def from_row(cls, row: GameRow) -> Session:
        game = GAMES[row.game]
        assert row.state is not None
        return cls(row=row, game=game, state=game.load(row.state))

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.row.seats]

    def seat_of(self, user_id: int) -> SeatRow | None:
        for s in self.row.seats:
            if s.user_id == user_id:
                return s
        return None

    def mention(self, seat: int) -> str:
        s = self.row.seats[seat]
        return f"<@{s.user_id}>" if s.user_id is not None else f"**{s.name}**"

    def humans_to_act(self) -> frozenset[int]:
        return frozenset(i for i in self.game.to_act(self.state) if self.row.seats[i].is_human)

    def bots_to_act(self) -> frozenset[int]:
        return frozenset(i for i in self.game.to_act(self.state) if self.row.seats[i].plays_itself)

    def private_key(self, seat: int, public: dict[str, Any]) -> str:
        """What makes this seat's private picture differ from the last one it was sent: the
        parts of its view that are not public, plus the version while it owes a decision
        (its controls carry the version)."""
        mine = self.game.view(self.state, seat)
        own = {k: v for k, v in mine.items() if public.get(k) != v}
        owes = seat in self.game.to_act(self.state)
        return json.dumps(
            [own, self.row.version if owes else None, self.row.status], sort_keys=True
        )
