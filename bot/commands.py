"""Slash commands: /play, /rules, /leaderboard, /stats, /records, /games, /abandon, /history,
/replay, /settings and /help."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot import boards, components, faults, history, limits, names, records, server_settings
from bot.help import help_text
from bot.lobby import TIMERS
from bot.names import shown
from bot.service import GameService
from bot.storage import DatabaseError
from bot.texts import No, say
from engine import GAMES

GAME_CHOICES = [app_commands.Choice(name=g.title, value=key) for key, g in sorted(GAMES.items())]
TIMER_CHOICES = [app_commands.Choice(name=label, value=seconds) for seconds, label in TIMERS]
Expiry = app_commands.Range[int, server_settings.EXPIRY_MIN, server_settings.EXPIRY_MAX]
SETTINGS_HINT = (
    "-# Change them with `/settings` and its options: timer, expiry, computers_rated,"
    " add_channel, remove_channel."
)
#: Game numbers a user may type: anything else cannot name a game (and SQLite holds 63 bits).
MAX_GAME_ID = 2**53
#: The most games `/games` reads: far more than one message shows, so it can say how many
#: it left out.
LISTED = 1000
NOT_A_NUMBER = "A game is named by its number, such as `/abandon game:12` (`/games` lists them)."
REPLAY_NUMBER = "A game is named by its number, such as `/replay game:12` (`/history` lists them)."


def game_number(value: object) -> int | None:
    """A game number option as an int, or None for anything else (text from a client with an
    old command list). A whole float counts: a JSON reader such as orjson, which discord.py
    uses when it is installed, reads an integer past 64 bits (only a forged payload has one)
    as a float."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


log = logging.getLogger(__name__)


