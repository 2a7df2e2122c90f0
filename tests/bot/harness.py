"""Drive the real Tinsel client against the fake Discord, as users would.

`Harness` starts (and restarts) the bot on one SQLite file, injects slash commands, clicks and
menu choices, waits for the bot to answer and to finish its background work, and reads back
what the bot sent: the table message, each player's DM, the ephemeral answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import discord
import psycopg
import yarl

from bot import wire
from bot.client import TinselBot
from bot.config import Settings
from engine import GAMES
from tests.bot.fake_discord import FakeDiscord, Interaction, User, texts, walk

#: Seconds after which a wait is a hang, not slowness: far beyond any answer on a busy machine.
HANG = 120.0


class FakeClock:
    """Wall-clock time that tests can push forward (turn timers)."""

    def __init__(self) -> None:
        import time

        self.offset = 0.0
        self._time = time.time

    def __call__(self) -> float:
        return self._time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


@dataclass(frozen=True)
class ChannelOption:
    """A channel given as a slash command's option (`Harness.command`)."""

    id: int


def point_client_at(fake: FakeDiscord) -> None:
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)


#: How a PostgreSQL database's URL begins (anything else is a SQLite file).
POSTGRES = ("postgresql://", "postgres://")


class Harness:
    def __init__(self, fake: FakeDiscord, db_path: Path, database: str | None = None) -> None:
        self.fake = fake
        self.db_path = db_path
        #: Where the bot keeps its games: the SQLite file `db_path`, or a PostgreSQL URL.
        self.database = database or str(db_path)
        self._postgres: psycopg.Connection[tuple[Any, ...]] | None = None
        self.clock = FakeClock()
        self.next_seed = 1  # games get seeds 1, 2, 3… so every run plays the same games
        #: Seconds between table edits (`Settings.table_gap`): none, so each move shows at once.
        self.table_gap = 0.0
        #: The shards this bot runs (`Settings.shard_count`, `shard_ids`; None: all), and
        #: its token (the fake records it with each request: whose request it was).
        self.shard_count: int | None = None
        self.shard_ids: tuple[int, ...] | None = None
        self.token = "fake-token"
        self.bot: TinselBot | None = None
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ lifecycle
    async def start_bot(self) -> TinselBot:
        point_client_at(self.fake)
        settings = Settings(
            token=self.token,
            database=self.database,
            bot_delay=0.0,
            quick_answer=HANG,
            table_gap=self.table_gap,
            shard_count=self.shard_count,
            shard_ids=self.shard_ids,
        )
        bot = TinselBot(settings, clock=self.clock, guild_ready_timeout=0.05, seeds=self._seed)
        self.bot = bot
        self._task = asyncio.create_task(bot.start(settings.token))
        await asyncio.wait_for(bot.wait_until_ready(), HANG)
        await self.settle()
        return bot

    def _process_caught_up(self, only: Collection[int] | None = None, tables: bool = True) -> bool:
        """A bot in another process has shown every game's (or the `only` games') newest
        state: no computer move is due, each table shows the stored version (unless not
        `tables`), and each human owing a decision has it in their DM (read from the
        database file and the fake's messages)."""
        if not self.database.startswith(POSTGRES) and not self.db_path.exists():
            return False
        try:
            games = self.query(
                "SELECT id, game, version, shown_version, state, wake_at FROM games"
                " WHERE status IN ('running', 'finished')"
            )
            seats = self.query(
                "SELECT game_id, seat, dm_message_id FROM seats WHERE user_id IS NOT NULL"
                " AND NOT replaced AND NOT dm_failed"
            )
        except (sqlite3.OperationalError, psycopg.errors.UndefinedTable):
            return False  # no tables yet
        for game_id, key, ver, shown, state, wake_at in games:
            if only is not None and game_id not in only:
                continue
            if (tables and shown < ver) or (wake_at is not None and wake_at <= self.clock()):
                return False
            game = GAMES[key]
            to_act = game.to_act(game.load(json.loads(state)))
            for gid, seat, dm in seats:
                if gid != game_id or seat not in to_act:
                    continue
                ids = [c.get("custom_id", "") for c in self.components(dm)] if dm else []
                presses = [wire.parse(i) for i in ids]
                if not any(p and p.game_id == game_id and p.version == ver for p in presses):
                    return False
        return True

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows read straight from the database, as another process would (read-only; `?`
        placeholders on both databases)."""
        if self.database.startswith(POSTGRES):
            if self._postgres is None:
                self._postgres = psycopg.connect(self.database, autocommit=True)
            return self._postgres.execute(sql.replace("?", "%s"), params).fetchall()
        with contextlib.closing(sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True)) as db:
            return db.execute(sql, params).fetchall()

    def _seed(self) -> int:
        self.next_seed += 1
        return self.next_seed - 1

    async def stop_bot(self) -> None:
        """A clean shutdown."""
        assert self.bot is not None and self._task is not None
        await self.bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self.bot = None

    async def crash_bot(self) -> None:
        """Stop the bot the hard way: pending work is dropped, nothing is flushed."""
        assert self.bot is not None and self._task is not None
        hub = self.bot.service.hub
        hub.alarms.stop()
        for task in list(hub.tasks):
            task.cancel()
        await asyncio.gather(*hub.tasks, return_exceptions=True)
        hub.publisher_thread.shutdown(wait=False)
        hub.compute_threads.shutdown(wait=False)
        for executor in (hub.replay_executor, hub.think_executor):
            if executor is not None:
                executor.shutdown(wait=False)
        # Skip TinselBot.close: no waiting, no flushing.
        await discord.AutoShardedClient.close(self.bot)
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        await self.bot.storage.close()
        self.bot = None

    async def settle(self) -> None:
        """Wait until the bot has answered everything and finished its background work."""
        if self.bot is None:  # the bot runs in another process: watch what it has shown
            loop = asyncio.get_running_loop()
            give_up = loop.time() + HANG
            while not self._process_caught_up():
                if loop.time() > give_up:
                    raise AssertionError("the bot process never caught up")
                await asyncio.sleep(0.01)  # polling the awaited condition itself
            return
        # In-process: handlers and publishing are tracked tasks, so wait for them, then give
        # due alarms a few turns of the event loop to fire (no wall-clock sleeps).
        quiet = 0
        for _ in range(100_000):
            await asyncio.sleep(0)
            if self.bot.service.busy():
                quiet = 0
                await self.bot.service.idle()
                continue
            quiet += 1
            if quiet >= 20:
                return
        raise AssertionError("the bot never settled")

    # ------------------------------------------------------------------ acting
    async def _send(self, inter_coro: Any) -> Interaction:
        inter: Interaction = await inter_coro
        try:
            await asyncio.wait_for(inter.answered.wait(), HANG)
        except TimeoutError as exc:
            raise AssertionError(f"interaction {inter.data} was never answered") from exc
        await self.settle()
        return inter

    async def command(
        self, by: User, name: str, channel: int | None = None, **options: Any
    ) -> Interaction:
        cmd = self.fake.commands[name]
        opts = []
        resolved: dict[str, Any] = {}
        for key, value in options.items():
            if isinstance(value, User):  # a user option carries the resolved user
                opts.append({"name": key, "type": 6, "value": str(value.id)})
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                continue
            if isinstance(value, ChannelOption):  # and a channel option the resolved channel
                opts.append({"name": key, "type": 7, "value": str(value.id)})
                picked = {**self.fake.channels[value.id], "permissions": str((1 << 40) - 1)}
                resolved.setdefault("channels", {})[str(value.id)] = picked
                continue
            kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
            opts.append({"name": key, "type": kind, "value": value})
        data = {
            "id": cmd["id"],
            "name": name,
            "type": 1,
            "options": opts,
            "guild_id": str(self.fake.guild_of(channel or self.fake.general) or self.fake.guild_id),
        }
        if resolved:
            data["resolved"] = resolved
        return await self._send(self.fake.interact(by, 2, data, channel_id=channel))

    async def click(
        self,
        user: User,
        message_id: int,
        label: str | None = None,
        custom_id: str | None = None,
        channel: int | None = None,
    ) -> Interaction:
        """Click a button; `channel` forges where the click comes from (default: the message's
        own channel)."""
        if custom_id is None:
            custom_id = self.find_button(message_id, label or "")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._send(
            self.fake.interact(user, 3, data, channel_id=channel, message_id=message_id)
        )

    async def choose(
        self, user: User, message_id: int, value: str, custom_id: str | None = None
    ) -> Interaction:
        if custom_id is None:
            custom_id = self.find_select(message_id, value)
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self._send(self.fake.interact(user, 3, data, message_id=message_id))

    async def pick(
        self, user: User, message_id: int, values: Sequence[str], custom_id: str
    ) -> Interaction:
        """Choose several options of a multi-select at once."""
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._send(self.fake.interact(user, 3, data, message_id=message_id))

    async def submit(
        self,
        user: User,
        custom_id: str,
        value: str,
        channel: int | None = None,
        message_id: int | None = None,
    ) -> Interaction:
        """Submit a form; `message_id` is the message whose control opened it, if any."""
        data = form_submission(custom_id, value)
        return await self._send(
            self.fake.interact(user, 5, data, channel_id=channel, message_id=message_id)
        )

    # ------------------------------------------------------------------ reading
    def components(self, message_id: int) -> list[dict[str, Any]]:
        return list(walk(self.fake.messages[message_id]["components"]))

    def find_button(self, message_id: int, label: str) -> str:
        for c in self.components(message_id):
            if c.get("type") == 2 and label in (c.get("label") or "") and not c.get("disabled"):
                return str(c["custom_id"])
        raise AssertionError(
            f"no enabled button {label!r} on message {message_id}: {self.labels(message_id)}"
        )

    def find_select(self, message_id: int, value: str) -> str:
        for c in self.components(message_id):
            if c.get("type") == 3 and any(o["value"] == value for o in c.get("options", [])):
                return str(c["custom_id"])
        raise AssertionError(f"no select offering {value!r} on message {message_id}")

    def labels(self, message_id: int) -> list[str]:
        return [c.get("label") or "" for c in self.components(message_id) if c.get("type") == 2]

    def choices(self, message_id: int) -> list[tuple[str, str, str]]:
        """Every move offered on a message as (kind, custom_id, value or label)."""
        out = []
        for c in self.components(message_id):
            if c.get("disabled"):
                continue
            if c.get("type") == 2 and c.get("custom_id"):
                out.append(("button", c["custom_id"], c.get("label") or ""))
            elif c.get("type") == 3 and kind_action(c["custom_id"]) == wire.PICK:
                # A pick: every way to choose its `min_values` options, values joined.
                values = [o["value"] for o in c.get("options", [])]
                for combo in combinations(values, c.get("min_values", 1)):
                    out.append(("multi", c["custom_id"], ",".join(combo)))
            elif c.get("type") == 3:
                out.extend(("select", c["custom_id"], o["value"]) for o in c.get("options", []))
        return out

    def text(self, message_id: int) -> str:
        m = self.fake.messages[message_id]
        return "\n".join([m.get("content") or "", *texts(m["components"])])

    def dm(self, user: User) -> int | None:
        """The id of the newest message in the user's DMs with the bot (not counting replies
        only the presser saw)."""
        cid = self.fake.dm_channels.get(user.id)
        if cid is None:
            return None
        msgs = [m for m in self.fake.channel_messages(cid) if not m.get("_ephemeral_for")]
        return int(msgs[-1]["id"]) if msgs else None

    def channel_texts(self, channel_id: int | None = None) -> list[str]:
        return [
            "\n".join([m.get("content") or "", *texts(m["components"])])
            for m in self.fake.channel_messages(channel_id or self.fake.general)
        ]

    def moves_on(self, message_id: int) -> list[tuple[str, str, str]]:
        """Game moves (not lobby or 'My hand' controls) on a message."""
        return [c for c in self.choices(message_id) if kind_of(c[1]) == wire.Kind.MOVE]

    def find_write(self, message_id: int) -> str:
        """The ✍️ button that opens the form for an action's optional text."""
        for _kind, cid, _label in self.choices(message_id):
            if kind_of(cid) == wire.Kind.WRITE:
                return cid
        raise AssertionError(f"no ✍️ button on message {message_id}: {self.labels(message_id)}")

    async def play_move(
        self,
        user: User,
        message_id: int,
        rng: random.Random,
        allow_back: bool = False,
        chooser: Callable[[list[tuple[str, str, str]]], tuple[str, str, str]] | None = None,
    ) -> Interaction | None:
        """Click one of the moves offered on the message (a random one, or the chooser's).
        A move that opens a form (its words are required) is then submitted with words that
        fit the form, as a player would type them."""
        moves = self.moves_on(message_id)
        if not allow_back:
            moves = [m for m in moves if not m[1].endswith(":back")] or moves
        if not moves:
            return None
        kind, cid, value = chooser(moves) if chooser else rng.choice(moves)
        if kind == "button":
            pressed = await self.click(user, message_id, custom_id=cid)
            if pressed.response_type == 9:  # a form: type the words and send them
                modal = self.fake.modals[-1]
                words = typed_for(modal)
                return await self.submit(user, modal["custom_id"], words, message_id=message_id)
            return pressed
        if kind == "multi":
            return await self.pick(user, message_id, value.split(","), custom_id=cid)
        return await self.choose(user, message_id, value, custom_id=cid)


