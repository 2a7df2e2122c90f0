"""A seat the computer took over after too many timeouts, and taking it back.

The seat stays marked everywhere while the computer plays it: its name on the table picture,
a line on the table, and the player's own hand message, which carries the **Take my seat
back** button (`t1:<game id>:H:reclaim`). Pressing it hands the seat back at once; if the
seat owes a decision right now, that decision starts on a fresh clock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot import messages, ui
from bot.names import shown

if TYPE_CHECKING:
    from bot.service import GameService
    from bot.session import Snapshot

RECLAIM = "reclaim"
MARK = "played by the computer"


#: Marks a taken-over seat's name on pictures: short enough for every seat panel, and first,
#: so a long name that is cut short keeps it. The table's text explains it.
SIGN = "⚙"


def picture_names(snap: Snapshot) -> list[str]:
    """Seat names for pictures: a seat the computer took over carries the sign."""
    return [f"{SIGN} {n}" if i in snap.replaced else n for i, n in enumerate(snap.names)]


def alt_names(snap: Snapshot) -> list[str]:
    """Seat names for a picture's alt text: a seat the computer took over says so."""
    return [f"{n} ({MARK})" if i in snap.replaced else n for i, n in enumerate(snap.names)]


def table_note(snap: Snapshot) -> str:
    """The table's lasting line about seats the computer took over (empty if none)."""
    names = [snap.text_names[i] for i in sorted(snap.replaced)]
    if not names:
        return ""
    return f"{SIGN} " + ", ".join(names) + f": {MARK} after running out of time."


def hand_rows(snap: Snapshot, seat: int) -> Sequence[discord.ui.Item[discord.ui.LayoutView]]:
    """What a taken-over player's hand message says, with the button to come back."""
    return (
        ui.text(
            "🤖 The computer is playing your seat, because you ran out of time three times in"
            " a row. Press **Take my seat back** to play again."
        ),
        discord.ui.ActionRow(
            ui.button(
                "Take my seat back",
                ui.custom_id(snap.game_id, "H", RECLAIM),
                discord.ButtonStyle.success,
                emoji="🙋",
            )
        ),
    )


async def take_back(service: GameService, interaction: discord.Interaction, game_id: int) -> None:
    """The player asks for their seat back: the computer stops playing it."""
    session = await service.session(game_id)
    seat_row = session.seat_of(interaction.user.id) if session else None
    if session is None or seat_row is None:
        await service.answer(interaction, "You're not playing in this game.")
        return
    async with session.lock:
        if session.row.status != "running":
            await service.answer(interaction, "This game is over.")
            return
        if not seat_row.replaced:
            await service.answer(interaction, "You're already playing your seat yourself.")
            return
        seat = seat_row.seat
        await service.storage.set_seat_control(session.id, seat, 0, False)
        seat_row.timeouts, seat_row.replaced = 0, False
        # If the seat owes a decision now, it is a human's again: on the lobby's clock.
        wake_at, deadline, deadline_seats, _ = service._plan(
            session, session.state, service.clock()
        )
        await service.storage.set_schedule(session.id, wake_at, deadline)
        session.row.wake_at, session.row.deadline = wake_at, deadline
        session.deadline_seats = deadline_seats
        service._schedule(session.id, wake_at)
        session.fresh_lines.append(
            f"🙋 {shown(seat_row.name)} takes their seat back from the computer."
        )
        snap = session.snapshot()
        in_dm = interaction.message is not None and (
            interaction.message.id == seat_row.dm_message_id
        )
        where = service._where(session) if in_dm else ""
        card = await asyncio.to_thread(messages.hand_card, snap, seat, where)
        if in_dm:
            await interaction.response.edit_message(view=card.view, attachments=[card.file()])
        else:
            await interaction.response.send_message(
                view=card.view, file=card.file(), ephemeral=True
            )
    service.publish(session)
