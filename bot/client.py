"""The Discord client: start-up, command sync, and the safety net for stray interactions."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands

from bot import commands, names, wire
from bot.components import Control
from bot.config import Settings
from bot.pages import Turner
from bot.service import GameService
from bot.shards import Shards
from bot.storage import Repository, open_repository

log = logging.getLogger(__name__)

#: What the bot needs in a channel: see and send messages, attach the table pictures.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
SCOPES = ("bot", "applications.commands")


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=SCOPES)


def _custom_ids(components: Iterable[Any]) -> Iterable[str]:
    for component in components:
        if (cid := getattr(component, "custom_id", None)) is not None:
            yield cid
        yield from _custom_ids(getattr(component, "children", ()) or ())
        if (accessory := getattr(component, "accessory", None)) is not None:
            yield from _custom_ids([accessory])


def _typed(data: dict[str, Any]) -> str:
    """The text typed in a submitted form (its one text input)."""
    for row in data.get("components", []):
        for comp in row.get("components", [row.get("component", {})]):
            if comp.get("value"):
                return str(comp["value"])
    return ""


class TinselBot(discord.AutoShardedClient):
    """The bot as discord.py's sharded client: the shards `TINSEL_SHARD_IDS` of
    `TINSEL_SHARD_COUNT` in this process (see `bot.shards`), or, unset, every shard Discord
    recommends."""

    def __init__(
        self,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        guild_ready_timeout: float = 2.0,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        # Tinsel needs no member list or message content: the default intents are enough.
        # Nobody is pinged unless a message allows it for the users it means to ping.
        super().__init__(
            intents=discord.Intents.default(),
            guild_ready_timeout=guild_ready_timeout,
            allowed_mentions=names.NO_PINGS,
            shard_count=settings.shard_count,
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),
        )
        self.settings = settings
        self.own_shards = Shards.of(settings.shard_count, settings.shard_ids)
        self.clock = clock
        self.seeds = seeds
        self.tree = app_commands.CommandTree(self)
        self.storage: Repository
        self.service: GameService
        self.ready_at: float | None = None

    async def setup_hook(self) -> None:
        self.storage = await open_repository(self.settings.database)
        self.service = GameService(
            self, self.storage, self.settings.bot_delay, self.clock, shards=self.own_shards
        )
        if self.seeds is not None:
            self.service.seeds = self.seeds
        self.service.hub.quick_answer = self.settings.quick_answer
        self.service.hub.table_gap = self.settings.table_gap
        self.add_dynamic_items(Control, Turner)
        commands.register(self.tree, self.service)
        await self.service.resume()
        if not self.own_shards.syncs_commands:  # the process running shard 0 syncs them
            return
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        self.ready_at = time.time()
        assert self.user is not None
        log.info("Logged in as %s (%s) in %d servers", self.user, self.user.id, len(self.guilds))
        if self.application_id:
            log.info("Invite me: %s", invite_url(self.application_id))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer what no handler will: forged or foreign buttons and expired forms."""
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        if interaction.type == discord.InteractionType.component:
            cid = str(data.get("custom_id", ""))
            message = interaction.message
            mine = wire.COMPONENT.fullmatch(cid) or wire.PAGE.fullmatch(cid)
            if mine and message is not None and cid in set(_custom_ids(message.components)):
                return  # the Control (or a pager's Turner) dynamic item answers it
            await self.service.answer(
                interaction, "That button isn't one of mine, or it no longer exists."
            )
        elif interaction.type == discord.InteractionType.modal_submit:
            cid = str(data.get("custom_id", ""))
            press = wire.parse(cid)
            if press is not None and press.kind in (wire.Kind.FORM, wire.Kind.ANY):
                await self.service.handle_form(interaction, cid, _typed(data))
            else:
                await self.service.answer(interaction, "That form has expired.")

    async def close(self) -> None:
        try:
            if hasattr(self, "service"):
                await self.service.close()
            if hasattr(self, "storage"):
                await self.storage.close()
        finally:
            await super().close()
