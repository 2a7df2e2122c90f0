"""The publisher: brings what Discord shows up to the newest state of a game.

`publish` wakes the game's one publisher task, which edits the table message, every player's
DM and the "your turn" ping. Bursts coalesce into one edit; the table is edited only when what
it shows has changed (a private half-step changes nothing there) and at most once per
`Hub.table_gap` seconds while the game runs (quick moves are shown together), a DM only when
what that player may see has changed, and a player who moved in the last PING_QUIET seconds is
not pinged. A picture the message already shows is not uploaded again. Pictures are rendered on
the hub's publishing thread from a `Snapshot`.

With several processes (`bot.shards`), only the process running the game's guild's shard
publishes: the table, the pings and every hand DM (but for a press's own answer, which edits
the message pressed on), so two processes never edit one message. Another process that
moved the game keeps no copy of it; the owner finds its table behind (`bot.catchup`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import discord

from bot import components, ending, limits, messages, names, records
from bot.hub import Hub
from bot.keys import private_key, public_key
from bot.session import Session
from bot.storage import DatabaseError, SeatRow

log = logging.getLogger(__name__)

#: Seconds after a player's own move during which their next turn needs no ping.
PING_QUIET = 90
#: The newest DMs looked through for a hand message a kill left unrecorded.
RECENT_DMS = 20
#: `Session.pictures`' key for the table message (a seat number for a hand DM).
TABLE = "table"
#: How many `Hub.table_gap`s the table waits while the same seats are still to act.
MID_TURN = 4


class Publisher:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def publish(self, session: Session) -> None:
        if not self.hub.shards.owns(session.row.guild_id):
            self.hub.forget(session)  # its shard's process shows it, and reads it afresh
            return
        session.dirty = True
        if session.publisher is None or session.publisher.done():
            session.publisher = self.hub.spawn(self._run(session))

    async def _run(self, session: Session) -> None:
        if session.history is not None:
            await self._recall(session)
        while session.dirty:
            session.dirty = False
            self.lines(session)
            version = session.row.version
            channel_ok = self.hub.reach.can_post(session.row.channel_id)
            try:
                if channel_ok and (wait := self._table_wait(session)):
                    self._table_later(session, wait)
                elif channel_ok:
                    await self.show_table(session)
                    await self.hub.storage.set_shown(session.id, version)
                    self.hub.reach.posted(session.row.channel_id)
                    if session.row.status == "finished" and session.row.ping_due:
                        await self._announce(session)
            except discord.Forbidden as exc:
                channel_ok = False
                await self.hub.reach.refused(session.row, exc)
            except (discord.HTTPException, DatabaseError) as exc:
                log.warning("game %s: table update failed: %s", session.id, exc)
            for seat in session.row.seats:
                if seat.user_id is None or seat.dm_failed:
                    continue
                try:
                    await self.show_dm(session, seat.seat)
                except (discord.HTTPException, DatabaseError) as exc:
                    log.warning("game %s seat %s: DM update failed: %s", session.id, seat.seat, exc)
            try:
                if channel_ok:
                    await self._ping(session)
            except discord.Forbidden as exc:
                await self.hub.reach.refused(session.row, exc)
            except (discord.HTTPException, DatabaseError) as exc:
                log.warning("game %s: ping failed: %s", session.id, exc)
        if session.row.status != "running" and self.hub.sessions.get(session.id) is session:
            # Shown for the last time: a later click on an old message reloads it from storage.
            del self.hub.sessions[session.id]

    async def _announce(self, session: Session) -> None:
        """Post the result as a new message, so the players are notified (see `bot.ending`),
        then the game's farewell posts and, when the game set the server's record, the news
        (see `bot.records`).

        The announcement is owed (`ping_due`) from the commit of the last move until it is
        posted, so a restart in between still posts it; the posts after it are not retried."""
        row = session.row
        channel = self.hub.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        end = await self.hub.in_background(ending.announcement, session.snapshot())
        await channel.send(
            view=end.card.view,
            file=end.card.file(),
            allowed_mentions=names.pinging(s.user_id for s in row.seats if s.user_id),
        )
        row.ping_due = False
        await self.hub.storage.set_ping(row.id, row.ping_message_id)
        # Then the extras, best effort: a failure here must not post the result again.
        try:
            for post in end.posts:  # the game's own farewell (Fever's sing-along)
                await channel.send(limits.lines(post.split("\n")), allowed_mentions=names.NO_PINGS)
            if news := await records.new_record(self.hub.storage, row):
                await channel.send(news, allowed_mentions=names.NO_PINGS)
        except (discord.HTTPException, DatabaseError) as exc:
            log.warning("game %s: posts after the result failed: %s", row.id, exc)

    async def _recall(self, session: Session) -> None:
        """A game read from storage (a restart) shows the lines its table showed before,
        typed words included, ahead of anything said since."""
        upto, session.history = session.history, None
        try:
            moves = (await self.hub.storage.actions(session.id))[:upto]
            timed_out = await self.hub.storage.timed_out(session.id)
        except DatabaseError as exc:
            log.warning("game %s: recent lines not read: %s", session.id, exc)
            return
        before = await self.hub.in_background(session.recent_lines, moves, timed_out)
        session.shown_lines = [*before, *session.shown_lines][-messages.MAX_LINES :]

    @staticmethod
    def lines(session: Session) -> list[str]:
        """Fold new narration into the table's rolling window of recent lines."""
        if session.fresh_lines:
            recent = session.shown_lines + session.fresh_lines
            session.shown_lines = recent[-messages.MAX_LINES :]
            session.fresh_lines = []
        return session.shown_lines

    def _table_wait(self, session: Session) -> float:
        """Seconds before a running game's table may be edited again (0: now): `table_gap`
        after its last edit, or MID_TURN times that while the seats it waited for then are
        still the ones to act (the steps of one turn are shown together when they come
        quickly). A finished or abandoned game is shown at once."""
        if session.row.status != "running" or self.hub.table_gap <= 0:
            return 0.0
        if self.table_key(session) == session.table_key:
            return 0.0  # nothing to edit
        same_turn = session.game.to_act(session.state) == session.table_turn
        gap = self.hub.table_gap * (MID_TURN if same_turn else 1)
        return max(0.0, session.table_at + gap - time.monotonic())

    def _table_later(self, session: Session, wait: float) -> None:
        """Publish again once the table may be edited (one timer per game, moved earlier
        when the wait has become shorter). The timer is not background work: stopping the
        bot drops it, and a restart shows the table anyway."""
        now = time.monotonic()
        pending = session.table_later
        if pending is not None and now < pending.when() <= now + wait:
            return
        if pending is not None:
            pending.cancel()
        session.table_later = asyncio.get_running_loop().call_later(wait, self.publish, session)

    @staticmethod
    def table_key(session: Session) -> str:
        return public_key(session.snapshot(), session.shown_lines)

    async def show_table(self, session: Session) -> None:
        """Edit the table message to the newest state (unless it already shows it)."""
        async with session.showing("table"):
            await self._show_table(session)

    async def _show_table(self, session: Session) -> None:
        row = session.row
        key = self.table_key(session)
        if key == session.table_key:
            return
        session.table_shown()
        card = await self.hub.in_background(
            messages.table_card, session.snapshot(), session.shown_lines
        )
        channel = self.hub.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        if row.table_message_id is not None:
            try:
                await channel.get_partial_message(row.table_message_id).edit(
                    view=card.view,
                    allowed_mentions=names.NO_PINGS,
                    **card.attachments(session.pictures.get(TABLE, ())),
                )
                session.table_key, session.pictures[TABLE] = key, (card.filename,)
                return
            except discord.NotFound:
                log.info("game %s: table message is gone; posting a new one", row.id)
        message = await channel.send(view=card.view, file=card.file())
        row.table_message_id = message.id
        session.table_key, session.pictures[TABLE] = key, (card.filename,)
        await self.hub.storage.set_message(row.id, message.id)

    async def show_dm(self, session: Session, seat: int) -> None:
        """Send or edit a player's DM if what it shows has changed."""
        async with session.showing(seat):
            await self._show_dm(session, seat)

    async def _show_dm(self, session: Session, seat: int) -> None:
        seat_row = session.row.seats[seat]
        snap = session.snapshot()
        key = private_key(snap, seat)
        if session.dm_keys.get(seat) == key and seat_row.dm_message_id is not None:
            return
        card = await self.hub.in_background(messages.hand_card, snap, seat, self.hub.where(session))
        if seat_row.dm_message_id is not None and seat_row.dm_channel_id is not None:
            dm = self.hub.client.get_partial_messageable(
                seat_row.dm_channel_id, type=discord.ChannelType.private
            )
            try:
                await dm.get_partial_message(seat_row.dm_message_id).edit(
                    view=card.view,
                    allowed_mentions=names.NO_PINGS,
                    **card.attachments(session.pictures.get(seat, ())),
                )
                session.dm_keys[seat], session.pictures[seat] = key, (card.filename,)
                return
            except discord.NotFound:
                pass
        if session.row.status != "running":
            return
        try:
            message = await self._first_dm(session, seat_row, card)
        except discord.Forbidden:
            seat_row.dm_failed = True
            await self.hub.storage.set_seat_dm(session.id, seat, None, None, True)
            await self.hub.reach.dm_closed(session.row, seat_row)
            return
        seat_row.dm_channel_id, seat_row.dm_message_id = message.channel.id, message.id
        await self.hub.storage.set_seat_dm(session.id, seat, message.channel.id, message.id, False)
        session.dm_keys[seat], session.pictures[seat] = key, (card.filename,)
        if seat_row.user_id is not None:
            await self.hub.reach.dm_open(seat_row.user_id)

    async def _first_dm(
        self, session: Session, seat_row: SeatRow, card: components.Card
    ) -> discord.Message | discord.PartialMessage:
        """The player's hand message of this game, sent once whatever the moment of a kill.

        The DM channel is stored before the message is sent, so a restart that finds the
        channel but no message knows a send may have gone out unrecorded: it looks for that
        message among the channel's newest and adopts it. The send carries a nonce Discord
        enforces, so sending again within minutes returns the first message too."""
        dm_id = seat_row.dm_channel_id
        if dm_id is None:
            opened = await self.hub.client.http.start_private_message(seat_row.user_id)  # type: ignore[arg-type]
            dm_id = seat_row.dm_channel_id = int(opened["id"])
            await self.hub.storage.set_seat_dm(session.id, seat_row.seat, dm_id, None, False)
        else:
            dm = self.hub.client.get_partial_messageable(dm_id, type=discord.ChannelType.private)
            async for sent in dm.history(limit=RECENT_DMS):
                if sent.author == self.hub.client.user and messages.is_hand(
                    sent, session.id, seat_row.seat
                ):
                    await sent.edit(
                        view=card.view, attachments=[card.file()], allowed_mentions=names.NO_PINGS
                    )
                    return sent
        dm = self.hub.client.get_partial_messageable(dm_id, type=discord.ChannelType.private)
        nonce = f"hand-{session.id}-{seat_row.seat}"[-25:]
        return await dm.send(view=card.view, file=card.file(), nonce=nonce)

    def retry_dm(self, session: Session, seat: SeatRow) -> None:
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
        now = self.hub.clock()
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
        channel = self.hub.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        if not due and not remind and row.status == "running":
            if row.ping_due:  # whoever was owed a ping has acted already
                row.ping_due = False
                await self.hub.storage.set_ping(row.id, row.ping_message_id)
            return
        if row.ping_message_id is not None:
            with contextlib.suppress(discord.NotFound):
                await channel.get_partial_message(row.ping_message_id).delete()
            row.ping_message_id = None
            await self.hub.storage.set_ping(row.id, None, due=bool(due) or row.ping_due)
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
        await self.hub.storage.set_ping(row.id, message.id)
