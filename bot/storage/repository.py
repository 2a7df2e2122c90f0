"""The storage contract the bot is written against: `Repository`.

A repository keeps games (a lobby, then a running game with its engine state snapshot and
its `version`, the number of actions applied), their seats, the action log, results (and the
records read from them), the players' kept ratings, each server's settings, keepsake notes,
the closed-DM notices and which process holds each game's alarm. The bot never sees SQL; a
backend is any class with these methods (today `SqlRepository`, on SQLite or PostgreSQL;
`tests/bot/test_repository.py` runs the same contract tests on each database,
`tests/bot/test_records.py` those of records and notes, `tests/bot/test_leases.py` those of
alarm leases).

Rules every backend keeps:

- Each method is one atomic step: it writes everything it describes or nothing at all, and a
  read never sees half of a write.
- A write is durable when it returns; the bot answers Discord only after that.
- A write that cannot get the database in time raises `Busy` (nothing written); other
  database failures are raised as `DatabaseError`s whose `kind` says what went wrong
  (`bot.faults` turns both into a sentence for the player). `Stale` is raised only by
  `commit_action`.
- Conditional writes (`start`, `close_lobby`, `resign`, `abandon`, `quarantine`) change
  nothing and return False when the game is not in the status they expect: two presses
  racing for the same change see one True.
- Statuses: ``lobby`` → ``running`` (`start`) or ``cancelled`` (`close_lobby`);
  ``running`` → ``finished`` (`commit_action` with a result), ``abandoned`` (`abandon`) or
  ``quarantined`` (`quarantine`, then `abandon`).
- Times (`wake_at`, `deadline`) are seconds since the epoch, as the caller's clock gives them;
  ``created`` and ``finished`` stamps are taken from the wall clock by the repository.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from bot.ratings import Standing
from bot.storage.rows import (
    Alarm,
    FinishedRow,
    GameRow,
    GuildSettings,
    MoveRow,
    NoteRow,
    PastGame,
    RecordRow,
    ResultRow,
    SeatRow,
)


class Repository(Protocol):
    """Everything the bot reads from and writes to its database."""

    async def close(self) -> None:
        """Make every committed write durable in the database itself (`checkpoint`), then
        release the connections. The repository is not used again afterwards."""
        ...

    async def checkpoint(self) -> None:
        """Move what is committed into the database's own file (SQLite keeps the newest
        writes in its write-ahead log until then), so that a copy of that file alone holds
        every game. Never blocks a writer; cheap when there is nothing to move."""
        ...

    # ------------------------------------------------------------------ reading
    async def game(self, game_id: int) -> GameRow | None:
        """The game with its seats (ordered by seat), or None if there is no such id.

        Options or state that cannot be decoded come back as ``{}`` / None with
        ``damaged=True`` (the caller quarantines the game); the read itself never fails on them.
        """
        ...

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The game's seats ordered by seat number (empty for an unknown id)."""
        ...

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str], limit: int = 25
    ) -> list[GameRow]:
        """The newest `limit` games in a channel with one of `statuses`, oldest first, each
        with its seats."""
        ...

    async def games_of_user(
        self, user_id: int, statuses: Iterable[str], limit: int = 25
    ) -> list[GameRow]:
        """The newest `limit` games with one of `statuses` where `user_id` has a seat,
        oldest first, each with its seats."""
        ...

    async def alarms(self) -> list[Alarm]:
        """(game id, wake time) of every running game with an alarm set, and of every open
        lobby (its expiry): used at start-up."""
        ...

    async def unshown(self) -> list[int]:
        """Ids of the games not fully shown, to show again after a restart.

        A running game whose table lags behind its version (`set_shown`; a game just
        started counts as never shown), that owes a ping (`ping_due`), or where a human seat
        that can get DMs (not `dm_failed`) has no hand message yet; a finished game whose
        result was not announced yet (``ping_due`` still set).
        """
        ...

    async def actions(self, game_id: int) -> list[MoveRow]:
        """The game's logged moves in order: (seat, action id, typed text or None), as
        `replay` takes them."""
        ...

    async def timed_out(self, game_id: int) -> set[int]:
        """The versions (1 for the first move) of the game's moves a clock made for a late
        seat (logged with the source "timeout")."""
        ...

    async def rematch(self, game_id: int) -> tuple[int, str] | None:
        """(id, status) of the newest lobby opened as a rematch of `game_id`, if any."""
        ...

    async def finished_games(
        self, guild_id: int | None, game: str | None
    ) -> list[list[FinishedRow]]:
        """Every finished game's results in a guild (None: outside any guild), optionally of
        one game type; games ordered by when they finished, oldest first, rows by seat.
        Abandoned games wrote no results and do not appear."""
        ...

    async def history(
        self,
        guild_id: int | None,
        game: str | None = None,
        user_id: int | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> tuple[int, list[PastGame]]:
        """A guild's finished games, optionally only of type `game` and only those where
        `user_id` had a seat: how many there are, and `limit` of them from `offset`, newest
        first (of games finished at the same moment, the higher id first)."""
        ...

    async def standings(self, guild_id: int | None, game: str | None) -> list[Standing]:
        """Every player's kept standing on a server for one game type (None: all games
        together), in no particular order. Kept up to date by `commit_action`."""
        ...

    async def player_standings(self, guild_id: int | None, user_id: int) -> dict[str, Standing]:
        """One player's kept standings on a server, by game key (only the game types they
        finished a game of), and over all games under `bot.ratings.ALL`."""
        ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults of `GuildSettings` if it never saved any.
        (The lobby expiry is ``guild_settings(guild_id).lobby_expiry`` minutes.)"""
        ...

    async def records(
        self, guild_id: int | None, game: str | None = None, before: int | None = None
    ) -> list[RecordRow]:
        """Per game type (or only `game`), ordered by game key: the best score a human seat
        reached in a finished game of the guild, playing to the end itself (computer seats
        and seats the computer took over do not count). Of equal scores, the first reached
        keeps the record. With `before`, only games other than that one finished before it
        count: the record it had to beat."""
        ...

    async def notes(self, game_id: int) -> list[NoteRow]:
        """The keepsake notes of a game, oldest first."""
        ...

    async def newest_notes(self, guild_id: int | None, game: str, limit: int = 3) -> list[NoteRow]:
        """The newest `limit` keepsake notes on games of type `game` in a guild, newest
        first."""
        ...

    async def dm_notice(self, channel_id: int, user_id: int) -> int | None:
        """The message id of the 📭 notice shown in `channel_id` about `user_id`, if any."""
        ...

    # ------------------------------------------------------------------ lobby
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
        """Create a lobby (version 0, no state) with its host in seat 0 and the `computers`
        (name, level) in seats 1.., its alarm (`wake_at`) at `expires`, in one step; return
        its new id. `computers_unrated`: the server rates no game with a computer player (see
        `GameRow.rated`); `hints`: hands offer hints (the game is unrated); `learn`: opened by
        `/play … learn`; `place`: where it is played, in words (`GameRow.place`)."""
        ...

    async def save_lobby(self, game: GameRow) -> None:
        """Write a lobby's host, options, timer, hints, table message id and seats in one step,
        replacing the stored seats (renumbered 0..n-1 in list order; user id, name and level
        are kept).

        The game row is only written while it is a lobby; callers save a game they have just
        read as a lobby, holding that lobby's lock.
        """
        ...

    async def set_message(self, game_id: int, message_id: int) -> None:
        """Record the game's table (or lobby) message id."""
        ...

    async def start(
        self, game: GameRow, state: dict[str, Any], wake_at: float | None, deadline: float | None
    ) -> bool:
        """Lobby → running at version 0 with `state` and its first alarm; marked as never
        shown and owing its first ping, so a restart shows it. False (nothing written) if
        the game is no longer a lobby."""
        ...

    async def close_lobby(self, game_id: int) -> bool:
        """Lobby → cancelled, its alarm cleared. False (nothing written) if it is no longer a
        lobby."""
        ...

    # ------------------------------------------------------------------ playing
    async def commit_action(
        self,
        game_id: int,
        version: int,
        seat: int,
        action: str,
        source: str,
        state: dict[str, Any],
        wake_at: float | None,
        deadline: float | None,
        seat_updates: Sequence[tuple[int, int, bool]] = (),
        result: Sequence[ResultRow] = (),
        ping_due: bool = False,
        text: str | None = None,
    ) -> None:
        """The one write a move makes, all of it in one transaction, and only if the game
        is still running at `version` (the version the caller read).

        Writes: the version becomes ``version + 1``; the new `state`; the alarm (`wake_at`,
        `deadline`); ``ping_due`` is set if `ping_due` (never cleared here); the action
        logged as move ``version + 1`` with its seat, `source` (who made it: a player, the
        computer, a timeout) and typed `text`; `seat_updates` as (seat, timeouts in a row,
        replaced); and when `result` is given, the game becomes finished (its alarm cleared)
        with one result row per seat, so a game can never be over without its result, and
        its humans' kept standings (`standings`) take the game in (`bot.ratings.play`, rated
        as `GameRow.rated` says).

        Raises `Stale`, having written nothing at all, when the game is not running or its
        version is no longer `version`: another move got there first, so of two presses on
        the same button exactly one applies. The caller re-reads the game.
        """
        ...

    async def set_schedule(
        self, game_id: int, wake_at: float | None, deadline: float | None
    ) -> None:
        """Replace the game's alarm and the current decision's deadline (None: none)."""
        ...

    async def set_seat_control(
        self, game_id: int, seat: int, timeouts: int, replaced: bool
    ) -> None:
        """Record a seat's timeouts in a row and whether the computer has taken it over."""
        ...

    async def set_seat_dm(
        self, game_id: int, seat: int, channel_id: int | None, message_id: int | None, failed: bool
    ) -> None:
        """Record a seat's hand message (DM channel and message), or that DMs failed."""
        ...

    async def set_shown(self, game_id: int, version: int) -> None:
        """The table now shows `version`: the shown version only ever grows."""
        ...

    async def set_ping(self, game_id: int, message_id: int | None, due: bool = False) -> None:
        """Record the ping message shown now (None: none), and whether a ping is still owed."""
        ...

    async def resign(
        self,
        game_id: int,
        seat: int,
        wake_at: float | None,
        deadline: float | None,
        abandon: bool = False,
    ) -> bool:
        """A player resigns: their human seat is handed to the computer for good (`replaced`
        and `resigned` set, timeouts cleared) and the game's alarm becomes (`wake_at`,
        `deadline`); with `abandon`, the game is abandoned instead, as `abandon` does. False
        (nothing written) if the game is not running or the seat resigned already."""
        ...

    async def abandon(self, game_id: int) -> bool:
        """Running or quarantined → abandoned, with no result and no alarm. False (nothing
        written) if the game was not running or quarantined."""
        ...

    async def quarantine(self, game_id: int) -> bool:
        """Running → quarantined: a game whose stored state cannot be loaded stops waking up
        and waits for `abandon`. False (nothing written) if it was not running."""
        ...

    async def save_note(self, game_id: int, user_id: int, name: str, text: str) -> bool:
        """Keep `user_id`'s keepsake note on a finished game, replacing their earlier one's
        words (the message that shows it stays recorded). False (nothing written) if the
        game is not finished."""
        ...

    async def set_note_message(self, game_id: int, user_id: int, message_id: int) -> None:
        """Record the channel message that shows `user_id`'s note on the game."""
        ...

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Keep a server's settings, replacing what it had."""
        ...

    # ------------------------------------------------------------------ several processes
    async def claim(self, game_id: int, owner: str, now: float, lease: float) -> bool:
        """Take the game's alarm for `owner` until `now + lease` if the game is running (or an
        open lobby) and nobody else holds a live lease on it (lease_until > now); True if
        `owner` holds it now (re-claiming one's own lease extends it)."""
        ...

    async def claim_due(self, owner: str, now: float, lease: float, limit: int = 50) -> list[Alarm]:
        """Claim, as `claim` does, up to `limit` games whose alarm (wake_at) is due by `now`
        and whose lease is free or expired (one's own live lease included: not again),
        oldest alarm first; return them as (id, wake_at). Two owners calling at once never
        get the same game (PostgreSQL: each skips the rows the other has locked; SQLite: one
        writer at a time)."""
        ...

    async def release(self, game_id: int, owner: str) -> None:
        """Drop `owner`'s lease on the game (nothing if someone else holds it)."""
        ...

    async def lagging(self, shard_count: int, shard_ids: Sequence[int]) -> list[tuple[int, int]]:
        """(id, version), by ascending id, of the games whose table another process may have
        left behind, on one of `shard_ids` (shard = (guild_id >> 22) % shard_count; a game
        outside any guild is on shard 0): running games whose table lags behind their version
        (shown < version, as in `unshown`) and finished games whose result is not announced
        yet (`ping_due`). The version lets the owner skip reading a game it holds at that
        version already. Cheap with 100,000 stored games (an index of those games alone)."""
        ...

    # ------------------------------------------------------------------ closed-DM notices
    async def add_dm_notice(self, channel_id: int, user_id: int, message_id: int) -> None:
        """Remember the notice `message_id` about `user_id` in `channel_id` (one per pair:
        a newer one replaces it)."""
        ...

    async def take_dm_notices(self, user_id: int) -> list[tuple[int, int]]:
        """Remove and return every notice about `user_id` as (channel id, message id), in one
        step: two callers never both get the same notice."""
        ...
