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
        return cls(
            token=token,
            database=database(merged),
            dev_guild=int(guild) if guild else None,
            log_level=merged.get("TINSEL_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            bot_delay=max(0.0, delay),
            api_base=merged.get("TINSEL_API_BASE", "").strip() or None,
            gateway_url=merged.get("TINSEL_GATEWAY_URL", "").strip() or None,
        )