def register(tree: app_commands.CommandTree, service: GameService) -> None:
    storage = service.storage

    @tree.error
    async def on_error(
        interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Any failure still gets one private sentence (never "This interaction failed")."""
        data = interaction.data or {}
        name = interaction.command.name if interaction.command else data.get("name", "?")
        await service.answer(interaction, faults.report(log, f"/{name}", error))

    @tree.command(name="play", description="Open a lobby for a holiday game in this channel.")
    @app_commands.describe(
        game="Which game to play",
        learn="Learn it: start at once against computers, with hints and a guided first turn",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def play(interaction: discord.Interaction, game: str, learn: bool = False) -> None:
        await service.open_lobby(interaction, game, learn)

    @tree.command(name="rules", description="How to play one of the games (only you see it).")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(interaction: discord.Interaction, game: str) -> None:
        found = GAMES.get(game)
        text = found.summary if found else "I don't know that game."
        await interaction.response.send_message(text, ephemeral=True)

    @tree.command(name="leaderboard", description="This server's best players, by skill rating.")
    @app_commands.describe(game="Only this game (default: all games)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(interaction: discord.Interaction, game: str | None = None) -> None:
        if game is not None and game not in GAMES:
            await interaction.response.send_message("I don't know that game.", ephemeral=True)
            return
        page = await service.pager.first(interaction, boards.SOURCE, boards.args(game))
        if page is None:
            of = f" of {GAMES[game].title}" if game else ""
            await interaction.response.send_message(
                f"No finished games{of} here yet.", ephemeral=True
            )
            return
        await interaction.response.send_message(view=page, allowed_mentions=names.NO_PINGS)

    @tree.command(name="stats", description="One player's record on this server.")
    @app_commands.describe(user="Whose record (default: yours)")
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        kept = await storage.player_standings(interaction.guild_id, who.id)
        text = boards.stats(who.display_name, kept)
        if text is None:
            await interaction.response.send_message(
                f"{shown(who.display_name)} hasn't finished a game here yet.", ephemeral=True
            )
            return
        await interaction.response.send_message(text, allowed_mentions=names.NO_PINGS)

    @tree.command(name="records", description="This server's best score ever, for each game.")
    @app_commands.describe(game="Only this game (default: all games)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def records_(interaction: discord.Interaction, game: str | None = None) -> None:
        if game is not None and game not in GAMES:
            await interaction.response.send_message("I don't know that game.", ephemeral=True)
            return
        text = await records.board(storage, interaction.guild_id, game)
        if text is None:
            of = f" of {GAMES[game].title}" if game else ""
            await interaction.response.send_message(
                f"No records{of} here yet: finish a game to set the first one.", ephemeral=True
            )
            return
        await interaction.response.send_message(text, allowed_mentions=names.NO_PINGS)

    @tree.command(name="games", description="Games open or running in this channel.")
    async def games(interaction: discord.Interaction) -> None:
        in_dm = interaction.guild_id is None
        if in_dm:  # games are played in servers: list the caller's own games instead
            rows = await storage.games_of_user(interaction.user.id, ("lobby", "running"), LISTED)
            heading, empty = (
                "### 🎄 Your games",
                "You're not in any game right now. Type `/play` in a server channel to start one.",
            )
        else:
            rows = await storage.games_in_channel(
                interaction.channel_id or 0, ("lobby", "running", "quarantined"), LISTED
            )
            heading, empty = (
                "### 🎄 Games in this channel",
                "No games here right now. Start one with `/play`.",
            )
        if not rows:
            await interaction.response.send_message(empty, ephemeral=True)
            return
        lines = []
        for row in rows:
            if row.damaged or row.status == "quarantined" or row.game not in GAMES:
                lines.append(
                    f"• **#{row.id}** — damaged, can't continue — the host or a moderator can"
                    f" clear it with `/abandon game:{row.id}`"
                )
                continue
            title = GAMES[row.game].title
            link = components.message_url(row.guild_id, row.channel_id, row.table_message_id)
            players = ", ".join(shown(s.name) for s in row.seats)
            status = "lobby, waiting for players" if row.status == "lobby" else "running"
            lines.append(
                f"• **#{row.id} {title}** — {status} — {players}"
                + (f" — [open]({link})" if link else "")
            )
        room = limits.CONTENT - len(heading) - 1
        text = f"{heading}\n{limits.lines(lines, room, 'game')}"
        await interaction.response.send_message(text, ephemeral=True)

    @tree.command(name="history", description="This server's recent finished games, newest first.")
    @app_commands.describe(game="Only this game", player="Only games this player played")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def history_(
        interaction: discord.Interaction,
        game: str | None = None,
        player: discord.User | None = None,
    ) -> None:
        if game is not None and game not in GAMES:
            await interaction.response.send_message("I don't know that game.", ephemeral=True)
            return
        user = player.id if player else None
        found, _ = await storage.history(interaction.guild_id, game, user, 0, 0)
        if not found:
            who = shown(player.display_name) if player else None
            await interaction.response.send_message(history.nothing(game, who), ephemeral=True)
            return
        page = await service.pager.first(interaction, history.SOURCE, history.args(game, user))
        assert page is not None  # the arguments were made here
        await interaction.response.send_message(view=page, allowed_mentions=names.NO_PINGS)

    @tree.command(name="replay", description="Watch a finished game of this server again.")
    @app_commands.describe(game="Game number (`/history` lists them)")
    @app_commands.guild_only()
    async def replay(interaction: discord.Interaction, game: int) -> None:
        number = game_number(game)
        if number is None:  # a stale client sent text
            await interaction.response.send_message(REPLAY_NUMBER, ephemeral=True)
            return
        if not 1 <= number <= MAX_GAME_ID:
            await interaction.response.send_message(
                f"There is no game #{number}: `/history` lists this server's finished games.",
                ephemeral=True,
            )
            return
        await service.replay(interaction, number)

    @tree.command(name="abandon", description="End a game in this channel (host or moderator).")
    @app_commands.describe(game="Game number, if several run here")
    @app_commands.guild_only()
    async def abandon(interaction: discord.Interaction, game: int | None = None) -> None:
        number = None if game is None else game_number(game)
        if game is not None and number is None:  # a stale client sent text
            await interaction.response.send_message(NOT_A_NUMBER, ephemeral=True)
            return
        if number is not None and not 1 <= number <= MAX_GAME_ID:
            await interaction.response.send_message(
                f"There is no game #{number} running in this channel.", ephemeral=True
            )
            return
        await service.abandon(interaction, number)

    @abandon.autocomplete("game")
    async def abandon_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        try:
            rows = await storage.games_in_channel(
                interaction.channel_id or 0, ("lobby", "running", "quarantined")
            )
        except DatabaseError as exc:
            log.warning("/abandon suggestions failed: %s", exc)
            return []
        return [
            app_commands.Choice(
                name=f"#{r.id} {GAMES[r.game].title if r.game in GAMES else '(damaged)'}",
                value=r.id,
            )
            for r in rows
            if current in str(r.id)
        ][:25]

    @tree.command(
        name="settings", description="Show or change this server's Tinsel settings (Manage Server)."
    )
    @app_commands.describe(
        timer="The turn timer new games start with",
        expiry="Minutes before a lobby nobody started closes",
        computers_rated="Whether games with a computer player change ratings",
        add_channel="Allow /play in this channel (once any is listed, only there)",
        remove_channel="Stop allowing /play in this channel (none listed: every channel)",
    )
    @app_commands.choices(timer=TIMER_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def settings(
        interaction: discord.Interaction,
        timer: int | None = None,
        expiry: Expiry | None = None,
        computers_rated: bool | None = None,
        add_channel: app_commands.AppCommandChannel | None = None,
        remove_channel: app_commands.AppCommandChannel | None = None,
    ) -> None:
        # Discord hides the command from others by default, but a server can change that.
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            await interaction.response.send_message(say(No.NOT_MANAGER), ephemeral=True)
            return
        current = await storage.guild_settings(interaction.guild_id)
        try:
            new = server_settings.change(
                current,
                timer,
                expiry,
                computers_rated,
                add_channel.id if add_channel else None,
                remove_channel.id if remove_channel else None,
            )
        except server_settings.SettingsError as err:
            await interaction.response.send_message(str(err), ephemeral=True)
            return
        saved = new != current
        if saved:
            await storage.save_guild_settings(new)
        heading = "### ⚙️ Settings saved" if saved else "### ⚙️ This server's settings"
        text = "\n".join([heading, *server_settings.lines(new), SETTINGS_HINT])
        await interaction.response.send_message(text, ephemeral=True)

    @tree.command(name="help", description="What Tinsel does, its games and every command.")
    async def help_(interaction: discord.Interaction) -> None:
        listed = [(c.name, c.description) for c in tree.get_commands()]
        gid = interaction.guild_id
        settings = await storage.guild_settings(gid) if gid is not None else None
        card = components.layout(components.text(help_text(listed, settings)))
        await interaction.response.send_message(view=card, ephemeral=True)
