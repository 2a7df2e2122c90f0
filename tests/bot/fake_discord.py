"""A fake Discord — REST API and gateway — served on 127.0.0.1 for end-to-end tests.

The real discord.py client connects to it (see `point_client_at`). The fake keeps channels,
messages, DMs and interactions the way Discord would, lets tests inject interactions (slash
commands, button clicks, select choices, form submits) exactly as a user's client would send
them, and checks every payload the bot sends against Discord's documented limits. Anything
out of bounds is recorded in `violations`; the test fixtures fail a test that caused any.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.bot.fake_shards import Shards, on_shard, shard_of

API = "/api/v10"
IS_COMPONENTS_V2 = 1 << 15
EPHEMERAL = 1 << 6

_ids = itertools.count(1_100_000_000_000_000_000)


def snowflake() -> int:
    return next(_ids)


@dataclass
class User:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
        }


@dataclass
class Interaction:
    id: int
    token: str
    kind: int
    user: User
    channel_id: int
    created: float
    message_id: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    responses: list[dict[str, Any]] = field(default_factory=list)  # callback payloads
    response_type: int | None = None
    answer_time: float | None = None
    original_id: int | None = None  # message created by the response (if any)
    followups: list[int] = field(default_factory=list)
    followup_texts: list[str] = field(default_factory=list)

    @property
    def ephemeral_text(self) -> str:
        """The text of an ephemeral one-line answer (or of the first response message, or,
        after a deferred answer, of the first follow-up)."""
        for r in self.responses:
            data = r.get("data") or {}
            if data.get("content"):
                return str(data["content"])
        return self.followup_texts[0] if self.followup_texts else ""


class FakeDiscord:
    def __init__(self) -> None:
        self.app = web.Application(client_max_size=32 * 1024 * 1024)
        self.bot = User(snowflake(), "Tinsel", bot=True)
        self.app_id = self.bot.id
        #: Guild id -> name; the first, `guild_id`, is where channels go unless told.
        self.guilds: dict[int, str] = {}
        self.guild_id = self.add_guild("North Pole")
        self.guild_name = "North Pole"
        self.channels: dict[int, dict[str, Any]] = {}
        self.users: dict[int, User] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.deleted: set[int] = set()
        self.files: dict[int, dict[str, bytes]] = {}  # message id -> filename -> bytes
        #: Every file uploaded, as (message id, filename), in order.
        self.uploads: list[tuple[int, str]] = []
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.closed_dms: set[int] = set()
        #: Channels where the bot lacks Send Messages: posting there answers 403 (50013).
        self.no_send: set[int] = set()
        #: The next this many channel requests answer 429 (rate limited; retry shortly).
        self.rate_limited = 0
        self.interactions: dict[int, Interaction] = {}
        self.commands: dict[str, dict[str, Any]] = {}
        self.requests: list[tuple[float, str, str]] = []
        #: The token each of `requests` was sent with (tests give each process its own).
        self.tokens: list[str] = []
        #: Every version of every public guild message, in the order they were shown: its
        #: content, text displays, picture alt texts and attachment names.
        self.public_log: list[dict[str, Any]] = []
        self.violations: list[str] = []
        #: Every form the bot opened, in order (checked against Discord's limits).
        self.modals: list[dict[str, Any]] = []
        self.sockets: list[web.WebSocketResponse] = []
        #: The gateway's connections by shard (`tests.bot.fake_shards`).
        self.shards = Shards()
        self.identified = asyncio.Event()
        self.commands_synced = asyncio.Event()
        #: Refuse the bot's token (401 on login), or the intents it identifies with (4014).
        self.refuse_token = False
        self.refuse_intents = False
        self.stalls: list[
            tuple[str, str, Callable[[dict[str, Any]], bool], asyncio.Event, bool, asyncio.Event]
        ] = []
        #: Messages sent with `enforce_nonce`, by (channel, nonce): sent again, Discord
        #: returns the first instead of making another.
        self.nonces: dict[tuple[int, str], int] = {}
        self._stopping = asyncio.Event()
        self.seq = 0
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.general = self.add_channel("general")
        self._routes()

    # ------------------------------------------------------------------ set-up
    def add_guild(self, name: str, shard: tuple[int, int] | None = None) -> int:
        """A guild (server) the bot is in; `shard` = (shard id, shard count) places it on
        that shard (its id chosen so that `(guild_id >> 22) % count` is that shard)."""
        gid = snowflake() if shard is None else on_shard(snowflake(), *shard)
        self.guilds[gid] = name
        return gid

    def add_channel(self, name: str, guild_id: int | None = None) -> int:
        cid = snowflake()
        self.channels[cid] = {
            "id": str(cid),
            "type": 0,
            "guild_id": str(guild_id or self.guild_id),
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "parent_id": None,
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }
        return cid

    def add_user(self, name: str, dms_open: bool = True) -> User:
        user = User(snowflake(), name)
        self.users[user.id] = user
        if not dms_open:
            self.closed_dms.add(user.id)
        return user

    async def start(self) -> None:
        self.runner = web.AppRunner(self.app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        self._stopping.set()  # stalled requests end, so the server can shut down at once
        for ws in self.sockets:
            await ws.close()
        if self.runner:
            await self.runner.cleanup()

    def guild_of(self, channel_id: int) -> int | None:
        """The guild a channel is in (None: a DM channel)."""
        channel = self.channels.get(channel_id)
        return int(channel["guild_id"]) if channel else None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def _routes(self) -> None:
        r = self.app.router
        r.add_get("/gateway", self._gateway)
        r.add_route("*", API + "/{tail:.*}", self._api)

    # ------------------------------------------------------------------ gateway
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.sockets.append(ws)
        await ws.send_str(
            json.dumps({"op": 10, "d": {"heartbeat_interval": 45000}, "s": None, "t": None})
        )
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                if data["op"] == 1:
                    await ws.send_str(json.dumps({"op": 11, "d": None}))
                elif data["op"] == 2 and self.refuse_intents:
                    await ws.close(code=4014, message=b"Disallowed intent(s).")
                elif data["op"] == 2:  # IDENTIFY, as one shard of several (or the only one)
                    shard, count = data["d"].get("shard") or (0, 1)
                    await self._ready(ws, int(shard), int(count))
                elif data["op"] == 6:  # RESUME: the shard of the session resumed
                    known = self.shards.sessions.get(str(data["d"].get("session_id")))
                    await self._ready(ws, *(known or (0, 1)))
        finally:
            self.shards.gone(ws)
        return ws

    async def _dispatch(self, event: str, data: dict[str, Any], ws: web.WebSocketResponse) -> None:
        self.seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))

    async def _ready(self, ws: web.WebSocketResponse, shard: int, count: int) -> None:
        """READY and a GUILD_CREATE for each guild on the shard the connection is."""
        self.identified.clear()
        self.shards.ready(shard).clear()
        session = f"session-{snowflake()}"
        self.shards.connect(ws, shard, count, session)
        guilds = [g for g in self.guilds if shard_of(g, count) == shard]
        await self._dispatch(
            "READY",
            {
                "v": 10,
                "user": self.bot.payload(),
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "session_id": session,
                "shard": [shard, count],
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.app_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            },
            ws,
        )
        for g in guilds:
            await self._dispatch("GUILD_CREATE", self._guild_payload(g), ws)
        self.identified.set()
        self.shards.ready(shard).set()

    def _guild_payload(self, guild_id: int) -> dict[str, Any]:
        return {
            "id": str(guild_id),
            "name": self.guild_name if guild_id == self.guild_id else self.guilds[guild_id],
            "icon": None,
            "owner_id": str(snowflake()),
            "roles": [
                {
                    "id": str(guild_id),
                    "name": "@everyone",
                    "permissions": str((1 << 40) - 1),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [c for c in self.channels.values() if c["guild_id"] == str(guild_id)],
            "threads": [],
            "members": [],
            "member_count": len(self.users) + 1,
            "large": False,
            "unavailable": False,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "system_channel_flags": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "joined_at": "2026-01-01T00:00:00+00:00",
        }

    # ------------------------------------------------------------------ REST
    async def _api(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        self.requests.append((time.monotonic(), request.method, path))
        self.tokens.append(request.headers.get("Authorization", "").removeprefix("Bot "))
        payload, files = await self._read_body(request)
        await self._stall_if_asked(request.method, path, payload)
        if self.rate_limited and path.startswith("/channels/"):
            self.rate_limited -= 1
            return web.Response(
                status=429,
                body=json.dumps(
                    {"message": "You are being rate limited.", "retry_after": 0.01, "global": False}
                ).encode(),
                # Discord's own 429s come through its proxy (Via): discord.py then retries.
                headers={
                    "Content-Type": "application/json",
                    "Retry-After": "0.01",
                    "Via": "1.1 google",
                    "X-RateLimit-Scope": "user",
                },
            )
        parts = path.strip("/").split("/")
        m = request.method
        try:
            if path == "/users/@me" and m == "GET" and self.refuse_token:
                return _json({"code": 0, "message": "401: Unauthorized"}, status=401)
            if path == "/users/@me" and m == "GET":
                return _json(self.bot.payload())
            if path == "/oauth2/applications/@me":
                return _json(self._application())
            if path in ("/gateway", "/gateway/bot"):
                return _json(
                    {
                        "url": self.gateway_url,
                        "shards": self.shards.count,
                        "session_start_limit": {},
                    }
                )
            if parts[0] == "applications" and parts[-1] == "commands" and m == "PUT":
                return _json(self._put_commands(payload))
            if parts[0] == "applications" and parts[-1] == "commands" and m == "GET":
                return _json(list(self.commands.values()))
            if parts[0] == "interactions" and parts[-1] == "callback":
                return self._callback(int(parts[1]), parts[2], payload, files, request)
            if parts[0] == "webhooks":
                return self._webhook(m, parts, payload, files)
            if path == "/users/@me/channels" and m == "POST":
                return _json(self._open_dm(int(payload["recipient_id"])))
            if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
                answer = self._channel_messages(
                    m, int(parts[1]), parts[3:], payload, files, request.query
                )
                await self._stall_if_asked(request.method, path, payload, done=True)
                return answer
        except _HTTPError as err:
            return _json({"code": err.code, "message": err.message}, status=err.status)
        self.violations.append(f"unexpected request {m} {path}")
        return _json({"code": 0, "message": "not implemented in the fake"}, status=404)

    def stall(
        self,
        method: str,
        path_part: str,
        when: Callable[[dict[str, Any]], bool] | None = None,
        done: bool = False,
        release: asyncio.Event | None = None,
    ) -> asyncio.Event:
        """Hold the next matching request forever, as if the bot were killed while sending it
        (with `done`, Discord has carried it out and only its answer is lost), or until
        `release` is set: then it goes on as if it had been slow.

        Returns an event set when that request arrives: the moment to kill the bot.
        """
        reached = asyncio.Event()
        held = release or asyncio.Event()
        self.stalls.append((method, path_part, when or (lambda _: True), reached, done, held))
        return reached

    async def _stall_if_asked(
        self, method: str, path: str, payload: dict[str, Any], done: bool = False
    ) -> None:
        for m, part, when, reached, after, release in self.stalls:
            if after != done or reached.is_set():
                continue
            if m == method and part in path and when(payload):
                reached.set()
                # never answered while the fake runs, unless released
                ends = [asyncio.ensure_future(e.wait()) for e in (self._stopping, release)]
                await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
                for end in ends:
                    end.cancel()
                return

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
        files: dict[str, bytes] = {}
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    files[part.filename or part.name or ""] = bytes(await part.read())
            return payload, files
        if request.can_read_body:
            text = await request.text()
            return (json.loads(text) if text else {}), files
        return {}, files

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(self.app_id),
            "name": "Tinsel",
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self.bot.payload(),
            "team": None,
            "summary": "",
        }

    def _put_commands(self, payload: Any) -> list[dict[str, Any]]:
        out = []
        for cmd in payload:
            if len(cmd["name"]) > 32 or len(cmd.get("description", "")) > 100:
                self.violations.append(f"command {cmd['name']}: name or description too long")
            for opt in cmd.get("options", []):
                if len(opt.get("choices", [])) > 25:
                    self.violations.append(f"command {cmd['name']}: more than 25 choices")
            stored = dict(cmd, id=str(snowflake()), application_id=str(self.app_id), version="1")
            self.commands[cmd["name"]] = stored
            out.append(stored)
        self.commands_synced.set()
        return out

    def _open_dm(self, user_id: int) -> dict[str, Any]:
        if user_id not in self.users:  # someone the tests never introduced: make them up
            self.users[user_id] = User(user_id, f"user{user_id}")
        cid = self.dm_channels.get(user_id)
        if cid is None:
            cid = snowflake()
            self.dm_channels[user_id] = cid
        return {
            "id": str(cid),
            "type": 1,
            "recipients": [self.users[user_id].payload()],
            "last_message_id": None,
        }

    def dm_user(self, channel_id: int) -> int | None:
        for uid, cid in self.dm_channels.items():
            if cid == channel_id:
                return uid
        return None

    def _channel_messages(
        self,
        method: str,
        channel_id: int,
        rest: list[str],
        payload: dict[str, Any],
        files: dict[str, bytes],
        query: Mapping[str, str],
    ) -> web.Response:
        if channel_id not in self.channels and self.dm_user(channel_id) is None:
            raise _HTTPError(404, 10003, "Unknown Channel")
        if method == "POST" and not rest:
            if channel_id in self.no_send:
                raise _HTTPError(403, 50013, "Missing Permissions")
            uid = self.dm_user(channel_id)
            if uid is not None and uid in self.closed_dms:
                raise _HTTPError(403, 50007, "Cannot send messages to this user")
            self.check_message(payload, files, f"POST channel {channel_id}")
            self.check_mentions(payload, f"POST channel {channel_id}")
            nonce = str(payload.get("nonce") or "")
            if len(nonce) > 25:
                self.violations.append(f"POST channel {channel_id}: nonce over 25 characters")
            if nonce and payload.get("enforce_nonce"):
                if (sent := self.nonces.get((channel_id, nonce))) is not None:
                    return _json(self.messages[sent])  # sent already: no second message
                message = self._create(channel_id, payload, files)
                self.nonces[(channel_id, nonce)] = int(message["id"])
                return _json(message)
            return _json(self._create(channel_id, payload, files))
        if method == "GET" and not rest:  # the newest messages first, as Discord lists them
            limit = int(query.get("limit", "50"))
            newest = [
                m
                for m in reversed(self.channel_messages(channel_id))
                if not m.get("_ephemeral_for")
            ]
            return _json([_strip(m) for m in newest[:limit]])
        mid = int(rest[0])
        if mid not in self.messages or mid in self.deleted:
            raise _HTTPError(404, 10008, "Unknown Message")
        if method == "PATCH":
            self.check_message(payload, files, f"PATCH message {mid}", self.messages[mid])
            self.check_mentions(payload, f"PATCH message {mid}")
            return _json(self._edit(mid, payload, files))
        if method == "DELETE":
            self.deleted.add(mid)
            return web.Response(status=204)
        if method == "GET":
            return _json(self.messages[mid])
        raise _HTTPError(405, 0, "Method not allowed")

    # ------------------------------------------------------------------ messages
    def _create(
        self,
        channel_id: int,
        payload: dict[str, Any],
        files: dict[str, bytes],
        ephemeral_for: int | None = None,
        interaction: int | None = None,
    ) -> dict[str, Any]:
        mid = snowflake()
        message = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "author": self.bot.payload(),
            "content": payload.get("content") or "",
            "timestamp": "2026-12-24T12:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": payload.get("embeds") or [],
            "pinned": False,
            "type": 0 if interaction is None else 19,
            "flags": int(payload.get("flags") or 0) | (EPHEMERAL if ephemeral_for else 0),
            "components": payload.get("components") or [],
        }
        if channel_id in self.channels:
            message["guild_id"] = self.channels[channel_id]["guild_id"]
        self.messages[mid] = message
        self.files[mid] = {}
        self._set_attachments(mid, payload, files)
        message["_ephemeral_for"] = ephemeral_for
        message["_allowed_mentions"] = payload.get("allowed_mentions")
        self._log_public(mid)
        return message

    def _edit(self, mid: int, payload: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        message = self.messages[mid]
        for key in ("content", "components", "embeds"):
            if key in payload:
                message[key] = payload[key] or ([] if key != "content" else "")
        if "flags" in payload and payload["flags"] is not None:
            message["flags"] = int(payload["flags"]) | (message["flags"] & EPHEMERAL)
        message["edited_timestamp"] = "2026-12-24T12:00:01+00:00"
        if "attachments" in payload or files:
            self._set_attachments(mid, payload, files)
        self._log_public(mid)
        return message

    def _log_public(self, mid: int) -> None:
        m = self.messages[mid]
        if int(m["channel_id"]) in self.channels and not m.get("_ephemeral_for"):
            parts = list(walk(m["components"]))
            self.public_log.append(
                {
                    "id": mid,
                    "content": m.get("content") or "",
                    "texts": [c["content"] for c in parts if c.get("type") == 10],
                    "labels": [
                        str(t)
                        for c in parts
                        if c.get("type") in (2, 3)
                        for t in [c.get("label"), c.get("placeholder")]
                        + [
                            x
                            for o in c.get("options", [])
                            for x in (o.get("label"), o.get("description"))
                        ]
                        if t
                    ],
                    "alt": [a.get("description") or "" for a in m["attachments"]]
                    + [str(i.get("description") or "") for c in parts for i in c.get("items", [])],
                    "files": [a["filename"] for a in m["attachments"]],
                }
            )

    def _set_attachments(self, mid: int, payload: dict[str, Any], files: dict[str, bytes]) -> None:
        self.uploads.extend((mid, name) for name in files)
        keep = {
            str(a.get("id"))
            for a in payload.get("attachments", [])
            if "filename" not in a or a.get("id") is not None
        }
        old = {a["id"]: a for a in self.messages[mid]["attachments"]}
        attachments = [old[i] for i in keep if i in old]
        by_name = {a["filename"]: a for a in attachments}
        described = {
            a.get("filename"): a.get("description") for a in payload.get("attachments", [])
        }
        for name, data in files.items():
            att = {
                "id": str(snowflake()),
                "filename": name,
                "size": len(data),
                "url": f"https://cdn.fake/{mid}/{name}",
                "proxy_url": f"https://cdn.fake/{mid}/{name}",
                "content_type": "image/png"
                if name.endswith(".png")
                else "application/octet-stream",
                "description": described.get(name),
            }
            by_name[name] = att
            self.files[mid][name] = data
        self.messages[mid]["attachments"] = list(by_name.values())

    def public_message(self, mid: int) -> dict[str, Any]:
        """The message as Discord would send it inside an interaction (no fake-only keys)."""
        return {k: v for k, v in self.messages[mid].items() if not k.startswith("_")}

    # ------------------------------------------------------------------ interactions
    def _callback(
        self,
        iid: int,
        token: str,
        payload: dict[str, Any],
        files: dict[str, bytes],
        request: web.Request,
    ) -> web.Response:
        inter = self.interactions.get(iid)
        if inter is None or inter.token != token:
            raise _HTTPError(404, 10062, "Unknown interaction")
        if inter.response_type is not None:
            self.violations.append(f"interaction {iid}: answered twice")
            raise _HTTPError(400, 40060, "Interaction has already been acknowledged.")
        # Discord's 3-second answer deadline is a wall-clock rule: bench/bot_latency.py
        # measures it; tests only check that every interaction is answered, exactly once.
        kind = int(payload["type"])
        data = payload.get("data") or {}
        inter.responses.append(payload)
        inter.response_type = kind
        inter.answer_time = time.monotonic()
        resource: dict[str, Any] = {"type": kind}
        if kind == 4:  # a new message
            self.check_message(data, files, f"interaction {iid} reply")
            self.check_mentions(data, f"interaction {iid} reply")
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            message = self._create(
                inter.channel_id, data, files, inter.user.id if ephemeral else None, iid
            )
            inter.original_id = int(message["id"])
            resource["message"] = message
        elif kind == 7:  # edit the message the component was on
            if inter.message_id is None:
                self.violations.append(f"interaction {iid}: UPDATE_MESSAGE without a message")
            else:
                self.check_message(
                    data, files, f"interaction {iid} update", self.messages[inter.message_id]
                )
                self.check_mentions(data, f"interaction {iid} update")
                resource["message"] = self._edit(inter.message_id, data, files)
        elif kind == 9:
            self._check_modal(data, iid)
        elif kind not in (5, 6, 8):
            self.violations.append(f"interaction {iid}: unknown callback type {kind}")
        inter.answered.set()
        if request.query.get("with_response") in ("1", "true", "True"):
            body = {
                "interaction": {
                    "id": str(iid),
                    "type": inter.kind,
                    "response_message_id": str(inter.original_id) if inter.original_id else None,
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": False,
                },
                "resource": {k: (_strip(v) if k == "message" else v) for k, v in resource.items()},
            }
            return _json(body)
        return web.Response(status=204)

    def _webhook(
        self, method: str, parts: list[str], payload: dict[str, Any], files: dict[str, bytes]
    ) -> web.Response:
        token = parts[2]
        inter = next((i for i in self.interactions.values() if i.token == token), None)
        if inter is None:
            raise _HTTPError(404, 10015, "Unknown Webhook")
        if inter.response_type is None:
            self.violations.append(f"interaction {inter.id}: followup before any answer")
        if len(parts) == 3 and method == "POST":
            self.check_message(payload, files, f"interaction {inter.id} followup")
            self.check_mentions(payload, f"interaction {inter.id} followup")
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            message = self._create(
                inter.channel_id, payload, files, inter.user.id if ephemeral else None, inter.id
            )
            inter.followups.append(int(message["id"]))
            inter.followup_texts.append(str(payload.get("content") or ""))
            return _json(_strip(message))
        target = parts[4] if len(parts) >= 5 else ""
        mid = (
            inter.original_id
            if target == "@original"
            else (int(target) if target.isdigit() else None)
        )
        if mid is None and target == "@original" and inter.response_type in (6, 7):
            mid = inter.message_id
        if mid is None or mid not in self.messages:
            raise _HTTPError(404, 10008, "Unknown Message")
        if method == "PATCH":
            self.check_message(payload, files, f"interaction {inter.id} edit", self.messages[mid])
            self.check_mentions(payload, f"interaction {inter.id} edit")
            return _json(_strip(self._edit(mid, payload, files)))
        if method == "GET":
            return _json(_strip(self.messages[mid]))
        if method == "DELETE":
            self.deleted.add(mid)
            return web.Response(status=204)
        raise _HTTPError(405, 0, "Method not allowed")

    def _member(self, user: User) -> dict[str, Any]:
        return {
            "user": user.payload(),
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "permissions": str(user.__dict__.get("perms", (1 << 10) | (1 << 11) | (1 << 31))),
        }

    async def interact(
        self,
        user: User,
        kind: int,
        data: dict[str, Any],
        channel_id: int | None = None,
        message_id: int | None = None,
    ) -> Interaction:
        """Send an INTERACTION_CREATE as the user's client would, and return its record."""
        channel_id = channel_id or (
            int(self.messages[message_id]["channel_id"]) if message_id else self.general
        )
        iid = snowflake()
        inter = Interaction(
            iid, f"token-{iid}", kind, user, channel_id, time.monotonic(), message_id, data
        )
        self.interactions[iid] = inter
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.app_id),
            "type": kind,
            "token": inter.token,
            "version": 1,
            "data": data,
            "locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {},
            "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": str((1 << 40) - 1),
        }
        guild_id = self.guild_of(channel_id)
        if guild_id is not None:
            payload["guild_id"] = str(guild_id)
            payload["guild_locale"] = "en-US"
            payload["channel"] = self.channels[channel_id]
            payload["channel_id"] = str(channel_id)
            payload["member"] = self._member(user)
            payload["context"] = 0
        else:
            payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": [user.payload()]}
            payload["channel_id"] = str(channel_id)
            payload["user"] = user.payload()
            payload["context"] = 1
        if message_id is not None:
            payload["message"] = self.public_message(message_id)
        # A guild's interactions come on its shard's connection, a DM's on shard 0.
        await self._dispatch("INTERACTION_CREATE", payload, self.shards.socket_for(guild_id))
        return inter

    # ------------------------------------------------------------------ Discord's limits
    def check_message(
        self,
        payload: dict[str, Any],
        files: dict[str, bytes],
        where: str,
        existing: dict[str, Any] | None = None,
    ) -> None:
        def bad(msg: str) -> None:
            self.violations.append(f"{where}: {msg}")

        flags = int(payload.get("flags") or (existing or {}).get("flags") or 0)
        components = payload.get("components")
        if components is None and existing is not None:
            components = existing.get("components", [])
        components = components or []
        content = payload.get("content") or ""
        if len(content) > 2000:
            bad(f"content is {len(content)} characters (max 2000)")
        if flags & IS_COMPONENTS_V2:
            if content:
                bad("Components V2 messages cannot have content")
            if payload.get("embeds"):
                bad("Components V2 messages cannot have embeds")
            total = sum(1 for _ in walk(components))
            if total > 40:
                bad(f"{total} components (max 40)")
            text = sum(len(c.get("content", "")) for c in walk(components) if c.get("type") == 10)
            if text > 4000:
                bad(f"{text} characters of text displays (max 4000)")
        else:
            if len(components) > 5:
                bad(f"{len(components)} action rows (max 5)")
            for c in components:
                if c.get("type") != 1:
                    bad(
                        f"top-level component of type {c.get('type')}"
                        " without the Components V2 flag"
                    )
        names = set(files)
        for a in payload.get("attachments", []) or []:
            if a.get("filename"):
                names.add(a["filename"])
            if a.get("description") and len(a["description"]) > 1024:
                bad("attachment description over 1024 characters")
        if existing is not None and "attachments" not in payload:
            names |= {a["filename"] for a in existing.get("attachments", [])}
        if len(files) > 10:
            bad(f"{len(files)} files (max 10)")
        for name, data in files.items():
            if len(data) > 10 * 1024 * 1024:
                bad(f"file {name} is {len(data)} bytes")
            if name.endswith(".png") and not data.startswith(b"\x89PNG\r\n\x1a\n"):
                bad(f"file {name} is not a PNG")
        ids: list[str] = []
        for c in walk(components):
            self._check_component(c, bad, names)
            if "custom_id" in c:
                ids.append(c["custom_id"])
        if len(ids) != len(set(ids)):
            bad(f"duplicate custom_ids {sorted(ids)}")

    def check_mentions(self, payload: dict[str, Any], where: str) -> None:
        """Tinsel's own rule, stricter than Discord's: every message says whom it may ping,
        and that is never @everyone, a role, or "any user it mentions" — only listed users."""
        allowed = payload.get("allowed_mentions")
        if not isinstance(allowed, dict):
            self.violations.append(f"{where}: no allowed_mentions")
            return
        if allowed.get("parse"):
            self.violations.append(f"{where}: allowed_mentions parses {allowed['parse']}")
        if allowed.get("roles"):
            self.violations.append(f"{where}: allowed_mentions lets roles be pinged")
        pinged = {str(u) for u in allowed.get("users") or []}
        if pinged - {str(u) for u in self.users}:
            self.violations.append(f"{where}: allowed_mentions pings unknown users {pinged}")

    def _check_component(
        self, c: dict[str, Any], bad: Callable[[str], None], files: set[str]
    ) -> None:
        t = c.get("type")
        cid = c.get("custom_id")
        if cid is not None and not 1 <= len(cid) <= 100:
            bad(f"custom_id of {len(cid)} characters")
        if t == 1:
            kids = c.get("components", [])
            selects = [k for k in kids if k.get("type") in (3, 5, 6, 7, 8)]
            if not kids:
                bad("empty action row")
            if selects and len(kids) != 1:
                bad("a select menu must be alone in its action row")
            if len(kids) > 5:
                bad(f"{len(kids)} buttons in one row (max 5)")
        elif t == 2:
            if len(c.get("label") or "") > 80:
                bad(f"button label over 80 characters: {c.get('label')!r}")
            if c.get("style") != 5 and not cid:
                bad("button without custom_id")
            if not c.get("label") and not c.get("emoji"):
                bad("button without label or emoji")
        elif t == 3:
            options = c.get("options", [])
            if not 1 <= len(options) <= 25:
                bad(f"select with {len(options)} options (1–25)")
            if len(c.get("placeholder") or "") > 150:
                bad("select placeholder over 150 characters")
            values = [o.get("value") for o in options]
            if len(values) != len(set(values)):
                bad("duplicate select values")
            low, high = c.get("min_values", 1), c.get("max_values", 1)
            if not (0 <= low <= high and 1 <= high <= min(25, len(options))):
                bad(f"select picks {low}–{high} of {len(options)} options")
            for o in options:
                if not 1 <= len(o.get("label") or "") <= 100:
                    bad(f"select option label {o.get('label')!r}")
                if not 1 <= len(o.get("value") or "") <= 100:
                    bad(f"select option value {o.get('value')!r}")
                if len(o.get("description") or "") > 100:
                    bad("select option description over 100 characters")
        elif t == 10:
            if not c.get("content"):
                bad("empty text display")
        elif t == 12:
            items = c.get("items", [])
            if not 1 <= len(items) <= 10:
                bad(f"media gallery with {len(items)} items")
            for item in items:
                url = (item.get("media") or {}).get("url", "")
                if (
                    url.startswith("attachment://")
                    and url.removeprefix("attachment://") not in files
                ):
                    bad(f"media gallery refers to missing attachment {url}")
                if len(item.get("description") or "") > 1024:
                    bad("media description over 1024 characters")
        elif t == 17 and not c.get("components"):
            bad("empty container")

    def _check_modal(self, data: dict[str, Any], iid: int) -> None:
        if not 1 <= len(data.get("title", "")) <= 45:
            self.violations.append(f"interaction {iid}: modal title of 1–45 characters")
        if not 1 <= len(str(data.get("custom_id", ""))) <= 100:
            self.violations.append(f"interaction {iid}: modal custom_id of 1–100 characters")
        if not 1 <= len(data.get("components", [])) <= 5:
            self.violations.append(
                f"interaction {iid}: modal with {len(data.get('components', []))} rows"
            )
        self.modals.append(data)
        for row in data.get("components", []):
            # An action row of text inputs, or a label (type 18) holding one with its own label.
            label = row.get("label")
            if len(row.get("description") or "") > 100:
                self.violations.append(f"interaction {iid}: label description over 100")
            for c in row.get("components", [row.get("component", {})]):
                self._check_text_input(c, label, iid)

    def _check_text_input(self, c: dict[str, Any], label: str | None, iid: int) -> None:
        def bad(msg: str) -> None:
            self.violations.append(f"interaction {iid}: text input {msg}")

        if c.get("type") != 4:
            bad(f"of type {c.get('type')}")
            return
        if not 1 <= len(str(c.get("custom_id", ""))) <= 100:
            bad("custom_id of 1–100 characters")
        shown = label if label is not None else c.get("label", "")
        if not 1 <= len(shown or "") <= 45:
            bad(f"label {shown!r} not 1–45 characters")
        low, high = c.get("min_length", 0), c.get("max_length", 4000)
        if not 0 <= low <= 4000 or not 1 <= high <= 4000 or low > high:
            bad(f"length bounds {low}–{high}")

    # ------------------------------------------------------------------ reading what the bot sent
    def channel_messages(
        self, channel_id: int, include_deleted: bool = False
    ) -> list[dict[str, Any]]:
        out = [
            m
            for mid, m in self.messages.items()
            if int(m["channel_id"]) == channel_id and (include_deleted or mid not in self.deleted)
        ]
        return sorted(out, key=lambda m: int(m["id"]))

    def visible_to_all(self) -> Iterator[dict[str, Any]]:
        """Every non-ephemeral message ever sent to a guild channel, deleted ones included."""
        for m in self.messages.values():
            if int(m["channel_id"]) in self.channels and not m.get("_ephemeral_for"):
                yield m


class _HTTPError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _json(data: Any, status: int = 200) -> web.Response:
    body = json.dumps(_strip(data) if isinstance(data, dict) else data).encode()
    # discord.py only parses JSON when the Content-Type is exactly this (no charset).
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def _strip(message: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if not k.startswith("_")}


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for c in components:
        yield c
        yield from walk(c.get("components", []) or [])
        if isinstance(c.get("component"), dict):
            yield from walk([c["component"]])
        if isinstance(c.get("accessory"), dict):
            yield from walk([c["accessory"]])


def texts(components: list[dict[str, Any]]) -> Iterator[str]:
    """All the words a message's components show: text, labels, options, alt text."""
    for c in walk(components):
        for key in ("content", "label", "placeholder"):
            if c.get(key):
                yield str(c[key])
        for o in c.get("options", []) or []:
            yield str(o.get("label", ""))
            yield str(o.get("description") or "")
        for item in c.get("items", []) or []:
            yield str(item.get("description") or "")
