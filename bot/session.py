"""A running game held in memory: its database row, the engine state and bookkeeping."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.names import shown
from bot.storage import GameRow, SeatRow
from engine import GAMES, Decision, Game

#: How a computer player is named on the table.
BOT_NAMES = ("Holly", "Jingle", "Noel", "Ivy", "Frost", "Sprout")


def bot_name(index: int, level: str) -> str:
    """Computer seats get festive names that read well anywhere in a sentence ("Holly-bot's
    left card"); the lobby shows their level."""
    return f"{BOT_NAMES[index % len(BOT_NAMES)]}-bot"


def pending(game: Game, state: Any) -> Decision | None:
    """The decision the game is waiting on, as the first seat owing it sees it (every seat
    owing a decision at once owes one of the same kind, clock and publicity)."""
    to_act = game.to_act(state)
    return game.decision(state, min(to_act)) if to_act else None


def rule_seconds(game: Game, state: Any) -> int | None:
    """The clock the rules fix for the pending decision, or None for the lobby's timer."""
    decision = pending(game, state)
    return decision.seconds if decision is not None else None


def decided_in_public(game: Game, state: Any) -> bool:
    decision = pending(game, state)
    return decision is not None and decision.public


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One consistent moment of a game, safe to render in another thread."""

    game: Game
    state: Any
    game_id: int
    version: int
    status: str
    guild_id: int | None
    channel_id: int
    table_message_id: int | None
    names: tuple[str, ...]
    mentions: tuple[str, ...]
    deadline: float | None
    #: Seats a computer plays: computer players, and humans it took over (`replaced`).
    computers: frozenset[int] = frozenset()
    replaced: frozenset[int] = frozenset()
    #: The names as message text may show them (see `bot.names.shown`).
    text_names: tuple[str, ...] = ()


@dataclass
class Session:
    row: GameRow
    game: Game
    state: Any
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Narration not yet shown on the table, and what the table shows now.
    fresh_lines: list[str] = field(default_factory=list)
    shown_lines: list[str] = field(default_factory=list)
    #: Recent public narration as (version it happened at, line): tells a late click what
    #: beat it.
    said: list[tuple[int, str]] = field(default_factory=list)
    #: Per seat, what its DM last showed (see `private_key`), to skip needless edits.
    dm_keys: dict[int, str] = field(default_factory=dict)
    #: Human seats the current deadline was set for.
    deadline_seats: frozenset[int] = frozenset()
    #: Humans who became due to decide since the last "your turn" ping.
    needs_ping: frozenset[int] = frozenset()
    #: Humans to remind that a quarter of their time is left, and the deadline reminded of.
    remind: frozenset[int] = frozenset()
    reminded: float | None = None
    #: What the table message shows now (see `public_key`), to skip needless edits.
    table_key: str | None = None
    #: When each seat last made a move itself (clock seconds): a player at the table right
    #: now needs no "your turn" ping.
    active_at: dict[int, float] = field(default_factory=dict)
    #: Seat → the version at which it was offered a line for the table ("Add a line"). An
    #: offer is good once, and only until the game moves on.
    say_offers: dict[int, int] = field(default_factory=dict)
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

    @property
    def text_names(self) -> list[str]:
        """The names for message text: markdown and mentions made inert."""
        return [shown(s.name) for s in self.row.seats]

    def snapshot(self) -> Snapshot:
        row = self.row
        return Snapshot(
            game=self.game,
            state=self.state,
            game_id=row.id,
            version=row.version,
            status=row.status,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            table_message_id=row.table_message_id,
            names=tuple(self.names),
            mentions=tuple(self.mention(i) for i in range(len(row.seats))),
            deadline=row.deadline,
            computers=frozenset(s.seat for s in row.seats if s.plays_itself),
            replaced=frozenset(s.seat for s in row.seats if s.replaced),
            text_names=tuple(self.text_names),
        )

    def seat_of(self, user_id: int) -> SeatRow | None:
        for s in self.row.seats:
            if s.user_id == user_id:
                return s
        return None

    def mention(self, seat: int) -> str:
        s = self.row.seats[seat]
        return f"<@{s.user_id}>" if s.user_id is not None else f"**{shown(s.name)}**"

    def humans_to_act(self) -> frozenset[int]:
        return frozenset(i for i in self.game.to_act(self.state) if self.row.seats[i].is_human)

    def bots_to_act(self) -> frozenset[int]:
        return frozenset(i for i in self.game.to_act(self.state) if self.row.seats[i].plays_itself)


def public_key(snap: Snapshot, lines: Sequence[str]) -> str:
    """What the table message shows: the public view, the status, the narration, the clock and
    who plays by computer, plus the version only while the table itself offers the decision
    (its controls carry the version). A private half-step changes none of these, so it costs
    no table edit and no new upload of the same picture."""
    game = snap.game
    offers = (
        snap.status == "running"
        and bool(game.to_act(snap.state))
        and decided_in_public(game, snap.state)
    )
    return json.dumps(
        [
            game.view(snap.state, None),
            snap.status,
            list(lines),
            snap.deadline,
            sorted(snap.computers),
            snap.version if offers else None,
        ],
        sort_keys=True,
    )


def private_parts(mine: Any, public: Any, path: tuple[Any, ...] = ()) -> list[Any]:
    """Where a seat's view differs from the public view, as (path, the seat's value) pairs.

    Compared part by part, so a public change (a card played) moves nothing here, while a
    change to what only this seat knows (its hand, a card it peeked at) does."""
    if mine == public:
        return []
    if isinstance(mine, dict) and isinstance(public, dict):
        return [
            part
            for key in sorted(mine)
            for part in private_parts(mine[key], public.get(key), (*path, key))
        ]
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [
            part
            for i, (a, b) in enumerate(zip(mine, public, strict=True))
            for part in private_parts(a, b, (*path, i))
        ]
    return [[list(path), mine]]


def private_key(snap: Snapshot, seat: int) -> str:
    """What makes a seat's private message differ from the last one it was sent: what only
    that seat sees, plus the version while it owes a decision (its controls carry the
    version), plus whether the game still runs and the computer plays the seat. A waiting
    player's message is not edited for every public move: the table shows those, and the
    message catches up when the player's turn comes or their own cards change."""
    public = snap.game.view(snap.state, None)
    mine = snap.game.view(snap.state, seat)
    owes = seat in snap.game.to_act(snap.state)
    taken = seat in snap.replaced
    return json.dumps(
        [private_parts(mine, public), snap.version if owes else None, snap.status, taken],
        sort_keys=True,
    )
