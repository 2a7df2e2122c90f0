"""What a repository hands back and takes: plain values, the same whatever the backend."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SeatRow:
    seat: int
    user_id: int | None  # None for a computer
    name: str
    bot_level: str | None  # set for computers, and for humans handed to a computer
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    dm_failed: bool = False
    timeouts: int = 0  # timeouts in a row
    replaced: bool = False  # handed to a computer (after too many timeouts, or resigned)
    resigned: bool = False  # the player resigned: the computer plays the seat to the end

    @property
    def is_human(self) -> bool:
        return self.user_id is not None and not self.replaced

    @property
    def plays_itself(self) -> bool:
        """A computer makes this seat's decisions."""
        return self.user_id is None or self.replaced


@dataclass(slots=True)
class GameRow:
    id: int
    game: str
    status: str  # lobby | running | finished | abandoned | cancelled | quarantined
    guild_id: int | None
    channel_id: int
    host_id: int
    options: dict[str, str]
    timer: int | None  # seconds per decision, None = off
    seed: int
    version: int
    state: dict[str, Any] | None
    table_message_id: int | None
    ping_message_id: int | None
    wake_at: float | None
    deadline: float | None
    created: float
    seats: list[SeatRow] = field(default_factory=list)
    #: The stored options or state could not be read (see `quarantine`).
    damaged: bool = False
    #: Someone became due to decide and has not been pinged yet (survives a restart).
    ping_due: bool = False
    #: The finished game whose Rematch button opened this lobby, if any.
    rematch_of: int | None = None
    #: The server rated no game with a computer player when this lobby opened (`/settings`).
    computers_unrated: bool = False
    #: Each hand offers 💡 Hint (the lobby's "Hints" option): the game is unrated.
    hints: bool = False
    #: Opened by `/play … learn`: hints, and a guided first turn.
    learn: bool = False
    #: Where it is played, as its players' DMs say it (`Hub.place`); None for a game from
    #: before it was kept.
    place: str | None = None

    @property
    def rated(self) -> bool:
        """Whether the game may change ratings: not with hints, nor when a computer player
        takes part on a server that rates no such game (a seat the computer took over is
        still a human's)."""
        if self.hints:
            return False
        return not (self.computers_unrated and any(s.user_id is None for s in self.seats))


#: One seat's result: (seat, user id or None, name, rank, score, won, abandoned).
ResultRow = tuple[int, int | None, str, int, int, bool, bool]

#: One seat of a finished game, as leaderboards read it:
#: (user id or None, name, rank, score, won 0/1, abandoned 0/1).
FinishedRow = tuple[int | None, str, int, int, int, int]

#: One logged move, as `replay` takes it: (seat, action id, typed text or None).
MoveRow = tuple[int, str, str | None]

#: A game's alarm: (game id, wake time in seconds since the epoch).
Alarm = tuple[int, float]


@dataclass(frozen=True, slots=True)
class PastGame:
    """A finished game as a server's history lists it: where its table message is, when it
    finished, and its seats' results in seat order."""

    game_id: int
    game: str  # the game's key
    channel_id: int
    table_message_id: int | None
    finished: float  # seconds since the epoch
    seats: tuple[FinishedRow, ...]


@dataclass(frozen=True, slots=True)
class RecordRow:
    """A game type's best single score on a server: the human seat that reached it first."""

    game: str  # the game's key
    game_id: int
    user_id: int
    name: str
    score: int
    finished: float  # when the game finished, seconds since the epoch
    players: int  # seats in that game, computers included


@dataclass(frozen=True, slots=True)
class NoteRow:
    """A player's keepsake note on a finished game (one per player; a new one replaces it)."""

    game_id: int
    user_id: int
    name: str
    text: str
    written: float  # seconds since the epoch
    #: The channel message that shows the note (None until it is posted).
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's settings (`/settings`); a server that never set any has these defaults."""

    guild_id: int
    #: The turn timer new lobbies start with, in seconds (None: no timer).
    timer: int | None = 300
    #: Minutes before a lobby nobody started closes itself.
    lobby_expiry: int = 30
    #: The channels where `/play` may open a lobby (empty: everywhere).
    play_channels: tuple[int, ...] = ()
    #: Whether a game with a computer player may change ratings.
    computers_rated: bool = True
