"""Lobbies: one opened (with its computers), saved, started, or closed."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, insert, true, update

from bot.storage.rows import GameRow
from bot.storage.sql.base import Base
from bot.storage.sql.tables import games, seats


class Lobbies(Base):
    async def create_lobby(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, str],
        timer: int | None,
        seed: int,
        rematch_of: int | None = None,
        computers: Sequence[tuple[str, str]] = (),
        expires: float | None = None,
        computers_unrated: bool = False,
        hints: bool = False,
        learn: bool = False,
        place: str | None = None,
    ) -> int:
        row = {
            "game": game,
            "status": "lobby",
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host_id,
            "options": json.dumps(options),
            "timer": timer,
            "seed": seed,
            "created": time.time(),
            "rematch_of": rematch_of,
            "wake_at": expires,
            "computers_unrated": computers_unrated,
            "hints": hints,
            "learn": learn,
            "place": place,
        }
        async with self.db.transaction() as conn:
            made = await conn.execute(insert(games).values(row).returning(games.c.id))
            game_id = int(made.scalar_one())
            players = [(host_id, host_name, None)] + [(None, n, lv) for n, lv in computers]
            await conn.execute(
                insert(seats),
                [
                    {"game_id": game_id, "seat": i, "user_id": u, "name": n, "bot_level": lv}
                    for i, (u, n, lv) in enumerate(players)
                ],
            )
        return game_id

    async def save_lobby(self, game: GameRow) -> None:
        """The lobby's own columns only while it is a lobby; its seats re-packed 0..n-1."""
        lobby = {
            "host_id": game.host_id,
            "options": json.dumps(game.options),
            "timer": game.timer,
            "table_message_id": game.table_message_id,
            "hints": game.hints,
        }
        async with self.db.transaction() as conn:
            await conn.execute(
                update(games).where(games.c.id == game.id, games.c.status == "lobby").values(lobby)
            )
            await conn.execute(delete(seats).where(seats.c.game_id == game.id))
            if game.seats:
                await conn.execute(
                    insert(seats),
                    [
                        {
                            "game_id": game.id,
                            "seat": i,
                            "user_id": s.user_id,
                            "name": s.name,
                            "bot_level": s.bot_level,
                        }
                        for i, s in enumerate(game.seats)
                    ],
                )

    async def set_message(self, game_id: int, message_id: int) -> None:
        await self._write(
            update(games).where(games.c.id == game_id).values(table_message_id=message_id)
        )

    async def start(
        self, game: GameRow, state: dict[str, Any], wake_at: float | None, deadline: float | None
    ) -> bool:
        changed = await self._write(
            update(games)
            .where(games.c.id == game.id, games.c.status == "lobby")
            .values(
                status="running",
                state=json.dumps(state),
                version=0,
                wake_at=wake_at,
                deadline=deadline,
                shown_version=-1,  # never shown
                ping_due=true(),
            )
        )
        return changed == 1

    async def close_lobby(self, game_id: int) -> bool:
        changed = await self._write(
            update(games)
            .where(games.c.id == game_id, games.c.status == "lobby")
            .values(status="cancelled", finished=time.time(), wake_at=None)
        )
        return changed == 1
