"""The generic game-session layer: it drives any engine game through the protocol.

A click goes up the press ladder — the game exists → the presser is seated → the version is
current → it is their decision → the engine accepts the action — then the move is committed
to SQLite, and only then is the interaction answered. Everything else Discord should see (the
table message, other players' DMs, the "your turn" ping) is published afterwards by one task
per game that always shows the newest state, so bursts of moves cost one edit.

Computer seats and turn timers run from one alarm per game (`wake_at` in the database), so a
restart resumes them exactly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import discord

from bot import ending, faults, lobby, messages, names, takeover, ui
from bot.names import shown
from bot.reach import Reach
from bot.session import Session, private_key, public_key, rule_seconds
from bot.storage import GameRow, ResultRow, SeatRow, Stale, Storage
from engine import GAMES, ActionError, ErrorCode, Event, bot_move
from engine.words import and_list

log = logging.getLogger(__name__)
T = TypeVar("T")

#: A seat is handed to a computer after this many timeouts in a row (ENG-05).
MAX_TIMEOUTS = 3
#: Safety cap on decisions a timeout or a computer makes in one go.
MAX_AUTO_STEPS = 50
#: Turn timers of at least this many seconds remind the player when a quarter is left.
REMIND_FROM = 300
#: Seconds after a player's own move during which their next turn needs no ping.
PING_QUIET = 90
#: Recent narration lines kept to tell a late click what beat it.
MAX_SAID = 20
#: Seconds between games whose alarms came due while the bot was down.
OVERDUE_SPACING = 0.05

ERROR_TEXT = {
    ErrorCode.NOT_YOUR_TURN: "It isn't your turn.",
    ErrorCode.ILLEGAL: "That move isn't allowed right now.",
    ErrorCode.GAME_OVER: "This game is already over.",
    ErrorCode.STALE: "That button is out of date: the game has moved on since.",
}


SAY_GONE = "That chance to add a line has passed (each one is good once, until the game moves on)."
#: Game states `/abandon` can end (a quarantined game can only be cleared).
ABANDONABLE = ("running", "lobby", "quarantined")


class GameService:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        bot_delay: float = 1.5,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
    ) -> None:
        self.client = client
        self.storage = storage
        self.bot_delay = bot_delay
        self.clock = clock
        self.seeds = seeds  # each new game's seed: random in production, fixed in tests
        self.sessions: dict[int, Session] = {}
        self._lobby_locks: dict[object, asyncio.Lock] = {}
        self._load_lock = asyncio.Lock()
        self._alarms: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        # Pictures a click waits for render on the default pool; everything published in the
        # background shares this one thread, so it can never crowd out an answer's render.
        self._publisher_thread = ThreadPoolExecutor(1, thread_name_prefix="tinsel-publish")
        self.reach = Reach(client, storage, clock)

    # ================================================================== plumbing
    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run background work, keeping a reference (and letting tests wait for it)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def lobby_lock(self, key: object) -> asyncio.Lock:
        """The lock serialising presses on one lobby (or on one game's Rematch button)."""
        return self._lobby_locks.setdefault(key, asyncio.Lock())

    def hold(self) -> None:
        """Count the running interaction handler as work in progress until it returns, so
        `idle` also waits for what a handler does after it has answered."""
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _in_background(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._publisher_thread, fn, *args)

    async def idle(self) -> None:
        """Wait until no background work is left (used by tests and benchmarks)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        """Finish what was started, stop the alarms, release the publishing thread."""
        for handle in self._alarms.values():
            handle.cancel()
        self._alarms.clear()
        await self.idle()
        self._publisher_thread.shutdown(wait=True)

    async def session(self, game_id: int) -> Session | None:
        """The in-memory session of a started game, loaded from the database on first use."""
        if (s := self.sessions.get(game_id)) is not None:
            return s
        async with self._load_lock:
            if (s := self.sessions.get(game_id)) is not None:
                return s
            row = await self.storage.game(game_id)
            if row is None or row.status in ("lobby", "quarantined", "cancelled"):
                return None
            try:
                if row.damaged or row.state is None:
                    raise ValueError("the stored state is unreadable")
                s = Session.from_row(row)
                s.deadline_seats = s.humans_to_act() if row.deadline else frozenset()
            except Exception:
                log.exception("game %s cannot be loaded", game_id)
                await self._quarantine(row)
                return None
            s.needs_ping = s.humans_to_act() if row.ping_due else frozenset()
            self.sessions[game_id] = s
            return s

    async def _quarantine(self, row: GameRow) -> None:
        """Set aside a game that cannot be loaded, so every other game carries on, and tell
        its channel how to clear it."""
        if row.status != "running" or not await self.storage.quarantine(row.id):
            return
        self._cancel_alarm(row.id)
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        self.spawn(faults.tell(channel, faults.quarantined(row.id)))

    @staticmethod
    async def answer(interaction: discord.Interaction, text: str) -> None:
        """One private sentence to the presser, whatever state the interaction is in."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id, exc_info=True)

    # ================================================================== presses
    async def handle_press(self, interaction: discord.Interaction, press: ui.Press) -> None:
        self.hold()
        try:
            if press.version == "L":
                await self._lobby_press(interaction, press)
            elif press.version == "H":
                await self._free_press(interaction, press)
            else:
                await self._move_press(interaction, press)
        except Exception as exc:
            await self.answer(interaction, faults.report(log, f"press {press}", exc))

    async def _free_press(self, interaction: discord.Interaction, press: ui.Press) -> None:
        """Buttons valid at any version: "My hand", "How to play", "Rematch" and "Take my
        seat back"."""
        if press.action == ending.REMATCH:
            await ending.rematch(self, interaction, press.game_id)
            return
        if press.action == takeover.RECLAIM:
            await takeover.take_back(self, interaction, press.game_id)
            return
        session = await self.session(press.game_id)
        if session is None:
            await self.answer(interaction, "This game no longer exists.")
            return
        if press.action == "rules":
            await self.answer(interaction, session.game.summary)
            return
        if press.action != "hand":
            await self.answer(interaction, "That button isn't one I know.")
            return
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await self.answer(
                interaction, "You're not playing in this game, so there's no hand to show."
            )
            return
        async with session.lock:
            card = await asyncio.to_thread(messages.hand_card, session.snapshot(), seat.seat, "")
            await interaction.response.send_message(
                view=card.view, file=card.file(), ephemeral=True
            )
        self._retry_dm(session, seat)

    async def _move_press(self, interaction: discord.Interaction, press: ui.Press) -> None:
        session = await self.session(press.game_id)
        if session is None:
            row = await self.storage.game(press.game_id)
            gone = (
                "This lobby hasn't started yet."
                if row and row.status == "lobby"
                else faults.quarantined(row.id)
                if row and row.status == "quarantined"
                else "This game no longer exists."
            )
            await self.answer(interaction, gone)
            return
        if session.row.status != "running":
            await self.answer(
                interaction,
                "This game is over."
                if session.row.status == "finished"
                else "This game was abandoned.",
            )
            return
        seat_row = session.seat_of(interaction.user.id)
        if seat_row is None:
            await self.answer(interaction, "You're not playing in this game.")
            return
        seat = seat_row.seat
        if seat_row.replaced:
            await self.answer(
                interaction,
                "The computer is playing your seat: press **Take my seat back** in your hand"
                " (**My hand** on the table) to play again.",
            )
            return
        if press.action == ui.SAY:
            await self._open_say(interaction, session, seat, press.version)
            return
        action = press.values[0] if press.action == ui.SELECT and press.values else press.action
        async with session.lock:
            if press.version != str(session.row.version):
                await self.answer(interaction, self._too_late(session, int(press.version)))
                return
            if seat not in session.game.to_act(session.state):
                await self.answer(interaction, ERROR_TEXT[ErrorCode.NOT_YOUR_TURN])
                return
            try:
                say = self._say_prompt(session, seat, action)
                await self._commit(session, seat, action, "user")
                session.active_at[seat] = self.clock()
            except ActionError as err:
                await self.answer(interaction, ERROR_TEXT.get(err.code, err.message))
                return
            except Stale:
                await self.answer(interaction, ERROR_TEXT[ErrorCode.STALE])
                return
            if say:
                session.say_offers[seat] = session.row.version
            snap = session.snapshot()
            on_table = interaction.message is not None and (
                interaction.message.id == session.row.table_message_id
            )
            if on_table:  # a public decision, pressed on the table: show the table moved on
                table = await asyncio.to_thread(messages.table_card, snap, self._lines(session))
                await interaction.response.edit_message(view=table.view, attachments=[table.file()])
                session.table_key = self._table_key(session)
                if say:
                    offer = ui.layout(ui.text("You may add a line for the table."))
                    self._with_say_button(offer, session, seat)
                    await interaction.followup.send(view=offer, ephemeral=True)
            else:
                note = "You may add a line for the table." if say else ""
                in_dm = self._is_dm(interaction, seat_row)
                where = self._where(session) if in_dm else ""
                card = await asyncio.to_thread(messages.hand_card, snap, seat, where, note)
                view = self._with_say_button(card.view, session, seat) if say else card.view
                await interaction.response.edit_message(view=view, attachments=[card.file()])
                if in_dm:
                    session.dm_keys[seat] = private_key(snap, seat)
        self._retry_dm(session, seat_row)
        self.publish(session)

    @staticmethod
    def _too_late(session: Session, version: int) -> str:
        """A click on an outdated control: say what happened first, when we still know."""
        since = [line for v, line in session.said if v > version]
        if since and session.said[0][0] <= version:  # every line since the click is kept
            return f"Too late: {since[0]}"
        return ERROR_TEXT[ErrorCode.STALE]

    # ================================================================== moves
    async def _commit(
        self,
        session: Session,
        seat: int,
        action: str,
        source: str,
        seat_updates: Iterable[tuple[int, int, bool]] = (),
    ) -> list[Event]:
        """Apply and commit one action (the caller holds the session lock).

        Raises ActionError (nothing happened) or Stale (another process moved first).
        """
        game = session.game
        new_state, events = game.apply(session.state, seat, action)
        now = self.clock()
        result = game.result(new_state)
        wake_at, deadline, deadline_seats, fresh = self._plan(session, new_state, now)
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
        await self.storage.commit_action(
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
        )
        session.state = new_state
        session.row.version += 1
        session.row.wake_at, session.row.deadline = wake_at, deadline
        session.deadline_seats = deadline_seats
        session.needs_ping |= fresh
        session.row.ping_due |= bool(fresh) or result is not None
        for s, timeouts, replaced in updates:
            session.row.seats[s].timeouts = timeouts
            session.row.seats[s].replaced = replaced
        spoken = session.text_names
        for event in events:
            if event.visible_to is None and (line := game.narrate(event, spoken)):
                session.fresh_lines.append(line)
                session.said.append((session.row.version, line))
        del session.said[:-MAX_SAID]
        if result is not None:
            session.row.status = "finished"
            self._cancel_alarm(session.id)
        else:
            self._schedule(session.id, wake_at)
        return events

    def _plan(
        self, session: Session, new_state: Any, now: float
    ) -> tuple[float | None, float | None, frozenset[int], frozenset[int]]:
        """When to wake this game next, the decision deadline, whom it binds, who is new to act."""
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
        wake_at = now + self.bot_delay if bots else None
        if deadline is not None:
            wake_at = deadline if wake_at is None else min(wake_at, deadline)
            if limit >= REMIND_FROM and deadline - limit / 4 > now:  # the reminder's turn
                wake_at = min(wake_at, deadline - limit / 4)
        return wake_at, deadline, humans if deadline else frozenset(), fresh

    # ================================================================== alarms
    def _schedule(self, game_id: int, wake_at: float | None) -> None:
        self._cancel_alarm(game_id)
        if wake_at is None:
            return
        delay = max(0.0, wake_at - self.clock())
        self._alarms[game_id] = asyncio.get_running_loop().call_later(delay, self._fire, game_id)

    def _fire(self, game_id: int) -> None:
        self._alarms.pop(game_id, None)
        self.spawn(self.wake(game_id))

    def busy(self) -> bool:
        """Background work is running or an alarm is due now (tests wait for quiet)."""
        now = asyncio.get_running_loop().time()
        return bool(self._tasks) or any(h.when() <= now for h in self._alarms.values())

    def _cancel_alarm(self, game_id: int) -> None:
        if (handle := self._alarms.pop(game_id, None)) is not None:
            handle.cancel()

    async def resume(self) -> None:
        """At start-up: re-arm every game's alarm and re-show games whose table lags behind.

        Alarms that came due while the bot was down are spread out (OVERDUE_SPACING apart)
        so a restart does not wake every overdue game at the same instant.
        """
        now = self.clock()
        overdue = 0
        for game_id, wake_at in sorted(await self.storage.alarms(), key=lambda a: a[1]):
            if wake_at <= now:
                wake_at = now + overdue * OVERDUE_SPACING
                overdue += 1
            self._schedule(game_id, wake_at)
        self.spawn(self._reshow(await self.storage.unshown()))

    async def _reshow(self, game_ids: list[int]) -> None:
        """Show the games a restart left behind (see `Storage.unshown`), in the background
        and one load at a time, so start-up and other games' clicks never wait for them."""
        for game_id in game_ids:
            try:
                if (session := await self.session(game_id)) is not None:
                    self.publish(session)
            except sqlite3.Error as exc:  # the game stays unshown: the next start tries again
                log.warning("game %s: could not be shown again: %s", game_id, exc)
            await asyncio.sleep(0)  # let clicks in between two loads

    async def run_due(self) -> None:
        """Wake every game whose alarm time has come by `clock()` (tests move the clock)."""
        now = self.clock()
        for game_id, wake_at in await self.storage.alarms():
            if wake_at <= now:
                await self.wake(game_id)

    async def wake(self, game_id: int) -> None:
        """The alarm: computer seats move, and expired turn timers are played out."""
        session = await self.session(game_id)
        if session is None or session.row.status != "running":
            return
        try:
            async with session.lock:
                await self._wake_locked(session)
        except Exception:
            log.exception("game %s: wake-up failed", game_id)
        self.publish(session)

    async def _wake_locked(self, session: Session) -> None:
        for _ in range(MAX_AUTO_STEPS):
            if session.row.status != "running":
                return
            bots = session.bots_to_act()
            if bots:
                seat = min(bots)
                level = session.row.seats[seat].bot_level or "normal"
                action = bot_move(session.game, session.state, seat, level, session.row.version)
                await self._commit(session, seat, action, "bot")
                if self.bot_delay > 0:
                    return  # the next computer move waits for its own alarm
            elif session.row.deadline is not None and self.clock() >= session.row.deadline:
                await self._time_out(session)
            else:
                await self._remind(session)
                break
        # Nothing due now (or a long run of computer moves paused to let others in).
        self._schedule(session.id, session.row.wake_at)

    async def _remind(self, session: Session) -> None:
        """A quarter of a long turn timer is left: mention the late players once more."""
        row = session.row
        limit = rule_seconds(session.game, session.state) or row.timer or 0
        now = self.clock()
        if row.deadline is None or limit < REMIND_FROM or session.reminded == row.deadline:
            return
        if now < row.deadline - limit / 4:
            return
        session.reminded = row.deadline
        session.remind = session.humans_to_act()
        if row.wake_at is not None and row.wake_at < row.deadline:
            bots = session.bots_to_act()
            row.wake_at = min(row.deadline, now + self.bot_delay) if bots else row.deadline
            await self.storage.set_schedule(row.id, row.wake_at, row.deadline)

    async def _time_out(self, session: Session) -> None:
        """The deadline passed: the computer plays the decision each late seat owed (and, when
        that was a step of a move with parts, the rest of that move), never a later one.

        A decision the game itself times (a race) simply ends by its rules when time is up: the
        computer answers for those who did not, and nobody gets a timeout strike.
        """
        game = session.game
        late = sorted(session.humans_to_act())
        by_rules = rule_seconds(game, session.state) is not None
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
                    f"⏰ {shown(row.name)} ran out of time {MAX_TIMEOUTS} times in a row: the"
                    " computer plays their seat until they take it back."
                )
            elif not by_rules:
                session.fresh_lines.append(
                    f"⏰ {shown(row.name)} ran out of time; the computer played for them."
                )
            for _ in range(MAX_AUTO_STEPS):
                action = bot_move(game, session.state, seat, "normal", session.row.version)
                await self._commit(session, seat, action, "timeout", updates)
                mid_move = seat in game.to_act(session.state) and any(
                    a.back for a in game.legal(session.state, seat)
                )
                if not mid_move:
                    break
        # Whoever owes a decision now owes a new one, on a fresh clock: tell them.
        session.needs_ping |= session.humans_to_act()

    # ================================================================== publishing
    def publish(self, session: Session) -> None:
        session.dirty = True
        if session.publisher is None or session.publisher.done():
            session.publisher = self.spawn(self._publish(session))

    async def _publish(self, session: Session) -> None:
        while session.dirty:
            session.dirty = False
            self._lines(session)
            version = session.row.version
            channel_ok = self.reach.can_post(session.row.channel_id)
            try:
                if channel_ok:
                    await self._show_table(session)
                    await self.storage.set_shown(session.id, version)
                    self.reach.posted(session.row.channel_id)
                    if session.row.status == "finished" and session.row.ping_due:
                        await self._announce(session)
            except discord.Forbidden as exc:
                channel_ok = False
                await self.reach.refused(session.row, exc)
            except (discord.HTTPException, sqlite3.Error) as exc:
                log.warning("game %s: table update failed: %s", session.id, exc)
            for seat in session.row.seats:
                if seat.user_id is None or seat.dm_failed:
                    continue
                try:
                    await self._show_dm(session, seat.seat)
                except (discord.HTTPException, sqlite3.Error) as exc:
                    log.warning("game %s seat %s: DM update failed: %s", session.id, seat.seat, exc)
            try:
                if channel_ok:
                    await self._ping(session)
            except discord.Forbidden as exc:
                await self.reach.refused(session.row, exc)
            except (discord.HTTPException, sqlite3.Error) as exc:
                log.warning("game %s: ping failed: %s", session.id, exc)
        if session.row.status != "running" and self.sessions.get(session.id) is session:
            # Shown for the last time: a later click on an old message reloads it from storage.
            del self.sessions[session.id]

    async def _announce(self, session: Session) -> None:
        """Post the result as a new message, so the players are notified (see `bot.ending`).

        The announcement is owed (`ping_due`) from the commit of the last move until it is
        posted, so a restart in between still posts it."""
        row = session.row
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        await channel.send(
            view=ending.announcement(session.snapshot()),
            allowed_mentions=names.pinging(s.user_id for s in row.seats if s.user_id),
        )
        row.ping_due = False
        await self.storage.set_ping(row.id, row.ping_message_id)

    @staticmethod
    def _lines(session: Session) -> list[str]:
        """Fold new narration into the table's rolling window of recent lines."""
        if session.fresh_lines:
            recent = session.shown_lines + session.fresh_lines
            session.shown_lines = recent[-messages.MAX_LINES :]
            session.fresh_lines = []
        return session.shown_lines

    @staticmethod
    def _table_key(session: Session) -> str:
        return public_key(session.snapshot(), session.shown_lines)

    async def _show_table(self, session: Session) -> None:
        """Edit the table message to the newest state (unless it already shows it)."""
        row = session.row
        key = self._table_key(session)
        if key == session.table_key:
            return
        card = await self._in_background(
            messages.table_card, session.snapshot(), session.shown_lines
        )
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        if row.table_message_id is not None:
            try:
                await channel.get_partial_message(row.table_message_id).edit(
                    view=card.view, attachments=[card.file()], allowed_mentions=names.NO_PINGS
                )
                session.table_key = key
                return
            except discord.NotFound:
                log.info("game %s: table message is gone; posting a new one", row.id)
        message = await channel.send(view=card.view, file=card.file())
        row.table_message_id = message.id
        session.table_key = key
        await self.storage.set_message(row.id, message.id)

    def _where(self, session: Session) -> str:
        row = session.row
        guild = self.client.get_guild(row.guild_id) if row.guild_id else None
        channel = self.client.get_channel(row.channel_id)
        server = f"**{guild.name}**" if guild else "a server"
        place = (
            f"#{channel.name}" if channel is not None and hasattr(channel, "name") else "a channel"
        )
        return f"Playing in {server} › {place}"

    async def _show_dm(self, session: Session, seat: int) -> None:
        """Send or edit a player's DM if what it shows has changed."""
        seat_row = session.row.seats[seat]
        snap = session.snapshot()
        key = private_key(snap, seat)
        if session.dm_keys.get(seat) == key and seat_row.dm_message_id is not None:
            return
        card = await self._in_background(messages.hand_card, snap, seat, self._where(session))
        if seat_row.dm_message_id is not None and seat_row.dm_channel_id is not None:
            dm = self.client.get_partial_messageable(
                seat_row.dm_channel_id, type=discord.ChannelType.private
            )
            try:
                await dm.get_partial_message(seat_row.dm_message_id).edit(
                    view=card.view, attachments=[card.file()], allowed_mentions=names.NO_PINGS
                )
                session.dm_keys[seat] = key
                return
            except discord.NotFound:
                pass
        if session.row.status != "running":
            return
        try:
            channel_data = await self.client.http.start_private_message(seat_row.user_id)  # type: ignore[arg-type]
            dm = self.client.get_partial_messageable(
                int(channel_data["id"]), type=discord.ChannelType.private
            )
            message = await dm.send(view=card.view, file=card.file())
        except discord.Forbidden:
            seat_row.dm_failed = True
            await self.storage.set_seat_dm(session.id, seat, None, None, True)
            await self.reach.dm_closed(session.row, seat_row)
            return
        seat_row.dm_channel_id, seat_row.dm_message_id = message.channel.id, message.id
        await self.storage.set_seat_dm(session.id, seat, message.channel.id, message.id, False)
        session.dm_keys[seat] = key
        if seat_row.user_id is not None:
            await self.reach.dm_open(seat_row.user_id)

    def _retry_dm(self, session: Session, seat: SeatRow) -> None:
        """The player's DMs were closed: try again (they may have opened them since)."""
        if seat.dm_failed:
            seat.dm_failed = False
            self.publish(session)

    async def _ping(self, session: Session) -> None:
        """Mention each player who has just become due to decide, once, replacing the last
        ping so the channel holds at most one per game. A player who moved within the last
        PING_QUIET seconds is at the table already: a ping (and deleting the last one) would
        only cost two requests."""
        row = session.row
        now = self.clock()
        due = (
            sorted(
                seat
                for seat in session.needs_ping & session.humans_to_act()
                if now - session.active_at.get(seat, -PING_QUIET) >= PING_QUIET
            )
            if row.status == "running"
            else []
        )
        session.needs_ping = frozenset()
        remind = sorted(session.remind & session.humans_to_act()) if row.status == "running" else []
        session.remind = frozenset()
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        if not due and not remind and row.status == "running":
            if row.ping_due:  # whoever was owed a ping has acted already
                row.ping_due = False
                await self.storage.set_ping(row.id, row.ping_message_id)
            return
        if row.ping_message_id is not None:
            with contextlib.suppress(discord.NotFound):
                await channel.get_partial_message(row.ping_message_id).delete()
            row.ping_message_id = None
            await self.storage.set_ping(row.id, None, due=bool(due) or row.ping_due)
        if not due and not remind:
            return
        url = messages.jump_url(session.snapshot())
        link = f" — [to the table]({url})" if url else ""
        game = f"**{session.game.title}** (game #{row.id})"
        lines = []
        if due:
            who = ", ".join(f"<@{row.seats[i].user_id}>" for i in due)
            lines.append(f"🔔 {who}: your turn in {game}{link}")
        if remind and row.deadline is not None:
            who = ", ".join(f"<@{row.seats[i].user_id}>" for i in remind)
            lines.append(
                f"⏳ {who}: a quarter of your time is left in {game} — the computer plays for"
                f" you <t:{int(row.deadline)}:R>{link}"
            )
        message = await channel.send(
            "\n".join(lines),
            allowed_mentions=names.pinging(row.seats[i].user_id or 0 for i in (*due, *remind)),
        )
        row.ping_message_id, row.ping_due = message.id, False
        await self.storage.set_ping(row.id, message.id)

    # ================================================================== lobby
    async def open_lobby(self, interaction: discord.Interaction, game_key: str) -> None:
        self.hold()
        game = GAMES.get(game_key)
        if game is None:
            await self.answer(interaction, "I don't know that game.")
            return
        if interaction.channel_id is None or interaction.guild_id is None:
            await self.answer(interaction, "Games are played in a server channel, not in DMs.")
            return
        game_id = await self.storage.create_lobby(
            game_key,
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            interaction.user.display_name,
            lobby.default_options(game),
            lobby.DEFAULT_TIMER,
            self.seeds(),
        )
        row = await self.storage.game(game_id)
        assert row is not None
        response = await interaction.response.send_message(view=lobby.layout(row))
        if response.message_id is not None:
            await self.storage.set_message(game_id, response.message_id)

    async def _lobby_press(self, interaction: discord.Interaction, press: ui.Press) -> None:
        async with self.lobby_lock(press.game_id):
            row = await self.storage.game(press.game_id)
            if row is None:
                await self.answer(interaction, "This game no longer exists.")
                return
            if row.status != "lobby":
                await self.answer(
                    interaction,
                    "This game has already started."
                    if row.status == "running"
                    else "This lobby is closed.",
                )
                return
            if (interaction.channel_id, interaction.guild_id) != (row.channel_id, row.guild_id):
                await self.answer(interaction, "That button belongs to a lobby somewhere else.")
                return
            user = interaction.user
            act, _, arg = press.action.partition(":")
            host_only = act in {"start", "cancel", "bot", "unbot", "opt", "timer"}
            if host_only and user.id != row.host_id:
                await self.answer(interaction, "Only the host can do that.")
                return
            if row.table_message_id is None and interaction.message is not None:
                row.table_message_id = interaction.message.id
            try:
                if act == "join":
                    lobby.join(row, user.id, user.display_name)
                elif act == "leave":
                    lobby.leave(row, user.id)
                elif act == "bot":
                    lobby.add_bot(row, arg)
                elif act == "unbot":
                    lobby.remove_bot(row)
                elif act == "opt":
                    lobby.set_option(row, arg, press.values[0] if press.values else "")
                elif act == "timer":
                    lobby.set_timer(row, press.values[0] if press.values else "")
                elif act == "cancel":
                    await self.storage.close_lobby(row.id)
                    self._lobby_locks.pop(row.id, None)
                    await interaction.response.edit_message(
                        view=lobby.closed_layout(row, "The host cancelled this game.")
                    )
                    return
                elif act == "start":
                    await self._start(interaction, row)
                    self._lobby_locks.pop(row.id, None)
                    return
                else:
                    raise lobby.LobbyError("That button isn't one I know.")
            except lobby.LobbyError as err:
                await self.answer(interaction, str(err))
                return
            await self.storage.save_lobby(row)
            await interaction.response.edit_message(view=lobby.layout(row))

    async def _start(self, interaction: discord.Interaction, row: GameRow) -> None:
        game = GAMES[row.game]
        if not lobby.seat_count_ok(game, row):
            raise lobby.LobbyError(
                f"{game.title} needs {game.min_seats}–{game.max_seats} players to start."
            )
        await self.storage.save_lobby(row)
        row = await self.storage.game(row.id)  # seats re-numbered
        assert row is not None
        state = game.new(len(row.seats), row.options, row.seed)
        row.status = "running"
        session = Session(row=row, game=game, state=state)
        wake_at, deadline, deadline_seats, _ = self._plan(session, state, self.clock())
        # One write starts the game and arms its alarm, so a crash cannot lose either.
        if not await self.storage.start(row, game.dump(state), wake_at, deadline):
            raise lobby.LobbyError("This game has already started.")
        row.wake_at, row.deadline, session.deadline_seats = wake_at, deadline, deadline_seats
        session.needs_ping = session.humans_to_act()  # everyone owing the first decision
        row.ping_due = True  # stored by `start`: a restart before the ping still sends it
        self.sessions[row.id] = session
        async with session.lock:
            session.shown_lines = [f"The game begins! Seats: {', '.join(session.text_names)}."]
            card = await asyncio.to_thread(
                messages.table_card, session.snapshot(), session.shown_lines
            )
            await interaction.response.edit_message(view=card.view, attachments=[card.file()])
            session.table_key = self._table_key(session)
            await self.storage.set_shown(row.id, row.version)
            self._schedule(row.id, wake_at)
        # DMs and the first ping follow from the game's publisher (the table is already shown).
        self.publish(session)

    # ================================================================== abandon
    async def abandon(self, interaction: discord.Interaction, game_id: int | None) -> None:
        self.hold()
        channel_id = interaction.channel_id
        if game_id is None:
            here = await self.storage.games_in_channel(
                channel_id or 0, ("running", "lobby", "quarantined")
            )
            if not here:
                await self.answer(interaction, "There is no game running in this channel.")
                return
            if len(here) > 1:
                ids = ", ".join(f"#{g.id}" for g in here)
                await self.answer(
                    interaction,
                    f"Several games run here ({ids}): say which with the `game` option.",
                )
                return
            game_id = here[0].id
        row = await self.storage.game(game_id)
        if row is None or row.channel_id != channel_id or row.status not in ABANDONABLE:
            await self.answer(interaction, f"There is no game #{game_id} running in this channel.")
            return
        perms = interaction.permissions
        if interaction.user.id != row.host_id and not (perms and perms.manage_messages):
            await self.answer(
                interaction, "Only the game's host or a moderator (Manage Messages) can end it."
            )
            return
        if row.status == "lobby":
            await self.storage.close_lobby(row.id)
            if row.table_message_id:
                channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
                self.spawn(
                    channel.get_partial_message(row.table_message_id).edit(
                        view=lobby.closed_layout(row, "This lobby was closed."),
                        allowed_mentions=names.NO_PINGS,
                    )
                )
            await interaction.response.send_message(f"Game #{row.id} was closed before it started.")
            return
        session = await self.session(row.id)
        if session is None:  # damaged: nothing to show, only the record to close
            if not await self.storage.abandon(row.id):
                await self.answer(interaction, "That game has just ended.")
                return
            await interaction.response.send_message(
                f"Game #{row.id} was damaged and is now cleared. No ratings change."
            )
            return
        async with session.lock:
            if not await self.storage.abandon(session.id):
                await self.answer(interaction, "That game has just ended.")
                return
            session.row.status = "abandoned"
            self._cancel_alarm(row.id)
            session.fresh_lines.append(
                f"Game abandoned by {shown(interaction.user.display_name)}. No ratings change."
            )
        await interaction.response.send_message(
            f"Game #{row.id} ({session.game.title}) was abandoned. No ratings change."
        )
        self.publish(session)

    # ================================================================== spoken lines
    def _say_prompt(self, session: Session, seat: int, action: str) -> str:
        decision = session.game.decision(session.state, seat)
        spec = decision.text if decision is not None else None
        return spec.label if spec is not None and spec.action == action else ""

    @staticmethod
    def _is_dm(interaction: discord.Interaction, seat_row: Any) -> bool:
        return interaction.message is not None and interaction.message.id == seat_row.dm_message_id

    def _with_say_button(
        self, view: discord.ui.LayoutView, session: Session, seat: int
    ) -> discord.ui.LayoutView:
        container = view.children[0]
        container.add_item(  # type: ignore[attr-defined]
            discord.ui.ActionRow(
                ui.button(
                    "Add a line", ui.custom_id(session.id, session.row.version, ui.SAY), emoji="✍️"
                )
            )
        )
        return view

    @staticmethod
    def _say_offered(session: Session, seat: int, version: str) -> bool:
        """The seat holds an unused offer made at `version`, and the game is still there."""
        offered = session.say_offers.get(seat)
        return offered is not None and str(offered) == version == str(session.row.version)

    async def _open_say(
        self, interaction: discord.Interaction, session: Session, seat: int, version: str
    ) -> None:
        if not self._say_offered(session, seat, version):
            await self.answer(interaction, SAY_GONE)
            return
        modal = discord.ui.Modal(
            title="Say something to the table",
            custom_id=f"t1say:{session.id}:{seat}:{version}",
        )
        modal.add_item(
            discord.ui.TextInput(
                label="Your line", style=discord.TextStyle.paragraph, min_length=10, max_length=400
            )
        )
        await interaction.response.send_modal(modal)

    async def handle_say(
        self, interaction: discord.Interaction, game_id: int, seat: int, version: str, line: str
    ) -> None:
        self.hold()
        session = await self.session(game_id)
        seat_row = session.seat_of(interaction.user.id) if session else None
        if session is None or seat_row is None or seat_row.seat != seat:
            await self.answer(interaction, "That form doesn't belong to a game you're in.")
            return
        line = " ".join(line.split())[:400]
        if len(line) < 10:
            await self.answer(interaction, "Lines need at least 10 characters.")
            return
        if not self._say_offered(session, seat, version):
            await self.answer(interaction, SAY_GONE)
            return
        del session.say_offers[seat]  # good once
        channel = self.client.get_partial_messageable(
            session.row.channel_id, guild_id=session.row.guild_id
        )
        await interaction.response.send_message("Posted to the table.", ephemeral=True)
        await channel.send(
            f"🎤 {shown(seat_row.name)}: “{shown(line)}”", allowed_mentions=names.NO_PINGS
        )
