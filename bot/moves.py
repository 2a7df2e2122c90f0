"""Moves: apply an action in the engine and commit it, then bring the session up to date.

`commit` is the one way a move happens, whoever makes it (a player, a computer, a timeout):
the engine applies it to the session's state (raising `ActionError` for a move it refuses),
the new state, the action (with its typed text), the next alarm and any result are written in
one transaction only if the stored version is still the one read, and only then does the
session in memory move on. When the write comes back `Stale` (another process moved the
game), the game is read again from storage (`reload`) and `Stale` is raised to the caller.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from bot.decisions import rule_seconds
from bot.hub import Hub
from bot.keys import private_key
from bot.session import Session
from bot.storage import DatabaseError, GameRow, ResultRow, Stale
from engine import ActionError, Event
from engine.protocol import clean_text

log = logging.getLogger(__name__)

#: Turn timers of at least this many seconds remind the player when a quarter is left.
REMIND_FROM = 300
#: A player who takes a step of their move with less than this left gets this long for the
#: next step (at most the whole timer): the clock covers the whole move, but a present player
#: is never left a second for its last part. An absent player gets no grace.
STEP_GRACE = 15
#: Recent narration lines kept to tell a late press what beat it.
MAX_SAID = 20


class Moves:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def commit(
        self,
        session: Session,
        seat: int,
        action: str,
        source: str,
        seat_updates: Iterable[tuple[int, int, bool]] = (),
        text: str | None = None,
        untold: str | None = None,
    ) -> list[Event]:
        """Apply and commit one action, with its typed text if any (the caller holds the
        session lock). `untold` is the kind of the seat's event not to narrate (a choice the
        clock made, `Decision.timeout_event`).

        Raises ActionError (nothing happened) or Stale: another process moved the game first,
        so nothing was written and the session now holds the game as stored.
        """
        game = session.game
        new_state, events = game.apply(session.state, seat, action, text)
        text = (clean_text(text) or None) if text is not None else None
        now = self.hub.clock()
        result = game.result(new_state)
        mover = seat if source == "user" else None
        wake_at, deadline, deadline_seats, fresh = self.plan(session, new_state, now, mover)
        if result is not None:
            wake_at = deadline = None
        updates = list(seat_updates)
        seat_row = session.row.seats[seat]
        if source == "user" and seat_row.timeouts:
            updates.append((seat, 0, seat_row.replaced))
        results: list[ResultRow] = []
        if result is not None:
            replaced = {s.seat: s.replaced for s in session.row.seats}
            replaced |= {s: flag for s, _, flag in updates}
            results = [
                (
                    s.seat,
                    s.user_id,
                    s.name,
                    result.ranks[s.seat],
                    result.scores[s.seat],
                    s.seat in result.winners,
                    replaced[s.seat],
                )
                for s in session.row.seats
            ]
        try:
            await self.hub.storage.commit_action(
                session.id,
                session.row.version,
                seat,
                action,
                source,
                game.dump(new_state),
                wake_at,
                deadline,
                updates,
                results,
                # At the end, what is owed is the result's announcement (see `_announce`).
                ping_due=bool(fresh) or result is not None,
                text=text,
            )
        except Stale:
            await self.reload(session)
            raise
        session.state = new_state
        session.row.version += 1
        session.note_offers(seat)
        if source == "user":
            session.guided -= {seat}
        session.row.wake_at, session.row.deadline = wake_at, deadline
        session.deadline_seats = deadline_seats
        session.needs_ping |= fresh
        session.row.ping_due |= bool(fresh) or result is not None
        for s, timeouts, replaced in updates:
            session.row.seats[s].timeouts = timeouts
            session.row.seats[s].replaced = replaced
        for line in session.narrated(events, (untold, seat) if untold else None):
            session.fresh_lines.append(line)
            session.said.append((session.row.version, line))
        del session.said[:-MAX_SAID]
        if text is not None:  # typed words go to the table openly, made inert
            session.fresh_lines.append(session.quote(seat, text))
        if result is not None:
            session.row.status = "finished"
            self.hub.alarms.cancel(session.id)
        else:
            self.hub.alarms.schedule(session.id, wake_at)
        return events

    def plan(
        self, session: Session, new_state: Any, now: float, mover: int | None = None
    ) -> tuple[float | None, float | None, frozenset[int], frozenset[int]]:
        """When to wake this game next, the decision deadline, whom it binds, who is new to act.

        One clock covers a seat's whole move: while the seats deciding are the ones the clock
        was set for (the next step of a move, the rest of a simultaneous choice), the deadline
        stays; a seat new to decide starts a fresh one. `mover`, a player who has just taken a
        step themselves, keeps at least STEP_GRACE for the next."""
        game = session.game
        seats = session.row.seats
        before = game.to_act(session.state)
        to_act = game.to_act(new_state)
        humans = frozenset(i for i in to_act if seats[i].is_human)
        bots = [i for i in to_act if seats[i].plays_itself]
        fresh = frozenset(i for i in humans if i not in before)
        limit = rule_seconds(game, new_state) or session.row.timer
        deadline = None
        if humans and limit:
            # A seat that keeps deciding keeps its clock, unless the game's own timing changed
            # (a race ended): that is a new decision.
            same_decision = (
                session.row.deadline is not None
                and session.row.deadline > now
                and humans <= session.deadline_seats
                and rule_seconds(game, session.state) == rule_seconds(game, new_state)
            )
            deadline = session.row.deadline if same_decision else now + limit
            if same_decision and mover in humans and deadline is not None:
                deadline = max(deadline, now + min(STEP_GRACE, limit))
        wake_at = now + self.hub.bot_delay if bots else None
        if deadline is not None:
            wake_at = deadline if wake_at is None else min(wake_at, deadline)
            if limit >= REMIND_FROM and deadline - limit / 4 > now:  # the reminder's turn
                wake_at = min(wake_at, deadline - limit / 4)
        return wake_at, deadline, humans if deadline else frozenset(), fresh

    async def reload(self, session: Session) -> None:
        """Another process moved this game: take the stored game as the truth. The session
        object stays (presses may hold it); its state, row and clocks are replaced, the
        moves made elsewhere are narrated on the table, and the hand DMs those moves' answers
        edited are marked unknown, so the publisher brings every message up to date. (What
        the table and the other DMs show stays known: only the process running the game's
        shard edits them, see `Publisher`.)"""
        row = await self.hub.storage.game(session.id)
        if row is None or row.damaged or row.state is None:
            log.warning("game %s: gone or damaged when read again", session.id)
            return
        await self._take(session, row)

    async def refresh(self, session: Session) -> None:
        """Catch up with what another process did to this game since it was read, if
        anything (the caller holds the session lock)."""
        row = await self.hub.storage.game(session.id)
        if row is None or row.damaged or row.state is None:
            return
        if _what_matters(row) != _what_matters(session.row):
            await self._take(session, row)

    async def _take(self, session: Session, row: GameRow) -> None:
        fresh = self.hub.load(row)
        log.info(
            "game %s: moved elsewhere (v%s → v%s); read again",
            row.id,
            session.row.version,
            row.version,
        )
        before = session.row.version
        pressed = await self._narrate(session, before, row.version) if row.version > before else {}
        session.row, session.state = fresh.row, fresh.state
        session.note_offers(None)
        session.deadline_seats, session.needs_ping = fresh.deadline_seats, fresh.needs_ping
        movers = set(pressed.values()) if pressed is not None else range(len(row.seats))
        for seat in movers:
            # Its answer edited the DM pressed on, as the game stood after that press: what
            # the DM shows now is known only if that was the newest move (below).
            session.dm_keys.pop(seat, None)
            session.pictures.pop(seat, None)
            if pressed is not None and row.seats[seat].is_human:  # at the table: no ping
                session.active_at[seat] = self.hub.clock()
        last = pressed.get(row.version) if pressed and not self.hub.shards.alone else None
        if last is not None and row.seats[last].is_human and not row.seats[last].replaced:
            # A player's press in another shard's process made the newest move: a press on a
            # DM (the guild's presses all come here), whose answer shows the game as it
            # stands, as this process would draw it (`Hub.where` is the game's).
            session.dm_keys[last] = private_key(session.snapshot(), last)
        self.hub.alarms.schedule(session.id, row.wake_at if row.status == "running" else None)

    async def _narrate(self, session: Session, before: int, after: int) -> dict[int, int] | None:
        """Tell on the table the moves another process made (versions `before` + 1 to
        `after`), read from the game's log; return, by version, the seat that made each of
        them itself, not its clock (None: unknown, the log could not be read)."""
        try:
            moves = (await self.hub.storage.actions(session.id))[:after]
            timed_out = await self.hub.storage.timed_out(session.id)
            # From the state held here (version `before`): only the new moves are replayed.
            lines = await self.hub.compute(session.told, moves, timed_out, before, session.state)
        except (ActionError, DatabaseError) as exc:  # the lines are lost, not the moves
            log.warning("game %s: moves made elsewhere not narrated: %s", session.id, exc)
            return None
        session.fresh_lines += lines
        session.said += [(after, line) for line in lines]
        del session.said[:-MAX_SAID]
        pressed = enumerate(moves, start=1)
        return {
            version: seat
            for version, (seat, _, _) in pressed
            if version > before and version not in timed_out
        }


def _what_matters(row: GameRow) -> tuple[object, ...]:
    """What another process may change in a game without this one seeing it: its moves,
    status and alarm, and who plays each seat."""
    seats = tuple((s.replaced, s.resigned, s.timeouts) for s in row.seats)
    return (row.version, row.status, row.wake_at, row.deadline, seats)