#: What a test player types into a form, repeated to the form's minimum length.
TYPED = "Merry Christmas to everyone at this table! "


def typed_for(modal: dict[str, Any]) -> str:
    """What a test player types into a form's one text input: `TYPED`, to its bounds."""
    (field,) = form_inputs(modal)
    words = TYPED * (1 + field.get("min_length", 0) // len(TYPED))
    return words[: field.get("max_length", len(words))].strip()


def form_submission(custom_id: str, value: str) -> dict[str, Any]:
    """The data of a submitted form whose one text input holds `value`."""
    return {
        "custom_id": custom_id,
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "text", "value": value}]}
        ],
    }


def form_inputs(modal: dict[str, Any]) -> list[dict[str, Any]]:
    """The text inputs of a form, each with its label (from a Label component, if any)."""
    out = []
    for row in modal["components"]:
        for c in row.get("components", [row.get("component", {})]):
            out.append({**c, "label": row.get("label") or c.get("label")})
    return out


def kind_action(custom_id: str) -> str | None:
    press = wire.parse(custom_id)
    return press.action if press is not None else None


def kind_of(custom_id: str) -> wire.Kind | None:
    press = wire.parse(custom_id)
    return press.kind if press is not None else None


def every_text(fake: FakeDiscord) -> Iterator[str]:
    """Every word of every public guild message the bot ever sent (deleted ones too)."""
    for m in fake.visible_to_all():
        yield m.get("content") or ""
        yield from texts(m.get("components", []))
        for a in m.get("attachments", []):
            yield a.get("description") or ""
