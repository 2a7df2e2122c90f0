"""Opening tables: `/play`'s lobby and its presses (or `/play … learn`), Start and Rematch.

The lobby's own rules (seats, computers, options, its message) are `bot.lobby`; this layer
reads and writes the lobby row under its lock and starts the game.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot import components, lobby, messages, names, server_settings
from bot.hub import Hub
from bot.lobby import LobbyError
from bot.moves import Moves
from bot.publisher import TABLE, Publisher
from bot.session import Session, bot_name
from bot.storage import GameRow, GuildSettings
from bot.texts import No, say
from engine import GAMES, Game
from engine.words import and_list, plural

log = logging.getLogger(__name__)

#: The most open lobbies of one channel read to find a member's own.
LOBBIES = 1000
#: Lobby presses only the host may make.
HOST_ONLY = frozenset(
    {"start", "cancel", "bot", "unbot", "opt", "timer", "remove", "level", "hints"}
)
#: The computers' level in a `/play … learn` game.
LEARN_LEVEL = "normal"
#: What a lobby's message says once the last player has left it.
EMPTIED = "Everyone left, so this lobby is closed."


class Tables:
    def __init__(self, hub: Hub, moves: Moves, publisher: Publisher) -> None:
        self.hub = hub
        self.moves = moves
        self.publisher = publisher

    async def refuse(self, interaction: discord.Interaction, code: No, **details: object) -> None:
        await self.hub.answer(interaction, say(code, **details))

    # ------------------------------------------------------------------ the lobby
    async def open_lobby(
        self, interaction: discord.Interaction, game_key: str, learn: bool = False
    ) -> None:
        """`/play`: a lobby, or with `learn` a game started at once (see `_learn`)."""
        game = GAMES.get(game_key)
        if game is None:
            await self.refuse(interaction, No.UNKNOWN_GAME)
            return
        if interaction.channel_id is None or interaction.guild_id is None:
            await self.refuse(interaction, No.NOT_IN_DM)
            return
        settings = await self.hub.storage.guild_settings(interaction.guild_id)
        if settings.play_channels and interaction.channel_id not in settings.play_channels:
            channels = server_settings.channels_text(settings)
            await self.refuse(interaction, No.PLAY_ELSEWHERE, channels=channels)
            return
        if learn:
            await self._learn(interaction, game, settings)
            return
        async with self.hub.lobby_lock(("host", interaction.channel_id, interaction.user.id)):
            if not await self._already_hosting(interaction):
                await self._new_lobby(interaction, game, settings)

    async def _already_hosting(self, interaction: discord.Interaction) -> bool:
        """A member hosts one open lobby per channel: a second one points at the first."""
        open_here = await self.hub.storage.games_in_channel(
            interaction.channel_id or 0, ("lobby",), LOBBIES
        )
        mine = next((g for g in open_here if g.host_id == interaction.user.id), None)
        if mine is None:
            return False
        url = components.message_url(mine.guild_id, mine.channel_id, mine.table_message_id)
        link = f" — [open it]({url})" if url else ""
        await self.refuse(
            interaction, No.LOBBY_OPEN, game_id=mine.id, title=GAMES[mine.game].title, link=link
        )
        return True

    async def _new_lobby(
        self, interaction: discord.Interaction, game: Game, settings: GuildSettings
    ) -> None:
        """A lobby with the game's default options and the server's timer and rating rule."""
        assert interaction.channel_id is not None
        expires = self.hub.clock() + 60 * settings.lobby_expiry
        game_id = await self.hub.storage.create_lobby(
            game.key,
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            interaction.user.display_name,
            lobby.default_options(game),
            settings.timer,
            self.hub.seeds(),
            expires=expires,
            computers_unrated=not settings.computers_rated,
            place=names.place(self.hub.client, interaction.guild_id, interaction.channel_id),
        )
        self.hub.alarms.schedule(game_id, expires)
        row = await self.hub.storage.game(game_id)
        assert row is not None
        response = await interaction.response.send_message(view=lobby.layout(row))
        if response.message_id is not None:
            await self.hub.storage.set_message(game_id, response.message_id)

    async def _learn(
        self, interaction: discord.Interaction, game: Game, settings: GuildSettings
    ) -> None:
        """`/play <game> learn`: the member against `normal` computers (as few as the game
        allows), hints on, no turn timer, started at once; their first turn is guided."""
        assert interaction.channel_id is not None
        computers = [
            (bot_name(i, LEARN_LEVEL), LEARN_LEVEL) for i in range(max(game.min_seats, 2) - 1)
        ]
        game_id = await self.hub.storage.create_lobby(
            game.key,
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            interaction.user.display_name,
            lobby.default_options(game),
            None,
            self.hub.seeds(),
            computers=computers,
            computers_unrated=not settings.computers_rated,
            hints=True,
            learn=True,
            place=names.place(self.hub.client, interaction.guild_id, interaction.channel_id),
        )
        row = await self.hub.storage.game(game_id)
        assert row is not None
        await self._start(interaction, row, posted=False)

    async def lobby_press(
        self, interaction: discord.Interaction, game_id: int, press: str, values: tuple[str, ...]
    ) -> None:
        async with self.hub.lobby_lock(game_id):
            row = await self.hub.storage.game(game_id)
            code = self._lobby_check(interaction, row, press)
            if code is not None:
                await self.refuse(interaction, code)
                return
            assert row is not None
            if row.table_message_id is None and interaction.message is not None:
                row.table_message_id = interaction.message.id
            act, _, arg = press.partition(":")
            value = values[0] if values else ""
            try:
                if act == "start":
                    await self._start(interaction, row)
                    return
                note = self._change(row, interaction.user, act, arg, value)
                if act == "cancel" or not lobby.humans_left(row):
                    await self.hub.storage.close_lobby(row.id)
                    self.hub.alarms.cancel(row.id)
                    why = "The host cancelled this game." if act == "cancel" else EMPTIED
                    await interaction.response.edit_message(view=lobby.closed_layout(row, why))
                    return
                if act == "join" and row.rematch_of is not None:
                    old = await self.hub.storage.game(row.rematch_of)
                    if old is not None:
                        lobby.carry_picks(row, old, interaction.user.id)
            except LobbyError as err:
                await self.hub.answer(interaction, str(err))
                return
            await self.hub.storage.save_lobby(row)
            await interaction.response.edit_message(view=lobby.layout(row, note))

    async def _settings(self, guild_id: int | None) -> GuildSettings:
        """The server's settings (a lobby outside any server has the defaults)."""
        if guild_id is None:
            return GuildSettings(0)
        return await self.hub.storage.guild_settings(guild_id)

    async def expire(self, game_id: int) -> None:
        """A lobby's alarm: one not started in time closes itself and says so, freeing its
        channel for a new `/play`."""
        async with self.hub.lobby_lock(game_id):
            row = await self.hub.storage.game(game_id)
            if row is None or row.status != "lobby" or row.wake_at is None:
                return
            if not self.hub.shards.owns(row.guild_id):  # its presses (and lock) are there
                return
            if row.wake_at > self.hub.clock():  # not yet (an alarm armed by an older clock)
                self.hub.alarms.schedule(game_id, row.wake_at)
                return
            if not await self.hub.storage.close_lobby(game_id):
                return
        minutes = plural((await self._settings(row.guild_id)).lobby_expiry, "minute")
        note = (
            f"⌛ Nobody started this lobby within {minutes}, so it closed. `/play` opens a new one."
        )
        if row.table_message_id is not None:
            try:
                await (
                    self.hub.channel(row)
                    .get_partial_message(row.table_message_id)
                    .edit(view=lobby.closed_layout(row, note), allowed_mentions=names.NO_PINGS)
                )
            except discord.HTTPException as exc:
                log.warning("lobby %s: could not show that it expired: %s", game_id, exc)

    @staticmethod
    def _lobby_check(
        interaction: discord.Interaction, row: GameRow | None, press: str
    ) -> No | None:
        if row is None:
            return No.GONE
        if row.status != "lobby":
            return No.STARTED if row.status == "running" else No.CLOSED
        if (interaction.channel_id, interaction.guild_id) != (row.channel_id, row.guild_id):
            return No.ELSEWHERE
        if press.partition(":")[0] in HOST_ONLY and interaction.user.id != row.host_id:
            return No.HOST_ONLY
        return None

    @staticmethod
    def _change(
        row: GameRow, user: discord.User | discord.Member, act: str, arg: str, value: str
    ) -> str:
        """Make a lobby press's change; returns the note the lobby message adds ("" for none)."""
        if act == "leave":
            return lobby.leave(row, user.id)
        if act == "remove":
            return lobby.remove(row, value)
        if act == "level":
            return lobby.set_level(row, value)
        if act == "join":
            lobby.join(row, user.id, user.display_name)
        elif act == "cancel":
            pass  # closed by the caller
        elif act == "bot":
            lobby.add_bot(row, arg)
        elif act == "unbot":
            lobby.remove_bot(row)
        elif act == "opt":
            lobby.set_option(row, arg, value)
        elif act == "mine":
            lobby.choose_own(row, user.id, arg, value)
        elif act == "timer":
            lobby.set_timer(row, value)
        elif act == "hints":
            lobby.set_hints(row, value)
        else:
            raise LobbyError(No.UNKNOWN)
        return ""

    async def _start(
        self, interaction: discord.Interaction, row: GameRow, posted: bool = True
    ) -> None:
        """Start the lobby's game: its message becomes the table (`posted`), or the table is
        the answer to the command that started it (`/play … learn`)."""
        game = GAMES[row.game]
        if not lobby.seat_count_ok(game, row):
            raise LobbyError(No.TOO_FEW, title=game.title, min=game.min_seats, max=game.max_seats)
        storage = self.hub.storage
        await storage.save_lobby(row)
        row = await storage.game(row.id)  # seats re-numbered
        assert row is not None
        state = game.new(len(row.seats), row.options, row.seed)
        row.status = "running"
        session = Session(row=row, game=game, state=state)
        wake_at, deadline, deadline_seats, _ = self.moves.plan(session, state, self.hub.clock())
        # One write starts the game and arms its alarm, so a crash cannot lose either.
        if not await storage.start(row, game.dump(state), wake_at, deadline):
            raise LobbyError(No.STARTED)
        row.wake_at, row.deadline, session.deadline_seats = wake_at, deadline, deadline_seats
        session.needs_ping = session.humans_to_act()  # everyone owing the first decision
        if row.learn:
            session.guided = frozenset(s.seat for s in row.seats if s.user_id is not None)
        row.ping_due = True  # stored by `start`: a restart before the ping still sends it
        self.hub.sessions[row.id] = session
        async with session.lock:
            session.shown_lines = [f"The game begins! Seats: {', '.join(session.text_names)}."]
            card = await asyncio.to_thread(
                messages.table_card, session.snapshot(), session.shown_lines
            )
            if posted:
                await interaction.response.edit_message(view=card.view, attachments=[card.file()])
            else:
                response = await interaction.response.send_message(view=card.view, file=card.file())
                row.table_message_id = response.message_id
                if response.message_id is not None:
                    await storage.set_message(row.id, response.message_id)
            session.table_key = self.publisher.table_key(session)
            session.pictures[TABLE] = (card.filename,)
            await storage.set_shown(row.id, row.version)
            self.hub.alarms.schedule(row.id, wake_at)
        # DMs and the first ping follow from the game's publisher (the table is already shown).
        self.publisher.publish(session)

    # ------------------------------------------------------------------ Rematch
    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A player of a finished game pressed Rematch: open the new lobby, or join it."""
        storage = self.hub.storage
        old = await storage.game(game_id)
        if old is None or old.status != "finished":
            await self.refuse(interaction, No.NOT_FINISHED)
            return
        user = interaction.user
        if not any(s.user_id == user.id for s in old.seats):
            await self.refuse(interaction, No.NOT_A_PLAYER, game_id=old.id)
            return
        async with self.hub.lobby_lock(("rematch", old.id)):
            found = await storage.rematch(old.id)
            if found is None or found[1] not in ("lobby", "running"):
                if not await self._already_hosting(interaction):
                    await self._open_rematch(interaction, old)
                return
        new_id, status = found
        if status == "running":
            await self.refuse(interaction, No.REMATCH_STARTED, game_id=new_id)
            return
        async with self.hub.lobby_lock(new_id):
            row = await storage.game(new_id)
            if row is None or row.status != "lobby":
                await self.refuse(interaction, No.REMATCH_STARTED, game_id=new_id)
                return
            try:
                lobby.join(row, user.id, user.display_name)
            except LobbyError as err:
                await self.hub.answer(interaction, f"{err} (the rematch is game #{new_id})")
                return
            lobby.carry_picks(row, old, user.id)
            await storage.save_lobby(row)
            await self.hub.answer(interaction, f"You took a seat in the rematch, game #{new_id}.")
            if row.table_message_id is not None:
                await (
                    self.hub.channel(row)
                    .get_partial_message(row.table_message_id)
                    .edit(view=_rematch_layout(row, old), allowed_mentions=names.NO_PINGS)
                )

    async def _open_rematch(self, interaction: discord.Interaction, old: GameRow) -> None:
        computers = [(s.name, s.bot_level or "normal") for s in old.seats if s.user_id is None]
        settings = await self._settings(old.guild_id)
        new_id = await self.hub.storage.create_lobby(
            old.game,
            old.guild_id,
            old.channel_id,
            interaction.user.id,
            interaction.user.display_name,
            lobby.carried_options(GAMES[old.game], old.options),
            old.timer,
            self.hub.seeds(),
            rematch_of=old.id,
            computers=computers,
            expires=(expires := self.hub.clock() + 60 * settings.lobby_expiry),
            computers_unrated=not settings.computers_rated,
            hints=old.hints,
            place=names.place(self.hub.client, old.guild_id, old.channel_id),
        )
        self.hub.alarms.schedule(new_id, expires)
        row = await self.hub.storage.game(new_id)
        assert row is not None
        lobby.carry_picks(row, old, interaction.user.id)
        await self.hub.storage.save_lobby(row)
        response = await interaction.response.send_message(
            view=_rematch_layout(row, old), allowed_mentions=names.pinging(_missing(row, old))
        )
        if response.message_id is not None:
            await self.hub.storage.set_message(new_id, response.message_id)


def _missing(row: GameRow, old: GameRow) -> list[int]:
    """The old game's players who have not sat down in the rematch yet."""
    seated = {s.user_id for s in row.seats}
    return [s.user_id for s in old.seats if s.user_id is not None and s.user_id not in seated]


def _rematch_layout(row: GameRow, old: GameRow) -> discord.ui.LayoutView:
    """The rematch lobby, calling the old game's players who have not sat down yet."""
    missing = [f"<@{uid}>" for uid in _missing(row, old)]
    note = f"🔁 A rematch of game #{old.id} ({GAMES[old.game].title})."
    if missing:
        note += f" {and_list(missing)}: press **Rematch** on its result, or **Join** here."
    return lobby.layout(row, note)
