"""Stored rows, read by column name, as the plain values of `bot.storage.rows`."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Row

from bot import ratings
from bot.storage.rows import FinishedRow, GameRow, NoteRow, SeatRow


def game_row(r: Row[Any]) -> GameRow:
    """A game from a row of `games`; options or state that cannot be decoded come back as
    ``{}`` / None with ``damaged=True``."""
    damaged = False
    try:
        options = json.loads(r.options)
        state = json.loads(r.state) if r.state else None
        if not isinstance(options, dict) or not isinstance(state, dict | None):
            raise TypeError("not an object")
    except (ValueError, TypeError):
        options, state, damaged = {}, None, True
    return GameRow(
        damaged=damaged,
        id=r.id,
        game=r.game,
        status=r.status,
        guild_id=r.guild_id,
        channel_id=r.channel_id,
        host_id=r.host_id,
        options=options,
        timer=r.timer,
        seed=r.seed,
        version=r.version,
        state=state,
        table_message_id=r.table_message_id,
        ping_message_id=r.ping_message_id,
        wake_at=r.wake_at,
        deadline=r.deadline,
        created=r.created,
        ping_due=bool(r.ping_due),
        rematch_of=r.rematch_of,
        computers_unrated=bool(r.computers_unrated),
        hints=bool(r.hints),
        learn=bool(r.learn),
        place=r.place,
    )


def seat_row(r: Row[Any]) -> SeatRow:
    return SeatRow(
        seat=r.seat,
        user_id=r.user_id,
        name=r.name,
        bot_level=r.bot_level,
        dm_channel_id=r.dm_channel_id,
        dm_message_id=r.dm_message_id,
        dm_failed=bool(r.dm_failed),
        timeouts=r.timeouts,
        replaced=bool(r.replaced),
        resigned=bool(r.resigned),
    )


def finished_row(r: Row[Any]) -> FinishedRow:
    """A seat's result as leaderboards read it (won and abandoned as 0/1)."""
    return (r.user_id, r.name, r.rank, r.score, int(bool(r.won)), int(bool(r.abandoned)))


def note_row(r: Row[Any]) -> NoteRow:
    return NoteRow(r.game_id, r.user_id, r.name, r.text, r.written, r.message_id)


def standing(r: Row[Any]) -> ratings.Standing:
    """A kept standing from its row of `ratings`."""
    return ratings.Standing(
        int(r.user_id),
        str(r.name),
        float(r.mu),
        float(r.sigma),
        int(r.games),
        int(r.wins),
        int(r.places),
        int(r.rated_games),
        None if r.best is None else int(r.best),
    )


def rating_values(guild_id: int, game: str, st: ratings.Standing) -> dict[str, Any]:
    """A standing as the columns of its row of `ratings` (guild 0: outside any server)."""
    return {
        "guild_id": guild_id,
        "game": game,
        "user_id": st.user_id,
        "name": st.name,
        "mu": st.mu,
        "sigma": st.sigma,
        "games": st.games,
        "wins": st.wins,
        "places": st.places,
        "rated_games": st.rated_games,
        "best": st.best,
    }
