"""Keepsake notes: a player of a finished game leaves a few words for future players.

A game that offers one (`Game.keepsake`, its label) gets a **📝 Keepsake note** button on its
result message (`t2:<game id>:h:keepsake`); it opens a form with the same custom_id. Only the
players of that finished game may write one; a player has one note per game, and writing
again replaces it. The note is stored first, then the writer is answered, then it is posted in
the game's channel made inert (no mentions, links or markdown) and pinging nobody: once per
player and game — a rewritten note edits that post, and the same words submitted again (a
replayed form) change nothing.
"""

from __future__ import annotations

import logging

import discord

from bot import components, names, wire
from bot.ending import KEEPSAKE
from bot.hub import Hub
from bot.storage import GameRow, NoteRow, SeatRow
from bot.texts import No, say
from engine import GAMES
from engine.protocol import TextSpec, clean_text

log = logging.getLogger(__name__)

#: A note's length bounds, after whitespace is collapsed.
MIN_NOTE, MAX_NOTE = 1, 300


def note_post(name: str, game_id: int, text: str) -> str:
    """ "📝 Ann's keepsake note for game #7: “…”", every user word made inert."""
    return f"📝 {names.shown(name)}'s keepsake note for game #{game_id}: “{names.shown(text)}”"


class Keepsakes:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def _check(self, row: GameRow | None, user_id: int) -> No | SeatRow:
        """The writer's seat in a finished game that offers notes, or why not."""
        if row is None or row.game not in GAMES:
            return No.GONE
        if not GAMES[row.game].keepsake:
            return No.NO_NOTES
        if row.status != "finished":
            return No.NOTE_NOT_YET
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        return No.NOTE_PLAYERS_ONLY if seat is None else seat

    async def press(self, interaction: discord.Interaction, game_id: int) -> None:
        """The 📝 button: open the form (or say why not)."""
        row = await self.hub.storage.game(game_id)
        found = self._check(row, interaction.user.id)
        if isinstance(found, No):
            await self.hub.answer(interaction, say(found, game_id=game_id))
            return
        assert row is not None
        spec = TextSpec(KEEPSAKE, GAMES[row.game].keepsake, MIN_NOTE, MAX_NOTE)
        title = f"📝 Keepsake note · game #{game_id}"
        await interaction.response.send_modal(
            components.text_form(title, wire.anytime(game_id, KEEPSAKE), spec)
        )

    async def submit(self, interaction: discord.Interaction, game_id: int, text: str) -> None:
        """The submitted form: store the note, answer, then post it in the channel."""
        row = await self.hub.storage.game(game_id)
        found = self._check(row, interaction.user.id)
        note = clean_text(text)
        if not isinstance(found, No) and not MIN_NOTE <= len(note) <= MAX_NOTE:
            found = No.BAD_TEXT
        if isinstance(found, No):
            await self.hub.answer(
                interaction, say(found, game_id=game_id, min=MIN_NOTE, max=MAX_NOTE)
            )
            return
        assert row is not None
        user_id = interaction.user.id
        notes = await self.hub.storage.notes(game_id)
        before = next((n for n in notes if n.user_id == user_id), None)
        if not await self.hub.storage.save_note(game_id, user_id, found.name, note):
            await self.hub.answer(interaction, say(No.NOTE_NOT_YET, game_id=game_id))
            return
        await self.hub.answer(
            interaction, "📝 Your keepsake note is saved with the game and shared at the table."
        )
        if before is not None and before.message_id is not None and before.text == note:
            return  # the same words again (a replayed form): the post shows them already
        try:
            await self._post(row, found, note, before)
        except discord.HTTPException as exc:
            log.warning("game %s: keepsake note not posted: %s", game_id, exc)

    async def _post(self, row: GameRow, seat: SeatRow, note: str, before: NoteRow | None) -> None:
        """Show the note in the game's channel: edit its post, or post it and record where.
        The post carries a nonce Discord enforces, so the same form submitted again while
        the first post is on its way returns that post instead of making another."""
        channel = self.hub.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        text = note_post(seat.name, row.id, note)
        if before is not None and before.message_id is not None:
            try:
                await channel.get_partial_message(before.message_id).edit(
                    content=text, allowed_mentions=names.NO_PINGS
                )
                return
            except discord.NotFound:
                pass  # deleted meanwhile: post it again
        user_id = seat.user_id or 0
        posted = await channel.send(
            text, allowed_mentions=names.NO_PINGS, nonce=f"n{row.id}u{user_id}"[-25:]
        )
        await self.hub.storage.set_note_message(row.id, user_id, posted.id)
