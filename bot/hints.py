"""**💡 Hint**: in a game with hints on (the lobby's "Hints", or `/play … learn`), a player who
owes a move asks what a strong player would do, and why.

The button (`t2:<game id>:h:hint`) answers privately with the move the searcher would make
for the presser's seat and a sentence or two from what its search found (`engine.hints`),
worked out in the thinking process (`Hub.think`) from what that seat can see. It changes
nothing in the game. A press is acknowledged at once (a search takes a moment), and one
player's hints are worked out one at a time.
"""

from __future__ import annotations

import discord

from bot import ladder, thinking, wire
from bot.hub import Hub
from bot.texts import No, say
from engine.protocol import fill_names


class Hints:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        #: (game id, seat) whose hint is being worked out.
        self.asking: set[tuple[int, int]] = set()

    async def press(self, interaction: discord.Interaction, press: wire.Press) -> None:
        """**💡 Hint**: refuse in a sentence, or answer privately with the hint."""
        session = await ladder.running_game(self.hub, press.game_id)
        if isinstance(session, No):
            await self.hub.answer(interaction, say(session, game_id=press.game_id))
            return
        seat_row = ladder.playing_seat(session, interaction.user.id)
        if isinstance(seat_row, No):
            await self.hub.answer(interaction, say(seat_row))
            return
        seat, game = seat_row.seat, session.game
        async with session.lock:
            code = (
                No.NO_HINTS
                if not session.row.hints
                else No.HINT_NOT_NOW
                if not game.legal(session.state, seat)
                else No.HINT_BUSY
                if (session.id, seat) in self.asking
                else None
            )
            stored, version = game.dump(session.state), session.row.version
        if code is not None:
            await self.hub.answer(interaction, say(code))
            return
        self.asking.add((session.id, seat))
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            hub = self.hub
            args = (game.key, stored, seat, version, hub.hint_seconds, hub.think_playouts)
            text = await self.hub.think(thinking.hint_for, *args, urgent=True)
        finally:
            self.asking.discard((session.id, seat))
        await self.hub.answer(interaction, f"💡 {fill_names(text, session.text_names)}")
