"""The scheduler: what happens when a game's alarm (`wake_at`) comes due (an open lobby's
alarm is its expiry, handed to `lobbies`).

Computer seats move one at a time with `bot_delay` between moves, thinking on the hub's
worker threads; when a deadline passes, the computer plays the late seats' whole move (every
step left of it); long timers remind the late players once when a quarter is left. At
start-up `resume` re-arms every alarm, re-shows games left behind and starts the database's
checkpoints (`CHECKPOINT_EVERY`).

Several processes may share the database (`bot.shards`), each with its own timers for its
own shards' games (the owner arms a game another process moved when it catches up,
`bot.catchup`): a process wakes a game only while it holds the game's lease in the database
(`Repository.claim`, LEASE seconds, renewed during a long wake-up, released after it), so
each alarm fires in one process. Every CLAIM_EVERY seconds a process that shares the database
claims the due alarms nobody holds (`claim_due`): those a killed process left (its leases run
out), or that no process has armed yet.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot import thinking
from bot.decisions import rule_seconds, strikes, timeout_action
from bot.hub import Hub
from bot.levels import playing_level
from bot.moves import REMIND_FROM, Moves
from bot.names import shown
from bot.publisher import Publisher
from bot.session import Session
from bot.storage import DatabaseError, Stale
from engine.words import and_list

log = logging.getLogger(__name__)

#: A seat is handed to the computer after this many timeouts in a row: a game never waits
#: more than two turn timers in all for a player who has gone.
MAX_TIMEOUTS = 2
#: Safety cap on decisions a timeout or a computer makes in one go.
MAX_AUTO_STEPS = 50
#: Seconds between games whose alarms came due while the bot was down.
OVERDUE_SPACING = 0.05
#: A wake-up that failed (a busy database) is tried again after RETRY_FIRST seconds, then
#: twice as long each time, up to RETRY_MAX: a game never stops for good.
RETRY_FIRST = 0.5
RETRY_MAX = 60.0
#: Seconds a wake-up holds its game's lease: a killed process's alarms are taken over by
#: another process within this and CLAIM_EVERY.
LEASE = 5.0
#: How often due alarms that no process holds are claimed (`Repository.claim_due`).
CLAIM_EVERY = 1.0
#: How many of them one look claims.
CLAIM_AT_ONCE = 50
#: How often what is committed is folded into the database file (`Repository.checkpoint`),
#: so a plain copy of the file is never far behind the games.
CHECKPOINT_EVERY = 300.0


class Scheduler:
    def __init__(self, hub: Hub, moves: Moves, publisher: Publisher) -> None:
        self.hub = hub
        self.moves = moves
        self.publisher = publisher
        #: Per game, the wake-ups that failed in a row (see `_retry`).
        self.failures: dict[int, int] = {}
        #: What an open lobby's alarm does (it expires: `Tables.expire`), set by the service.
        self.lobbies: Callable[[int], Awaitable[None]] | None = None
        #: The wake-ups under way here, by game: an alarm that fires meanwhile (a retry)
        #: waits for the one under way, then wakes the game again.
        self.waking: dict[int, asyncio.Future[None]] = {}
        #: When this process last claimed each game it is waking (`hub.clock()` seconds).
        self.claimed: dict[int, float] = {}
        hub.alarms.on_due = self.wake

    async def resume(self) -> None:
        """At start-up: re-arm every game's alarm and re-show games whose table lags behind.

        Alarms that came due while the bot was down are spread out (OVERDUE_SPACING apart)
        so a restart does not wake every overdue game at the same instant.
        """
        now = self.hub.clock()
        overdue = 0
        for game_id, wake_at in sorted(await self.hub.storage.alarms(), key=lambda a: a[1]):
            if wake_at <= now:
                wake_at = now + overdue * OVERDUE_SPACING
                overdue += 1
            self.hub.alarms.schedule(game_id, wake_at)
        self.hub.spawn(self._reshow(await self.hub.storage.unshown()))
        self.hub.alarms.every(CHECKPOINT_EVERY, "checkpoint", self._checkpoint)
        if not self.hub.shards.alone:
            self.hub.alarms.every(CLAIM_EVERY, "claims", self.claim_due)

    async def claim_due(self) -> None:
        """Take over the due alarms no process holds, spread out as `resume` does."""
        now = self.hub.clock()
        try:
            due = await self.hub.storage.claim_due(self.hub.shards.owner, now, LEASE, CLAIM_AT_ONCE)
        except DatabaseError as exc:  # the next look tries again
            log.warning("could not look for due alarms: %s", exc)
            return
        for n, (game_id, _) in enumerate(due):
            self.claimed[game_id] = now
            if game_id not in self.waking:
                self.hub.alarms.schedule(game_id, now + n * OVERDUE_SPACING)

    async def _checkpoint(self) -> None:
        try:
            await self.hub.storage.checkpoint()
        except DatabaseError as exc:  # the next one tries again
            log.warning("checkpoint failed: %s", exc)

    async def _reshow(self, game_ids: list[int]) -> None:
        """Show the games a restart left behind (see `Repository.unshown`), in the background
        and one load at a time, so start-up and other games' clicks never wait for them."""
        for game_id in game_ids:
            try:
                if (session := await self.hub.session(game_id)) is not None:
                    self.publisher.publish(session)
            except DatabaseError as exc:  # the game stays unshown: the next start tries again
                log.warning("game %s: could not be shown again: %s", game_id, exc)
            await asyncio.sleep(0)  # let clicks in between two loads

    async def run_due(self) -> None:
        """Wake every game whose alarm time has come by `clock()` (tests move the clock)."""
        now = self.hub.clock()
        for game_id, wake_at in await self.hub.storage.alarms():
            if wake_at <= now:
                await self.wake(game_id)

    async def wake(self, game_id: int) -> None:
        """The alarm: computer seats move, and expired turn timers are played out, if this
        process holds the game's lease (else another process wakes it). A wake-up that fails
        is tried again (`_retry`), so a busy database never stops a game."""
        while (under_way := self.waking.get(game_id)) is not None:  # one wake-up at a time
            await asyncio.shield(under_way)
        done = self.waking[game_id] = asyncio.get_running_loop().create_future()
        try:
            if await self._claim(game_id):
                try:
                    await self._wake(game_id)
                finally:
                    await self._release(game_id)
        finally:
            del self.waking[game_id]
            done.set_result(None)

    async def _claim(self, game_id: int) -> bool:
        """Hold the game's lease (again: a long wake-up renews it); False if another
        process holds it."""
        now = self.hub.clock()
        try:
            held = await self.hub.storage.claim(game_id, self.hub.shards.owner, now, LEASE)
        except DatabaseError as exc:
            self._retry(game_id, exc)
            return False
        if held:
            self.claimed[game_id] = now
        elif self.hub.shards.alone:  # only this process's previous run can hold it: it ends
            self.hub.alarms.schedule(game_id, now + LEASE)
        return held

    async def _renew(self, game_id: int) -> bool:
        """Still hold the lease, renewing it once half of it has passed."""
        if self.hub.clock() - self.claimed.get(game_id, -LEASE) < LEASE / 2:
            return True
        return await self._claim(game_id)

    async def _release(self, game_id: int) -> None:
        self.claimed.pop(game_id, None)
        try:
            await self.hub.storage.release(game_id, self.hub.shards.owner)
        except DatabaseError as exc:  # the lease runs out by itself
            log.warning("game %s: lease not released: %s", game_id, exc)

    async def _wake(self, game_id: int) -> None:
        held = game_id in self.hub.sessions  # else read now: nothing to catch up with
        try:
            session = await self.hub.session(game_id)
        except DatabaseError as exc:
            self._retry(game_id, exc)
            return
        if session is None and self.lobbies is not None:  # a lobby's expiry, if not gone
            try:
                await self.lobbies(game_id)
            except DatabaseError as exc:
                self._retry(game_id, exc)
                return
        if session is None or session.row.status != "running":
            self.failures.pop(game_id, None)
            return
        try:
            async with session.lock:
                if held and not self.hub.shards.alone:  # another process may have moved it
                    await self.moves.refresh(session)
                await self._wake_locked(session)
        except Stale:  # another process moved it: `Moves.reload` took the stored game
            log.info("game %s: moved elsewhere while waking", game_id)
        except Exception as exc:
            self._retry(game_id, exc)
        else:
            self.failures.pop(game_id, None)
        self.publisher.publish(session)

    def _retry(self, game_id: int, exc: Exception) -> None:
        """Arm the game's alarm again after a failed wake-up, backing off: RETRY_FIRST
        seconds, then twice as long each time it fails again, at most RETRY_MAX."""
        tries = self.failures.get(game_id, 0) + 1
        self.failures[game_id] = tries
        delay = min(RETRY_MAX, RETRY_FIRST * 2 ** (tries - 1))
        if isinstance(exc, DatabaseError):  # the machine's fault: one line
            log.warning("game %s: wake-up failed (%s); again in %.1f s", game_id, exc, delay)
        else:  # a bug: its traceback
            log.error("game %s: wake-up failed; again in %.1f s", game_id, delay, exc_info=exc)
        self.hub.alarms.schedule(game_id, self.hub.clock() + delay)

    async def _wake_locked(self, session: Session) -> None:
        for _ in range(MAX_AUTO_STEPS):
            if session.row.status != "running" or not await self._renew(session.id):
                return
            bots = session.bots_to_act()
            if bots:
                seat = min(bots)
                move = await self._computer_move(session, seat)
                if move is None:
                    continue  # the game moved on while the computer thought: look again
                action, words = move
                await self.moves.commit(session, seat, action, "bot", text=words)
                if self.hub.bot_delay > 0:
                    return  # the next computer move waits for its own alarm
            elif session.row.deadline is not None and self.hub.clock() >= session.row.deadline:
                await self._time_out(session)
            else:
                await self._remind(session)
                break
        # Nothing due now (or a long run of computer moves paused to let others in).
        self.hub.alarms.schedule(session.id, session.row.wake_at)

    async def _computer_move(self, session: Session, seat: int) -> thinking.Move | None:
        """The computer's move for a seat it plays, at the seat's level (`bot.levels`): a
        searching level thinks in the worker process for `Hub.think_seconds` (`_think`), the
        others on a worker thread."""
        game, salt = session.game, session.row.version
        level = playing_level(session.row, session.row.seats[seat])
        if thinking.searches(game, level):
            return await self._think(session, seat, level)
        return await self.hub.compute(
            thinking.computer_action, game, session.state, seat, level, salt
        )

    async def _think(self, session: Session, seat: int, level: str) -> thinking.Move | None:
        """A searching computer's move, thought out in a worker process with the game's lock
        released (the caller holds it, and holds it again on return): the search, and its
        wait for a free worker, can take seconds, and a press in the same game meanwhile (a
        choice made at the same time, an outdated control) must be answered at once. None
        when the game moved meanwhile and the seat's choice is no longer the one thought
        about, or this process no longer holds the game's lease."""
        game, version = session.game, session.row.version
        offered = game.legal(session.state, seat)
        seconds, playouts = self.hub.think_seconds, self.hub.think_playouts
        args = (game.key, game.dump(session.state), seat, level, version, seconds, playouts)
        session.lock.release()
        try:
            move = await self.hub.think(thinking.searched_move, *args)
        finally:
            await session.lock.acquire()
        if not await self._renew(session.id):  # the wait for a worker outlasted the lease
            return None
        if session.row.version == version:
            return move
        same = seat in game.to_act(session.state) and game.legal(session.state, seat) == offered
        return move if same and session.row.status == "running" else None

    async def _remind(self, session: Session) -> None:
        """A quarter of a long turn timer is left: mention the late players once more."""
        row = session.row
        limit = rule_seconds(session.game, session.state) or row.timer or 0
        now = self.hub.clock()
        if row.deadline is None or limit < REMIND_FROM or session.reminded == row.deadline:
            return
        if now < row.deadline - limit / 4:
            return
        session.reminded = row.deadline
        session.remind = session.humans_to_act()
        if row.wake_at is not None and row.wake_at < row.deadline:
            bots = session.bots_to_act()
            row.wake_at = min(row.deadline, now + self.hub.bot_delay) if bots else row.deadline
            await self.hub.storage.set_schedule(row.id, row.wake_at, row.deadline)

    async def _time_out(self, session: Session) -> None:
        """The deadline passed: the computer plays each late seat's whole move, every step of
        it, until the seat owes nothing more (the clock covered the whole move, so a step left
        over gets no clock of its own).

        A decision the game itself times (a race) simply ends by its rules when time is up: its
        `on_timeout` is played for each seat still owing it (and the rest of that move's
        steps), nobody gets a strike, and the seat's next decision has its own clock.
        """
        game = session.game
        late = sorted(session.humans_to_act())
        by_rules = not strikes(game, session.state)
        if by_rules:
            who = and_list([session.text_names[s] for s in late])
            session.fresh_lines.append(f"⏰ Time's up for {who}.")
        for seat in late:
            if seat not in game.to_act(session.state):
                continue  # the decision was settled by another late seat's answer
            row = session.row.seats[seat]
            timeouts = row.timeouts + 1
            replaced = timeouts >= MAX_TIMEOUTS
            updates = [] if by_rules else [(seat, timeouts, replaced)]
            if replaced and not by_rules:
                session.fresh_lines.append(
                    f"⏰ {shown(row.name)} ran out of time twice in a row: the computer plays"
                    " their seat until they take it back."
                )
            elif not by_rules:
                session.fresh_lines.append(
                    f"⏰ {shown(row.name)} ran out of time; the computer played for them."
                )
            for _ in range(MAX_AUTO_STEPS):
                args = (game, session.state, seat, session.row.version)
                action, words = await self.hub.compute(timeout_action, *args)
                decision = game.decision(session.state, seat)
                ruled = by_rules and decision is not None and action == decision.on_timeout
                untold = decision.timeout_event if ruled and decision else None
                await self.moves.commit(session, seat, action, "timeout", updates, words, untold)
                updates = []
                if seat not in game.to_act(session.state) or replaced:
                    break  # done, or the computer plays on as the seat's player
                if by_rules and not any(a.back for a in game.legal(session.state, seat)):
                    break  # a clock the rules set ends that decision only
        # Whoever owes a decision now owes a new one, on a fresh clock: tell them.
        session.needs_ping |= session.humans_to_act()
