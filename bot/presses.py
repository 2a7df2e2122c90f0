"""Presses on game controls: a move, a text form, and the controls valid at any version.

A move press climbs the ladder (`bot.ladder`), then, under the game's lock, is committed
(`Moves.commit`); the lock is released before the interaction is answered, so the answer's
render and request never hold up the game's next press. Everything else Discord should see
follows from the publisher.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot import decisions, ladder, messages, thinking, wire
from bot.hub import Hub, LateAck
from bot.keys import private_key, public_key
from bot.moves import Moves
from bot.names import shown
from bot.publisher import TABLE, Publisher
from bot.session import Session, Snapshot
from bot.storage import SeatRow, Stale
from bot.texts import ENGINE, No, say, too_late
from engine import ActionError
from engine.protocol import TextSpec

log = logging.getLogger(__name__)

RULES = "rules"
HAND = "hand"
RECLAIM = "reclaim"


class Presses:
    def __init__(self, hub: Hub, moves: Moves, publisher: Publisher) -> None:
        self.hub = hub
        self.moves = moves
        self.publisher = publisher

    async def refuse(
        self,
        interaction: discord.Interaction,
        code: No,
        session: Session | None = None,
        version: int | None = None,
        game_id: int = 0,
        **details: object,
    ) -> None:
        """Answer with the sentence for `code` (a stale press says what beat it, if known)."""
        beaten = ladder.beaten_by(session, version) if session and code is No.STALE else None
        text = too_late(beaten) if beaten else say(code, game_id=game_id, **details)
        await self.hub.answer(interaction, text)

    # ------------------------------------------------------------------ any version
    async def anytime(self, interaction: discord.Interaction, press: wire.Press) -> None:
        """ "My hand", "How to play", "Take my seat back" and the detail buttons."""
        session = await self.hub.session(press.game_id)
        if session is None:
            code = await ladder.missing(self.hub, press.game_id)
            await self.refuse(interaction, code, game_id=press.game_id)
            return
        if press.action == RULES:
            await self.hub.answer(interaction, session.game.summary)
            return
        if press.action == RECLAIM:
            await self.take_back(interaction, session)
            return
        kind, _, key = press.action.partition(":")
        if kind in (messages.LOOK, messages.OWN) and key:
            await self.detail(interaction, session, kind == messages.OWN, key)
            return
        if press.action != HAND:
            await self.refuse(interaction, No.UNKNOWN)
            return
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await self.refuse(interaction, No.NO_HAND)
            return
        async with session.lock:
            snap = session.snapshot()
        card = await asyncio.to_thread(messages.hand_card, snap, seat.seat, "")
        await interaction.response.send_message(view=card.view, file=card.file(), ephemeral=True)
        self.retry_dm(session, seat)

    async def detail(
        self, interaction: discord.Interaction, session: Session, own: bool, key: str
    ) -> None:
        """A detail button: what the table's public view (or, `own`, the presser's seat's
        view) shows on demand, answered privately."""
        seat = session.seat_of(interaction.user.id) if own else None
        if own and seat is None:
            await self.refuse(interaction, No.NO_HAND)
            return
        async with session.lock:
            snap = session.snapshot()
        card = await asyncio.to_thread(
            messages.detail_card, snap, None if seat is None else seat.seat, key
        )
        if card is None:
            await self.refuse(interaction, No.NO_DETAIL)
            return
        picture = {"file": card.file()} if card.png else {}
        await interaction.response.send_message(view=card.view, ephemeral=True, **picture)

    async def take_back(self, interaction: discord.Interaction, session: Session) -> None:
        """The player asks for their seat back: the computer stops playing it."""
        seat_row = session.seat_of(interaction.user.id)
        if seat_row is None:
            await self.refuse(interaction, No.NOT_SEATED)
            return
        async with session.lock:
            code = (
                No.OVER
                if session.row.status != "running"
                else No.RESIGNED
                if seat_row.resigned
                else None
                if seat_row.replaced
                else No.ALREADY_SELF
            )
            if code is None:
                seat = seat_row.seat
                await self.hub.storage.set_seat_control(session.id, seat, 0, False)
                seat_row.timeouts, seat_row.replaced = 0, False
                # If the seat owes a decision now, it is a human's again: on the lobby's clock.
                wake_at, deadline, deadline_seats, _ = self.moves.plan(
                    session, session.state, self.hub.clock()
                )
                await self.hub.storage.set_schedule(session.id, wake_at, deadline)
                session.row.wake_at, session.row.deadline = wake_at, deadline
                session.deadline_seats = deadline_seats
                self.hub.alarms.schedule(session.id, wake_at)
                session.fresh_lines.append(
                    f"🙋 {shown(seat_row.name)} takes their seat back from the computer."
                )
                snap = session.snapshot()
        if code is not None:
            await self.refuse(interaction, code)
            return
        await self._show_hand(interaction, session, seat_row, snap, edit=False)
        self.publisher.publish(session)

    # ------------------------------------------------------------------ moves
    async def move(
        self, interaction: discord.Interaction, press: wire.Press, text: str | None = None
    ) -> None:
        """A move control (`m`), the ✍️ button (`w`) or a submitted form (`f`, with `text`)."""
        found = await ladder.running_game(self.hub, press.game_id)
        if isinstance(found, No):
            await self.refuse(interaction, found, game_id=press.game_id)
            return
        session = found
        seat_row = ladder.playing_seat(session, interaction.user.id)
        if isinstance(seat_row, No):
            await self.refuse(interaction, seat_row)
            return
        seat, action = seat_row.seat, press.chosen
        form: discord.ui.Modal | None = None
        code: No | None = None
        # A press that makes a move is acknowledged if its commit waits (a busy database):
        # late, never refused. One that may open a form is not: a form must be the answer.
        asked = thinking.text_spec(session.game, session.state, seat, press.chosen)
        late = None if _asks_form(press, asked) else LateAck(interaction)
        try:
            async with session.lock:  # commit inside the lock; answer after releasing it
                if (press.version or 0) > session.row.version:  # drawn by another process
                    await self.moves.refresh(session)
                current = session.still_offered(seat, press.version)
                code = ladder.owes(session, seat, session.row.version if current else press.version)
                if press.action == wire.PICK:
                    action = decisions.picked(session.game, session.state, seat, press.values)
                spec = thinking.text_spec(session.game, session.state, seat, action)
                if code is None and press.kind in (wire.Kind.WRITE, wire.Kind.FORM):
                    code = ladder.text_fits(spec, text if press.kind == wire.Kind.FORM else None)
                if code is None and spec is not None and _asks_form(press, spec):
                    form = decisions.form(session.id, session.row.version, spec)
                if code is None and form is None:
                    code = await self._commit(session, seat, action, text)
                if code is None:
                    lines = list(self.publisher.lines(session))
                    snap = session.snapshot()
        finally:
            if late is not None:
                await late.stop()
        if code is not None:
            spec_bounds = {"min": spec.min_len, "max": spec.max_len} if spec else {}
            await self.refuse(interaction, code, session, press.version, **spec_bounds)
            if code is No.STALE:
                self.publisher.publish(session)  # a reload may have brought news
            return
        if form is not None:
            await interaction.response.send_modal(form)
            return
        await self._answer_move(interaction, session, seat_row, snap, lines)
        self.retry_dm(session, seat_row)
        self.publisher.publish(session)

    async def _commit(
        self, session: Session, seat: int, action: str, text: str | None
    ) -> No | None:
        try:
            await self.moves.commit(session, seat, action, "user", text=text)
        except ActionError as err:
            return ENGINE.get(err.code, No.ILLEGAL)
        except Stale:
            return No.STALE
        session.active_at[seat] = self.hub.clock()
        return None

    async def _answer_move(
        self,
        interaction: discord.Interaction,
        session: Session,
        seat_row: SeatRow,
        snap: Snapshot,
        lines: list[str],
    ) -> None:
        """Show the presser the game moved on, where they pressed: the table for a public
        decision pressed there, else their hand message. The answer is sent after the lock
        is released, so the game may have moved on meanwhile (a computer's move): then what
        the message shows is marked out of date, and the publisher (woken after this
        answer) shows the newest state."""
        message = interaction.message
        if message is not None and message.id == session.row.table_message_id:
            async with session.showing("table"):
                session.table_shown()
                card = await self.hub.show(interaction, lambda: messages.table_card(snap, lines))
                session.pictures[TABLE] = (card.filename,)
                # Shown now; if the game moved on meanwhile, the publisher shows it again.
                current = session.row.version == snap.version
                session.table_key = public_key(snap, lines) if current else None
            return
        await self._show_hand(interaction, session, seat_row, snap)

    async def _show_hand(
        self,
        interaction: discord.Interaction,
        session: Session,
        seat_row: SeatRow,
        snap: Snapshot,
        edit: bool = True,
    ) -> None:
        """Edit the hand message pressed on (a DM, or with `edit` a "My hand" reply too), or
        reply with a new one."""
        message = interaction.message
        in_dm = message is not None and message.id == seat_row.dm_message_id
        seat = seat_row.seat
        async with session.showing(seat) if in_dm else contextlib.nullcontext():
            where = self.hub.where(session) if in_dm else ""
            if message is not None and (edit or in_dm):
                card = await self.hub.show(
                    interaction, lambda: messages.hand_card(snap, seat, where)
                )
                if in_dm:
                    session.pictures[seat] = (card.filename,)
            else:
                card = await asyncio.to_thread(messages.hand_card, snap, seat, where)
                await interaction.response.send_message(
                    view=card.view, file=card.file(), ephemeral=True
                )
            if in_dm and session.row.version == snap.version:
                session.dm_keys[seat] = private_key(snap, seat)
            elif in_dm:  # the game moved on while this answer was on its way: show it again
                session.dm_keys.pop(seat, None)

    def retry_dm(self, session: Session, seat: SeatRow) -> None:
        self.publisher.retry_dm(session, seat)


def _asks_form(press: wire.Press, spec: TextSpec | None) -> bool:
    """The press opens the form of a text action: always from ✍️, and from the plain press
    when the text is required."""
    return press.kind == wire.Kind.WRITE or (
        press.kind == wire.Kind.MOVE and spec is not None and not spec.optional
    )
