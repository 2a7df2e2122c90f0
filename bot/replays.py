"""/replay: a finished game's public table as an animated picture, and its story, paged.

The picture is drawn by `render.replay.animate` from the stored log, in the hub's replay
process (`Hub.replay_worker`), so drawing it never holds up another game's press; one
replay is drawn at a time, the next few wait their turn and more are asked to come back.
The story is the table's narration from the first move (`Session.told`), a page source of
the pager, so its ◀ / ▶ buttons work after a restart.
"""

from __future__ import annotations

import asyncio
import io
import logging
from concurrent.futures import BrokenExecutor

import discord

from bot import names
from bot.hub import Hub
from bot.names import shown
from bot.pages import Page, Pager, clamp, count
from bot.session import Session
from bot.storage import GameRow
from engine import GAMES
from engine.words import plural
from render.replay import Animation, animate

log = logging.getLogger(__name__)

SOURCE = "replay"
#: Lines of the story on one page.
LINES_PER_PAGE = 15
#: Replays that may wait for the one being drawn; one more is asked to come back.
MAX_WAITING = 2

UNKNOWN = "There is no game #{game_id}: `/history` lists this server's finished games."
ELSEWHERE = "Game #{game_id} was played on another server, so it can't be replayed here."
LOBBY = "Game #{game_id} hasn't started yet: there's nothing to replay."
RUNNING = "Game #{game_id} is still being played: its replay is ready once it ends."
UNFINISHED = "Game #{game_id} was never finished, so it has no replay."
BUSY = "I'm drawing other replays right now: please try again in a minute."


def refusal(row: GameRow | None, game_id: int, guild_id: int | None) -> str | None:
    """Why a game cannot be replayed here, or None when it can."""
    if row is None:
        return UNKNOWN.format(game_id=game_id)
    if row.guild_id != guild_id:
        return ELSEWHERE.format(game_id=game_id)
    if row.status == "lobby":
        return LOBBY.format(game_id=game_id)
    if row.status == "running":
        return RUNNING.format(game_id=game_id)
    if row.status != "finished" or row.damaged or row.state is None:
        return UNFINISHED.format(game_id=game_id)
    return None


def minutes(ms: int) -> str:
    """ "0:48" """
    seconds = round(ms / 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


class Replays:
    def __init__(self, hub: Hub, pager: Pager) -> None:
        self.hub = hub
        self.turn = asyncio.Lock()
        self.waiting = 0
        pager.add(SOURCE, self.story)
        self.pager = pager

    async def show(self, interaction: discord.Interaction, game_id: int) -> None:
        """Answer /replay: refuse in a sentence, or defer and send the picture and the story."""
        row = await self.hub.storage.game(game_id)
        why = refusal(row, game_id, interaction.guild_id)
        if why is not None or row is None:
            await self.hub.answer(interaction, why or UNKNOWN.format(game_id=game_id))
            return
        if self.waiting > MAX_WAITING:
            await self.hub.answer(interaction, BUSY)
            return
        self.waiting += 1
        try:
            await interaction.response.defer(thinking=True)
            moves = await self.hub.storage.actions(game_id)
            async with self.turn:
                animation = await self.draw(row, moves)
        finally:
            self.waiting -= 1
        title = GAMES[row.game].title
        players = ", ".join(shown(s.name) for s in row.seats)
        filename = f"replay-{game_id}.{animation.kind}"
        alt = f"The table of game #{game_id}, {title}, from the first move to the last."
        await interaction.followup.send(
            f"🎞️ **Replay of game #{game_id} · {title}** — {players}\n-# "
            f"{plural(animation.frames, 'picture')}, {minutes(animation.duration_ms)}",
            file=discord.File(io.BytesIO(animation.data), filename=filename, description=alt),
            allowed_mentions=names.NO_PINGS,
        )
        story = await self.pager.first(interaction, SOURCE, str(game_id))
        if story is not None:
            await interaction.followup.send(view=story, allowed_mentions=names.NO_PINGS)

    async def draw(self, row: GameRow, moves: list[tuple[int, str, str | None]]) -> Animation:
        """The animation, drawn in the replay process (see `render.replay`)."""
        game = GAMES[row.game]
        assert row.state is not None
        rig = game.load(row.state).rig
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self.hub.replay_worker(),
                animate,
                row.game,
                len(row.seats),
                row.options,
                row.seed,
                rig,
                moves,
                [s.name for s in row.seats],
            )
        except BrokenExecutor:  # the process died (killed, out of memory): the next starts anew
            broken, self.hub.replay_executor = self.hub.replay_executor, None
            if broken is not None:
                broken.shutdown(wait=False)
            raise

    async def story(self, interaction: discord.Interaction, text: str, number: int) -> Page | None:
        """A page of a finished game's narration (the page source `replay`)."""
        if not text.isdigit():
            return None
        row = await self.hub.storage.game(int(text))
        if row is None or refusal(row, row.id, interaction.guild_id) is not None:
            return None
        moves = await self.hub.storage.actions(row.id)
        timed_out = await self.hub.storage.timed_out(row.id)
        lines = await asyncio.to_thread(Session.from_row(row).told, moves, timed_out)
        pages = count(len(lines), LINES_PER_PAGE)
        number = clamp(number, pages)
        shown_lines = lines[(number - 1) * LINES_PER_PAGE : number * LINES_PER_PAGE]
        title = GAMES[row.game].title
        body = "\n".join(f"• {line}" for line in shown_lines) or "Nothing was said at the table."
        return Page(f"### 📖 Game #{row.id} · {title}, move by move\n{body}", number, pages)
