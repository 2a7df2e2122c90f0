"""Slash commands: /play, /rules, /leaderboard, /stats, /records, /games, /abandon, /history,
/replay."""

from __future__ import annotations

import logging
import sqlite3

import discord
from discord import app_commands

from bot import components, faults, history, limits, names, ratings, records
from bot.names import shown
from bot.service import GameService
from engine import GAMES
from engine.words import plural

GAME_CHOICES = [app_commands.Choice(name=g.title, value=key) for key, g in sorted(GAMES.items())]
#: Game numbers a user may type: anything else cannot name a game (and SQLite holds 63 bits).
MAX_GAME_ID = 2**53
#: The most games `/games` reads: far more than one message shows, so it can say how many
#: it left out.
LISTED = 1000
NOT_A_NUMBER = "A game is named by its number, such as `/abandon game:12` (`/games` lists them)."
REPLAY_NUMBER = "A game is named by its number, such as `/replay game:12` (`/history` lists them)."
RATED = (
    "Ratings (openskill) change only in games with at least two people. A seat the computer"
    " took over counts as played and last, never as a win."
)
TAKEN_OVER = (
    "A game the computer finished for you counts as played, not won, and sets no best score."
)
log = logging.getLogger(__name__)


def record(games: int, wins: int) -> str:
    """ "1 game, 1 win" — "3 games, 0 wins"."""
    return f"{plural(games, 'game')}, {plural(wins, 'win')}"


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
    @app_commands.describe(game="Which game to play")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def play(interaction: discord.Interaction, game: str) -> None:
        await service.open_lobby(interaction, game)

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
        games = await storage.finished_games(interaction.guild_id, game)
        board = ratings.leaderboard(games)
        title = GAMES[game].title if game else "all games"
        if not board:
            of = f" of {title}" if game else ""
            await interaction.response.send_message(
                f"No finished games{of} here yet.", ephemeral=True
            )
            return
        rows = [
            f"{i}. <@{st.user_id}> — **{st.rating:.0f}** · {record(st.games, st.wins)}"
            f" ({100 * st.win_rate:.0f}%)"
            for i, st in enumerate(board, start=1)
        ]
        text = "\n".join(
            [
                f"### 🏆 Leaderboard — {title}",
                limits.lines(rows, limits.CONTENT - len(title) - len(RATED) - 40, "player"),
                f"-# {RATED}",
            ]
        )
        await interaction.response.send_message(text, allowed_mentions=names.NO_PINGS)

    @tree.command(name="stats", description="One player's record on this server.")
    @app_commands.describe(user="Whose record (default: yours)")
    @app_commands.guild_only()
    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        lines = [f"### 📊 {shown(who.display_name)} on this server"]
        total_games = total_wins = 0
        for key, g in sorted(GAMES.items()):
            table = ratings.standings(await storage.finished_games(interaction.guild_id, key))
            st = table.get(who.id)
            if st is None:
                continue
            total_games += st.games
            total_wins += st.wins
            lines.append(
                f"**{g.title}** — rating {st.rating:.0f} · {record(st.games, st.wins)}"
                f" ({100 * st.win_rate:.0f}%) · best score "
                + (g.score_text(st.best) if st.best is not None else "—")
            )
        if total_games == 0:
            await interaction.response.send_message(
                f"{shown(who.display_name)} hasn't finished a game here yet.", ephemeral=True
            )
            return
        lines.insert(
            1,
            f"{record(total_games, total_wins)} ({100 * total_wins / total_games:.0f}%)",
        )
        lines.append(f"-# {TAKEN_OVER}")
        await interaction.response.send_message(
            limits.lines(lines), allowed_mentions=names.NO_PINGS
        )

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
        if not isinstance(game, int):  # a stale client sent text
            await interaction.response.send_message(REPLAY_NUMBER, ephemeral=True)
            return
        if not 1 <= game <= MAX_GAME_ID:
            await interaction.response.send_message(
                f"There is no game #{game}: `/history` lists this server's finished games.",
                ephemeral=True,
            )
            return
        await service.replay(interaction, game)

    @tree.command(name="abandon", description="End a game in this channel (host or moderator).")
    @app_commands.describe(game="Game number, if several run here")
    @app_commands.guild_only()
    async def abandon(interaction: discord.Interaction, game: int | None = None) -> None:
        if game is not None and not isinstance(game, int):  # a stale client sent text
            await interaction.response.send_message(NOT_A_NUMBER, ephemeral=True)
            return
        if game is not None and not 1 <= game <= MAX_GAME_ID:
            await interaction.response.send_message(
                f"There is no game #{game} running in this channel.", ephemeral=True
            )
            return
        await service.abandon(interaction, game)

    @abandon.autocomplete("game")
    async def abandon_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        try:
            rows = await storage.games_in_channel(
                interaction.channel_id or 0, ("lobby", "running", "quarantined")
            )
        except sqlite3.Error as exc:
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
