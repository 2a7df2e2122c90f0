"""Resigning a running game.

**Resign** in a player's hand (`t2:<game id>:h:resign`) asks privately for confirmation;
**Yes, resign** (`…:resign:yes`) hands the seat to the computer (level `normal`) for the rest
of the game — the take-over of `bot.takeover`, marked `resigned` so it is for good and every
text says why — and **Keep playing** (`…:resign:no`) changes nothing. The seat counts as a
last place, as a seat taken over does (`bot.ratings`). When the last player still playing
resigns, the game is abandoned (no result, no ratings change) and the channel is told.
"""

from __future__ import annotations

import discord

from bot import components, ladder, names, wire
from bot.hub import Hub
from bot.moves import Moves
from bot.names import shown
from bot.publisher import Publisher
from bot.session import Session
from bot.storage import SeatRow
from bot.takeover import RESIGN
from bot.texts import No, say

#: The confirmation's answers: `t2:<game id>:h:resign:yes` and `…:resign:no`.
CONFIRM = "yes"
KEEP = "no"


class Resignations:
    def __init__(self, hub: Hub, moves: Moves, publisher: Publisher) -> None:
        self.hub = hub
        self.moves = moves
        self.publisher = publisher

    async def press(self, interaction: discord.Interaction, press: wire.Press) -> None:
        """**Resign**, or an answer to its confirmation."""
        answer = press.action.removeprefix(RESIGN).removeprefix(":")
        session = await ladder.running_game(self.hub, press.game_id)
        if isinstance(session, No):
            await self.hub.answer(interaction, say(session, game_id=press.game_id))
            return
        seat = session.seat_of(interaction.user.id)
        code = No.NOT_SEATED if seat is None else No.RESIGNED if seat.resigned else None
        if code is None and answer not in ("", CONFIRM, KEEP):
            code = No.UNKNOWN
        if code is not None or seat is None:
            await self.hub.answer(interaction, say(code or No.NOT_SEATED))
            return
        if answer == "":
            await interaction.response.send_message(view=confirmation(session), ephemeral=True)
        elif answer == KEEP:
            await interaction.response.edit_message(
                view=components.layout(components.text("👍 You keep playing your seat."))
            )
        else:
            await self.resign(interaction, session, seat)

    async def resign(
        self, interaction: discord.Interaction, session: Session, seat: SeatRow
    ) -> None:
        """Hand the seat to the computer for good (or abandon the game when nobody is left
        playing), committed before the presser is answered."""
        async with session.lock:
            code = ladder.still_running(session) or (No.RESIGNED if seat.resigned else None)
            if code is None:
                code = await self._hand_over(session, seat)
            last = session.row.status == "abandoned"
        if code is not None:
            await self.hub.answer(interaction, say(code, game_id=session.id))
            return
        done = f"🏳️ You resigned from game #{session.id}."
        if not last:
            done += " The computer plays your seat to the end."
        await interaction.response.edit_message(view=components.layout(components.text(done)))
        if last:
            await self.hub.channel(session.row).send(
                f"Game #{session.id} ({session.game.title}) was abandoned: every player"
                " resigned. No ratings change.",
                allowed_mentions=names.NO_PINGS,
            )
        self.publisher.publish(session)

    async def _hand_over(self, session: Session, seat: SeatRow) -> No | None:
        """Under the game's lock: mark the seat resigned, move the game's alarm to what the
        computer now owes (or abandon the game), and tell the table."""
        row = session.row
        before = (seat.replaced, seat.timeouts)
        seat.replaced, seat.resigned, seat.timeouts = True, True, 0
        last = all(s.resigned for s in row.seats if s.user_id is not None)
        plan = self.moves.plan(session, session.state, self.hub.clock())
        wake_at, deadline, deadline_seats, _ = plan
        if not await self.hub.storage.resign(session.id, seat.seat, wake_at, deadline, last):
            (seat.replaced, seat.timeouts), seat.resigned = before, False
            return No.JUST_ENDED
        session.fresh_lines.append(f"🏳️ {shown(seat.name)} resigned; the computer plays their seat.")
        if last:
            row.status, row.wake_at, row.deadline = "abandoned", None, None
            self.hub.alarms.cancel(session.id)
            session.fresh_lines.append("Nobody is left playing: the game is abandoned.")
            return None
        row.wake_at, row.deadline, session.deadline_seats = wake_at, deadline, deadline_seats
        self.hub.alarms.schedule(session.id, wake_at)
        return None


def confirmation(session: Session) -> discord.ui.LayoutView:
    """The private question **Resign** asks."""
    gid = session.id
    return components.layout(
        components.text(
            f"**Resign from game #{gid} ({session.game.title})?** The computer plays your seat"
            " to the end, and the game counts as a last place for you."
        ),
        discord.ui.ActionRow(
            components.button(
                "Yes, resign", wire.anytime(gid, f"{RESIGN}:{CONFIRM}"), discord.ButtonStyle.danger
            ),
            components.button("Keep playing", wire.anytime(gid, f"{RESIGN}:{KEEP}")),
        ),
    )
