"""A running game held in memory: its database row, the engine state and bookkeeping."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from typing import Any

from bot import thinking
from bot.levels import playing_level
from bot.names import shown
from bot.storage import GameRow, SeatRow
from engine import GAMES, Action, ActionError, Event, Game

log = logging.getLogger(__name__)

#: How many recent lines of narration the table shows.
MAX_LINES = 6
#: How a computer player is named on the table.
BOT_NAMES = ("Holly", "Jingle", "Noel", "Ivy", "Frost", "Sprout")


def bot_name(index: int, level: str) -> str:
    """Computer seats get festive names that read well anywhere in a sentence ("Holly-bot's
    left card"); the lobby shows their level."""
    return f"{BOT_NAMES[index % len(BOT_NAMES)]}-bot"


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
    #: Of the `replaced` seats, those whose player resigned (for good, unlike a timeout).
    resigned: frozenset[int] = frozenset()
    #: The names as message text may show them (see `bot.names.shown`).
    text_names: tuple[str, ...] = ()
    #: Per seat owing a decision, the version since which it has been offered the same
    #: actions (see `Session.still_offered`): its controls drawn since are still current.
    offered_since: dict[int, int] = field(default_factory=dict)
    #: The game may change ratings (`GameRow.rated`).
    rated: bool = True
    #: The computer players' seats and levels, in seat order.
    levels: tuple[tuple[int, str], ...] = ()
    #: Seats played by a computer that searches (`hard`): it thinks a while before it moves.
    searching: frozenset[int] = frozenset()
    #: Each hand offers 💡 Hint (`GameRow.hints`).
    hints: bool = False
    #: Seats whose hand still shows the guided first turn of `/play … learn`.
    guided: frozenset[int] = frozenset()
    #: Views already worked out for this state, by seat (None: the public view). Shared by
    #: every snapshot of one state: a move's keys, pictures and texts read the same views.
    views: dict[int | None, Any] = field(default_factory=dict)

    def view(self, seat: int | None) -> Any:
        """`game.view(state, seat)`, worked out once per state. Views are read, never
        changed, so sharing them between threads is safe."""
        found = self.views.get(seat)
        if found is None:
            found = self.views[seat] = self.game.view(self.state, seat)
        return found


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
    #: The picture files the table message ("table") and each seat's DM show now, so an
    #: unchanged picture is not uploaded again (see `Card.attachments`).
    pictures: dict[str | int, tuple[str, ...]] = field(default_factory=dict)
    #: When the table message was last edited (`time.monotonic()`), the seats it waited for
    #: then, and the timer that edits it once enough time has passed since (see `Publisher`).
    table_at: float = -1e9
    table_turn: frozenset[int] = frozenset()
    table_later: asyncio.TimerHandle | None = None
    #: When each seat last made a move itself (clock seconds): a player at the table right
    #: now needs no "your turn" ping.
    active_at: dict[int, float] = field(default_factory=dict)
    #: The version the session was read from storage at, while the table's recent lines
    #: before it are still to be told again (see `recent_lines`); None once they are.
    history: int | None = None
    #: Per seat owing a decision: since which version it has been offered these same
    #: actions (see `still_offered`).
    offered: dict[int, tuple[int, tuple[Action, ...]]] = field(default_factory=dict)
    dirty: bool = False
    #: Seats whose hand still shows the guided first turn (a `/play … learn` game, until the
    #: player's own first move; not kept across a restart).
    guided: frozenset[int] = frozenset()
    #: The state `views` belongs to (see `Snapshot.views`).
    _views_of: Any = None
    _views: dict[int | None, Any] = field(default_factory=dict)
    publisher: asyncio.Task[None] | None = None
    #: One lock per message that both the publisher and an answer edit ("table", or a seat's
    #: hand message): edits of one message never cross, so the key recorded for it is what
    #: it shows.
    _showing: dict[object, asyncio.Lock] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.note_offers(None)

    def note_offers(self, mover: int | None) -> None:
        """After a move (by `mover`, or None when the state was read again): remember since
        when each seat owing a decision has been offered the same actions. The mover's own
        controls always start again, so a double click never makes two moves."""
        before, self.offered = self.offered, {}
        for seat in self.game.to_act(self.state):
            legal = tuple(self.game.legal(self.state, seat))
            kept = before.get(seat)
            same = mover is not None and seat != mover and kept is not None and kept[1] == legal
            self.offered[seat] = (kept[0] if same and kept else self.row.version, legal)

    def still_offered(self, seat: int, version: int | None) -> bool:
        """A control drawn at `version` still offers what the seat may do now: others moved
        since (a simultaneous choice, a race), but the seat's own choices did not change.
        Such a press is current, so a hand message nobody can edit (an ephemeral "My hand")
        keeps working while the others choose."""
        kept = self.offered.get(seat)
        return version is not None and kept is not None and kept[0] <= version <= self.row.version

    def quote(self, seat: int, text: str) -> str:
        """A player's typed words as the table shows them: openly, made inert."""
        return f"🎤 {shown(self.row.seats[seat].name)}: “{shown(text)}”"

    def narrated(self, events: Sequence[Event], untold: tuple[str, int] | None = None) -> list[str]:
        """The table's lines for a move's events: the public ones the game narrates, but for
        `untold`, (event kind, seat): the choice a clock made for a late seat, which the
        clock's own line tells (see `Decision.timeout_event`)."""
        return [
            line
            for event in events
            if event.visible_to is None
            and (untold is None or (event.kind, event.data.get("seat")) != untold)
            and (line := self.game.narrate(event, self.text_names))
        ]

    def recent_lines(
        self, moves: Sequence[tuple[int, str, str | None]], timed_out: Set[int] = frozenset()
    ) -> list[str]:
        """The table's recent lines as they were before a restart (see `told`). Empty if the
        log does not replay."""
        try:
            return self.told(moves, timed_out)[-MAX_LINES:]
        except ActionError:  # the log does not fit the state's creation: lose the lines only
            log.warning("game %s: its log does not replay; recent lines lost", self.row.id)
            return []

    def told(
        self,
        moves: Sequence[tuple[int, str, str | None]],
        timed_out: Set[int] = frozenset(),
        since: int = 0,
        start: Any = None,
    ) -> list[str]:
        """Every line the table told, from the first move (or only of the moves after
        version `since`): the game replayed from its log, its public events narrated and its
        typed words quoted, as `Moves.commit` tells them — a choice a rules clock made for a
        late seat (`timed_out`: the versions of the moves clocks made) left untold (the
        clock's and the takeovers' own lines are not kept). `start`, if given, is the state
        at version `since`: only the moves after it are replayed. Raises `ActionError` if the
        log does not replay."""
        game, row = self.game, self.row
        lines: list[str] = []
        first = 1 if start is None else since + 1
        if start is None:
            state = game.new(len(row.seats), row.options, row.seed, self.state.rig)
        else:
            state = start
        for version, (seat, action, text) in enumerate(moves[first - 1 :], start=first):
            ruled = game.decision(state, seat) if version in timed_out else None
            untold = None
            if ruled is not None and ruled.timeout_event and action == ruled.on_timeout:
                untold = (ruled.timeout_event, seat)
            state, events = game.apply(state, seat, action, text)
            if version <= since:
                continue
            lines += self.narrated(events, untold)
            if text is not None:
                lines.append(self.quote(seat, text))
        return lines

    def showing(self, message: object) -> asyncio.Lock:
        return self._showing.setdefault(message, asyncio.Lock())

    @classmethod
    def from_row(cls, row: GameRow) -> Session:
        game = GAMES[row.game]
        assert row.state is not None
        return cls(row=row, game=game, state=game.load(row.state), history=row.version or None)

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

    def table_shown(self) -> None:
        """The table message is being edited to show the game as it is now."""
        self.table_at = time.monotonic()
        self.table_turn = self.game.to_act(self.state)

    def snapshot(self) -> Snapshot:
        row = self.row
        if self._views_of is not self.state:  # a new state: its views are still to be seen
            self._views_of, self._views = self.state, {}
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
            resigned=frozenset(s.seat for s in row.seats if s.resigned),
            text_names=tuple(self.text_names),
            offered_since={seat: since for seat, (since, _) in self.offered.items()},
            rated=row.rated,
            levels=tuple((s.seat, s.bot_level or "normal") for s in row.seats if s.user_id is None),
            searching=frozenset(
                s.seat
                for s in row.seats
                if s.plays_itself and thinking.searches(self.game, playing_level(row, s))
            ),
            hints=row.hints,
            guided=self.guided,
            views=self._views,
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
