"""Settings from the environment and an optional `.env` file (the environment wins)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to set."""


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments ignored; optional quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key] = value
    return values


def environment(
    env_file: Path = Path(".env"), environ: dict[str, str] | None = None
) -> dict[str, str]:
    """The settings' sources merged: `.env`, then the environment, which wins."""
    merged = read_env_file(env_file)
    merged.update(os.environ if environ is None else environ)
    return merged


def database(merged: dict[str, str]) -> str:
    """Where the games are stored (`TINSEL_DB`, default `tinsel.db`)."""
    return merged.get("TINSEL_DB", "tinsel.db").strip() or "tinsel.db"


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database: str = "tinsel.db"
    dev_guild: int | None = None
    log_level: str = "INFO"
    bot_delay: float = 1.5  # seconds a computer "thinks" before it moves
    api_base: str | None = None  # e.g. a local fake Discord; None for discord.com
    gateway_url: str | None = None
    #: How long a press's answer waits for its picture before it acknowledges the press and
    #: edits the message when the picture is ready (tests make it long: one answer each).
    quick_answer: float = 0.04
    #: The least time between two edits of a running game's table message: moves made
    #: meanwhile are shown together by one edit (Discord limits edits per channel, and a
    #: spectator loses nothing by seeing two quick moves at once). Tests make it 0.
    table_gap: float = 1.0
    #: Sharding (see `bot.shards`): how many shards the bot has in all (None: as Discord
    #: recommends), and the ones this process runs (None: all of them).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @classmethod
    def load(cls, env_file: Path = Path(".env"), environ: dict[str, str] | None = None) -> Settings:
        merged = environment(env_file, environ)
        token = merged.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env"
                " (see .env.example) or in the environment."
            )
        guild = merged.get("TINSEL_DEV_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError("TINSEL_DEV_GUILD must be a server (guild) id: digits only.")
        try:
            delay = float(merged.get("TINSEL_BOT_DELAY", "1.5"))
        except ValueError as exc:
            raise ConfigError("TINSEL_BOT_DELAY must be a number of seconds.") from exc
        shard_count, shard_ids = shards(merged)
        return cls(
            token=token,
            database=database(merged),
            dev_guild=int(guild) if guild else None,
            log_level=merged.get("TINSEL_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            bot_delay=max(0.0, delay),
            api_base=merged.get("TINSEL_API_BASE", "").strip() or None,
            gateway_url=merged.get("TINSEL_GATEWAY_URL", "").strip() or None,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )


def shards(merged: dict[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """`TINSEL_SHARD_COUNT` and `TINSEL_SHARD_IDS` (comma-separated, each below the count)."""
    count_text = merged.get("TINSEL_SHARD_COUNT", "").strip()
    ids_text = merged.get("TINSEL_SHARD_IDS", "").strip()
    count = None
    if count_text:
        if not count_text.isdigit() or int(count_text) < 1:
            raise ConfigError("TINSEL_SHARD_COUNT must be a whole number of shards, 1 or more.")
        count = int(count_text)
    if not ids_text:
        return count, None
    parts = [p.strip() for p in ids_text.split(",")]
    if count is None or not all(p.isdigit() and int(p) < count for p in parts):
        raise ConfigError(
            "TINSEL_SHARD_IDS must be shard numbers below TINSEL_SHARD_COUNT, separated by"
            " commas (like 0,1)."
        )
    return count, tuple(sorted({int(p) for p in parts}))
