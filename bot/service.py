"""The generic game-session layer, assembled: it drives any engine game through the protocol.

`GameService` wires the layers together and is what the client and the commands talk to
(the layer diagram is in docs/bot.md): a shared `Hub`, then `Moves`, the `Publisher`, and on
top of them the `Scheduler` (alarms), `Presses` (moves and forms), `Tables` (the lobby) and
`Abandons` (`/abandon`).

Each press is routed by its custom_id's kind (`bot.wire`): lobby controls to `tables`, moves,
✍️ buttons and text forms to `presses`, controls valid at any version to `presses` (or to
`tables` for Rematch, to `keepsakes` for the keepsake note and its form, to `resignations`
for **Resign** and its confirmation, to `hints` for **💡 Hint**). Whatever fails,
the presser gets one private sentence.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable

import discord

from bot import faults, wire
from bot.abandon import Abandons
from bot.boards import Boards
from bot.catchup import CatchUp
from bot.ending import KEEPSAKE, REMATCH
from bot.hints import Hints
from bot.history import History
from bot.hub import Hub
from bot.keepsake import Keepsakes
from bot.messages import HINT
from bot.moves import Moves
from bot.pages import Pager
from bot.presses import Presses
from bot.publisher import Publisher
from bot.replays import Replays
from bot.resign import Resignations
from bot.scheduler import Scheduler
from bot.session import Session
from bot.shards import Shards
from bot.storage import Repository
from bot.tables import Tables
from bot.takeover import RESIGN
from bot.texts import No, say

log = logging.getLogger(__name__)


class GameService:
    def __init__(
        self,
        client: discord.Client,
        storage: Repository,
        bot_delay: float = 1.5,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        shards: Shards | None = None,
    ) -> None:
        self.hub = Hub(client, storage, bot_delay, clock, seeds, shards)
        self.moves = Moves(self.hub)
        self.publisher = Publisher(self.hub)
        self.scheduler = Scheduler(self.hub, self.moves, self.publisher)
        self.catch_up = CatchUp(self.hub, self.moves, self.publisher)
        self.presses = Presses(self.hub, self.moves, self.publisher)
        self.tables = Tables(self.hub, self.moves, self.publisher)
        self.scheduler.lobbies = self.tables.expire
        self.keepsakes = Keepsakes(self.hub)
        self.pager = Pager(self.hub.answer)
        self.history = History(storage, self.pager)
        self.boards = Boards(storage, self.pager)
        self.replays = Replays(self.hub, self.pager)
        self.resignations = Resignations(self.hub, self.moves, self.publisher)
        self.hints = Hints(self.hub)
        self.abandons = Abandons(self.hub, self.publisher)

    # ------------------------------------------------------------------ what others read
    @property
    def storage(self) -> Repository:
        return self.hub.storage

    @property
    def sessions(self) -> dict[int, Session]:
        return self.hub.sessions

    @property
    def seeds(self) -> Callable[[], int]:
        return self.hub.seeds

    @seeds.setter
    def seeds(self, seeds: Callable[[], int]) -> None:
        self.hub.seeds = seeds

    async def session(self, game_id: int) -> Session | None:
        return await self.hub.session(game_id)

    async def answer(self, interaction: discord.Interaction, text: str) -> None:
        await self.hub.answer(interaction, text)

    # ------------------------------------------------------------------ life cycle
    async def resume(self) -> None:
        await self.scheduler.resume()
        self.catch_up.start()

    async def run_due(self) -> None:
        await self.scheduler.run_due()

    async def idle(self) -> None:
        await self.hub.idle()

    def busy(self) -> bool:
        return self.hub.busy()

    async def close(self) -> None:
        await self.hub.close()

    # ------------------------------------------------------------------ interactions
    async def handle_press(self, interaction: discord.Interaction, press: wire.Press) -> None:
        """Route one press by its kind; whatever fails, answer with one sentence."""
        self.hub.hold()
        try:
            if press.kind == wire.Kind.LOBBY:
                await self.tables.lobby_press(
                    interaction, press.game_id, press.action, press.values
                )
            elif press.kind == wire.Kind.ANY and press.action == REMATCH:
                await self.tables.rematch(interaction, press.game_id)
            elif press.kind == wire.Kind.ANY and press.action == KEEPSAKE:
                await self.keepsakes.press(interaction, press.game_id)
            elif press.kind == wire.Kind.ANY and press.action.partition(":")[0] == RESIGN:
                await self.resignations.press(interaction, press)
            elif press.kind == wire.Kind.ANY and press.action == HINT:
                await self.hints.press(interaction, press)
            elif press.kind == wire.Kind.ANY:
                await self.presses.anytime(interaction, press)
            else:
                await self.presses.move(interaction, press)
        except Exception as exc:
            await self.hub.answer(interaction, faults.report(log, f"press {press}", exc))
        finally:
            self._let_go(press.game_id)

    async def handle_form(
        self, interaction: discord.Interaction, custom_id: str, text: str
    ) -> None:
        """A submitted text form: the move it was opened for, with the text typed in it."""
        self.hub.hold()
        press = wire.parse(custom_id)
        try:
            if press is not None and press.kind == wire.Kind.ANY and press.action == KEEPSAKE:
                await self.keepsakes.submit(interaction, press.game_id, text)
                return
            if press is None or press.kind != wire.Kind.FORM:
                await self.hub.answer(interaction, say(No.FOREIGN_FORM))
                return
            await self.presses.move(interaction, press, text)
        except Exception as exc:
            await self.hub.answer(interaction, faults.report(log, f"form {press}", exc))
        finally:
            if press is not None:
                self._let_go(press.game_id)

    def _let_go(self, game_id: int) -> None:
        """After a press: forget the game if another process runs its guild's shard."""
        session = self.hub.sessions.get(game_id)
        if session is not None and not self.hub.shards.owns(session.row.guild_id):
            self.hub.forget(session)

    async def turn_page(
        self, interaction: discord.Interaction, source: str, args: str, page: int
    ) -> None:
        """A pager's ◀ / ▶ press (`bot.pages`)."""
        self.hub.hold()
        await self.pager.press(interaction, source, args, page)

    async def replay(self, interaction: discord.Interaction, game_id: int) -> None:
        self.hub.hold()
        await self.replays.show(interaction, game_id)

    async def open_lobby(
        self, interaction: discord.Interaction, game_key: str, learn: bool = False
    ) -> None:
        self.hub.hold()
        await self.tables.open_lobby(interaction, game_key, learn)

    async def abandon(self, interaction: discord.Interaction, game_id: int | None) -> None:
        self.hub.hold()
        await self.abandons.abandon(interaction, game_id)
